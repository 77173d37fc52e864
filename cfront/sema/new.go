package sema

import (
	"go/constant"
	"go/token"
	"slices"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
)

// newExpr types a new-expression ([expr.new]). The object is allocated
// with the guide's malloc system call (§3.2), as nvcc does: Size is the
// byte count (sizeof(T), or n * sizeof(T) computed in size_t for
// new T[n]; for new (ptr) T[n], the bytes new T[n]() zeroes); Init is the initialization of a single object, typed as a
// variable's (a constructor call, a converted value, an aggregate's
// list), or nil for default-initialization that runs no code.
func (c *checker) newExpr(x *ast.New) ast.Expr {
	var place ast.Expr
	if x.Placement != nil {
		// new (p) T: the reserved placement form, operator new(size_t,
		// void *) ([new.delete.placement]), which returns p.
		if len(x.Placement) != 1 {
			c.fail(x.NewPos, "placement new with %d arguments is not supported in device code (only new (ptr) T, the reserved placement form)", len(x.Placement))
		}
		place = c.rvalue(c.expr(x.Placement[0]))
		pt, ok := pointerOf(place.Info().Type)
		if !ok || isFuncType(pt.Elem) {
			c.fail(x.Placement[0].Pos(), "placement new needs an object pointer, not '%s' (only new (ptr) T, the reserved placement form, is supported)", typeStr(place.Info().Type))
		}
		x.Placement[0] = c.convert(place, voidPtr(), false)
	}
	t := c.typeName(x.Type)
	switch {
	case isVoid(t):
		c.fail(x.NewPos, "cannot allocate an object of type 'void' with new")
	case isFuncType(t):
		c.fail(x.NewPos, "cannot allocate a function type with new")
	}
	if _, ok := refOf(t); ok {
		c.fail(x.NewPos, "cannot allocate a reference with new")
	}
	if _, ok := arrayOf(t); ok {
		c.fail(x.NewPos, "new of an array type written as a type-id ('%s') is not supported; write new T[n]", typeStr(t))
	}
	if _, err := c.sizes.Sizeof(t); err != nil {
		c.fail(x.NewPos, "%v", err)
	}
	c.checkAllocator(t, x.Global, x.NewPos, "new", ctypes.OpNew, ctypes.OpNewArray)
	x.Elem = t
	size := ast.Expr(&ast.Sizeof{OpPos: x.NewPos, Type: &ast.TypeName{TypePos: x.NewPos, Type: t}})
	st, isClass := classOf(t)
	if x.Len != nil {
		n := c.rvalue(c.expr(x.Len))
		if nt := n.Info().Type; !isInteger(nt) && !isEnum(nt) {
			c.fail(x.Len.Pos(), "array size in a new-expression must have integral type, not '%s'", typeStr(nt))
		}
		if v := n.Info().Value; v != nil && v.Kind() == constant.Int && constant.Sign(v) < 0 {
			c.fail(x.Len.Pos(), "array size in a new-expression is negative")
		}
		// The count in size_t (nvcc: mul.wide.s32 n, sizeof(T) for an
		// int n); Size is the element's size.
		x.Len = c.convert(n, c.sizeT(), false)
		x.Size = c.expr(size)
		setInfo(x, &ctypes.Pointer{Elem: t}, false)
		var il *ast.InitList
		if x.Init != nil {
			var ok bool
			il, ok = x.Init.(*ast.InitList)
			if !ok || len(il.Elems) != 0 {
				c.fail(x.NewPos, "an initializer of new T[n] other than () or {} (value-initialization) is not supported in device code")
			}
		}
		if !isClass || !constructs(st) {
			// new T[n]() or new T[n]{}: value-initialization, which
			// zeroes the elements (nvcc: a loop over the bytes).
			x.Init = nil
			if il != nil {
				setInfo(il, t, false)
				x.Init = il
			}
		}
		if isClass {
			if c.hasUserDtor(st) {
				c.heapDtor(st, x.NewPos)
				// The array cookie: the count, before the elements,
				// that delete[] reads (not for the placement form).
				x.Cookie = place == nil
			}
			if constructs(st) {
				saved := c.heapClass
				c.heapClass = st
				defer func() { c.heapClass = saved }()
				x.Init = c.defaultConstruct(st, x.NewPos)
				if call, ok := x.Init.(*ast.Call); il != nil && (!ok || call.Func == nil || call.Func.Defaulted) {
					c.fail(x.NewPos, "new T[n]() of '%s', whose default constructor is not user-provided, is not supported in device code", st.Name())
				}
			}
		}
		return x
	}
	x.Size = c.expr(size)
	setInfo(x, &ctypes.Pointer{Elem: t}, false)
	saved := c.heapClass
	c.heapClass = st
	defer func() { c.heapClass = saved }()
	switch {
	case x.Init != nil:
		x.Init = c.initialize(t, x.Init, x.NewPos)
	case isClass:
		x.Init = c.defaultConstruct(st, x.NewPos)
	}
	return x
}

// deleteExpr types a delete-expression ([expr.delete]): the guide's free
// system call (§3.3), after the destructor for a class that has one that
// runs code.
func (c *checker) deleteExpr(x *ast.Delete) ast.Expr {
	e := c.rvalue(c.expr(x.X))
	pt, ok := pointerOf(e.Info().Type)
	if !ok {
		c.fail(x.DeletePos, "cannot delete an expression of type '%s'", typeStr(e.Info().Type))
	}
	if isFuncType(pt.Elem) {
		c.fail(x.DeletePos, "cannot delete a pointer to a function")
	}
	x.X = e
	c.checkAllocator(pt.Elem, x.Global, x.DeletePos, "delete", ctypes.OpDelete, ctypes.OpDeleteArray)
	if st, ok := classOf(pt.Elem); ok && (c.hasUserDtor(st) || st.Dynamic()) {
		x.Dtor = c.heapDtor(st, x.DeletePos)
	}
	setInfo(x, basic(ctypes.Void), false)
	return x
}

// heapDtor is the destructor a delete-expression runs on an object of
// st: its own user-provided one; a destructor that would run its bases'
// or members' destructors is not supported.
func (c *checker) heapDtor(st *ctypes.Struct, pos token.Pos) *ctypes.FuncDecl {
	if st.Dynamic() {
		c.fail(pos, "deleting '%s', a class with virtual functions or bases, is not supported in device code (a virtual destructor's call; guide chapter 7)", st.Name())
	}
	dtor := ctypes.UserDtor(st)
	if dtor == nil || len(st.Bases) > 0 {
		c.fail(pos, "deleting '%s', whose destructor runs its bases' or members' destructors, is not supported in device code", st.Name())
	}
	for _, f := range st.Fields {
		if fs, ok := classOf(f.Type); ok && c.hasUserDtor(fs) {
			c.fail(pos, "deleting '%s', whose destructor runs its members' destructors, is not supported in device code", st.Name())
		}
	}
	return dtor
}

// checkAllocator rejects the new- or delete-expressions that would call
// an operator new or delete of the program's own: a class's (t's or a
// base's, unless global, ::new or ::delete), or one that replaces the
// global function. Only the guide's malloc and free are called.
func (c *checker) checkAllocator(t ctypes.Type, global bool, pos token.Pos, what string, ops ...ctypes.Operator) {
	for _, op := range ops {
		name := "operator " + op.Spelling()
		if e := c.b.Lookup(nil, name); e != nil {
			c.fail(pos, "%s with the program's own '%s' is not supported in device code (only the guide's malloc and free)", what, name)
		}
	}
	st, ok := classOf(t)
	if !ok || global {
		return
	}
	var walk func(st *ctypes.Struct)
	walk = func(st *ctypes.Struct) {
		for _, m := range st.Methods {
			if m.Special == ctypes.OperatorFunc && slices.Contains(ops, m.Operator) {
				c.fail(pos, "%s of '%s', which declares its own '%s', is not supported in device code (only the guide's malloc and free)", what, typeStr(t), m.Name)
			}
		}
		for _, b := range st.Bases {
			if b.Type != nil {
				walk(b.Type)
			}
		}
	}
	walk(st)
}

func voidPtr() ctypes.Type { return &ctypes.Pointer{Elem: basic(ctypes.Void)} }
