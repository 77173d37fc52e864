package cc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/kernels"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// The corpus comparison of issue 15: every device program of the
// executor's corpus (internal/kernels/testdata) and of this package's
// (testdata/corpus) compiled by nvcc and by ptxabi cc, both run by
// `ptxabi run` on the same inputs, memory and printf output compared —
// for -m64 and -m32, -O0 and -O3, with and without -g; for sm_52, and
// for sm_70 and sm_80, where the built-ins those targets add (__match_*_sync,
// __reduce_*_sync) compile: programs that call them guard the calls with
// __CUDA_ARCH__, as code for several targets does.

// ccConfig is one configuration of ptxabi cc and the nvcc flags it is
// compared with, both without contraction (-fmad=false), so that what
// ptxas makes of them is the executor's result too.
type ccConfig struct {
	name  string
	cfg   Config
	nvcc  []string
	short bool // part of the -short run
}

var ccConfigs = []ccConfig{
	{"m64-O3", Config{Target: target.Default, Opt: 3, NoContract: true}, []string{"-m64", "-arch=sm_52"}, true},
	{"m64-O0", Config{Target: target.Default, Opt: 0, NoContract: true}, []string{"-m64", "-arch=sm_52"}, false},
	{"m32-O3", Config{Target: target.Target{AddressSize: 32, SM: 52, PTX: target.Default.PTX}, Opt: 3, NoContract: true}, []string{"-m32", "-arch=sm_52"}, false},
	{"m32-O0", Config{Target: target.Target{AddressSize: 32, SM: 52, PTX: target.Default.PTX}, Opt: 0, NoContract: true}, []string{"-m32", "-arch=sm_52"}, false},
	{"m64-O3-g", Config{Target: target.Default, Opt: 3, Debug: true, NoContract: true}, []string{"-m64", "-arch=sm_52", "-G"}, false},
	{"m64-O0-g", Config{Target: target.Default, Opt: 0, Debug: true, NoContract: true}, []string{"-m64", "-arch=sm_52", "-G"}, false},
	{"m64-O3-sm_70", Config{Target: target.Target{AddressSize: 64, SM: 70, PTX: target.Default.PTX}, Opt: 3, NoContract: true}, []string{"-m64", "-arch=sm_70"}, false},
	{"m64-O3-sm_80", Config{Target: target.Target{AddressSize: 64, SM: 80, PTX: target.Default.PTX}, Opt: 3, NoContract: true}, []string{"-m64", "-arch=sm_80"}, false},
}

// localFill runs the executor with local memory that is not zero on
// entry: on a GPU it holds whatever was there, and a program that reads
// local memory it never wrote (a constructor not run, say) must not pass
// because the executor's memory happened to be zero.
var localFill = []string{"-local-fill", "0xa5"}

// unsupported are the corpus programs ptxabi cc rejects today, with the
// reason; the test fails when one of them starts to compile (remove it
// here) or when another one fails.
var unsupported = map[string]string{}

func corpusKernels(t *testing.T) []*kernels.Kernel {
	t.Helper()
	var ks []*kernels.Kernel
	for _, dir := range []string{"../internal/kernels/testdata", "testdata/corpus"} {
		k, err := kernels.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k...)
	}
	if only := os.Getenv("PTXABI_KERNELS"); only != "" {
		// For bisecting, as in internal/kernels: PTXABI_KERNELS=name,name.
		want := map[string]bool{}
		for _, n := range strings.Split(only, ",") {
			want[n] = true
		}
		var some []*kernels.Kernel
		for _, k := range ks {
			if want[k.Name] {
				some = append(some, k)
			}
		}
		ks = some
	}
	return ks
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
	workDir string
)

func TestMain(m *testing.M) {
	d, err := os.MkdirTemp("", "cc-corpus-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	workDir = d
	code := m.Run()
	os.RemoveAll(d)
	os.Exit(code)
}

// ptxabiBin builds cmd/ptxabi once (its run command executes the PTX).
func ptxabiBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(workDir, "ptxabi")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/ptxabi")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build ./cmd/ptxabi: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// ccCache is the directory of this package's cache of nvcc's PTX
// (oracle.CacheDir): an entry is named by oracle.CacheKey of the nvcc
// program (oracle.ToolID), its flags and the source.
var ccCache = oracle.CacheDir("cc-oracle")

// ccCached returns the entry key of ccCache, if the cache is on and has
// one.
func ccCached(key string) ([]byte, bool) {
	if ccCache == "" {
		return nil, false
	}
	b, err := oracle.ReadCache(ccCache, key)
	return b, err == nil
}

var nvccMu sync.Mutex

// nvccPTX compiles the kernels with nvcc (cached by source, flags and
// nvcc binary) and returns the PTX paths by kernel name.
func nvccPTX(t *testing.T, ks []*kernels.Kernel, flags []string) map[string]string {
	t.Helper()
	nvccMu.Lock()
	defer nvccMu.Unlock()
	all := append([]string{"-ptx", "-fmad=false"}, flags...)
	dir := filepath.Join(workDir, "nvcc"+strings.Join(flags, ""))
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var todo []string
	keys := map[string]string{}
	id := oracle.ToolID(oracle.NVCC)
	for _, k := range ks {
		abs, _ := filepath.Abs(k.File)
		ptx := filepath.Join(dir, strings.TrimSuffix(filepath.Base(k.File), ".cu")+".ptx")
		out[k.Name] = ptx
		key := oracle.CacheKey(id, strings.Join(all, " "), string(k.Source))
		keys[ptx] = key
		if b, ok := ccCached(key); ok && os.WriteFile(ptx, b, 0o666) == nil {
			continue
		}
		todo = append(todo, abs)
	}
	if len(todo) > 0 {
		half := (len(todo) + 1) / 2
		parts := [][]string{todo[:half]}
		if half < len(todo) {
			parts = append(parts, todo[half:])
		}
		var wg sync.WaitGroup
		errs := make([]error, len(parts))
		for i, p := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = oracle.Run(dir, oracle.NVCC, append(append(append([]string{}, all...), "-odir", dir), p...)...)
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if ccCache != "" {
			for _, f := range todo {
				ptx := filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".cu")+".ptx")
				if b, err := os.ReadFile(ptx); err == nil {
					oracle.WriteCache(ccCache, keys[ptx], b) // a failure only costs time
				}
			}
		}
	}
	return out
}

// TestCorpus compiles every corpus program with ptxabi cc in every
// configuration and compares its execution with nvcc's PTX's.
func TestCorpus(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	ks := corpusKernels(t)
	bin := ptxabiBin(t)
	total, equal := 0, 0
	rejected := map[string]string{}
	for _, c := range ccConfigs {
		if testing.Short() && !c.short {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			ref := nvccPTX(t, ks, c.nvcc)
			dir := filepath.Join(workDir, "cc-"+c.name)
			for _, k := range ks {
				cfg := c.cfg
				cfg.Check = true
				out, err := Compile(&cfg, k.File, k.Source)
				if err != nil {
					if _, ok := unsupported[k.Name]; ok {
						rejected[k.Name] = firstLine(err.Error())
						continue
					}
					t.Errorf("%s: %v", k.Name, err)
					continue
				}
				if _, ok := unsupported[k.Name]; ok {
					t.Errorf("%s compiles now: remove it from unsupported", k.Name)
				}
				kdir := filepath.Join(dir, k.Name)
				if err := os.MkdirAll(kdir, 0o777); err != nil {
					t.Fatal(err)
				}
				ours := filepath.Join(kdir, "cc.ptx")
				if err := os.WriteFile(ours, out, 0o666); err != nil {
					t.Fatal(err)
				}
				args, err := k.RunArgs(kdir)
				if err != nil {
					t.Fatal(err)
				}
				total++
				want, err := k.Run(bin, args, ref[k.Name], filepath.Join(kdir, "nvcc-out"), localFill...)
				if err != nil {
					t.Errorf("%s: nvcc's PTX: %v", k.Name, err)
					continue
				}
				got, err := k.Run(bin, args, ours, filepath.Join(kdir, "cc-out"), localFill...)
				if err != nil {
					t.Errorf("%s: %v", k.Name, err)
					continue
				}
				if want.Failed != got.Failed {
					t.Errorf("%s: launch failed=%v, nvcc's %v\nours: %s\nnvcc: %s", k.Name, got.Failed, want.Failed, got.Stderr, want.Stderr)
					continue
				}
				if want.Failed {
					if k.Fails == "" {
						// A launch that fails must say so in its header; two
						// faults would otherwise compare equal.
						t.Errorf("%s: the launch failed (nvcc's and ours), and the header has no //@ fails:\nours: %s\nnvcc: %s", k.Name, got.Stderr, want.Stderr)
						continue
					}
					if !bytes.Contains(got.Stderr, []byte(k.Fails)) {
						t.Errorf("%s: stderr %q lacks %q", k.Name, got.Stderr, k.Fails)
						continue
					}
					equal++
					continue
				}
				if d := k.Diff(want, got); d != "" {
					t.Errorf("%s (%s): differs from nvcc's:\n%s", k.Name, ours, d)
					continue
				}
				equal++
			}
		})
	}
	var names []string
	for n := range rejected {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("not supported yet: %s: %s", n, rejected[n])
	}
	t.Logf("corpus: %d programs × configurations compared, %d equal to nvcc (%d programs, %d not supported)", total, equal, len(ks), len(names))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
