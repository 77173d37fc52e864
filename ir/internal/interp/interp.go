// Package interp is a reference interpreter of package ir's functions, for
// one thread: the operations compute what ir.Fold says, and one flat,
// bounds-checked memory holds every state space (cvta is the identity).
// Tests use it to check that passes keep what a function computes, and
// that the PTX selected for it computes the same (run by ptx/emu).
package interp

import (
	"fmt"
	"math"
	"math/rand"
	"strings"

	"github.com/ptxabi/ptxabi/ir"
)

type Machine struct {
	mod  *ir.Module
	mem  []byte
	syms map[string]uint64
	// Sregs are the special registers' values (tid.x...); missing ones
	// read 0.
	Sregs map[string]uint64
	// Calls logs the calls of external functions: "@name[args]".
	Calls []string
	// StepLimit bounds the values executed; 0 means 1e6.
	StepLimit int
	steps     int
}

const memBase = 0x1000

// Alloc allocates size bytes aligned to align, zeroed.
func (m *Machine) Alloc(size, align int64) uint64 {
	if align < 1 {
		align = 1
	}
	for (memBase+len(m.mem))%int(align) != 0 {
		m.mem = append(m.mem, 0)
	}
	a := uint64(memBase + len(m.mem))
	m.mem = append(m.mem, make([]byte, size)...)
	return a
}

type trap struct{ msg string }

func (m *Machine) fail(format string, args ...any) { panic(trap{fmt.Sprintf(format, args...)}) }

// Bytes are the n bytes of memory at addr (a fault outside it).
func (m *Machine) Bytes(addr uint64, n int64) []byte {
	off := int64(addr) - memBase
	if off < 0 || off+n > int64(len(m.mem)) {
		m.fail("access of %d bytes at %#x out of bounds", n, addr)
	}
	return m.mem[off : off+n]
}

func (m *Machine) load(t ir.Type, addr uint64) int64 {
	b := m.Bytes(addr, t.Bytes())
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	switch {
	case t.Kind == ir.Float && t.Bits == 32:
		return int64(math.Float64bits(float64(math.Float32frombits(uint32(u)))))
	case t.Kind == ir.Float && t.Bits == 16:
		m.fail("f16 is not interpreted")
	}
	return ir.Normalize(t, int64(u))
}

func (m *Machine) store(t ir.Type, addr uint64, x int64) {
	u := uint64(x)
	if t.Kind == ir.Float && t.Bits == 32 {
		u = uint64(math.Float32bits(float32(math.Float64frombits(u))))
	}
	b := m.Bytes(addr, t.Bytes())
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
}

func (m *Machine) call(f *ir.Func, args []int64) int64 {
	if f.IsDecl() {
		// An external function: the call is logged, the result is 0.
		m.Calls = append(m.Calls, fmt.Sprintf("@%s%v", f.Name, args))
		return 0
	}
	vals := make([]int64, f.NumValues())
	// poison marks the values of operations undefined on their inputs
	// (Fold refuses them: a division by zero, an out-of-range float
	// conversion): computing one is allowed, as a hoisted instruction
	// may, but using it in memory, a call, a branch or the result is a
	// fault.
	poison := make([]bool, f.NumValues())
	check := func(v *ir.Value, what string) {
		if v != nil && poison[v.ID] {
			m.fail("%s %s is undefined (computed from an operation undefined on its inputs)", what, v.Ref())
		}
	}
	for i, p := range f.Params {
		a := args[i]
		if f.ParamTypes[i].Kind == ir.Agg {
			t := f.ParamTypes[i]
			c := m.Alloc(t.Size, t.Align)
			copy(m.Bytes(c, t.Size), m.Bytes(uint64(a), t.Size))
			a = int64(c)
		}
		vals[p.ID] = a
	}
	var prev *ir.Block
	b := f.Entry()
	for {
		// Phis read their arguments all at once.
		phis := b.Phis()
		in := make([]int64, len(phis))
		inPoison := make([]bool, len(phis))
		for i, phi := range phis {
			a := phi.Args[b.PredIndex(prev)]
			in[i], inPoison[i] = vals[a.ID], poison[a.ID]
		}
		for i, phi := range phis {
			vals[phi.ID], poison[phi.ID] = in[i], inPoison[i]
		}
		for _, v := range b.Values[len(phis):] {
			m.steps++
			if limit := m.StepLimit; m.steps > limit && limit > 0 || limit == 0 && m.steps > 1e6 {
				m.fail("too many steps")
			}
			if v.IsPure() {
				p := false
				for _, a := range v.Args {
					p = p || poison[a.ID]
				}
				if p {
					poison[v.ID] = true
					continue
				}
				if r, ok := m.pure(v, vals); ok {
					vals[v.ID] = r
				} else {
					poison[v.ID] = true
				}
				continue
			}
			for _, a := range v.Args {
				check(a, "argument")
			}
			vals[v.ID] = m.exec(v, vals)
		}
		check(b.Control, "control")
		switch b.Kind {
		case ir.Return:
			if b.Control == nil {
				return 0
			}
			if t := f.Result; t.Kind == ir.Agg {
				// The caller gets a copy of the bytes returned.
				c := m.Alloc(t.Size, t.Align)
				copy(m.Bytes(c, t.Size), m.Bytes(uint64(vals[b.Control.ID]), t.Size))
				return int64(c)
			}
			return vals[b.Control.ID]
		case ir.Jump:
			prev, b = b, b.Succs[0]
		case ir.If:
			next := b.Succs[1]
			if vals[b.Control.ID] != 0 {
				next = b.Succs[0]
			}
			prev, b = b, next
		}
	}
}

func (m *Machine) exec(v *ir.Value, vals []int64) int64 {
	arg := func(i int) int64 { return vals[v.Args[i].ID] }
	switch v.Op {
	case ir.OpConst:
		return v.AuxInt
	case ir.OpSreg:
		return int64(m.Sregs[v.Aux.(string)])
	case ir.OpAddr:
		return int64(m.syms[v.Aux.(string)])
	case ir.OpAlloca:
		return int64(m.Alloc(v.AuxInt, v.Align))
	case ir.OpCvta:
		return arg(0)
	case ir.OpPtrAdd:
		return ir.Normalize(ir.IntT(int(v.Type.Bits), false), arg(0)+arg(1))
	case ir.OpLoad:
		return m.load(v.Type, uint64(arg(0)))
	case ir.OpStore:
		m.store(v.Args[1].Type, uint64(arg(0)), arg(1))
		return 0
	case ir.OpCall, ir.OpICall:
		args := make([]int64, len(v.Args))
		for i := range v.Args {
			args[i] = arg(i)
		}
		callee := v.Callee()
		if v.Op == ir.OpICall {
			callee = nil
			for _, f := range m.mod.Funcs {
				if m.syms[f.Name] == uint64(args[0]) {
					callee = f
				}
			}
			if callee == nil || len(callee.ParamTypes) != len(args)-1 {
				m.fail("indirect call of %#x: not a function of this signature", args[0])
			}
			args = args[1:]
		}
		return m.call(callee, args)
	case ir.OpBarrier:
		return 0
	case ir.OpConv:
		from, to := v.Args[0].Type, v.Type
		if from.IsPtr() || to.IsPtr() {
			return arg(0)
		}
	}
	m.fail("%s is not interpreted", v.Op)
	return 0
}

// pure computes a pure value; false when it is undefined on its inputs.
func (m *Machine) pure(v *ir.Value, vals []int64) (int64, bool) {
	switch v.Op {
	case ir.OpConst:
		return v.AuxInt, true
	case ir.OpAddr:
		return int64(m.syms[v.Aux.(string)]), true
	case ir.OpCvta:
		return vals[v.Args[0].ID], true
	case ir.OpPtrAdd:
		return ir.Normalize(ir.IntT(int(v.Type.Bits), false), vals[v.Args[0].ID]+vals[v.Args[1].ID]), true
	case ir.OpConv:
		if v.Args[0].Type.IsPtr() || v.Type.IsPtr() {
			return vals[v.Args[0].ID], true
		}
	case ir.OpParam:
		m.fail("a parameter in a block")
	case ir.OpPack:
		// An aggregate value is the address of its bytes, as a call's
		// aggregate argument and result are.
		c := m.Alloc(v.Type.Size, v.Type.Align)
		for i, a := range v.Args {
			m.store(a.Type, c+uint64(v.Aux.(*ir.Pieces).Offsets[i]), vals[a.ID])
		}
		return int64(c), true
	case ir.OpExtract:
		return m.load(v.Type, uint64(vals[v.Args[0].ID]+v.AuxInt)), true
	case ir.OpIntrinsic:
		if in := v.Aux.(*ir.Intrinsic); strings.HasPrefix(in.Name, "mov.b") && len(v.Args) == 1 {
			return bitcast(v.Args[0].Type, v.Type, vals[v.Args[0].ID]), true
		}
	}
	args := make([]int64, len(v.Args))
	for i, a := range v.Args {
		args[i] = vals[a.ID]
	}
	r, ok := ir.Fold(v, args)
	if ok && v.Type.IsFloat() && math.IsNaN(math.Float64frombits(uint64(r))) {
		m.fail("NaN is not modelled (its bits differ between machines)")
	}
	return r, ok
}

// New returns a machine for module mod, its variables laid out first.
func New(mod *ir.Module) *Machine {
	m := &Machine{mod: mod, syms: map[string]uint64{}, Sregs: map[string]uint64{}}
	for _, g := range mod.Globals {
		size := g.Size
		if g.Extern && size == 0 {
			size = 256
		}
		a := m.Alloc(size, g.Align)
		copy(m.Bytes(a, int64(len(g.Init))), g.Init)
		m.syms[g.Name] = a
	}
	// Functions get addresses too, one byte each, for indirect calls.
	for _, f := range mod.Funcs {
		m.syms[f.Name] = m.Alloc(1, 1)
	}
	return m
}

// Call runs f on args (value bits as in ir.Fold; a pointer is an address
// of Alloc'd memory, an aggregate the address of its bytes) and returns
// its result, or the fault that stopped it: an access out of bounds, an
// undefined operation (division by zero), an operation not modelled.
func (m *Machine) Call(f *ir.Func, args []int64) (res int64, err error) {
	defer func() {
		if x := recover(); x != nil {
			tr, ok := x.(trap)
			if !ok {
				panic(x)
			}
			err = fmt.Errorf("%s", tr.msg)
		}
	}()
	if len(args) != len(f.Params) {
		return 0, fmt.Errorf("@%s takes %d arguments", f.Name, len(f.Params))
	}
	return m.call(f, args), nil
}

// BufSize is the size of the buffer each pointer argument of RandomArgs
// points to.
const BufSize = 512

// RandomArgs draws arguments for f from r: small integers (-3 to 20),
// quarter-integer floats, and for each pointer or aggregate a fresh
// 16-byte-aligned buffer of BufSize bytes of small random values, whose
// addresses it also returns in order.
func (m *Machine) RandomArgs(f *ir.Func, r *rand.Rand) (args []int64, bufs []uint64) {
	for _, t := range f.ParamTypes {
		switch t.Kind {
		case ir.Ptr, ir.Agg:
			a := m.Alloc(BufSize, 16)
			b := m.Bytes(a, BufSize)
			for i := range b {
				b[i] = byte(r.Intn(7))
			}
			args = append(args, int64(a))
			bufs = append(bufs, a)
		case ir.Float:
			args = append(args, ir.Normalize(t, int64(math.Float64bits(float64(r.Intn(41)-20)/4))))
		case ir.Pred:
			args = append(args, int64(r.Intn(2)))
		default:
			args = append(args, ir.Normalize(t, int64(r.Intn(24)-3)))
		}
	}
	return args, bufs
}

// bitcast is mov.bN: the bits of x of type from read as type to.
func bitcast(from, to ir.Type, x int64) int64 {
	u := uint64(x)
	if from.Kind == ir.Float && from.Bits == 32 {
		u = uint64(math.Float32bits(float32(math.Float64frombits(u))))
	}
	if to.Kind == ir.Float && to.Bits == 32 {
		return int64(math.Float64bits(float64(math.Float32frombits(uint32(u)))))
	}
	return ir.Normalize(to, int64(u))
}
