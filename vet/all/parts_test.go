package all_test

import (
	"fmt"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// TestParts: a file checked in parts (vet.LoadParts, parts of some
// hundred bytes here; and vet.LoadPartsFile, which reads the file a window
// at a time) gets the diagnostics it gets checked whole: the corpus files,
// silent, and a mutant of each kind of each file (the mutation test's),
// each with its diagnostics.
func TestParts(t *testing.T) {
	type file struct{ name, src string }
	var files []file
	carried, _ := filepath.Glob("../../ptx/parser/testdata/corpus/*.ptx")
	for _, f := range carried {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file{filepath.Base(f), string(b)})
	}
	if !testing.Short() && oracle.Have(oracle.NVCC) && oracle.Have(oracle.Clang) {
		for _, f := range ptxcorpus.Generate(t, ptxcorpus.Flavours()) {
			files = append(files, file{f.Name, string(f.Src)})
		}
	}
	dir := t.TempDir()
	check := func(name, src string, parts, window bool) (string, int) {
		fset := token.NewFileSet()
		var m *vet.Module
		var err error
		switch {
		case window:
			if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
				t.Fatal(err)
			}
			m, err = vet.LoadPartsFile(fset, name, 512)
		case parts:
			m, err = vet.LoadParts(fset, name, []byte(src), 512)
		default:
			m, err = vet.ParseFile(fset, name, []byte(src))
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		diags, err := vet.Run(fset, []*vet.Module{m}, all.Analyzers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, d := range diags {
			fmt.Fprintf(&b, "%s: %s [%s]\n", fset.Position(d.Pos), d.Message, d.Category)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "\t%s: %s\n", fset.Position(r.Pos), r.Message)
			}
		}
		return b.String(), m.Parts()
	}
	inParts, mutants, reported := 0, 0, 0
	for fi, f := range files {
		texts := []string{f.src}
		for mi, mu := range mutators() {
			r := rand.New(rand.NewSource(int64(fi*1000 + mi)))
			if out, _, ok := mu.fn(f.src, r); ok {
				texts = append(texts, out)
			}
		}
		name := filepath.Join(dir, f.name)
		for k, src := range texts {
			want, _ := check(name, src, false, false)
			got, n := check(name, src, true, false)
			if n > 1 {
				inParts++
			}
			if got, n := check(name, src, true, true); got != want {
				t.Errorf("%s (text %d, %d parts): in parts read a window at a time:\n%s\nwhole:\n%s", f.name, k, n, got, want)
			}
			if k > 0 {
				mutants++
			}
			if want != "" {
				reported++
			}
			if got != want {
				t.Errorf("%s (text %d, %d parts): in parts:\n%s\nwhole:\n%s", f.name, k, n, got, want)
			}
		}
	}
	t.Logf("%d files, %d mutants: %d checked in more than one part, %d with diagnostics", len(files), mutants, inParts, reported)
	if inParts == 0 || reported == 0 {
		t.Errorf("the test compares nothing: %d texts in parts, %d with diagnostics", inParts, reported)
	}
}

// TestPartsSyntaxErrors: a file checked in parts reports the syntax errors
// it has checked whole, LoadParts those of what it reads (the skeleton)
// and Run those of the instructions and data that LoadParts skims over.
func TestPartsSyntaxErrors(t *testing.T) {
	b, err := os.ReadFile("../../ptx/parser/testdata/corpus/nvcc-m64-G-sm_70-structs.ptx")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, tt := range []struct{ name, old, new string }{
		{"instruction", "ret;", "ret [;"},
		{"operand", "ld.param.u64 \t%rd", "ld.param.u64 \t%%rd"},
		{"data", ".b8 0\n", ".b8 0,,\n"},
		{"declaration", ".visible .entry", ".visible .entryx"},
		{"unclosed scope", "\n}\n", "\n{\n"},
	} {
		k := strings.LastIndex(src, tt.old)
		if k < 0 {
			t.Fatalf("%s: no %q in the file", tt.name, tt.old)
		}
		bad := src[:k] + tt.new + src[k+len(tt.old):]
		_, werr := vet.ParseFile(token.NewFileSet(), "f.ptx", []byte(bad))
		if werr == nil {
			t.Fatalf("%s: the mutant parses", tt.name)
		}
		// With every check, and with one that reads no section.
		name := filepath.Join(t.TempDir(), "f.ptx")
		if err := os.WriteFile(name, []byte(bad), 0o666); err != nil {
			t.Fatal(err)
		}
		_, werr = vet.ParseFile(token.NewFileSet(), name, []byte(bad))
		for k, checks := range [][]*vet.Analyzer{all.Analyzers, all.Analyzers[:1], all.Analyzers, all.Analyzers[:1]} {
			load := func() (*vet.Module, error) { return vet.LoadParts(token.NewFileSet(), name, []byte(bad), 512) }
			if k >= 2 {
				load = func() (*vet.Module, error) { return vet.LoadPartsFile(token.NewFileSet(), name, 512) }
			}
			m, err := load()
			if err == nil {
				if m.Parts() < 2 {
					t.Fatalf("%s: checked in %d part", tt.name, m.Parts())
				}
				_, err = vet.Run(token.NewFileSet(), []*vet.Module{m}, checks)
			}
			if err == nil || err.Error() != werr.Error() {
				t.Errorf("%s, %d checks: in parts: %v\nwhole: %v", tt.name, len(checks), err, werr)
			}
		}
	}
}
