package emu

import (
	"math"
	"math/bits"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

var roundingMods = sync.OnceValue(func() map[string]int {
	return map[string]int{".rn": rn, ".rz": rz, ".rm": rm, ".rp": rp,
		".rni": rn, ".rzi": rz, ".rmi": rm, ".rpi": rp}
})

var spaceMods = sync.OnceValue(func() map[string]Space {
	return map[string]Space{".global": Global, ".const": Const, ".shared": Shared, ".shared::cta": Shared,
		".local": Local, ".param": Param}
})

var cmpOps = []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs",
	".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"}

// sink returns a scratch register for "_" destinations.
func (d *decoder) dstOrSink(e ast.Expr) int32 {
	s := d.dst(e)
	if s < 0 {
		return d.newReg(tyU64).slot
	}
	return s
}

// predSrc decodes "p" or "!p".
func (d *decoder) predSrc(e ast.Expr) (int32, bool) {
	neg := false
	if u, ok := e.(*ast.Unary); ok && u.Op == "!" {
		neg, e = true, u.X
	}
	return d.src(e, tyPred), neg
}

func (d *decoder) unsupported(x *ast.Instruction, why string) {
	d.errorf(x.Start, "%s: %s is not supported", instName(x), why)
}

func (d *decoder) decodeOp(x *ast.Instruction, in *inst) {
	ms := mods(x.Mods)
	ops := x.Operands
	ts := ms.types()
	var t ty
	if len(ts) > 0 {
		t = ts[len(ts)-1]
	}
	in.t = t
	in.src = x
	mode := rn
	intRound := false
	if r := ms.first(".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi"); r != "" {
		mode = roundingMods()[r]
		intRound = strings.HasSuffix(r, "i")
	}
	ftz, sat := ms.has(".ftz"), ms.has(".sat")
	need := func(n int) {
		if len(ops) != n {
			d.errorf(x.Start, "%s: %d operands, expected %d", instName(x), len(ops), n)
		}
	}
	needType := func() {
		if t.k == 0 {
			d.errorf(x.Start, "%s: no type", instName(x))
		}
	}
	set1 := func(f func(uint64) uint64, st ty) {
		need(2)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.ns = d.src(ops[1], st), 1
		in.f1, in.exec = f, h1
	}
	set2 := func(f func(a, b uint64) uint64, s1, s2 ty) {
		need(3)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.s[1], in.ns = d.src(ops[1], s1), d.src(ops[2], s2), 2
		in.f2, in.exec = f, h2
	}
	set3 := func(f func(a, b, c uint64) uint64, s1, s2, s3 ty) {
		need(4)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.s[1], in.s[2], in.ns = d.src(ops[1], s1), d.src(ops[2], s2), d.src(ops[3], s3), 3
		in.f3, in.exec = f, h3
	}
	isHalf := t.k == 'h' || t.k == 'H' || t.k == 'e' || t.k == 'E'
	if !isHalf {
		defer func() { specialize(x, in, ms, ts, mode, ftz, sat) }()
	}
	op := x.Opcode
	switch op {
	case "mov":
		needType()
		need(2)
		if b, ok := ops[0].(*ast.Braces); ok {
			for i, e := range b.Elems {
				in.d[i] = d.dstOrSink(e)
			}
			in.nd = int8(len(b.Elems))
			in.s[0], in.ns = d.src(ops[1], t), 1
			in.aux = int64(int(t.w) / len(b.Elems))
			in.exec = hUnpack
			return
		}
		if b, ok := ops[1].(*ast.Braces); ok {
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
			for i, e := range b.Elems {
				in.s[i] = d.src(e, ty{'b', t.w / uint8(len(b.Elems))})
			}
			in.ns = int8(len(b.Elems))
			in.aux = int64(int(t.w) / len(b.Elems))
			in.exec = hPack
			return
		}
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.ns = d.src(ops[1], t), 1
		if t.k == 'p' {
			in.f1, in.exec = func(a uint64) uint64 { return a & 1 }, h1
			return
		}
		mk := mask(t.w)
		if mk == ^uint64(0) || in.s[0] < 0 {
			in.exec = hMov
			return
		}
		in.f1, in.exec = func(a uint64) uint64 { return a & mk }, h1
	case "ld", "ldu", "st":
		needType()
		need(2)
		in.space = Generic
		for _, mo := range x.Mods {
			if sp, ok := spaceMods()[mo]; ok {
				in.space = sp
			}
			switch mo {
			case ".v2":
				in.vec = 2
			case ".v4":
				in.vec = 4
			case ".v8":
				d.unsupported(x, ".v8")
			}
		}
		if in.vec == 0 {
			in.vec = 1
		}
		if t.k == 'p' {
			d.unsupported(x, ".pred memory access")
		}
		ai, vi := 1, 0
		if op == "st" {
			ai, vi = 0, 1
		}
		base, off, sp, hasSym := d.address(ops[ai])
		if in.space == Generic && hasSym && sp != Generic && sp != Global {
			// A generic access through a symbol of a state space is an
			// access to that space.
			in.space = sp
		}
		in.base, in.off = base, off
		in.aux = -1
		if base >= 0 && d.f.regW[base] == 32 || d.m.addr == 32 && (in.space == Generic || in.space == Global) {
			in.aux = 0xffffffff
		}
		var elems []ast.Expr
		if b, ok := ops[vi].(*ast.Braces); ok {
			elems = b.Elems
		} else {
			elems = []ast.Expr{ops[vi]}
		}
		if len(elems) != int(in.vec) {
			d.errorf(x.Start, "%s: %d vector elements, expected %d", instName(x), len(elems), in.vec)
		}
		for i, e := range elems {
			if op == "st" {
				in.s[i] = d.src(e, t)
			} else {
				in.d[i] = d.dstOrSink(e)
			}
		}
		if op == "st" {
			in.ns, in.exec = in.vec, hSt
		} else {
			in.nd, in.exec = in.vec, hLd
		}
	case "prefetch", "prefetchu", "membar", "fence", "nanosleep", "pmevent", "discard", "applypriority", "createpolicy":
		if op == "createpolicy" || op == "applypriority" || op == "discard" {
			d.unsupported(x, "the instruction")
		}
		in.exec = hNop
	case "cvta":
		need(2)
		in.space = Global
		for _, mo := range x.Mods {
			if sp, ok := spaceMods()[mo]; ok {
				in.space = sp
			}
		}
		if in.space == Param {
			d.unsupported(x, "a generic address of .param")
		}
		if ms.has(".to") {
			in.aux = 1
		}
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.ns = d.src(ops[1], t), 1
		in.exec = hCvta
	case "isspacep":
		need(2)
		for _, mo := range x.Mods {
			if sp, ok := spaceMods()[mo]; ok {
				in.space = sp
			}
		}
		if in.space == 0 || in.space == Param {
			d.unsupported(x, "the state space")
		}
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.ns = d.src(ops[1], tyU64), 1
		in.exec = hIsspacep
	case "add", "sub", "mul", "div", "rem", "min", "max", "and", "or", "xor", "shl", "shr", "copysign":
		needType()
		if isHalf {
			var g func(x []float64) (float64, float64)
			switch op {
			case "add":
				g = func(x []float64) (float64, float64) { return twoSum(x[0], x[1]) }
			case "sub":
				g = func(x []float64) (float64, float64) { return twoSum(x[0], -x[1]) }
			case "mul":
				g = func(x []float64) (float64, float64) { return x[0] * x[1], 0 }
			case "min", "max":
				mx, np, xs, relu := op == "max", ms.has(".NaN"), ms.has(".xorsign"), ms.has(".relu")
				g = func(x []float64) (float64, float64) { return minMaxOpt(x[0], x[1], mx, np, xs, relu), 0 }
			default:
				d.unsupported(x, "the type "+t.String())
			}
			if mode != rn || (ms.has(".NaN") || ms.has(".relu") || ms.has(".xorsign")) && op != "min" && op != "max" {
				d.unsupported(x, "the modifier")
			}
			h := halfOp(t, ftz, sat, g)
			set2(func(a, b uint64) uint64 { return h(a, b, 0) }, t, t)
			return
		}
		if t.float() {
			fop := op
			if ms.has(".NaN") || ms.has(".xorsign") || ms.has(".relu") {
				if op != "min" && op != "max" || t.w != 32 {
					d.unsupported(x, "the modifier")
				}
				mx, np, xs, relu := op == "max", ms.has(".NaN"), ms.has(".xorsign"), ms.has(".relu")
				set2(func(a, b uint64) uint64 {
					x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
					if ftz {
						x, y = ftz32(x), ftz32(y)
					}
					return out32(float32(minMaxOpt(float64(x), float64(y), mx, np, xs, relu)), ftz, false)
				}, t, t)
				return
			}
			if op == "div" && (ms.has(".approx") || ms.has(".full")) {
				mode = rn // within the stated bounds (2 ulp): the exact quotient
			}
			if op == "copysign" {
				set2(floatBin(fop, t, mode, ftz, sat), t, t)
				return
			}
			f := floatBin(fop, t, mode, ftz, sat)
			if f == nil {
				d.unsupported(x, "the type "+t.String())
			}
			set2(f, t, t)
			return
		}
		if t.k == 'p' && (op == "and" || op == "or" || op == "xor") {
			set2(intBin(op, ty{'b', 1}, false), t, t)
			return
		}
		name := op
		st := t
		switch op {
		case "mul":
			switch {
			case ms.has(".hi"):
				name = "mul.hi"
			case ms.has(".wide"):
				set2(func(a, b uint64) uint64 { return mulWide(a, b, t) }, t, t)
				return
			default:
				name = "mul.lo"
			}
		case "shl", "shr":
			st = tyU32
		}
		if (op == "add" || op == "sub") && (ms.has(".cc")) {
			set2(nil, t, t)
			in.exec = hCarry
			in.aux = 4
			if op == "sub" {
				in.aux |= 1
			}
			return
		}
		f := intBin(name, t, sat)
		if f == nil {
			d.unsupported(x, "the type "+t.String())
		}
		set2(f, t, st)
		if ms.has(".s16x2") || ms.has(".u16x2") {
			d.unsupported(x, "the type")
		}
		if name == "add" && t.w == 32 && !sat {
			in.exec = hAdd32
		} else if name == "add" && t.w == 64 {
			in.exec = hAdd64
		}
	case "madc":
		needType()
		if t.w != 32 && t.w != 64 || ms.has(".wide") {
			d.unsupported(x, "the form")
		}
		set3(nil, t, t, t)
		in.exec, in.aux = hMadCarry, 2
		if ms.has(".cc") {
			in.aux |= 4
		}
		if ms.has(".hi") {
			in.off = 1
		}
	case "addc", "subc":
		needType()
		set2(nil, t, t)
		in.exec = hCarry
		in.aux = 2
		if ms.has(".cc") {
			in.aux |= 4
		}
		if op == "subc" {
			in.aux |= 1
		}
	case "mad", "fma":
		needType()
		if isHalf {
			if op != "fma" || mode != rn {
				d.unsupported(x, "the form")
			}
			if ms.has(".relu") {
				// Rounding first, then the clamp: relu(RN(a*b+c)).
				h := halfOp(t, ftz, sat, func(x []float64) (float64, float64) { return twoSum(x[0]*x[1], x[2]) })
				bf := t.k == 'e' || t.k == 'E'
				set3(func(a, b, c uint64) uint64 {
					r := h(a, b, c)
					for sh := uint(0); sh < uint(t.w); sh += 16 {
						v := r >> sh & 0xffff
						x := halfToF64(v, bf)
						switch {
						case x != x:
							v = nan16
						case x < 0 || x == 0:
							v = 0
						}
						r = r&^(0xffff<<sh) | v<<sh
					}
					return r
				}, t, t, t)
				return
			}
			set3(halfOp(t, ftz, sat, func(x []float64) (float64, float64) { return twoSum(x[0]*x[1], x[2]) }), t, t, t)
			return
		}
		if t.float() {
			if t.w == 32 {
				set3(func(a, b, c uint64) uint64 {
					x, y, z := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)), math.Float32frombits(uint32(c))
					if ftz {
						x, y, z = ftz32(x), ftz32(y), ftz32(z)
					}
					return out32(fma32(x, y, z, mode), ftz, sat)
				}, t, t, t)
				return
			}
			set3(func(a, b, c uint64) uint64 {
				return out64(fma64(math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c), mode), sat, a, b, c)
			}, t, t, t)
			return
		}
		if ms.has(".cc") {
			if t.w != 32 && t.w != 64 || ms.has(".wide") {
				d.unsupported(x, "the form")
			}
			set3(nil, t, t, t)
			in.exec, in.aux = hMadCarry, 4
			if ms.has(".hi") {
				in.off = 1
			}
			return
		}
		ct := t
		var mul func(a, b uint64) uint64
		switch {
		case ms.has(".hi"):
			mul = func(a, b uint64) uint64 { return mulHi(a, b, t) }
		case ms.has(".wide"):
			mul = func(a, b uint64) uint64 { return mulWide(a, b, t) }
			ct = ty{t.k, t.w * 2}
		default:
			mul = func(a, b uint64) uint64 { return a * b }
		}
		mk := mask(ct.w)
		if sat && t.signed() && ms.has(".hi") {
			set3(func(a, b, c uint64) uint64 { return satS(sext(mul(a, b), 32)+sext(c, 32), 32) }, t, t, ct)
			return
		}
		set3(func(a, b, c uint64) uint64 { return (mul(a, b) + c) & mk }, t, t, ct)
		if !ms.has(".hi") && !ms.has(".wide") && t.w == 32 {
			in.exec = hMadLo32
		}
	case "mul24", "mad24":
		needType()
		mul := func(a, b uint64) uint64 {
			p := t.ext(a&0xffffff|(a&0x800000)*0x1fe*b2u(t.signed())) * t.ext(b&0xffffff|(b&0x800000)*0x1fe*b2u(t.signed()))
			if ms.has(".hi") {
				return p >> 16 & 0xffffffff
			}
			return p & 0xffffffff
		}
		if op == "mul24" {
			set2(mul, t, t)
		} else {
			set3(func(a, b, c uint64) uint64 { return (mul(a, b) + c) & 0xffffffff }, t, t, t)
		}
	case "sad":
		needType()
		set3(func(a, b, c uint64) uint64 {
			var diff uint64
			if t.signed() {
				x, y := sext(a, t.w), sext(b, t.w)
				if x > y {
					diff = uint64(x - y)
				} else {
					diff = uint64(y - x)
				}
			} else {
				x, y := a&mask(t.w), b&mask(t.w)
				diff = max(x, y) - min(x, y)
			}
			return (diff + c) & mask(t.w)
		}, t, t, t)
	case "abs", "neg", "not", "cnot", "popc", "clz", "brev", "bfind":
		needType()
		mk := mask(t.w)
		var f func(uint64) uint64
		switch {
		case isHalf:
			n := 1
			if t.k == 'H' || t.k == 'E' {
				n = 2
			}
			var sb uint64
			for i := range n {
				sb |= 0x8000 << (16 * i)
			}
			if op == "abs" {
				f = func(a uint64) uint64 { return a &^ sb }
			} else if op == "neg" {
				f = func(a uint64) uint64 { return a ^ sb }
			}
			if f != nil {
				// A NaN becomes the canonical NaN 0x7fff (H200: neg.f16
				// of 0xfe02; neg.bf16, abs.bf16, neg.bf16x2 and
				// abs.bf16x2 of 0x7fc1, cc/testdata/corpus/bf16_arith.cu
				// on sm_90; abs.f16 as for .f32).
				inf := uint64(0x7c00)
				if t.k == 'e' || t.k == 'E' {
					inf = 0x7f80
				}
				g := f
				f = func(a uint64) uint64 {
					r := g(a)
					for i := range n {
						sh := uint(16 * i)
						if a>>sh&0x7fff > inf {
							r = r&^(0xffff<<sh) | nan16<<sh
						}
					}
					return r
				}
			}
		case t.float():
			// A NaN is not negated or made positive, as on the GPU (an
			// H200): .f32 gives the canonical NaN, .f64 the operand
			// quieted (float.go).
			sb := uint64(1) << (t.w - 1)
			nan := func(a uint64) (uint64, bool) {
				if t.w == 32 {
					return nan32, a&0x7fffffff > 0x7f800000
				}
				return a | quiet64, isNaN64(a)
			}
			if op == "abs" {
				f = func(a uint64) uint64 {
					if n, ok := nan(a); ok {
						return n
					}
					if ftz && t.w == 32 {
						return uint64(math.Float32bits(ftz32(math.Float32frombits(uint32(a))))) &^ sb
					}
					return a &^ sb
				}
			} else if op == "neg" {
				f = func(a uint64) uint64 {
					if n, ok := nan(a); ok {
						return n
					}
					if ftz && t.w == 32 {
						return uint64(math.Float32bits(ftz32(math.Float32frombits(uint32(a))))) ^ sb
					}
					return (a ^ sb) & mk
				}
			}
		default:
			switch op {
			case "abs":
				f = func(a uint64) uint64 {
					v := sext(a, t.w)
					if v < 0 {
						v = -v
					}
					return uint64(v) & mk
				}
			case "neg":
				f = func(a uint64) uint64 { return -a & mk }
			case "not":
				if t.k == 'p' {
					f = func(a uint64) uint64 { return a&1 ^ 1 }
				} else {
					f = func(a uint64) uint64 { return ^a & mk }
				}
			case "cnot":
				f = func(a uint64) uint64 { return b2u(a&mk == 0) }
			case "popc":
				f = func(a uint64) uint64 { return uint64(bits.OnesCount64(a & mk)) }
			case "clz":
				f = func(a uint64) uint64 { return uint64(bits.LeadingZeros64(a&mk) - (64 - int(t.w))) }
			case "brev":
				f = func(a uint64) uint64 { return bits.Reverse64(a) >> (64 - t.w) }
			case "bfind":
				sh := ms.has(".shiftamt")
				f = func(a uint64) uint64 { return bfind(a, t, sh) }
			}
		}
		if f == nil {
			d.unsupported(x, "the type "+t.String())
		}
		set1(f, t)
	case "bfe":
		needType()
		set3(func(a, b, c uint64) uint64 { return bfe(a, b, c, t) }, t, tyU32, tyU32)
	case "bfi":
		needType()
		need(5)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		for i := range 4 {
			st := t
			if i >= 2 {
				st = tyU32
			}
			in.s[i] = d.src(ops[i+1], st)
		}
		in.ns = 4
		in.exec = func(w *warp, f *frame, in *inst, m uint32) {
			dd := &f.regs[in.d[0]]
			a, b, c, e := f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2]), f.src(in.s[3])
			for l := range 32 {
				if m&(1<<l) != 0 {
					dd[l] = bfi(a[l], b[l], c[l], e[l], t.w)
				}
			}
		}
	case "shf":
		// Funnel shift of the 64-bit value b:a by c.
		left, clamp := ms.has(".l"), ms.has(".clamp")
		set3(func(a, b, c uint64) uint64 {
			n := c & 0xffffffff
			if clamp {
				n = min(n, 32)
			} else {
				n &= 31
			}
			v := (b&0xffffffff)<<32 | a&0xffffffff
			if left {
				return (v << n) >> 32 & 0xffffffff
			}
			return (v >> n) & 0xffffffff
		}, tyB32, tyB32, tyU32)
	case "fns":
		// The offset-th set bit of the mask from base, upward for a
		// positive offset, downward for a negative one.
		set3(func(mk, base, off uint64) uint64 {
			b, o := int(base&31), int32(uint32(off))
			if o == 0 {
				if mk>>b&1 != 0 {
					return uint64(b)
				}
				return 0xffffffff
			}
			inc, count := 1, int64(o)-1
			if o < 0 {
				inc, count = -1, -int64(o)-1
			}
			for pos := b; pos >= 0 && pos < 32; pos += inc {
				if mk>>pos&1 != 0 {
					if count == 0 {
						return uint64(pos)
					}
					count--
				}
			}
			return 0xffffffff
		}, tyB32, tyU32, tyS32)
	case "dp2a", "dp4a":
		// Integer dot products (PTX ISA §9.7.1.23-24): four bytes of a
		// times four of b, or two halves of a times bytes 0-1 (.lo) or
		// 2-3 (.hi) of b, each extended as its type says, plus c.
		if len(ts) != 2 {
			d.unsupported(x, "the types")
		}
		as, bs := ts[0].signed(), ts[1].signed()
		two, hi := op == "dp2a", ms.has(".hi")
		set3(func(a, b, c uint64) uint64 {
			sum := int64(int32(uint32(c)))
			for i := 0; i < 4; i++ {
				var av int64
				j := i
				if two {
					if i >= 2 {
						break
					}
					av = extend(a>>(16*i), 16, as)
					if hi {
						j += 2
					}
				} else {
					av = extend(a>>(8*i), 8, as)
				}
				sum += av * extend(b>>(8*j), 8, bs)
			}
			return uint64(uint32(sum))
		}, tyB32, tyB32, tyB32)
	case "prmt":
		pm := ms.first(".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16")
		set3(func(a, b, c uint64) uint64 { return prmt(a, b, c, pm) }, tyB32, tyB32, tyB32)
	case "setp", "set":
		needType()
		cmp := strings.TrimPrefix(ms.first(cmpOps...), ".")
		if cmp == "" {
			d.errorf(x.Start, "%s: no comparison", instName(x))
		}
		var pred func(a, b uint64) bool
		switch {
		case isHalf:
			et := t
			if t.k == 'H' {
				et = ty{'h', 16}
			} else if t.k == 'E' {
				et = ty{'e', 16}
			}
			pred = func(a, b uint64) bool { return floatCmp(cmp, toF64(a, et, ftz), toF64(b, et, ftz)) }
		case t.float():
			pred = func(a, b uint64) bool { return floatCmp(cmp, toF64(a, t, ftz), toF64(b, t, ftz)) }
		default:
			pred = intCmp(cmp, t)
		}
		if pred == nil {
			d.unsupported(x, "the comparison ."+cmp)
		}
		boolOp := ms.first(".and", ".or", ".xor")
		pairs := t.k == 'H' || t.k == 'E'
		if op == "set" {
			dt := ts[0]
			st := t
			var one uint64
			switch {
			case dt.k == 'f':
				one = uint64(math.Float32bits(1))
			case dt.k == 'h' || dt.k == 'H':
				one = 0x3c00
			case dt.k == 'e' || dt.k == 'E':
				one = 0x3f80
			default:
				one = mask(dt.w)
			}
			if len(ops) != 3 || boolOp != "" {
				d.unsupported(x, "the form")
			}
			if pairs {
				if dt.k != 'H' && dt.k != 'E' {
					one = 0xffff
				}
				set2(func(a, b uint64) uint64 {
					var r uint64
					if pred(a&0xffff, b&0xffff) {
						r = one
					}
					if pred(a>>16&0xffff, b>>16&0xffff) {
						r |= one << 16
					}
					return r
				}, st, st)
				return
			}
			set2(func(a, b uint64) uint64 {
				if pred(a, b) {
					return one
				}
				return 0
			}, st, st)
			return
		}
		if pairs {
			// setp.f16x2 p|q: p from the lower halves, q from the upper.
			bin, ok := ops[0].(*ast.Binary)
			if !ok || bin.Op != "|" || len(ops) != 3 {
				d.unsupported(x, "the form")
			}
			in.d[0], in.d[1], in.nd = d.dstOrSink(bin.X), d.dstOrSink(bin.Y), 2
			in.s[0], in.s[1], in.ns = d.src(ops[1], t), d.src(ops[2], t), 2
			in.exec = func(w *warp, f *frame, in *inst, m uint32) {
				a, b := f.src(in.s[0]), f.src(in.s[1])
				p, q := &f.regs[in.d[0]], &f.regs[in.d[1]]
				for l := range 32 {
					if m&(1<<l) != 0 {
						p[l] = b2u(pred(a[l]&0xffff, b[l]&0xffff))
						q[l] = b2u(pred(a[l]>>16&0xffff, b[l]>>16&0xffff))
					}
				}
			}
			return
		}
		if len(ops) != 3 && len(ops) != 4 {
			need(3)
		}
		if bin, ok := ops[0].(*ast.Binary); ok && bin.Op == "|" {
			in.d[0], in.d[1], in.nd = d.dstOrSink(bin.X), d.dstOrSink(bin.Y), 2
		} else {
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		}
		in.s[0], in.s[1], in.ns = d.src(ops[1], t), d.src(ops[2], t), 2
		if len(ops) == 4 {
			if boolOp == "" {
				d.errorf(x.Start, "%s: a fourth operand needs .and, .or or .xor", instName(x))
			}
			in.aux = map[string]int64{".and": 1, ".or": 2, ".xor": 3}[boolOp]
			var neg bool
			in.s[2], neg = d.predSrc(ops[3])
			if neg {
				in.t2 = ty{'n', 0}
			}
			in.ns = 3
		}
		in.f2 = func(a, b uint64) uint64 { return b2u(pred(a, b)) }
		in.exec = hSetp
	case "selp":
		needType()
		need(4)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.s[1], in.ns = d.src(ops[1], t), d.src(ops[2], t), 3
		var neg bool
		in.s[2], neg = d.predSrc(ops[3])
		if neg {
			d.unsupported(x, "a negated predicate")
		}
		in.f3, in.exec = func(a, b, c uint64) uint64 {
			if c != 0 {
				return a
			}
			return b
		}, h3
	case "slct":
		if len(ts) != 2 {
			d.errorf(x.Start, "%s: expected two types", instName(x))
		}
		ct := ts[1]
		set3(func(a, b, c uint64) uint64 {
			ge := false
			if ct.float() {
				v := math.Float32frombits(uint32(c))
				if ftz {
					v = ftz32(v)
				}
				ge = v >= 0 // -0 included, NaN not
			} else {
				ge = int32(c) >= 0
			}
			if ge {
				return a
			}
			return b
		}, ts[0], ts[0], ct)
	case "cvt":
		if len(ts) == 3 && ts[0].k == 'H' || len(ts) == 2 && (ts[0].k == 'H' || ts[0].k == 'E') && ts[1].w == 32 && ts[1].k == 'f' {
			// cvt.rn.f16x2.f32 d, a, b: a to the upper half.
			dt := ty{'h', 16}
			if ts[0].k == 'E' {
				dt = ty{'e', 16}
			}
			if ms.has(".relu") || ms.has(".satfinite") {
				d.unsupported(x, "the modifier")
			}
			cf := cvtFn(dt, tyF32, mode, false, ftz, sat)
			set2(func(a, b uint64) uint64 { return cf(a)<<16 | cf(b) }, tyF32, tyF32)
			return
		}
		if len(ts) != 2 {
			d.errorf(x.Start, "%s: expected two types", instName(x))
		}
		dt, st := ts[0], ts[1]
		if dt.k == 'H' || st.k == 'H' || dt.k == 'E' || st.k == 'E' || dt.k == 'p' || st.k == 'p' || ms.has(".relu") || ms.has(".satfinite") {
			d.unsupported(x, "the conversion")
		}
		f := cvtFn(dt, st, mode, intRound, ftz, sat)
		set1(f, st)
		rd := in.d[0]
		if w := d.f.regW[rd]; w < 64 && dt.signed() {
			// A signed result in a wider register is sign-extended.
			g := in.f1
			in.f1 = func(a uint64) uint64 { return uint64(sext(g(a), dt.w)) & mask(w) }
		}
	case "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh":
		needType()
		if isHalf {
			d.unsupported(x, "the type "+t.String())
		}
		approx := ms.has(".approx")
		var g func(float64) float64
		switch op {
		case "rcp":
			if !approx && t.w == 32 {
				set1(func(a uint64) uint64 {
					x := math.Float32frombits(uint32(a))
					if ftz {
						x = ftz32(x)
					}
					return out32(div32(1, x, mode), ftz, false)
				}, t)
				return
			}
			g = func(x float64) float64 { return div64(1, x, mode) }
		case "sqrt":
			if !approx && t.w == 32 {
				set1(func(a uint64) uint64 {
					x := math.Float32frombits(uint32(a))
					if ftz {
						x = ftz32(x)
					}
					return out32(sqrt32(x, mode), ftz, false)
				}, t)
				return
			}
			g = func(x float64) float64 { return sqrt64(x, mode) }
		case "rsqrt":
			g = func(x float64) float64 { return 1 / math.Sqrt(x) }
		case "sin":
			g = math.Sin
		case "cos":
			g = math.Cos
		case "lg2":
			g = math.Log2
		case "ex2":
			g = math.Exp2
		case "tanh":
			g = math.Tanh
		}
		if t.w == 32 {
			set1(func(a uint64) uint64 {
				x := math.Float32frombits(uint32(a))
				if ftz {
					x = ftz32(x)
				}
				return out32(float32(g(float64(x))), ftz, false)
			}, t)
			return
		}
		f := func(a uint64) uint64 { return out64(g(math.Float64frombits(a)), false, a, 0, 0) }
		if approx && op == "rcp" && ms.has(".ftz") {
			// rcp.approx.ftz.f64: the exact reciprocal is within its
			// bound. The GPU computes the upper word only: a NaN gives
			// 0x7fffffff00000000 (H200).
			f = func(a uint64) uint64 {
				if isNaN64(a) {
					return 0x7fffffff00000000
				}
				return out64(g(math.Float64frombits(a)), false, a, 0, 0)
			}
		}
		set1(f, t)
	case "testp":
		needType()
		kind := ms.first(".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal")
		set1(func(a uint64) uint64 {
			x := toF64(a, t, false)
			switch kind {
			case ".finite":
				return b2u(finite(x))
			case ".infinite":
				return b2u(math.IsInf(x, 0))
			case ".number":
				return b2u(x == x)
			case ".notanumber":
				return b2u(x != x)
			case ".normal":
				lim := 0x1p-126
				if t.w == 64 {
					lim = 0x1p-1022
				}
				return b2u(finite(x) && math.Abs(x) >= lim)
			case ".subnormal":
				lim := 0x1p-126
				if t.w == 64 {
					lim = 0x1p-1022
				}
				return b2u(x != 0 && math.Abs(x) < lim)
			}
			return 0
		}, t)
	case "atom", "red":
		needType()
		in.space = Generic
		for _, mo := range x.Mods {
			if sp, ok := spaceMods()[mo]; ok {
				in.space = sp
			}
		}
		aop := strings.TrimPrefix(ms.first(".and", ".or", ".xor", ".cas", ".exch", ".add", ".inc", ".dec", ".min", ".max"), ".")
		if aop == "" {
			d.unsupported(x, "the operation")
		}
		if ms.has(".v2") || ms.has(".v4") || ms.has(".v8") {
			d.unsupported(x, "a vector atomic")
		}
		ai := 1
		if op == "red" {
			ai = 0
		} else {
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		}
		if len(ops) < ai+2 {
			d.errorf(x.Start, "%s: too few operands", instName(x))
		}
		base, off, sp, hasSym := d.address(ops[ai])
		if in.space == Generic && hasSym && sp != Generic && sp != Global {
			in.space = sp
		}
		in.base, in.off, in.aux = base, off, -1
		if base >= 0 && d.f.regW[base] == 32 || d.m.addr == 32 && (in.space == Generic || in.space == Global) {
			in.aux = 0xffffffff
		}
		in.s[0], in.ns = d.src(ops[ai+1], t), 1
		if aop == "cas" {
			if len(ops) != ai+3 {
				d.errorf(x.Start, "%s: atom.cas takes a compare and a new value", instName(x))
			}
			in.s[1], in.ns = d.src(ops[ai+2], t), 2
			mk := mask(t.w)
			in.f3 = func(old, cmp, nv uint64) uint64 {
				if old&mk == cmp&mk {
					return nv & mk
				}
				return old
			}
		} else {
			if len(ops) != ai+2 {
				d.errorf(x.Start, "%s: %d operands", instName(x), len(ops))
			}
			in.f2 = atomOp(aop, t)
			if in.f2 == nil {
				d.unsupported(x, "the type "+t.String())
			}
		}
		in.exec = hAtom
	case "bar", "barrier":
		switch {
		case ms.has(".warp"):
			need(1)
			in.s[0], in.ns = d.src(ops[0], tyU32), 1
			in.exec = hWarpSync
			return
		case ms.has(".red"):
			in.op = opBar
			in.aux = 2
			if len(ops) != 3 && len(ops) != 4 {
				d.errorf(x.Start, "%s: expected 3 or 4 operands", instName(x))
			}
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
			in.s[0] = d.src(ops[1], tyU32)
			if len(ops) == 4 {
				in.s[1], in.vec = d.src(ops[2], tyU32), 1
			}
			var neg bool
			in.s[2], neg = d.predSrc(ops[len(ops)-1])
			if neg {
				in.t2 = ty{'n', 0}
			}
			in.ns = 3
			in.off = map[string]int64{".popc": 0, ".and": 1, ".or": 2}[ms.first(".popc", ".and", ".or")]
			return
		case ms.has(".arrive"):
			in.aux = 1
		case ms.has(".sync") || len(ms) == 0 || ms.has(".cta") || ms.has(".aligned"):
		default:
			d.unsupported(x, "the form")
		}
		in.op = opBar
		if len(ops) < 1 || len(ops) > 2 {
			d.errorf(x.Start, "%s: expected 1 or 2 operands", instName(x))
		}
		in.s[0], in.ns = d.src(ops[0], tyU32), 1
		if len(ops) == 2 {
			in.s[1], in.vec, in.ns = d.src(ops[1], tyU32), 1, 2
		}
		if in.aux == 1 && len(ops) != 2 {
			d.errorf(x.Start, "%s: bar.arrive needs a thread count", instName(x))
		}
	case "shfl":
		needType()
		md := ms.first(".up", ".down", ".bfly", ".idx")
		in.aux = map[string]int64{".up": 0, ".down": 1, ".bfly": 2, ".idx": 3}[md]
		if md == "" {
			d.unsupported(x, "the mode")
		}
		n := 5
		if !ms.has(".sync") {
			n, in.vec = 4, 1
		}
		need(n)
		if bin, ok := ops[0].(*ast.Binary); ok && bin.Op == "|" {
			in.d[0], in.d[1], in.nd = d.dstOrSink(bin.X), d.dstOrSink(bin.Y), 2
		} else {
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		}
		for i := 1; i < n; i++ {
			in.s[i-1] = d.src(ops[i], tyU32)
		}
		in.ns = int8(n - 1)
		in.exec = hShfl
	case "vote":
		md := ms.first(".all", ".any", ".uni", ".ballot")
		in.aux = map[string]int64{".all": 0, ".any": 1, ".uni": 2, ".ballot": 3}[md]
		if md == "" {
			d.unsupported(x, "the mode")
		}
		n := 3
		if !ms.has(".sync") {
			n, in.vec = 2, 1
		}
		need(n)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		var neg bool
		in.s[0], neg = d.predSrc(ops[1])
		if neg {
			in.t2 = ty{'n', 0}
		}
		if n == 3 {
			in.s[1] = d.src(ops[2], tyU32)
		}
		in.ns = int8(n - 1)
		in.exec = hVote
	case "match":
		needType()
		need(3)
		if ms.has(".all") {
			in.aux = 1
		}
		if bin, ok := ops[0].(*ast.Binary); ok && bin.Op == "|" {
			in.d[0], in.d[1], in.nd = d.dstOrSink(bin.X), d.dstOrSink(bin.Y), 2
		} else {
			in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		}
		in.s[0], in.s[1], in.ns = d.src(ops[1], t), d.src(ops[2], tyU32), 2
		in.exec = hMatch
	case "activemask":
		need(1)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.exec = hActivemask
	case "redux":
		needType()
		rop := strings.TrimPrefix(ms.first(".add", ".min", ".max", ".and", ".or", ".xor"), ".")
		if rop == "" || t.float() {
			d.unsupported(x, "the operation")
		}
		f := intBin(rop, ty{t.k, 32}, false)
		if t.k == 'b' {
			f = intBin(rop, tyB32, false)
		}
		need(3)
		in.d[0], in.nd = d.dstOrSink(ops[0]), 1
		in.s[0], in.s[1], in.ns = d.src(ops[1], t), d.src(ops[2], tyU32), 2
		in.f2, in.exec = f, hRedux
	case "bra":
		need(1)
		in.op = opBra
		id, ok := ops[0].(*ast.Ident)
		if !ok {
			d.errorf(x.Start, "bra needs a label")
		}
		d.fixups = append(d.fixups, fixup{at: int32(len(d.f.code)), label: id.Name, pos: id.NamePos})
	case "brx":
		need(2)
		in.op = opBrx
		in.s[0], in.ns = d.src(ops[0], tyU32), 1
		id, ok := ops[1].(*ast.Ident)
		if !ok {
			d.errorf(x.Start, "brx.idx needs a .branchtargets label")
		}
		d.fixups = append(d.fixups, fixup{at: int32(len(d.f.code)), label: id.Name, pos: id.NamePos, brx: true})
	case "call":
		d.callOperands(x, in)
	case "ret":
		in.op = opRet
	case "exit":
		in.op = opExit
	case "trap":
		in.op = opTrap
	case "brkpt":
		in.op = opTrap
	default:
		d.errorf(x.Start, "instruction %s is not supported", instName(x))
	}
}

// extend returns the low w bits of v, sign-extended if signed.
func extend(v uint64, w uint, signed bool) int64 {
	v &= 1<<w - 1
	if signed && v>>(w-1) != 0 {
		return int64(v) - 1<<w
	}
	return int64(v)
}
