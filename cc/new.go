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
	sizeT := e.Size.Info().Type
	st := x.paramType(sizeT, e.Pos())
	var p *ir.Value
	if e.Placement != nil {
		// new (ptr) T: the object is built at ptr.
		p = x.rvalue(e.Placement[0])
	}
	size := x.convert(x.rvalue(e.Size), st)
	var n *ir.Value
	var cookie int64
	if e.Len != nil {
		n = x.convert(x.rvalue(e.Len), st)
		size = x.b.Op(ir.OpMul, st, n, size)
		if e.Cookie {
			cookie = x.cookieSize(e.Elem, e.Pos())
			size = x.b.Op(ir.OpAdd, st, size, x.b.Const(st, cookie))
		}
	}
	if p == nil {
		malloc := x.systemCall("malloc", &ctypes.Func{Result: voidPtr(), Params: []ctypes.Param{{Name: "size", Type: sizeT}}}, e.Pos())
		p = x.b.Call(malloc, size)
	}
	rt := x.scalar(e.Info().Type, e.Pos())
	if e.Cookie {
		// nvcc's array cookie: the count at the start of the block, the
		// elements after it.
		x.store(p, sizeT, n)
		p = x.offset(p, cookie)
	}
	if call, ok := e.Init.(*ast.Call); ok && n != nil {
		// Each element's constructor, in order.
		es, _ := x.sizeAlign(e.Elem, e.Pos())
		x.countLoop(n, false, func(i *ir.Value) {
			off := x.convert(x.b.Op(ir.OpMul, st, i, x.b.Const(st, es)), x.iptr())
			x.construct(x.b.Op(ir.OpPtrAdd, p.Type, p, off), call)
		})
		return x.convert(p, rt)
	}
	if e.Init == nil {
		return x.convert(p, rt)
	}
	null := x.zero(p.Type)
	init, end := x.b.NewBlock(), x.b.NewBlock()
	from := x.b.B
	x.b.Branch(x.toBool(p), init, end)
	x.b.SetBlock(init)
	if n != nil {
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

// cookieSize is the size of nvcc's array cookie before the elements of
// new T[n] for a class with a destructor: a size_t, or T's alignment
// where that is larger.
func (x *fn) cookieSize(t ctypes.Type, pos token.Pos) int64 {
	_, align := x.sizeAlign(t, pos)
	return max(int64(x.addr/8), align)
}

// countLoop runs body(i) for i from 0 to n-1, or from n-1 down to 0
// (down), n being an unsigned count.
func (x *fn) countLoop(n *ir.Value, down bool, body func(i *ir.Value)) {
	t := n.Type
	head, loop, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
	start := x.b.Const(t, 0)
	if down {
		start = n
	}
	x.b.Jump(head)
	x.b.SetBlock(head)
	i := x.b.Phi(head, t, start)
	if down {
		x.b.Branch(x.b.Cmp(ir.Gt, i, x.b.Const(t, 0)), loop, end)
	} else {
		x.b.Branch(x.b.Cmp(ir.Lt, i, n), loop, end)
	}
	x.b.SetBlock(loop)
	idx := i
	if down {
		idx = x.b.Op(ir.OpSub, t, i, x.b.Const(t, 1))
	}
	body(idx)
	next := idx
	if !down {
		next = x.b.Op(ir.OpAdd, t, i, x.b.Const(t, 1))
	}
	latch := x.b.B
	x.b.Jump(head)
	for _, p := range head.Preds {
		if p == latch {
			i.Args = append(i.Args, next)
		}
	}
	x.b.SetBlock(end)
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
	if e.Array {
		// delete[]: the count from nvcc's array cookie, the elements'
		// destructors last to first, then free of the block.
		pt, _ := ctypes.Unqualified(e.X.Info().Type).(*ctypes.Pointer)
		es, _ := x.sizeAlign(pt.Elem, e.Pos())
		cookie := x.cookieSize(pt.Elem, e.Pos())
		sizeT := ir.IntT(x.addr, false)
		block := x.offset(p, -cookie)
		n := x.b.Load(sizeT, block, int64(x.addr/8))
		dtor := x.function(e.Dtor)
		x.countLoop(n, true, func(i *ir.Value) {
			off := x.b.Op(ir.OpMul, sizeT, i, x.b.Const(sizeT, es))
			x.b.Call(dtor, x.generic(x.b.Op(ir.OpPtrAdd, p.Type, p, off)))
		})
		p = block
	} else {
		x.b.Call(x.function(e.Dtor), x.generic(p))
	}
	x.b.Call(free, x.convert(p, x.paramType(voidPtr(), e.Pos())))
	x.b.Jump(end)
	x.b.SetBlock(end)
}
