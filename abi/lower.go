package abi

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// Error is a function that has no PTX declaration.
type Error struct {
	Pos token.Pos // of the offending parameter or declaration; may be zero
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// At is the error as "file:line:col: message", its position resolved in
// fset (the front end's); without a position, the message alone.
func (e *Error) At(fset *token.FileSet) string {
	if fset == nil || !e.Pos.IsValid() {
		return e.Msg
	}
	return fset.Position(e.Pos).String() + ": " + e.Msg
}

// bailout carries an error out of the lowering; Lower recovers it.
type bailout struct{ err error }

type lowerer struct {
	l    *layout.Layouter
	kind Kind
	addr int
	fn   string
}

func (lw *lowerer) fail(pos token.Pos, format string, args ...any) {
	panic(bailout{&Error{pos, fmt.Sprintf(format, args...)}})
}

// Lower returns the PTX declaration of d (package doc, steps 1 to 9),
// named name: the symbol, which is d.Name for extern "C" and the mangled
// name otherwise. Sizes come from l, whose target decides the address size.
func Lower(d *ctypes.FuncDecl, l *layout.Layouter, name string) (decl *Decl, err error) {
	kind := Func
	switch d.Kind {
	case ctypes.GlobalFunc:
		kind = Entry
	case ctypes.HostFunc:
		return nil, &Error{d.Pos, fmt.Sprintf("%s is a host function and has no PTX declaration", d.QualifiedName())}
	}
	linkage := DefinitionLinkage(d)
	if linkage != Internal && !d.Defined {
		linkage = Extern
	}
	if d.Class != nil && kind == Entry {
		return nil, &Error{d.Pos, fmt.Sprintf("%s: a __global__ function cannot be a member function", d.QualifiedName())}
	}
	decl, err = lower(d.Type, d.ThisType(), kind, linkage, name, l, d.Pos, d.QualifiedName())
	if err == nil && kind == Func && decl.Ret == nil && d.HasAttr("noreturn") { // N15
		decl.NoReturn = true
	}
	return decl, err
}

// LowerFunc lowers a function type as a function of kind, named name (the
// parameter names derive from it), with linkage.
func LowerFunc(f *ctypes.Func, kind Kind, linkage Linkage, name string, l *layout.Layouter) (*Decl, error) {
	return lower(f, nil, kind, linkage, name, l, token.NoPos, name)
}

// lower lowers f; this is the type of the implicit object parameter of a
// member function (nil for none), which nvcc passes first, after the
// hidden return pointer where there is one (step 10).
func lower(f *ctypes.Func, this ctypes.Type, kind Kind, linkage Linkage, name string, l *layout.Layouter, pos token.Pos, srcName string) (decl *Decl, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			decl, err = nil, b.err
		}
	}()
	lw := &lowerer{l: l, kind: kind, addr: l.Target.AddressSize, fn: srcName}
	if lw.addr != 32 && lw.addr != 64 {
		return nil, &Error{pos, fmt.Sprintf("internal error: address size %d", lw.addr)}
	}
	if f == nil {
		return nil, &Error{pos, fmt.Sprintf("internal error: %s has no function type", srcName)}
	}
	if f.Variadic {
		lw.fail(pos, "%s is variadic: a %s cannot take a variable argument list", srcName, kind.Directive())
	}
	d := &Decl{Name: name, Kind: kind, Linkage: linkage, AddressSize: lw.addr}
	if !ctypes.IsVoid(f.Result) {
		if kind == Entry {
			lw.fail(pos, "kernel %s returns %s: a kernel must return void", srcName, f.Result)
		}
		r := lw.param(f.Result, pos, true)
		if r.Hidden {
			r.Return = true
			d.Params = append(d.Params, r)
		} else {
			r.Name = "func_retval0"
			d.Ret = r
		}
	}
	if this != nil {
		d.Params = append(d.Params, lw.param(this, pos, false))
	}
	for _, p := range f.Params {
		d.Params = append(d.Params, lw.param(p.Type, p.Pos, false))
	}
	for i, p := range d.Params {
		p.Name = fmt.Sprintf("%s_param_%d", name, i)
	}
	return d, nil
}

// param lowers one parameter or return type.
func (lw *lowerer) param(t ctypes.Type, pos token.Pos, ret bool) *Param {
	what := "parameter"
	if ret {
		what = "return"
	}
	p := &Param{Source: t}
	// Step 1: decay and references.
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		if ret {
			lw.fail(pos, "%s returns an array", lw.fn)
		}
		return lw.pointer(p, &ctypes.Pointer{Elem: u.Elem})
	case *ctypes.Func:
		if ret {
			lw.fail(pos, "%s returns a function", lw.fn)
		}
		return lw.pointer(p, &ctypes.Pointer{Elem: u})
	case *ctypes.Reference:
		return lw.pointer(p, &ctypes.Pointer{Elem: u.Elem})
	case *ctypes.Pointer:
		return lw.pointer(p, u)
	case *ctypes.MemberPointer: // step 11
		if u.IsFunc() {
			size := 2 * int64(lw.addr/8)
			p.Size, p.Align = size, size/2
			return p
		}
		p.Type = pointerRule.pick(lw.kind, lw.addr)
		p.Size = int64(lw.addr / 8)
		p.Align = p.Size
		return p
	case *ctypes.Enum: // step 2
		if !u.Complete && !u.Fixed {
			lw.fail(pos, "%s type %s is incomplete", what, u)
		}
		return lw.scalar(p, u.Underlying, pos, what)
	case *ctypes.Basic:
		return lw.scalar(p, u.Kind, pos, what)
	case *ctypes.Handle: // step 6
		p.Type = handleRule.pick(lw.kind, lw.addr)
		p.Size, p.Align = 8, 8
		return p
	case *ctypes.Struct:
		if lw.kind == Func && nonTrivial(u, map[*ctypes.Struct]bool{}) { // step 7, N3
			p.Hidden = true
			return lw.pointer(p, &ctypes.Pointer{Elem: u})
		}
		return lw.aggregate(p, t, pos, what)
	case *ctypes.Vector:
		return lw.aggregate(p, t, pos, what)
	}
	lw.fail(pos, "internal error: cannot lower %s type %s", what, t)
	return nil
}

func (lw *lowerer) scalar(p *Param, k ctypes.Kind, pos token.Pos, what string) *Param {
	if k == ctypes.Void || int(k) >= len(scalarRules) {
		lw.fail(pos, "%s of %s has type %s", what, lw.fn, ctypes.BasicOf(k))
	}
	r := scalarRules[k]
	if r.Agg {
		return lw.aggregate(p, ctypes.BasicOf(k), pos, what)
	}
	size, err := lw.l.Sizeof(ctypes.BasicOf(k))
	if err != nil {
		lw.fail(pos, "%v", err)
	}
	p.Type = r.pick(lw.kind, lw.addr)
	p.Size = int64(regBits(p.Type) / 8)
	p.Align = p.Size
	// Step 3, note A.
	if lw.kind == Func && k.IsInteger() && size < 4 {
		p.Bits = int(size * 8)
		if k.IsSigned() {
			p.Ext = SignExt
		} else {
			p.Ext = ZeroExt
		}
	}
	return p
}

// pointer lowers a pointer (step 4).
func (lw *lowerer) pointer(p *Param, ptr *ctypes.Pointer) *Param {
	p.Pointer = true
	p.Space = ptr.Space
	p.Type = pointerRule.pick(lw.kind, lw.addr)
	p.Size = int64(lw.addr / 8)
	p.Align = p.Size
	if lw.kind == Entry && ptr.Space != ctypes.GenericSpace {
		p.PtrAlign = 1
		if a, err := lw.l.Alignof(ptr.Elem); err == nil {
			p.PtrAlign = a
		}
	}
	return p
}

// aggregate lowers a byte array (step 5).
func (lw *lowerer) aggregate(p *Param, t ctypes.Type, pos token.Pos, what string) *Param {
	size, align, err := lw.sizeAlign(t, pos)
	if err != nil {
		lw.fail(pos, "%s of %s: %v", what, lw.fn, err)
	}
	if size, err = paramSize(lw.l, t); err != nil {
		lw.fail(pos, "%s of %s: %v", what, lw.fn, err)
	}
	p.Size, p.Align = size, align
	return p
}

func (lw *lowerer) sizeAlign(t ctypes.Type, pos token.Pos) (int64, int64, error) {
	size, err := lw.l.Sizeof(t)
	if err != nil {
		return 0, 0, err
	}
	align, err := lw.l.Alignof(t)
	return size, align, err
}

// nonTrivial reports whether s is non-trivial for the purposes of calls
// (Itanium C++ ABI §3.1.2.3): marked so, with a user-provided copy or move
// constructor or destructor, dynamic, or holding a base or a member (at any
// depth, through arrays) that is.
func nonTrivial(s *ctypes.Struct, seen map[*ctypes.Struct]bool) bool {
	if s.NonTrivial || s.Dynamic() {
		return true
	}
	if seen[s] {
		return false
	}
	seen[s] = true
	for _, m := range s.Methods {
		if m.Defaulted || m.Deleted {
			continue
		}
		if m.Special == ctypes.Destructor || (m.Special == ctypes.Constructor && copyOrMove(m, s)) {
			return true
		}
	}
	for _, b := range s.Bases {
		if b.Type != nil && nonTrivial(b.Type, seen) {
			return true
		}
	}
	for _, f := range s.Fields {
		if m, ok := ctypes.ElemClass(f.Type); ok && nonTrivial(m, seen) {
			return true
		}
	}
	return false
}

// copyOrMove reports whether constructor m of s takes one parameter of
// type (cv) s& or s&&.
func copyOrMove(m *ctypes.FuncDecl, s *ctypes.Struct) bool {
	if m.Type == nil || len(m.Type.Params) != 1 {
		return false
	}
	r, ok := ctypes.Unqualified(m.Type.Params[0].Type).(*ctypes.Reference)
	return ok && ctypes.Unqualified(r.Elem) == ctypes.Type(s)
}

// inTemplate reports whether c is a class template specialization or is
// nested in one.
func inTemplate(c *ctypes.Struct) bool {
	for ; c != nil; c = c.Parent {
		if c.Template != nil {
			return true
		}
	}
	return false
}

// DefinitionLinkage returns the linkage nvcc gives a definition of d in
// separate compilation (-rdc): Internal where d has internal linkage;
// Weak where several modules may define d: an inline function (N14), an
// instance of a function template, implicit or explicit, or a member of a
// class template's instance (N16); Visible for any other function, an
// explicit specialization of a function template (template <>) included.
func DefinitionLinkage(d *ctypes.FuncDecl) Linkage {
	switch {
	case d.InternalLinkage():
		return Internal
	case d.HasAttr("inline") || d.HasAttr("forceinline"): // N14
		return Weak
	case d.Template != nil && d.Template.Specialization: // N16: an explicit specialization is not
		return Visible
	case d.Template != nil || inTemplate(d.Class): // N16
		return Weak
	}
	return Visible
}

// PassedByReference reports whether a .func takes or returns a value of
// type t through a hidden pointer to a copy (step 7, N3): t is a class
// that is not trivially copyable for the purposes of calls.
func PassedByReference(t ctypes.Type) bool {
	s, ok := ctypes.Unqualified(t).(*ctypes.Struct)
	return ok && nonTrivial(s, map[*ctypes.Struct]bool{})
}
