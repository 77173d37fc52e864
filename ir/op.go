package ir

import "sync"

// Op is the operation of a value.
type Op uint8

// Operations. The table opInfo gives each its text name, its number of
// arguments (-1: any) and its properties; the checker (check.go) gives the
// types each accepts.
const (
	OpInvalid Op = iota
	OpParam      // a function parameter; AuxInt is its index; in no block
	OpConst      // AuxInt: an integer (sign- or zero-extended per type) or float64 bits
	OpSreg       // a special register: Aux is its name without "%" ("tid.x")
	OpAddr       // the address of a module-level variable or a .func: Aux is its name
	OpAlloca     // a local variable: AuxInt bytes aligned to Align; type ptr.local
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpRem
	OpAnd
	OpOr
	OpXor
	OpShl
	OpShr // arithmetic for signed types, logical for unsigned ones
	OpMin
	OpMax
	OpNeg
	OpNot
	OpAbs
	OpSqrt
	OpRsqrt
	OpFma    // a*b+c, rounded once
	OpCmp    // Aux is a Cond; the type is pred; the arguments share a type
	OpSelect // pred ? a : b
	OpConv   // a numeric conversion (C's rules) or a pointer to/from an integer of its width
	OpCvta   // a pointer converted to the pointer type of another space (cvta, cvta.to)
	OpPtrAdd // a pointer plus a byte offset (an integer as wide as the pointer)
	OpLoad   // [ptr]; Align, Flags Volatile and NC
	OpStore  // [ptr] = val; type void
	OpCall   // Aux is the callee (*Func); Args are its arguments
	OpICall  // Args[0] is the callee's address; Aux a *Func with its signature
	OpPhi    // Args[i] comes from Block.Preds[i]
	OpBarrier
	OpIntrinsic // a PTX instruction by name: Aux is an *Intrinsic
	OpAsm       // inline PTX (asm volatile): Aux is an *Asm
	// OpPack is an aggregate passed by value to a call or returned, made
	// of its scalar pieces (guide §2.3: a .param aggregate written with
	// st.param of each piece): Args[i] is the piece at byte offset
	// Aux.(*Pieces).Offsets[i]; the type is the aggregate's. Bytes no piece
	// covers are padding. Only calls (at an aggregate parameter) and
	// returns use a pack.
	OpPack
	// OpExtract is the scalar piece at byte offset AuxInt of the
	// aggregate a call returns (Args[0], a call of aggregate type): the
	// call sequence reads it with ld.param from retval0. It is also one
	// output of inline PTX with several (Args[0], an asm of aggregate
	// type; Asm.Outputs places them), which the template writes.
	OpExtract
	numOps
)

// Cond is the condition of a comparison.
type Cond uint8

// Conditions. Float comparisons are ordered (false when either is NaN),
// except Ne, which is unordered as in C.
const (
	Eq Cond = iota
	Ne
	Lt
	Le
	Gt
	Ge
)

var condNames = [...]string{"eq", "ne", "lt", "le", "gt", "ge"}

func (c Cond) String() string { return condNames[c] }

// Swap returns the condition with its operands swapped (a < b is b > a).
func (c Cond) Swap() Cond {
	return [...]Cond{Eq, Ne, Gt, Ge, Lt, Le}[c]
}

type opFlags uint8

const (
	pure   opFlags = 1 << iota // no side effect: removable when unused, CSE-able
	commut                     // commutative
	memory                     // reads or writes memory, or calls
)

type opInfo struct {
	name  string
	nargs int
	flags opFlags
}

var ops = [numOps]opInfo{
	OpInvalid:   {"invalid", 0, 0},
	OpParam:     {"param", 0, pure},
	OpConst:     {"const", 0, pure},
	OpSreg:      {"sreg", 0, 0}, // %clock and friends change
	OpAddr:      {"addr", 0, pure},
	OpAlloca:    {"alloca", 0, 0},
	OpAdd:       {"add", 2, pure | commut},
	OpSub:       {"sub", 2, pure},
	OpMul:       {"mul", 2, pure | commut},
	OpDiv:       {"div", 2, pure},
	OpRem:       {"rem", 2, pure},
	OpAnd:       {"and", 2, pure | commut},
	OpOr:        {"or", 2, pure | commut},
	OpXor:       {"xor", 2, pure | commut},
	OpShl:       {"shl", 2, pure},
	OpShr:       {"shr", 2, pure},
	OpMin:       {"min", 2, pure | commut},
	OpMax:       {"max", 2, pure | commut},
	OpNeg:       {"neg", 1, pure},
	OpNot:       {"not", 1, pure},
	OpAbs:       {"abs", 1, pure},
	OpSqrt:      {"sqrt", 1, pure},
	OpRsqrt:     {"rsqrt", 1, pure},
	OpFma:       {"fma", 3, pure},
	OpCmp:       {"cmp", 2, pure},
	OpSelect:    {"select", 3, pure},
	OpConv:      {"conv", 1, pure},
	OpCvta:      {"cvta", 1, pure},
	OpPtrAdd:    {"ptradd", 2, pure},
	OpLoad:      {"load", 1, memory},
	OpStore:     {"store", 2, memory},
	OpCall:      {"call", -1, memory},
	OpICall:     {"icall", -1, memory},
	OpPhi:       {"phi", -1, pure},
	OpBarrier:   {"barrier", 0, memory},
	OpIntrinsic: {"intrinsic", -1, memory},
	OpAsm:       {"asm", -1, memory},
	OpPack:      {"pack", -1, pure},
	OpExtract:   {"extract", 1, pure},
}

func (o Op) String() string {
	if o < numOps {
		return ops[o].name
	}
	return "op?"
}

// IsPure reports whether a value of op has no effect but its result: it
// may be removed when unused and merged with an equal one.
func (o Op) IsPure() bool { return ops[o].flags&pure != 0 }

// IsCommutative reports whether the two arguments may be swapped.
func (o Op) IsCommutative() bool { return ops[o].flags&commut != 0 }

// HasSideEffects reports whether op reads or writes memory or calls.
func (o Op) HasSideEffects() bool { return ops[o].flags&memory != 0 || o == OpSreg || o == OpAlloca }

// opByName maps the text form's operation names to operations; it is
// made when a text is first parsed, so that a compile, which parses none,
// pays nothing for it at start-up.
var opByName = sync.OnceValue(func() map[string]Op {
	m := make(map[string]Op, numOps)
	for o := OpParam; o < numOps; o++ {
		m[ops[o].name] = o
	}
	return m
})

// Intrinsic is a PTX instruction a value stands for, as a front end maps
// a built-in onto it (__popc, __clz, __umulhi, atomicAdd, __shfl_sync,
// __ballot_sync, __threadfence...): its dotted name ("popc.b32",
// "atom.global.add.u32"), written with the value's register first (when
// it has a result) and then the arguments, each a register or immediate,
// or an address [ptr] where Addr has its bit set.
type Intrinsic struct {
	Name string
	// Pure marks an instruction with no effect but its result, which the
	// passes may remove, merge or move (popc, clz, mul.hi); the others
	// (atomics, shuffles, votes, fences) stay where and as often as they
	// are.
	Pure bool
	Addr uint32 // bit i: argument i is an address
}

// Asm is inline PTX as nvcc takes it (asm volatile("..." : "=r"(x) :
// "r"(y))): a template whose %0, %1... are the operands (the value's
// register first when it has a result, then the arguments; "%%" is a
// "%"), and one constraint per operand: "=r" for the result, and for the
// arguments "h" (16-bit), "r" (32-bit), "l" (64-bit), "f" (f32), "d"
// (f64) registers or "n" (an immediate). It is never removed or moved.
//
// Inline PTX with several outputs has an aggregate type: its leading
// constraints are the outputs' ("=r", "=l"...), the template's first
// operands, and each output is read by an OpExtract at the offset
// Outputs gives it.
type Asm struct {
	Template    string
	Constraints []string
}

// AsmOutput is one output of inline PTX with several: its register's
// type and its offset in the asm's aggregate type.
type AsmOutput struct {
	Type   Type
	Offset int64
}

// asmOutputTypes are the types of the registers output constraints name.
var asmOutputTypes = sync.OnceValue(func() map[string]Type {
	return map[string]Type{"=h": U16, "=r": U32, "=l": U64, "=f": F32, "=d": F64}
})

// AsmOutputType is the type of the register output constraint c ("=r")
// names; ok is false for a constraint inline PTX's outputs do not take.
func AsmOutputType(c string) (t Type, ok bool) {
	t, ok = asmOutputTypes()[c]
	return t, ok
}

// Outputs places the outputs of inline PTX with several (its leading
// output constraints) in an aggregate, each at the next offset aligned
// to its size, and returns them with the aggregate's type. ok is false
// when a leading "=" constraint is none of "=h", "=r", "=l", "=f", "=d".
func (a *Asm) Outputs() (outs []AsmOutput, agg Type, ok bool) {
	var off, align int64 = 0, 1
	for _, c := range a.Constraints {
		if len(c) == 0 || c[0] != '=' {
			break
		}
		t, known := AsmOutputType(c)
		if !known {
			return nil, Type{}, false
		}
		n := t.Bytes()
		off = (off + n - 1) / n * n
		outs = append(outs, AsmOutput{Type: t, Offset: off})
		off += n
		align = max(align, n)
	}
	return outs, AggT((off+align-1)/align*align, align), true
}

// IsPure reports whether v has no effect but its result: an operation that
// is pure, or a pure intrinsic.
func (v *Value) IsPure() bool {
	if v.Op == OpIntrinsic {
		in, _ := v.Aux.(*Intrinsic)
		return in != nil && in.Pure
	}
	return v.Op.IsPure()
}

// MemFlags qualify a load, a store or a parameter.
type MemFlags uint8

// Flags.
const (
	Volatile MemFlags = 1 << iota // ld.volatile / st.volatile
	NC                            // ld.global.nc: read-only for the kernel's lifetime
	Restrict                      // a parameter: a __restrict__ pointer
	ConstPtr                      // a parameter: a pointer to const
)

// A load's or store's cache operator (PTX ISA, "Cache Operators"), the
// hint of __ldcs, __stcg...: a field of MemFlags (CacheMask), none when
// zero. ca, cg, cs, lu and cv are loads', wb, cg, cs and wt stores'.
const (
	CacheCA MemFlags = (iota + 1) << 4
	CacheCG
	CacheCS
	CacheLU
	CacheCV
	CacheWB
	CacheWT
	CacheMask MemFlags = 7 << 4
)

// CacheOp is f's cache operator as PTX spells it (".cs"), "" for none.
func (f MemFlags) CacheOp() string {
	if c := f & CacheMask; c != 0 {
		return "." + cacheOpNames[c>>4]
	}
	return ""
}

var cacheOpNames = [...]string{"", "ca", "cg", "cs", "lu", "cv", "wb", "wt"}

// flagNames are the flags' names in the IR's text form; a cache
// operator's is PTX's (cacheOpNames).
var flagNames = sync.OnceValue(func() []flagName {
	names := []flagName{{Volatile, "volatile"}, {NC, "nc"}, {Restrict, "restrict"}, {ConstPtr, "const"}}
	for i, n := range cacheOpNames[1:] {
		names = append(names, flagName{MemFlags(i+1) << 4, n})
	}
	return names
})

type flagName struct {
	f    MemFlags
	name string
}

// has reports whether fl holds flag f (a cache operator: the one of the
// field).
func (fl MemFlags) has(f MemFlags) bool {
	if f&CacheMask != 0 {
		return fl&CacheMask == f
	}
	return fl&f != 0
}

// Pieces are the byte offsets of an OpPack's arguments in its aggregate.
type Pieces struct {
	Offsets []int64
}
