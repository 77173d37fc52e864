package cc

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/internal/randc"
)

// TestReduceRandom is the reducer for TestRandomPrograms' failures, run by
// hand: PTXABI_RANDC_REDUCE=FILE.cu (a program the test wrote) and
// PTXABI_RANDC_CONFIG=m64-O3 (the configuration that differs) remove
// lines (delta debugging, the variants of a round compiled by one nvcc
// call) while ptxabi cc still computes something else than nvcc and nvcc
// -O3 and nvcc -G agree (a guard against a reduction introducing
// undefined behaviour); the result goes to FILE.reduced.cu. Review it by
// hand: the guard catches most, not all, undefined behaviour.
func TestReduceRandom(t *testing.T) {
	file := os.Getenv("PTXABI_RANDC_REDUCE")
	if file == "" {
		t.Skip("PTXABI_RANDC_REDUCE not set: the reducer runs by hand")
	}
	oracle.Need(t, oracle.NVCC)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cname := os.Getenv("PTXABI_RANDC_CONFIG")
	var rc *randConfig
	for i := range randConfigs {
		if randConfigs[i].name == cname {
			rc = &randConfigs[i]
		}
	}
	if rc == nil {
		t.Fatalf("PTXABI_RANDC_CONFIG %q: want one of m64-O0 m64-O3 m32-O0 m32-O3", cname)
	}
	body := strings.TrimPrefix(string(src), randc.Prelude)
	m := regexp.MustCompile(`extern "C" __global__ void (\w+)\(`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no kernel in the file")
	}
	name := m[1]
	in := randInput(1)
	dir := t.TempDir()
	as := rc.cfg.Target.AddressSize
	mflag := oracle.MArg(as)

	// interesting reports, for each variant body (named name), whether it
	// still shows the difference.
	var interesting func(bodies []string) []bool
	interesting = func(bodies []string) []bool {
		ok := make([]bool, len(bodies))
		var batch strings.Builder
		batch.WriteString(randc.Prelude)
		var names []string
		var kept []int
		for i, b := range bodies {
			vn := fmt.Sprintf("v%d_%s", i, name)
			vb := strings.ReplaceAll(b, name, vn)
			cfg := rc.cfg
			if _, err := Compile(&cfg, "v.cu", []byte(randc.Prelude+vb)); err != nil {
				continue
			}
			batch.WriteString(vb)
			names = append(names, vn)
			kept = append(kept, i)
		}
		if len(kept) == 0 {
			return ok
		}
		p1, err1 := nvccBatch(dir, batch.String(), []string{mflag})
		p2, err2 := nvccBatch(dir, batch.String(), []string{mflag, "-G"})
		if err1 != nil || err2 != nil {
			if len(bodies) == 1 {
				return ok
			}
			h := len(bodies) / 2
			return append(interesting(bodies[:h]), interesting(bodies[h:])...)
		}
		m1, err1 := loadPTX("a.ptx", p1)
		m2, err2 := loadPTX("b.ptx", p2)
		if err1 != nil || err2 != nil {
			return ok
		}
		for j, vn := range names {
			i := kept[j]
			w, err := launchRand(m1, vn, in)
			if err != nil || w.fault != "" {
				continue
			}
			if g, err := launchRand(m2, vn, in); err != nil || diffRand(w, g) != "" {
				continue
			}
			cfg := rc.cfg
			vb := strings.ReplaceAll(bodies[i], name, vn)
			out, err := Compile(&cfg, "v.cu", []byte(randc.Prelude+vb))
			if err != nil {
				continue
			}
			mm, err := loadPTX("c.ptx", out)
			if err != nil {
				continue
			}
			g, err := launchRand(mm, vn, in)
			if err == nil && diffRand(w, g) != "" {
				ok[i] = true
			}
		}
		return ok
	}
	lines := strings.SplitAfter(body, "\n")
	if !interesting([]string{body})[0] {
		t.Fatal("the program does not differ (or nvcc -G disagrees with nvcc)")
	}
	for chunk := len(lines) / 2; chunk >= 1; {
		var variants []string
		var starts []int
		for s := 0; s < len(lines); s += chunk {
			e := min(s+chunk, len(lines))
			variants = append(variants, strings.Join(lines[:s], "")+strings.Join(lines[e:], ""))
			starts = append(starts, s)
		}
		res := interesting(variants)
		removed := false
		for i := len(res) - 1; i >= 0; i-- { // from the end: indices stay valid
			if !res[i] {
				continue
			}
			cand := append(append([]string{}, lines[:starts[i]]...), lines[min(starts[i]+chunk, len(lines)):]...)
			// several removals together must still be interesting
			if !removed || interesting([]string{strings.Join(cand, "")})[0] {
				lines = cand
				removed = true
			}
		}
		t.Logf("chunk %d: %d lines", chunk, len(lines))
		if !removed {
			chunk /= 2
		}
	}
	out := strings.TrimSuffix(file, ".cu") + ".reduced.cu"
	if err := os.WriteFile(out, []byte(randc.Prelude+strings.Join(lines, "")), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Logf("reduced to %d lines: %s", len(lines), out)
}
