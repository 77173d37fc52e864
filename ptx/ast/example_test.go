package ast_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// An instruction's dotted name splits into its opcode and modifiers.
func ExampleNewInstruction() {
	in := ast.NewInstruction("atom.acquire.gpu.global.add.u32", ast.Reg("%r1"), ast.Addr("%rd1", 8), ast.IntLit(1))
	fmt.Println(in.Opcode, in.Mods, len(in.Operands))
	fmt.Println(in.Name(), in.HasMod(".gpu"))
	// Output:
	// atom [.acquire .gpu .global .add .u32] 3
	// atom.acquire.gpu.global.add.u32 true
}
