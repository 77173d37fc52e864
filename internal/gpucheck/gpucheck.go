package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/cc"
	"github.com/ptxabi/ptxabi/internal/kernels"
	"github.com/ptxabi/ptxabi/ptx/emu"
	"github.com/ptxabi/ptxabi/target"
)

// A Config is one way of compiling the corpus, by both compilers.
type Config struct {
	Name string
	CC   cc.Config
	NVCC []string // nvcc's flags besides -ptx
	// Time: launches are timed (on the GPU, alone), and results are not
	// compared with the executor's (the compilers may contract).
	Time bool
}

func tgt(addr, sm int) target.Target {
	return target.Target{AddressSize: addr, SM: sm, PTX: target.Default.PTX}
}

// Configs are the configurations run on the GPU. The comparisons are
// without contraction (-fmad=false for both compilers), so that the GPU's
// results are the executor's; the timing is with each compiler's defaults.
// -m32 cannot run: a 64-bit process has 64-bit device pointers, and the
// driver is asked only whether it loads such a module (LoadOnly).
var Configs = []Config{
	{Name: "m64-O3", CC: cc.Config{Target: tgt(64, 52), Opt: 3, NoContract: true}, NVCC: []string{"-m64", "-arch=sm_52", "-fmad=false"}},
	{Name: "m64-O0", CC: cc.Config{Target: tgt(64, 52), Opt: 0, NoContract: true}, NVCC: []string{"-m64", "-arch=sm_52", "-fmad=false"}},
	{Name: "m64-g", CC: cc.Config{Target: tgt(64, 52), Opt: 0, Debug: true, NoContract: true}, NVCC: []string{"-m64", "-arch=sm_52", "-G", "-fmad=false"}},
	{Name: "m64-O3-sm_90", CC: cc.Config{Target: tgt(64, 90), Opt: 3, NoContract: true}, NVCC: []string{"-m64", "-arch=sm_90", "-fmad=false"}},
	{Name: "time-sm_90", CC: cc.Config{Target: tgt(64, 90), Opt: 3}, NVCC: []string{"-m64", "-arch=sm_90"}, Time: true},
}

// LoadOnly are configurations whose modules are only offered to the
// driver's compiler, not launched.
var LoadOnly = []Config{
	{Name: "m32-O3", CC: cc.Config{Target: tgt(32, 52), Opt: 3, NoContract: true}, NVCC: []string{"-m32", "-arch=sm_52", "-fmad=false"}},
}

// Producers are the two compilers, by the name used in run IDs.
var Producers = []string{"nvcc", "cc"}

// TimeReps is the number of timed launches per kernel.
const TimeReps = 50

// A Run is one launch of a manifest.
type Run struct {
	ID       string // CONFIG.KERNEL.PRODUCER
	Config   string
	Producer string
	Kernel   *kernels.Kernel
	PTX      string   // relative to the bundle
	Args     []RunArg // the kernel's parameters
	Specs    []string // the same as `ptxabi run -arg` specs (files relative to the bundle)
	Debug    bool     // load with the driver's -G
	Reps     int
	LoadOnly bool
}

// A RunArg is a parameter: a buffer (its size, and its initial contents in
// a file of the bundle, or zeros) or bytes passed by value.
type RunArg struct {
	Buffer bool
	Size   int
	File   string // relative to the bundle; "" for zeros
	Bytes  []byte
}

// WriteManifest writes runs in the runner's format (device/runner.cpp).
func WriteManifest(w io.Writer, runs []*Run) error {
	bw := bufio.NewWriter(w)
	for _, r := range runs {
		dbg := 0
		if r.Debug {
			dbg = 1
		}
		if r.LoadOnly {
			fmt.Fprintf(bw, "load %s %s %d\n", r.ID, r.PTX, dbg)
			continue
		}
		k := r.Kernel
		fmt.Fprintf(bw, "run %s %s %s %d %d %d %d %d %d %d %d %d %d\n", r.ID, r.PTX, k.Name,
			k.Grid[0], k.Grid[1], k.Grid[2], k.Block[0], k.Block[1], k.Block[2], k.Shared, dbg, r.Reps, len(r.Args))
		for _, a := range r.Args {
			switch {
			case a.Buffer && a.File == "":
				fmt.Fprintf(bw, "buf %d -\n", a.Size)
			case a.Buffer:
				fmt.Fprintf(bw, "buf %d %s\n", a.Size, a.File)
			default:
				fmt.Fprintf(bw, "val %s\n", hex.EncodeToString(a.Bytes))
			}
		}
	}
	return bw.Flush()
}

// runArgs turns a kernel's `ptxabi run` specs into manifest arguments,
// with file paths relative to the bundle at root.
func runArgs(root string, specs []string) ([]RunArg, error) {
	var out []RunArg
	for _, s := range specs {
		a, err := emu.ParseArg(s)
		if err != nil {
			return nil, err
		}
		switch {
		case !a.IsBuffer:
			out = append(out, RunArg{Bytes: a.Scalar})
		case strings.HasPrefix(s, "file:"):
			rel, err := filepath.Rel(root, strings.TrimPrefix(s, "file:"))
			if err != nil || strings.HasPrefix(rel, "..") {
				return nil, fmt.Errorf("%s: not inside the bundle %s", s, root)
			}
			out = append(out, RunArg{Buffer: true, Size: len(a.Buffer), File: rel})
		default:
			out = append(out, RunArg{Buffer: true, Size: len(a.Buffer)})
		}
	}
	return out, nil
}

// A Outcome is what the runner reported for one run.
type Outcome struct {
	Status string  // ok, fail, loadfail, launchfail
	Msg    string  // the error, for the failures
	Micros float64 // the median launch time, when timed (else 0)
	Stdout []byte
	Stderr []byte
	Bufs   map[int][]byte
}

// ReadOutcomes reads the runner's results directory: results.txt, the
// buffers and the marked standard output and error (stdout.txt,
// stderr.txt; several runners' outputs may be concatenated into them).
func ReadOutcomes(dir string, runs []*Run) (map[string]*Outcome, error) {
	out := map[string]*Outcome{}
	files, err := filepath.Glob(filepath.Join(dir, "*", "results.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no */results.txt", dir)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		mine := map[string]bool{} // the runs this runner reported
		for i, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			if line == "" {
				continue
			}
			fs := strings.SplitN(line, " ", 3)
			if len(fs) < 2 {
				return nil, fmt.Errorf("%s:%d: expected ID STATUS [...]", f, i+1)
			}
			o := &Outcome{Status: fs[1]}
			if len(fs) == 3 {
				o.Msg = fs[2]
			}
			if o.Status == "ok" && o.Msg != "-" && o.Msg != "" {
				if o.Micros, err = strconv.ParseFloat(o.Msg, 64); err != nil {
					return nil, fmt.Errorf("%s:%d: bad time %q", f, i+1, o.Msg)
				}
			}
			out[fs[0]] = o
			mine[fs[0]] = true
		}
		sub := filepath.Dir(f)
		for name, field := range map[string]func(*Outcome, []byte){
			"stdout.txt": func(o *Outcome, b []byte) { o.Stdout = b },
			"stderr.txt": func(o *Outcome, b []byte) { o.Stderr = b },
		} {
			b, err := os.ReadFile(filepath.Join(sub, name))
			if err != nil {
				return nil, err
			}
			for id, text := range splitMarked(b) {
				if o := out[id]; o != nil && mine[id] {
					field(o, text)
				}
			}
		}
		for _, r := range runs {
			o := out[r.ID]
			if !mine[r.ID] || o.Status != "ok" || r.LoadOnly {
				continue
			}
			o.Bufs = map[int][]byte{}
			for i, a := range r.Args {
				if !a.Buffer {
					continue
				}
				b, err := os.ReadFile(filepath.Join(sub, r.ID, fmt.Sprintf("arg%d.bin", i)))
				if err == nil {
					o.Bufs[i] = b
				}
			}
		}
	}
	return out, nil
}

// splitMarked splits output marked "@@@begin ID\n" … "@@@end ID\n" by ID.
// What a kernel prints need not end its last line, so the end marker is
// looked for anywhere, not only at a line's start.
func splitMarked(b []byte) map[string][]byte {
	out := map[string][]byte{}
	s := string(b)
	for {
		i := strings.Index(s, "@@@begin ")
		if i < 0 {
			return out
		}
		s = s[i+len("@@@begin "):]
		nl := strings.IndexByte(s, '\n')
		if nl < 0 {
			return out
		}
		id := s[:nl]
		s = s[nl+1:]
		end := "@@@end " + id + "\n"
		j := strings.Index(s, end)
		if j < 0 {
			out[id] = []byte(s)
			return out
		}
		out[id] = []byte(s[:j])
		s = s[j+len(end):]
	}
}

// median returns the median of xs (0 for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
