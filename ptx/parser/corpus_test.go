package parser_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/corpus from nvcc and clang-14 output of testdata/cu")

// checkFile parses src, checks that the fast paths agree with the general
// parser, that it has no errors, that printing is
// idempotent, and that the printed module parses to the same tree. It
// returns the printed text.
func checkFile(t *testing.T, name string, src []byte) []byte {
	t.Helper()
	if d := parseBothWays(src); d != "" {
		t.Errorf("%s: the fast paths and the general parser differ: %s", name, d)
	}
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, name, src)
	if err != nil {
		t.Errorf("%s: parse: %v", name, err)
		return nil
	}
	out := []byte(printer.String(m))
	m2, err := parser.ParseFile(fset, name+" (formatted)", out)
	if err != nil {
		t.Errorf("%s: formatted output does not parse: %v", name, err)
		return nil
	}
	if d := diffTrees(m, m2); d != "" {
		t.Errorf("%s: printing changed the tree: %s", name, d)
	}
	out2 := []byte(printer.String(m2))
	if !bytes.Equal(out, out2) {
		t.Errorf("%s: fmt is not idempotent", name)
	}
	return out
}

// TestCarriedCorpus checks the committed nvcc and clang output.
func TestCarriedCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	if len(files) < 5 {
		t.Fatalf("carried corpus missing: %d files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkFile(t, f, src)
	}
}

// A flavour is one compiler configuration of the generated corpus.
type flavour struct {
	name  string
	tool  string
	arch  string
	m32   bool
	args  []string
	sass  bool // compare ptxas SASS of the original and the formatted files
	carry bool // part of the committed corpus
}

func flavours() []flavour {
	var fl []flavour
	for _, m := range []string{"-m64", "-m32"} {
		for _, g := range []string{"", "-G"} {
			for _, a := range []string{"sm_52", "sm_70", "sm_90"} {
				if m == "-m32" && a == "sm_90" {
					continue // nvcc 11.8: 32-bit mode is not supported for sm_90
				}
				name := "nvcc" + m + g + "-" + a
				f := flavour{name: name, tool: oracle.NVCC, arch: a, m32: m == "-m32", args: []string{m, "-arch=" + a}}
				if g != "" {
					f.args = append(f.args, g)
				}
				switch name {
				case "nvcc-m64-sm_70", "nvcc-m64-G-sm_90", "nvcc-m32-sm_52", "nvcc-m32-G-sm_70":
					f.sass = true
				}
				f.carry = name == "nvcc-m64-sm_70" || name == "nvcc-m32-sm_52" || name == "nvcc-m64-G-sm_70"
				fl = append(fl, f)
			}
		}
	}
	for _, g := range []string{"", "-g"} {
		f := flavour{name: "clang" + g + "-sm_70", tool: oracle.Clang, arch: "sm_70", sass: true, carry: true,
			args: oracle.ClangCUDAArgs("sm_70")}
		if g != "" {
			f.args = append(f.args, g)
		}
		fl = append(fl, f)
	}
	return fl
}

// compile compiles every testdata/cu program in one invocation of the
// flavour's compiler and returns the PTX files by program name.
//
// The sources are copied to the working directory and named relative to
// it, so that the debug information of -G and -g names that directory
// only: a fixed one under -update-corpus, for the committed files.
func compile(t *testing.T, f flavour, srcs []string) (map[string][]byte, error) {
	dir := t.TempDir()
	if *updateCorpus {
		dir = filepath.Join(os.TempDir(), "ptxabi-corpus", f.name)
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, err
		}
	}
	var rel []string
	for _, s := range srcs {
		data, err := os.ReadFile(s)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(s)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			return nil, err
		}
		rel = append(rel, name)
	}
	srcs = rel
	var args []string
	if f.tool == oracle.NVCC {
		args = append([]string{"-ptx"}, f.args...)
	} else {
		args = f.args
	}
	args = append(args, srcs...)
	if _, err := oracle.Run(dir, f.tool, args...); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
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
		out[base] = data
	}
	return out, nil
}

// TestGeneratedCorpus compiles testdata/cu with nvcc (both address sizes,
// with and without -G, sm_52/70/90) and clang-14, checks that every file
// parses and formats idempotently, and for a subset that ptxas makes the
// same SASS of the formatted file as of the original.
func TestGeneratedCorpus(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVDISASM)
	srcs, _ := filepath.Glob("testdata/cu/*.cu")
	for i, s := range srcs {
		abs, _ := filepath.Abs(s)
		srcs[i] = abs
	}
	if len(srcs) == 0 {
		t.Fatal("no testdata/cu programs")
	}
	fls := flavours()
	type result struct {
		f     flavour
		files map[string][]byte
		err   error
	}
	results := make([]result, len(fls))
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	for i, f := range fls {
		if !oracle.Have(f.tool) {
			results[i].err = fmt.Errorf("%s not found on PATH", f.tool)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			files, err := compile(t, f, srcs)
			results[i] = result{f, files, err}
		}()
	}
	wg.Wait()
	var sassJobs []sassJob
	total := 0
	for i, r := range results {
		f := fls[i]
		if r.err != nil {
			if f.tool == oracle.Clang && !oracle.Have(f.tool) {
				t.Logf("%s skipped: %v", f.name, r.err)
				continue
			}
			t.Errorf("%s: %v", f.name, r.err)
			continue
		}
		names := make([]string, 0, len(r.files))
		for n := range r.files {
			names = append(names, n)
		}
		sort.Strings(names)
		if len(names) != len(srcs) {
			t.Errorf("%s: %d PTX files for %d programs", f.name, len(names), len(srcs))
		}
		for _, n := range names {
			src := r.files[n]
			total++
			out := checkFile(t, f.name+"/"+n+".ptx", src)
			if out != nil && f.sass {
				sassJobs = append(sassJobs, sassJob{name: f.name + "/" + n, arch: f.arch, m32: f.m32, orig: src, formatted: out})
			}
			if *updateCorpus && f.carry {
				p := filepath.Join("testdata", "corpus", f.name+"-"+n+".ptx")
				if err := os.WriteFile(p, src, 0o666); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("parsed and formatted %d generated PTX files", total)
	compareSASS(t, sassJobs)
}

var sharedSymbolSuffix = regexp.MustCompile(`(\$[\w$]*?)__[0-9]+\b`)

type sassJob struct {
	name            string
	arch            string
	m32             bool
	orig, formatted []byte
}

// compareSASS assembles both versions of each job with ptxas and compares
// the cubins, or where they differ the SASS listings.
func compareSASS(t *testing.T, jobs []sassJob) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	errs := make([]string, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			var cubin [2]string
			for k, text := range [][]byte{j.orig, j.formatted} {
				// The same file name in two directories, so that
				// identical code gives identical cubins.
				d := filepath.Join(dir, fmt.Sprintf("j%d-%d", i, k))
				if err := os.Mkdir(d, 0o777); err != nil {
					errs[i] = err.Error()
					return
				}
				if err := os.WriteFile(filepath.Join(d, "in.ptx"), text, 0o666); err != nil {
					errs[i] = err.Error()
					return
				}
				m := "-m64"
				if j.m32 {
					m = "-m32"
				}
				if _, err := oracle.Run(d, oracle.PTXAS, m, "-c", "-arch="+j.arch, "-o", "out.cubin", "in.ptx"); err != nil {
					errs[i] = err.Error()
					return
				}
				cubin[k] = filepath.Join(d, "out.cubin")
			}
			a, err1 := os.ReadFile(cubin[0])
			b, err2 := os.ReadFile(cubin[1])
			if err1 == nil && err2 == nil && bytes.Equal(a, b) {
				return // the same cubin: the same SASS
			}
			var sass [2][]byte
			for k, obj := range cubin {
				// nvdisasm -c prints the SASS cuobjdump -sass does, in
				// seconds where cuobjdump takes minutes on -G cubins.
				out, err := oracle.Run(dir, oracle.NVDISASM, "-c", obj)
				if err != nil {
					errs[i] = err.Error()
					return
				}
				// ptxas numbers the relocation symbols of .shared
				// variables ($__bufs__32) with an internal counter that
				// depends on the source layout, not its meaning.
				sass[k] = sharedSymbolSuffix.ReplaceAll(out, []byte("$1__N"))
			}
			if !bytes.Equal(sass[0], sass[1]) {
				errs[i] = "SASS of the formatted file differs from the original's"
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("%s: %s", jobs[i].name, e)
		}
	}
	t.Logf("compared ptxas SASS of %d original/formatted pairs", len(jobs))
}
