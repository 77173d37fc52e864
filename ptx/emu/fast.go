package emu

// Specialised handlers of the commonest instructions (generated shapes of
// h1/h2/h3 with the operation inlined).

import (
	"encoding/binary"
	"math"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

func hMov32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l] & 0xffffffff
		}
	}
}

func nan32c(x float32) uint64 {
	if x != x {
		return nan32
	}
	return uint64(math.Float32bits(x))
}

// f64 results go through bits64 (float.go), which passes a NaN operand on.

func hCvtF32S32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(float32(int32(uint32(a[l]))))
		}
	}
}

func hCvtF32U32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(float32(uint32(a[l])))
		}
	}
}

func hCvtF64S32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = math.Float64bits(float64(int32(uint32(a[l]))))
		}
	}
}

func hCvtF64U32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = math.Float64bits(float64(uint32(a[l])))
		}
	}
}

func hCvtF64F32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = cvtF64F32(a[l])
		}
	}
}

func cvtF64F32(a uint64) uint64 {
	x := math.Float32frombits(uint32(a))
	if x != x {
		return f32NaNToF64(a)
	}
	return math.Float64bits(float64(x))
}

func hCvtU64U32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l] & 0xffffffff
		}
	}
}

func hCvtS64S32(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(int64(int32(uint32(a[l]))))
		}
	}
}

func hShl32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = func() uint64 {
				n := b[l] & 0xffffffff
				if n >= 32 {
					return 0
				}
				return uint64(uint32(a[l]) << n)
			}()
		}
	}
}

func hShrU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = func() uint64 {
				n := b[l] & 0xffffffff
				if n >= 32 {
					return 0
				}
				return uint64(uint32(a[l]) >> n)
			}()
		}
	}
}

func hShrS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(uint32(int32(uint32(a[l])) >> min(b[l]&0xffffffff, 31)))
		}
	}
}

func hShl64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = func() uint64 {
				n := b[l] & 0xffffffff
				if n >= 64 {
					return 0
				}
				return a[l] << n
			}()
		}
	}
}

func hAnd32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l] & b[l] & 0xffffffff
		}
	}
}

func hOr32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = (a[l] | b[l]) & 0xffffffff
		}
	}
}

func hXor32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = (a[l] ^ b[l]) & 0xffffffff
		}
	}
}

func hSub32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(uint32(a[l] - b[l]))
		}
	}
}

func hSub64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = a[l] - b[l]
		}
	}
}

func hMulLo32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(uint32(a[l] * b[l]))
		}
	}
}

func hMulWideS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(int64(int32(uint32(a[l]))) * int64(int32(uint32(b[l]))))
		}
	}
}

func hMulWideU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = (a[l] & 0xffffffff) * (b[l] & 0xffffffff)
		}
	}
}

func hAddF32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(math.Float32frombits(uint32(a[l])) + math.Float32frombits(uint32(b[l])))
		}
	}
}

func hSubF32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(math.Float32frombits(uint32(a[l])) - math.Float32frombits(uint32(b[l])))
		}
	}
}

func hMulF32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(math.Float32frombits(uint32(a[l])) * math.Float32frombits(uint32(b[l])))
		}
	}
}

func hAddF64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = bits64(math.Float64frombits(a[l])+math.Float64frombits(b[l]), a[l], b[l], 0)
		}
	}
}

func hSubF64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = bits64(math.Float64frombits(a[l])-math.Float64frombits(b[l]), a[l], b[l], 0)
		}
	}
}

func hMulF64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = bits64(math.Float64frombits(a[l])*math.Float64frombits(b[l]), a[l], b[l], 0)
		}
	}
}

func hFmaF32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = nan32c(fma32(math.Float32frombits(uint32(a[l])), math.Float32frombits(uint32(b[l])), math.Float32frombits(uint32(c[l])), rn))
		}
	}
}

func hFmaF64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = bits64(math.FMA(math.Float64frombits(a[l]), math.Float64frombits(b[l]), math.Float64frombits(c[l])), a[l], b[l], c[l])
		}
	}
}

func hMadWideS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(int64(int32(uint32(a[l])))*int64(int32(uint32(b[l])))) + c[l]
		}
	}
}

func hSelp(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = func() uint64 {
				if c[l] != 0 {
					return a[l]
				}
				return b[l]
			}()
		}
	}
}

func hSetpEqS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) == int32(uint32(b[l])))
		}
	}
}

func hSetpNeS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) != int32(uint32(b[l])))
		}
	}
}

func hSetpLtS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) < int32(uint32(b[l])))
		}
	}
}

func hSetpLeS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) <= int32(uint32(b[l])))
		}
	}
}

func hSetpGtS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) > int32(uint32(b[l])))
		}
	}
}

func hSetpGeS32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int32(uint32(a[l])) >= int32(uint32(b[l])))
		}
	}
}

func hSetpEqU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) == uint32(b[l]))
		}
	}
}

func hSetpNeU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) != uint32(b[l]))
		}
	}
}

func hSetpLtU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) < uint32(b[l]))
		}
	}
}

func hSetpLeU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) <= uint32(b[l]))
		}
	}
}

func hSetpGtU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) > uint32(b[l]))
		}
	}
}

func hSetpGeU32(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(uint32(a[l]) >= uint32(b[l]))
		}
	}
}

func hSetpEqS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) == int64(b[l]))
		}
	}
}

func hSetpNeS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) != int64(b[l]))
		}
	}
}

func hSetpLtS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) < int64(b[l]))
		}
	}
}

func hSetpLeS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) <= int64(b[l]))
		}
	}
}

func hSetpGtS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) > int64(b[l]))
		}
	}
}

func hSetpGeS64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(int64(a[l]) >= int64(b[l]))
		}
	}
}

func hSetpEqU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] == b[l])
		}
	}
}

func hSetpNeU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] != b[l])
		}
	}
}

func hSetpLtU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] < b[l])
		}
	}
}

func hSetpLeU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] <= b[l])
		}
	}
}

func hSetpGtU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] > b[l])
		}
	}
}

func hSetpGeU64(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = b2u(a[l] >= b[l])
		}
	}
}

// setpFast finds the handler of a plain setp (one destination, no
// boolean operation) on a 32- or 64-bit integer type.
var setpFast = sync.OnceValue(func() map[string]handler {
	return map[string]handler{
		"eq.s32": hSetpEqS32,
		"ne.s32": hSetpNeS32,
		"lt.s32": hSetpLtS32,
		"le.s32": hSetpLeS32,
		"gt.s32": hSetpGtS32,
		"ge.s32": hSetpGeS32,
		"eq.u32": hSetpEqU32,
		"ne.u32": hSetpNeU32,
		"lt.u32": hSetpLtU32,
		"le.u32": hSetpLeU32,
		"gt.u32": hSetpGtU32,
		"ge.u32": hSetpGeU32,
		"eq.s64": hSetpEqS64,
		"ne.s64": hSetpNeS64,
		"lt.s64": hSetpLtS64,
		"le.s64": hSetpLeS64,
		"gt.s64": hSetpGtS64,
		"ge.s64": hSetpGeS64,
		"eq.u64": hSetpEqU64,
		"ne.u64": hSetpNeU64,
		"lt.u64": hSetpLtU64,
		"le.u64": hSetpLeU64,
		"gt.u64": hSetpGtU64,
		"ge.u64": hSetpGeU64,
	}
})

// specialize replaces a generic handler by a specialised one where the
// instruction has the plain form one exists for.
func specialize(x *ast.Instruction, in *inst, ms mods, ts []ty, mode int, ftz, sat bool) {
	if in.exec == nil || ftz || sat || mode != rn && x.Opcode != "cvt" {
		return
	}
	t := in.t
	var h handler
	f32, f64 := t == tyF32, t == tyF64
	i32 := t.k != 'f' && t.k != 'p' && t.w == 32
	i64 := t.k != 'f' && t.k != 'p' && t.w == 64
	switch x.Opcode {
	case "add", "sub", "mul":
		if in.f2 == nil {
			return
		}
		switch {
		case f32:
			h = map[string]handler{"add": hAddF32, "sub": hSubF32, "mul": hMulF32}[x.Opcode]
		case f64:
			h = map[string]handler{"add": hAddF64, "sub": hSubF64, "mul": hMulF64}[x.Opcode]
		case x.Opcode == "sub" && i32:
			h = hSub32
		case x.Opcode == "sub" && i64:
			h = hSub64
		case x.Opcode == "mul" && i32 && ms.has(".wide"):
			if t.signed() {
				h = hMulWideS32
			} else {
				h = hMulWideU32
			}
		case x.Opcode == "mul" && i32 && !ms.has(".hi"):
			h = hMulLo32
		}
	case "and", "or", "xor":
		if i32 {
			h = map[string]handler{"and": hAnd32, "or": hOr32, "xor": hXor32}[x.Opcode]
		}
	case "shl":
		if i32 {
			h = hShl32
		} else if i64 {
			h = hShl64
		}
	case "shr":
		if i32 && t.signed() {
			h = hShrS32
		} else if i32 {
			h = hShrU32
		}
	case "fma", "mad":
		switch {
		case f32:
			h = hFmaF32
		case f64:
			h = hFmaF64
		case i32 && t.signed() && ms.has(".wide"):
			h = hMadWideS32
		}
	case "selp":
		h = hSelp
	case "mov":
		if in.f1 != nil && t.w == 32 && t.k != 'p' {
			h = hMov32
		}
	case "cvt":
		if len(ts) != 2 || ms.has(".ftz") || ms.has(".sat") {
			return
		}
		dt, st := ts[0], ts[1]
		switch {
		case dt == tyF32 && st == tyS32 && mode == rn:
			h = hCvtF32S32
		case dt == tyF32 && st == tyU32 && mode == rn:
			h = hCvtF32U32
		case dt == tyF64 && st == tyS32:
			h = hCvtF64S32
		case dt == tyF64 && st == tyU32:
			h = hCvtF64U32
		case dt == tyF64 && st == tyF32:
			h = hCvtF64F32
		case dt.w == 64 && dt.k != 'f' && st == tyU32:
			h = hCvtU64U32
		case dt.w == 64 && dt.k != 'f' && st == tyS32:
			h = hCvtS64S32
		}
	case "ld", "ldu", "st":
		if in.vec == 1 && t.w == 32 && (in.space == Global || in.space == Generic) {
			if x.Opcode == "st" {
				h = hStGlobal32
			} else {
				h = hLdGlobal32
			}
		}
	case "setp":
		if in.aux != 0 || in.nd != 1 || !(i32 || i64) {
			return
		}
		cmp := strings.TrimPrefix(ms.first(cmpOps...), ".")
		k := "u"
		if t.signed() {
			k = "s"
		}
		switch cmp {
		case "lo", "ls", "hi", "hs":
			k = "u"
			cmp = map[string]string{"lo": "lt", "ls": "le", "hi": "gt", "hs": "ge"}[cmp]
		}
		h = setpFast()[cmp+"."+k+itoa(int(t.w))]
	}
	if h != nil {
		in.exec = h
	}
}

// hLdGlobal32 is ld of a 32-bit scalar from .global (or generic) memory.
func hLdGlobal32(w *warp, f *frame, in *inst, m uint32) {
	d := &f.regs[in.d[0]]
	var base *[32]uint64
	if in.base >= 0 {
		base = &f.regs[in.base]
	}
	signed := in.t.signed()
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		addr := uint64(in.off)
		if base != nil {
			addr += base[l]
		}
		addr &= uint64(in.aux)
		var v uint64
		if a := w.cache; a != nil && addr >= a.base && addr+4 <= a.base+a.size && addr&3 == 0 && addr >= globalBase && !a.freed.Load() {
			v = uint64(binary.LittleEndian.Uint32(a.data[addr-a.base:]))
		} else {
			v = get(w.mem(f, in.space, addr, 4, l, false), 4)
		}
		if signed {
			v = uint64(int64(int32(uint32(v))))
		}
		d[l] = v & mask(f.fn.regW[in.d[0]])
	}
}

// hStGlobal32 is st of a 32-bit scalar to .global (or generic) memory.
func hStGlobal32(w *warp, f *frame, in *inst, m uint32) {
	src := f.src(in.s[0])
	var base *[32]uint64
	if in.base >= 0 {
		base = &f.regs[in.base]
	}
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		addr := uint64(in.off)
		if base != nil {
			addr += base[l]
		}
		addr &= uint64(in.aux)
		if a := w.stCache; a != nil && addr >= a.base && addr+4 <= a.base+a.size && addr&3 == 0 && addr >= globalBase && !a.freed.Load() {
			binary.LittleEndian.PutUint32(a.data[addr-a.base:], uint32(src[l]))
		} else {
			put(w.mem(f, in.space, addr, 4, l, true), 4, src[l])
			w.stCache = w.cache
		}
	}
}
