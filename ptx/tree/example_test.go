package tree_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/tree"
)

// Parse a module, pick the stores by their opcode without making a node,
// and make the node of each.
func ExampleParse() {
	src := `.version 7.0
.target sm_70
.address_size 64

.visible .entry k(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	@!%p1 bra $L__BB0_2;
	st.global.u32 [%rd1+4], %r1; // the store
$L__BB0_2:
	ret;
}
`
	fset := token.NewFileSet()
	f, err := tree.Parse(fset, "k.ptx", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range f.Decls() {
		fmt.Println(f.Kind(i), f.Text(i)[:min(len(f.Text(i)), 22)])
	}
	for i := range f.Records {
		if f.Kind(i) == tree.Instruction && f.Opcode(i) == "st" {
			s, err := f.Stmt(i)
			if err != nil {
				fmt.Println(err)
				return
			}
			x := s.(*ast.Instruction)
			fmt.Println(fset.Position(x.Pos()), f.Mods(i), f.Operands(i), len(x.Operands))
		}
		if pred, neg := f.Guard(i); pred != "" {
			fmt.Println("guard", pred, neg, f.Name(i))
		}
	}
	// Output:
	// version .version 7.0
	// target .target sm_70
	// address_size .address_size 64
	// function .visible .entry k(.par
	// guard %p1 true bra
	// k.ptx:12:2 .global.u32 [%rd1+4], %r1 2
}
