package atomic

import (
	"fmt"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/target"
)

// atomType is the PTX type the module uses for each RMW operation (the
// types atom accepts for a 32-bit integer).
var atomType = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"add": "u32", "exch": "b32", "cas": "b32", "and": "b32", "or": "b32", "xor": "b32",
		"min": "s32", "max": "s32", "inc": "u32", "dec": "u32",
	}
})

// EntryName is the name of the .entry that Module writes for m, such as
// "seq_cst_load_gpu".
func EntryName(m Mapping) string { return fmt.Sprintf("%s_%s_%s", m.Order, m.Op, m.Scope) }

// Module writes a PTX module for t with one .entry per mapping of ms, each
// running every sequence of its mapping in turn on the 32-bit integer that
// its .global pointer parameter points to, so that ptxas can check the
// sequences. The .version is the one the sequences need (at least what
// t.SM needs); ms usually comes from Mappings(t).
func Module(t target.Target, ms []Mapping) string {
	v, _ := NeedsPTX(ms)
	if min := target.MinPTX(t.SM); v.Less(min) {
		v = min
	}
	ptrType := fmt.Sprintf("u%d", t.AddressSize)
	var b strings.Builder
	fmt.Fprintf(&b, "// Atomic mappings of the PTX ABI (guide §4, release 13.2) for %s.\n", t.Arch())
	fmt.Fprintf(&b, ".version %s\n.target %s\n.address_size %d\n", v, t.Arch(), t.AddressSize)
	for _, m := range ms {
		name := EntryName(m)
		fmt.Fprintf(&b, "\n// %s\n", m)
		for _, n := range m.Notes {
			fmt.Fprintf(&b, "// note: %s\n", n)
		}
		fmt.Fprintf(&b, ".visible .entry %s(\n\t.param .%s %s_p\n)\n{\n", name, ptrType, name)
		fmt.Fprintf(&b, "\t.reg .b%d %%a;\n\t.reg .b32 %%r<4>;\n", t.AddressSize)
		fmt.Fprintf(&b, "\tld.param.%s %%a, [%s_p];\n\tcvta.to.global.%s %%a, %%a;\n", ptrType, name, ptrType)
		b.WriteString("\tmov.u32 %r1, 1;\n\tmov.u32 %r3, 2;\n")
		for i, s := range m.Sequences {
			fmt.Fprintf(&b, "\t// sequence %d: %s\n", i+1, strings.Join(s, "; "))
			for _, in := range s {
				b.WriteString("\t" + instrPTX(parseInstr(in)) + "\n")
			}
		}
		b.WriteString("\tret;\n}\n")
	}
	return b.String()
}

// instrPTX writes x as a PTX instruction on the global int at %a.
func instrPTX(x instr) string {
	mods := ""
	for _, p := range []string{x.sem, x.scope} {
		if p != "" {
			mods += "." + p
		}
	}
	switch x.opcode {
	case "ld":
		return "ld" + mods + ".global.b32 %r2, [%a];"
	case "st":
		return "st" + mods + ".global.b32 [%a], %r1;"
	case "atom", "red":
		ops := "%r2, [%a], %r1"
		if x.op == "cas" {
			ops += ", %r3"
		}
		return fmt.Sprintf("atom%s.global.%s.%s %s;", mods, x.op, atomType()[x.op], ops)
	}
	return x.opcode + mods + ";" // fence, membar
}
