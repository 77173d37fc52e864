package cc

import (
	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// call lowers a call; the value is the result (for an aggregate result,
// the address of the caller's copy), nil for void.
func (x *fn) call(e *ast.Call) *ir.Value {
	x.setPos(e.Pos())
	x.useAt = e
	if e.Builtin != "" && (e.Func == nil || x.bodyOf(e.Func) == nil) {
		return x.builtin(e)
	}
	if e.Ctor {
		t := e.Info().Type
		size, align := x.sizeAlign(t, e.Pos())
		tmp := x.b.Alloca(size, align)
		x.construct(tmp, e)
		return tmp
	}
	if e.Func != nil {
		callee := x.function(e.Func)
		if callee.Kind != 0 {
			x.failf(e.Pos(), "a kernel cannot be called from device code (it is launched)")
		}
		ft := x.signature(e.Func)
		ret := x.hiddenReturn(ft, e)
		args := x.callArgs(e, ft, e.Recv)
		if ret != nil {
			args = append([]*ir.Value{x.generic(ret)}, args...)
		}
		v := x.b.Call(callee, args...)
		if ret != nil {
			return ret
		}
		if callee.Result.Kind == ir.Void {
			return nil
		}
		return v
	}
	// Indirect: through a function pointer.
	fp := x.rvalue(e.Fun)
	ft := funcTypeOf(e.Fun.Info().Type)
	if ft == nil {
		x.failf(e.Pos(), "call of a value that is not a function pointer")
	}
	sig := &ir.Func{Module: x.m, CType: ft}
	sig.ParamTypes, sig.Result = x.signatureTypes(ft, abi.Func, e.Pos())
	ret := x.hiddenReturn(ft, e)
	args := x.callArgs(e, ft, nil)
	if ret != nil {
		args = append([]*ir.Value{x.generic(ret)}, args...)
	}
	v := x.b.ICall(x.generic(fp), sig, args...)
	if ret != nil {
		return ret
	}
	if sig.Result.Kind == ir.Void {
		return nil
	}
	return v
}

// referent is the address of the object that a reference initialized by
// e binds: e's, for an lvalue; else a temporary holding e's value, which
// lives as long as the function (a const reference to a temporary
// extends its life).
func (x *fn) referent(e ast.Expr) *ir.Value {
	if e.Info().LValue {
		return x.lvalue(e)
	}
	if isAggregate(e.Info().Type) {
		return x.aggregate(e)
	}
	v := x.rvalue(e)
	slot := x.b.Alloca(v.Type.Bytes(), v.Type.Bytes())
	x.b.Store(slot, v, v.Type.Bytes())
	return slot
}

// classOperand is the address of class operand e, and whether e names an
// object (an lvalue, which a copy must copy) rather than a temporary.
func (x *fn) classOperand(e ast.Expr) (*ir.Value, bool) {
	for {
		ic, ok := e.(*ast.ImplicitCast)
		if !ok || ic.Kind != ast.LValueToRValue && ic.Kind != ast.Qualification {
			break
		}
		e = ic.X
	}
	if e.Info().LValue {
		return x.lvalue(e), true
	}
	return x.aggregate(e), false
}

// copyConstruct copies the object of class t at src into dst with t's
// copy constructor where the program declares one (not defaulted: one
// declared and not defined here is called too), bytewise otherwise.
func (x *fn) copyConstruct(dst, src *ir.Value, t ctypes.Type, at ast.Expr) {
	st, _ := ctypes.Unqualified(t).(*ctypes.Struct)
	if st != nil {
		for _, m := range st.Methods {
			if m.Special != ctypes.Constructor || m.Deleted || len(m.Type.Params) != 1 || m.Defaulted && x.bodyOf(m) == nil {
				continue
			}
			r, ok := ctypes.Unqualified(m.Type.Params[0].Type).(*ctypes.Reference)
			if !ok || r.RValue {
				continue
			}
			if ps, ok := ctypes.Unqualified(r.Elem).(*ctypes.Struct); ok && ps == st {
				x.setPos(at.Pos())
				x.b.Call(x.function(m), x.generic(dst), x.generic(src))
				return
			}
		}
	}
	x.copyTyped(dst, src, t)
}

// hiddenReturn is the caller's object that a call e of a function of
// type ft returns through a hidden pointer to it (abi step 7), nil where
// the result is not returned so.
func (x *fn) hiddenReturn(ft *ctypes.Func, e *ast.Call) *ir.Value {
	if !hiddenResult(ft) {
		return nil
	}
	size, align := x.sizeAlign(ft.Result, e.Pos())
	return x.b.Alloca(size, align)
}

func funcTypeOf(t ctypes.Type) *ctypes.Func {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Func:
		return u
	case *ctypes.Pointer:
		f, _ := ctypes.Unqualified(u.Elem).(*ctypes.Func)
		return f
	}
	return nil
}

// callArgs evaluates the arguments for parameters of ft (this first when
// recv is set and ft has it).
func (x *fn) callArgs(e *ast.Call, ft *ctypes.Func, recv ast.Expr) []*ir.Value {
	var args []*ir.Value
	params := ft.Params
	if recv != nil {
		args = append(args, x.generic(x.rvalue(recv)))
		params = params[1:]
	}
	if len(e.Args) != len(params) {
		if ft.Variadic {
			x.failf(e.Pos(), "variadic functions other than printf are not supported by ptxabi cc")
		}
		x.failf(e.Pos(), "call with %d arguments for %d parameters", len(e.Args), len(params))
	}
	for i, a := range e.Args {
		args = append(args, x.argument(a, params[i].Type))
	}
	return args
}

func (x *fn) argument(a ast.Expr, pt ctypes.Type) *ir.Value {
	if _, ok := ctypes.Unqualified(pt).(*ctypes.Reference); ok {
		return x.generic(x.referent(a))
	}
	if abi.PassedByReference(pt) {
		// By invisible reference: the address of the caller's copy,
		// made by the copy constructor from an lvalue; a temporary is
		// the copy itself (elided, as nvcc does).
		src, named := x.classOperand(a)
		if !named {
			return x.generic(src)
		}
		size, align := x.sizeAlign(pt, a.Pos())
		tmp := x.b.Alloca(size, align)
		x.copyConstruct(tmp, src, pt, a)
		return x.generic(tmp)
	}
	if isAggregate(pt) {
		return x.aggregate(a)
	}
	v := x.rvalue(a)
	want := x.scalar(pt, a.Pos())
	if v.Type != want {
		v = x.convert(v, want)
	}
	return v
}

// construct runs constructor call e on the object at p.
func (x *fn) construct(p *ir.Value, e *ast.Call) {
	x.useAt = e
	t := e.Info().Type
	size, align := x.sizeAlign(t, e.Pos())
	d := e.Func
	if d == nil {
		x.zeroBytes(p, size, align)
		return
	}
	if x.bodyOf(d) == nil && d.Defaulted {
		// A defaulted constructor: a copy copies the bytes, a default
		// one leaves them. (One declared and not defined here is called:
		// defined in another module, with -rdc; an error without.)
		if len(e.Args) == 1 {
			x.copyTyped(p, x.aggregate(e.Args[0]), t)
		} else if len(e.Args) != 0 {
			x.failf(e.Pos(), "constructor %s has no body", d.QualifiedName())
		}
		return
	}
	if d.Implicit {
		// Value-initialization zeroes what the constructor leaves
		// (default-initialization may: the bytes are indeterminate).
		x.zeroBytes(p, size, align)
	}
	callee := x.function(d)
	args := []*ir.Value{x.generic(p)}
	ft := x.signature(d)
	for i, a := range e.Args {
		args = append(args, x.argument(a, ft.Params[i+1].Type))
	}
	x.b.Call(callee, args...)
}
