package ir

import (
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

// sameTree reports whether two dominator trees of f agree on every
// block's immediate dominator, reverse postorder and children.
func sameTree(f *Func, a, b *Dom) bool {
	if len(a.RPO) != len(b.RPO) {
		return false
	}
	for i := range a.RPO {
		if a.RPO[i] != b.RPO[i] {
			return false
		}
	}
	for _, blk := range f.Blocks {
		if a.Idom(blk) != b.Idom(blk) || a.Reachable(blk) != b.Reachable(blk) {
			return false
		}
		ka, kb := a.Children(blk), b.Children(blk)
		if len(ka) != len(kb) {
			return false
		}
		for i := range ka {
			if ka[i] != kb[i] {
				return false
			}
		}
	}
	return true
}

// TestDominatorsKept checks that Dominators returns the tree it computed
// while the graph is unchanged, and a new one, right for the new graph,
// after each kind of change: an edge removed, a block added on an edge,
// an edge moved to another block, the blocks reordered.
func TestDominatorsKept(t *testing.T) {
	src, err := os.ReadFile("testdata/saxpy.ir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse("saxpy.ir", string(src), target.Default)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	d := Dominators(f)
	if Dominators(f) != d {
		t.Fatal("the tree of an unchanged graph was computed again")
	}
	changes := []struct {
		name   string
		change func()
	}{
		{"a block on an edge", func() {
			b0, b1 := f.Blocks[0], f.Blocks[1]
			n := f.NewBlock()
			n.Kind = Jump
			b0.Succs[0] = n
			n.Preds = []*Block{b0}
			n.Succs = []*Block{b1}
			b1.Preds[b1.PredIndex(b0)] = n
		}},
		{"the blocks reordered", func() {
			last := len(f.Blocks) - 1
			f.Blocks[1], f.Blocks[last] = f.Blocks[last], f.Blocks[1]
		}},
		{"an edge removed", func() {
			b0 := f.Blocks[0]
			b0.RemoveEdge(1)
			b0.Kind, b0.Control = Jump, nil
		}},
	}
	for _, c := range changes {
		old := Dominators(f)
		c.change()
		got := Dominators(f)
		if got == old {
			t.Errorf("%s: the old tree was kept", c.name)
		}
		if want := dominators(f); !sameTree(f, got, want) {
			t.Errorf("%s: the tree is not the graph's", c.name)
		}
	}
}
