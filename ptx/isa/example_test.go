package isa_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
)

// Look up the first PTX ISA version and target that have an instruction,
// and tell a mistyped opcode from a known one.
func ExampleLookup() {
	for _, name := range []string{"fence.acq_rel.gpu", "cp.async.ca.shared.global", "ld.global.u32"} {
		op, mods := ast.SplitOpcode(name)
		in := isa.Lookup(op, mods)
		fmt.Printf("%s: %s, PTX ISA %s, sm_%d\n", name, in.Name, in.PTX, in.SM)
	}
	fmt.Println(isa.KnownOpcode("fence"), isa.KnownOpcode("fense"), isa.Suggest("fense"))
	// Output:
	// fence.acq_rel.gpu: fence, PTX ISA 6.0, sm_70
	// cp.async.ca.shared.global: cp.async, PTX ISA 7.0, sm_80
	// ld.global.u32: ld, PTX ISA 1.0, sm_10
	// true false fence
}
