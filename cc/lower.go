package cc

import (
	"fmt"
	"go/token"
	"slices"
	"sync"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
)

// bailout carries an *Error out of the lowering of one function.
type bailout struct{ err *Error }

// unit is the lowering of a translation unit into one ir.Module.
type unit struct {
	cfg     *Config
	u       *cfront.Unit
	fset    *token.FileSet
	lay     *layout.Layouter
	m       *ir.Module
	addr    int // address size in bits
	funcs   map[*ctypes.FuncDecl]*ir.Func
	bodies  map[*ctypes.FuncDecl]*ast.FuncBody
	globals map[*ctypes.VarDecl]*ir.Var
	// defs are the variables the unit defines, by symbol: an extern
	// declaration of one of them is that variable (extern int x; ...
	// int x = 3;), not a variable another module defines.
	defs    map[string]*ctypes.VarDecl
	statics map[*ast.Var]*ir.Var
	strs    map[string]*ir.Var
	files   map[string]int
	queue   []*ast.FuncBody
	// useAt is the expression being lowered, whose position (usePos) errors
	// about the functions it names report: kept as the expression, as
	// finding the position of every expression lowered costs more than
	// the errors that read one.
	useAt ast.Expr
	// relocs collects the addresses of the initializer being read.
	relocs []ir.Reloc
	// debug records, per function, what the DWARF writer needs.
	debug []*funcDebug
	// builtinSrc are the bodies of the built-in headers' device functions
	// not checked yet, by function, from the first builtinSeen of the
	// unit's Bodies (bodyOf).
	builtinSrc  map[*ctypes.FuncDecl]*cfront.Body
	builtinSeen int
}

func (c *unit) failf(pos token.Pos, format string, args ...any) {
	panic(bailout{&Error{Pos: c.fset.Position(pos), Msg: fmt.Sprintf(format, args...)}})
}

// lowerUnit lowers the kernels of the unit and every function they reach
// (with RDC, every function with external linkage too).
func lowerUnit(cfg *Config, u *cfront.Unit, bodies []*ast.FuncBody, inits []*ast.GlobalInit, lay *layout.Layouter) (cu *unit, err error) {
	c := &unit{cfg: cfg, u: u, fset: u.Fset, lay: lay, addr: cfg.Target.AddressSize,
		m:     &ir.Module{Target: cfg.Target},
		funcs: map[*ctypes.FuncDecl]*ir.Func{}, bodies: map[*ctypes.FuncDecl]*ast.FuncBody{},
		globals: map[*ctypes.VarDecl]*ir.Var{}, statics: map[*ast.Var]*ir.Var{}, strs: map[string]*ir.Var{},
		files: map[string]int{}}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				// A bug of the compiler: an error at the construct being
				// lowered, never a crash of the command.
				b.err = &Error{Pos: u.Fset.Position(c.usePos()), Msg: fmt.Sprintf("internal error of ptxabi cc while compiling this: %v", r)}
			}
			cu, err = nil, b.err
		}
	}()
	for _, b := range bodies {
		c.bodies[b.Decl] = b
	}
	for _, d := range u.File.Funcs {
		if d.Virtual && d.Kind != ctypes.HostFunc {
			c.failf(d.Pos, "virtual function %s: virtual functions are not supported in device code (guide chapter 7)", d.QualifiedName())
		}
	}
	initialized := map[*ctypes.VarDecl]bool{}
	for _, in := range inits {
		initialized[in.Var] = true
	}
	c.defs = map[string]*ctypes.VarDecl{}
	for _, v := range u.File.Vars {
		if !v.Extern && v.Space != ctypes.GenericSpace && !c.builtinVar(v) {
			c.defs[c.varSymbol(v)] = v
		}
	}
	for _, v := range u.File.Vars {
		if textureRefType(v.Type) != nil {
			c.textureRef(v)
			continue
		}
		if v.Space != ctypes.GenericSpace && !c.builtinVar(v) {
			if !initialized[v] {
				c.noDynamicInit(v)
			}
			c.global(v)
		}
	}
	for _, in := range inits {
		if in.Var.Space == ctypes.GenericSpace {
			continue
		}
		if in.Var.Space == ctypes.SharedSpace {
			c.failf(in.Var.Pos, "__shared__ variable %s cannot have an initializer", in.Var.Name)
		}
		g := c.global(in.Var)
		n := len(c.m.Globals)
		g.Init, g.Relocs = c.constBytes(in.Var.Type, in.Init, g.Size)
		if added := c.m.Globals[n:]; len(added) > 0 {
			// String literals the initializer made: declared before
			// the variable whose initializer names them, as ptxas
			// needs.
			c.m.Globals = slices.Insert(c.m.Globals[:n:n], slices.Index(c.m.Globals, g), added...)
		}
	}
	for _, b := range bodies {
		d := b.Decl
		// With RDC, the device functions another module may call: those
		// whose definition is .visible (one that is .weak, as an inline
		// function or a template's instance, is emitted where it is used,
		// as nvcc does), and not those of the built-in headers.
		if d.Kind == ctypes.GlobalFunc || cfg.RDC && d.Kind == ctypes.DeviceFunc && abi.DefinitionLinkage(d) == abi.Visible && !u.InBuiltinHeader(d.Pos) {
			c.function(d)
		}
	}
	if cfg.RDC {
		// An explicit instantiation definition defines its functions
		// where it is written, .weak, used or not, as nvcc does: other
		// modules may call them.
		for _, d := range u.ExplicitInstances {
			if d.Kind == ctypes.DeviceFunc && c.bodies[d] != nil {
				c.function(d)
			}
		}
	}
	for len(c.queue) > 0 {
		b := c.queue[0]
		c.queue = c.queue[1:]
		c.lowerBody(b)
	}
	return c, nil
}

// usePos is the position of the expression being lowered (NoPos before
// the first, or for an expression too broken to have one: an internal
// error reports it).
func (c *unit) usePos() (pos token.Pos) {
	if c.useAt == nil {
		return token.NoPos
	}
	defer func() {
		if recover() != nil {
			pos = token.NoPos
		}
	}()
	return c.useAt.Pos()
}

// bodyOf is the checked body of d: sema's, or the one a built-in header
// gives a device function (sema leaves those to the compiler, which
// checks only the ones a unit uses); nil when d has none, or one that
// does not check, which leaves d a library function the compiler names
// as unsupported.
func (c *unit) bodyOf(d *ctypes.FuncDecl) *ast.FuncBody {
	if fb := c.bodies[d]; fb != nil {
		return fb
	}
	if d.Implicit {
		return c.implicitBody(d)
	}
	if d.Kind != ctypes.DeviceFunc || !c.u.InBuiltinHeader(d.Pos) {
		return nil
	}
	// The built-in headers' bodies, as the unit has them so far (checking
	// one may instantiate more).
	for ; c.builtinSeen < len(c.u.Bodies); c.builtinSeen++ {
		if b := c.u.Bodies[c.builtinSeen]; b.Builtin && b.Func != nil {
			if c.builtinSrc == nil {
				c.builtinSrc = map[*ctypes.FuncDecl]*cfront.Body{}
			}
			c.builtinSrc[b.Func] = b
		}
	}
	b := c.builtinSrc[d]
	if b == nil {
		return nil
	}
	delete(c.builtinSrc, d) // checked once
	fb, err := sema.CheckBody(c.lay, c.u, b)
	if err != nil {
		return nil
	}
	c.bodies[d] = fb
	return fb
}

// implicitBody is the checked body of an implicitly defined default
// constructor (ctypes.FuncDecl.Implicit), which sema leaves to the
// compiler: its default member initializers, in the class's scope. An
// error in them is reported where they are.
func (c *unit) implicitBody(d *ctypes.FuncDecl) *ast.FuncBody {
	b := c.u.ImplicitCtors[d]
	if b == nil {
		return nil
	}
	fb, err := sema.CheckBody(c.lay, c.u, b)
	if err != nil {
		if el, ok := err.(cfront.ErrorList); ok && len(el) > 0 {
			panic(bailout{&Error{Pos: el[0].Pos, Msg: el[0].Msg}})
		}
		c.failf(d.Pos, "%v", err)
	}
	c.bodies[d] = fb
	return fb
}

// noDynamicInit rejects a device variable whose class has a constructor
// or destructor to run: there are no global constructors or destructors
// in device code (guide chapter 7).
func (c *unit) noDynamicInit(v *ctypes.VarDecl) {
	st, ok := ctypes.ElemClass(v.Type)
	if !ok {
		return
	}
	for _, m := range st.Methods {
		if m.Implicit && v.Space != ctypes.SharedSpace {
			// Default member initializers, or members' constructors.
			// (A __shared__ variable is left as it is: nvcc warns that
			// its dynamic initialization is not supported.)
			c.failf(v.Pos, "dynamic initialization is not supported for a __device__ variable (%s, of class %s, whose default constructor initializes members)", v.Name, st.Name())
		}
		if m.Defaulted || m.Deleted {
			continue
		}
		if m.Special == ctypes.Constructor && len(m.Type.Params) == 0 || m.Special == ctypes.Destructor {
			c.failf(v.Pos, "device variable %s of class %s needs a %s at load time: global constructors and destructors are not supported in device code (guide chapter 7)", v.Name, st.Name(), m.Special)
		}
	}
}

func (c *unit) builtinVar(v *ctypes.VarDecl) bool {
	return c.u.InBuiltinHeader(v.Pos)
}

// symbol is the PTX name of d: mangled, or d.Name for extern "C".
func (c *unit) symbol(d *ctypes.FuncDecl) string {
	if d.ExternC {
		return d.Name
	}
	n, err := mangle.Name(d, c.cfg.Target)
	if err != nil {
		c.failf(d.Pos, "%s: %v", d.QualifiedName(), err)
	}
	return n
}

// function returns the ir.Func of d, declaring it (and queueing its body
// for lowering) on first use.
func (c *unit) function(d *ctypes.FuncDecl) *ir.Func {
	if f := c.funcs[d]; f != nil {
		return f
	}
	ct := c.signature(d)
	kind := abi.Func
	if d.Kind == ctypes.GlobalFunc {
		kind = abi.Entry
	}
	params, res := c.signatureTypes(ct, kind, d.Pos)
	name := c.symbol(d)
	body := c.bodyOf(d)
	var f *ir.Func
	if body == nil {
		switch {
		case d.Kind == ctypes.GlobalFunc:
			c.failf(d.Pos, "kernel %s is declared but not defined", d.QualifiedName())
		case c.u.InBuiltinHeader(d.Pos):
			c.failf(c.usePos(), "library function %s is not supported by ptxabi cc (only the built-ins of its prelude are)", d.QualifiedName())
		case !c.cfg.RDC:
			c.failf(c.usePos(), "external function %s is called but not defined: it needs separate compilation (-rdc=true), as nvcc requires", d.QualifiedName())
		}
		f = c.m.Declare(name, params, res)
	} else {
		f = c.m.NewFunc(name, kind, params, res)
		switch {
		case kind == abi.Entry && d.InternalLinkage():
			// static, or in an unnamed namespace: no other module sees
			// it, as nvcc emits it (.entry with no .visible).
			f.Linkage = abi.Internal
		case kind == abi.Entry && c.cfg.RDC && abi.DefinitionLinkage(d) == abi.Weak:
			// A kernel template's instance in separate compilation:
			// .weak, as nvcc emits it, so that modules that each
			// instantiate it link (nvlink rejects two .visible ones).
			f.Linkage = abi.Weak
		case kind == abi.Entry:
			f.Linkage = abi.Visible
		case d.InternalLinkage() || !c.cfg.RDC && !c.cfg.Debug:
			f.Linkage = abi.Internal
		case !c.cfg.RDC:
			// -g without -rdc: a function with external linkage is
			// .visible, as in the guide's chapter 6 example and as nvcc
			// -G writes it.
			f.Linkage = abi.Visible
		default:
			// As nvcc links it: .weak where several modules may define
			// it, else .visible (abi.DefinitionLinkage).
			f.Linkage = abi.DefinitionLinkage(d)
		}
		c.queue = append(c.queue, body)
	}
	f.CType = ct
	f.NoInline = d.HasAttr("noinline")
	if kind == abi.Entry {
		f.Bounds = d.Bounds
	}
	c.funcs[d] = f
	return f
}

// signature is d's C type with this, for a member function, as the first
// parameter.
func (c *unit) signature(d *ctypes.FuncDecl) *ctypes.Func {
	if d.Virtual {
		c.failf(d.Pos, "virtual function %s: not supported in device code (guide chapter 7)", d.QualifiedName())
	}
	if !d.HasThis() {
		return d.Type
	}
	ct := *d.Type
	ct.Params = append([]ctypes.Param{{Name: "this", Type: d.ThisType()}}, d.Type.Params...)
	return &ct
}

// signatureTypes are the IR parameter and result types of a function of
// C type ct (this included) of the given kind. A .func takes and returns
// a class that is not trivially copyable through a pointer to a copy
// (abi step 7): the result's is a first parameter, and the IR function
// returns void.
func (c *unit) signatureTypes(ct *ctypes.Func, kind abi.Kind, pos token.Pos) ([]ir.Type, ir.Type) {
	var params []ir.Type
	res := ir.VoidT
	if !ctypes.IsVoid(ct.Result) {
		if kind == abi.Func && abi.PassedByReference(ct.Result) {
			params = append(params, ir.PtrT(ir.Generic, c.addr))
		} else {
			res = c.paramType(ct.Result, pos)
		}
	}
	for _, p := range ct.Params {
		if kind == abi.Func && abi.PassedByReference(p.Type) {
			params = append(params, ir.PtrT(ir.Generic, c.addr))
			continue
		}
		params = append(params, c.paramType(p.Type, pos))
	}
	return params, res
}

// hiddenResult reports whether a call of a function of C type ft returns
// through a pointer to the caller's object.
func hiddenResult(ft *ctypes.Func) bool {
	return !ctypes.IsVoid(ft.Result) && abi.PassedByReference(ft.Result)
}

// paramType is the IR type of a parameter or result of C type t: a
// reference is a pointer; an aggregate an agg.
func (c *unit) paramType(t ctypes.Type, pos token.Pos) ir.Type {
	if r, ok := ctypes.Unqualified(t).(*ctypes.Reference); ok {
		_ = r
		return ir.PtrT(ir.Generic, c.addr)
	}
	if isAggregate(t) {
		size, align := c.sizeAlign(t, pos)
		return ir.AggT(size, align)
	}
	return c.scalar(t, pos)
}

// global declares the module variable of a __device__, __constant__ or
// __shared__ declaration.
func (c *unit) global(v *ctypes.VarDecl) *ir.Var {
	if g := c.globals[v]; g != nil {
		return g
	}
	name := c.varSymbol(v)
	if d := c.defs[name]; v.Extern && d != nil && d != v {
		g := c.global(d)
		c.globals[v] = g
		return g
	}
	g := &ir.Var{Name: name, Space: irSpace(v.Space)}
	if a, ok := ctypes.Unqualified(v.Type).(*ctypes.Array); ok && a.Unsized {
		if !v.Extern {
			c.failf(v.Pos, "%s: an array of unknown size must be declared extern", v.Name)
		}
		_, align := c.sizeAlign(a.Elem, v.Pos)
		g.Extern, g.Align, g.Size = true, dynSharedAlign(v.Space, align), 0
	} else {
		g.Size, g.Align = c.sizeAlign(v.Type, v.Pos)
		// An extern declaration names a variable another module defines,
		// .extern with its size, as nvcc -rdc declares it. Without
		// -rdc there is no other module: nvcc defines the variable here
		// ("treated as a static definition"), and so does ptxabi cc.
		g.Extern = v.Extern && c.cfg.RDC && v.Space != ctypes.SharedSpace
	}
	if v.Space != ctypes.SharedSpace && !v.InternalLinkage() && v.Class == nil && !g.Extern {
		switch {
		case v.Inline:
			// nvcc: an inline variable with external linkage is
			// .weak, and only in separate compilation.
			if !c.cfg.RDC {
				c.failf(v.Pos, "an inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)")
			}
			g.Weak = true
		case c.cfg.RDC:
			// Other modules may link to it. In whole program
			// compilation there are none, and nvcc gives it no
			// directive.
			g.Visible = true
		}
	}
	c.m.Globals = append(c.m.Globals, g)
	c.globals[v] = g
	return g
}

// textureRefType returns the class of a texture or surface reference
// (texture<T, dim, mode> or surface<void, dim> of CUDA 11.8's
// cuda_texture_types.h and cuda_surface_types.h, built in), or nil when t
// is not one.
func textureRefType(t ctypes.Type) *ctypes.Struct {
	s, ok := ctypes.Unqualified(t).(*ctypes.Struct)
	if !ok || s.Template == nil || len(s.Scope) > 0 || s.Parent != nil || s.Tag != "texture" && s.Tag != "surface" {
		return nil
	}
	return s
}

// textureRef declares the module variable of a texture or surface
// reference: ".global .texref NAME;" (".surfref" for a surface),
// .visible under -rdc unless static or in an unnamed namespace (nvcc
// then gives it a name of its own), as nvcc declares it, whether or not
// a function uses it. A reference is a handle the runtime binds, not
// bytes: it has no initializer and is not passed to functions.
func (c *unit) textureRef(v *ctypes.VarDecl) *ir.Var {
	if g := c.globals[v]; g != nil {
		return g
	}
	if v.Extern {
		c.failf(v.Pos, "extern texture or surface reference %s: separate compilation of references is not supported by ptxabi cc", v.Name)
	}
	name := c.varSymbol(v)
	opaque := "texref"
	if textureRefType(v.Type).Tag == "surface" {
		opaque = "surfref"
	}
	g := &ir.Var{Name: name, Space: ir.Global, Opaque: opaque, Visible: c.cfg.RDC && !v.Static && !slices.Contains(v.Scope, ctypes.AnonymousNamespace)}
	c.m.Globals = append(c.m.Globals, g)
	c.globals[v] = g
	return g
}

// dynSharedAlign is the alignment of an extern array of unknown size in
// space s whose elements are aligned to align: in shared memory (the
// dynamic shared memory of a launch) at least 16, as nvcc declares it, so
// that a kernel may read it as float4 or int4 whatever its element type
// and whatever static shared memory precedes it.
func dynSharedAlign(s ctypes.Space, align int64) int64 {
	if s == ctypes.SharedSpace {
		return max(align, 16)
	}
	return align
}

func irSpace(s ctypes.Space) ir.Space {
	switch s {
	case ctypes.GlobalSpace:
		return ir.Global
	case ctypes.SharedSpace:
		return ir.Shared
	case ctypes.ConstSpace:
		return ir.Const
	case ctypes.LocalSpace:
		return ir.Local
	case ctypes.ParamSpace:
		return ir.Param
	}
	return ir.Generic
}

// stringLit returns the .global variable holding s and a NUL.
func (c *unit) stringLit(s string) *ir.Var {
	if g := c.strs[s]; g != nil {
		return g
	}
	g := &ir.Var{Name: fmt.Sprintf("$str$%d", len(c.strs)), Space: ir.Global, Align: 1, Init: append([]byte(s), 0)}
	g.Size = int64(len(g.Init))
	c.m.Globals = append(c.m.Globals, g)
	c.strs[s] = g
	return g
}

// ---------------------------------------------------------------------
// Types.

func isAggregate(t ctypes.Type) bool {
	switch ctypes.Unqualified(t).(type) {
	case *ctypes.Struct, *ctypes.Array, *ctypes.Vector:
		return true
	}
	return false
}

func (c *unit) sizeAlign(t ctypes.Type, pos token.Pos) (int64, int64) {
	s, err := c.lay.Sizeof(t)
	if err != nil {
		c.failf(pos, "%v", err)
	}
	a, err := c.lay.Alignof(t)
	if err != nil {
		c.failf(pos, "%v", err)
	}
	return s, a
}

// basicTypes maps C's arithmetic types to IR types; long and unsigned
// long follow the address size.
var basicTypes = sync.OnceValue(func() map[ctypes.Kind]ir.Type {
	return map[ctypes.Kind]ir.Type{
		ctypes.Bool: ir.U8, ctypes.Char: ir.I8, ctypes.SChar: ir.I8, ctypes.UChar: ir.U8,
		ctypes.Short: ir.I16, ctypes.UShort: ir.U16, ctypes.Int: ir.I32, ctypes.UInt: ir.U32,
		ctypes.LongLong: ir.I64, ctypes.ULongLong: ir.U64, ctypes.Half: ir.F16,
		ctypes.Float: ir.F32, ctypes.Double: ir.F64, ctypes.WChar: ir.I32,
		ctypes.Char16: ir.U16, ctypes.Char32: ir.U32,
	}
})

// scalar is the IR type of a value of scalar C type t.
func (c *unit) scalar(t ctypes.Type, pos token.Pos) ir.Type {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		switch u.Kind {
		case ctypes.Long:
			return ir.IntT(c.addr, true)
		case ctypes.ULong:
			return ir.IntT(c.addr, false)
		case ctypes.NullPtr:
			return ir.PtrT(ir.Generic, c.addr)
		}
		if it, ok := basicTypes()[u.Kind]; ok {
			return it
		}
		c.failf(pos, "type %s is not supported by ptxabi cc", u)
	case *ctypes.Enum:
		return c.scalar(ctypes.BasicOf(u.Underlying), pos)
	case *ctypes.Pointer, *ctypes.Reference:
		return ir.PtrT(ir.Generic, c.addr)
	case *ctypes.Handle:
		return ir.U64
	}
	c.failf(pos, "type %s has no scalar value", t)
	return ir.VoidT
}

func isBool(t ctypes.Type) bool {
	b, ok := ctypes.Unqualified(t).(*ctypes.Basic)
	return ok && b.Kind == ctypes.Bool
}

func isVolatile(t ctypes.Type) bool {
	for {
		switch u := t.(type) {
		case *ctypes.Qualified:
			if u.Volatile {
				return true
			}
			t = u.Type
		case *ctypes.Typedef:
			t = u.Type
		default:
			return false
		}
	}
}

// elemType is what pointer or array type t points to.
func elemType(t ctypes.Type) ctypes.Type {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Pointer:
		return u.Elem
	case *ctypes.Array:
		return u.Elem
	case *ctypes.Reference:
		return u.Elem
	}
	return nil
}

// varSymbol is the PTX name of a variable at namespace or class scope:
// mangled as nvcc mangles it, or its own name at file scope and with C
// linkage.
func (c *unit) varSymbol(v *ctypes.VarDecl) string {
	if v.ExternC || len(v.Scope) == 0 && v.Class == nil {
		return v.Name
	}
	n, err := mangle.VarName(v)
	if err != nil {
		c.failf(v.Pos, "%s: %v", v.Name, err)
	}
	return n
}
