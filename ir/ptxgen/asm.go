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
// result's register, then the arguments' registers or immediates; %% a
// %), read by ptx/parser into statements, in a { } scope of its own as
// nvcc writes it, so that registers the template declares stay local.
func (g *gen) asm(v *ir.Value) {
	a := v.Aux.(*ir.Asm)
	var ops []string
	if v.Type.Kind != ir.Void {
		ops = append(ops, g.regOf(v))
	}
	for _, x := range v.Args {
		if c, ok := x.Const(); ok {
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
