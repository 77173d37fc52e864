package emu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// alu runs one instruction "name d, a[, b[, c]]" on one thread and
// returns d's bits; the operand registers have the given types.
func alu(t *testing.T, name, dt, st string, args ...uint64) uint64 {
	t.Helper()
	reg := func(ty string) string {
		switch ty {
		case ".f16", ".bf16", ".u16", ".s16", ".b16":
			return ".b16"
		case ".f64", ".u64", ".s64", ".b64":
			return ".b64"
		case ".u8", ".s8":
			return ".b16"
		}
		return ".b32"
	}
	size := map[string]int{".b16": 2, ".b32": 4, ".b64": 8}
	src := header + ".visible .entry k(.param .u64 p)\n{\n.reg .b64 %rd<2>;\n"
	src += fmt.Sprintf(".reg %s %%d;\n.reg %s %%a<4>;\n", reg(dt), reg(st))
	src += "ld.param.u64 %rd1, [p];\n"
	ops := "%d"
	for i := range args {
		src += fmt.Sprintf("ld.global%s %%a%d, [%%rd1+%d];\n", reg(st), i, 8+8*i)
		ops += fmt.Sprintf(", %%a%d", i)
	}
	src += fmt.Sprintf("%s %s;\nst.global%s [%%rd1], %%d;\nret;\n}\n", name, ops, reg(dt))
	m := load(t, Options{}, src)
	a, p := buffer(t, m, 8+8*len(args))
	buf := make([]byte, 8+8*len(args))
	for i, v := range args {
		binary.LittleEndian.PutUint64(buf[8+8*i:], v)
	}
	if err := m.Write(a, buf); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Launch(Launch{Kernel: "k", Args: [][]byte{p}}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return get(read(t, m, a, 8), size[reg(dt)])
}

func f32b(f float32) uint64 { return uint64(math.Float32bits(f)) }

// TestIntegerEdges: the results PTX defines without a fault.
func TestIntegerEdges(t *testing.T) {
	for _, tt := range []struct {
		name, dt, st string
		args         []uint64
		want         uint64
	}{
		{"div.u32", ".u32", ".u32", []uint64{7, 0}, 0xffffffff},
		{"div.s32", ".s32", ".s32", []uint64{7, 0}, 0xffffffff},
		{"div.s32", ".s32", ".s32", []uint64{0xfffffff9, 0}, 1},
		{"rem.s32", ".s32", ".s32", []uint64{0xfffffff9, 0}, 0xfffffff9},
		{"div.s32", ".s32", ".s32", []uint64{0x80000000, 0xffffffff}, 0x80000000},
		{"rem.u32", ".u32", ".u32", []uint64{7, 0}, 7},
		{"rem.s32", ".s32", ".s32", []uint64{0xfffffff9, 2}, 0xffffffff},
		{"shl.b32", ".b32", ".b32", []uint64{1, 32}, 0},
		{"shr.u32", ".u32", ".u32", []uint64{0x80000000, 40}, 0},
		{"shr.s32", ".s32", ".s32", []uint64{0x80000000, 40}, 0xffffffff},
		{"shr.s64", ".s64", ".s64", []uint64{1 << 63, 1}, 0xc000000000000000},
		{"mul.hi.s32", ".s32", ".s32", []uint64{0xffffffff, 5}, 0xffffffff},
		{"mul.hi.u64", ".u64", ".u64", []uint64{1 << 63, 4}, 2},
		{"mul.hi.s64", ".s64", ".s64", []uint64{1 << 63, 4}, 0xfffffffffffffffe},
		{"add.sat.s32", ".s32", ".s32", []uint64{0x7fffffff, 1}, 0x7fffffff},
		{"sub.sat.s32", ".s32", ".s32", []uint64{0x80000000, 1}, 0x80000000},
		{"bfe.u32", ".u32", ".u32", []uint64{0xf0f0, 4, 8}, 0x0f},
		{"bfe.s32", ".s32", ".s32", []uint64{0xf0f0, 4, 4}, 0xffffffff},
		{"bfe.s32", ".s32", ".s32", []uint64{0xf0f0, 4, 0}, 0},
		{"prmt.b32", ".b32", ".b32", []uint64{0x33221100, 0x77665544, 0x5140}, 0x00051404&0 | 0x55114400},
		{"prmt.b32", ".b32", ".b32", []uint64{0x800000ff, 0, 0x8880}, 0xffffffff},
		{"bfind.u32", ".u32", ".u32", []uint64{0}, 0xffffffff},
		{"bfind.s32", ".s32", ".s32", []uint64{0xffff0000}, 15},
		{"bfind.shiftamt.u32", ".u32", ".u32", []uint64{1}, 31},
		{"clz.b64", ".b32", ".b64", []uint64{1}, 63},
		{"popc.b64", ".b32", ".b64", []uint64{0xff00ff}, 16},
		{"brev.b32", ".b32", ".b32", []uint64{1}, 0x80000000},
		{"cvt.u8.s32.sat", ".u32", ".s32", []uint64{0xffffff00}, 0},
		{"cvt.s8.s32.sat", ".s32", ".s32", []uint64{300}, 127},
		{"cvt.s32.s8", ".s32", ".s16", []uint64{0x80}, 0xffffff80},
		{"cvt.rzi.s32.f32", ".s32", ".f32", []uint64{f32b(float32(math.NaN()))}, 0}, // NaN (H200, TestNaNResults)
		{"cvt.rzi.s32.f32", ".s32", ".f32", []uint64{f32b(3e9)}, 0x7fffffff},
		{"cvt.rzi.u32.f32", ".u32", ".f32", []uint64{f32b(-5)}, 0},
		{"cvt.rni.s32.f32", ".s32", ".f32", []uint64{f32b(2.5)}, 2},
		{"cvt.rmi.s32.f32", ".s32", ".f32", []uint64{f32b(-2.5)}, 0xfffffffd},
		{"cvt.rn.f16.f32", ".f16", ".f32", []uint64{f32b(65520)}, 0x7c00},
		{"cvt.rz.f16.f32", ".f16", ".f32", []uint64{f32b(65520)}, 0x7bff},
		{"cvt.rn.f16.f32", ".f16", ".f32", []uint64{f32b(0x1p-25)}, 0},
		{"cvt.rn.f16.f32", ".f16", ".f32", []uint64{f32b(0x1.8p-25)}, 1},
		{"cvt.f32.f16", ".f32", ".f16", []uint64{0x3c01}, f32b(1 + 0x1p-10)},
		{"cvt.rn.bf16.f32", ".bf16", ".f32", []uint64{f32b(1 + 0x1p-8)}, 0x3f80},
		{"cvt.rz.f32.f64", ".f32", ".f64", []uint64{math.Float64bits(1 + 0x1p-30)}, f32b(1)},
		{"cvt.rp.f32.f64", ".f32", ".f64", []uint64{math.Float64bits(1 + 0x1p-30)}, f32b(1 + 0x1p-23)},
		{"cvt.rn.f32.u64", ".f32", ".u64", []uint64{1<<63 + 1<<39 + 1}, f32b(0x1p63 + 0x1p40)},
		{"cvt.rn.f32.u64", ".f32", ".u64", []uint64{1<<63 + 1<<39}, f32b(0x1p63)},
		{"cvt.rz.f32.s32", ".f32", ".s32", []uint64{0x7fffffff}, f32b(0x1p31 - 128)},
		{"cvt.rm.f64.s64", ".f64", ".s64", []uint64{0x7fffffffffffffff}, math.Float64bits(0x1p63 - 1024)},
		{"add.f32", ".f32", ".f32", []uint64{f32b(float32(math.Inf(1))), f32b(float32(math.Inf(-1)))}, nan32},
		{"min.f32", ".f32", ".f32", []uint64{f32b(float32(math.NaN())), f32b(2)}, f32b(2)},
		{"max.f32", ".f32", ".f32", []uint64{f32b(float32(math.Copysign(0, -1))), 0}, 0},
		{"add.ftz.f32", ".f32", ".f32", []uint64{f32b(0x1p-130), 0}, 0},
		{"add.f32", ".f32", ".f32", []uint64{f32b(0x1p-130), 0}, f32b(0x1p-130)},
		{"mul.sat.f32", ".f32", ".f32", []uint64{f32b(3), f32b(2)}, f32b(1)},
		{"add.rn.f16", ".f16", ".f16", []uint64{0x3c00, 0x1400}, 0x3c01},
		{"fma.rn.f16", ".f16", ".f16", []uint64{0x3c00, 0x3c00, 0x0001}, 0x3c00},
		{"testp.subnormal.f32", ".b32", ".f32", []uint64{f32b(0x1p-130)}, 1},
		{"copysign.f32", ".f32", ".f32", []uint64{f32b(-1), f32b(2)}, f32b(-2)},
		{"sad.u32", ".u32", ".u32", []uint64{3, 10, 1}, 8},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 3, 1}, 3},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 2, 0xffffffff}, 1},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 2, 1}, 3},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 2, 0}, 0xffffffff},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 0, 16}, 31},
		{"fns.b32", ".b32", ".b32", []uint64{0xaaaaaaaa, 0, 17}, 0xffffffff},
		{"set.lt.f16x2.f16x2", ".b32", ".b32", []uint64{0x3c00_4000, 0x4000_3c00}, 0x3c00_0000},
		{"set.lt.u32.f16x2", ".b32", ".b32", []uint64{0x3c00_4000, 0x4000_3c00}, 0xffff_0000},
		{"set.ge.f16.f16", ".f16", ".f16", []uint64{0x4000, 0x3c00}, 0x3c00},
		{"min.NaN.f32", ".f32", ".f32", []uint64{f32b(float32(math.NaN())), f32b(2)}, nan32},
		{"max.xorsign.abs.f32", ".f32", ".f32", []uint64{f32b(-3), f32b(2)}, f32b(-3)},
		{"max.relu.f16", ".f16", ".f16", []uint64{0xbc00, 0xc000}, 0},
		{"fma.rn.relu.f16", ".f16", ".f16", []uint64{0xbc00, 0x3c00, 0x3800}, 0},
		{"fma.rn.relu.f16", ".f16", ".f16", []uint64{0x3c00, 0x3c00, 0x3800}, 0x3e00},
		{"bfi.b32", ".b32", ".b32", []uint64{0xab, 0xffffffff, 8, 8}, 0xffffabff},
		{"bfi.b32", ".b32", ".b32", []uint64{0xff, 0, 28, 8}, 0xf0000000},
		{"slct.u32.s32", ".u32", ".u32", []uint64{1, 2, 0xffffffff}, 2},
		{"slct.u32.s32", ".u32", ".u32", []uint64{1, 2, 0}, 1},
		{"set.lt.u32.s32", ".u32", ".s32", []uint64{0xffffffff, 0}, 0xffffffff},
		{"set.gt.f32.f32", ".f32", ".f32", []uint64{f32b(2), f32b(1)}, f32b(1)},
		{"cvt.rni.f32.f32", ".f32", ".f32", []uint64{f32b(2.5)}, f32b(2)},
		{"cvt.rpi.f32.f32", ".f32", ".f32", []uint64{f32b(-2.5)}, f32b(-2)},
		{"shf.l.wrap.b32", ".b32", ".b32", []uint64{0x80000000, 1, 33}, 3},
		{"shf.r.clamp.b32", ".b32", ".b32", []uint64{0, 1, 40}, 1},
		{"rcp.rn.f64", ".f64", ".f64", []uint64{math.Float64bits(4)}, math.Float64bits(0.25)},
		{"sqrt.rn.f32", ".f32", ".f32", []uint64{f32b(-1)}, nan32},
		{"div.rn.f64", ".f64", ".f64", []uint64{0, 0}, nan64},
	} {
		name := tt.name
		if len(tt.args) == 3 && name[:3] == "prm" {
			name = tt.name
		}
		got := alu(t, name, tt.dt, tt.st, tt.args...)
		if got != tt.want {
			t.Errorf("%s %#x = %#x, want %#x", tt.name, tt.args, got, tt.want)
		}
	}
}

func bigRound32(x *big.Float, mode int) float32 {
	r := new(big.Float).SetPrec(24).SetMode(bigModes[mode]).Set(x)
	f, _ := r.Float32()
	return f
}

func bigRound64(x *big.Float, mode int) float64 {
	r := new(big.Float).SetPrec(53).SetMode(bigModes[mode]).Set(x)
	f, _ := r.Float64()
	return f
}

// TestRounding compares the rounded operations with math/big on random
// operands (results in the normal range, where big.Float rounds as IEEE
// does).
func TestRounding(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rf32 := func() float32 {
		return math.Float32frombits(uint32(r.Int63n(1<<23)) | uint32(100+r.Intn(54))<<23 | uint32(r.Intn(2))<<31)
	}
	rf64 := func() float64 {
		return math.Float64frombits(uint64(r.Int63n(1<<52)) | uint64(1000+r.Intn(46))<<52 | uint64(r.Intn(2))<<63)
	}
	exact := func(f float64) *big.Float { return new(big.Float).SetPrec(0).SetFloat64(f) }
	for i := range 20000 {
		mode := i % 4
		x, y, z := rf32(), rf32(), rf32()
		X, Y, Z := exact(float64(x)), exact(float64(y)), exact(float64(z))
		check := func(op string, got float32, want *big.Float) {
			if w := bigRound32(want, mode); got != w {
				t.Fatalf("%s.f32 mode %d %g %g %g: got %g want %g", op, mode, x, y, z, got, w)
			}
		}
		check("add", add32(x, y, mode), new(big.Float).SetPrec(1000).Add(X, Y))
		check("mul", mul32(x, y, mode), new(big.Float).SetPrec(1000).Mul(X, Y))
		check("fma", fma32(x, y, z, mode), new(big.Float).SetPrec(1000).Add(new(big.Float).SetPrec(1000).Mul(X, Y), Z))
		check("div", div32(x, y, mode), new(big.Float).SetPrec(1000).Quo(X, Y))
		ax := float32(math.Abs(float64(x)))
		check("sqrt", sqrt32(ax, mode), new(big.Float).SetPrec(1000).Sqrt(exact(float64(ax))))

		a, b, c := rf64(), rf64(), rf64()
		A, B, C := exact(a), exact(b), exact(c)
		check64 := func(op string, got float64, want *big.Float) {
			if w := bigRound64(want, mode); got != w {
				t.Fatalf("%s.f64 mode %d %g %g %g: got %g want %g", op, mode, a, b, c, got, w)
			}
		}
		check64("add", add64(a, b, mode), new(big.Float).SetPrec(3000).Add(A, B))
		check64("mul", mul64(a, b, mode), new(big.Float).SetPrec(3000).Mul(A, B))
		check64("div", div64(a, b, mode), new(big.Float).SetPrec(3000).Quo(A, B))
		check64("fma", fma64(a, b, c, mode), new(big.Float).SetPrec(3000).Add(new(big.Float).SetPrec(3000).Mul(A, B), C))
		aa := math.Abs(a)
		check64("sqrt", sqrt64(aa, mode), new(big.Float).SetPrec(3000).Sqrt(exact(aa)))
	}
}

// TestCarry: a 64-bit product built from 32-bit mad.cc/madc, as nvcc
// emits for 128-bit arithmetic.
func TestCarry(t *testing.T) {
	src := header + `.visible .entry k(.param .u64 p)
{
.reg .b32 %r<12>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [p];
ld.global.u32 %r1, [%rd1+8];
ld.global.u32 %r2, [%rd1+12];
mul.lo.u32 %r3, %r1, %r2;
mul.hi.u32 %r4, %r1, %r2;
add.cc.u32 %r5, %r3, %r1;
addc.cc.u32 %r6, %r4, 0;
addc.u32 %r7, 0, 0;
mad.lo.cc.u32 %r8, %r1, %r2, %r1;
madc.hi.cc.u32 %r9, %r1, %r2, 0;
madc.lo.u32 %r10, 0, 0, 0;
sub.cc.u32 %r11, 0, 1;
subc.u32 %r11, %r11, 0;
st.global.v4.u32 [%rd1], {%r5, %r6, %r8, %r9};
st.global.u32 [%rd1+16], %r7;
st.global.u32 [%rd1+20], %r10;
st.global.u32 [%rd1+24], %r11;
ret;
}
`
	m := load(t, Options{}, src)
	a, p := buffer(t, m, 32)
	buf := make([]byte, 32)
	binary.LittleEndian.PutUint32(buf[8:], 0xffffffff)
	binary.LittleEndian.PutUint32(buf[12:], 0xffffffff)
	m.Write(a, buf)
	if _, err := m.Launch(Launch{Kernel: "k", Args: [][]byte{p}}); err != nil {
		t.Fatal(err)
	}
	got := read(t, m, a, 28)
	// x*y + x with x = y = 2^32-1 is 0xffffffff_00000000: low 0, high
	// 0xffffffff, no carry out.
	want := []uint32{0, 0xffffffff, 0, 0xffffffff, 0, 0, 0xfffffffe}
	for i, w := range want {
		if g := binary.LittleEndian.Uint32(got[4*i:]); g != w {
			t.Errorf("word %d = %#x, want %#x", i, g, w)
		}
	}
}

// TestHalfRounding compares the rounding to .f16 and .bf16 with math/big
// on random doubles in the normal range, in every mode, and the
// conversion back.
func TestHalfRounding(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := range 50000 {
		mode := i % 4
		bf := i%8 >= 4
		prec, lo, hi := uint(11), -14, 15
		if bf {
			prec, lo, hi = 8, -126, 127
		}
		x := math.Ldexp(1+r.Float64(), lo+r.Intn(hi-lo))
		if r.Intn(2) == 0 {
			x = -x
		}
		want, _ := new(big.Float).SetPrec(prec).SetMode(bigModes[mode]).SetFloat64(x).Float64()
		if math.Abs(want) > 65504 && !bf {
			continue // overflow: rounding to infinity or the largest half differs by mode
		}
		got := halfToF64(f64ToHalf(x, mode, bf), bf)
		if got != want {
			t.Fatalf("x=%v mode %d bf %v: got %v want %v", x, mode, bf, got, want)
		}
	}
	// Subnormal halves: steps of 2^-24.
	for _, tt := range []struct {
		x    float64
		mode int
		want uint64
	}{
		{0x1p-24, rn, 1}, {0x1.8p-24, rn, 2}, {0x1.8p-24, rz, 1}, {0x1p-25, rn, 0}, {0x1p-26, rp, 1}, {-0x1p-26, rm, 0x8001},
		{65504, rn, 0x7bff}, {65519, rn, 0x7bff}, {65520, rn, 0x7c00}, {1e6, rz, 0x7bff}, {-1e6, rp, 0xfbff}, {-1e6, rm, 0xfc00},
	} {
		if got := f64ToHalf(tt.x, tt.mode, false); got != tt.want {
			t.Errorf("f16(%v, mode %d) = %#x, want %#x", tt.x, tt.mode, got, tt.want)
		}
	}
}

// TestConversionRepeats: a conversion gives the same result every time
// (a decoded instruction keeps no state between executions).
func TestConversionRepeats(t *testing.T) {
	f := cvtFn(tyF64, tyF64, rm, true, false, false)
	for i := range 3 {
		if got := math.Float64frombits(f(math.Float64bits(-4.5))); got != -5 {
			t.Fatalf("execution %d: cvt.rmi.f64.f64 -4.5 = %v, want -5", i, got)
		}
	}
}

// TestWarpSize: WARP_SZ, the predefined constant nvcc's headers read for
// the shuffles' default width, is 32.
func TestWarpSize(t *testing.T) {
	src := header + `.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	{mov.u32 %r1, WARP_SZ;
}
	shl.b32 %r2, %r1, 8;
	st.global.u32 [%rd1], %r2;
	ret;
}
`
	m := load(t, Options{}, src)
	a, p := buffer(t, m, 4)
	if _, err := m.Launch(Launch{Kernel: "k", Args: [][]byte{p}}); err != nil {
		t.Fatal(err)
	}
	if got := get(read(t, m, a, 4), 4); got != 32<<8 {
		t.Errorf("WARP_SZ<<8 = %#x, want %#x", got, 32<<8)
	}
}

// TestBFloat16Ops: the sm_80 bfloat16 instructions nvcc's cuda_bf16.h
// emits, on values whose results are known: add, sub and mul as one fma
// with 1.0, -1.0 or -0.0, the pair forms, neg, abs, min, max and the
// conversions from f32 (a tie to even, a NaN, the pair packed high
// first).
func TestBFloat16Ops(t *testing.T) {
	for _, tt := range []struct {
		name, dt, st string
		args         []uint64
		want         uint64
	}{
		{"fma.rn.bf16", ".bf16", ".bf16", []uint64{0x3fc0, 0x3f80, 0x4000}, 0x4060}, // 1.5*1+2 = 3.5
		{"fma.rn.bf16", ".bf16", ".bf16", []uint64{0x4000, 0xbf80, 0x3f80}, 0xbf80}, // 2*-1+1 = -1
		{"fma.rn.bf16", ".bf16", ".bf16", []uint64{0x3f81, 0x3f81, 0x8000}, 0x3f82}, // (1+2^-7)^2 rounds to 1+2^-6
		{"fma.rn.bf16", ".bf16", ".bf16", []uint64{0x7f80, 0x0000, 0x3f80}, 0x7fff}, // inf*0: NaN
		{"fma.rn.bf16x2", ".bf16x2", ".bf16x2", []uint64{0x40003fc0, 0x3f803f80, 0x3f804000}, 0x40404060},
		{"neg.bf16", ".bf16", ".bf16", []uint64{0x3f80}, 0xbf80},
		{"abs.bf16", ".bf16", ".bf16", []uint64{0xc040}, 0x4040},
		{"max.bf16", ".bf16", ".bf16", []uint64{0xc040, 0x3f80}, 0x3f80},
		{"min.bf16", ".bf16", ".bf16", []uint64{0xc040, 0x3f80}, 0xc040},
		{"cvt.rn.bf16.f32", ".bf16", ".f32", []uint64{0x3f818000}, 0x3f82},
		{"cvt.rn.bf16.f32", ".bf16", ".f32", []uint64{0x3f808000}, 0x3f80},
		{"cvt.rz.bf16.f32", ".bf16", ".f32", []uint64{0x3f81ffff}, 0x3f81},
		{"cvt.rn.bf16.f32", ".bf16", ".f32", []uint64{0x7fc00001}, 0x7fff},
		{"cvt.rn.bf16x2.f32", ".bf16x2", ".f32", []uint64{0x40000000, 0x3f800000}, 0x40003f80},
	} {
		if got := alu(t, tt.name, tt.dt, tt.st, tt.args...); got != tt.want {
			t.Errorf("%s %#x = %#x, want %#x", tt.name, tt.args, got, tt.want)
		}
	}
}
