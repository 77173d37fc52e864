// Package syscalls defines the "syscalls" check: declarations of the
// system calls of guide §3 against their prototypes.
package syscalls

import (
	"fmt"
	"go/token"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the syscalls check.
var Analyzer = &vet.Analyzer{
	Name: "syscalls",
	Doc: `system call declarations against guide §3

A declaration of vprintf, malloc, free or __assertfail must have the
parameters and return value that guide §3 gives for the module's
.address_size (package syscall): their number, and each one's width and
kind (integer or bit-size types agree with each other, as nvcc declares
.b32 where the guide writes .s32; a floating-point type does not). The
names of the parameters do not matter.`,
	Run: run,
}

// prototypes are the system calls' prototypes for .address_size 32 and
// 64, made once: the check runs once a declaration on a big file.
var prototypes = sync.OnceValue(func() map[int]func() []syscall.Prototype {
	return map[int]func() []syscall.Prototype{
		32: sync.OnceValue(func() []syscall.Prototype { return syscall.Prototypes(target.Target{AddressSize: 32}) }),
		64: sync.OnceValue(func() []syscall.Prototype { return syscall.Prototypes(target.Target{AddressSize: 64}) }),
	}
})

func run(pass *vet.Pass) error {
	m := pass.Module
	protos := syscall.Prototypes
	if f, ok := prototypes()[m.Target.AddressSize]; ok {
		protos = func(target.Target) []syscall.Prototype { return f() }
	}
	for _, p := range protos(m.Target) {
		for _, f := range m.Funcs[p.Name] {
			if !pass.InPart(f.Start) {
				continue // reported with the part of the module that holds it
			}
			if f.Entry {
				pass.Reportf(f.Start, "%s is a system call (guide §3): it must be declared as %s", p.Name, p.Decl())
				continue
			}
			if msg, pos := compare(p, f); msg != "" {
				pass.Reportf(pos, "%s is declared %s; guide §3 gives %s for .address_size %d", p.Name, msg, p.Decl(), m.Target.AddressSize)
			}
		}
	}
	return nil
}

// compare describes how f differs from p, and where; msg is "" when
// they agree.
func compare(p syscall.Prototype, f *ast.Function) (msg string, pos token.Pos) {
	var want []syscall.Param
	if p.Result != nil {
		want = append(want, *p.Result)
	}
	got := flatten(f.Return)
	if len(got) != len(want) {
		return fmt.Sprintf("with %d return values", len(got)), f.Start
	}
	for i := range got {
		if !compatible(got[i], want[i].Type) {
			return fmt.Sprintf("with return type %s", describe(got[i])), got[i].v.Start
		}
	}
	got = flatten(f.Params)
	if len(got) != len(p.Params) {
		return fmt.Sprintf("with %d parameters", len(got)), f.Start
	}
	for i := range got {
		if !compatible(got[i], p.Params[i].Type) {
			return fmt.Sprintf("with parameter %d of type %s", i+1, describe(got[i])), got[i].v.Start
		}
	}
	return "", f.Start
}

type param struct {
	v *ast.Variable
	d *ast.Declarator
}

func flatten(list []*ast.Variable) []param {
	var out []param
	for _, v := range list {
		for _, d := range v.Names {
			out = append(out, param{v, d})
		}
	}
	return out
}

func describe(p param) string {
	s := p.v.Type
	if p.v.Vector > 0 {
		s = fmt.Sprintf(".v%d%s", p.v.Vector, s)
	}
	for _, n := range p.d.Dims {
		s += fmt.Sprintf("[%d]", n)
	}
	return s
}

// compatible reports whether a declared parameter agrees with the guide's
// type want: a scalar of the same width, integer or bit-size.
func compatible(p param, want string) bool {
	if len(p.d.Dims) > 0 || p.v.Vector > 0 {
		return false
	}
	t := p.v.Type
	if strings.HasPrefix(t, ".f") || vet.TypeSize(t) == 0 {
		return false
	}
	return vet.TypeSize(t) == vet.TypeSize(want)
}
