package ir

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

// TestParseErrors: bad text is an error at file:line:col saying what was
// expected.
func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"blah", "x.ir:1:1: expected global, declare or func"},
		{"func @f() {\nb0:\n\tret\n", "x.ir:1:1: function @f has no closing }"},
		{"func @f() {\n\tret\n}", "x.ir:2:1: instruction outside a block"},
		{"func @f() {\nb0:\n\t%x = add i32 %y, %y\n\tret\n}", "undefined value %y in @f"},
		{"func @f() {\nb0:\n\t%x = frob i32\n\tret\n}", `x.ir:3:7: unknown operation "frob"`},
		{"func @f() {\nb0:\n\t%x = const i33 1\n\tret\n}", `x.ir:3:13: expected a type, found "i33"`},
		{"func @f() {\nb0:\n\t%x = const i8 300\n\tret\n}", `expected an integer of type i8, found "300"`},
		{"func @f() {\nb0:\n\t%x = const i32 1\n\t%x = const i32 2\n\tret\n}", "x.ir:4:2: %x redefined"},
		{"func @f() {\nb0:\n\tjmp b9\n}", "undefined block b9"},
		{"func @f() {\nb0:\n\tcall void @g()\n\tret\n}", "x.ir:3:12: call of undeclared function @g"},
		{"func @f() {\nb0:\n\t%x = cmp.lx pred %x, %x\n\tret\n}", "expected cmp.eq"},
		{"func @f() {\nb0:\n\tadd i32 %a, %a\n\tret\n}", "needs a result %name ="},
		{"func @f() {\nb0:\n\t%s = sreg u32 tid.w\n\tret\n}", `unknown special register "tid.w"`},
		{"func @f() {\nb0:\n\t%p = addr ptr.global @nope\n\tret\n}", "@nope is not a declared variable or function"},
		{"func @f() {\nb0:\n\tjmp b1\nb1:\n\t%x = phi i32 [b7: %x]\n\tret\n}", "b7 is not a predecessor of b1"},
		{"func @f() {\nb0:\n\tjmp b1\nb1:\n\t%x = phi i32 [b0: %x], [b0: %x]\n\tret\n}", "phi %x has 2 arguments; block b1 has 1 predecessors"},
		{"global local @g align 4 size 4", `expected global, shared or const, found "local"`},
		{"global shared @g align 3 size 4", "alignment must be a power of 2"},
		{"global shared @g texref", `x.ir:1:18: expected "align", found "texref"`},
		{"func @f() {\nb0:\n\tret\n}\nfunc @f() {\nb0:\n\tret\n}", "x.ir:5:6: @f redefined"},
		{"func @f() {\nb0:\n\t%s = const i32 \"x\n}", "unterminated string"},
		{"func @f() {\nb0:\n\tret\nb0:\n\tret\n}", "block b0 redefined"},
		{"func @f() {\nb0:\n\t%a = const i32 1\nb1:\n\tret\n}", "block b0 does not end in jmp, br or ret"},
		{"func @f() {\nb0:\n\t%q = phi agg(8,4)\n\tret\n}", "a value cannot have aggregate type agg(8,4) (only a pack or a call)"},
		{"func @f() {\nb0:\n\tjmp b1\nb1: unroll\n\tret\n}", "x.ir:4:11: unexpected end of line"},
		{"func @f() {\nb0:\n\tjmp b1\nb1: unroll 0\n\tret\n}", `x.ir:4:12: expected an unroll count from 1 to 2^31-1 or "full", found "0"`},
		{"func @f() {\nb0:\n\tjmp b1\nb1: roll 2\n\tret\n}", `x.ir:4:5: expected "unroll", found "roll"`},
		{"func @f() {\nb0:\n\tjmp b1\nb1: unroll full 2\n\tret\n}", `x.ir:4:17: unexpected "2" at end of line`},
	}
	for _, tt := range tests {
		_, err := Parse("x.ir", tt.src, target.Default)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v; want an error containing %q", tt.src, err, tt.want)
		}
	}
}

// TestCheckErrors: IR that parses but breaks an SSA invariant or a type
// rule is caught by Check.
func TestCheckErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"func @f(%c pred) {\nb0:\n\tbr %c, b1, b2\nb1:\n\t%x = const i32 1\n\tjmp b3\nb2:\n\tjmp b3\nb3:\n\t%y = add i32 %x, %x\n\tret\n}",
			"%x is used where its definition does not dominate"},
		{"func @f() {\nb0:\n\t%y = add i32 %x, %x\n\t%x = const i32 1\n\tret\n}", "%x is used where its definition does not dominate"},
		{"func @f() {\nb0:\n\t%x = const i32 1\n\t%y = const i64 1\n\t%z = add i32 %x, %y\n\tret\n}", "argument 1 has type i64; expected i32"},
		{"func @f() -> i32 {\nb0:\n\tret\n}", "ret of the wrong type"},
		{"func @f(%p ptr) {\nb0:\n\t%x = const i32 1\n\t%q = ptradd ptr %p, %x\n\tret\n}", "ptradd takes a pointer of its type and an integer as wide"},
		{"func @f(%p ptr) {\nb0:\n\t%x = load i32 %p align 4 nc\n\tret\n}", "nc loads from ptr.global"},
		{"func @f(%p ptr) {\nb0:\n\t%q = cvta ptr %p\n\tret\n}", "cvta converts between a generic pointer and one into a state space"},
		{"func @f(%x u32) {\nb0:\n\t%n = neg u32 %x\n\tret\n}", "neg of type u32"},
		{"func @f(%x i32) {\nb0:\n\t%c = cmp.lt pred %x, %x\n\t%d = cmp.lt pred %c, %c\n\tret\n}", "cmp.lt of pred"},
		{"func @f(%x i32) {\nb0:\n\t%s = sreg u64 tid.x\n\tret\n}", "special register tid.x has type u32"},
		{"declare @g(i32) -> i32\nfunc @f(%x i64) {\nb0:\n\t%r = call i32 @g(%x)\n\tret\n}", "argument 0 has type i64; @g takes i32"},
		{"func entry @k() {\nb0:\n\tret\n}\nfunc @f() {\nb0:\n\tcall void @k()\n\tret\n}", "@k is a kernel"},
		{"func @f() {\nb0:\n\t%a = alloca ptr.local 0 align 4\n\tret\n}", "alloca has type ptr.local, a size and an alignment"},
		{"func @f(%x f32) {\nb0:\n\t%a = rem f32 %x, %x\n\tret\n}", "rem of type f32"},
		{"func @f() {\nb0:\n\tjmp b1\nb1:\n\tjmp b0\n}", "the entry block has predecessors"},
		{"func @f(%x i64) {\nb0:\n\t%y = asm u32 \"cvt.u32.u64 %0, %1;\" (\"=r\", \"r\")(%x)\n\tret\n}", `argument 0 of type i64 needs the constraint "l", not "r"`},
		{"func @f(%x i64) {\nb0:\n\t%y = asm u32 \"mov.u32 %0, 1;\" (\"=l\")()\n\tret\n}", `the result of type u32 needs the constraint "=r"`},
		{"func @f(%x i32) {\nb0:\n\tasm \"add.s32 %0, %0, %1;\" (\"n\")(%x)\n\tret\n}", `constraint "n": an integer constant`},
		{"func @f(%x i32) -> agg(8,4) {\nb0:\n\t%p = pack agg(8,4) [0: %x], [2: %x]\n\tret %p\n}", "piece 1 at offset 2 overlaps another"},
		{"func @f(%x i32) -> agg(8,4) {\nb0:\n\t%p = pack agg(8,4) [6: %x]\n\tret %p\n}", "lies outside agg(8,4)"},
		{"func @f(%x i32) {\nb0:\n\t%p = pack agg(8,4) [0: %x]\n\t%y = extract i32 %p, 0\n\tret\n}", "packs are call arguments, calls' aggregates are extracted"},
		{"declare @g() -> agg(8,4)\nfunc @f() {\nb0:\n\t%r = call agg(8,4) @g()\n\t%y = extract i64 %r, 4\n\tret\n}", "extract of i64 at offset 4"},
		{"declare @g() -> agg(8,4)\nfunc @f() -> agg(8,4) {\nb0:\n\t%r = call agg(8,4) @g()\n\tret %r\n}", "an aggregate is returned as a pack of its pieces"},
	}
	for _, tt := range tests {
		m, err := Parse("x.ir", tt.src, target.Default)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		err = CheckModule(m)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%q) = %v; want an error containing %q", tt.src, err, tt.want)
		}
	}
}

// TestCheckStructure: invariants the text form cannot break, broken by
// hand.
func TestCheckStructure(t *testing.T) {
	src := "func @f(%c pred) -> i32 {\nb0:\n\t%x = const i32 1\n\tbr %c, b1, b2\nb1:\n\tjmp b2\nb2:\n\t%p = phi i32 [b0: %x], [b1: %x]\n\tret %p\n}"
	tests := []struct {
		name   string
		break_ func(f *Func)
		want   string
	}{
		{"phi arity", func(f *Func) { f.Blocks[2].Values[0].Args = f.Blocks[2].Values[0].Args[:1] }, "phi has 1 arguments; the block has 2 predecessors"},
		{"unmirrored edge", func(f *Func) { f.Blocks[2].Preds = f.Blocks[2].Preds[:1] }, "not mirrored"},
		{"foreign value", func(f *Func) { f.Blocks[2].Values[0].Args[0] = &Value{ID: 99, Op: OpConst, Type: I32} }, "is not a value of the function"},
		{"wrong block", func(f *Func) { f.Blocks[0].Values[0].Block = f.Blocks[1] }, "value's Block is not the block that holds it"},
		{"phi after value", func(f *Func) {
			b := f.Blocks[2]
			c := f.NewValue(OpConst, I32)
			b.Insert(0, c)
		}, "phi after a non-phi"},
		{"jmp with two successors", func(f *Func) { f.Blocks[1].Kind = Jump; f.Blocks[0].Kind = Jump; f.Blocks[0].Control = nil }, "a jmp block needs 1 successor"},
	}
	for _, tt := range tests {
		m, err := Parse("x.ir", src, target.Default)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckModule(m); err != nil {
			t.Fatalf("valid input: %v", err)
		}
		tt.break_(m.Funcs[0])
		if err := CheckModule(m); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check = %v; want %q", tt.name, err, tt.want)
		}
	}
}

// FuzzParse: Parse never panics; what parses prints, and the printed form
// parses back to itself; Check never panics on it.
func FuzzParse(f *testing.F) {
	f.Add("func @f(%c pred) -> i32 {\nb0:\n\t%x = const i32 1\n\tbr %c, b1, b2\nb1:\n\tjmp b2\nb2:\n\t%p = phi i32 [b0: %x], [b1: %x]\n\tret %p\n}")
	f.Add("global global @s align 1 = \"hi\\x00\"\ndeclare @g(ptr, agg(8,4)) -> f64\n")
	f.Add("global visible global @t texref\nglobal global @s surfref\n")
	f.Add("func @f() {\nb0:\n\tjmp b1\nb1: unroll 4\n\tjmp b2\nb2: unroll full\n\tret\n}")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("fuzz.ir", src, target.Default)
		if err != nil {
			return
		}
		CheckModule(m)
		out := m.String()
		m2, err := Parse("printed", out, target.Default)
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, out)
		}
		if out2 := m2.String(); out2 != out {
			t.Fatalf("print(parse(print)) differs:\n%s\nthen\n%s", out, out2)
		}
	})
}
