// Package syscall implements guide §3, System Calls: the prototypes of the
// driver-provided functions vprintf, malloc, free and __assertfail for each
// address size, the packing of printf's arguments into the buffer that
// vprintf's valist points to, a decoder that turns a format and such a
// buffer into the text the driver prints, and the lowerings of printf,
// assert, malloc and free to PTX syntax trees (package ptx/ast) that call
// them (Builder).
//
// The guide's example converts addresses with "cvta.global.b32"; ptxas
// accepts only .u32 and .u64 for cvta, which is what Builder writes.
package syscall

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/target"
)

// Param is one .param of a prototype: its PTX type (".b32") and name.
type Param struct {
	Type string
	Name string
}

func (p Param) String() string { return ".param " + p.Type + " " + p.Name }

// Prototype is the declaration of a system call (guide §3).
type Prototype struct {
	Name   string
	Result *Param // nil for a function with no return value (free, __assertfail)
	Params []Param
}

// String is the prototype as the guide writes it, without a final ';':
// ".extern .func (.param .s32 status) vprintf (.param .b64 format, .param .b64 valist)".
func (p Prototype) String() string {
	var b strings.Builder
	b.WriteString(".extern .func ")
	if p.Result != nil {
		fmt.Fprintf(&b, "(%s) ", p.Result)
	}
	b.WriteString(p.Name + " (")
	for i, q := range p.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(q.String())
	}
	b.WriteString(")")
	return b.String()
}

// Decl is the prototype as a PTX declaration: String with a final ';'.
func (p Prototype) Decl() string { return p.String() + ";" }

// Func is the prototype as a PTX syntax tree: an .extern .func declaration
// without a body, which package ptx/printer prints.
func (p Prototype) Func() *ast.Function {
	param := func(q Param) *ast.Variable {
		return &ast.Variable{Space: ".param", Type: q.Type, Names: []*ast.Declarator{{Name: q.Name}}}
	}
	f := &ast.Function{Linkage: []string{".extern"}, Name: p.Name, HasParams: true}
	if p.Result != nil {
		f.Return = []*ast.Variable{param(*p.Result)}
	}
	for _, q := range p.Params {
		f.Params = append(f.Params, param(q))
	}
	return f
}

// ABIDecl is the prototype as package abi declares an .extern .func, for
// building call sequences with abi.Call.
func (p Prototype) ABIDecl(t target.Target) *abi.Decl {
	param := func(q Param) *abi.Param {
		bits, _, _ := regBits(q.Type)
		n := int64(bits / 8)
		return &abi.Param{Name: q.Name, Type: q.Type, Align: n, Size: n}
	}
	d := &abi.Decl{Name: p.Name, Kind: abi.Func, Linkage: abi.Extern, AddressSize: t.AddressSize}
	if p.Result != nil {
		d.Ret = param(*p.Result)
	}
	for _, q := range p.Params {
		d.Params = append(d.Params, param(q))
	}
	return d
}

// prototype returns the prototype of the system call name for t.
func prototype(t target.Target, name string) Prototype {
	for _, p := range Prototypes(t) {
		if p.Name == name {
			return p
		}
	}
	panic("syscall: no system call " + name)
}

// Prototypes returns the four system calls of guide §3 for t's address
// size, in the guide's order. In the guide's notation t1 is the pointer
// type (.b32 for 32-bit addresses, .b64 for 64-bit ones) and t2 the type
// of size_t, which has the same width as an address in both nvcc ABIs.
func Prototypes(t target.Target) []Prototype {
	t1 := fmt.Sprintf(".b%d", t.AddressSize) // pointer
	t2 := fmt.Sprintf(".b%d", t.AddressSize) // size_t
	return []Prototype{
		// .extern .func (.param .s32 status) vprintf (.param t1 format, .param t2 valist)
		{Name: "vprintf", Result: &Param{".s32", "status"}, Params: []Param{{t1, "format"}, {t2, "valist"}}},
		// .extern .func (.param t1 ptr) malloc (.param t2 size)
		{Name: "malloc", Result: &Param{t1, "ptr"}, Params: []Param{{t2, "size"}}},
		// .extern .func free (.param t1 ptr)
		{Name: "free", Params: []Param{{t1, "ptr"}}},
		// .extern .func __assertfail (.param t1 message, .param t1 file,
		// .param .b32 line, .param t1 function, .param t2 charSize)
		{Name: "__assertfail", Params: []Param{{t1, "message"}, {t1, "file"}, {".b32", "line"}, {t1, "function"}, {t2, "charSize"}}},
	}
}
