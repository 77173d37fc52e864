package cc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/internal/randc"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/emu"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/target"
)

// The random differential test of issue 15 (ARCHITECTURE practice 20):
// programs from internal/randc, all in one .cu file, compiled by nvcc
// (-fmad=false, -m64 and -m32, one call each) and each alone by ptxabi cc
// (-O0 and -O3 for both address sizes), run by ptx/emu on the same input;
// the per-thread checksums and the printf output must be equal.
//
// PTXABI_SEED picks the batch (default 1), PTXABI_COUNT its size (default
// 40 programs; -short: 8). A program that differs is written to the
// temporary directory and named in the failure, for reduction.

// randFeatures are the constructs the generated programs use. Those the
// compiler gets wrong today are switched off here, each with the reason
// and a reproducer; PTXABI_RANDC_ALL=1 switches everything on (and then
// the test fails on them).
var randFeatures = func() randc.Features {
	f := randc.AllFeatures // none is switched off today
	return f
}()

type randConfig struct {
	name string
	cfg  Config
}

var randConfigs = []randConfig{
	{"m64-O0", Config{Target: target.Default, Opt: 0}},
	{"m64-O3", Config{Target: target.Default, Opt: 3}},
	{"m32-O0", Config{Target: target.Target{AddressSize: 32, SM: 52, PTX: target.Default.PTX}, Opt: 0}},
	{"m32-O3", Config{Target: target.Target{AddressSize: 32, SM: 52, PTX: target.Default.PTX}, Opt: 3}},
}

func randEnv(t *testing.T, name string, def uint64) uint64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// randInput is the input buffer of every program of the batch: random
// words with the edge values among them.
func randInput(seed uint64) []byte {
	b := make([]byte, 4*randc.In)
	s := seed
	edges := []uint32{0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 0xffff, 0x8000, 0xff, 0x80}
	for i := 0; i < randc.In; i++ {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
		v := uint32(z)
		if z>>32%4 == 0 {
			v = edges[int(z>>40)%len(edges)]
		}
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

// randOutcome is one launch: the output buffer and what was printed, or
// the fault.
type randOutcome struct {
	out    []byte
	stdout []byte
	fault  string
}

// launchRand runs kernel name of the loaded machine on in.
func launchRand(m *emu.Machine, name string, in []byte) (*randOutcome, error) {
	ptr := m.AddressSize() / 8
	inAddr, err := m.Alloc(len(in))
	if err == nil {
		err = m.Write(inAddr, in)
	}
	if err != nil {
		return nil, err
	}
	outAddr, err := m.Alloc(8 * randc.Out)
	if err != nil {
		return nil, err
	}
	arg := func(a uint64) []byte {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint64(b, a)
		return b[:ptr]
	}
	res, err := m.Launch(emu.Launch{Kernel: name, Grid: [3]int{randc.Grid, 1, 1}, Block: [3]int{randc.Block, 1, 1}, Args: [][]byte{arg(inAddr), arg(outAddr)}})
	o := &randOutcome{}
	if res != nil {
		o.stdout = res.Output
	}
	if err != nil {
		var f *emu.Fault
		if !errors.As(err, &f) {
			return nil, err
		}
		o.fault = f.Msg
		return o, nil
	}
	o.out, err = m.Read(outAddr, 8*randc.Out)
	return o, err
}

func loadPTX(name string, src []byte) (*emu.Machine, error) {
	fset := token.NewFileSet()
	mod, err := parser.ParseFile(fset, name, src)
	if err != nil {
		return nil, err
	}
	return emu.Load(fset, []*ast.Module{mod}, emu.Options{StepLimit: 20_000_000})
}

// diffRand describes how got differs from want, or is "".
func diffRand(want, got *randOutcome) string {
	var d []string
	if want.fault != got.fault {
		d = append(d, fmt.Sprintf("fault %q, nvcc's %q", got.fault, want.fault))
	}
	if !bytes.Equal(want.out, got.out) {
		for i := 0; i+8 <= len(want.out) && i+8 <= len(got.out); i += 8 {
			if !bytes.Equal(want.out[i:i+8], got.out[i:i+8]) {
				d = append(d, fmt.Sprintf("thread %d: checksum %#x, nvcc's %#x", i/8,
					binary.LittleEndian.Uint64(got.out[i:]), binary.LittleEndian.Uint64(want.out[i:])))
				break
			}
		}
	}
	if !bytes.Equal(want.stdout, got.stdout) {
		d = append(d, fmt.Sprintf("printed %q, nvcc's program %q", got.stdout, want.stdout))
	}
	return strings.Join(d, "; ")
}

// nvccBatch compiles the batch with nvcc for one address size (cached by
// source, flags and nvcc binary, like the corpus test).
func nvccBatch(dir, src string, flags []string) ([]byte, error) {
	all := append([]string{"-ptx", "-fmad=false", "-arch=sm_52"}, flags...)
	key := oracle.CacheKey(oracle.ToolID(oracle.NVCC), strings.Join(all, " "), src)
	if b, ok := ccCached(key); ok {
		return b, nil
	}
	cu := filepath.Join(dir, "batch"+strings.Join(flags, "")+".cu")
	ptx := strings.TrimSuffix(cu, ".cu") + ".ptx"
	if err := os.WriteFile(cu, []byte(src), 0o666); err != nil {
		return nil, err
	}
	if _, err := oracle.Run(dir, oracle.NVCC, append(all, "-o", ptx, cu)...); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(ptx)
	if err != nil {
		return nil, err
	}
	if ccCache != "" {
		oracle.WriteCache(ccCache, key, b) // a failure only costs time
	}
	return b, nil
}

func TestRandomPrograms(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	seed := randEnv(t, "PTXABI_SEED", 1)
	def := uint64(40)
	if testing.Short() {
		def = 8
	}
	count := int(randEnv(t, "PTXABI_COUNT", def))
	feats := randFeatures
	if os.Getenv("PTXABI_RANDC_ALL") == "1" {
		feats = randc.AllFeatures
	}
	progs := make([]*randc.Program, count)
	var batch strings.Builder
	batch.WriteString(randc.Prelude)
	for i := range progs {
		progs[i] = randc.Generate(seed<<20+uint64(i), fmt.Sprintf("rc%d_%d", seed, i), feats)
		batch.WriteString(progs[i].Body)
	}
	in := randInput(seed)
	dir := t.TempDir()

	// nvcc's results, per address size
	want := map[int][]*randOutcome{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for j, as := range []int{64, 32} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ptx, err := nvccBatch(dir, batch.String(), []string{oracle.MArg(as)})
			if err != nil {
				errs[j] = err
				return
			}
			m, err := loadPTX(fmt.Sprintf("nvcc-m%d.ptx", as), ptx)
			if err != nil {
				errs[j] = fmt.Errorf("nvcc's PTX (-m%d) does not load: %v", as, err)
				return
			}
			res := make([]*randOutcome, count)
			for i, p := range progs {
				if res[i], err = launchRand(m, p.Name, in); err != nil {
					errs[j] = fmt.Errorf("%s, nvcc -m%d: %v", p.Name, as, err)
					return
				}
			}
			mu.Lock()
			want[as] = res
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for i, p := range progs {
		if w := want[64][i]; w.fault != "" {
			t.Errorf("%s (seed %d): nvcc's program faults (a generator defect): %s", p.Name, p.Seed, w.fault)
		}
	}

	type job struct {
		p   int
		cfg randConfig
	}
	jobs := make(chan job)
	compared := map[string]int{}
	failed := map[int]bool{}
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				p := progs[j.p]
				cfg := j.cfg.cfg
				cfg.Check = true
				w := want[cfg.Target.AddressSize][j.p]
				msg := ""
				out, err := Compile(&cfg, p.Name+".cu", []byte(p.Source()))
				if err != nil {
					msg = fmt.Sprintf("ptxabi cc rejects it: %v", firstLine(err.Error()))
				} else if m, err := loadPTX(p.Name+".ptx", out); err != nil {
					msg = fmt.Sprintf("its PTX does not load: %v", err)
				} else if got, err := launchRand(m, p.Name, in); err != nil {
					msg = err.Error()
				} else {
					msg = diffRand(w, got)
				}
				mu.Lock()
				compared[j.cfg.name]++
				if msg != "" {
					failed[j.p] = true
					f := filepath.Join(os.TempDir(), fmt.Sprintf("ptxabi-randc-%s.cu", p.Name))
					os.WriteFile(f, []byte(p.Source()), 0o666)
					t.Errorf("%s (%s, program in %s): %s", p.Name, j.cfg.name, f, msg)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range progs {
		for _, c := range randConfigs {
			jobs <- job{i, c}
		}
	}
	close(jobs)
	wg.Wait()
	var per []string
	total := 0
	for _, c := range randConfigs {
		per = append(per, fmt.Sprintf("%s %d", c.name, compared[c.name]))
		total += compared[c.name]
	}
	if len(failed) == 0 {
		t.Logf("%d programs × configs compared (%s; seed %d), all equal", total, strings.Join(per, ", "), seed)
	} else {
		t.Logf("%d programs × configs compared (%s; seed %d), %d programs differ", total, strings.Join(per, ", "), seed, len(failed))
	}
}
