package cc

import (
	"go/constant"
	"math"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/sema"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// The built-ins of issue 15's prelude and how each is lowered: one table
// (builtins), each entry a lowering built from a few shapes — an IR
// operation, a PTX instruction (ir.Intrinsic) whose type suffix follows
// the argument's type, a special register, an atomic, a system call of
// guide chapter 3. Math functions map to the PTX instructions nvcc uses
// for them (sqrtf: sqrt.rn.f32, __expf: ex2.approx.f32 of x·log2(e), ...).

// builtinVars are the built-in variables' special registers (guide §5
// special registers; PTX ISA §10).
var builtinVars = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"threadIdx": "tid", "blockIdx": "ctaid", "blockDim": "ntid", "gridDim": "nctaid",
	}
})

// builtinMember reads threadIdx.x and its kind; nil when m is not one.
func (x *fn) builtinMember(m *ast.Member) *ir.Value {
	id, ok := m.X.(*ast.Ident)
	if !ok {
		return nil
	}
	g, ok := id.Obj.(*ast.Global)
	if !ok || !g.Builtin {
		return nil
	}
	// The member by name: blockDim and gridDim are dim3, a struct, whose
	// members have no vector index (threadIdx and blockIdx are uint3).
	reg, ok := builtinVars()[g.Decl.Name]
	if !ok || m.Name != "x" && m.Name != "y" && m.Name != "z" {
		x.failf(m.Pos(), "built-in variable %s.%s is not supported by ptxabi cc", g.Decl.Name, m.Name)
	}
	return x.b.Sreg(reg + "." + m.Name)
}

// builtinValue reads a built-in scalar variable (warpSize).
func (x *fn) builtinValue(id *ast.Ident) *ir.Value {
	g, ok := id.Obj.(*ast.Global)
	if !ok || !g.Builtin {
		return nil
	}
	if g.Decl.Name == "warpSize" {
		return x.b.Const(ir.I32, 32)
	}
	x.failf(id.Pos(), "built-in variable %s is not supported as a value by ptxabi cc", g.Decl.Name)
	return nil
}

// lowering lowers a call of a built-in; args are the evaluated arguments
// (nil for the kinds that evaluate their own), rt the result's IR type.
type lowering func(x *fn, e *ast.Call, args []*ir.Value, rt ir.Type) *ir.Value

// builtins returns the table of built-ins (the names of sema.IsBuiltin),
// made on its first use: a unit that calls none, and a command that
// compiles nothing, do not pay for it.
func builtins() map[string]lowering {
	builtinsOnce.Do(func() { builtinTable = makeBuiltins() })
	return builtinTable
}

var (
	builtinsOnce sync.Once
	builtinTable map[string]lowering
)

// makeBuiltins makes the table of built-ins.
func makeBuiltins() map[string]lowering {
	builtins := map[string]lowering{
		// Synchronization and fences.
		"__syncthreads": func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
			x.b.Op(ir.OpBarrier, ir.VoidT)
			return nil
		},
		"__syncthreads_count":  barRed("bar.red.popc.u32", ir.U32),
		"__syncthreads_and":    barRed("bar.red.and.pred", ir.PredT),
		"__syncthreads_or":     barRed("bar.red.or.pred", ir.PredT),
		"__syncwarp":           instr("bar.warp.sync", false),
		"__threadfence":        instr("membar.gl", false),
		"__threadfence_block":  instr("membar.cta", false),
		"__threadfence_system": instr("membar.sys", false),
		"__trap":               instr("trap", false),
		"__nanosleep":          instr("nanosleep.u32", false),
		"__brkpt":              instr("brkpt", false),
		"clock":                sreg("clock"),
		"clock64":              sreg("clock64"),
		// Warp shuffles and votes.
		"__shfl_sync":       shfl("idx", true),
		"__shfl_up_sync":    shfl("up", false),
		"__shfl_down_sync":  shfl("down", true),
		"__shfl_xor_sync":   shfl("bfly", true),
		"__ballot_sync":     vote("ballot.b32", true),
		"__any_sync":        vote("any.pred", true),
		"__all_sync":        vote("all.pred", true),
		"__ballot":          vote("ballot.b32", false),
		"__any":             vote("any.pred", false),
		"__all":             vote("all.pred", false),
		"any":               vote("any.pred", false),
		"all":               vote("all.pred", false),
		"__activemask":      instr("activemask.b32", false),
		"__match_any_sync":  match("any"),
		"__match_all_sync":  match("all"),
		"__reduce_add_sync": redux("add"), "__reduce_min_sync": redux("min"), "__reduce_max_sync": redux("max"),
		"__reduce_and_sync": redux("and"), "__reduce_or_sync": redux("or"), "__reduce_xor_sync": redux("xor"),
		// Compiler hints: no code; a value passes through (the condition
		// of __builtin_assume is not evaluated, as with nvcc).
		"__builtin_expect":         conv,
		"__builtin_assume_aligned": conv,
		"__builtin_assume":         noCode,
		"__builtin_unreachable":    noCode,
		"__builtin_nanf":           quietNaN,
		// Address spaces of generic addresses.
		"__isGlobal":               isspacep(".global"),
		"__isShared":               isspacep(".shared"),
		"__isLocal":                isspacep(".local"),
		"__isConstant":             isspacep(".const"),
		"__cvta_generic_to_global": cvtaTo(ir.Global),
		"__cvta_generic_to_shared": cvtaTo(ir.Shared),
		// Integer intrinsics.
		"__popc":           typed("popc.b32", ir.U32),
		"__popcll":         typed("popc.b64", ir.U32),
		"__clz":            typed("clz.b32", ir.U32),
		"__clzll":          typed("clz.b64", ir.U32),
		"__brev":           instr("brev.b32", true),
		"__brevll":         instr("brev.b64", true),
		"__ffs":            ffs(32),
		"__ffsll":          ffs(64),
		"__byte_perm":      bytePerm,
		"__mul24":          instr("mul24.lo.s32", true),
		"__umul24":         instr("mul24.lo.u32", true),
		"__mulhi":          instr("mul.hi.s32", true),
		"__umulhi":         instr("mul.hi.u32", true),
		"__mul64hi":        instr("mul.hi.s64", true),
		"__umul64hi":       instr("mul.hi.u64", true),
		"__funnelshift_l":  instr("shf.l.wrap.b32", true),
		"__funnelshift_r":  instr("shf.r.wrap.b32", true),
		"__funnelshift_lc": instr("shf.l.clamp.b32", true),
		"__funnelshift_rc": instr("shf.r.clamp.b32", true),
		"__dp4a":           dot("dp4a"), "__dp2a_lo": dot("dp2a.lo"), "__dp2a_hi": dot("dp2a.hi"),
		"__sad":  instr("sad.s32", true),
		"__usad": instr("sad.u32", true),
		// Reinterpretations.
		"__int_as_float":       bitcast,
		"__float_as_int":       bitcast,
		"__uint_as_float":      bitcast,
		"__float_as_uint":      bitcast,
		"__longlong_as_double": bitcast,
		"__double_as_longlong": bitcast,
		"__double2hiint":       doubleHalf(true),
		"__double2loint":       doubleHalf(false),
		"__hiloint2double":     hiloint2double,
		"__half_as_ushort":     bitcast,
		"__ushort_as_half":     bitcast,
		"__half_as_short":      bitcast,
		"__short_as_half":      bitcast,
		// min and max.
		"min": op2(ir.OpMin), "max": op2(ir.OpMax), "umin": op2(ir.OpMin), "umax": op2(ir.OpMax),
		"llmin": op2(ir.OpMin), "llmax": op2(ir.OpMax), "ullmin": op2(ir.OpMin), "ullmax": op2(ir.OpMax),
		"fmin": op2(ir.OpMin), "fminf": op2(ir.OpMin), "fmax": op2(ir.OpMax), "fmaxf": op2(ir.OpMax),
		"abs": op1(ir.OpAbs), "labs": op1(ir.OpAbs), "llabs": op1(ir.OpAbs),
		"__ldg":  ldg,
		"__ldca": cachedLoad, "__ldcg": cachedLoad, "__ldcs": cachedLoad, "__ldlu": cachedLoad, "__ldcv": cachedLoad,
		"__stwb": cachedStore, "__stcg": cachedStore, "__stcs": cachedStore, "__stwt": cachedStore,
		"tex1Dfetch": texFetch, "tex1D": texFetch, "tex2D": texFetch, "tex3D": texFetch,
		"tex1DLayered": texFetch, "tex2DLayered": texFetch, "texCubemap": texFetch,
		"tex1DLod": texFetch, "tex2DLod": texFetch, "tex3DLod": texFetch,
		"tex1DGrad": texFetch, "tex2DGrad": texFetch, "tex3DGrad": texFetch, "tex2Dgather": texFetch,
		"surf1Dread": surfRead, "surf2Dread": surfRead, "surf3Dread": surfRead,
		"surf1Dwrite": surfWrite, "surf2Dwrite": surfWrite, "surf3Dwrite": surfWrite,
		"surf1DLayeredwrite": surfWrite, "surf2DLayeredwrite": surfWrite,
		// Math functions that are PTX instructions.
		"sqrt": op1(ir.OpSqrt), "sqrtf": op1(ir.OpSqrt), "__fsqrt_rn": op1(ir.OpSqrt),
		"rsqrt": op1(ir.OpRsqrt), "rsqrtf": op1(ir.OpRsqrt),
		"fabs": op1(ir.OpAbs), "fabsf": op1(ir.OpAbs),
		"floor": round("cvt.rmi"), "floorf": round("cvt.rmi"),
		"ceil": round("cvt.rpi"), "ceilf": round("cvt.rpi"),
		"trunc": round("cvt.rzi"), "truncf": round("cvt.rzi"),
		"rint": round("cvt.rni"), "rintf": round("cvt.rni"),
		"round": roundAway, "roundf": roundAway,
		"fma": op3(ir.OpFma), "fmaf": op3(ir.OpFma), "__fmaf_rn": op3(ir.OpFma), "__fma_rn": op3(ir.OpFma),
		"copysign": copysign, "copysignf": copysign,
		// Fast intrinsics, as nvcc writes them.
		"__expf":      scaled("ex2.approx.f32", 0x3FB8AA3B, true),
		"__exp10f":    scaled("ex2.approx.f32", 0x40549A78, true),
		"__logf":      scaled("lg2.approx.f32", 0x3F317218, false),
		"__log2f":     instr("lg2.approx.f32", true),
		"__log10f":    scaled("lg2.approx.f32", 0x3E9A209B, false),
		"__sinf":      instr("sin.approx.f32", true),
		"__cosf":      instr("cos.approx.f32", true),
		"__sincosf":   sincosf,
		"__fdividef":  instr("div.approx.f32", true),
		"__saturatef": instr("cvt.sat.f32.f32", true),
		"saturate":    instr("cvt.sat.f32.f32", true),
		"__frcp_rn":   instr("rcp.rn.f32", true),
		"__fadd_rn":   instr("add.rn.f32", true),
		"__fmul_rn":   instr("mul.rn.f32", true),
		"__dadd_rn":   instr("add.rn.f64", true),
		"__dmul_rn":   instr("mul.rn.f64", true),
		"__tanf":      tanf,
		"__powf":      powf,
		// __half.
		"__float2half": conv, "__float2half_rn": conv, "__half2float": conv,
		"__hadd": viaF32(ir.OpAdd), "__hsub": viaF32(ir.OpSub), "__hmul": viaF32(ir.OpMul),
		"__hneg": viaF32(ir.OpNeg), "__hfma": viaF32(ir.OpFma), "__hdiv": hdiv,
		"__heq": cmp(ir.Eq), "__hlt": cmp(ir.Lt), "__hgt": cmp(ir.Gt),
		"__float2half_rz": halfCvt("rz"), "__float2half_rd": halfCvt("rm"), "__float2half_ru": halfCvt("rp"),
		"__halves2half2": halves(0, 1), "__lows2half2": halves(0, 2), "__highs2half2": halves(1, 3),
		"__half2half2": halves(0, 0), "__lowhigh2highlow": halves(1, 0), "__low2half2": halves(0, 0),
		"__high2half2": halves(1, 1), "__float2half2_rn": halves(0, 0), "__floats2half2_rn": halves(0, 1),
		"__low2half": halfOf(0), "__high2half": halfOf(1), "__low2float": halfOf(0), "__high2float": halfOf(1),
		// The system calls of chapter 3.
		"memcpy":       memLoop(true),
		"memset":       memLoop(false),
		"printf":       printf,
		"malloc":       syscallFn,
		"free":         syscallFn,
		"__assertfail": syscallFn,
	}
	for _, op := range []string{"Add", "Sub", "Exch", "Min", "Max", "Inc", "Dec", "CAS", "And", "Or", "Xor"} {
		for _, scope := range []string{"", "_block", "_system"} {
			builtins["atomic"+op+scope] = atomic(strings.ToLower(op), scope)
		}
	}
	for _, v := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong", "ulonglong", "float", "double"} {
		for n := 1; n <= 4; n++ {
			builtins["make_"+v+string(rune('0'+n))] = makeVector
		}
	}
	for _, c := range roundedConversions {
		for _, r := range strings.Fields(c.modes) {
			mode := roundingModes()[r]
			if c.dst[0] != 'f' {
				mode += "i" // float to integer: .rni, .rzi, .rpi, .rmi
			}
			builtins[c.stem+r] = cvtRounded("cvt"+mode+"."+c.dst+"."+c.src, ptxType(c.dst), ptxType(c.src))
		}
	}
	for _, a := range sema.RoundedArith() {
		// __fadd_rd, __dsqrt_ru...: the instruction with the rounding
		// the name ends with (add.rm.f32); the _rn forms above stay.
		if builtins[a.Name] == nil {
			builtins[a.Name] = instr(a.Instr+roundingModes()[a.Name[len(a.Name)-3:]]+"."+a.Type, true)
		}
	}
	for _, n := range sema.HalfIntConversions() {
		// __half2int_rz, __int2half_rn...: PTX's cvt with the rounding
		// the name ends with (rni... from a floating type to an integer).
		r := map[string]string{"_rn": "rn", "_rz": "rz", "_rd": "rm", "_ru": "rp"}[n[len(n)-3:]]
		if strings.HasPrefix(n, "__half2") {
			r += "i"
		}
		builtins[n] = halfCvt(r)
	}
	return builtins
}

// roundedConversions are CUDA's conversions with a rounding mode
// (__float2int_rd, __ull2double_rz, ...): the name's stem, the PTX types
// of cvt's destination and source, and the suffixes CUDA declares.
var roundedConversions = []struct{ stem, dst, src, modes string }{
	{"__float2int", "s32", "f32", all4}, {"__float2uint", "u32", "f32", all4},
	{"__float2ll", "s64", "f32", all4}, {"__float2ull", "u64", "f32", all4},
	{"__double2int", "s32", "f64", all4}, {"__double2uint", "u32", "f64", all4},
	{"__double2ll", "s64", "f64", all4}, {"__double2ull", "u64", "f64", all4},
	{"__double2float", "f32", "f64", all4},
	{"__int2float", "f32", "s32", all4}, {"__uint2float", "f32", "u32", all4},
	{"__ll2float", "f32", "s64", all4}, {"__ull2float", "f32", "u64", all4},
	{"__ll2double", "f64", "s64", all4}, {"__ull2double", "f64", "u64", all4},
	{"__int2double", "f64", "s32", "_rn"}, {"__uint2double", "f64", "u32", "_rn"},
}

const all4 = "_rn _rz _ru _rd"

// roundingModes are cvt's rounding modifiers by CUDA's suffix: to
// nearest even, toward zero, up (toward +inf) and down (toward -inf).
var roundingModes = sync.OnceValue(func() map[string]string {
	return map[string]string{"_rn": ".rn", "_rz": ".rz", "_ru": ".rp", "_rd": ".rm"}
})

// ptxType is the IR type of a PTX type name (s32, u64, f32, ...).
func ptxType(name string) ir.Type {
	bits := 0
	for _, c := range name[1:] {
		bits = bits*10 + int(c-'0')
	}
	switch name[0] {
	case 'f':
		return ir.Type{Kind: ir.Float, Bits: uint8(bits)}
	case 's':
		return ir.IntT(bits, true)
	}
	return ir.IntT(bits, false)
}

// builtin lowers a call of a built-in.
func (x *fn) builtin(e *ast.Call) *ir.Value {
	low := builtins()[e.Builtin]
	if low == nil {
		x.failf(e.Pos(), "built-in %s is not supported by ptxabi cc yet", e.Builtin)
	}
	rt := ir.VoidT
	if t := e.Info().Type; t != nil && !ctypes.IsVoid(t) && !isAggregate(t) {
		rt = x.scalar(t, e.Pos())
	}
	var args []*ir.Value
	if !ownArgs()[e.Builtin] && !strings.HasPrefix(e.Builtin, "make_") && textures()[e.Builtin].op == "" {
		for _, a := range e.Args {
			args = append(args, x.rvalue(a))
		}
	}
	return low(x, e, args, rt)
}

// ownArgs are the built-ins whose lowering evaluates the arguments itself
// (make_T{1,2,3,4} and the texture and surface built-ins too), or, for
// __builtin_assume, never: its condition is a hint, and nvcc evaluates
// none of it, side effects included.
var ownArgs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"printf": true, "__ldg": true, "malloc": true, "free": true,
		"__ldca": true, "__ldcg": true, "__ldcs": true, "__ldlu": true, "__ldcv": true,
		"__stwb": true, "__stcg": true, "__stcs": true, "__stwt": true,
		"__assertfail": true, "__builtin_assume": true}
})

// needSM rejects a built-in that the target's sm_XX lacks, naming the
// -arch it needs (nvcc declares such built-ins only from that sm_XX on).
func (x *fn) needSM(e *ast.Call, sm int) {
	if x.cfg.Target.SM < sm {
		x.failf(e.Pos(), "%s needs -arch=sm_%d or later (the target is sm_%d)", e.Builtin, sm, x.cfg.Target.SM)
	}
}

// result converts v to the built-in's result type.
func (x *fn) toResult(v *ir.Value, rt ir.Type) *ir.Value {
	if rt.Kind == ir.Void || v == nil {
		return nil
	}
	if v.Type == rt {
		return v
	}
	if v.Type.Kind == ir.Pred {
		v = x.b.Op(ir.OpSelect, ir.U32, v, x.b.Const(ir.U32, 1), x.b.Const(ir.U32, 0))
	}
	return x.convert(v, rt)
}

// instr is a PTX instruction with the arguments in order and the
// built-in's result type.
func instr(name string, pure bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.b.Intrinsic(&ir.Intrinsic{Name: name, Pure: pure && rt.Kind != ir.Void}, rt, a...)
	}
}

// typed is an instruction whose PTX result type differs from C's (popc
// returns u32; C's __popc returns int).
func typed(name string, t ir.Type) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.toResult(x.b.Intrinsic(&ir.Intrinsic{Name: name, Pure: true}, t, a...), rt)
	}
}

// bytePerm is __byte_perm(x, y, s): prmt.b32 in its default mode, which
// reads the low three bits of each selector nibble; as nvcc does, the
// selector is masked with 0x7777 so that its fourth bits never switch on
// prmt's sign replication.
func bytePerm(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	s := x.b.Op(ir.OpAnd, a[2].Type, a[2], x.b.Const(a[2].Type, 0x7777))
	return x.b.Intrinsic(&ir.Intrinsic{Name: "prmt.b32", Pure: true}, rt, a[0], a[1], s)
}

func sreg(name string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.toResult(x.b.Sreg(name), rt)
	}
}

func barRed(name string, t ir.Type) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		v := x.b.Intrinsic(&ir.Intrinsic{Name: name}, t, x.b.Const(ir.U32, 0), x.toBool(a[0]))
		return x.toResult(v, rt)
	}
}

func op1(op ir.Op) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.b.Op(op, rt, x.convert(a[0], rt))
	}
}

func op2(op ir.Op) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.b.Op(op, rt, x.convert(a[0], rt), x.convert(a[1], rt))
	}
}

func op3(op ir.Op) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.b.Op(op, rt, x.convert(a[0], rt), x.convert(a[1], rt), x.convert(a[2], rt))
	}
}

// viaF32 computes a __half operation in f32 and rounds the result to
// f16 once (exact for add, sub, mul and neg: f32 holds every such result
// of two halves to more than twice f16's precision).
func viaF32(op ir.Op) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		var args []*ir.Value
		for _, v := range a {
			args = append(args, x.convert(v, ir.F32))
		}
		return x.convert(x.b.Op(op, ir.F32, args...), rt)
	}
}

// ptxTypeName is the PTX type suffix of a scalar IR type (s32, u16,
// f16...), the inverse of ptxType.
func ptxTypeName(t ir.Type) string {
	switch {
	case t.IsFloat():
		return "f" + itoa(int(t.Bits))
	case t.Signed:
		return "s" + itoa(int(t.Bits))
	}
	return "u" + itoa(int(t.Bits))
}

// asmRegClass is the inline PTX constraint of a register of t's width.
func asmRegClass(t ir.Type) string {
	switch {
	case t.IsFloat() && t.Bits == 32:
		return "f"
	case t.IsFloat() && t.Bits == 64:
		return "d"
	}
	return map[uint8]string{16: "h", 32: "r", 64: "l"}[t.Bits]
}

// halfCvt is cvt with rounding r between __half and another scalar type,
// as inline PTX (ptxgen has no f16 form of its intrinsics).
func halfCvt(r string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		v := a[0]
		if want := x.scalar(e.Func.Type.Params[0].Type, e.Pos()); v.Type != want {
			v = x.convert(v, want)
		}
		t := "cvt." + r + "." + ptxTypeName(rt) + "." + ptxTypeName(v.Type) + " %0, %1;"
		if rt.IsFloat() && v.Type.IsFloat() {
			t = "cvt." + r + ".f16.f32 %0, %1;"
		}
		return x.b.Asm(&ir.Asm{Template: t, Constraints: []string{"=" + asmRegClass(rt), asmRegClass(v.Type)}}, rt, v)
	}
}

// halves builds a __half2 from two halves of the arguments, numbered in
// order (an argument of type __half2 counts as its two halves, a
// __half or a float as one): halves(0, 1) of (a, b) is {a, b},
// halves(1, 3) of two __half2 is {a.y, b.y}. The value is the address of
// a temporary, as for every aggregate.
func halves(lo, hi int) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		var parts []*ir.Value
		for i, v := range a {
			pt := e.Func.Type.Params[i].Type
			if isAggregate(pt) {
				parts = append(parts, x.b.Load(ir.F16, v, 2), x.b.Load(ir.F16, x.offset(v, 2), 2))
				continue
			}
			parts = append(parts, x.convert(v, ir.F16))
		}
		tmp := x.b.Alloca(4, 4)
		x.b.Store(tmp, parts[lo], 2)
		x.b.Store(x.offset(tmp, 2), parts[hi], 2)
		return tmp
	}
}

// halfOf reads the low (0) or high (1) half of a __half2 argument, as a
// __half or converted to float.
func halfOf(i int64) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.convert(x.b.Load(ir.F16, x.offset(a[0], 2*i), 2), rt)
	}
}

func cmp(c ir.Cond) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		l, r := a[0], a[1]
		if l.Type.Bits == 16 && l.Type.IsFloat() {
			l, r = x.convert(l, ir.F32), x.convert(r, ir.F32)
		}
		return x.toResult(x.b.Cmp(c, l, r), rt)
	}
}

func conv(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value { return x.convert(a[0], rt) }

// bitcast reinterprets the bits (mov.bN).
func bitcast(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	if rt.Bits == 16 {
		// f16 has no intrinsic register form in ptxgen: a 16-bit move
		// as inline PTX.
		return x.b.Asm(&ir.Asm{Template: "mov.b16 %0, %1;", Constraints: []string{"=h", "h"}}, rt, a[0])
	}
	return x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b" + itoa(int(rt.Bits)), Pure: true}, rt, a[0])
}

// dot is dp4a/dp2a.lo/dp2a.hi with the signedness of the result (sm_61).
func dot(name string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		if x.cfg.Target.SM < 61 {
			x.failf(e.Pos(), "%s needs sm_61 or later", e.Builtin)
		}
		s := ".u32"
		if rt.Signed {
			s = ".s32"
		}
		return x.b.Intrinsic(&ir.Intrinsic{Name: name + s + s, Pure: true}, rt, a...)
	}
}

// round is cvt.rXi.fN.fN.
func round(mode string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		s := ".f" + itoa(int(rt.Bits))
		return x.b.Intrinsic(&ir.Intrinsic{Name: mode + s + s, Pure: true}, rt, x.convert(a[0], rt))
	}
}

// roundAway is C's round (halfway cases away from zero), as nvcc
// writes it: trunc(|x| + 0.5), |x| kept above 2^23 (2^52) and
// truncated below 0.5, with x's sign.
func roundAway(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	v := x.convert(a[0], rt)
	s := ".f" + itoa(int(rt.Bits))
	big := 8388608.0
	if rt.Bits == 64 {
		big = 4503599627370496.0
	}
	abs := x.b.Op(ir.OpAbs, rt, v)
	t := x.b.Intrinsic(&ir.Intrinsic{Name: "cvt.rzi" + s + s, Pure: true}, rt, x.b.Op(ir.OpAdd, rt, abs, x.b.Float(rt, 0.5)))
	t = x.b.Op(ir.OpSelect, rt, x.b.Cmp(ir.Gt, abs, x.b.Float(rt, big)), abs, t)
	small := x.b.Intrinsic(&ir.Intrinsic{Name: "cvt.rzi" + s + s, Pure: true}, rt, abs)
	t = x.b.Op(ir.OpSelect, rt, x.b.Cmp(ir.Lt, abs, x.b.Float(rt, 0.5)), small, t)
	return x.b.Intrinsic(&ir.Intrinsic{Name: "copysign" + s, Pure: true}, rt, v, t)
}

// copysign(x, y) is PTX's copysign d, y, x (the sign of the first
// operand onto the second).
func copysign(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	s := ".f" + itoa(int(rt.Bits))
	return x.b.Intrinsic(&ir.Intrinsic{Name: "copysign" + s, Pure: true}, rt, x.convert(a[1], rt), x.convert(a[0], rt))
}

// scaled is name(x·c) (before) or name(x)·c (after), c a float's bits.
func scaled(name string, c uint32, before bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		k := x.b.Float(ir.F32, float64(math.Float32frombits(c)))
		v := x.convert(a[0], ir.F32)
		if before {
			return x.b.Intrinsic(&ir.Intrinsic{Name: name, Pure: true}, ir.F32, x.b.Op(ir.OpMul, ir.F32, v, k))
		}
		return x.b.Op(ir.OpMul, ir.F32, x.b.Intrinsic(&ir.Intrinsic{Name: name, Pure: true}, ir.F32, v), k)
	}
}

// ffs is __ffs: 0 for 0, else one plus the number of trailing zeros.
func ffs(bits int) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		v := a[0]
		bt := ir.IntT(bits, false)
		v = x.convert(v, bt)
		br := x.b.Intrinsic(&ir.Intrinsic{Name: "brev.b" + itoa(bits), Pure: true}, bt, v)
		cz := x.b.Intrinsic(&ir.Intrinsic{Name: "clz.b" + itoa(bits), Pure: true}, ir.U32, br)
		r := x.b.Op(ir.OpAdd, ir.U32, cz, x.b.Const(ir.U32, 1))
		r = x.b.Op(ir.OpSelect, ir.U32, x.b.Cmp(ir.Eq, v, x.b.Const(bt, 0)), x.b.Const(ir.U32, 0), r)
		return x.toResult(r, rt)
	}
}

// shfl is __shfl*_sync(mask, var, lane, width): shfl.sync.MODE.b32 with
// c = (32-width)<<8 | (31 for idx, down and bfly); 64-bit values in two
// halves.
func shfl(mode string, clamp bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		mask, val, lane := x.convert(a[0], ir.U32), a[1], x.convert(a[2], ir.U32)
		var c *ir.Value
		if len(a) > 3 {
			w := x.convert(a[3], ir.U32)
			c = x.b.Op(ir.OpShl, ir.U32, x.b.Op(ir.OpSub, ir.U32, x.b.Const(ir.U32, 32), w), x.b.Const(ir.U32, 8))
			if clamp {
				c = x.b.Op(ir.OpOr, ir.U32, c, x.b.Const(ir.U32, 31))
			}
		} else if clamp {
			c = x.b.Const(ir.U32, 31)
		} else {
			c = x.b.Const(ir.U32, 0)
		}
		in := &ir.Intrinsic{Name: "shfl.sync." + mode + ".b32"}
		if val.Type.Bits == 32 {
			return x.b.Intrinsic(in, val.Type, val, lane, c, mask)
		}
		if val.Type.Bits != 64 {
			x.failf(e.Pos(), "%s of a %d-bit value is not supported by ptxabi cc", e.Builtin, val.Type.Bits)
		}
		u := val
		if val.Type.IsFloat() {
			u = x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b64", Pure: true}, ir.U64, val)
		} else {
			u = x.convert(val, ir.U64)
		}
		lo := x.convert(u, ir.U32)
		hi := x.convert(x.b.Op(ir.OpShr, ir.U64, u, x.b.Const(ir.U32, 32)), ir.U32)
		lo = x.b.Intrinsic(in, ir.U32, lo, lane, c, mask)
		hi = x.b.Intrinsic(in, ir.U32, hi, lane, c, mask)
		r := x.b.Op(ir.OpOr, ir.U64, x.convert(lo, ir.U64), x.b.Op(ir.OpShl, ir.U64, x.convert(hi, ir.U64), x.b.Const(ir.U32, 32)))
		if val.Type.IsFloat() {
			return x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b64", Pure: true}, val.Type, r)
		}
		return x.convert(r, val.Type)
	}
}

// vote is vote.sync.MODE d, pred, mask.
func vote(mode string, sync bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		t := ir.U32
		if strings.HasSuffix(mode, ".pred") {
			t = ir.PredT
		}
		if !sync {
			// The votes of before CUDA 9 (__any, __all, __ballot, any,
			// all), with no mask: vote without .sync, as nvcc emits them,
			// which ptxas accepts below sm_70 only.
			return x.toResult(x.b.Intrinsic(&ir.Intrinsic{Name: "vote." + mode}, t, x.toBool(a[0])), rt)
		}
		v := x.b.Intrinsic(&ir.Intrinsic{Name: "vote.sync." + mode}, t, x.toBool(a[1]), x.convert(a[0], ir.U32))
		return x.toResult(v, rt)
	}
}

// legacyVotes are the warp votes of before CUDA 9 that CUDA 11.8 still
// declares (deprecated): they bring in the warp built-ins.
var legacyVotes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"__any": true, "__all": true, "__ballot": true, "any": true, "all": true}
})

// atomicTypes are the PTX type suffixes of the atomics by operation: the
// arithmetic ones take the value's type, the bitwise ones and exch/cas a
// bit-size type.
func atomicSuffix(op string, t ir.Type) string {
	n := itoa(int(t.Bits))
	switch op {
	case "exch", "cas", "and", "or", "xor":
		return ".b" + n
	}
	switch {
	case t.IsFloat():
		return ".f" + n
	case t.Signed && op != "inc" && op != "dec":
		return ".s" + n
	}
	return ".u" + n
}

// atomic is atomicOP[_block|_system](p, v[, w]): atom[.cta|.sys].OP.T
// d, [p], v (guide chapter 4's relaxed atomics as nvcc writes them;
// atomicSub adds the negated value, as nvcc does).
func atomic(op, scope string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		p := x.generic(a[0])
		v := a[1]
		ptxOp := op
		if op == "sub" {
			ptxOp = "add"
			v = x.b.Op(ir.OpSub, v.Type, x.b.Const(v.Type, 0), v)
		}
		name := "atom"
		switch scope {
		case "_block":
			name += ".cta"
		case "_system":
			name += ".sys"
		}
		name += "." + ptxOp + atomicSuffix(op, rt)
		args := []*ir.Value{p, x.convert(v, rt)}
		if op == "cas" {
			args = append(args, x.convert(a[2], rt))
		}
		return x.b.Intrinsic(&ir.Intrinsic{Name: name, Addr: 1}, rt, args...)
	}
}

// ldg is __ldg(p): ld.global.nc.
func ldg(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	if rt.Kind == ir.Void {
		x.failf(e.Pos(), "__ldg of a vector type is not supported by ptxabi cc")
	}
	p := x.rvalue(e.Args[0])
	g := x.b.Op(ir.OpCvta, ir.PtrT(ir.Global, x.addr), x.generic(p))
	v := x.b.Load(rt, g, rt.Bytes())
	v.Flags |= ir.NC
	return v
}

// sincosf is __sincosf(x, &s, &c): sin.approx.f32 and cos.approx.f32 of
// x, stored through the pointers, as nvcc writes it.
func sincosf(x *fn, e *ast.Call, a []*ir.Value, _ ir.Type) *ir.Value {
	f := ctypes.BasicOf(ctypes.Float)
	s := x.b.Intrinsic(&ir.Intrinsic{Name: "sin.approx.f32", Pure: true}, ir.F32, a[0])
	c := x.b.Intrinsic(&ir.Intrinsic{Name: "cos.approx.f32", Pure: true}, ir.F32, a[0])
	x.store(a[1], f, s)
	x.store(a[2], f, c)
	return nil
}

// cacheOps are the cache operators of the loads and stores that name
// one (PTX ISA, "Cache Operators").
var cacheOps = sync.OnceValue(func() map[string]ir.MemFlags {
	return map[string]ir.MemFlags{
		"__ldca": ir.CacheCA, "__ldcg": ir.CacheCG, "__ldcs": ir.CacheCS, "__ldlu": ir.CacheLU, "__ldcv": ir.CacheCV,
		"__stwb": ir.CacheWB, "__stcg": ir.CacheCG, "__stcs": ir.CacheCS, "__stwt": ir.CacheWT,
	}
})

// cachedLoad is __ldcs(p) and the other loads with a cache operator:
// ld.global.cs of a scalar, or of each element of a vector (built in
// local memory, as make_T builds one).
func cachedLoad(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	g := x.b.Op(ir.OpCvta, ir.PtrT(ir.Global, x.addr), x.generic(x.rvalue(e.Args[0])))
	load := func(p *ir.Value, t ir.Type) *ir.Value {
		v := x.b.Load(t, p, t.Bytes())
		v.Flags |= cacheOps()[e.Builtin]
		return v
	}
	t := e.Info().Type
	vt, ok := ctypes.Unqualified(t).(*ctypes.Vector)
	if !ok {
		return load(g, rt)
	}
	size, align := x.sizeAlign(t, e.Pos())
	out := x.b.Alloca(size, align)
	et := ctypes.BasicOf(vt.Elem)
	es, _ := x.sizeAlign(et, e.Pos())
	for i := range vt.Len {
		off := x.b.Const(ir.IntT(x.addr, true), int64(i)*es)
		x.store(x.offset(out, int64(i)*es), et, load(x.b.Op(ir.OpPtrAdd, g.Type, g, off), x.scalar(et, e.Pos())))
	}
	return out
}

// cachedStore is __stcs(p, v) and the other stores with a cache
// operator: st.global.cs of a scalar, or of each element of a vector.
func cachedStore(x *fn, e *ast.Call, _ []*ir.Value, _ ir.Type) *ir.Value {
	g := x.b.Op(ir.OpCvta, ir.PtrT(ir.Global, x.addr), x.generic(x.rvalue(e.Args[0])))
	t := e.Args[1].Info().Type
	store := func(p, v *ir.Value) {
		st := x.b.Store(p, v, v.Type.Bytes())
		st.Flags |= cacheOps()[e.Builtin]
	}
	vt, ok := ctypes.Unqualified(t).(*ctypes.Vector)
	if !ok {
		store(g, x.rvalue(e.Args[1]))
		return nil
	}
	src := x.rvalue(e.Args[1]) // a vector is the address of its memory
	et := ctypes.BasicOf(vt.Elem)
	es, _ := x.sizeAlign(et, e.Pos())
	for i := range vt.Len {
		v := x.load(x.offset(src, int64(i)*es), et)
		off := x.b.Const(ir.IntT(x.addr, true), int64(i)*es)
		store(x.b.Op(ir.OpPtrAdd, g.Type, g, off), v)
	}
	return nil
}

// makeVector is make_T{1,2,3,4}: a vector built in local memory.
func makeVector(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	t := e.Info().Type
	vt, ok := ctypes.Unqualified(t).(*ctypes.Vector)
	if !ok {
		x.failf(e.Pos(), "%s does not return a vector type", e.Builtin)
	}
	size, align := x.sizeAlign(t, e.Pos())
	p := x.b.Alloca(size, align)
	et := ctypes.BasicOf(vt.Elem)
	es, _ := x.sizeAlign(et, e.Pos())
	for i, a := range e.Args {
		x.store(x.offset(p, int64(i)*es), et, x.rvalue(a))
	}
	return p
}

// memLoop is memcpy(dst, src, n) or memset(dst, c, n) as a loop over
// bytes (nvcc writes such a loop too); it returns dst.
func memLoop(copying bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		dst := x.generic(a[0])
		n := x.convert(a[2], x.iptr())
		var src, val *ir.Value
		if copying {
			src = x.generic(a[1])
		} else {
			val = x.convert(a[1], ir.U8)
		}
		entry := x.b.B
		head, body, end := x.b.NewBlock(), x.b.NewBlock(), x.b.NewBlock()
		zero := x.b.Const(x.iptr(), 0)
		x.b.Jump(head)
		x.b.SetBlock(head)
		i := x.b.Phi(head, x.iptr(), zero)
		x.b.Branch(x.b.Cmp(ir.Lt, i, n), body, end)
		x.b.SetBlock(body)
		v := val
		if copying {
			v = x.b.Load(ir.U8, x.b.Op(ir.OpPtrAdd, src.Type, src, i), 1)
		}
		x.b.Store(x.b.Op(ir.OpPtrAdd, dst.Type, dst, i), v, 1)
		next := x.b.Op(ir.OpAdd, i.Type, i, x.b.Const(i.Type, 1))
		latch := x.b.B
		x.b.Jump(head)
		_ = entry
		for _, p := range head.Preds {
			if p == latch {
				i.Args = append(i.Args, next)
			}
		}
		x.b.SetBlock(end)
		return x.toResult(dst, rt)
	}
}

// printf lowers printf through ir's Builder.Printf (guide §3.1: vprintf
// with a local buffer of the promoted arguments).
func printf(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	lit, ok := withoutImplicitCasts(e.Args[0]).(*ast.BasicLit)
	if !ok || lit.Kind != ast.StringLit || lit.Info().Value == nil {
		x.failf(e.Args[0].Pos(), "printf's format must be a string literal for ptxabi cc")
	}
	var args []*ir.Value
	var types []ctypes.Type
	for _, a := range e.Args[1:] {
		args = append(args, x.rvalue(a))
		types = append(types, a.Info().Type)
	}
	v, err := x.b.Printf(constant.StringVal(lit.Info().Value), args, types)
	if err != nil {
		x.failf(e.Pos(), "%v", err)
	}
	return x.toResult(v, rt)
}

// syscallFn calls malloc, free or __assertfail (guide §3.2-3.3): an
// .extern .func with the C library's signature.
func syscallFn(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	d := e.Func
	f := x.m.Func(d.Name)
	if f == nil {
		var params []ir.Type
		for _, p := range d.Type.Params {
			params = append(params, x.paramType(p.Type, e.Pos()))
		}
		res := ir.VoidT
		if !ctypes.IsVoid(d.Type.Result) {
			res = x.paramType(d.Type.Result, e.Pos())
		}
		f = x.m.Declare(d.Name, params, res)
		f.CType = d.Type
	}
	args := x.callArgs(e, d.Type, nil)
	v := x.b.Call(f, args...)
	if f.Result.Kind == ir.Void {
		return nil
	}
	return v
}

// noCode is a hint that makes no code (__builtin_assume,
// __builtin_unreachable).
func noCode(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value { return nil }

// cvtRounded is a conversion with a rounding mode: cvt.MODE.DST.SRC (the
// name), from src to dst.
func cvtRounded(name string, dst, src ir.Type) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		return x.toResult(x.b.Intrinsic(&ir.Intrinsic{Name: name, Pure: true}, dst, x.convert(a[0], src)), rt)
	}
}

// doubleHalf is __double2hiint or __double2loint: the high or low 32
// bits of a double's bits (nvcc's mov.b64 {lo, hi}, x).
func doubleHalf(high bool) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		u := x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b64", Pure: true}, ir.U64, x.convert(a[0], ir.F64))
		if high {
			u = x.b.Op(ir.OpShr, ir.U64, u, x.b.Const(ir.U32, 32))
		}
		return x.convert(x.convert(u, ir.U32), rt)
	}
}

// hiloint2double is __hiloint2double(hi, lo): the double of bits hi:lo
// (nvcc's mov.b64 x, {lo, hi}).
func hiloint2double(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	hi := x.convert(x.convert(a[0], ir.U32), ir.U64)
	lo := x.convert(x.convert(a[1], ir.U32), ir.U64)
	u := x.b.Op(ir.OpOr, ir.U64, x.b.Op(ir.OpShl, ir.U64, hi, x.b.Const(ir.U32, 32)), lo)
	return x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b64", Pure: true}, ir.F64, u)
}

// isspacep is __isGlobal, __isShared, __isLocal or __isConstant: 1 when
// the generic address is in the state space (isspacep.SPACE), else 0.
func isspacep(space string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		p := x.b.Intrinsic(&ir.Intrinsic{Name: "isspacep" + space, Pure: true}, ir.PredT, x.generic(a[0]))
		return x.toResult(p, rt)
	}
}

// cvtaTo is __cvta_generic_to_global or __cvta_generic_to_shared: the
// address in the state space of a generic one (cvta.to.SPACE), as an
// integer.
func cvtaTo(space ir.Space) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		p := x.b.Op(ir.OpCvta, ir.PtrT(space, x.addr), x.generic(a[0]))
		return x.convert(x.b.Op(ir.OpConv, ir.IntT(x.addr, false), p), rt)
	}
}

// tanf is __tanf as nvcc expands it: sin.approx over cos.approx, divided
// with div.approx.
func tanf(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	v := x.convert(a[0], ir.F32)
	s := x.b.Intrinsic(&ir.Intrinsic{Name: "sin.approx.f32", Pure: true}, ir.F32, v)
	c := x.b.Intrinsic(&ir.Intrinsic{Name: "cos.approx.f32", Pure: true}, ir.F32, v)
	return x.b.Intrinsic(&ir.Intrinsic{Name: "div.approx.f32", Pure: true}, ir.F32, s, c)
}

// powf is __powf(x, y) as nvcc expands it: ex2.approx of y·lg2.approx(x).
func powf(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	l := x.b.Intrinsic(&ir.Intrinsic{Name: "lg2.approx.f32", Pure: true}, ir.F32, x.convert(a[0], ir.F32))
	p := x.b.Op(ir.OpMul, ir.F32, x.convert(a[1], ir.F32), l)
	return x.b.Intrinsic(&ir.Intrinsic{Name: "ex2.approx.f32", Pure: true}, ir.F32, p)
}

// hdiv is __hdiv(a, b) as cuda_fp16.hpp computes it: q = a·rcp.approx.ftz(b)
// in f32; when q rounded to __half is neither zero nor above 0x008F in
// magnitude (a subnormal result), one correction q + rcp·fma(-b, q, a);
// then rounded to __half. (nvcc tests the rounded __half and rounds the
// corrected quotient again; testing its exact f32 value and rounding the
// selected quotient once is the same.) cuda_fp16.h declares it from
// sm_53 on.
func hdiv(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
	x.needSM(e, 53)
	fa, fb := x.convert(a[0], ir.F32), x.convert(a[1], ir.F32)
	r := x.b.Intrinsic(&ir.Intrinsic{Name: "rcp.approx.ftz.f32", Pure: true}, ir.F32, fb)
	q := x.b.Op(ir.OpMul, ir.F32, fa, r)
	h := x.b.Op(ir.OpAbs, ir.F32, x.convert(x.convert(q, ir.F16), ir.F32))
	small := x.b.Op(ir.OpAnd, ir.PredT, x.b.Cmp(ir.Lt, h, x.b.Float(ir.F32, 0x8F*0x1p-24)), x.b.Cmp(ir.Ne, h, x.b.Float(ir.F32, 0)))
	err := x.b.Op(ir.OpFma, ir.F32, x.b.Op(ir.OpNeg, ir.F32, fb), q, fa)
	c := x.b.Op(ir.OpFma, ir.F32, r, err, q)
	return x.convert(x.b.Op(ir.OpSelect, ir.F32, small, c, q), rt)
}

// match is __match_any_sync(mask, v) or __match_all_sync(mask, v, pred)
// (sm_70): match.MODE.sync.bN of v's bits. match.all's predicate, which
// nvcc takes from the instruction's second destination, is d != 0: d is
// the mask when all the threads' values agree, else 0.
func match(mode string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		x.needSM(e, 70)
		v := a[1]
		bt := ir.IntT(int(v.Type.Bits), false)
		if v.Type.IsFloat() {
			v = x.b.Intrinsic(&ir.Intrinsic{Name: "mov.b" + itoa(int(bt.Bits)), Pure: true}, bt, v)
		} else {
			v = x.convert(v, bt)
		}
		d := x.b.Intrinsic(&ir.Intrinsic{Name: "match." + mode + ".sync.b" + itoa(int(bt.Bits))}, ir.U32, v, x.convert(a[0], ir.U32))
		if mode == "all" {
			p := x.b.Op(ir.OpSelect, ir.I32, x.b.Cmp(ir.Ne, d, x.b.Const(ir.U32, 0)), x.b.Const(ir.I32, 1), x.b.Const(ir.I32, 0))
			x.b.Store(a[2], p, 4)
		}
		return x.toResult(d, rt)
	}
}

// redux is __reduce_OP_sync(mask, v) (sm_80): redux.sync.OP.T with T
// .u32 or .s32 for add, min and max (the overload's signedness) and .b32
// for and, or and xor.
func redux(op string) lowering {
	return func(x *fn, e *ast.Call, a []*ir.Value, rt ir.Type) *ir.Value {
		x.needSM(e, 80)
		t := ".b32"
		switch {
		case op == "and" || op == "or" || op == "xor":
		case rt.Signed:
			t = ".s32"
		default:
			t = ".u32"
		}
		return x.b.Intrinsic(&ir.Intrinsic{Name: "redux.sync." + op + t}, rt, x.convert(a[1], rt), x.convert(a[0], ir.U32))
	}
}

// quietNaN is __builtin_nanf(""), <math.h>'s NAN: the quiet NaN with no
// payload, 0x7fc00000 (the argument, a payload's spelling, is ignored).
func quietNaN(x *fn, e *ast.Call, _ []*ir.Value, rt ir.Type) *ir.Value {
	return x.b.Float(ir.F32, float64(math.Float32frombits(0x7fc00000)))
}
