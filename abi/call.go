package abi

import (
	"fmt"
	"strings"
)

// This file is the only one that writes PTX instructions: call sequences
// and .callprototype directives (guide §2.3). It writes text; the PTX AST
// can take its place without changing the rest of the package.

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
}

// tempRegs are the temporaries a call sequence declares in its scope, by
// width in bytes: 8-bit pieces travel in 16-bit registers.
var tempRegs = map[int64]struct{ decl, name string }{
	1: {".b16", "%abi_h"}, 2: {".b16", "%abi_h"}, 4: {".b32", "%abi_r"}, 8: {".b64", "%abi_d"},
}

type emitter struct {
	b     strings.Builder
	temps map[string]int // temporaries used, by register prefix
	decl  map[string]string
}

func (e *emitter) temp(bytes int64) string {
	t := tempRegs[bytes]
	n := e.temps[t.name]
	e.temps[t.name] = n + 1
	e.decl[t.name] = t.decl
	return fmt.Sprintf("%s%d", t.name, n)
}

func (e *emitter) ins(format string, args ...any) {
	fmt.Fprintf(&e.b, "\t"+format+"\n", args...)
}

// PTX returns the call sequence: a { } scope declaring the .param of each
// argument (param0...) and of the return value (retval0), st.param of the
// arguments (aggregates in pieces at their offsets), the call, and
// ld.param of the return value.
func (c *Call) PTX() (string, error) {
	d := c.Callee
	if d == nil {
		return "", fmt.Errorf("call without a callee")
	}
	if d.Kind != Func {
		return "", fmt.Errorf("%s is a kernel: a call needs a .func", d.Name)
	}
	if len(c.Args) != len(d.Params) {
		return "", fmt.Errorf("call of %s with %d arguments; it has %d parameters", d.Name, len(c.Args), len(d.Params))
	}
	for _, p := range append([]*Param{d.Ret}, d.Params...) {
		if p != nil && p.BeyondNoteD() {
			// N5: ptxas rejects such a .param in a call sequence.
			return "", fmt.Errorf("cannot call %s: %s is aligned to %d bytes; a call can pass at most 128 (guide §2.3 note D)", d.Name, p.Name, p.Align)
		}
	}
	e := &emitter{temps: map[string]int{}, decl: map[string]string{}}
	var names []string
	for i, p := range d.Params {
		name := fmt.Sprintf("param%d", i)
		names = append(names, name)
		e.ins("%s", paramDecl(p, name))
		if err := e.store(p, name, c.Args[i]); err != nil {
			return "", fmt.Errorf("argument %d of %s: %v", i, d.Name, err)
		}
	}
	retv := ""
	if d.Ret != nil {
		e.ins("%s", paramDecl(d.Ret, "retval0"))
		retv = "(retval0), "
	} else if c.Ret.Reg != "" || c.Ret.Addr != "" || c.Ret.Pieces != nil {
		return "", fmt.Errorf("%s returns no value", d.Name)
	}
	op := "call"
	if c.Uni {
		op = "call.uni"
	}
	if c.Through != "" {
		label := fmt.Sprintf("prototype_%d", c.Seq)
		e.ins("%s", d.Prototype(label))
		e.ins("%s %s%s, (%s), %s;", op, retv, c.Through, strings.Join(names, ", "), label)
	} else {
		e.ins("%s %s%s, (%s);", op, retv, d.Name, strings.Join(names, ", "))
	}
	if d.Ret != nil {
		if err := e.load(d.Ret, "retval0", c.Ret); err != nil {
			return "", fmt.Errorf("return value of %s: %v", d.Name, err)
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\t{ // callseq %d\n", c.Seq)
	for _, name := range []string{"%abi_h", "%abi_r", "%abi_d"} {
		if n := e.temps[name]; n > 0 {
			fmt.Fprintf(&out, "\t.reg %s %s<%d>;\n", e.decl[name], name, n)
		}
	}
	out.WriteString(e.b.String())
	fmt.Fprintf(&out, "\t} // callseq %d\n", c.Seq)
	return out.String(), nil
}

func paramDecl(p *Param, name string) string {
	q := *p
	q.Name = name
	q.PtrAlign = 0
	return q.String() + ";"
}

// store writes argument v into .param name.
func (e *emitter) store(p *Param, name string, v Value) error {
	if !p.IsAggregate() {
		if v.Reg == "" {
			return fmt.Errorf("a %s parameter needs a register or an immediate", p.Type)
		}
		reg := v.Reg
		if v.RegType != "" && v.RegType != p.Type && regBits(v.RegType) < 32 && p.Size == 4 {
			// Note A: widen to the 32-bit parameter.
			t := e.temp(4)
			e.ins("cvt.%s32%s %s, %s;", v.RegType[1:2], v.RegType, t, reg)
			reg = t
		}
		e.ins("st.param%s [%s+0], %s;", p.Type, name, reg)
		return nil
	}
	switch {
	case v.Pieces != nil:
		for _, pc := range v.Pieces {
			e.ins("st.param%s [%s+%d], %s;", pc.Type, name, pc.Offset, pc.Reg)
		}
	case v.Addr != "":
		for _, ch := range Chunks(p.Size, p.Align) {
			t := e.temp(ch.Bytes)
			e.ins("ld%s.b%d %s, [%s+%d];", v.Space, ch.Bytes*8, t, v.Addr, ch.Offset)
			e.ins("st.param.b%d [%s+%d], %s;", ch.Bytes*8, name, ch.Offset, t)
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
			e.ins("ld.param%s %s, [%s+0];", p.Type, v.Reg, name)
		}
		return nil
	}
	switch {
	case v.Pieces != nil:
		for _, pc := range v.Pieces {
			e.ins("ld.param%s %s, [%s+%d];", pc.Type, pc.Reg, name, pc.Offset)
		}
	case v.Addr != "":
		for _, ch := range Chunks(p.Size, p.Align) {
			t := e.temp(ch.Bytes)
			e.ins("ld.param.b%d %s, [%s+%d];", ch.Bytes*8, t, name, ch.Offset)
			e.ins("st%s.b%d [%s+%d], %s;", v.Space, ch.Bytes*8, v.Addr, ch.Offset, t)
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
// indirect call: "label : .callprototype (.param .b32 _) _ (.param .b32 _);".
func (d *Decl) Prototype(label string) string {
	var b strings.Builder
	b.WriteString(label + " : .callprototype ")
	if d.Ret != nil {
		b.WriteString("(" + protoParam(d.Ret) + ") ")
	} else {
		b.WriteString("()")
	}
	b.WriteString("_ (")
	for i, p := range d.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(protoParam(p))
	}
	b.WriteString(");")
	return b.String()
}

func protoParam(p *Param) string {
	q := *p
	q.Name = "_"
	q.PtrAlign = 0
	return q.String()
}
