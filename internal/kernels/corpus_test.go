package kernels

// The corpus test compiles every kernel in testdata/ with each producer
// configuration below, runs the PTX with `ptxabi run`, and compares the
// buffers byte for byte and the printf output (as a multiset of lines) with
// the host reference: the same kernel compiled by g++ -O2 -ffp-contract=off
// against testdata/host/shim.h.
//
// PTXABI_KERNELS=name,name limits the run to those kernels, and
// PTXABI_KERNELS_KEEP=1 keeps the work directory (inputs, PTX, outputs) for
// reproducing a difference by hand.
//
// Floating point: configurations that do not contract (nvcc -fmad=false,
// clang -ffp-contract=off) are compared exactly on every kernel; the ones
// that do (nvcc's default -fmad=true) are compared on the kernels whose
// results cannot depend on contraction — those not tagged fp (integer
// kernels, and floating-point kernels with no multiply feeding an add).
//
// clang-14 is run with --cuda-path=/usr/lib/cuda (CUDA 11.8 is newer than the
// 11.5 it knows; -Wno-unknown-cuda-version) for -m64 only: for -m32 it
// looks for a 32-bit CUDA installation (lib/) that Debian's package lacks.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// A config is one producer configuration.
type config struct {
	name     string
	tool     string   // oracle.NVCC or oracle.Clang
	flags    []string // besides the input and output
	contract bool     // floating-point contraction on: fp kernels are not compared
	skip     string   // why this configuration cannot run here
}

var configs = []config{
	{"nvcc-m64-sm_52", oracle.NVCC, []string{"-m64", "-arch=sm_52", "-fmad=false"}, false, ""},
	{"nvcc-m32-sm_52", oracle.NVCC, []string{"-m32", "-arch=sm_52", "-fmad=false"}, false, ""},
	{"nvcc-m64-sm_70", oracle.NVCC, []string{"-m64", "-arch=sm_70", "-fmad=false"}, false, ""},
	{"nvcc-m64-sm_80", oracle.NVCC, []string{"-m64", "-arch=sm_80", "-fmad=false"}, false, ""},
	{"nvcc-m32-sm_80", oracle.NVCC, []string{"-m32", "-arch=sm_80", "-fmad=false"}, false, ""},
	{"nvcc-m64-sm_52-G", oracle.NVCC, []string{"-m64", "-arch=sm_52", "-G", "-fmad=false"}, false, ""},
	{"nvcc-m32-sm_70-G", oracle.NVCC, []string{"-m32", "-arch=sm_70", "-G", "-fmad=false"}, false, ""},
	{"nvcc-m64-sm_80-G", oracle.NVCC, []string{"-m64", "-arch=sm_80", "-G", "-fmad=false"}, false, ""},
	{"nvcc-m64-sm_52-fmad", oracle.NVCC, []string{"-m64", "-arch=sm_52"}, true, ""},
	{"nvcc-m32-sm_70-fmad", oracle.NVCC, []string{"-m32", "-arch=sm_70"}, true, ""},
	{"clang-m64-sm_52-O2", oracle.Clang, []string{"--cuda-gpu-arch=sm_52", "-O2"}, false, ""},
	{"clang-m64-sm_70-O0", oracle.Clang, []string{"--cuda-gpu-arch=sm_70", "-O0"}, false, ""},
	{"clang-m64-sm_80-O3", oracle.Clang, []string{"--cuda-gpu-arch=sm_80", "-O3"}, false, ""},
	{"clang-m32-sm_52-O2", oracle.Clang, []string{"--cuda-gpu-arch=sm_52", "-O2", "-m32"}, false,
		"clang-14 -m32 looks for a 32-bit CUDA installation (/usr/lib/cuda/lib, libdevice) that Debian's CUDA 11.8 package does not have: \"cannot find CUDA installation\""},
}

// clangFlags are clang-14's flags for CUDA 11.8 as Debian installs it.
var clangFlags = []string{"--cuda-device-only", "-S", "--cuda-path=/usr/lib/cuda", "-Wno-unknown-cuda-version", "-ffp-contract=off"}

const hostCXX = "g++"

var hostFlags = []string{"-std=c++20", "-O2", "-ffp-contract=off", "-pthread", "-w"}

// The suite's shared state: the corpus, its inputs, the host results and
// the PTX of every configuration, each made once per test binary.
var (
	corpusOnce sync.Once
	corpus     []*Kernel
	corpusErr  error
	workDir    string
	runArgs    map[string][]string // by kernel name

	hostOnce sync.Once
	hostRes  map[string]*Result
	hostErr  error

	ptxMu  sync.Mutex
	ptxDir = map[string]string{} // by config name: the directory of NAME.ptx files
	ptxErr = map[string]error{}
)

func loadCorpus(t *testing.T) []*Kernel {
	t.Helper()
	corpusOnce.Do(func() {
		corpus, corpusErr = Load("testdata")
		if corpusErr != nil {
			return
		}
		if only := os.Getenv("PTXABI_KERNELS"); only != "" {
			// For bisecting: PTXABI_KERNELS=name,name runs only those.
			want := map[string]bool{}
			for _, n := range strings.Split(only, ",") {
				want[n] = true
			}
			var ks []*Kernel
			for _, k := range corpus {
				if want[k.Name] {
					ks = append(ks, k)
				}
			}
			corpus = ks
		}
		workDir, corpusErr = os.MkdirTemp("", "ptxabi-kernels")
		if corpusErr != nil {
			return
		}
		runArgs = map[string][]string{}
		for _, k := range corpus {
			a, err := k.RunArgs(workDir)
			if err != nil {
				corpusErr = err
				return
			}
			runArgs[k.Name] = a
		}
	})
	if corpusErr != nil {
		t.Fatal(corpusErr)
	}
	return corpus
}

func TestMain(m *testing.M) {
	code := m.Run()
	if workDir != "" {
		if os.Getenv("PTXABI_KERNELS_KEEP") != "" {
			fmt.Fprintf(os.Stderr, "kernels: work directory kept: %s\n", workDir)
		} else {
			os.RemoveAll(workDir)
		}
	}
	os.Exit(code)
}

func TestHeaders(t *testing.T) {
	ks := loadCorpus(t)
	if len(ks) < 40 && os.Getenv("PTXABI_KERNELS") == "" {
		t.Errorf("corpus has %d kernels, want at least 40", len(ks))
	}
	for _, k := range ks {
		if !bytes.Contains(k.Source, []byte(`extern "C" __global__ void `+k.Name+"(")) {
			t.Errorf("%s: no extern \"C\" __global__ void %s(", k.File, k.Name)
		}
	}
	bad := []struct{ src, want string }{
		{"//@ grid: 1\n//@ block: 1\n", "lacks //@ kernel"},
		{"//@ kernel: k\n//@ grid: 0\n//@ block: 1\n", "bad dimension"},
		{"//@ kernel: k\n//@ grid: 1\n//@ block: 1\n//@ arg: gen:f32:4:bits\n", "integer type"},
		{"//@ kernel: k\n//@ grid: 1\n//@ block: 1\n//@ arg: gen:q32:4\n", "unknown element type"},
		{"//@ kernel: k\n//@ grid: 1\n//@ block: 1\n//@ colour: red\n", "unknown key"},
		{"//@ kernel: k\n//@ kernel: j\n//@ grid: 1\n//@ block: 1\n", "given twice"},
	}
	for _, b := range bad {
		_, err := Parse("x.cu", []byte(b.src))
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", b.src, err, b.want)
		}
	}
}

func TestGenDeterministic(t *testing.T) {
	a, err := genBytes("k", 1, "s32:8:-5:5")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := genBytes("k", 1, "s32:8:-5:5")
	c, _ := genBytes("k", 2, "s32:8:-5:5")
	if !bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Errorf("gen is not a function of (kernel, position): %x %x %x", a, b, c)
	}
	for i := 0; i < len(a); i += 4 {
		v := int32(uint32(a[i]) | uint32(a[i+1])<<8 | uint32(a[i+2])<<16 | uint32(a[i+3])<<24)
		if v < -5 || v >= 5 {
			t.Errorf("gen value %d outside [-5,5)", v)
		}
	}
}

// parallel runs f(i) for i in [0,n) on as many goroutines as the machine has
// cores, and returns the errors in order.
func parallel(n int, f func(i int) error) []error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return errs
}

// hostResults builds and runs every host reference (twice: the output must
// be the same both times).
func hostResults(t *testing.T) map[string]*Result {
	t.Helper()
	ks := loadCorpus(t)
	if _, err := exec.LookPath(hostCXX); err != nil {
		t.Skipf("host reference skipped: %s not found on PATH", hostCXX)
	}
	hostOnce.Do(func() {
		hostDir, err := filepath.Abs("testdata/host")
		if err != nil {
			hostErr = err
			return
		}
		shimSrc, err := os.ReadFile(filepath.Join(hostDir, "shim.h"))
		if err != nil {
			hostErr = err
			return
		}
		fp16, err := os.ReadFile(filepath.Join(hostDir, "cuda_fp16.h"))
		if err != nil {
			hostErr = err
			return
		}
		shimID := string(shimSrc) + string(fp16)
		var shim string
		var shimOnce sync.Once
		var shimErr error
		precompiled := func() (string, error) {
			shimOnce.Do(func() { shim, shimErr = precompile(hostDir) })
			return shim, shimErr
		}
		res := make([]*Result, len(ks))
		errs := parallel(len(ks), func(i int) error {
			k := ks[i]
			if k.Fails != "" {
				return nil
			}
			dir := filepath.Join(workDir, "host", k.Name)
			if err := os.MkdirAll(dir, 0o777); err != nil {
				return err
			}
			src := filepath.Join(dir, "ref.cpp")
			if err := os.WriteFile(src, []byte(k.HostSource()), 0o666); err != nil {
				return err
			}
			bin := filepath.Join(dir, "ref")
			key := oracle.CacheKey(oracle.ToolID(hostCXX), strings.Join(hostFlags, " "), shimID, k.HostSource())
			if !cacheGet(key, bin) {
				shim, err := precompiled()
				if err != nil {
					return err
				}
				args := append(append([]string{}, hostFlags...), "-I", hostDir, "-include", shim, "-o", bin, src)
				if _, err := oracle.Run(dir, hostCXX, args...); err != nil {
					return fmt.Errorf("%s: host reference does not build: %v", k.File, err)
				}
				cachePut(key, bin)
			}
			var runs [2]*Result
			for r := range runs {
				out := filepath.Join(dir, fmt.Sprint("out", r))
				if err := os.MkdirAll(out, 0o777); err != nil {
					return err
				}
				var stdout, stderr bytes.Buffer
				for try := 0; ; try++ {
					cmd := exec.Command(bin, append([]string{DimString(k.Grid), DimString(k.Block), fmt.Sprint(k.Shared), out}, runArgs[k.Name]...)...)
					stdout.Reset()
					stderr.Reset()
					cmd.Stdout, cmd.Stderr = &stdout, &stderr
					err := cmd.Run()
					if err != nil && errors.Is(err, syscall.ETXTBSY) && try < 10 {
						// The program was just written here, and a fork
						// of another goroutine holds it open until it
						// execs: try again.
						time.Sleep(10 * time.Millisecond)
						continue
					}
					if err != nil {
						return fmt.Errorf("%s: host reference failed: %v\n%s", k.File, err, stderr.Bytes())
					}
					break
				}
				bufs, err := k.ReadBuffers(out)
				if err != nil {
					return err
				}
				runs[r] = &Result{Buffers: bufs, Stdout: stdout.Bytes()}
			}
			if d := k.Diff(runs[0], runs[1]); d != "" {
				return fmt.Errorf("%s: host reference is not deterministic:\n%s", k.File, d)
			}
			res[i] = runs[0]
			return nil
		})
		hostErr = errors.Join(errs...)
		hostRes = map[string]*Result{}
		for i, k := range ks {
			if res[i] != nil {
				hostRes[k.Name] = res[i]
			}
		}
	})
	if hostErr != nil {
		t.Fatal(hostErr)
	}
	return hostRes
}

// precompile copies the shim into the work directory and precompiles it
// there (most of a host reference's build time is the shim's C++ headers);
// it returns the copy's path, for -include.
func precompile(hostDir string) (string, error) {
	src, err := os.ReadFile(filepath.Join(hostDir, "shim.h"))
	if err != nil {
		return "", err
	}
	dir := filepath.Join(workDir, "pch")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	shim := filepath.Join(dir, "shim.h")
	if err := os.WriteFile(shim, src, 0o666); err != nil {
		return "", err
	}
	args := append(append([]string{}, hostFlags...), "-x", "c++-header", "-o", shim+".gch", shim)
	if _, err := oracle.Run(dir, hostCXX, args...); err != nil {
		return "", fmt.Errorf("the host shim does not build: %v", err)
	}
	return shim, nil
}

func TestHostReference(t *testing.T) {
	res := hostResults(t)
	n := 0
	for _, k := range loadCorpus(t) {
		r := res[k.Name]
		if k.Fails != "" {
			continue
		}
		n++
		// A reference that writes nothing cannot tell a right executor from a
		// wrong one.
		changed := len(r.Stdout) > 0
		for i, b := range r.Buffers {
			spec := k.Args[i]
			if strings.HasPrefix(spec, "zero:") && bytes.ContainsFunc(b, func(r rune) bool { return r != 0 }) {
				changed = true
			}
			if strings.HasPrefix(spec, "gen:") || strings.HasPrefix(spec, "file:") {
				in, err := os.ReadFile(strings.TrimPrefix(runArgs[k.Name][i], "file:"))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(in, b) {
					changed = true
				}
			}
		}
		if !changed {
			t.Errorf("%s: the host reference leaves every buffer as it was and prints nothing", k.File)
		}
	}
	t.Logf("host reference: %d kernels built and run twice, same output both times", n)
}

// compile makes the PTX of every kernel for c, once per test binary.
func compile(t *testing.T, c config) string {
	t.Helper()
	oracle.Need(t, c.tool)
	if c.skip != "" {
		t.Skip(c.skip)
	}
	ks := loadCorpus(t)
	ptxMu.Lock()
	defer ptxMu.Unlock()
	if dir, ok := ptxDir[c.name]; ok {
		if err := ptxErr[c.name]; err != nil {
			t.Fatal(err)
		}
		return dir
	}
	dir := filepath.Join(workDir, "ptx", c.name)
	err := os.MkdirAll(dir, 0o777)
	if err == nil {
		err = compileAll(ks, c, dir)
	}
	ptxDir[c.name], ptxErr[c.name] = dir, err
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func compileAll(ks []*Kernel, c config, dir string) error {
	var files, keys []string
	for _, k := range ks {
		f, err := filepath.Abs(k.File)
		if err != nil {
			return err
		}
		key := oracle.CacheKey(oracle.ToolID(c.tool), strings.Join(c.flags, " "), strings.Join(clangFlags, " "), string(k.Source))
		if cacheGet(key, filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".cu")+".ptx")) {
			continue
		}
		files = append(files, f)
		keys = append(keys, key)
	}
	if err := compileFiles(files, c, dir); err != nil {
		return err
	}
	for i, f := range files {
		cachePut(keys[i], filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".cu")+".ptx"))
	}
	return nil
}

func compileFiles(files []string, c config, dir string) error {
	if len(files) == 0 {
		return nil
	}
	if c.tool == oracle.NVCC {
		// One nvcc per half of the corpus: nvcc's start-up is most of its
		// time, and the two halves use the machine's cores.
		half := (len(files) + 1) / 2
		parts := [][]string{files[:half]}
		if half < len(files) {
			parts = append(parts, files[half:])
		}
		errs := parallel(len(parts), func(i int) error {
			args := append(append([]string{"-ptx", "-odir", dir}, c.flags...), parts[i]...)
			_, err := oracle.Run(dir, oracle.NVCC, args...)
			return err
		})
		return errors.Join(errs...)
	}
	errs := parallel(len(files), func(i int) error {
		out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(files[i]), ".cu")+".ptx")
		args := append(append(append([]string{}, clangFlags...), c.flags...), "-o", out, files[i])
		_, err := oracle.Run(dir, oracle.Clang, args...)
		return err
	})
	return errors.Join(errs...)
}

// TestCompile checks that every kernel compiles in every configuration.
func TestCompile(t *testing.T) {
	ks := loadCorpus(t)
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			dir := compile(t, c)
			for _, k := range ks {
				ptx := filepath.Join(dir, strings.TrimSuffix(filepath.Base(k.File), ".cu")+".ptx")
				b, err := os.ReadFile(ptx)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(b, []byte(".entry "+k.Name)) {
					t.Errorf("%s: no .entry %s", ptx, k.Name)
				}
			}
		})
	}
}

var (
	ptxabiOnce sync.Once
	ptxabiBin  string
	ptxabiErr  error
)

// ptxabiRun returns the path of a ptxabi binary that has the run command,
// or skips the test.
func ptxabiRun(t *testing.T) string {
	t.Helper()
	ptxabiOnce.Do(func() {
		root, err := filepath.Abs("../..")
		if err != nil {
			ptxabiErr = err
			return
		}
		bin := filepath.Join(workDir, "ptxabi")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/ptxabi")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			ptxabiErr = fmt.Errorf("go build ./cmd/ptxabi: %v\n%s", err, out)
			return
		}
		if err := exec.Command(bin, "help", "run").Run(); err != nil {
			ptxabiErr = errSkip
			return
		}
		ptxabiBin = bin
	})
	if ptxabiErr == errSkip {
		t.Skip("`ptxabi run` is not available: cmd/ptxabi has no run command")
	}
	if ptxabiErr != nil {
		t.Fatal(ptxabiErr)
	}
	return ptxabiBin
}

var errSkip = errors.New("skip")

// TestCorpus is the comparison: every kernel × every configuration, executed
// by `ptxabi run` and compared with the host reference.
func TestCorpus(t *testing.T) {
	ks := loadCorpus(t)
	want := hostResults(t)
	bin := ptxabiRun(t)
	compared, configsRun := 0, 0
	var mu sync.Mutex
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			dir := compile(t, c)
			mu.Lock()
			configsRun++
			mu.Unlock()
			errs := parallel(len(ks), func(i int) error {
				k := ks[i]
				if c.contract && k.FP() {
					return nil
				}
				ptx := filepath.Join(dir, strings.TrimSuffix(filepath.Base(k.File), ".cu")+".ptx")
				got, err := k.Run(bin, runArgs[k.Name], ptx, filepath.Join(workDir, "run", c.name, k.Name))
				if err != nil {
					return fmt.Errorf("%s [%s]: %v", k.Name, c.name, err)
				}
				defer func() {
					mu.Lock()
					compared++
					mu.Unlock()
				}()
				if k.Fails != "" {
					if !got.Failed || !bytes.Contains(got.Stderr, []byte(k.Fails)) {
						return fmt.Errorf("%s [%s]: want a failed launch with %q on stderr, got failed=%v, stderr:\n%s", k.Name, c.name, k.Fails, got.Failed, got.Stderr)
					}
					return nil
				}
				if got.Failed {
					return fmt.Errorf("%s [%s]: launch failed:\n%s", k.Name, c.name, got.Stderr)
				}
				if d := k.Diff(want[k.Name], got); d != "" {
					return fmt.Errorf("%s [%s]: %s", k.Name, c.name, d)
				}
				return nil
			})
			for _, err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
	if !t.Failed() {
		t.Logf("corpus: %d kernels × %d configs compared, all equal (%d launches; fp-tagged kernels skipped under contraction)", len(ks), configsRun, compared)
	}
}

// The cache keeps PTX and host reference binaries between test runs (nvcc
// costs seconds a file): PTXABI_KERNELS_CACHE names its directory, "off"
// turns it off; by default it is oracle.CacheDir("kernels"). An entry
// is named by the SHA-256 of everything that made it (oracle.CacheKey): the
// tool (oracle.ToolID: its path, size and modification time), the flags
// and the source.
func cacheDir() string {
	if d := os.Getenv("PTXABI_KERNELS_CACHE"); d != "" {
		if d == "off" {
			return ""
		}
		return d
	}
	return oracle.CacheDir("kernels")
}

// cacheGet copies the entry key to path and reports whether there was one.
func cacheGet(key, path string) bool {
	d := cacheDir()
	if d == "" {
		return false
	}
	// A link, where the cache is on the same file system: the program is
	// then never open for writing in this process, whose other
	// goroutines' forks would hold that open (exec: text file busy).
	os.Remove(path)
	if os.Link(filepath.Join(d, key), path) == nil {
		if os.Chmod(path, 0o777) == nil {
			return true
		}
		os.Remove(path) // not the cache's file to write into below
	}
	b, err := os.ReadFile(filepath.Join(d, key))
	if err != nil {
		return false
	}
	return os.WriteFile(path, b, 0o777) == nil
}

// cachePut stores path's contents as the entry key (oracle.WriteCache:
// temp file and rename, so that a reader never sees half an entry); a
// failure only costs time.
func cachePut(key, path string) {
	d := cacheDir()
	if d == "" {
		return
	}
	if b, err := os.ReadFile(path); err == nil {
		oracle.WriteCache(d, key, b)
	}
}
