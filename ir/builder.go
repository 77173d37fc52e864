package ir

import (
	"math"

	"github.com/ptxabi/ptxabi/abi"
)

// NewFunc adds to m a function definition with an empty entry block and
// its parameters' values. An aggregate parameter's value is a ptr.param.
func (m *Module) NewFunc(name string, kind abi.Kind, params []Type, result Type) *Func {
	f := &Func{Name: name, Kind: kind, ParamTypes: params, Result: result, Module: m}
	for i, t := range params {
		if t.Kind == Agg {
			t = PtrT(Param, m.Target.AddressSize)
		}
		p := f.NewValue(OpParam, t)
		p.AuxInt = int64(i)
		f.Params = append(f.Params, p)
	}
	f.NewBlock()
	m.Funcs = append(m.Funcs, f)
	return f
}

// Declare adds to m the declaration of an external function.
func (m *Module) Declare(name string, params []Type, result Type) *Func {
	f := &Func{Name: name, Kind: abi.Func, Linkage: abi.Extern, ParamTypes: params, Result: result, Module: m}
	m.Funcs = append(m.Funcs, f)
	return f
}

// Builder appends values to a block of a function: the API a front end
// builds IR with. A front end may keep every local variable in memory
// (Local, Load, Store): the mem2reg pass makes them SSA values.
type Builder struct {
	F *Func
	B *Block // where values go; nil after a block is ended
	// Pos is given to every value made (for .loc).
	Pos Pos
}

// NewBuilder returns a builder at the end of f's entry block.
func NewBuilder(f *Func) *Builder { return &Builder{F: f, B: f.Entry()} }

// NewBlock adds an empty block to the function; SetBlock moves to one.
func (b *Builder) NewBlock() *Block    { return b.F.NewBlock() }
func (b *Builder) SetBlock(blk *Block) { b.B = blk }

// Op appends a value of op and type t.
func (b *Builder) Op(op Op, t Type, args ...*Value) *Value {
	v := b.F.NewValue(op, t, args...)
	v.Pos = b.Pos
	return b.B.Append(v)
}

// Const is an integer (or predicate) constant.
func (b *Builder) Const(t Type, x int64) *Value {
	v := b.Op(OpConst, t)
	v.AuxInt = Normalize(t, x)
	return v
}

// Float is a floating-point constant.
func (b *Builder) Float(t Type, x float64) *Value {
	v := b.Op(OpConst, t)
	v.AuxInt = Normalize(t, int64(math.Float64bits(x)))
	return v
}

// Cmp compares x and y.
func (b *Builder) Cmp(c Cond, x, y *Value) *Value {
	v := b.Op(OpCmp, PredT, x, y)
	v.Aux = c
	return v
}

// Sreg reads a special register ("tid.x").
func (b *Builder) Sreg(name string) *Value {
	v := b.Op(OpSreg, sregType(name))
	v.Aux = name
	return v
}

// Addr is the address of module variable g.
func (b *Builder) Addr(g *Var) *Value {
	v := b.Op(OpAddr, PtrT(g.Space, b.F.AddrBits()))
	v.Aux = g.Name
	return v
}

// FuncAddr is the address of device function f, for indirect calls.
func (b *Builder) FuncAddr(f *Func) *Value {
	v := b.Op(OpAddr, PtrT(Generic, b.F.AddrBits()))
	v.Aux = f.Name
	return v
}

// Load reads a t from p.
func (b *Builder) Load(t Type, p *Value, align int64) *Value {
	v := b.Op(OpLoad, t, p)
	v.Align = align
	return v
}

// Store writes x to p.
func (b *Builder) Store(p, x *Value, align int64) *Value {
	v := b.Op(OpStore, VoidT, p, x)
	v.Align = align
	return v
}

// Alloca is size bytes of local memory aligned to align, allocated in the
// entry block (after its other allocas), wherever the builder is.
func (b *Builder) Alloca(size, align int64) *Value {
	e := b.F.Entry()
	v := b.F.NewValue(OpAlloca, PtrT(Local, b.F.AddrBits()))
	v.AuxInt, v.Align, v.Pos = size, align, b.Pos
	i := 0
	for i < len(e.Values) && e.Values[i].Op == OpAlloca {
		i++
	}
	return e.Insert(i, v)
}

// Local is a local variable of type t: an alloca that a front end reads
// and writes with Load and Store, and mem2reg promotes.
func (b *Builder) Local(t Type) *Value { return b.Alloca(t.Bytes(), t.Bytes()) }

// Call calls callee (a direct call). A struct returned by value comes
// back as a ptr.local to the caller's copy of it.
func (b *Builder) Call(callee *Func, args ...*Value) *Value {
	v := b.Op(OpCall, b.resultType(callee), args...)
	v.Aux = callee
	return v
}

func (b *Builder) resultType(f *Func) Type {
	if f.Result.Kind == Agg {
		return PtrT(Local, b.F.AddrBits())
	}
	return f.Result
}

// ICall calls through fn, a generic function pointer, a function with
// sig's signature.
func (b *Builder) ICall(fn *Value, sig *Func, args ...*Value) *Value {
	v := b.Op(OpICall, b.resultType(sig), append([]*Value{fn}, args...)...)
	v.Aux = sig
	return v
}

// Intrinsic appends the PTX instruction in with result type t (VoidT for
// none) and arguments args.
func (b *Builder) Intrinsic(in *Intrinsic, t Type, args ...*Value) *Value {
	v := b.Op(OpIntrinsic, t, args...)
	v.Aux = in
	return v
}

// Asm appends inline PTX a with result type t (VoidT for none).
func (b *Builder) Asm(a *Asm, t Type, args ...*Value) *Value {
	v := b.Op(OpAsm, t, args...)
	v.Aux = a
	return v
}

// Phi adds a phi of type t to blk with the given arguments (in the order of
// blk's predecessors); arguments may be set later.
func (b *Builder) Phi(blk *Block, t Type, args ...*Value) *Value {
	v := b.F.NewValue(OpPhi, t, args...)
	v.Pos = b.Pos
	return blk.Insert(len(blk.Phis()), v)
}

// Jump ends the block with a jump to to.
func (b *Builder) Jump(to *Block) {
	b.B.Kind = Jump
	b.B.AddEdge(to)
	b.B = nil
}

// Branch ends the block with "if c then t else e".
func (b *Builder) Branch(c *Value, t, e *Block) {
	b.B.Kind, b.B.Control = If, c
	b.B.AddEdge(t)
	b.B.AddEdge(e)
	b.B = nil
}

// Ret ends the block with a return of x (nil for void).
func (b *Builder) Ret(x *Value) {
	b.B.Kind, b.B.Control = Return, x
	b.B = nil
}
