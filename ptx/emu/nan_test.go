package emu

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// nanPayloads is what cc/testdata/corpus/nan_payloads.cu writes, slot by
// slot: the bits read off an NVIDIA H200 (driver 580, the driver
// compiling nvcc 11.8's PTX for sm_90). The .f32 results occupy the low
// word of their slot.
var nanPayloads = []struct {
	op   string
	bits uint64
}{
	{"dadd(inf,-inf)", 0xfff8000000000000},
	{"dmul(0,inf)", 0xfff8000000000000},
	{"ddiv(0,0)", 0xfff8000000000000},
	{"ddiv(inf,inf)", 0xfff8000000000000},
	{"dsqrt(-1)", 0xfff8000000000000},
	{"dfma(0,inf,1)", 0xfff8000000000000},
	{"dadd(qa,1)", 0x7ff8000000000123},
	{"dadd(1,qb)", 0xfff8000000000456},
	{"dmul(qb,2)", 0xfff8000000000456},
	{"dadd(sa,1)", 0x7ff8000000000789},
	{"dfma(qa,1,1)", 0x7ff8000000000123},
	{"dfma(1,1,qb)", 0xfff8000000000456},
	{"ddiv(qa,1)", 0x7ff8000000000123},
	{"ddiv(1,qb)", 0xfff8000000000456},
	{"dsqrt(qb)", 0xfff8000000000456},
	{"-qa", 0x7ff8000000000123},
	{"fabs(qb)", 0xfff8000000000456},
	{"fmin(qa,1)", 0x3ff0000000000000},
	{"fadd(inf,-inf)", 0x000000007fffffff},
	{"fmul(0,inf)", 0x000000007fffffff},
	{"fdiv(0,0)", 0x000000007fffffff},
	{"fsqrt(-1)", 0x000000007fffffff},
	{"ffma(0,inf,1)", 0x000000007fffffff},
	{"fadd(qa,1)", 0x000000007fffffff},
	{"fadd(1,qb)", 0x000000007fffffff},
	{"fadd(qa,qb)", 0x000000007fffffff},
	{"fmul(sa,1)", 0x000000007fffffff},
	{"ffma(1,qa,qb)", 0x000000007fffffff},
	{"fdiv(qb,1)", 0x000000007fffffff},
	{"fsqrt(qb)", 0x000000007fffffff},
	{"-fqa", 0x000000007fffffff},
	{"fminf(qa,1)", 0x000000003f800000},
	{"fmaxf(qa,qb)", 0x000000007fffffff},
	{"(double)fqa", 0x7ff8002460000000},
	{"(double)fqb", 0xfff8008ac0000000},
	{"(double)fsa", 0x7ff800f120000000},
	{"(float)qa", 0x000000007fc00000},
	{"(float)qb", 0x00000000ffc00000},
	{"(float)sa", 0x000000007fc00000},
	{"(ll)qa", 0x8000000000000000},
	{"(u)fqa", 0x0000000000000000},
	{"(int)qb", 0xffffffff80000000},
}

// TestNaNPayloads runs nvcc's PTX of cc/testdata/corpus/nan_payloads.cu
// (recorded, and fresh when nvcc is installed) and compares every slot
// with the GPU's bits.
func TestNaNPayloads(t *testing.T) {
	run := func(t *testing.T, ptx string) {
		m := load(t, Options{}, ptx)
		a, p := buffer(t, m, 1024)
		if _, err := m.Launch(Launch{Kernel: "nan_payloads", Args: [][]byte{p}}); err != nil {
			t.Fatal(err)
		}
		out := read(t, m, a, 1024)
		for i, w := range nanPayloads {
			if got := binary.LittleEndian.Uint64(out[8*i:]); got != w.bits {
				t.Errorf("slot %d, %s: %#016x, the GPU gives %#016x", i, w.op, got, w.bits)
			}
		}
		if got := binary.LittleEndian.Uint64(out[8*len(nanPayloads):]); got != 0 {
			t.Errorf("slot %d written (%#x): the program has more slots than the table", len(nanPayloads), got)
		}
	}
	t.Run("recorded", func(t *testing.T) {
		b, err := os.ReadFile("testdata/nan_payloads_sm52.ptx")
		if err != nil {
			t.Fatal(err)
		}
		run(t, string(b))
	})
	t.Run("nvcc", func(t *testing.T) {
		if testing.Short() {
			t.Skip("nvcc in -short mode")
		}
		src, err := os.ReadFile("../../cc/testdata/corpus/nan_payloads.cu")
		if err != nil {
			t.Fatal(err)
		}
		run(t, oracle.CompilePTX(t, string(src), 64, "-arch=sm_52", "-fmad=false"))
	})
}

// TestNaNResults: the NaN each floating-point instruction makes, one
// instruction at a time, with operands read from memory. The expected
// bits were read off an NVIDIA H200 (driver 580), which ran these
// instructions as one hand-written PTX kernel (.target sm_60, JIT-compiled
// for sm_90). Plain .rn forms of add, sub, mul, fma and cvt.f64.f32 take
// the executor's specialised handlers, the others the general ones.
func TestNaNResults(t *testing.T) {
	const (
		qa, qb, sa, sb       = 0x7ff8000000000123, 0xfff8000000000456, 0x7ff0000000000789, 0xfff0000000000abc
		inf, ninf, one, mone = 0x7ff0000000000000, 0xfff0000000000000, 0x3ff0000000000000, 0xbff0000000000000
		fqa, fqb, fsa, fsb   = 0x7fc00123, 0xffc00456, 0x7f800789, 0xff800abc
		finf, fone, fmone    = 0x7f800000, 0x3f800000, 0xbf800000
		hqa, hqb, hsa        = 0x7e01, 0xfe02, 0x7c03
	)
	for _, tt := range []struct {
		name, dt, st string
		args         []uint64
		want         uint64
	}{
		{"add.f64", ".f64", ".f64", []uint64{inf, ninf}, 0xfff8000000000000},
		{"add.rz.f64", ".f64", ".f64", []uint64{inf, ninf}, 0xfff8000000000000},
		{"sub.f64", ".f64", ".f64", []uint64{one, qb}, 0xfff8000000000456},
		{"sub.f64", ".f64", ".f64", []uint64{qa, one}, 0x7ff8000000000123},
		{"sub.rm.f64", ".f64", ".f64", []uint64{one, sa}, 0x7ff8000000000789},
		{"sub.f64", ".f64", ".f64", []uint64{one, sb}, 0xfff8000000000abc},
		{"mul.rp.f64", ".f64", ".f64", []uint64{qb, one}, 0xfff8000000000456},
		{"mul.f64", ".f64", ".f64", []uint64{0, inf}, 0xfff8000000000000},
		{"mul.rz.f64", ".f64", ".f64", []uint64{0, inf}, 0xfff8000000000000},
		{"mul.f64", ".f64", ".f64", []uint64{sa, 0}, 0x7ff8000000000789},
		{"div.rn.f64", ".f64", ".f64", []uint64{qa, one}, 0x7ff8000000000123},
		{"div.rz.f64", ".f64", ".f64", []uint64{one, qb}, 0xfff8000000000456},
		{"div.rn.f64", ".f64", ".f64", []uint64{0, 0}, 0xfff8000000000000},
		{"div.rn.f64", ".f64", ".f64", []uint64{inf, inf}, 0xfff8000000000000},
		{"div.rn.f64", ".f64", ".f64", []uint64{sb, one}, 0xfff8000000000abc},
		{"fma.rn.f64", ".f64", ".f64", []uint64{0, inf, qa}, 0x7ff8000000000123},
		{"fma.rn.f64", ".f64", ".f64", []uint64{inf, 0, sa}, 0x7ff8000000000789},
		{"fma.rz.f64", ".f64", ".f64", []uint64{one, one, sb}, 0xfff8000000000abc},
		{"fma.rn.f64", ".f64", ".f64", []uint64{sa, one, one}, 0x7ff8000000000789},
		{"fma.rm.f64", ".f64", ".f64", []uint64{0, inf, one}, 0xfff8000000000000},
		{"mad.rn.f64", ".f64", ".f64", []uint64{one, qb, one}, 0xfff8000000000456},
		{"sqrt.rn.f64", ".f64", ".f64", []uint64{mone}, 0xfff8000000000000},
		{"sqrt.rn.f64", ".f64", ".f64", []uint64{sb}, 0xfff8000000000abc},
		{"sqrt.rp.f64", ".f64", ".f64", []uint64{qa}, 0x7ff8000000000123},
		{"rcp.rn.f64", ".f64", ".f64", []uint64{qb}, 0xfff8000000000456},
		{"rcp.rn.f64", ".f64", ".f64", []uint64{sb}, 0xfff8000000000abc},
		{"rcp.rz.f64", ".f64", ".f64", []uint64{sa}, 0x7ff8000000000789},
		{"rsqrt.approx.f64", ".f64", ".f64", []uint64{qa}, 0x7ff8000000000123},
		{"rsqrt.approx.f64", ".f64", ".f64", []uint64{mone}, 0xfff8000000000000},
		{"rcp.approx.ftz.f64", ".f64", ".f64", []uint64{qb}, 0x7fffffff00000000},
		{"neg.f64", ".f64", ".f64", []uint64{qa}, 0x7ff8000000000123},
		{"neg.f64", ".f64", ".f64", []uint64{sb}, 0xfff8000000000abc},
		{"abs.f64", ".f64", ".f64", []uint64{qb}, 0xfff8000000000456},
		{"abs.f64", ".f64", ".f64", []uint64{sb}, 0xfff8000000000abc},
		{"min.f64", ".f64", ".f64", []uint64{qa, one}, 0x3ff0000000000000},
		{"max.f64", ".f64", ".f64", []uint64{one, qb}, 0x3ff0000000000000},
		{"cvt.rni.f64.f64", ".f64", ".f64", []uint64{qb}, 0xfff8000000000456},
		{"cvt.rzi.f64.f64", ".f64", ".f64", []uint64{sb}, 0xfff8000000000abc},
		{"cvt.rn.f32.f64", ".f32", ".f64", []uint64{sb}, 0xffc00000},
		{"cvt.rz.f32.f64", ".f32", ".f64", []uint64{qb}, 0xffc00000},
		{"cvt.f64.f32", ".f64", ".f32", []uint64{fsb}, 0xfff8015780000000},
		{"cvt.rzi.s32.f32", ".s32", ".f32", []uint64{fqa}, 0x0},
		{"cvt.rni.s32.f32", ".s32", ".f32", []uint64{fqb}, 0x0},
		{"cvt.rni.s64.f32", ".s64", ".f32", []uint64{fqa}, 0x8000000000000000},
		{"cvt.rzi.u64.f32", ".u64", ".f32", []uint64{fqa}, 0x8000000000000000},
		{"cvt.rzi.u64.f64", ".u64", ".f64", []uint64{qa}, 0x8000000000000000},
		{"cvt.rzi.u32.f64", ".u32", ".f64", []uint64{qb}, 0x80000000},
		{"cvt.rpi.s64.f64", ".s64", ".f64", []uint64{qb}, 0x8000000000000000},
		{"cvt.rmi.s16.f32", ".s16", ".f32", []uint64{fqa}, 0x0},
		{"cvt.rzi.u16.f64", ".u16", ".f64", []uint64{qa}, 0x8000},
		{"cvt.rzi.s8.f32", ".s8", ".f32", []uint64{fqa}, 0x0},
		{"cvt.rzi.u8.f64", ".u8", ".f64", []uint64{qa}, 0x80},
		{"cvt.rzi.s16.f64", ".s16", ".f64", []uint64{sb}, 0x8000},
		{"cvt.rzi.sat.s32.f32", ".s32", ".f32", []uint64{fqa}, 0x0},
		{"abs.f32", ".f32", ".f32", []uint64{fqb}, 0x7fffffff},
		{"abs.f32", ".f32", ".f32", []uint64{fsa}, 0x7fffffff},
		{"neg.f32", ".f32", ".f32", []uint64{fsb}, 0x7fffffff},
		{"abs.ftz.f32", ".f32", ".f32", []uint64{fqa}, 0x7fffffff},
		{"neg.ftz.f32", ".f32", ".f32", []uint64{fqb}, 0x7fffffff},
		{"cvt.sat.f32.f32", ".f32", ".f32", []uint64{fqa}, 0x0},
		{"cvt.rni.f32.f32", ".f32", ".f32", []uint64{fqb}, 0x7fffffff},
		{"cvt.rn.sat.f32.f64", ".f32", ".f64", []uint64{qa}, 0x0},
		{"add.sat.f32", ".f32", ".f32", []uint64{fqa, fone}, 0x0},
		{"cvt.f32.f16", ".f32", ".f16", []uint64{hqa}, 0x7fffffff},
		{"cvt.f64.f16", ".f64", ".f16", []uint64{hqb}, 0xfff8080000000000},
		{"cvt.rn.f16.f32", ".f16", ".f32", []uint64{fqb}, 0x7fff},
		{"cvt.rn.f16.f64", ".f16", ".f64", []uint64{qa}, 0x7e00},
		{"cvt.rzi.s32.f16", ".s32", ".f16", []uint64{hqa}, 0x0},
		{"cvt.rzi.u32.f16", ".u32", ".f16", []uint64{hqa}, 0x0},
		{"neg.f16", ".f16", ".f16", []uint64{hqb}, 0x7fff},
		{"add.f16", ".f16", ".f16", []uint64{hqa, hsa}, 0x7fff},
		// sm_90, cc/testdata/corpus/bf16_arith.cu and bf16_conversions.cu.
		{"neg.bf16", ".bf16", ".bf16", []uint64{0x7fc1}, 0x7fff},
		{"abs.bf16", ".bf16", ".bf16", []uint64{0x7fc1}, 0x7fff},
		{"neg.bf16x2", ".bf16x2", ".bf16x2", []uint64{0x3f807fc1}, 0xbf807fff},
		{"abs.bf16x2", ".bf16x2", ".bf16x2", []uint64{0xffc1bf80}, 0x7fff3f80},
		{"cvt.f32.bf16", ".f32", ".bf16", []uint64{0x7fff}, 0x7fff0000},
		{"ex2.approx.f32", ".f32", ".f32", []uint64{fqb}, 0x7fffffff},
	} {
		if got := alu(t, tt.name, tt.dt, tt.st, tt.args...); got != tt.want {
			t.Errorf("%s %#x = %#x, the GPU gives %#x", tt.name, tt.args, got, tt.want)
		}
	}
}

// TestNaNTwoOperands: which of two NaN operands a .f64 operation passes on
// depends on the order ptxas gives the operands, not on PTX; the executor
// passes on the first, quieted.
func TestNaNTwoOperands(t *testing.T) {
	const qa, qb, sa = 0x7ff8000000000123, 0xfff8000000000456, 0x7ff0000000000789
	for _, tt := range []struct {
		name string
		args []uint64
		want uint64
	}{
		{"add.f64", []uint64{qa, qb}, qa},
		{"add.rz.f64", []uint64{qb, qa}, qb},
		{"mul.f64", []uint64{sa, qa}, sa | 1<<51},
		{"fma.rn.f64", []uint64{0x3ff0000000000000, qb, qa}, qb},
		{"max.f64", []uint64{qa, qb}, qa},
	} {
		if got := alu(t, tt.name, ".f64", ".f64", tt.args...); got != tt.want {
			t.Errorf("%s %#x = %#x, want %#x", tt.name, tt.args, got, tt.want)
		}
	}
}
