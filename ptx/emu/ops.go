package emu

import (
	"math"
	"math/bits"
)

// Generic handlers: one decoded instruction runs the active lanes of a
// warp through a function of the operands' bits.

func h1(w *warp, f *frame, in *inst, m uint32) {
	d, a, op := &f.regs[in.d[0]], f.src(in.s[0]), in.f1
	if m == 0xffffffff {
		for l := range 32 {
			d[l] = op(a[l])
		}
		return
	}
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = op(a[l])
		}
	}
}

func h2(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, op := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), in.f2
	if m == 0xffffffff {
		for l := range 32 {
			d[l] = op(a[l], b[l])
		}
		return
	}
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = op(a[l], b[l])
		}
	}
}

func h3(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c, op := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2]), in.f3
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = op(a[l], b[l], c[l])
		}
	}
}

// Specialised handlers for the commonest instructions.
func hMov(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	if m == 0xffffffff {
		*d = *a
		return
	}
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l]
		}
	}
}

func hAdd32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(uint32(a[l] + b[l]))
		}
	}
}

func hAdd64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l] + b[l]
		}
	}
}

func hMadLo32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(uint32(a[l]*b[l] + c[l]))
		}
	}
}

// setp: d (and the complement in d[1]) from a comparison, combined with
// an optional predicate c (in.aux: 0 none, 1 and, 2 or, 3 xor; in.t2.k
// 'n' when c is negated).
func hSetp(w *warp, f *frame, in *inst, m uint32) {
	a, b, op := f.src(in.s[0]), f.src(in.s[1]), in.f2
	var c *[32]uint64
	if in.aux != 0 {
		c = f.src(in.s[2])
	}
	d := &f.regs[in.d[0]]
	var q *[32]uint64
	if in.nd > 1 {
		q = &f.regs[in.d[1]]
	}
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		r := op(a[l], b[l])
		nr := r ^ 1
		if c != nil {
			cv := c[l] & 1
			if in.t2.k == 'n' {
				cv ^= 1
			}
			switch in.aux {
			case 1:
				r, nr = r&cv, nr&cv
			case 2:
				r, nr = r|cv, nr|cv
			case 3:
				r, nr = r^cv, nr^cv
			}
		}
		d[l] = r
		if q != nil {
			q[l] = nr
		}
	}
}

// vector moves: pack {a, b...} into d, or unpack a into {d0, d1...}.
func hPack(w *warp, f *frame, in *inst, m uint32) {
	d := &f.regs[in.d[0]]
	sz := uint(in.aux)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		var v uint64
		for i := int8(0); i < in.ns; i++ {
			v |= (f.src(in.s[i])[l] & mask(uint8(sz))) << (sz * uint(i))
		}
		d[l] = v
	}
}

func hUnpack(w *warp, f *frame, in *inst, m uint32) {
	a := f.src(in.s[0])
	sz := uint(in.aux)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		v := a[l]
		for i := int8(0); i < in.nd; i++ {
			f.regs[in.d[i]][l] = (v >> (sz * uint(i))) & mask(uint8(sz))
		}
	}
}

func execClock(w *warp, f *frame, in *inst, m uint32) {
	d := &f.regs[in.d[0]]
	var v uint64
	switch in.aux {
	case 0, 1:
		v = uint64(w.steps) * 4
	case 5:
		v = uint64(w.steps) * 4 >> 32
	default:
		v = uint64(w.b.l.start.UnixNano()) + uint64(w.steps)
	}
	if in.aux == 0 {
		v = uint64(uint32(v))
	}
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = v
		}
	}
}

// Integer operations.

func intBin(op string, t ty, sat bool) func(a, b uint64) uint64 {
	w := t.w
	mk := mask(w)
	s := t.signed()
	switch op {
	case "add":
		if sat && s {
			return func(a, b uint64) uint64 { return satS(sext(a, w)+sext(b, w), w) }
		}
		return func(a, b uint64) uint64 { return (a + b) & mk }
	case "sub":
		if sat && s {
			return func(a, b uint64) uint64 { return satS(sext(a, w)-sext(b, w), w) }
		}
		return func(a, b uint64) uint64 { return (a - b) & mk }
	case "mul.lo":
		return func(a, b uint64) uint64 { return (a * b) & mk }
	case "mul.hi":
		return func(a, b uint64) uint64 { return mulHi(a, b, t) }
	case "div":
		if s {
			return func(a, b uint64) uint64 {
				x, y := sext(a, w), sext(b, w)
				switch {
				case y == 0:
					// The hardware's result (the sign-magnitude unsigned
					// division, whose quotient by zero is all ones).
					if x < 0 {
						return 1
					}
					return mk
				case y == -1:
					return uint64(-x) & mk
				}
				return uint64(x/y) & mk
			}
		}
		return func(a, b uint64) uint64 {
			if b&mk == 0 {
				return mk
			}
			return (a & mk) / (b & mk)
		}
	case "rem":
		if s {
			return func(a, b uint64) uint64 {
				x, y := sext(a, w), sext(b, w)
				switch {
				case y == 0:
					return a & mk
				case y == -1:
					return 0
				}
				return uint64(x%y) & mk
			}
		}
		return func(a, b uint64) uint64 {
			if b&mk == 0 {
				return a & mk
			}
			return (a & mk) % (b & mk)
		}
	case "min", "max":
		mx := op == "max"
		if s {
			return func(a, b uint64) uint64 {
				if (sext(a, w) < sext(b, w)) != mx {
					return a & mk
				}
				return b & mk
			}
		}
		return func(a, b uint64) uint64 {
			if (a&mk < b&mk) != mx {
				return a & mk
			}
			return b & mk
		}
	case "and":
		return func(a, b uint64) uint64 { return a & b & mk }
	case "or":
		return func(a, b uint64) uint64 { return (a | b) & mk }
	case "xor":
		return func(a, b uint64) uint64 { return (a ^ b) & mk }
	case "shl":
		return func(a, b uint64) uint64 {
			n := b & 0xffffffff
			if n >= uint64(w) {
				return 0
			}
			return (a << n) & mk
		}
	case "shr":
		if s {
			return func(a, b uint64) uint64 {
				n := min(b&0xffffffff, 63)
				return uint64(sext(a, w)>>n) & mk
			}
		}
		return func(a, b uint64) uint64 {
			n := b & 0xffffffff
			if n >= uint64(w) {
				return 0
			}
			return (a & mk) >> n
		}
	}
	return nil
}

func satS(v int64, w uint8) uint64 {
	lo, hi := -int64(1)<<(w-1), int64(1)<<(w-1)-1
	if w == 64 {
		return uint64(v) // 64-bit saturation is not defined by PTX
	}
	v = max(lo, min(hi, v))
	return uint64(v) & mask(w)
}

func mulHi(a, b uint64, t ty) uint64 {
	w := t.w
	if w < 64 {
		if t.signed() {
			return uint64((sext(a, w)*sext(b, w))>>w) & mask(w)
		}
		return ((a & mask(w)) * (b & mask(w))) >> w & mask(w)
	}
	hi, _ := bits.Mul64(a, b)
	if t.signed() {
		if int64(a) < 0 {
			hi -= b
		}
		if int64(b) < 0 {
			hi -= a
		}
	}
	return hi
}

func mulWide(a, b uint64, t ty) uint64 {
	w := t.w
	return (t.ext(a) * t.ext(b)) & mask(2*w)
}

func bfe(a, pos, ln uint64, t ty) uint64 {
	w := uint64(t.w)
	pos &= 0xff
	ln &= 0xff
	msb := w - 1
	var sbit uint64
	if t.signed() && ln != 0 {
		sbit = a >> min(pos+ln-1, msb) & 1
	}
	var d uint64
	for i := uint64(0); i < w; i++ {
		var bit uint64
		if i < ln && pos+i <= msb {
			bit = a >> (pos + i) & 1
		} else {
			bit = sbit
		}
		d |= bit << i
	}
	return d
}

func bfi(f, b, pos, ln uint64, w uint8) uint64 {
	pos &= 0xff
	ln &= 0xff
	msb := uint64(w) - 1
	d := b
	for i := uint64(0); i < ln && pos+i <= msb; i++ {
		d = d&^(1<<(pos+i)) | (f>>i&1)<<(pos+i)
	}
	return d & mask(w)
}

func prmt(a, b, c uint64, mode string) uint64 {
	x := uint64(uint32(b))<<32 | uint64(uint32(a))
	byteOf := func(i uint64) uint64 { return x >> (8 * (i & 7)) & 0xff }
	var sel [4]uint64
	sign := [4]bool{}
	switch mode {
	case "":
		for i := range 4 {
			n := c >> (4 * i) & 0xf
			sel[i] = n & 7
			sign[i] = n&8 != 0
		}
	case ".f4e":
		s := c & 3
		sel = [4]uint64{s, s + 1, s + 2, s + 3}
	case ".b4e":
		s := c & 3
		sel = [4]uint64{s & 7, (s - 1) & 7, (s - 2) & 7, (s - 3) & 7}
	case ".rc8":
		s := c & 3
		sel = [4]uint64{s, s, s, s}
	case ".ecl":
		s := c & 3
		sel = [4]uint64{s, max(s, 1), max(s, 2), 3}
	case ".ecr":
		s := c & 3
		sel = [4]uint64{0, min(s, 1), min(s, 2), s}
	case ".rc16":
		s := c & 1
		sel = [4]uint64{2 * s, 2*s + 1, 2 * s, 2*s + 1}
	}
	var d uint64
	for i := range 4 {
		v := byteOf(sel[i])
		if sign[i] {
			if v&0x80 != 0 {
				v = 0xff
			} else {
				v = 0
			}
		}
		d |= v << (8 * i)
	}
	return d
}

func bfind(a uint64, t ty, shiftamt bool) uint64 {
	w := t.w
	v := a & mask(w)
	if t.signed() && sext(a, w) < 0 {
		v = ^v & mask(w)
	}
	if v == 0 {
		return 0xffffffff
	}
	p := uint64(63 - bits.LeadingZeros64(v))
	if shiftamt {
		return uint64(w) - 1 - p
	}
	return p
}

// Float comparisons for setp and set.
func floatCmp(op string, x, y float64) bool {
	nan := x != x || y != y
	switch op {
	case "eq":
		return !nan && x == y
	case "ne":
		return !nan && x != y
	case "lt":
		return !nan && x < y
	case "le":
		return !nan && x <= y
	case "gt":
		return !nan && x > y
	case "ge":
		return !nan && x >= y
	case "equ":
		return nan || x == y
	case "neu":
		return nan || x != y
	case "ltu":
		return nan || x < y
	case "leu":
		return nan || x <= y
	case "gtu":
		return nan || x > y
	case "geu":
		return nan || x >= y
	case "num":
		return !nan
	case "nan":
		return nan
	}
	return false
}

func intCmp(op string, t ty) func(a, b uint64) bool {
	w := t.w
	mk := mask(w)
	signed := t.signed()
	switch op {
	case "eq":
		return func(a, b uint64) bool { return a&mk == b&mk }
	case "ne":
		return func(a, b uint64) bool { return a&mk != b&mk }
	case "lo":
		return func(a, b uint64) bool { return a&mk < b&mk }
	case "ls":
		return func(a, b uint64) bool { return a&mk <= b&mk }
	case "hi":
		return func(a, b uint64) bool { return a&mk > b&mk }
	case "hs":
		return func(a, b uint64) bool { return a&mk >= b&mk }
	}
	if !signed {
		switch op {
		case "lt":
			return func(a, b uint64) bool { return a&mk < b&mk }
		case "le":
			return func(a, b uint64) bool { return a&mk <= b&mk }
		case "gt":
			return func(a, b uint64) bool { return a&mk > b&mk }
		case "ge":
			return func(a, b uint64) bool { return a&mk >= b&mk }
		}
		return nil
	}
	switch op {
	case "lt":
		return func(a, b uint64) bool { return sext(a, w) < sext(b, w) }
	case "le":
		return func(a, b uint64) bool { return sext(a, w) <= sext(b, w) }
	case "gt":
		return func(a, b uint64) bool { return sext(a, w) > sext(b, w) }
	case "ge":
		return func(a, b uint64) bool { return sext(a, w) >= sext(b, w) }
	}
	return nil
}

// toF64 reads bits of a floating-point type as a double (exactly).
func toF64(v uint64, t ty, ftz bool) float64 {
	switch t.k {
	case 'h':
		return halfToF64(v, false)
	case 'e':
		return halfToF64(v, true)
	}
	if t.w == 32 {
		x := math.Float32frombits(uint32(v))
		if ftz {
			x = ftz32(x)
		}
		return float64(x)
	}
	return math.Float64frombits(v)
}

// fromF64 stores an exact double as type t's bits, rounding in mode.
func fromF64(x float64, t ty, mode int, ftz, sat bool) uint64 {
	if sat {
		switch {
		case x != x || x <= 0:
			x = 0
		case x > 1:
			x = 1
		}
	}
	switch t.k {
	case 'h':
		r := f64ToHalf(x, mode, false)
		if ftz && r&0x7c00 == 0 {
			r &= 0x8000
		}
		return r
	case 'e':
		return f64ToHalf(x, mode, true)
	}
	if t.w == 32 {
		var r float32
		if mode == rn {
			r = float32(x)
		} else {
			r = math.Float32frombits(uint32(roundSmall(x, mode, 8, 23)))
		}
		return out32(r, ftz, false)
	}
	return out64(x, false, 0, 0, 0)
}

// float binary arithmetic on .f32 and .f64.
func floatBin(op string, t ty, mode int, ftz, sat bool) func(a, b uint64) uint64 {
	if t.w == 32 {
		var g func(x, y float32) float32
		switch op {
		case "add":
			g = func(x, y float32) float32 { return add32(x, y, mode) }
		case "sub":
			g = func(x, y float32) float32 { return add32(x, -y, mode) }
		case "mul":
			g = func(x, y float32) float32 { return mul32(x, y, mode) }
		case "div":
			g = func(x, y float32) float32 { return div32(x, y, mode) }
		case "min", "max":
			mx := op == "max"
			g = func(x, y float32) float32 { return float32(minMax(float64(x), float64(y), mx)) }
		case "copysign":
			g = func(x, y float32) float32 { return float32(math.Copysign(float64(y), float64(x))) }
		default:
			return nil
		}
		if op == "copysign" {
			return func(a, b uint64) uint64 { return a&0x80000000 | b&0x7fffffff }
		}
		return func(a, b uint64) uint64 {
			x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
			if ftz {
				x, y = ftz32(x), ftz32(y)
			}
			return out32(g(x, y), ftz, sat)
		}
	}
	var g func(x, y float64) float64
	switch op {
	case "add":
		g = func(x, y float64) float64 { return add64(x, y, mode) }
	case "sub":
		g = func(x, y float64) float64 { return add64(x, -y, mode) }
	case "mul":
		g = func(x, y float64) float64 { return mul64(x, y, mode) }
	case "div":
		g = func(x, y float64) float64 { return div64(x, y, mode) }
	case "min", "max":
		mx := op == "max"
		g = func(x, y float64) float64 { return minMax(x, y, mx) }
	case "copysign":
		return func(a, b uint64) uint64 { return a&(1<<63) | b&^(1<<63) }
	default:
		return nil
	}
	return func(a, b uint64) uint64 {
		return out64(g(math.Float64frombits(a), math.Float64frombits(b)), sat, a, b, 0)
	}
}

// minMax follows PTX: a NaN operand yields the other; -0 is below +0.
func minMax(x, y float64, mx bool) float64 {
	switch {
	case x != x:
		return y
	case y != y:
		return x
	case x == y && x == 0:
		if math.Signbit(x) != mx {
			return x
		}
		return y
	}
	if (x < y) != mx {
		return x
	}
	return y
}

// minMaxOpt is min or max with PTX's modifiers: .NaN (a NaN operand gives
// NaN), .xorsign.abs (compare magnitudes; the sign is the operands' signs
// xored) and .relu (a negative result is +0).
func minMaxOpt(x, y float64, mx, nanProp, xorsign, relu bool) float64 {
	neg := false
	if xorsign {
		neg = math.Signbit(x) != math.Signbit(y)
		x, y = math.Abs(x), math.Abs(y)
	}
	if nanProp && (x != x || y != y) {
		return math.NaN()
	}
	r := minMax(x, y, mx)
	if xorsign && r == r {
		r = math.Copysign(r, map[bool]float64{true: -1, false: 1}[neg])
	}
	if relu && r == r && (r < 0 || r == 0) {
		r = 0
	}
	return r
}

// halfOp applies a scalar double operation to a half type, element-wise
// for the x2 types; the exact result is rounded once (with round-to-odd
// in between where the double is not exact).
func halfOp(t ty, ftz, sat bool, op func(x []float64) (float64, float64)) func(a, b, c uint64) uint64 {
	bf := t.k == 'e' || t.k == 'E'
	n := 1
	if t.k == 'H' || t.k == 'E' {
		n = 2
	}
	return func(a, b, c uint64) uint64 {
		var d uint64
		for i := range n {
			sh := uint(16 * i)
			xs := []float64{halfToF64(a>>sh, bf), halfToF64(b>>sh, bf), halfToF64(c>>sh, bf)}
			if ftz && !bf {
				for j, x := range xs {
					if x != 0 && math.Abs(x) < 0x1p-14 {
						xs[j] = math.Copysign(0, x)
					}
				}
			}
			hi, lo := op(xs)
			if sat {
				switch {
				case hi != hi || hi <= 0:
					hi, lo = 0, 0
				case hi > 1:
					hi, lo = 1, 0
				}
			}
			r := f64ToHalf(toOdd(hi, lo), rn, bf)
			if ftz && !bf && r&0x7c00 == 0 {
				r &= 0x8000
			}
			d |= r << sh
		}
		return d
	}
}

// cvt conversion of a value of type st to type dt (PTX ISA §9.7.9.21).
func cvtFn(dt, st ty, mode int, intRound, ftz, sat bool) func(a uint64) uint64 {
	dfloat := dt.k == 'f' || dt.k == 'h' || dt.k == 'e'
	sfloat := st.k == 'f' || st.k == 'h' || st.k == 'e'
	switch {
	case !sfloat && !dfloat:
		return func(a uint64) uint64 {
			v := st.ext(a)
			if sat {
				v = satInt(v, st.signed(), dt)
			}
			return v & mask(dt.w)
		}
	case !sfloat && dfloat:
		return func(a uint64) uint64 {
			v := st.ext(a)
			var hi, lo float64
			if st.signed() {
				hi, lo = intParts(int64(v), 0, true)
			} else {
				hi, lo = intParts(0, v, false)
			}
			if dt.w == 64 && dt.k == 'f' {
				return out64(dir64(hi, lo, mode), sat, 0, 0, 0)
			}
			return fromF64(toOdd(hi, lo), dt, mode, ftz, sat)
		}
	case sfloat && !dfloat:
		if !intRound {
			mode = rz
		}
		nan := floatNaNToInt(dt, st)
		return func(a uint64) uint64 {
			x := toF64(a, st, ftz)
			if x != x {
				return nan
			}
			x = roundInt(x, mode)
			return floatToInt(x, dt)
		}
	}
	return func(a uint64) uint64 {
		x := toF64(a, st, ftz)
		md := mode
		if intRound {
			// Rounded to an integral value, the result is exact in the
			// destination type, whatever its rounding.
			x = roundInt(x, mode)
			md = rn
		}
		if x != x {
			return cvtNaN(a, dt, st, sat)
		}
		return fromF64(x, dt, md, ftz, sat)
	}
}

// cvtNaN is cvt from the floating-point type st to the floating-point
// type dt of the NaN with bits a, as an H200 converts (internal probes of
// each pair marked "H200"; see TestNaNResults):
//   - to .f64: from .f32 (H200) and .f16 (H200) the sign and the payload
//     are kept, the payload at the top of the fraction, quieted; .bf16 is
//     taken as the .f32 it is the top half of (no hardware data); from .f64
//     (cvt.rni and the like, H200) the NaN is passed on quieted, as .f64
//     arithmetic does.
//   - to .f32: from .f64 the sign is kept and the payload dropped (H200);
//     from .bf16 the bits are kept, the .f32 whose top half it is (H200:
//     0x7fff is 0x7fff0000, cc/testdata/corpus/bf16_conversions.cu on
//     sm_90, where nvcc converts with cvt.f32.bf16); otherwise the
//     canonical NaN (from .f16 and .f32: H200).
//   - to .f16: from .f64 0x7e00 with the NaN's sign (H200 for a positive
//     NaN; the sign as in cvt.f32.f64); otherwise, and to .bf16, 0x7fff
//     (from .f32: H200).
//
// With .sat, a NaN is 0 (H200: cvt.sat.f32.f32, cvt.rn.sat.f32.f64).
func cvtNaN(a uint64, dt, st ty, sat bool) uint64 {
	switch {
	case sat:
		return 0
	case dt == tyF64 && st == tyF32:
		return f32NaNToF64(a)
	case dt == tyF64 && st.k == 'e':
		return f32NaNToF64(a << 16 & 0xffff0000)
	case dt == tyF64 && st.k == 'h':
		return (a&0x8000)<<48 | 0x7ff0000000000000 | (a&0x3ff)<<42 | quiet64
	case dt == tyF64:
		return a | quiet64
	case dt == tyF32 && st == tyF64:
		return f64NaNToF32(a)
	case dt == tyF32 && st.k == 'e':
		return a << 16 & 0xffff0000
	case dt == tyF32:
		return nan32
	case dt.k == 'h' && st == tyF64:
		return a>>48&0x8000 | 0x7e00
	}
	return nan16
}

// floatNaNToInt is cvt.rzi (and the other integer roundings, .sat or not)
// of a NaN from the floating-point type st to the integer type dt, as an
// H200 converts: from .f64, and to a 64-bit type from any type, the
// value with only the top bit of dt set, signed or unsigned (H200:
// s64.f64, u64.f64, s32.f64, u32.f64, s16.f64, u16.f64, u8.f64, s64.f32,
// u64.f32); from .f32, .f16 and .bf16 to 32 bits or fewer, 0 (H200:
// s32.f32, u32.f32, s16.f32, s8.f32, s32.f16, u32.f16). The other pairs
// (s8.f64, u16.f32, the half types to 64 bits...) follow the same rule
// without hardware data.
func floatNaNToInt(dt, st ty) uint64 {
	if st == tyF64 || dt.w == 64 {
		return uint64(1) << (dt.w - 1)
	}
	return 0
}

// intParts converts an integer to hi = RN(v) as a double and the sign of
// v-hi.
func intParts(s int64, u uint64, signed bool) (float64, float64) {
	if signed {
		hi := float64(s)
		if hi >= 0x1p63 {
			return hi, -1
		}
		r := s - int64(hi)
		return hi, float64(sign64(r))
	}
	hi := float64(u)
	if hi >= 0x1p64 {
		return hi, -1
	}
	h := uint64(hi)
	switch {
	case u > h:
		return hi, 1
	case u < h:
		return hi, -1
	}
	return hi, 0
}

func sign64(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func satInt(v uint64, signed bool, dt ty) uint64 {
	w := dt.w
	if signed {
		x := int64(v)
		var lo, hi int64
		if dt.signed() {
			lo, hi = -int64(1)<<(w-1), int64(1)<<(w-1)-1
			if w == 64 {
				lo, hi = math.MinInt64, math.MaxInt64
			}
		} else {
			lo, hi = 0, int64(mask(w))
			if w == 64 {
				hi = math.MaxInt64
			}
		}
		return uint64(max(lo, min(hi, x)))
	}
	var hi uint64
	if dt.signed() {
		hi = 1<<(w-1) - 1
	} else {
		hi = mask(w)
	}
	return min(v, hi)
}

// floatToInt saturates an integral double into dt's range.
func floatToInt(x float64, dt ty) uint64 {
	w := dt.w
	if dt.signed() {
		lo, hi := -math.Ldexp(1, int(w)-1), math.Ldexp(1, int(w)-1)
		switch {
		case x <= lo:
			return uint64(int64(-1)<<(w-1)) & mask(w)
		case x >= hi:
			return mask(w) >> 1
		}
		return uint64(int64(x)) & mask(w)
	}
	if x <= 0 {
		return 0
	}
	if x >= math.Ldexp(1, int(w)) {
		return mask(w)
	}
	return uint64(x) & mask(w)
}
