package ptxgen

import (
	"encoding/binary"
	"fmt"
	"go/token"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ir/internal/interp"
	"github.com/ptxabi/ptxabi/ir/internal/randir"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/emu"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/target"
)

// These tests run the PTX that ptxgen writes with the PTX executor
// (ptx/emu), as printed and read back by ptx/parser, and check the values
// it computes.

// load reads the IR file, compiles it for c and loads the PTX.
func loadIR(t *testing.T, file string, addr, opt int) *emu.Machine {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	tg := target.Default
	tg.AddressSize = addr
	m, err := ir.Parse(file, string(src), tg)
	if err != nil {
		t.Fatal(err)
	}
	return loadPTX(t, compile(t, m, opt))
}

func loadPTX(t *testing.T, ptx string) *emu.Machine {
	t.Helper()
	fset := token.NewFileSet()
	mod, err := parser.ParseString(fset, "out.ptx", ptx)
	if err != nil {
		t.Fatalf("the printed PTX does not parse: %v", err)
	}
	mach, err := emu.Load(fset, []*ast.Module{mod}, emu.Options{})
	if err != nil {
		t.Fatalf("emu: %v\n%s", err, ptx)
	}
	return mach
}

func u32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

func ptrArg(m *emu.Machine, a uint64) []byte {
	if m.AddressSize() == 32 {
		return u32(uint32(a))
	}
	return binary.LittleEndian.AppendUint64(nil, a)
}

func alloc(t *testing.T, m *emu.Machine, data []byte) uint64 {
	t.Helper()
	a, err := m.Alloc(len(data))
	if err == nil {
		err = m.Write(a, data)
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func read(t *testing.T, m *emu.Machine, a uint64, n int) []byte {
	t.Helper()
	b, err := m.Read(a, n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func ints(b []byte) []int32 {
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func f32bytes(xs []float32) []byte {
	var b []byte
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func i32bytes(xs []int32) []byte {
	var b []byte
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

func forConfigs(t *testing.T, f func(t *testing.T, addr, opt int)) {
	for _, c := range configs {
		t.Run(fmt.Sprintf("m%d.O%d", c.addr, c.opt), func(t *testing.T) { f(t, c.addr, c.opt) })
	}
}

// TestRunSaxpy: y = a*x + y over 2 blocks of 32 threads for n = 50; the
// elements past n are left alone.
func TestRunSaxpy(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "saxpy.ir", addr, opt)
		const n, size = 50, 64
		x, y := make([]float32, size), make([]float32, size)
		for i := range x {
			x[i], y[i] = float32(i)/2, float32(100-i)
		}
		px, py := alloc(t, m, f32bytes(x)), alloc(t, m, f32bytes(y))
		a := float32(2.5)
		_, err := m.Launch(emu.Launch{Kernel: "saxpy", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1},
			Args: [][]byte{u32(n), u32(math.Float32bits(a)), ptrArg(m, px), ptrArg(m, py)}})
		if err != nil {
			t.Fatal(err)
		}
		got := floats(read(t, m, py, 4*size))
		for i := range got {
			want := y[i]
			if i < n {
				want = a*x[i] + y[i]
			}
			if got[i] != want {
				t.Errorf("y[%d] = %v; want %v", i, got[i], want)
			}
		}
	})
}

// TestRunSum: one thread sums n ints in a loop (locals promoted, the
// address strength-reduced at -O3).
func TestRunSum(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "sum.ir", addr, opt)
		for _, n := range []int32{0, 1, 7, 100} {
			xs := make([]int32, 100)
			want := int32(0)
			for i := range xs {
				xs[i] = int32(i*i - 50)
				if int32(i) < n {
					want += xs[i]
				}
			}
			px, out := alloc(t, m, i32bytes(xs)), alloc(t, m, make([]byte, 4))
			if _, err := m.Launch(emu.Launch{Kernel: "sum", Args: [][]byte{ptrArg(m, px), u32(uint32(n)), ptrArg(m, out)}}); err != nil {
				t.Fatal(err)
			}
			if got := ints(read(t, m, out, 4))[0]; got != want {
				t.Errorf("sum of %d = %d; want %d", n, got, want)
			}
		}
	})
}

// TestRunCallPair: a __noinline__ .func takes a struct by value (copied
// into the call's .param in pieces) and returns a + b.
func TestRunCallPair(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "pair.ir", addr, opt)
		out := alloc(t, m, make([]byte, 4))
		if _, err := m.Launch(emu.Launch{Kernel: "callpair", Args: [][]byte{ptrArg(m, out), u32(uint32(14))}}); err != nil {
			t.Fatal(err)
		}
		if got := ints(read(t, m, out, 4))[0]; got != 42 {
			t.Errorf("addpair({14, 28}) = %d; want 42", got)
		}
	})
}

// TestRunSwap: phis that swap each other every iteration.
func TestRunSwap(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "swap.ir", addr, opt)
		for _, n := range []int32{0, 1, 2, 5} {
			out := alloc(t, m, make([]byte, 8))
			if _, err := m.Launch(emu.Launch{Kernel: "swap", Args: [][]byte{ptrArg(m, out), u32(uint32(n)), u32(3), u32(4)}}); err != nil {
				t.Fatal(err)
			}
			want := []int32{3, 4}
			if n%2 == 1 {
				want = []int32{4, 3}
			}
			if got := ints(read(t, m, out, 8)); got[0] != want[0] || got[1] != want[1] {
				t.Errorf("n=%d: %v; want %v", n, got, want)
			}
		}
	})
}

// TestRunPrintf: the vprintf buffer packed as package syscall lays it out
// prints what printf would.
func TestRunPrintf(t *testing.T) {
	for _, c := range configs {
		name := fmt.Sprintf("printf.m%d.O%d.ptx", c.addr, c.opt)
		t.Run(name, func(t *testing.T) {
			ptx, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			m := loadPTX(t, string(ptx))
			res, err := m.Launch(emu.Launch{Kernel: "hello", Block: [3]int{2, 1, 1},
				Args: [][]byte{u32(math.Float32bits(1.25)), ptrArg(m, 0x1234)}})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := string(res.Output), "thread 0: 1.250000 0x1234\nthread 1: 1.250000 0x1234\n"; got != want {
				t.Errorf("printed %q; want %q", got, want)
			}
		})
	}
}

// TestRunRandomPrograms: random functions (package randir) compute the
// same as PTX under the executor as they do in the IR interpreter, before
// any pass: the passes and instruction selection together keep their
// meaning.
func TestRunRandomPrograms(t *testing.T) {
	n := int64(200)
	if testing.Short() {
		n = 20
	}
	ran := 0
	for seed := int64(0); seed < n; seed++ {
		for _, c := range configs {
			tg := target.Default
			tg.AddressSize = c.addr
			orig, f := randir.Func(seed, tg)
			im := interp.New(orig)
			im.Sregs = map[string]uint64{"ntid.x": 1, "ntid.y": 1, "ntid.z": 1, "nctaid.x": 1, "nctaid.y": 1, "nctaid.z": 1}
			args, bufs := im.RandomArgs(f, rand.New(rand.NewSource(seed)))
			in := append([]byte(nil), im.Bytes(bufs[0], interp.BufSize)...)
			if _, err := im.Call(f, args); err != nil {
				continue // undefined for these inputs
			}
			want := im.Bytes(bufs[0], interp.BufSize)
			m2, _ := randir.Func(seed, tg)
			ptx := compile(t, m2, c.opt)
			m := loadPTX(t, ptx)
			out := alloc(t, m, in)
			_, err := m.Launch(emu.Launch{Kernel: "r", Args: [][]byte{ptrArg(m, out), u32(uint32(args[1])), u32(uint32(args[2]))}})
			if err != nil {
				t.Fatalf("seed %d -m%d -O%d: %v", seed, c.addr, c.opt, err)
			}
			if got := read(t, m, out, interp.BufSize); string(got) != string(want) {
				t.Errorf("seed %d -m%d -O%d: the executor's memory differs from the interpreter's:\n got %v\nwant %v\n%s\n%s",
					seed, c.addr, c.opt, ints(got)[:56], ints(want)[:56], f, ptx)
			}
			ran++
		}
	}
	if ran < int(n) {
		t.Errorf("only %d runs", ran)
	}
}

// TestRunReturnStruct: a struct returned by value from a .func.
func TestRunReturnStruct(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "ret.ir", addr, opt)
		out := alloc(t, m, make([]byte, 4))
		if _, err := m.Launch(emu.Launch{Kernel: "useret", Args: [][]byte{ptrArg(m, out), u32(7)}}); err != nil {
			t.Fatal(err)
		}
		if got := ints(read(t, m, out, 4))[0]; got != 42 {
			t.Errorf("mk(7).b - mk(7).a = %d; want 42", got)
		}
	})
}

// TestRunFunctionPointer: an indirect call through a .callprototype of a
// function whose address the kernel takes.
func TestRunFunctionPointer(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "fptr.ir", addr, opt)
		for _, which := range []uint32{0, 1} {
			out := alloc(t, m, make([]byte, 4))
			if _, err := m.Launch(emu.Launch{Kernel: "pick", Args: [][]byte{ptrArg(m, out), u32(which), u32(20)}}); err != nil {
				t.Fatal(err)
			}
			want := int32(40)
			if which != 0 {
				want = 21
			}
			if got := ints(read(t, m, out, 4))[0]; got != want {
				t.Errorf("which=%d: %d; want %d", which, got, want)
			}
		}
	})
}

// TestRunIntrinsics: built-ins mapped onto PTX instructions (atomics,
// popc, ballot, shuffle, clz, brev, mul.hi) over a warp of 32 threads.
func TestRunIntrinsics(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "intrinsics.ir", addr, opt)
		const x = 0x9e3779b9
		n, bits, sum := alloc(t, m, make([]byte, 4)), alloc(t, m, make([]byte, 4*32)), alloc(t, m, make([]byte, 4))
		if _, err := m.Launch(emu.Launch{Kernel: "count", Block: [3]int{32, 1, 1},
			Args: [][]byte{ptrArg(m, n), ptrArg(m, bits), ptrArg(m, sum), u32(x)}}); err != nil {
			t.Fatal(err)
		}
		wantN := 0
		for tid := uint32(0); tid < 32; tid++ {
			for v := x ^ tid; v != 0; v &= v - 1 {
				wantN++
			}
		}
		if got := ints(read(t, m, n, 4))[0]; int(got) != wantN {
			t.Errorf("popc sum = %d; want %d", got, wantN)
		}
		// The ballot of the odd threads is 0xaaaaaaaa: clz 0, brev 0.
		hi := uint32((uint64(x) * uint64(x)) >> 32)
		for i, got := range ints(read(t, m, bits, 4*32)) {
			if uint32(got) != hi {
				t.Errorf("bits[%d] = %#x; want %#x", i, uint32(got), hi)
			}
		}
		if got := ints(read(t, m, sum, 4))[0]; got != 496 {
			t.Errorf("sum of shuffled thread indices = %d; want 496", got)
		}
	})
}

// TestRunHalf: f16 values through a phi, a select and conversions.
func TestRunHalf(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "half.ir", addr, opt)
		for _, c := range []struct {
			pred uint8
			bits uint16
			f    float32
		}{{1, 0x4000, 2}, {0, 0x3e00, 1.5}} {
			p := alloc(t, m, make([]byte, 8))
			if _, err := m.Launch(emu.Launch{Kernel: "half", Args: [][]byte{ptrArg(m, p), {c.pred}, u32(math.Float32bits(1.5))}}); err != nil {
				t.Fatal(err)
			}
			b := read(t, m, p, 8)
			if got := binary.LittleEndian.Uint16(b); got != c.bits {
				t.Errorf("c=%d: stored half %#x; want %#x", c.pred, got, c.bits)
			}
			if got := floats(b[4:])[0]; got != c.f {
				t.Errorf("c=%d: stored float %v; want %v", c.pred, got, c.f)
			}
		}
	})
}

// TestRunAsm: inline PTX with result, register and immediate operands,
// its own scope and a special register.
func TestRunAsm(t *testing.T) {
	forConfigs(t, func(t *testing.T, addr, opt int) {
		m := loadIR(t, "asm.ir", addr, opt)
		out := alloc(t, m, make([]byte, 4*32))
		if _, err := m.Launch(emu.Launch{Kernel: "lanes", Block: [3]int{32, 1, 1},
			Args: [][]byte{ptrArg(m, out), binary.LittleEndian.AppendUint64(nil, 5)}}); err != nil {
			t.Fatal(err)
		}
		for lane, got := range ints(read(t, m, out, 4*32)) {
			r := (lane + 3) * 2
			if want := int32(r + 10 + lane*r); got != want {
				t.Errorf("out[%d] = %d; want %d", lane, got, want)
			}
		}
	})
}
