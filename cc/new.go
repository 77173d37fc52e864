package cc

import (
	"go/token"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// systemCall returns the guide's malloc or free (chapter 3: §3.2, §3.3),
// declaring it as an .extern .func with the C library's signature on
// first use (the declaration a call of malloc or free by name makes too).
func (x *fn) systemCall(name string, ct *ctypes.Func, pos token.Pos) *ir.Func {
	if f := x.m.Func(name); f != nil {
		return f
	}
	var params []ir.Type
	for _, p := range ct.Params {
		params = append(params, x.paramType(p.Type, pos))
	}
	res := ir.VoidT
	if !ctypes.IsVoid(ct.Result) {
		res = x.paramType(ct.Result, pos)
	}
	f := x.m.Declare(name, params, res)
	f.CType = ct
	return f
}

func voidPtr() ctypes.Type { return &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)} }

// newExpr is a new-expression as nvcc lowers it: malloc(size) (or the
// placement pointer of new (ptr) T), then,
// where the object is initialized, the initialization if the pointer is
// not null (the result is the pointer, or null).
func (x *fn) newExpr(e *ast.New) *ir.Value {
	var p *ir.Value
	if e.Placement != nil {
		// new (ptr) T: the object is built at ptr.
		p = x.rvalue(e.Placement[0])
	}
	sizeT := e.Size.Info().Type
	size := x.convert(x.rvalue(e.Size), x.paramType(sizeT, e.Pos()))
	if p == nil {
		malloc := x.systemCall("malloc", &ctypes.Func{Result: voidPtr(), Params: []ctypes.Param{{Name: "size", Type: sizeT}}}, e.Pos())
		p = x.b.Call(malloc, size)
	}
	rt := x.scalar(e.Info().Type, e.Pos())
	if e.Init == nil {
		return x.convert(p, rt)
	}
	null := x.zero(p.Type)
	init, end := x.b.NewBlock(), x.b.NewBlock()
	from := x.b.B
	x.b.Branch(x.toBool(p), init, end)
	x.b.SetBlock(init)
	if e.Len != nil {
		// new T[n](): zero the bytes.
		memLoop(false)(x, nil, []*ir.Value{p, x.b.Const(ir.U8, 0), size}, ir.VoidT)
	} else {
		x.initialize(p, e.Elem, e.Init)
	}
	inited := x.b.B
	x.b.Jump(end)
	x.b.SetBlock(end)
	phi := x.b.Phi(end, p.Type)
	for _, pred := range end.Preds {
		switch pred {
		case from:
			phi.Args = append(phi.Args, null)
		case inited:
			phi.Args = append(phi.Args, p)
		}
	}
	return x.convert(phi, rt)
}

// deleteExpr is a delete-expression as nvcc lowers it: free(p), after
// the destructor if the pointer is not null where the class has one.
func (x *fn) deleteExpr(e *ast.Delete) {
	free := x.systemCall("free", &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{{Name: "ptr", Type: voidPtr()}}}, e.Pos())
	p := x.rvalue(e.X)
	if e.Dtor == nil || x.bodyOf(e.Dtor) == nil {
		x.b.Call(free, x.convert(p, x.paramType(voidPtr(), e.Pos())))
		return
	}
	destroy, end := x.b.NewBlock(), x.b.NewBlock()
	x.b.Branch(x.toBool(p), destroy, end)
	x.b.SetBlock(destroy)
	x.b.Call(x.function(e.Dtor), x.generic(p))
	x.b.Call(free, x.convert(p, x.paramType(voidPtr(), e.Pos())))
	x.b.Jump(end)
	x.b.SetBlock(end)
}
