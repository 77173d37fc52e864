package sema

import (
	"sync"

	"github.com/ptxabi/ptxabi/cfront"
)

// IsBuiltin reports whether name is one of the device functions that
// code generation lowers itself (issue 15's prelude): a call of one of
// them, declared in the built-in headers and not defined by the
// program, has its name in ast.Call.Builtin. Other library functions
// are ordinary calls.
func IsBuiltin(name string) bool { return Builtins()[name] }

// Builtins returns the set of IsBuiltin's names, which the caller must
// not change. It is made on first use: a unit that calls no built-in,
// and a command that checks no unit, do not pay for it.
var Builtins = sync.OnceValue(func() map[string]bool {
	Builtins := make(map[string]bool, 320) // sized for what follows adds
	for _, n := range []string{
		// Synchronization and fences.
		"__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", "__syncwarp",
		"__threadfence", "__threadfence_block", "__threadfence_system", "clock", "clock64", "__nanosleep", "__trap", "__brkpt",
		"__builtin_expect", "__builtin_unreachable", "__builtin_assume", "__builtin_assume_aligned", "__builtin_nanf",
		"__isGlobal", "__isShared", "__isConstant", "__isLocal", "__cvta_generic_to_global", "__cvta_generic_to_shared",
		// Warp shuffles and votes.
		"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
		"__ballot_sync", "__any_sync", "__all_sync", "__activemask", "__match_any_sync", "__match_all_sync",
		"__ballot", "__any", "__all", "any", "all",
		// Integer intrinsics.
		"__popc", "__popcll", "__clz", "__clzll", "__brev", "__brevll", "__ffs", "__ffsll", "__byte_perm",
		"__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__funnelshift_l", "__funnelshift_r", "__funnelshift_lc", "__funnelshift_rc",
		"__sad", "__usad", "__dp4a", "__dp2a_lo", "__dp2a_hi",
		// Reinterpretations.
		"__int_as_float", "__float_as_int", "__uint_as_float", "__float_as_uint", "__longlong_as_double",
		"__double_as_longlong", "__hiloint2double", "__double2hiint", "__double2loint",
		// min and max.
		"min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax",
		// Read-only cache loads; vector constructors.
		"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv", "__stwb", "__stcg", "__stcs", "__stwt",
		// Texture fetches (through an object: templates of the result
		// type; or through a reference) and surface reads and writes.
		"tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap",
		"tex1DLod", "tex2DLod", "tex3DLod", "tex1DGrad", "tex2DGrad", "tex3DGrad", "tex2Dgather",
		"surf1Dread", "surf2Dread", "surf3Dread", "surf1Dwrite", "surf2Dwrite", "surf3Dwrite",
		"surf1DLayeredwrite", "surf2DLayeredwrite",
		// Math functions that map to PTX instructions.
		"sqrt", "sqrtf", "rsqrt", "rsqrtf", "fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf", "floor", "floorf",
		"ceil", "ceilf", "trunc", "truncf", "round", "roundf", "rint", "rintf", "fma", "fmaf", "copysign", "copysignf",
		"abs", "labs", "llabs",
		// Fast intrinsics.
		"__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf", "__sincosf", "__tanf", "__powf",
		"__fdividef", "__saturatef", "saturate", "__frcp_rn", "__fsqrt_rn", "__fadd_rn", "__fmul_rn", "__fmaf_rn",
		"__dadd_rn", "__dmul_rn", "__fma_rn", "__int2double_rn", "__uint2double_rn",
		"__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
		// __half.
		"__float2half", "__float2half_rn", "__half2float", "__half_as_ushort", "__ushort_as_half",
		"__half_as_short", "__short_as_half", "__hadd", "__hsub", "__hmul", "__hdiv", "__hneg", "__hfma",
		"__heq", "__hlt", "__hgt", "__float2half_rz", "__float2half_rd", "__float2half_ru",
		"__halves2half2", "__half2half2", "__float2half2_rn", "__floats2half2_rn", "__low2half", "__high2half",
		"__lows2half2", "__highs2half2", "__lowhigh2highlow", "__low2half2", "__high2half2", "__low2float", "__high2float",
		// The C library of chapter 3.
		"printf", "malloc", "free", "__assertfail", "memcpy", "memset",
	} {
		Builtins[n] = true
	}
	for _, v := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong", "ulonglong", "float", "double"} {
		for n := 1; n <= 4; n++ {
			Builtins["make_"+v+string(rune('0'+n))] = true
		}
	}
	for _, cv := range []string{"__float2int", "__float2uint", "__float2ll", "__float2ull", "__double2int", "__double2uint",
		"__double2ll", "__double2ull", "__double2float", "__int2float", "__uint2float", "__ll2float", "__ull2float",
		"__ll2double", "__ull2double"} {
		for _, r := range []string{"_rn", "_rz", "_ru", "_rd"} {
			Builtins[cv+r] = true
		}
	}
	for _, n := range HalfIntConversions() {
		Builtins[n] = true
	}
	for _, a := range RoundedArith() {
		Builtins[a.Name] = true
	}
	for _, a := range []string{"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec",
		"atomicCAS", "atomicAnd", "atomicOr", "atomicXor"} {
		Builtins[a] = true
		Builtins[a+"_block"] = true
		Builtins[a+"_system"] = true
	}
	return Builtins
})

func errList(err error) cfront.ErrorList {
	if el, ok := err.(cfront.ErrorList); ok {
		return el
	}
	return cfront.ErrorList{{Msg: err.Error()}}
}

// HalfIntConversions are the conversions between __half and the integer
// types of <cuda_fp16.h>, with each rounding: __half2int_rn,
// __int2half_rz, ... (the integer is named int, uint, short, ushort, ll
// or ull).
// RoundedArith are the arithmetic intrinsics with a rounding mode, each
// one PTX instruction (add.rm.f32 for __fadd_rd): name, instruction and
// type, for every stem and rounding (_rn, _rz, _ru, _rd).
var RoundedArith = sync.OnceValue(func() []struct{ Name, Instr, Type string } {
	var out []struct{ Name, Instr, Type string }
	for _, s := range []struct{ stem, instr, typ string }{
		{"__fadd", "add", "f32"}, {"__fsub", "sub", "f32"}, {"__fmul", "mul", "f32"}, {"__fdiv", "div", "f32"},
		{"__frcp", "rcp", "f32"}, {"__fsqrt", "sqrt", "f32"}, {"__fmaf", "fma", "f32"},
		{"__dadd", "add", "f64"}, {"__dsub", "sub", "f64"}, {"__dmul", "mul", "f64"}, {"__ddiv", "div", "f64"},
		{"__drcp", "rcp", "f64"}, {"__dsqrt", "sqrt", "f64"}, {"__fma", "fma", "f64"},
	} {
		for _, r := range []string{"_rn", "_rz", "_ru", "_rd"} {
			out = append(out, struct{ Name, Instr, Type string }{s.stem + r, s.instr, s.typ})
		}
	}
	return out
})

var HalfIntConversions = sync.OnceValue(func() []string {
	var out []string
	for _, t := range []string{"int", "uint", "short", "ushort", "ll", "ull"} {
		for _, r := range []string{"_rn", "_rz", "_rd", "_ru"} {
			out = append(out, "__half2"+t+r, "__"+t+"2half"+r)
		}
	}
	return out
})
