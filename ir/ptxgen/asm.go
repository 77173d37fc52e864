package ptxgen

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// asm writes inline PTX: the template with its operands put in (%0 the
// result's register, or with several outputs the registers of the
// extracts that read them, then the arguments' registers or immediates;
// %% a %), read by ptx/parser into statements, in a { } scope of its own
// as nvcc writes it, so that registers the template declares stay local.
func (g *gen) asm(v *ir.Value) {
	a := v.Aux.(*ir.Asm)
	var ops []string
	switch v.Type.Kind {
	case ir.Void:
	case ir.Agg:
		outs, _, _ := a.Outputs()
		defer func() {
			// Extracts of one output that the passes left apart copy
			// the register the template wrote.
			for _, u := range g.users.Of(v) {
				if u == nil || u.Op != ir.OpExtract || g.regOf(u) == "" {
					continue
				}
				for i, o := range outs {
					if o.Offset == u.AuxInt && ops[i] != g.regOf(u) {
						g.ins("mov"+typeSuffix(u.Type), g.ident(g.regOf(u)), g.ident(ops[i]))
					}
				}
			}
		}()
		for _, o := range outs {
			r := ""
			for _, u := range g.users.Of(v) {
				if u != nil && u.Op == ir.OpExtract && u.AuxInt == o.Offset && g.regOf(u) != "" {
					r = g.regOf(u)
					break
				}
			}
			if r == "" {
				// An output nothing reads still needs a register to write.
				r = g.regs.fresh(classOf(o.Type))
			}
			ops = append(ops, r)
		}
	default:
		ops = append(ops, g.regOf(v))
	}
	cons := a.Constraints[len(a.Constraints)-len(v.Args):] // the arguments'
	for i, x := range v.Args {
		// An immediate only where the constraint asks for one ("n"): a
		// constant given for a register ("r"(0)) is in a register, as
		// nvcc passes it (vabsdiff4's third operand takes no immediate).
		if c, ok := x.Const(); ok && cons[i] == "n" {
			ops = append(ops, strconv.FormatInt(c, 10))
		} else {
			ops = append(ops, g.use(x))
		}
	}
	t := a.Template
	text, n, ok := ir.ExpandAsm(t, "%", func(n int) (string, bool) {
		if n < len(ops) {
			return ops[n], true
		}
		return "", false
	})
	if !ok {
		g.fail("inline PTX %q names operand %%%d; it has %d", t, n, len(ops))
	}
	src := fmt.Sprintf(".version 7.8\n.target sm_52\n.address_size %d\n.func __asm()\n{\n%s\n}\n", g.addrBits, text)
	mod, err := parser.ParseString(token.NewFileSet(), "asm", src)
	if err != nil {
		g.fail("inline PTX %q: %v", t, err)
	}
	for _, d := range mod.Decls {
		if f, ok := d.(*ast.Function); ok && f.Body != nil {
			g.body = append(g.body, &ast.Block{Stmts: f.Body.Stmts})
			return
		}
	}
	g.fail("internal error: inline PTX %q read no body", t)
}
