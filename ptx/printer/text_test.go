package printer_test

import (
	"fmt"
	"go/token"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// TestFormatText checks that Format, whose parser hands it runs of
// statements as their printed text (parser.TextHandler), prints what
// String prints of the parsed tree, and fails as ParseFile does, for
// statements at the edges of what the runs take, each among statements
// that open and continue a run, at the top of a body and in a nested
// block.
func TestFormatText(t *testing.T) {
	stmts := []string{
		// Instructions.
		"add.s32 %r1, %r2, -1;",
		"add.s32 %r1 , %r2,-1 ;",
		"add.s32\t%r1,\t%r2,\t- 1;",
		"ld.param.u32 %r1, [foo_param_0 + 4];",
		"ld.u32 %r1, [%rd1+-4] ;",
		"ld.u32 %r1, [%rd1 + - 4];",
		"ld.u32 %r1, [%rd1-4];",
		"ld.u32 %r1, [ %rd1 ];",
		"ld.u32 %r1, [];",
		"ld.u32 %r1, [4];",
		"st.v4.u32 [%rd1], {%r1, %r2, _, 7};",
		"st.v4.u32 [%rd1], { %r1,%r2 ,\n_, 7 };",
		"st.v2.u32 [%rd1], {};",
		"mov.u32 %r1, %tid.x;",
		"mov.u32 %r1, 0x1F;",
		"mov.u32 %r1, 12U;",
		"mov.f32 %f1, 0f3F800000;",
		"mov.u32 %r1, %r2 // trailing\n;",
		"mov.u32 %r1, %r2; // trailing",
		"mov.u32 %r1, /* inside */ %r2;",
		"mov.u32 %r1,\n%r2;",
		"mov.u32\n%r1, %r2;",
		"mov.u32 %r1, %r2\n;",
		"shfl.sync.down.b32 %r4|%p1, %r3, 6, 1, -1;",
		"mov.u64 %rd1, generic(x);",
		"mov.u64 %rd1, generic (x);",
		"mov.u32 %r1, %r2 %r3;",
		"mov.u32 %r1, %r2",
		"mov.u32 %r1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;",
		"tex.2d.v4.f32.f32 {%r5, %r6, %r7, %r8}, [t, {%r1, %r2}];",
		"ret;",
		"ret ;",
		"ret\n;",
		"frob.u32 %r1;",
		"mov.u32 %r1, %r2;mov.u32 %r3, %r4;",
		// Calls as nvcc writes them, and others.
		"call.uni (retval0), \n\tfoo, \n\t(\n\tparam0, \n\tparam1\n\t);",
		"call.uni (retval0), foo, (param0, param1);",
		"call.uni (retval0), \n\tfoo, \n\t(\n\tparam0\n\t); // c",
		"mov.u32 %r1,\n%r2; // c\n\tmov.u32 %r1, %r2; // d",
		"call.uni foo, (param0);",
		"call.uni foo, ();",
		"call.uni foo;",
		"call (retval0), %rd5, (param0), prototype_1;",
		"call.uni (retval0), \n\tfoo, \n\t( // c\n\tparam0\n\t);",
		"call.uni (retval0), \n\tfoo, \n\t(\n\tparam0, \n\t);",
		"call.uni (retval0), foo(param0);",
		"call.uni (retval0), foo, (param0 + 1);",
		"call.uni (retval0), foo, ((param0));",
		"call.uni (retval0), foo, (param0)\n\t\n",
		// Guards.
		"@%p1 bra $L__BB0_2;",
		"@!%p1 st.u32 [%rd1+8], %r1;",
		"@%p1 bra \t$L__BB0_2;",
		"@ %p1 bra $L__BB0_2;",
		"@! %p1 bra $L__BB0_2;",
		"@%p1\nbra $L__BB0_2;",
		"@%p1 frob $L__BB0_2;",
		"@%p1 L1: ret;",
		"@%p1;",
		"@%p1 bra.uni (x);",
		// Labels.
		"L1: ret;",
		"L1:\nret;",
		"L1 :",
		"L1: // c\nret;",
		"L1: /* c */ ret;",
		"L1: .callprototype _ ();",
		"L1:\n.callprototype _ ();",
		"L1:",
		"L1:L2:",
		"L1::",
		"L1 ; ",
		// .loc.
		".loc 1 23 5",
		".loc\t1 23 5;",
		".loc 1 023 5",
		".loc 1 0 0",
		".loc 1 23 5, function_name $L__info_string0, inlined_at 1 2 3",
		".loc 1 2",
		".loc 1 9999999999 5",
		".loc 1 2 3\n, inlined_at 1 2 3",
		".loc 1 2 3\n;",
		".loc 1 2 3 // c",
		// Variables.
		".reg .b32 %r<4>;",
		".reg .pred %p<3> ;",
		".reg .b32 %r<0>;",
		".reg .b32 %r< 4 >;",
		".reg .b32 %r<0x4>;",
		".reg .b32 %r1, %r2;",
		".reg .v4 .b32 %v;",
		".reg .f16x2 %h;",
		".param .b32 param0;",
		".param .align 8 .b8 param0[16];",
		".param .align 0 .b8 param0[16];",
		".param .align 08 .b8 param0[16];",
		".param .align 8 .b8 param0[0];",
		".param .align 8 .b8 param0[];",
		".param .align 8 .b8 param0[2][3];",
		".param\t.align\t8\t.b8\tparam0 [ 16 ] ;",
		".local .align 4 .b8 __local_depot0[40];",
		".shared .align 4 .b8 sm[512];",
		".shared::cta .align 4 .b8 sm[512];",
		".param .b64 p = 5;",
		".reg .b32 %r<4>",
		// Blocks and comments.
		"{\n\tmov.u32 %r1, %r2;\n\t}",
		"{ // callseq 0\n\tmov.u32 %r1, %r2;\n\t} // callseq 0",
		"// c\n\tmov.u32 %r1, %r2;",
		"/* c */",
	}
	around := []string{
		".entry k()\n{\n\t%s\n\tret;\n}\n",
		".entry k()\n{\n\tmov.u32 %%r9, 1;\n\t%s\n\tmov.u32 %%r9, 2;\n$L:\n\tret;\n}\n",
		".entry k()\n{\n\t.reg .b32 %%r<2>;\n\t{\n\t.loc 1 2 3\n\t%s\n\t}\n}\n",
		".func f()\n{\n$L1:\n\t%s\n$L2:\n}\n",
	}
	for _, s := range stmts {
		for _, a := range around {
			src := []byte(fmt.Sprintf(a, s))
			out, err := printer.Format("f.ptx", src)
			m, perr := parser.ParseFile(token.NewFileSet(), "f.ptx", src)
			if fmt.Sprint(err) != fmt.Sprint(perr) {
				t.Errorf("%q in %q:\nFormat: %v\nParseFile: %v", s, a, err, perr)
				continue
			}
			if perr == nil && string(out) != printer.String(m) {
				t.Errorf("%q in %q: Format and String differ:\n%s---\n%s", s, a, out, printer.String(m))
			}
		}
	}
}
