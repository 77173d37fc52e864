package all_test

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

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

// TestGeneratedCorpusSilent takes the PTX-syntax corpus (the parser's and
// this package's programs compiled by nvcc -m64 and -m32, with and
// without -G, for every architecture, -rdc, and clang-14 at -O0 and -O3,
// with and without -g: internal/ptxcorpus) and checks that vet says nothing about any file, alone and
// with the other files of its flavour as one program.
func TestGeneratedCorpusSilent(t *testing.T) {
	files := ptxcorpus.Generate(t, ptxcorpus.Flavours())
	byFlavour := map[string][]ptxcorpus.File{}
	fp := 0
	for _, f := range files {
		fp += expectSilent(t, []string{f.Name}, [][]byte{f.Src})
		byFlavour[f.Flavour] = append(byFlavour[f.Flavour], f)
	}
	for _, fs := range byFlavour {
		var names []string
		var srcs [][]byte
		for _, f := range fs {
			names = append(names, f.Name)
			srcs = append(srcs, f.Src)
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
