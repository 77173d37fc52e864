// Package calls defines the "calls" check: call sites against the
// functions and prototypes they call, and declarations of a function
// against each other across the modules of a program (guide §2.3, §3).
package calls

import (
	"errors"
	"fmt"
	"go/token"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/link"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the calls check.
var Analyzer = &vet.Analyzer{
	Name: "calls",
	Doc: `call sites and declarations against each other

Each direct call passes as many arguments as its callee's declaration
has parameters, each of the parameter's size and kind (floating-point,
other scalar, or aggregate, as nvlink tells them apart) and, for an
aggregate ".param .align A .b8 x[N]", of its alignment, and takes a return value
only from a function that has one, of the same size and alignment. An
indirect call agrees in the same way with its .callprototype, and where
the called address is a function's name moved into a register in the
same function, that function agrees with the prototype. Two
declarations of one function (a forward declaration and the definition,
or an .extern declaration in one file and the definition in another,
as nvlink links them) have the same parameters and return values; both
positions are reported; which definition a declaration names is
resolved as nvlink resolves it (package ptx/link: the module's own
definition first, a .visible one over a .weak one), and the link errors
that package finds (a name defined twice, a function declared as a
variable, a variable declared in another state space) are reported too.
Arguments and parameters whose size cannot be known are not compared.`,
	Run: run,
}

func run(pass *vet.Pass) error {
	m := pass.Module
	l := linkProgram(pass)
	reportLinkError(pass, l)
	sg, _ := sigsPool.Get().(*sigs)
	if sg == nil {
		sg = &sigs{}
	}
	defer sigsPool.Put(sg)
	for _, d := range m.AST.Decls {
		f, ok := d.(*ast.Function)
		if !ok {
			continue
		}
		checkDecls(pass, l, f)
		if f.Body != nil {
			checkBody(pass, f, sg)
		}
	}
	return nil
}

// sig is a parameter list's shapes, with the position that declares
// each (the invalid position where unknown).
type sig struct {
	shapes []vet.Shape
	pos    []token.Pos
}

func sigOf(list []*ast.Variable) sig {
	var s sig
	s.of(list)
	return s
}

// of sets s to list's shapes, in s's memory.
func (s *sig) of(list []*ast.Variable) {
	s.shapes, s.pos = s.shapes[:0], s.pos[:0]
	for _, v := range list {
		for _, d := range v.Names {
			sh, _ := vet.ShapeOf(v, d)
			s.shapes = append(s.shapes, sh)
			s.pos = append(s.pos, v.Start)
		}
	}
}

// sigs is the memory of checkBody's signatures, used again at each call
// (and, through sigsPool, each function).
type sigs struct {
	args, rets, want sig
}

var sigsPool sync.Pool

// diff describes the first difference of got from want, and returns its
// index (-1 for a different count); msg is "" when they agree.
func diff(what string, got, want sig) (msg string, i int) {
	if len(got.shapes) != len(want.shapes) {
		return fmt.Sprintf("%d %s, not %d", len(got.shapes), plural(what, len(got.shapes)), len(want.shapes)), -1
	}
	for i := range got.shapes {
		g, w := got.shapes[i], want.shapes[i]
		if g.Size == 0 || w.Size == 0 {
			continue // unknown: opaque or unsized
		}
		if g.Size != w.Size || g.Array != w.Array || g.Array && g.Align != w.Align || !g.Array && g.Float != w.Float {
			return fmt.Sprintf("%s %d is %s, not %s", what, i+1, describe(g), describe(w)), i
		}
	}
	return "", 0
}

// at returns the position of element i of s, or def.
func (s sig) at(i int, def token.Pos) token.Pos {
	if i >= 0 && i < len(s.pos) && s.pos[i].IsValid() {
		return s.pos[i]
	}
	return def
}

func plural(what string, n int) string {
	if n == 1 {
		return what
	}
	if what == "return value" {
		return "return values"
	}
	return what + "s"
}

func describe(s vet.Shape) string {
	switch {
	case s.Array:
		return fmt.Sprintf("an array of %d bytes aligned to %d", s.Size, s.Align)
	case s.Float:
		return fmt.Sprintf("%d bytes (%s, floating-point)", s.Size, s.Type)
	}
	return fmt.Sprintf("%d bytes (%s)", s.Size, s.Type)
}

// sigDiff compares two declarations' parameters and return values; it
// returns the positions of the first difference in each (or gotAt and
// wantAt for a different count).
func sigDiff(gotRet, gotParams, wantRet, wantParams []*ast.Variable, gotAt, wantAt token.Pos) (msg string, gp, wp token.Pos) {
	g, w := sigOf(gotParams), sigOf(wantParams)
	if d, i := diff("parameter", g, w); d != "" {
		return d, g.at(i, gotAt), w.at(i, wantAt)
	}
	g, w = sigOf(gotRet), sigOf(wantRet)
	if d, i := diff("return value", g, w); d != "" {
		return d, g.at(i, gotAt), w.at(i, wantAt)
	}
	return "", gotAt, wantAt
}

// linked is the program's symbols as package ptx/link resolves them (as
// nvlink does), or the link error that stopped it.
type linked struct {
	prog *link.Program
	err  error
}

func linkProgram(pass *vet.Pass) *linked {
	return pass.Shared("calls/link", func() any {
		mods := make([]*ast.Module, len(pass.Program))
		for i, m := range pass.Program {
			mods[i] = m.AST
		}
		p, err := link.Link(pass.Fset, mods)
		if err != nil {
			// The error's positions need the files' lines.
			if err := pass.NeedPositions(); err != nil {
				return &linked{nil, err}
			}
			p, err = link.Link(pass.Fset, mods)
		}
		return &linked{p, err}
	}).(*linked)
}

// reportLinkError reports the link error, in the module it names, unless
// it is a prototype mismatch, which checkDecls reports in more detail.
func reportLinkError(pass *vet.Pass, l *linked) {
	if l.err == nil {
		return
	}
	var e *link.Error
	if !errors.As(l.err, &e) || e.Pos.Filename != pass.Module.Filename || strings.Contains(e.Msg, "prototype doesn't match") {
		return
	}
	d := vet.Diagnostic{Pos: vet.PosOf(pass.Fset, e.Pos), Message: e.Msg + " (as nvlink links the files)"}
	if e.Other.IsValid() {
		d.Related = []vet.RelatedInformation{{Pos: vet.PosOf(pass.Fset, e.Other), Message: "the other declaration"}}
	}
	if d.Pos.IsValid() && pass.InPart(d.Pos) {
		pass.Report(d)
	}
}

// checkDecls compares a declaration without a body with the definition
// it resolves to as nvlink resolves symbols (package ptx/link): a
// definition in the same module first, else the global one of another
// module. When linking failed, it compares f with every definition of
// its name (a later one in the same module; in another module, when f
// is .extern).
func checkDecls(pass *vet.Pass, l *linked, f *ast.Function) {
	if f.Body != nil {
		return
	}
	if l.prog != nil {
		sym := l.prog.Lookup(pass.ModuleIndex(), f.Name)
		if sym == nil || sym.Func == nil || sym.Func == f || sym.Func.Start == f.Start {
			return
		}
		compareDecl(pass, f, sym.Func, pass.Program[sym.Module])
		return
	}
	for _, m := range pass.Program {
		same := m == pass.Module.Whole()
		if !same && !vet.HasLinkage(f.Linkage, ".extern") {
			continue
		}
		for _, g := range m.Funcs[f.Name] {
			if g.Body == nil || same && g.Start < f.Start {
				continue
			}
			if !same && vet.HasLinkage(g.Linkage, ".extern") {
				continue
			}
			compareDecl(pass, f, g, m)
		}
	}
}

// compareDecl reports where declaration f differs from definition g of
// module m.
func compareDecl(pass *vet.Pass, f, g *ast.Function, m *vet.Module) {
	msg, fp, gp := "", f.Start, g.Start
	if f.Entry != g.Entry {
		msg = fmt.Sprintf("declared %s here but defined as %s", kind(f), kind(g))
	} else if d, p1, p2 := sigDiff(f.Return, f.Params, g.Return, g.Params, f.Start, g.Start); d != "" {
		msg, fp, gp = "declaration does not match the definition: "+d, p1, p2
	}
	if msg == "" {
		return
	}
	where := "in this file"
	if m != pass.Module.Whole() {
		where = "in " + m.Filename
	}
	pass.Report(vet.Diagnostic{Pos: fp, Message: fmt.Sprintf("%s: %s (definition %s)", f.Name, msg, where),
		Related: []vet.RelatedInformation{{Pos: gp, Message: "definition of " + f.Name}}})
}

func kind(f *ast.Function) string {
	if f.Entry {
		return ".entry"
	}
	return ".func"
}

// callee finds the declaration of a function by name in this module:
// its definition if it has one, else its first declaration.
func callee(m *vet.Module, name string) *ast.Function {
	fs := m.Funcs[name]
	for _, f := range fs {
		if f.Body != nil {
			return f
		}
	}
	if len(fs) == 0 {
		return nil
	}
	return fs[0]
}

func checkBody(pass *vet.Pass, f *ast.Function, sg *sigs) {
	m := pass.Module
	// funcRegs maps a register to the function whose address an
	// instruction of this body moved into it, until it is written again.
	funcRegs := map[string]string{}
	vet.Inspect(f.Body, func(s ast.Stmt, stack []*ast.Block) {
		in, ok := s.(*ast.Instruction)
		if !ok {
			return
		}
		if in.Opcode != "call" {
			trackFuncRegs(m, in, funcRegs)
			return
		}
		c, ok := vet.ParseCall(in)
		if !ok {
			return
		}
		args := argSig(&sg.args, c.Args, stack, f)
		rets := argSig(&sg.rets, c.Ret, stack, f)
		if c.Proto == nil {
			name := vet.Name(c.Target)
			g := callee(m, name)
			if g == nil {
				return
			}
			if g.Entry {
				pass.Reportf(in.Start, "call of %s, a kernel (.entry)", name)
				return
			}
			report(pass, in, "call of ", "declaration of ", name, args, rets, &sg.want, c.HasRet, g.Params, g.Return, g.Start)
			return
		}
		proto := findProto(vet.Name(c.Proto), stack)
		if proto == nil {
			return
		}
		if report(pass, in, "indirect call through ", "prototype ", proto.Name, args, rets, &sg.want, c.HasRet, proto.Params, proto.Return, proto.NamePos) {
			return
		}
		if fn, ok := funcRegs[vet.Name(c.Target)]; ok {
			if g := callee(m, fn); g != nil {
				if d, pp, gp := sigDiff(proto.Return, proto.Params, g.Return, g.Params, proto.NamePos, g.Start); d != "" {
					pass.Report(vet.Diagnostic{Pos: pp, Message: fmt.Sprintf("prototype %s does not match %s, whose address the call at line %d calls: %s", proto.Name, fn, pass.Line(in.Start), d),
						Related: []vet.RelatedInformation{{Pos: gp, Message: "declaration of " + fn}, {Pos: in.Start, Message: "the call"}}})
				}
			}
		}
	})
}

// report compares a call's arguments and return operands with the
// callee's parameters and return values, and reports the first
// difference at the call's side (the .param declaration of the argument,
// or the call) with the callee's side related, as what and calleeWhat
// followed by name. It reports whether it found one.
func report(pass *vet.Pass, in *ast.Instruction, what, calleeWhat, name string, args, rets sig, want *sig, hasRet bool, params, ret []*ast.Variable, calleeAt token.Pos) bool {
	want.of(params)
	w := *want
	d, i := diff("argument", args, w)
	if d == "" && hasRet {
		want.of(ret)
		w = *want
		d, i = diff("return value", rets, w)
		args = rets
	}
	if d == "" {
		return false
	}
	pass.Report(vet.Diagnostic{Pos: args.at(i, in.Start), Message: fmt.Sprintf("%s%s at line %d: %s", what, name, pass.Line(in.Start), d),
		Related: []vet.RelatedInformation{{Pos: w.at(i, calleeAt), Message: calleeWhat + name}}})
	return true
}

// argSig returns the shapes of a call's argument or return operands:
// .param variables declared in the enclosing blocks, registers, or
// (unknown) other operands; they are in s's memory.
func argSig(s *sig, ops []ast.Expr, stack []*ast.Block, f *ast.Function) sig {
	s.shapes, s.pos = s.shapes[:0], s.pos[:0]
	for _, x := range ops {
		var sh vet.Shape
		var pos token.Pos
		if name := vet.Name(x); name != "" {
			if v, d := vet.Lookup(name, stack, f); v != nil {
				sh, _ = vet.ShapeOf(v, d)
				pos = v.Start
			}
		}
		s.shapes = append(s.shapes, sh)
		s.pos = append(s.pos, pos)
	}
	return *s
}

// findProto finds the .callprototype label name in the enclosing blocks.
func findProto(name string, stack []*ast.Block) *ast.Prototype {
	for i := len(stack) - 1; i >= 0; i-- {
		for _, s := range stack[i].Stmts {
			if p, ok := s.(*ast.Prototype); ok && p.Name == name {
				return p
			}
		}
	}
	return nil
}

// trackFuncRegs records "mov.bN %r, fname" of a function's address and
// forgets a register that any other instruction writes (its first
// operand, except for stores, which write memory).
func trackFuncRegs(m *vet.Module, in *ast.Instruction, regs map[string]string) {
	if len(in.Operands) == 0 {
		return
	}
	dst := vet.Name(in.Operands[0])
	if dst == "" || in.Opcode == "st" || in.Opcode == "red" || in.Opcode == "bra" {
		return
	}
	if len(regs) > 0 {
		delete(regs, dst)
	}
	if in.Opcode == "mov" && len(in.Operands) == 2 && in.Guard == "" {
		if name := vet.Name(in.Operands[1]); name != "" && len(m.Funcs[name]) > 0 {
			regs[dst] = name
		}
	}
}
