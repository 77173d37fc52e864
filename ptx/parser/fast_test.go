package parser_test

import (
	"fmt"
	"go/token"
	"reflect"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// parseBothWays parses src with the fast paths and without them and
// returns a description of the first difference between the two results,
// positions and errors included, or "".
func parseBothWays(src []byte) string {
	type result struct {
		m   *ast.Module
		err string
	}
	var r [2]result
	for i, slow := range []bool{false, true} {
		*parser.NoFast = slow
		m, err := parser.ParseFile(token.NewFileSet(), "f.ptx", src)
		r[i].m = m
		if err != nil {
			r[i].err = err.Error()
		}
	}
	*parser.NoFast = false
	if r[0].err != r[1].err {
		return fmt.Sprintf("errors differ:\nfast: %s\nslow: %s", r[0].err, r[1].err)
	}
	if d := diffTrees(r[0].m, r[1].m); d != "" {
		return d
	}
	if !reflect.DeepEqual(r[0].m, r[1].m) {
		return "the trees differ in their positions (or in nil and empty lists)"
	}
	return ""
}

// TestFastPaths: the fast paths build the tree the general parser builds
// for items chosen to sit at the edges of what they take. (checkFile and
// FuzzParse compare the two ways on whole files: the corpora, the
// printer's test files.)
func TestFastPaths(t *testing.T) {
	body := []string{
		"add.s32 %r1, %r2, -1;",
		"ld.param.u32 %r1, [foo_param_0 + 4];",
		"ld.u32 %r1, [%rd1+-4] ;",
		"ld.u32 %r1, [%rd1-4];",
		"ld.u32 %r1, [ %rd1 ];",
		"ld.u32 %r1, [];",
		"st.v4.u32 [%rd1], {%r1, %r2, _, 7};",
		"st.v2.u32 [%rd1], {};",
		"mov.u32 %r1, %tid.x;",
		"mov.u32 %r1, 0x1F;",
		"mov.u32 %r1, 12U;",
		"mov.f32 %f1, 0f3F800000;",
		"mov.f32 %f1, 1.5;",
		"mov.u32 %r1, %r2 // trailing\n;",
		"mov.u32 %r1, /* inside */ %r2;",
		"mov.u32 %r1,\n%r2;",
		"shfl.sync.down.b32 %r4|%p1, %r3, 6, 1, -1;",
		"call.uni (retval0), foo, (param0, param1);",
		"mov.u64 %rd1, generic(x);",
		"mov.u32 %r1, %r2 %r3;",
		"mov.u32 %r1, %r2",
		"mov.u32 %r1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;",
		"tex.2d.v4.f32.f32 {%r5, %r6, %r7, %r8}, [t, {%r1, %r2}];",
		"@%p1 bra $L__BB0_2;",
		"@!%p1 st.u32 [%rd1+8], %r1;",
		"ret;",
		"ret ;",
		"frob.u32 %r1;",
		"L1: ret;",
		"L1:\nret;",
		"L1 :",
		"L1: // c\nret;",
		"L1: /* c */ ret;",
		"L1: .callprototype _ ();",
		"L1:\n.callprototype _ ();",
		"L1:\n\n .callprototype_x: ret;",
		"L1:",
		"L1:L2:",
		"L1::",
		"L1 ; ",
		".loc 1 23 5",
		".loc\t1 23 5;",
		".loc 1 023 5",
		".loc 1 23 5, function_name $L__info_string0, inlined_at 1 2 3",
		".loc 1 2",
		".loc 1 9999999999 5",
		".loc 1 2 3\n, inlined_at 1 2 3",
		".loc 1 2 3\n;",
		".loc 1 2 3\n// c\n, function_name f",
		".loc 1 2 3\n@%p1 bra L;",
		".reg .b32 %r<4>;",
		".reg .pred %p<3> ;",
		".reg .b32 %r<0x4>;",
		".reg .b32 %r1, %r2;",
		".reg .v4 .b32 %v;",
		".reg .f16x2 %h;",
		".param .b32 param0;",
		".param .align 8 .b8 param0[16];",
		".param .align 08 .b8 param0[16];",
		".param .align 8 .b8 param0[];",
		".param .align 8 .b8 param0[2][3];",
		".local .align 4 .b8 __local_depot0[40];",
		".shared .align 4 .b8 sm[512];",
		".shared::cta .align 4 .b8 sm[512];",
		".param .b64 p = 5;",
		".reg .b32 %r<4>",
	}
	data := []string{
		".b8 1", ".b8 1, 2,3 ,4;", ".b8 1,\n2", ".b32 0x10", ".b64 func_begin0", ".b32 .debug_abbrev",
		".b8 1 // trailing", ".b8 1 /* x */, 2", ".b8 -1", ".b8 1+2", ".b32 1U", ".b16 1.5",
		".b8 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34",
		".b64 $L__tmp1", ".b64 $L__tmp1, 2, %r1", ".b64 a.b", ".b64 f(1)", ".b64 f (1)", ".b64 $L+1",
		".b64 $L -1", ".b64 $L;", ".b64 $L // c", ".b64 %", ".b64 x::y",
		".b8 1\n,2", ".b8 1\n;", ".b8 1\n+2", ".b8 1\n// c\n,2", ".b8 1\n\n  , 2", ".b8 1\n@",
		".b8 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34\n,35",
	}
	for _, b := range body {
		src := ".entry k()\n{\n\t" + b + "\n\tret;\n}\n"
		if d := parseBothWays([]byte(src)); d != "" {
			t.Errorf("%q: %s", b, d)
		}
	}
	for _, it := range data {
		src := ".section .debug_info\n{\n" + it + "\n.b8 0\n}\n"
		if d := parseBothWays([]byte(src)); d != "" {
			t.Errorf("%q: %s", it, d)
		}
	}
}
