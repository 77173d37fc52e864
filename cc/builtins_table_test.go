package cc

import (
	"sort"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/sema"
)

// TestBuiltinTables checks the two halves of the prelude against each
// other: sema.Builtins (the calls the front end marks as built-ins) and
// builtins (how this package lowers them). A lowering of a name sema does
// not mark is dead code; a marked name without a lowering is an error at
// compile time, and must be listed in notLowered with that reason. Every
// marked name is declared by the prelude (the built-in headers with
// __PTXABI_DEVICE_BUILTINS), which gives it its C type.
func TestBuiltinTables(t *testing.T) {
	var unmarked, missing []string
	for n := range builtins {
		if !sema.Builtins[n] {
			unmarked = append(unmarked, n)
		}
	}
	for n := range sema.Builtins {
		if builtins[n] == nil && !notLowered[n] {
			missing = append(missing, n)
		}
	}
	for n := range notLowered {
		if builtins[n] != nil {
			t.Errorf("%s is lowered now: remove it from notLowered", n)
		}
	}
	declared := preludeFuncs(t)
	for n := range headerFuncs(t, "#include <cuda_fp16.h>\n#include <assert.h>\n") {
		declared[n] = true
	}
	var undeclared []string
	for n := range sema.Builtins {
		if !declared[n] {
			undeclared = append(undeclared, n)
		}
	}
	sort.Strings(undeclared)
	if len(undeclared) > 0 {
		t.Errorf("built-ins the prelude does not declare: %q", undeclared)
	}
	sort.Strings(unmarked)
	sort.Strings(missing)
	if len(unmarked) > 0 {
		t.Errorf("lowerings of names sema.Builtins does not mark: %q", unmarked)
	}
	if len(missing) > 0 {
		t.Errorf("built-ins without a lowering (add one, or list them in notLowered): %q", missing)
	}
}

// notLowered are the built-ins sema marks that this package does not
// lower yet: a call of one is the error "built-in NAME is not supported
// by ptxabi cc yet" at its position (the rounding-mode conversions other
// than nvcc's defaults, __match_*_sync,
// __reduce_*_sync, hints such as __builtin_expect, ...).
var notLowered = map[string]bool{
	"__brkpt": true, "__builtin_assume": true, "__builtin_assume_aligned": true, "__builtin_expect": true,
	"__builtin_unreachable": true,
	"__double2float_rd":     true, "__double2float_rn": true, "__double2float_ru": true, "__double2float_rz": true,
	"__double2hiint": true, "__double2int_rd": true, "__double2int_rn": true, "__double2int_ru": true,
	"__double2int_rz": true, "__double2ll_rd": true, "__double2ll_rn": true, "__double2ll_ru": true,
	"__double2ll_rz": true, "__double2loint": true, "__double2uint_rd": true, "__double2uint_rn": true,
	"__double2uint_ru": true, "__double2uint_rz": true, "__double2ull_rd": true, "__double2ull_rn": true,
	"__double2ull_ru": true, "__double2ull_rz": true, "__float2int_rd": true, "__float2int_ru": true,
	"__float2ll_rd": true, "__float2ll_rn": true, "__float2ll_ru": true, "__float2ll_rz": true,
	"__float2uint_rd": true, "__float2uint_ru": true, "__float2uint_rz": true, "__float2ull_rd": true,
	"__float2ull_rn": true, "__float2ull_ru": true, "__float2ull_rz": true, "__hdiv": true,
	"__hiloint2double": true, "__int2double_rn": true, "__int2float_rd": true, "__int2float_ru": true,
	"__int2float_rz": true,
	"__ll2double_rd": true, "__ll2double_rn": true, "__ll2double_ru": true, "__ll2double_rz": true,
	"__ll2float_rd": true, "__ll2float_rn": true, "__ll2float_ru": true, "__ll2float_rz": true,
	"__match_all_sync": true, "__match_any_sync": true, "__powf": true, "__reduce_add_sync": true,
	"__reduce_and_sync": true, "__reduce_max_sync": true, "__reduce_min_sync": true, "__reduce_or_sync": true,
	"__reduce_xor_sync": true, "__tanf": true, "__uint2double_rn": true, "__uint2float_rd": true,
	"__uint2float_rn": true, "__uint2float_ru": true, "__uint2float_rz": true, "__ull2double_rd": true,
	"__ull2double_rn": true, "__ull2double_ru": true, "__ull2double_rz": true, "__ull2float_rd": true,
	"__ull2float_rn": true, "__ull2float_ru": true, "__ull2float_rz": true,
}
