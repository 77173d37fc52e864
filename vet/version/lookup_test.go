package version

import (
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
)

// TestLookup checks the check's lookup against isa.Lookup on every name of
// the table, each with a modifier more, a modifier less and one changed.
func TestLookup(t *testing.T) {
	n := 0
	for _, x := range isa.All() {
		op, mods := ast.SplitOpcode(x.Name)
		variants := [][]string{mods, append(append([]string(nil), mods...), ".u32"), append(append([]string(nil), mods...), ".sync", ".aligned")}
		if len(mods) > 0 {
			variants = append(variants, mods[:len(mods)-1], append(append([]string(nil), mods[:len(mods)-1]...), ".zz"))
		}
		for _, ms := range variants {
			in := &ast.Instruction{Opcode: op, Mods: ms}
			want := isa.Lookup(op, ms)
			var got *isa.Instruction
			if o := opcodes()[op]; o != nil {
				got = o.lookup(in)
			}
			if got != want {
				t.Errorf("%s%v: got %v, want %v", op, ms, got, want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no instruction in the table")
	}
}
