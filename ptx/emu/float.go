package emu

import (
	"math"
	"math/big"
)

// Rounding modes of floating-point instructions (PTX ISA §9.7.3): .rn is
// the default.
const (
	rn = iota
	rz
	rm
	rp
)

// NaN results, as an NVIDIA H200 makes them (cc/testdata/corpus/nan_payloads.cu
// run on the GPU, and single instructions: TestNaNPayloads, TestNaNResults):
//   - .f32: every NaN result is the canonical NaN PTX defines, 0x7fffffff,
//     neg and abs of a NaN included.
//   - .f64: an invalid operation (inf-inf, 0*inf, 0/0, inf/inf, sqrt of a
//     negative number, fma(0, inf, c)) makes nan64, 0xfff8000000000000; a
//     NaN operand is passed on quieted (bit 51 set), with its sign and
//     payload (add, sub, mul, fma, div, rcp, sqrt; neg and abs too, which
//     leave the sign of a NaN as it is). Which of two NaN operands is passed
//     on depends on ptxas's operand order, not on PTX: the executor passes
//     on the first.
//   - .f16: the canonical 0x7fff (add, neg); .bf16 likewise (neg, abs,
//     add.bf16 on sm_90: cc/testdata/corpus/bf16_arith.cu).
//
// Conversions are in cvtNaN and floatNaNToInt (ops.go).
const (
	nan32   = 0x7fffffff
	nan64   = 0xfff8000000000000
	nan16   = 0x7fff
	quiet64 = 1 << 51 // the quiet bit of a .f64 NaN
)

// isNaN64 reports whether b are the bits of a .f64 NaN.
func isNaN64(b uint64) bool { return b&^(1<<63) > 0x7ff0000000000000 }

// nanOf64 is the NaN a .f64 operation on the operands a, b, c (0 for the
// ones it does not have) returns when its result is NaN: the first NaN
// operand, quieted, or nan64 when none is (an invalid operation).
func nanOf64(a, b, c uint64) uint64 {
	switch {
	case isNaN64(a):
		return a | quiet64
	case isNaN64(b):
		return b | quiet64
	case isNaN64(c):
		return c | quiet64
	}
	return nan64
}

// bits64 returns the bits of r, the result of a .f64 operation on the
// operands a, b, c (0 for the ones it does not have), with the NaN the
// hardware makes.
func bits64(r float64, a, b, c uint64) uint64 {
	if r != r {
		return nanOf64(a, b, c)
	}
	return math.Float64bits(r)
}

// f32NaNToF64 is cvt.f64.f32 of the NaN with bits a: the sign kept, the
// payload shifted into the top of the .f64 fraction, quieted (H200:
// 0x7f800789 -> 0x7ff800f120000000).
func f32NaNToF64(a uint64) uint64 {
	return (a&0x80000000)<<32 | 0x7ff0000000000000 | (a&0x7fffff)<<29 | quiet64
}

// f64NaNToF32 is cvt.f32.f64 of the NaN with bits a: the sign kept, the
// payload dropped, quiet (H200: 0x7fc00000 or 0xffc00000).
func f64NaNToF32(a uint64) uint64 { return a>>32&0x80000000 | 0x7fc00000 }

// twoSum returns s = RN(a+b) and the exact error e = a+b-s.
func twoSum(a, b float64) (float64, float64) {
	s := a + b
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return s, 0
	}
	bb := s - a
	e := (a - (s - bb)) + (b - bb)
	return s, e
}

// toOdd turns hi = RN(x), with lo the sign of x-hi (0 when exact), into
// x rounded to odd in double precision: a later rounding to a format of
// at most 51 bits of precision then rounds x correctly in every mode.
func toOdd(hi, lo float64) float64 {
	if lo == 0 || math.IsInf(hi, 0) || math.IsNaN(hi) || hi == 0 {
		return hi
	}
	b := math.Float64bits(hi)
	if b&1 == 0 {
		if (lo > 0) == (hi > 0) {
			b++
		} else {
			b--
		}
	}
	return math.Float64frombits(b)
}

// roundSmall rounds the double x to a binary format with eb exponent bits
// and mb fraction bits (f32: 8, 23; f16: 5, 10; bf16: 8, 7) in a rounding
// mode, with subnormals, and returns its bits. NaN gives the canonical NaN.
func roundSmall(x float64, mode int, eb, mb uint) uint64 {
	bias := 1<<(eb-1) - 1
	signBit := uint64(1) << (eb + mb)
	expAll := uint64(1<<eb-1) << mb
	if math.IsNaN(x) {
		return expAll | (1<<mb - 1) // 0x7fff..., the canonical NaN
	}
	var s uint64
	neg := math.Signbit(x)
	if neg {
		s = signBit
		x = -x
	}
	if math.IsInf(x, 0) {
		return s | expAll
	}
	if x == 0 {
		return s
	}
	_, ex := math.Frexp(x)
	e := ex - 1
	emin := 1 - bias
	if e < emin {
		e = emin
	}
	q := math.Ldexp(1, e-int(mb))
	n := x / q
	ni := math.Floor(n)
	frac := n - ni
	if frac != 0 {
		up := false
		switch mode {
		case rn:
			up = frac > 0.5 || frac == 0.5 && math.Mod(ni, 2) == 1
		case rm:
			up = neg
		case rp:
			up = !neg
		}
		if up {
			ni++
		}
	}
	if ni >= float64(uint64(1)<<(mb+1)) {
		ni /= 2
		e++
	}
	if e > bias {
		over := mode == rn || mode == rm && neg || mode == rp && !neg
		if over {
			return s | expAll
		}
		return s | (expAll - 1<<mb) | (1<<mb - 1)
	}
	m := uint64(ni)
	if m < 1<<mb {
		return s | m
	}
	return s | uint64(e+bias)<<mb | (m - 1<<mb)
}

// r32 rounds the exact value hi+lo to .f32.
func r32(hi, lo float64, mode int) float32 {
	if mode == rn && lo == 0 {
		return float32(hi)
	}
	return math.Float32frombits(uint32(roundSmall(toOdd(hi, lo), mode, 8, 23)))
}

// dir64 rounds the exact value hi+lo (hi = RN of it) to .f64 in mode.
func dir64(hi, lo float64, mode int) float64 {
	if lo == 0 || math.IsNaN(hi) || mode == rn {
		return hi
	}
	switch mode {
	case rz:
		if (lo > 0) != (hi > 0) {
			return math.Nextafter(hi, 0)
		}
	case rm:
		if lo < 0 {
			return math.Nextafter(hi, math.Inf(-1))
		}
	case rp:
		if lo > 0 {
			return math.Nextafter(hi, math.Inf(1))
		}
	}
	return hi
}

func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

func add32(x, y float32, mode int) float32 {
	if mode == rn {
		return x + y
	}
	hi, lo := twoSum(float64(x), float64(y))
	return r32(hi, lo, mode)
}

func mul32(x, y float32, mode int) float32 {
	if mode == rn {
		return x * y
	}
	return r32(float64(x)*float64(y), 0, mode)
}

func fma32(x, y, z float32, mode int) float32 {
	p := float64(x) * float64(y)
	s, e := twoSum(p, float64(z))
	return r32(s, e, mode)
}

func div32(x, y float32, mode int) float32 {
	if mode == rn {
		return x / y
	}
	q := float64(x) / float64(y)
	var lo float64
	if finite(q) && q != 0 {
		lo = math.FMA(-q, float64(y), float64(x))
		if y < 0 {
			lo = -lo
		}
	}
	return r32(q, lo, mode)
}

func sqrt32(x float32, mode int) float32 {
	s := math.Sqrt(float64(x))
	var lo float64
	if finite(s) && s != 0 {
		lo = math.FMA(-s, s, float64(x))
	}
	return r32(s, lo, mode)
}

func add64(x, y float64, mode int) float64 {
	s := x + y
	if mode == rn {
		return s
	}
	if math.IsInf(s, 0) && finite(x) && finite(y) {
		return dir64(s, -s, mode)
	}
	s, e := twoSum(x, y)
	return dir64(s, e, mode)
}

func mul64(x, y float64, mode int) float64 {
	p := x * y
	if mode == rn {
		return p
	}
	if math.IsInf(p, 0) && finite(x) && finite(y) {
		return dir64(p, -p, mode)
	}
	if !finite(p) {
		return p
	}
	if math.Abs(p) < 0x1p-960 && p != 0 || p == 0 && x != 0 && y != 0 {
		return bigOp(mode, func(z, a, b *big.Float) { z.Mul(a, b) }, x, y)
	}
	return dir64(p, math.FMA(x, y, -p), mode)
}

func div64(x, y float64, mode int) float64 {
	q := x / y
	if mode == rn {
		return q
	}
	if math.IsInf(q, 0) && finite(x) && finite(y) && y != 0 {
		return dir64(q, -q, mode)
	}
	if !finite(q) || q == 0 || math.Abs(q) < 0x1p-960 {
		if finite(q) && x != 0 && y != 0 {
			return bigOp(mode, func(z, a, b *big.Float) { z.Quo(a, b) }, x, y)
		}
		return q
	}
	r := math.FMA(-q, y, x)
	if y < 0 {
		r = -r
	}
	return dir64(q, r, mode)
}

func sqrt64(x float64, mode int) float64 {
	s := math.Sqrt(x)
	if mode == rn || !finite(s) || s == 0 {
		return s
	}
	return dir64(s, math.FMA(-s, s, x), mode)
}

func fma64(x, y, z float64, mode int) float64 {
	if mode == rn || !finite(x) || !finite(y) || !finite(z) {
		return math.FMA(x, y, z)
	}
	return bigOp(mode, func(r, a, b *big.Float) {
		p := new(big.Float).SetPrec(128).Mul(a, b)
		r.Add(p, new(big.Float).SetFloat64(z))
	}, x, y)
}

var bigModes = [...]big.RoundingMode{rn: big.ToNearestEven, rz: big.ToZero, rm: big.ToNegativeInf, rp: big.ToPositiveInf}

// bigOp computes op exactly enough and rounds to .f64 in mode (used where
// the result may be subnormal or the error term cannot be had in double).
func bigOp(mode int, op func(z, a, b *big.Float), x, y float64) float64 {
	a := new(big.Float).SetFloat64(x)
	b := new(big.Float).SetFloat64(y)
	wide := new(big.Float).SetPrec(2200).SetMode(big.ToZero)
	op(wide, a, b)
	f, _ := wide.Float64()
	c := wide.Cmp(new(big.Float).SetFloat64(f)) // sign of exact - f
	if math.IsInf(f, 0) {
		return dir64(f, -f, mode)
	}
	switch {
	case c == 0:
		return f
	case mode == rz && (c < 0) == (f > 0):
		return math.Nextafter(f, 0)
	case mode == rm && c < 0:
		return math.Nextafter(f, math.Inf(-1))
	case mode == rp && c > 0:
		return math.Nextafter(f, math.Inf(1))
	}
	return f
}

// roundInt rounds x to an integral value in mode.
func roundInt(x float64, mode int) float64 {
	switch mode {
	case rz:
		return math.Trunc(x)
	case rm:
		return math.Floor(x)
	case rp:
		return math.Ceil(x)
	}
	return math.RoundToEven(x)
}

// f32 helpers with .ftz (subnormal inputs and results are zero, keeping
// the sign) and .sat (clamped to [0, 1], NaN to 0).
func ftz32(x float32) float32 {
	if x != 0 && math.Abs(float64(x)) < 0x1p-126 {
		return float32(math.Copysign(0, float64(x)))
	}
	return x
}

func out32(x float32, ftz, sat bool) uint64 {
	if ftz {
		x = ftz32(x)
	}
	if sat {
		switch {
		case x != x:
			x = 0
		case x <= 0:
			x = 0
		case x > 1:
			x = 1
		}
	}
	if x != x {
		return nan32
	}
	return uint64(math.Float32bits(x))
}

// out64 returns the bits of x, the result of a .f64 operation on the
// operands a, b, c (0 for the ones it does not have), with .sat (clamped
// to [0, 1], NaN to 0) and the NaN the hardware makes (nanOf64).
func out64(x float64, sat bool, a, b, c uint64) uint64 {
	if sat {
		switch {
		case x != x:
			x = 0
		case x <= 0:
			x = 0
		case x > 1:
			x = 1
		}
	}
	return bits64(x, a, b, c)
}

// half formats: f16 (5, 10) and bf16 (8, 7).
func halfToF64(b uint64, bf bool) float64 {
	if bf {
		return float64(math.Float32frombits(uint32(b&0xffff) << 16))
	}
	b &= 0xffff
	s := b >> 15
	e := int(b>>10) & 31
	m := b & 1023
	var v float64
	switch e {
	case 0:
		v = math.Ldexp(float64(m), -24)
	case 31:
		if m != 0 {
			v = math.NaN()
		} else {
			v = math.Inf(1)
		}
	default:
		v = math.Ldexp(float64(m|1024), e-25)
	}
	if s != 0 {
		v = -v
	}
	return v
}

func f64ToHalf(x float64, mode int, bf bool) uint64 {
	if bf {
		return roundSmall(x, mode, 8, 7)
	}
	return roundSmall(x, mode, 5, 10)
}
