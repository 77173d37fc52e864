// Package ptxcorpus makes the PTX-syntax corpus that the tests of the
// packages reading PTX hold themselves to: the output of nvcc (-m64 and
// -m32, with and without -G, every architecture nvcc 11.8 knows,
// relocatable device code) and of clang-14 (-O0 and -O3, with and without
// -g) for a set of CUDA programs. It is what nvcc and clang write for the
// constructs of the guide: parameters and calls (§2, §3), system calls
// (§3), atomics (§4) and DWARF sections (§5).
package ptxcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// A Flavour is one compiler configuration of the corpus.
type Flavour struct {
	Name string
	Tool string // oracle.NVCC or oracle.Clang
	Args []string
}

// Flavours returns the configurations: nvcc -m64/-m32, with and without
// -G, for sm_52, sm_70 and sm_90 (no 32-bit sm_90: nvcc 11.8 refuses it),
// -m64 for every other architecture nvcc 11.8 knows (-G on two),
// -rdc=true, and clang-14 at -O0 and -O3, with and without -g.
func Flavours() []Flavour {
	var fl []Flavour
	for _, m := range []string{"-m64", "-m32"} {
		for _, g := range []string{"", "-G"} {
			for _, a := range []string{"sm_52", "sm_70", "sm_90"} {
				if m == "-m32" && a == "sm_90" {
					continue
				}
				f := Flavour{Name: "nvcc" + m + g + "-" + a, Tool: oracle.NVCC, Args: []string{"-ptx", m, "-arch=" + a}}
				if g != "" {
					f.Args = append(f.Args, g)
				}
				fl = append(fl, f)
			}
		}
	}
	for _, a := range []string{"sm_35", "sm_50", "sm_53", "sm_60", "sm_61", "sm_62", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89"} {
		fl = append(fl, Flavour{Name: "nvcc-m64-" + a, Tool: oracle.NVCC, Args: []string{"-ptx", "-m64", "-arch=" + a, "-Wno-deprecated-gpu-targets"}})
	}
	for _, a := range []string{"sm_80", "sm_89"} {
		fl = append(fl, Flavour{Name: "nvcc-m64-G-" + a, Tool: oracle.NVCC, Args: []string{"-ptx", "-m64", "-G", "-arch=" + a}})
	}
	for _, g := range []string{"", "-G"} {
		fl = append(fl, Flavour{Name: "nvcc-m64-rdc" + g + "-sm_70", Tool: oracle.NVCC, Args: append([]string{"-ptx", "-m64", "-rdc=true", "-arch=sm_70"}, strings.Fields(g)...)})
	}
	for _, o := range []string{"", "-O3"} {
		for _, g := range []string{"", "-g"} {
			f := Flavour{Name: "clang" + o + g + "-sm_70", Tool: oracle.Clang, Args: oracle.ClangCUDAArgs("sm_70")}
			f.Args = append(f.Args, strings.Fields(o+" "+g)...)
			fl = append(fl, f)
		}
	}
	return fl
}

// A File is one PTX file of the corpus.
type File struct {
	Flavour string
	Name    string // flavour-program.ptx
	Src     []byte
}

var (
	once  sync.Once
	files []File
	err   error
)

// Generate compiles the CUDA programs srcs with every flavour, two at a
// time, once per test binary (the first call's srcs), and returns the PTX
// files in the order of the flavours. It skips t, naming the tool, when
// nvcc or clang-14 is missing.
func Generate(t testing.TB, srcs []string) []File {
	t.Helper()
	oracle.Need(t, oracle.NVCC, oracle.Clang)
	once.Do(func() {
		dir, e := os.MkdirTemp("", "ptxcorpus")
		if e != nil {
			err = e
			return
		}
		defer os.RemoveAll(dir)
		fls := Flavours()
		out := make([][]File, len(fls))
		errs := make([]error, len(fls))
		sem := make(chan bool, 2)
		var wg sync.WaitGroup
		for i, f := range fls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- true
				defer func() { <-sem }()
				out[i], errs[i] = compile(filepath.Join(dir, f.Name), f, srcs)
			}()
		}
		wg.Wait()
		for i := range fls {
			if errs[i] != nil {
				err = errs[i]
				return
			}
			files = append(files, out[i]...)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("ptxcorpus: no PTX files")
	}
	return files
}

func compile(dir string, f Flavour, srcs []string) ([]File, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	var names []string
	for _, s := range srcs {
		data, err := os.ReadFile(s)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(s)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	if _, err := oracle.Run(dir, f.Tool, append(f.Args, names...)...); err != nil {
		return nil, err
	}
	var out []File
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".ptx") && !strings.HasSuffix(name, ".s") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		base, _, _ := strings.Cut(name, ".")
		base, _, _ = strings.Cut(base, "-cuda-")
		out = append(out, File{Flavour: f.Name, Name: f.Name + "-" + base + ".ptx", Src: data})
	}
	if len(out) != len(srcs) {
		return nil, fmt.Errorf("%s: %d PTX files for %d programs", f.Name, len(out), len(srcs))
	}
	return out, nil
}
