package passes

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

// This file is a reference interpreter of the IR for one thread, with one
// flat memory for every state space (cvta is the identity), so that the
// passes can be tested for what matters: the pipeline's output computes
// what its input computes.

type machine struct {
	mod   *ir.Module
	mem   []byte
	syms  map[string]uint64
	sregs map[string]uint64
	steps int
	calls []string
}

const memBase = 0x1000

func (m *machine) alloc(size, align int64) uint64 {
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

func (m *machine) fail(format string, args ...any) { panic(trap{fmt.Sprintf(format, args...)}) }

func (m *machine) bytes(addr uint64, n int64) []byte {
	off := int64(addr) - memBase
	if off < 0 || off+n > int64(len(m.mem)) {
		m.fail("access of %d bytes at %#x out of bounds", n, addr)
	}
	return m.mem[off : off+n]
}

func (m *machine) load(t ir.Type, addr uint64) int64 {
	b := m.bytes(addr, t.Bytes())
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

func (m *machine) store(t ir.Type, addr uint64, x int64) {
	u := uint64(x)
	if t.Kind == ir.Float && t.Bits == 32 {
		u = uint64(math.Float32bits(float32(math.Float64frombits(u))))
	}
	b := m.bytes(addr, t.Bytes())
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
}

// call runs f on args (value bits; an aggregate's is the address of its
// bytes) and returns its result.
func (m *machine) call(f *ir.Func, args []int64) int64 {
	if f.IsDecl() {
		// An external function: the call is logged, the result is 0.
		m.calls = append(m.calls, fmt.Sprintf("@%s%v", f.Name, args))
		return 0
	}
	vals := make([]int64, f.NumValues())
	for i, p := range f.Params {
		a := args[i]
		if f.ParamTypes[i].Kind == ir.Agg {
			t := f.ParamTypes[i]
			c := m.alloc(t.Size, t.Align)
			copy(m.bytes(c, t.Size), m.bytes(uint64(a), t.Size))
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
		for i, phi := range phis {
			in[i] = vals[phi.Args[b.PredIndex(prev)].ID]
		}
		for i, phi := range phis {
			vals[phi.ID] = in[i]
		}
		for _, v := range b.Values[len(phis):] {
			m.steps++
			if m.steps > 100000 {
				m.fail("too many steps")
			}
			vals[v.ID] = m.exec(v, vals)
		}
		switch b.Kind {
		case ir.Return:
			if b.Control != nil {
				return vals[b.Control.ID]
			}
			return 0
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

func (m *machine) exec(v *ir.Value, vals []int64) int64 {
	arg := func(i int) int64 { return vals[v.Args[i].ID] }
	switch v.Op {
	case ir.OpConst:
		return v.AuxInt
	case ir.OpSreg:
		return int64(m.sregs[v.Aux.(string)])
	case ir.OpAddr:
		return int64(m.syms[v.Aux.(string)])
	case ir.OpAlloca:
		return int64(m.alloc(v.AuxInt, v.Align))
	case ir.OpCvta:
		return arg(0)
	case ir.OpPtrAdd:
		return ir.Normalize(ir.IntT(int(v.Type.Bits), false), arg(0)+arg(1))
	case ir.OpLoad:
		return m.load(v.Type, uint64(arg(0)))
	case ir.OpStore:
		m.store(v.Args[1].Type, uint64(arg(0)), arg(1))
		return 0
	case ir.OpCall:
		args := make([]int64, len(v.Args))
		for i := range v.Args {
			args[i] = arg(i)
		}
		return m.call(v.Callee(), args)
	case ir.OpBarrier:
		return 0
	case ir.OpConv:
		from, to := v.Args[0].Type, v.Type
		if from.IsPtr() || to.IsPtr() {
			return arg(0)
		}
	}
	if !v.Op.IsPure() {
		m.fail("%s is not interpreted", v.Op)
	}
	args := make([]int64, len(v.Args))
	for i := range v.Args {
		args[i] = arg(i)
	}
	r, ok := fold(v, args)
	if !ok {
		m.fail("%s is undefined here", v.LongString())
	}
	return r
}

// run interprets kernel or function f of module mod on inputs drawn from
// seed, and returns a description of the result and the memory.
func run(mod *ir.Module, f *ir.Func, seed int64) (out string, err error) {
	r := rand.New(rand.NewSource(seed))
	m := &machine{mod: mod, syms: map[string]uint64{}, sregs: map[string]uint64{
		"tid.x": uint64(r.Intn(4)), "ntid.x": 4, "ctaid.x": uint64(r.Intn(3)), "nctaid.x": 3,
		"tid.y": 0, "tid.z": 0, "ntid.y": 1, "ntid.z": 1, "ctaid.y": 0, "ctaid.z": 0, "laneid": 1,
	}}
	for _, g := range mod.Globals {
		size := g.Size
		if g.Extern {
			size = 256
		}
		a := m.alloc(size, g.Align)
		copy(m.bytes(a, int64(len(g.Init))), g.Init)
		m.syms[g.Name] = a
	}
	var args []int64
	for _, t := range f.ParamTypes {
		switch t.Kind {
		case ir.Ptr, ir.Agg:
			size := int64(512)
			a := m.alloc(size, 16)
			for i := range m.bytes(a, size) {
				m.bytes(a, size)[i] = byte(r.Intn(7))
			}
			args = append(args, int64(a))
		case ir.Float:
			args = append(args, ir.Normalize(t, int64(math.Float64bits(float64(r.Intn(41)-20)/4))))
		case ir.Pred:
			args = append(args, int64(r.Intn(2)))
		default:
			args = append(args, ir.Normalize(t, int64(r.Intn(24)-3)))
		}
	}
	defer func() {
		if x := recover(); x != nil {
			tr, ok := x.(trap)
			if !ok {
				panic(x)
			}
			out, err = "", fmt.Errorf("%s", tr.msg)
		}
	}()
	res := m.call(f, args)
	// The memory the inputs point to (locals come after and may differ).
	return fmt.Sprintf("result %#x, calls %v, memory %x", res, m.calls, m.mem[:inputBytes(mod, f)]), nil
}

// inputBytes is how much of the memory holds globals and inputs: made
// before the function runs, so the same in both runs.
func inputBytes(mod *ir.Module, f *ir.Func) int {
	m := &machine{}
	for _, g := range mod.Globals {
		size := g.Size
		if g.Extern {
			size = 256
		}
		m.alloc(size, g.Align)
	}
	for _, t := range f.ParamTypes {
		if t.Kind == ir.Ptr || t.Kind == ir.Agg {
			m.alloc(512, 16)
		}
	}
	return len(m.mem)
}

// TestPipelinePreservesMeaning interprets every function of the IR test
// files before and after the whole pipeline (-O1 and -O3) on random
// inputs: the results and the memory they write must agree. Inputs that
// make the original fail (out of bounds, division by zero, external calls)
// are skipped; at least some inputs of every file must run.
func TestPipelinePreservesMeaning(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.ir")
	more, _ := filepath.Glob("../ptxgen/testdata/*.ir")
	files = append(files, more...)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tg := target.Default
		if strings.Contains(file, "-m32") {
			tg.AddressSize = 32
		}
		for _, opt := range []int{1, 3} {
			ran := 0
			orig, err := ir.Parse(file, string(src), tg)
			if err != nil {
				t.Fatal(err)
			}
			opti, _ := ir.Parse(file, string(src), tg)
			if err := Run(opti, Config{Opt: opt, Check: true}); err != nil {
				t.Fatalf("%s -O%d: %v", file, opt, err)
			}
			for i, f := range orig.Funcs {
				if f.IsDecl() {
					continue
				}
				for seed := int64(0); seed < 20; seed++ {
					want, err := run(orig, f, seed)
					if err != nil {
						continue
					}
					got, err := run(opti, opti.Funcs[i], seed)
					if err != nil {
						t.Errorf("%s -O%d @%s seed %d: the original runs, the optimized fails: %v", file, opt, f.Name, seed, err)
						continue
					}
					if got != want {
						t.Errorf("%s -O%d @%s seed %d:\noriginal  %s\noptimized %s\n%s", file, opt, f.Name, seed, want, got, opti.Funcs[i])
					}
					ran++
				}
			}
			// ops.ir has f16 values and indirect.ir calls through a pointer,
			// which the interpreter does not model.
			if ran == 0 && !strings.Contains(file, "ops.ir") && !strings.Contains(file, "indirect.ir") {
				t.Errorf("%s: no input ran", file)
			}
		}
	}
}
