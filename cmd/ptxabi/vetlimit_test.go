package main

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/vet"
)

// TestVetMemoryLimit: vet's soft memory limit is 2.5 times the files it
// checks in parts, 20 times those it checks whole, 16 MiB at least.
func TestVetMemoryLimit(t *testing.T) {
	name := "../../ptx/parser/testdata/corpus/nvcc-m64-G-sm_70-structs.ptx"
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	// A file of 8 MB made of copies of the module checked in parts, and
	// the module checked whole.
	big := filepath.Join(t.TempDir(), "big.ptx")
	if err := os.WriteFile(big, []byte(strings.Repeat(string(src), 8<<20/len(src)+1)), 0o666); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	parts, err := vet.LoadPartsFile(fset, big, 256<<10)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := vet.ParseFile(fset, name, src)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(big)
	if err != nil {
		t.Fatal(err)
	}
	if parts.Parts() < 2 {
		t.Fatalf("%d parts", parts.Parts())
	}
	for _, tt := range []struct {
		mods []*vet.Module
		want int64
	}{
		{[]*vet.Module{whole}, 16 << 20},
		{[]*vet.Module{parts}, info.Size() * 5 / 2},
		{[]*vet.Module{parts, whole}, info.Size()*5/2 + int64(len(src))*20},
	} {
		if got := vetMemoryLimit(tt.mods); got != tt.want {
			t.Errorf("%d modules: %d, want %d", len(tt.mods), got, tt.want)
		}
	}
}
