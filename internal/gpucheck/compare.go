package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/internal/kernels"
)

// A Finding is one comparison that did not hold.
type Finding struct {
	Config, Kernel, What, Detail string
}

// A Report is what Compare found.
type Report struct {
	// Compared and Equal count comparisons by kind: "gpu(nvcc) = run(nvcc)"
	// (the executor against the hardware), "gpu(cc) = gpu(nvcc)" (the
	// compiler against nvcc on the hardware), "gpu(cc) = run(cc)".
	Compared, Equal map[string]int
	Findings        []Finding
	// Apart are differences that are not the executor's or the
	// compiler's to answer for, each with its reason (Apart's doc):
	// reported, not counted as comparisons or findings.
	Apart    []Finding
	LoadOnly []string // "CONFIG PRODUCER: outcome" of the LoadOnly modules
	Ratios   []float64
	Times    []TimePair
}

// A TimePair is one kernel's median GPU time, ours and nvcc's.
type TimePair struct {
	Kernel    string
	CC, NVCC  float64 // microseconds
	Ratio     float64 // CC/NVCC
	Different bool    // results of the two differed (contraction)
}

// Comparison kinds, in report order.
const (
	ExecVsGPU = "gpu(nvcc) = run(nvcc)"
	CCvsNVCC  = "gpu(cc) = gpu(nvcc)"
	CCvsExec  = "gpu(cc) = run(cc)"
	Linked    = "gpu(link) = run(link)"
)

// Compare runs the executor (the ptxabi binary bin) on every launched run
// of the bundle in dir and compares with the GPU's outcomes from results.
func Compare(bin, dir string, runs []*Run, results map[string]*Outcome) *Report {
	rep := &Report{Compared: map[string]int{}, Equal: map[string]int{}}
	type key struct{ config, kernel string }
	byKey := map[key]map[string]*Run{}
	var keys []key
	for _, r := range runs {
		if r.LoadOnly {
			o := results[r.ID]
			s := "no result"
			if o != nil {
				s = strings.TrimSpace(o.Status + " " + o.Msg)
			}
			rep.LoadOnly = append(rep.LoadOnly, fmt.Sprintf("%s %s %s: %s", r.Config, r.Kernel.Name, r.Producer, s))
			continue
		}
		k := key{r.Config, r.Kernel.Name}
		if byKey[k] == nil {
			byKey[k] = map[string]*Run{}
			keys = append(keys, k)
		}
		byKey[k][r.Producer] = r
	}
	// The executor's results, two at a time.
	exec := map[string]*kernels.Result{}
	execErr := map[string]error{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, r := range runs {
		if r.LoadOnly || r.Reps > 0 || isTimeConfig(r.Config) {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			var specs []string
			for _, s := range r.Specs {
				if p, ok := strings.CutPrefix(s, "file:"); ok {
					s = "file:" + filepath.Join(dir, filepath.FromSlash(p))
				}
				specs = append(specs, s)
			}
			var ptx []string
			for _, p := range strings.Split(r.PTX, ",") {
				ptx = append(ptx, filepath.Join(dir, p))
			}
			res, err := r.Kernel.RunFiles(bin, specs, ptx, filepath.Join(dir, "exec", r.ID), "-local-fill", "0xa5")
			mu.Lock()
			exec[r.ID], execErr[r.ID] = res, err
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, r := range runs {
		if r.Producer == "link" {
			rep.add(Linked, r.Config, r.Kernel.Name, compareExec(r.Kernel, results[r.ID], exec[r.ID], execErr[r.ID]))
		}
	}
	for _, k := range keys {
		pr := byKey[k]
		nv, ours := pr["nvcc"], pr["cc"]
		if nv == nil || ours == nil {
			continue
		}
		gn, gc := results[nv.ID], results[ours.ID]
		add := func(what, detail string) { rep.add(what, k.config, k.kernel, detail) }
		kern := nv.Kernel
		if isTimeConfig(k.config) {
			if gn == nil || gc == nil || gn.Status != "ok" || gc.Status != "ok" || gn.Micros == 0 || gc.Micros == 0 {
				continue
			}
			tp := TimePair{Kernel: k.kernel, CC: gc.Micros, NVCC: gn.Micros, Ratio: gc.Micros / gn.Micros}
			tp.Different = diff(kern, gn, gc) != ""
			rep.Times = append(rep.Times, tp)
			rep.Ratios = append(rep.Ratios, tp.Ratio)
			continue
		}
		nvPTX, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(nv.PTX)))
		for _, c := range []struct {
			what, detail string
		}{
			{ExecVsGPU, compareExec(kern, gn, exec[nv.ID], execErr[nv.ID])},
			{CCvsNVCC, diff(kern, gn, gc)},
			{CCvsExec, compareExec(kern, gc, exec[ours.ID], execErr[ours.ID])},
		} {
			if why := Apart(kern, c.what, string(nvPTX)); why != "" {
				if c.detail != "" {
					rep.Apart = append(rep.Apart, Finding{k.config, k.kernel, c.what, why + ": " + c.detail})
				}
				continue
			}
			add(c.what, c.detail)
		}
	}
	return rep
}

// contractableHalf matches an add, sub or mul on .f16 or .bf16 (or their
// pairs) without a rounding modifier, which ptxas may fuse with another
// into an fma (the PTX ISA: "mul/add sequences with no rounding modifiers
// may be optimized to use fused-multiply-add instructions"). CUDA 11.8's
// cuda_fp16.hpp and cuda_bf16.hpp write their arithmetic so (on sm_53 and
// sm_90), whatever -fmad says.
var contractableHalf = regexp.MustCompile(`\b(add|sub|mul)(\.ftz|\.sat)*\.b?f16(x2)?\b`)

// Apart returns why a difference in the comparison what of kernel kern is
// not counted, or "" when it is; nvPTX is nvcc's PTX for the run:
//   - the kernel is tagged approx: .approx instructions, which the
//     executor computes within the PTX ISA's bounds, not bit for bit as a
//     GPU does (not for CCvsNVCC: both compilers write the same .approx
//     instructions);
//   - nvcc's PTX has half-precision arithmetic that ptxas may contract
//     (contractableHalf): the hardware's results on it are ptxas's choice,
//     which neither the executor nor our PTX (written with .rn, as -fmad=false
//     asks) reproduces;
//   - the kernel is tagged jit-redux and nvcc's PTX has redux.sync: the
//     driver's compiler (CUDA 13.0, H200) reduced cg_partitions.cu's
//     partitions of a coalesced group over all the lanes that executed the
//     redux.sync together, though their member masks differ, where the
//     PTX ISA, the executor and our PTX (shuffles) reduce each partition;
//     single redux.sync instructions with masks that differ between
//     lanes (halves, parity, groups of 8, a ballot, a subset) give each
//     group its own result on the GPU (device/redux_probe.cu, which
//     run.sh runs), so this is ptxas's code for that program, not the
//     instruction.
func Apart(kern *kernels.Kernel, what, nvPTX string) string {
	switch {
	case kern.Approx() && what != CCvsNVCC:
		return ".approx results"
	case what == CCvsExec:
		return ""
	case contractableHalf.MatchString(nvPTX):
		return "nvcc's PTX has .f16/.bf16 add, sub or mul without a rounding modifier, which ptxas may contract"
	case slices.Contains(kern.Tags, "jit-redux") && strings.Contains(nvPTX, "redux.sync"):
		return "the driver's compiler reduces redux.sync over lanes with different member masks together"
	}
	return ""
}

// add counts one comparison, a finding when detail is not "".
func (r *Report) add(what, config, kernel, detail string) {
	r.Compared[what]++
	if detail == "" {
		r.Equal[what]++
		return
	}
	r.Findings = append(r.Findings, Finding{config, kernel, what, detail})
}

func isTimeConfig(name string) bool {
	for _, c := range Configs {
		if c.Name == name {
			return c.Time
		}
	}
	return false
}

// toResult is a GPU outcome in the executor's terms.
func toResult(o *Outcome) *kernels.Result {
	return &kernels.Result{Buffers: o.Bufs, Stdout: o.Stdout, Stderr: o.Stderr, Failed: o.Status == "fail"}
}

// diff compares two GPU outcomes; "" when they agree.
func diff(k *kernels.Kernel, want, got *Outcome) string {
	switch {
	case want == nil || got == nil:
		return "no result from the GPU"
	case want.Status != got.Status:
		return fmt.Sprintf("%s (%s), nvcc's %s (%s)", got.Status, got.Msg, want.Status, want.Msg)
	case want.Status != "ok":
		return ""
	}
	return k.Diff(toResult(want), toResult(got))
}

// compareExec compares the GPU's outcome with the executor's result on
// the same PTX.
func compareExec(k *kernels.Kernel, g *Outcome, e *kernels.Result, err error) string {
	switch {
	case g == nil:
		return "no result from the GPU"
	case err != nil:
		return "executor: " + err.Error()
	case g.Status != "ok" && g.Status != "fail": // loadfail, launchfail, crash
		return "GPU: " + g.Status + " " + g.Msg
	case (g.Status == "fail") != e.Failed:
		return fmt.Sprintf("GPU failed=%v (%s), executor failed=%v (%s)", g.Status == "fail", g.Msg, e.Failed,
			strings.TrimSpace(string(e.Stderr)))
	case e.Failed:
		// Both failed. A failed assert's message is the driver's, and
		// must be the executor's too; other faults (a trap, say) are
		// reported by the driver as an error code only.
		if strings.Contains(k.Fails, "Assertion") && !bytes.Contains(g.Stdout, []byte(k.Fails)) &&
			!bytes.Contains(g.Stderr, []byte(k.Fails)) {
			return fmt.Sprintf("GPU's output lacks %q", k.Fails)
		}
		return ""
	}
	return k.Diff(e, toResult(g))
}

// Write prints the report.
func (r *Report) Write(w io.Writer) {
	for _, what := range []string{ExecVsGPU, CCvsNVCC, CCvsExec, Linked} {
		fmt.Fprintf(w, "%-24s %4d of %4d equal\n", what, r.Equal[what], r.Compared[what])
	}
	sort.Slice(r.Findings, func(i, j int) bool {
		a, b := r.Findings[i], r.Findings[j]
		if a.What != b.What {
			return a.What < b.What
		}
		if a.Kernel != b.Kernel {
			return a.Kernel < b.Kernel
		}
		return a.Config < b.Config
	})
	for _, f := range r.Findings {
		d := f.Detail
		if len(d) > 600 {
			d = d[:600] + " …"
		}
		fmt.Fprintf(w, "DIFF %s %s [%s]: %s\n", f.Config, f.Kernel, f.What, strings.ReplaceAll(d, "\n", "\n    "))
	}
	for _, f := range r.Apart {
		d, _, _ := strings.Cut(f.Detail, "\n")
		fmt.Fprintf(w, "apart %s %s [%s] (not counted) %s\n", f.Config, f.Kernel, f.What, d)
	}
	for _, l := range r.LoadOnly {
		fmt.Fprintf(w, "load-only %s\n", l)
	}
	if len(r.Times) > 0 {
		sort.Slice(r.Times, func(i, j int) bool { return r.Times[i].Ratio > r.Times[j].Ratio })
		var cc, nv []float64
		over, under := 0, 0
		for _, t := range r.Times {
			cc = append(cc, t.CC)
			nv = append(nv, t.NVCC)
			if t.Ratio > 1.05 {
				over++
			}
			if t.Ratio < 0.95 {
				under++
			}
		}
		logSum := 0.0
		for _, x := range r.Ratios {
			logSum += math.Log(x)
		}
		fmt.Fprintf(w, "kernel time on the GPU, ptxabi cc / nvcc: median %.3f, geometric mean %.3f over %d kernels (%d above 1.05, %d below 0.95); median time ours %.2f µs, nvcc's %.2f µs\n",
			median(r.Ratios), math.Exp(logSum/float64(len(r.Ratios))), len(r.Ratios), over, under, median(cc), median(nv))
		for i, t := range r.Times {
			if i >= 12 {
				break
			}
			mark := ""
			if t.Different {
				mark = " (results differ: contraction)"
			}
			fmt.Fprintf(w, "  %-28s %8.2f µs vs %8.2f µs  %.3f%s\n", t.Kernel, t.CC, t.NVCC, t.Ratio, mark)
		}
	}
}
