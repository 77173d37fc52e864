// Package ir is the SSA intermediate form of the CUDA compiler (issue 15):
// a Module of Funcs, each a list of Blocks of Values in static single
// assignment form. A Value has an operation (Op), a Type (PTX's integer,
// float, predicate and pointer-into-a-state-space types), arguments and an
// auxiliary field; a Block ends in a jump, a conditional branch or a return.
//
// Every function has a text form (Print, Parse) so that the passes of
// package ir/passes are tested on IR written by hand, and a checker (Check)
// of the SSA invariants that the tests run after every pass. A front end
// builds functions with a Builder, from non-SSA local variables if it
// likes (allocas, loads and stores, which the mem2reg pass promotes).
//
// The ABI of guide §2.3 is package abi's: a function's .param declaration
// is Func.Decl, lowered by abi.LowerFunc from its C type (CType, which the
// front end gives, or one made from the IR signature).
package ir

import (
	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// Module is a compilation unit: functions (definitions and declarations)
// and module-level variables, for one target.
type Module struct {
	Target  target.Target
	Funcs   []*Func
	Globals []*Var
	// Files are the source files positions refer to: Pos.File 1 is
	// Files[0].
	Files []string
}

// Func returns the function named name, or nil.
func (m *Module) Func(name string) *Func {
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Var returns the variable named name, or nil.
func (m *Module) Var(name string) *Var {
	for _, g := range m.Globals {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// Var is a module-level variable: a byte array in a state space
// (global, shared or const), with an initializer or zero.
type Var struct {
	Name  string
	Space Space
	Align int64
	Size  int64
	Init  []byte // nil: zero (or, for shared, uninitialized)
	// Extern marks a variable declared, not defined: "extern __shared__
	// T x[]" (Size 0: no size), or one another module defines (Size its
	// size, or 0 for an array of unknown size), declared .extern.
	Extern bool
	// Visible marks a variable other modules may link to (.visible): a
	// __device__ or __constant__ variable with external linkage.
	Visible bool
	// Weak marks a variable each module that uses it defines, the
	// linker keeping one (.weak): an inline variable with external
	// linkage (C++17), as nvcc emits it. Not set with Visible.
	Weak bool
	// Relocs are the addresses in Init: at each Offset, a pointer-sized
	// word holding the generic address of a symbol (a module variable or
	// a function) plus Addend, as in int *p = &x[2];. A variable with
	// relocations is written as an array of address-sized words.
	Relocs []Reloc
	// Opaque is, for a texture or surface reference, its PTX opaque type
	// ("texref" or "surfref", PTX ISA "Texture, Sampler, and Surface
	// Types"): a .global handle with no bytes (Size and Align 0), named
	// only by tex, suld and sust instructions.
	Opaque string
}

// Reloc is an address in a variable's initializer.
type Reloc struct {
	Offset int64
	Sym    string
	Addend int64
}

// Func is a function: a definition (with Blocks) or a declaration.
type Func struct {
	Name    string // the PTX symbol (mangled, unless extern "C")
	Kind    abi.Kind
	Linkage abi.Linkage
	// ParamTypes and Result are the signature. An aggregate parameter
	// (AggT) has a value of type ptr.param: its bytes are read with loads.
	// A function returning an aggregate returns a pointer to its bytes
	// (in any space; they are copied out), and a call of it has a
	// ptr.local to a copy the caller owns.
	ParamTypes []Type
	Result     Type
	// Params are the parameters' values (OpParam), in no block.
	Params []*Value
	// CType, if set by the front end, is the C type that abi lowers;
	// without it, one is made from the signature (see Decl).
	CType *ctypes.Func
	// NoInline marks __noinline__.
	NoInline bool
	// Bounds are a kernel's __launch_bounds__ and __maxnreg__, which
	// ptxgen writes as performance directives. The text form does not
	// show them.
	Bounds ctypes.LaunchBounds
	// AddressTaken marks a function whose address a value or a
	// variable's initializer takes: it may be called indirectly, so its
	// signature must stay as declared (passes.Run sets it).
	AddressTaken bool
	// CallSites is the number of direct calls of this function in its
	// module, and Recursive marks one that is in a cycle of direct
	// calls, before the passes (passes.Run sets both, for Inline).
	CallSites int
	Recursive bool
	// Promoted, when set, says how calls lowered for the declared
	// signature pass their arguments now that a pass (PromoteArgs)
	// replaced pointer parameters of this internal function by the values
	// loaded through them: Promoted[i], when not nil, are the loads
	// through argument i a call passes instead of it, in order.
	Promoted [][]ArgLoad

	Blocks []*Block // Blocks[0] is the entry; empty for a declaration
	Module *Module

	nextValue int
	nextBlock int
	decl      *abi.Decl
	// free are values allocated in a block and not yet handed out, and
	// freeArgs argument slots: a function's values and their arguments
	// come from a few allocations instead of one each.
	free       []Value
	freeArgs   []*Value
	freeValues []*Value // room for blocks' first values (NewBlock)
	// dom is the dominator tree Dominators computed last, for the graph
	// domKey records.
	dom    *Dom
	domKey []int32
}

// ArgLoad is a load through a promoted pointer argument: its offset,
// type and alignment.
type ArgLoad struct {
	Offset int64
	Type   Type
	Align  int64
}

// SetSignature gives f new parameter types and C type (nil: made from
// the IR signature), forgetting the declaration lowered from the old ones.
func (f *Func) SetSignature(params []Type, ct *ctypes.Func) {
	f.ParamTypes, f.CType, f.decl = params, ct, nil
}

// IsDecl reports whether f is a declaration without a body.
func (f *Func) IsDecl() bool { return len(f.Blocks) == 0 }

// Entry is the entry block.
func (f *Func) Entry() *Block { return f.Blocks[0] }

// BlockKind is how a block ends.
type BlockKind uint8

// Block kinds.
const (
	Jump   BlockKind = iota // to Succs[0]
	If                      // to Succs[0] if Control, else Succs[1]
	Return                  // Control is the result, nil for void
)

// Block is a basic block.
type Block struct {
	ID      int
	Name    string // a label from the text form; "" prints bID
	Values  []*Value
	Kind    BlockKind
	Control *Value
	Succs   []*Block
	Preds   []*Block
	Func    *Func
	// Unroll is the #pragma unroll of the loop this block heads (the
	// target of its back edges): 0 for none, UnrollFull, or a count (1:
	// not unrolled, which ptxgen writes as .pragma "nounroll"). The text
	// form writes it after the label ("b1: unroll 4").
	Unroll int32
	// edges holds the first two successors and predecessors of a block
	// made by NewBlock: most blocks have no more, and need no other
	// allocation for them.
	edges [4]*Block
}

// UnrollFull is Block.Unroll for #pragma unroll without a count: unroll
// fully where the trip count is a constant.
const UnrollFull = -1

// Pos is a source position for .loc (-lineinfo, -g): a file index of
// Module.Files (from 1), a line and a column; the zero Pos is none.
type Pos struct {
	File, Line, Col int
}

// Value is an SSA value.
type Value struct {
	ID int
	// Op and Flags side by side: a byte each, in one word (a function
	// makes tens of thousands of values).
	Op     Op
	Flags  MemFlags
	Name   string // from the text form or the front end; "" prints %ID
	Type   Type
	Args   []*Value
	AuxInt int64
	Aux    any // string (symbol, special register), Cond, *Func (callee)
	Align  int64
	Block  *Block
	Pos    Pos
}

// Const returns the integer constant of v and whether it is one.
func (v *Value) Const() (int64, bool) {
	if v.Op == OpConst && v.Type.Kind == Int {
		return v.AuxInt, true
	}
	return 0, false
}

// Callee is the function a call calls (or whose signature an indirect
// call uses).
func (v *Value) Callee() *Func { f, _ := v.Aux.(*Func); return f }

// Cond is the condition of a comparison.
func (v *Value) Cond() Cond { c, _ := v.Aux.(Cond); return c }

// NewBlock adds an empty block to f.
func (f *Func) NewBlock() *Block {
	b := &Block{ID: f.nextBlock, Func: f}
	b.Succs, b.Preds = b.edges[0:0:2], b.edges[2:2:4]
	// Room for the first values, from slots allocated in chunks that
	// grow with the function, from 4 blocks' to 32.
	const room = 8
	if len(f.freeValues) < room {
		f.freeValues = make([]*Value, min(max(4, f.nextBlock/2), 32)*room)
	}
	b.Values = f.freeValues[0:0:room]
	f.freeValues = f.freeValues[room:]
	f.nextBlock++
	f.Blocks = append(f.Blocks, b)
	return b
}

// NewValue returns a value not yet in any block. Its Args are a copy of
// args.
func (f *Func) NewValue(op Op, t Type, args ...*Value) *Value {
	if len(f.free) == 0 {
		// Blocks grow with the function, from 16 values to 256.
		f.free = make([]Value, min(max(16, f.nextValue/4), 256))
	}
	v := &f.free[0]
	f.free = f.free[1:]
	*v = Value{ID: f.nextValue, Op: op, Type: t, Args: f.args(args)}
	f.nextValue++
	return v
}

// args returns a copy of a new value's arguments (nil for none), its
// capacity its length, so that appending to it copies it.
func (f *Func) args(args []*Value) []*Value {
	n := len(args)
	if n == 0 {
		return nil
	}
	if n > 8 {
		return append([]*Value(nil), args...)
	}
	if len(f.freeArgs) < n {
		f.freeArgs = make([]*Value, min(max(32, f.nextValue/2), 512))
	}
	a := f.freeArgs[:n:n]
	f.freeArgs = f.freeArgs[n:]
	copy(a, args)
	return a
}

// NumValues is one more than the largest value ID: a size for tables
// indexed by ID.
func (f *Func) NumValues() int { return f.nextValue }

// NumBlocks is one more than the largest block ID.
func (f *Func) NumBlocks() int { return f.nextBlock }

// AddEdge adds the edge b -> c.
func (b *Block) AddEdge(c *Block) {
	b.Succs = append(b.Succs, c)
	c.Preds = append(c.Preds, b)
}

// PredIndex returns the index of p in b.Preds, or -1.
func (b *Block) PredIndex(p *Block) int {
	for i, q := range b.Preds {
		if q == p {
			return i
		}
	}
	return -1
}

// Append adds v at the end of b's values.
func (b *Block) Append(v *Value) *Value {
	v.Block = b
	b.Values = append(b.Values, v)
	return v
}

// Insert adds v before index i of b's values.
func (b *Block) Insert(i int, v *Value) *Value {
	v.Block = b
	b.Values = append(b.Values, nil)
	copy(b.Values[i+1:], b.Values[i:])
	b.Values[i] = v
	return v
}

// IndexOf returns the index of v in b.Values, or -1.
func (b *Block) IndexOf(v *Value) int {
	for i, w := range b.Values {
		if w == v {
			return i
		}
	}
	return -1
}

// Phis returns the leading phis of b.
func (b *Block) Phis() []*Value {
	n := 0
	for n < len(b.Values) && b.Values[n].Op == OpPhi {
		n++
	}
	return b.Values[:n]
}

// ReplaceUses makes every use of old (arguments and controls) a use of
// new.
func (f *Func) ReplaceUses(old, new *Value) {
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, a := range v.Args {
				if a == old {
					v.Args[i] = new
				}
			}
		}
		if b.Control == old {
			b.Control = new
		}
	}
}

// Uses counts the uses of every value, by ID.
func (f *Func) Uses() []int {
	n := make([]int, f.nextValue)
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				n[a.ID]++
			}
		}
		if b.Control != nil {
			n[b.Control.ID]++
		}
	}
	return n
}

// ReplaceAll makes every use of a key of repl (arguments and controls) a
// use of its value.
func (f *Func) ReplaceAll(repl map[*Value]*Value) {
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for i, a := range v.Args {
				if r, ok := repl[a]; ok {
					v.Args[i] = r
				}
			}
		}
		if r, ok := repl[b.Control]; ok && b.Control != nil {
			b.Control = r
		}
	}
}

// RemoveValues removes from every block the values for which drop is true.
func (f *Func) RemoveValues(drop func(*Value) bool) {
	for _, b := range f.Blocks {
		b.RemoveValues(drop)
	}
}

// RemoveValues removes from b the values for which drop is true.
func (b *Block) RemoveValues(drop func(*Value) bool) {
	out := b.Values[:0]
	for _, v := range b.Values {
		if !drop(v) {
			out = append(out, v)
		}
	}
	clear(b.Values[len(out):])
	b.Values = out
}

// Zeroed returns s with length n, all zero, reusing its memory when it
// has room (the tables a pass or the code generator keeps from function
// to function).
func Zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// RemoveEdge removes the edge b -> b.Succs[i], and the phi arguments of the
// successor that came from b along it.
func (b *Block) RemoveEdge(i int) {
	c := b.Succs[i]
	b.Succs = append(b.Succs[:i], b.Succs[i+1:]...)
	j := c.PredIndex(b)
	c.Preds = append(c.Preds[:j], c.Preds[j+1:]...)
	for _, phi := range c.Phis() {
		phi.Args = append(phi.Args[:j], phi.Args[j+1:]...)
	}
}

// RemoveUnreachable removes the blocks not reachable from the entry, and
// their edges into reachable blocks.
func (f *Func) RemoveUnreachable() bool {
	seen := make([]bool, f.nextBlock)
	var walk func(*Block)
	walk = func(b *Block) {
		if seen[b.ID] {
			return
		}
		seen[b.ID] = true
		for _, s := range b.Succs {
			walk(s)
		}
	}
	walk(f.Entry())
	changed := false
	out := f.Blocks[:0]
	for _, b := range f.Blocks {
		if seen[b.ID] {
			out = append(out, b)
			continue
		}
		changed = true
		for len(b.Succs) > 0 {
			b.RemoveEdge(len(b.Succs) - 1)
		}
	}
	clear(f.Blocks[len(out):])
	f.Blocks = out
	return changed
}

// AddrBits is the target's address size.
func (f *Func) AddrBits() int {
	if f.Module == nil || f.Module.Target.AddressSize == 0 {
		return 64
	}
	return f.Module.Target.AddressSize
}
