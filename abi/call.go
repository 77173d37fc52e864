package abi

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// This file is the only one that makes PTX instructions: call sequences
// and .callprototype directives (guide §2.3). It builds them as ptx/ast
// nodes, which package ptx/printer prints, laid out as nvcc lays them out.

// Value is an argument of a call, or where its return value goes.
// Exactly one of Reg, Pieces and Addr is set (none, for a return value
// that is dropped).
type Value struct {
	// Reg is a register (or, for an argument, an immediate) holding a
	// scalar. RegType is its PTX type when it differs from the
	// parameter's: an integral register narrower than a 32-bit parameter
	// (".s8", ".u16" in a 16-bit register) is extended first, by sign or
	// by zero as RegType says (note A).
	Reg     string
	RegType string
	// Pieces hold an aggregate piecewise, each at its byte offset.
	Pieces []Piece
	// Addr is a register holding the address of an aggregate in state
	// space Space ("" for generic, ".local", ".global", ...); the call
	// copies it in pieces as wide as its alignment allows (Chunks).
	Addr  string
	Space string
}

// Piece is a part of an aggregate: Type is a scalar PTX type (".b8",
// ".b32", ".f64", ".v2.b32"...), Reg a register or, for vectors, a brace
// list of registers.
type Piece struct {
	Offset int64
	Type   string
	Reg    string
}

// Chunk is a piece of an aggregate copied as one load and store.
type Chunk struct {
	Offset int64
	Bytes  int64 // 1, 2, 4 or 8
}

// Chunks splits a byte array of size bytes aligned to align into pieces
// as wide as the alignment allows (at most 8 bytes), in order.
func Chunks(size, align int64) []Chunk {
	var out []Chunk
	w := min(max(align, 1), 8)
	for off := int64(0); off < size; {
		for off+w > size || off%w != 0 {
			w /= 2
		}
		out = append(out, Chunk{off, w})
		off += w
	}
	return out
}

// Call is a call of a .func.
type Call struct {
	Callee *Decl
	// Args are the values of Callee.Params, hidden pointers included (the
	// return slot's address first, when Callee.HiddenReturn()).
	Args []Value
	// Ret receives func_retval0; zero to drop it.
	Ret Value
	// Through, when set, is a register holding the callee's address: the
	// call is indirect, through a .callprototype.
	Through string
	// Uni marks a call that all threads of the warp make together
	// (call.uni).
	Uni bool
	// Seq numbers the call sequence within its function; it names the
	// prototype label (prototype_Seq) and the temporaries.
	Seq int
	// Prototype is the label of an indirect call's .callprototype; empty
	// means prototype_SEQ. ptxgen makes them unique in the module, as
	// nvcc numbers them.
	Prototype string
}

// tempRegs are the temporaries a call sequence declares in its scope, by
// width in bytes: 8-bit pieces travel in 16-bit registers.
var tempRegs = [...]struct{ decl, name string }{
	1: {".b16", "%abi_h"}, 2: {".b16", "%abi_h"}, 4: {".b32", "%abi_r"}, 8: {".b64", "%abi_d"},
}

// tempOrder is the order in which a scope declares its temporaries.
var tempOrder = [...]int64{2, 4, 8}

type emitter struct {
	stmts []ast.Stmt
	temps map[string]int // temporaries used, by register prefix
}

func (e *emitter) temp(bytes int64) ast.Expr {
	t := tempRegs[bytes]
	n := e.temps[t.name]
	e.temps[t.name] = n + 1
	return ast.Reg(fmt.Sprintf("%s%d", t.name, n))
}

// ins appends the instruction named by the dotted name.
func (e *emitter) ins(name string, operands ...ast.Expr) {
	e.stmts = append(e.stmts, ast.NewInstruction(name, operands...))
}

// PTX returns the call sequence as nvcc writes one, indented by a tab: a
// { } scope declaring the .param of each argument (param0...) and of the
// return value (retval0), st.param of the arguments (aggregates in pieces
// at their offsets), the call, and ld.param of the return value.
func (c *Call) PTX() (string, error) {
	stmts, err := c.Stmts()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := printer.FprintStmts(&b, printer.NVCC, 1, stmts); err != nil {
		return "", fmt.Errorf("internal error: %v", err)
	}
	return b.String(), nil
}

// Stmts returns the call sequence that PTX prints, as statements of a
// function body: the { } scope, whose first statement is the trailing
// comment "// callseq Seq" of its opening brace, and the same comment
// trailing its closing brace.
func (c *Call) Stmts() ([]ast.Stmt, error) {
	d := c.Callee
	if d == nil {
		return nil, fmt.Errorf("call without a callee")
	}
	if d.Kind != Func {
		return nil, fmt.Errorf("%s is a kernel: a call needs a .func", d.Name)
	}
	if len(c.Args) != len(d.Params) {
		return nil, fmt.Errorf("call of %s with %d arguments; it has %d parameters", d.Name, len(c.Args), len(d.Params))
	}
	for _, p := range append([]*Param{d.Ret}, d.Params...) {
		if p != nil && p.BeyondNoteD() {
			// N5: ptxas rejects such a .param in a call sequence.
			return nil, fmt.Errorf("cannot call %s: %s is aligned to %d bytes; a call can pass at most 128 (guide §2.3 note D)", d.Name, p.Name, p.Align)
		}
	}
	e := &emitter{temps: map[string]int{}}
	var names []ast.Expr
	for i, p := range d.Params {
		name := fmt.Sprintf("param%d", i)
		names = append(names, ast.Reg(name))
		e.stmts = append(e.stmts, paramVar(p, name))
		if err := e.store(p, name, c.Args[i]); err != nil {
			return nil, fmt.Errorf("argument %d of %s: %v", i, d.Name, err)
		}
	}
	var retv []ast.Expr
	if d.Ret != nil {
		e.stmts = append(e.stmts, paramVar(d.Ret, "retval0"))
		retv = []ast.Expr{&ast.Paren{Elems: []ast.Expr{ast.Reg("retval0")}}}
	} else if c.Ret.Reg != "" || c.Ret.Addr != "" || c.Ret.Pieces != nil {
		return nil, fmt.Errorf("%s returns no value", d.Name)
	}
	op := "call"
	if c.Uni {
		op = "call.uni"
	}
	args := &ast.Paren{Elems: names}
	if c.Through != "" {
		label := c.Prototype
		if label == "" {
			label = fmt.Sprintf("prototype_%d", c.Seq)
		}
		e.stmts = append(e.stmts, d.PrototypeNode(label))
		e.ins(op, append(retv, operand(c.Through), args, ast.Reg(label))...)
	} else {
		e.ins(op, append(retv, ast.Reg(d.Name), args)...)
	}
	if d.Ret != nil {
		if err := e.load(d.Ret, "retval0", c.Ret); err != nil {
			return nil, fmt.Errorf("return value of %s: %v", d.Name, err)
		}
	}
	comment := fmt.Sprintf("// callseq %d", c.Seq)
	body := []ast.Stmt{&ast.Comment{Text: comment, Trailing: true}}
	for _, bytes := range tempOrder {
		t := tempRegs[bytes]
		if n := e.temps[t.name]; n > 0 {
			body = append(body, &ast.Variable{Space: ".reg", Type: t.decl, Names: []*ast.Declarator{{Name: t.name, Range: n}}})
		}
	}
	body = append(body, e.stmts...)
	return []ast.Stmt{&ast.Block{Stmts: body}, &ast.Comment{Text: comment, Trailing: true}}, nil
}

// paramVar is the declaration of p as the .param called name, without the
// .ptr attributes of a kernel's parameter.
func paramVar(p *Param, name string) *ast.Variable {
	v := &ast.Variable{Space: ".param", Type: p.Type, Names: []*ast.Declarator{{Name: name}}}
	if p.IsAggregate() {
		v.Align, v.Type, v.Names[0].Dims = int(p.Align), ".b8", []int64{p.Size}
	}
	return v
}

// at is the address operand [base+off], the offset written even when 0.
func at(base string, off int64) *ast.Address {
	return &ast.Address{Elems: []ast.Expr{&ast.Binary{X: operand(base), Op: "+", Y: ast.IntLit(off)}}}
}

// operand is the operand written s: a register or symbol, an immediate
// (12, -1, 0f3F800000, 1.5), or a brace list of them ("{%r1, %r2}").
func operand(s string) ast.Expr {
	s = strings.TrimSpace(s)
	if inner, ok := strings.CutPrefix(s, "{"); ok {
		inner = strings.TrimSuffix(inner, "}")
		var elems []ast.Expr
		for _, x := range strings.Split(inner, ",") {
			elems = append(elems, operand(x))
		}
		return &ast.Braces{Elems: elems}
	}
	if neg, ok := strings.CutPrefix(s, "-"); ok && neg != "" {
		return &ast.Unary{Op: "-", X: operand(neg)}
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return ast.Reg(s)
	}
	kind := ast.Int
	if len(s) > 1 && (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D') && s[0] == '0' ||
		!strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") && strings.ContainsAny(s, ".eE") {
		kind = ast.Float
	}
	return &ast.Lit{Kind: kind, Value: s}
}

// store writes argument v into .param name.
func (e *emitter) store(p *Param, name string, v Value) error {
	if !p.IsAggregate() {
		if v.Reg == "" {
			return fmt.Errorf("a %s parameter needs a register or an immediate", p.Type)
		}
		reg := operand(v.Reg)
		if v.RegType != "" && v.RegType != p.Type && regBits(v.RegType) < 32 && p.Size == 4 {
			// Note A: widen to the 32-bit parameter.
			t := e.temp(4)
			e.ins("cvt."+v.RegType[1:2]+"32"+v.RegType, t, reg)
			reg = t
		}
		e.ins("st.param"+p.Type, at(name, 0), reg)
		return nil
	}
	switch {
	case v.Pieces != nil:
		for _, pc := range v.Pieces {
			e.ins("st.param"+pc.Type, at(name, pc.Offset), operand(pc.Reg))
		}
	case v.Addr != "":
		for _, ch := range Chunks(p.Size, p.Align) {
			t := e.temp(ch.Bytes)
			b := fmt.Sprintf(".b%d", ch.Bytes*8)
			e.ins("ld"+v.Space+b, t, at(v.Addr, ch.Offset))
			e.ins("st.param"+b, at(name, ch.Offset), t)
		}
	default:
		return fmt.Errorf("an aggregate needs pieces or an address")
	}
	return nil
}

// load reads .param name into v.
func (e *emitter) load(p *Param, name string, v Value) error {
	if !p.IsAggregate() {
		if v.Reg != "" {
			e.ins("ld.param"+p.Type, operand(v.Reg), at(name, 0))
		}
		return nil
	}
	switch {
	case v.Pieces != nil:
		for _, pc := range v.Pieces {
			e.ins("ld.param"+pc.Type, operand(pc.Reg), at(name, pc.Offset))
		}
	case v.Addr != "":
		for _, ch := range Chunks(p.Size, p.Align) {
			t := e.temp(ch.Bytes)
			b := fmt.Sprintf(".b%d", ch.Bytes*8)
			e.ins("ld.param"+b, t, at(name, ch.Offset))
			e.ins("st"+v.Space+b, at(v.Addr, ch.Offset), t)
		}
	case v.Reg != "":
		return fmt.Errorf("an aggregate return value needs pieces or an address")
	}
	return nil
}

// regBits is the width of a scalar PTX type (".s16" -> 16).
func regBits(t string) int {
	var n int
	fmt.Sscanf(strings.TrimLeft(t, ".bsuf"), "%d", &n)
	return n
}

// Prototype is the .callprototype directive of d, labelled label, for an
// indirect call, as nvcc writes it: "label : .callprototype (.param .b32
// _) _ (.param .b32 _);".
func (d *Decl) Prototype(label string) string {
	var b strings.Builder
	if err := printer.FprintStmts(&b, printer.NVCC, 0, []ast.Stmt{d.PrototypeNode(label)}); err != nil {
		return "<internal error: " + err.Error() + ">"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// PrototypeNode is the .callprototype directive of d, labelled label.
func (d *Decl) PrototypeNode(label string) *ast.Prototype {
	x := &ast.Prototype{Name: label, HasParams: true}
	if d.Ret != nil {
		x.Return = []*ast.Variable{paramVar(d.Ret, "_")}
	}
	for _, p := range d.Params {
		x.Params = append(x.Params, paramVar(p, "_"))
	}
	return x
}
