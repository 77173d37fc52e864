package cfront

import (
	"go/token"
	"strings"
	"testing"
)

// TestParseUnitBodies checks that ParseUnit records the body of every
// function definition: namespace scope, in and out of class, constructor
// initializers, and function template instances; and that the body's
// scope answers what names denote.
func TestParseUnitBodies(t *testing.T) {
	src := `
struct S {
	int x;
	__device__ S(int a) : x(a) {}
	__device__ int get() const { return x; }
	__device__ int twice() const;
};
__device__ int S::twice() const { return 2 * x; }
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
typedef float real;
enum { N = 4 };
__device__ int g;
__global__ void k(int *p) { p[0] = tmax<int>(1, 2) + N + g; real r = 1; }
`
	fset := token.NewFileSet()
	u, err := ParseUnit(nil, fset, "t.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range u.Bodies {
		if b.Builtin {
			continue
		}
		n := b.Func.QualifiedName()
		if b.Func.Template != nil {
			n += "<>"
		}
		if b.Inits != nil {
			n += ":init"
		}
		names = append(names, n)
	}
	got := strings.Join(names, " ")
	want := "S::S:init S::get S::twice k tmax<>" // an instance is recorded where a body names it
	if got != want {
		t.Errorf("bodies = %q, want %q", got, want)
	}
	var k *Body
	for _, b := range u.Bodies {
		if b.Func.Name == "k" {
			k = b
		}
	}
	if k == nil {
		t.Fatal("no body for k")
	}
	for _, c := range []struct {
		name string
		kind EntityKind
	}{{"real", EntType}, {"N", EntConst}, {"g", EntVar}, {"tmax", EntTemplate}, {"threadIdx", EntVar}, {"S", EntType}, {"printf", EntFunc}} {
		e := k.Lookup(nil, c.name)
		if e == nil || e.Kind != c.kind {
			t.Errorf("Lookup(%s) = %+v, want kind %d", c.name, e, c.kind)
			continue
		}
		if c.kind == EntVar && e.Var == nil {
			t.Errorf("Lookup(%s): no VarDecl", c.name)
		}
		if c.kind == EntFunc && len(e.Funcs) == 0 {
			t.Errorf("Lookup(%s): no functions", c.name)
		}
	}
	// "real r = 1;" starts a declaration; "p[0] = ..." does not.
	for i, tk := range k.Toks {
		if tk.Text == "real" && !k.StartsDecl(i) {
			t.Errorf("StartsDecl(real) = false")
		}
		if tk.Text == "p" && k.StartsDecl(i) {
			t.Errorf("StartsDecl(p) = true")
		}
	}
}
