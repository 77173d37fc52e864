package parser

import (
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// parseAll parses src and every body it defines, and dumps the trees.
func parseAll(name string, src []byte) (string, error) {
	fset := token.NewFileSet()
	u, err := cfront.ParseUnit(nil, fset, name, src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, body := range u.Bodies {
		if body.Builtin {
			continue
		}
		fb, err := ParseBody(fset, body)
		if err != nil {
			return b.String(), err
		}
		ast.Fprint(&b, fb, false)
	}
	return b.String(), nil
}

// TestGolden dumps the trees of testdata/*.cu and compares them with
// the .golden files (-update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.cu")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := parseAll(f, src)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(f, ".cu") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("tree differs from %s:\n%s", golden, got)
			}
		})
	}
}

// TestErrors checks that what is not supported, and what is malformed,
// is an error naming it at its position.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"int *p = new int[2][3];", "t.cu:1:48: new of a multidimensional array (new T[n][m]) is not supported"},
		{"int *p = new int &;", "cannot allocate a reference with new"},
		{"int *p = new int[2;", "unbalanced '['"},
		{"delete[ p;", "expected ']', found ';'"},
		{"auto f = [](auto *x) { return x; };", "a generic lambda's auto * parameter is not supported"},
		{"auto v = {1, 2};", "auto with a braced initializer"},
		{"auto v;", "declaration of 'v' with deduced type 'auto' requires an initializer"},
		{"int x = [*this](int x) { return x; }(1);", "capturing *this by copy is not supported"},
		{"int a[2]; static auto [x, y] = a;", "a structured binding declaration cannot be static (C++20)"},
		{"int a[2]; auto [x, 1] = a;", "expected an identifier in a structured binding, found 1"},
		{"int a[2]; auto [x, y];", "a structured binding declaration needs an initializer"},
		{"[[fallthrough;", "unterminated attribute [[..."},
		{"if constexpr (1) ; else ; if (int v = 1; ) ;", "expected an expression"},
		{"try { } catch (...) { }", "exceptions ('try') are not supported"},
		{"throw 1;", "exceptions ('throw')"},
		{"for (int x : {1, 2}) ;", "a braced list as the range of a range-based for"},
		{"int a[4]; for (static int x : a) ;", "the declaration of a range-based for cannot have a storage class"},
		{"int x = offsetof(struct { int a; }, 1);", "expected a member name in offsetof, found 1"},
		{"int f(int);", "local function declarations are not supported ('f')"},
		{"int x = (int){1};", "compound literals"},
		{"struct P { int a; } p = { .a = 1 };", "designated initializers are not supported"},
		{"static_assert(1, 2);", "expected a string literal"},
		{"int x = ({ 1; });", "statement expressions"},
		{"int x = 1 +;", "t.cu:1:40: expected an expression, found ';'"},
		{"if (1) { ", "unbalanced '{'"},
		{"asm volatile (\"mov.u32 %0, 1;\" : [r] \"=r\"(x));", "named asm operands"},
		{"extern int y;", "extern declarations in function bodies are not supported (except extern __shared__)"},
		{"k<<<1>>>(0);", "a launch configuration has 2 to 4 arguments, not 1"},
		{"goto *p;", "computed goto"},
		{"x = 1; ) ] p[0] = 1;", "expected an expression, found ')'"},
		{"int x = typeid(int).name();", "'typeid' is not supported"},
	} {
		src := "__device__ void f(int *p) { " + c.body + " }\n__global__ void k(int x) {}\n"
		_, err := parseAll("t.cu", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.body, err, c.want)
		}
	}
}

// FuzzParseBody feeds arbitrary function bodies: the parser returns a
// tree or an error, never panics.
func FuzzParseBody(f *testing.F) {
	for _, s := range []string{"return a + b * c;", "for (int i = 0; i < n; i++) { p[i] = i; }", "x = (float)y;",
		"switch (a) { case 1: break; default: ; }", "asm volatile(\"\" ::: \"memory\");", "S s(1, 2); s.f();",
		"int a[3] = {1, 2, 3}; a[0] += a[1] ? a[2] : 4;", "tmax<int>(1, 2);",
		"int a[2]; for (auto &x : a) x = 1;", "auto f = [&, n](int x) mutable -> int { return x + n; }; f(1);",
		"decltype(a + 1) d = 2;", "int o = offsetof(S, a); S s(S(1, 2)); s.S::f();",
		"int *q = new int[n](); S *s = new S(1, 2); delete s; delete[] q; ::delete ::new (p) int{3};",
		"if constexpr (sizeof(int) == 4) a = 1; else a = 2; if (int v = a; v > 0) b = v; switch (a++; c) { case 1: [[fallthrough]]; default: ; }",
		"S s2(1, 2); auto [u, w] = s2; auto &[x1, y1] = s2; int q[2] = {a, b}; for (auto [m] : q) ; constexpr auto k = 3;",
		"\n#pragma unroll 4\nfor (int i = 0; i < n; i++) a += i;\n#pragma unroll\nwhile (a) a--;\n#pragma unroll (1)\ndo ; while (0);\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := "struct S { int a; __device__ S(int, int); __device__ int f(); };\n" +
			"template <typename T> __device__ T tmax(T a, T b) { return a; }\n" +
			"__device__ int g(int a, int b, int c, int n, int *p, float y) { float x; " + body + "\n}\n"
		parseAll("fuzz.cu", []byte(src))
	})
}

// TestSeveralErrors checks that the parse goes on after an error: each
// statement's error is reported.
func TestSeveralErrors(t *testing.T) {
	src := "__device__ void f(int *p)\n{\n\tint x = 1 +;\n\tif (x) { p[0] = ; }\n\tp[1] = 2;\n\tdelete p;\n\tp = new int[1][1];\n}\n"
	_, err := parseAll("t.cu", []byte(src))
	want := "t.cu:3:13: expected an expression, found ';'\nt.cu:4:18: expected an expression, found ';'\nt.cu:7:16: new of a multidimensional array (new T[n][m]) is not supported"
	if err == nil || err.Error() != want {
		t.Errorf("errors:\n%v\nwant:\n%s", err, want)
	}
}
