package all_test

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// A flavour is one compiler configuration of the generated corpus: nvcc
// -m64/-m32, with and without -G, for sm_52, sm_70 and sm_90 (no 32-bit
// sm_90: nvcc 11.8 refuses it), -m64 for every other architecture nvcc
// 11.8 knows (-G on two), -rdc=true, and clang-14 at -O0 and -O3, with and
// without -g.
type flavour struct {
	name string
	tool string
	args []string
}

func flavours() []flavour {
	var fl []flavour
	for _, m := range []string{"-m64", "-m32"} {
		for _, g := range []string{"", "-G"} {
			for _, a := range []string{"sm_52", "sm_70", "sm_90"} {
				if m == "-m32" && a == "sm_90" {
					continue
				}
				f := flavour{name: "nvcc" + m + g + "-" + a, tool: oracle.NVCC, args: []string{"-ptx", m, "-arch=" + a}}
				if g != "" {
					f.args = append(f.args, g)
				}
				fl = append(fl, f)
			}
		}
	}
	// Every other architecture nvcc 11.8 knows, 64-bit, and -G on two.
	for _, a := range []string{"sm_35", "sm_50", "sm_53", "sm_60", "sm_61", "sm_62", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89"} {
		fl = append(fl, flavour{name: "nvcc-m64-" + a, tool: oracle.NVCC, args: []string{"-ptx", "-m64", "-arch=" + a, "-Wno-deprecated-gpu-targets"}})
	}
	for _, a := range []string{"sm_80", "sm_89"} {
		fl = append(fl, flavour{name: "nvcc-m64-G-" + a, tool: oracle.NVCC, args: []string{"-ptx", "-m64", "-G", "-arch=" + a}})
	}
	// Relocatable device code: .extern declarations of other modules'
	// functions.
	for _, g := range []string{"", "-G"} {
		fl = append(fl, flavour{name: "nvcc-m64-rdc" + g + "-sm_70", tool: oracle.NVCC, args: append([]string{"-ptx", "-m64", "-rdc=true", "-arch=sm_70"}, strings.Fields(g)...)})
	}
	for _, o := range []string{"", "-O3"} {
		for _, g := range []string{"", "-g"} {
			f := flavour{name: "clang" + o + g + "-sm_70", tool: oracle.Clang,
				args: oracle.ClangCUDAArgs("sm_70")}
			f.args = append(f.args, strings.Fields(o+" "+g)...)
			fl = append(fl, f)
		}
	}
	return fl
}

// sources are the CUDA programs of the corpus: the parser's and this
// package's.
func sources(t testing.TB) []string {
	var srcs []string
	for _, pat := range []string{"../../ptx/parser/testdata/cu/*.cu", "testdata/cu/*.cu"} {
		m, _ := filepath.Glob(pat)
		srcs = append(srcs, m...)
	}
	if len(srcs) == 0 {
		t.Fatal("no CUDA sources")
	}
	return srcs
}

// corpusFile is one PTX file of the generated corpus.
type corpusFile struct {
	flavour, name string
	src           []byte
}

var (
	corpusOnce sync.Once
	corpus     []corpusFile
	corpusErr  error
)

// generatedCorpus compiles the sources with every flavour (once per test
// binary) into a temporary directory.
func generatedCorpus(t testing.TB) []corpusFile {
	oracle.Need(t, oracle.NVCC, oracle.Clang)
	corpusOnce.Do(func() {
		srcs := sources(t)
		dir, err := os.MkdirTemp("", "vetcorpus")
		if err != nil {
			corpusErr = err
			return
		}
		defer os.RemoveAll(dir)
		fls := flavours()
		out := make([][]corpusFile, len(fls))
		errs := make([]error, len(fls))
		sem := make(chan bool, 2)
		var wg sync.WaitGroup
		for i, f := range fls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- true
				defer func() { <-sem }()
				out[i], errs[i] = compile(filepath.Join(dir, f.name), f, srcs)
			}()
		}
		wg.Wait()
		for i := range fls {
			if errs[i] != nil {
				corpusErr = errs[i]
				return
			}
			corpus = append(corpus, out[i]...)
		}
	})
	if corpusErr != nil {
		t.Fatal(corpusErr)
	}
	return corpus
}

func compile(dir string, f flavour, srcs []string) ([]corpusFile, error) {
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
	if _, err := oracle.Run(dir, f.tool, append(f.args, names...)...); err != nil {
		return nil, err
	}
	var out []corpusFile
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
		out = append(out, corpusFile{flavour: f.name, name: f.name + "-" + base + ".ptx", src: data})
	}
	return out, nil
}

// vetSources checks the files as one program with every check.
func vetSources(t testing.TB, names []string, srcs [][]byte) ([]vet.Diagnostic, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	var mods []*vet.Module
	for i, name := range names {
		m, err := vet.ParseFile(fset, name, srcs[i])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		mods = append(mods, m)
	}
	diags, err := vet.Run(fset, mods, all.Analyzers)
	if err != nil {
		t.Fatal(err)
	}
	return diags, fset
}

func expectSilent(t *testing.T, names []string, srcs [][]byte) int {
	t.Helper()
	diags, fset := vetSources(t, names, srcs)
	for _, d := range diags {
		t.Errorf("false positive: %s: %s [%s]", fset.Position(d.Pos), d.Message, d.Category)
	}
	return len(diags)
}

// TestCarriedCorpusSilent: vet says nothing about the committed nvcc and
// clang output of the parser's corpus, file by file.
func TestCarriedCorpusSilent(t *testing.T) {
	files, _ := filepath.Glob("../../ptx/parser/testdata/corpus/*.ptx")
	if len(files) < 5 {
		t.Fatalf("carried corpus missing: %d files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		expectSilent(t, []string{f}, [][]byte{src})
	}
}

// TestGeneratedCorpusSilent compiles the corpus programs with nvcc (-m64
// and -m32, with and without -G, sm_52/70/90) and clang-14 (with and
// without -g) and checks that vet says nothing about any file, alone and
// with the other files of its flavour as one program.
func TestGeneratedCorpusSilent(t *testing.T) {
	files := generatedCorpus(t)
	byFlavour := map[string][]corpusFile{}
	fp := 0
	for _, f := range files {
		fp += expectSilent(t, []string{f.name}, [][]byte{f.src})
		byFlavour[f.flavour] = append(byFlavour[f.flavour], f)
	}
	for _, fs := range byFlavour {
		var names []string
		var srcs [][]byte
		for _, f := range fs {
			names = append(names, f.name)
			srcs = append(srcs, f.src)
		}
		// The programs define distinct kernels; as one program only the
		// cross-module checks see something new.
		fp += expectSilent(t, names, srcs)
	}
	t.Logf("%d files from %d flavours: %d false positives", len(files), len(byFlavour), fp)
}

// TestAnalyzers: every check has a name, a doc whose first line is a
// summary, and a Run function.
func TestAnalyzers(t *testing.T) {
	if err := vet.Validate(all.Analyzers); err != nil {
		t.Fatal(err)
	}
	if len(all.Analyzers) != 7 {
		t.Errorf("%d checks, want 7", len(all.Analyzers))
	}
}
