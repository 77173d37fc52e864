package cc

import (
	"strings"
	"testing"
)

// TestErrors: input cc cannot compile is an error naming the construct
// at its position, never dropped; chapter 7's unsupported C++ cites it.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"exceptions", "__global__ void k(int *p) { try { *p = 1; } catch (...) {} }\n", "x.cu:1:29: exceptions ('try') are not supported in device code (guide chapter 7)"},
		{"throw", "__global__ void k(int *p) { throw 1; }\n", "x.cu:1:29: exceptions ('throw') are not supported in device code (guide chapter 7)"},
		{"virtual", "struct B { virtual __device__ int f() { return 1; } };\n__global__ void k(int *p) { B b; *p = b.f(); }\n", "guide chapter 7"},
		{"global ctor", "struct C { int v; __device__ C() : v(3) {} };\n__device__ C g;\n__global__ void k(int *p) { *p = g.v; }\n",
			"x.cu:2:14: device variable g of class C needs a constructor at load time: global constructors and destructors are not supported in device code (guide chapter 7)"},
		{"dtor goto", "struct G { int *p; __device__ G(int *q) : p(q) {} __device__ ~G() { *p = 1; } };\n__global__ void k(int *p) { G g(p); goto out; out: *p = 2; }\n", "x.cu:2:37: goto in the scope of 'g', an object with a destructor, is not supported by ptxabi cc"},
		{"dtor array", "struct G { int *p; __device__ G(int *q) : p(q) {} __device__ ~G() { *p = 1; } };\n__global__ void k(int *p) { G gs[2] = {G(p), G(p)}; }\n", "objects of 'G', which has a user-provided destructor, are not supported in device code"},
		{"dtor temporary", "struct G { int *p; __device__ G(int *q) : p(q) {} __device__ ~G() { *p = 1; } };\n__device__ int use(const G &g) { return 1; }\n__global__ void k(int *p) { *p = use(G(p)); }\n", "x.cu:3:39: objects of 'G', which has a user-provided destructor, are not supported in device code"},
		{"dtor returned", "struct G { int *p; __device__ G(int *q) : p(q) {} __device__ ~G() { *p = 1; } };\n__device__ G mk(int *p) { G g(p); return g; }\n__global__ void k(int *p) { mk(p); }\n", "objects of 'G'"},
		{"dtor virtual", "struct V { int *p; __device__ V(int *q) : p(q) {} __device__ virtual ~V() { *p = 1; } };\n__global__ void k(int *p) { V v(p); }\n", "x.cu:2:31: objects of 'V', which has a user-provided destructor, are not supported in device code"},
		{"dtor static", "struct G { int *p; __device__ G(int *q) : p(q) {} __device__ ~G() { *p = 1; } };\n__global__ void k(int *p) { static G g(p); }\n", "x.cu:2:38: objects of 'G'"},
		{"empty case range", "__global__ void k(int *p) { switch (*p) { case 5 ... 1: *p = 0; } }\n", "x.cu:1:54: empty case range: 5 ... 1"},
		{"overlapping case range", "__global__ void k(int *p) { switch (*p) { case 1 ... 5: break; case 3: *p = 0; } }\n", "x.cu:1:69: duplicate case value '3' (previous case at x.cu:1:48)"},
		{"global dtor", "struct D { int v; __device__ ~D() {} };\n__device__ D g;\n__global__ void k(int *p) { *p = g.v; }\n", "destructor at load time"},
		{"library function", "#include <math.h>\n__global__ void k(float *p) { *p = lgammaf(*p); }\n", "x.cu:2:36: library function lgammaf is not supported by ptxabi cc"},
		{"pow of doubles", "#include <math.h>\n__global__ void k(double *p) { *p = pow(*p, 2.5); }\n", "x.cu:2:37: library function pow is not supported by ptxabi cc"},
		{"external function", "__device__ int ext(int);\n__global__ void k(int *p) { *p = ext(*p); }\n", "x.cu:2:34: external function ext is called but not defined: it needs separate compilation (-rdc=true)"},
		{"undeclared", "__global__ void k(int *p) { *p = nope; }\n", "x.cu:1:34: use of undeclared identifier 'nope'"},
		{"decltype lambda parameter", "__global__ void k(int *p) { int x = *p; auto f = [](decltype(x + 1) a) { return a; }; *p = f(x); }\n", "x.cu:1:53: decltype(x + 1) in the type of a lambda's parameter is not supported"},
		{"asm output size", "__global__ void k(double *p) { double a; int b; asm(\"mov.b32 %0, 1; mov.b32 %1, 2;\" : \"=r\"(a), \"=r\"(b)); *p = a + b; }\n", "x.cu:1:92: asm operand of 8 bytes does not match the 4 bytes of constraint \"=r\""},
		{"printf format", "#include <cstdio>\n__global__ void k(const char *f) { printf(f); }\n", "printf's format must be a string literal"},
		{"texture reference parameter", "texture<float, 1> tf;\n__device__ __noinline__ float f(texture<float, 1> t, int i) { return tex1Dfetch(t, i); }\n__global__ void k(float *o, int i) { o[0] = f(tf, i); }\n",
			"x.cu:2:81: tex1Dfetch: ptxabi cc takes a texture or surface reference only by its name at namespace scope"},
		{"surface boundary mode", "__global__ void k(cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode m) { surf1Dwrite(1.0f, s, x, m); }\n",
			"x.cu:1:102: surf1Dwrite: the boundary mode must be a constant"},
		{"surface of 3", "__global__ void k(cudaSurfaceObject_t s, int x) { surf1Dwrite(make_float3(1, 2, 3), s, x); }\n",
			"x.cu:1:51: surf1Dwrite of float3: surfaces hold 1, 2 or 4 integers or floats of 8 to 64 bits"},
		{"extern texture reference", "extern texture<float, 1> tf;\n__global__ void k(float *o, int i) { o[0] = tex1Dfetch(tf, i); }\n",
			"x.cu:1:26: extern texture or surface reference tf"},
		// A constructor declared and not defined is called, not taken for
		// a copy (it was: the int read as the object's bytes).
		{"undefined constructor", "template <class T> struct W { T v, w; __device__ W(T x); };\n__global__ void k(int *p) { W<int> a(p[0]); p[1] = a.v; }\n",
			"x.cu:2:37: external function W::W is called but not defined: it needs separate compilation (-rdc=true)"},
		{"undefined copy constructor", "struct S { int a; __device__ S(int x) : a(x) {} __device__ S(const S &o); };\n__device__ __noinline__ int take(S s) { return s.a; }\n__global__ void k(int *p) { S s(p[0]); p[1] = take(s); }\n",
			"x.cu:3:47: external function S::S is called but not defined"},
		{"default member initializer naming a member in aggregate initialization", "struct B { int k = 3; int n = k * 2; };\n__global__ void kern(int *p) { B b{p[0]}; p[1] = b.n; }\n",
			"x.cu:1:31: the default member initializer of 'n' names member 'k': ptxabi cc runs such an initializer in a constructor only, not in the aggregate initialization at x.cu:2:35"},
		// nvcc: "dynamic initialization is not supported for a __device__ variable".
		{"device variable with default member initializers", "struct B { int k = 3; };\n__device__ B g;\n__global__ void k(int *p) { p[0] = g.k; }\n",
			"x.cu:2:14: dynamic initialization is not supported for a __device__ variable (g, of class B, whose default constructor initializes members)"},
		// nvcc: "excessive recursion at instantiation of function".
		{"template recursion without end", "template <int N> __device__ int down() { return down<N - 1>() + 1; }\n__global__ void k(int *p) { p[0] = down<3>(); }\n",
			"excessive recursion at the instantiation of 'down': more than 256 instances"},
		{"delegating constructor to itself", "struct S { int v; __device__ S(int x) : S(x) {} };\n__global__ void k(int *p) { S s(p[0]); p[1] = s.v; }\n",
			"x.cu:1:41: constructor for 'S' delegates to itself"},
		{"delegating constructor with more initializers", "struct S { int v; __device__ S(int x) : S(x, 1), v(2) {} __device__ S(int x, int y) : v(x + y) {} };\n__global__ void k(int *p) { S s(p[0]); p[1] = s.v; }\n",
			"x.cu:1:50: a delegating constructor cannot have other member initializers"},
		{"unroll count", "__global__ void k(int *p, int n) {\n#pragma unroll n\nfor (int i = 0; i < 4; i++) p[i] = i; }\n", "x.cu:2:16: the count of #pragma unroll must be an integral constant expression"},
		// nvcc does not expand macros in the count ("identifier is undefined").
		{"unroll macro", "#define N 4\n__global__ void k(int *p) {\n#pragma unroll N\nfor (int i = 0; i < 4; i++) p[i] = i; }\n", "x.cu:3:16: use of undeclared identifier 'N'"},
		{"unroll junk", "__global__ void k(int *p) {\n#pragma unroll 4 5\nfor (int i = 0; i < 4; i++) p[i] = i; }\n", "x.cu:2:18: expected the end of #pragma unroll after its count, found 5"},
		{"shared init", "__global__ void k(int *p) { __shared__ int s = 3; *p = s; }\n", "x.cu:1:44: initializer not allowed for __shared__ variable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Compile(&Config{Opt: 3}, "x.cu", []byte(tc.src))
			if err == nil {
				t.Fatalf("no error; PTX:\n%s", out)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}

// TestRDCExternal: with -rdc an undefined function is an .extern call.
func TestRDCExternal(t *testing.T) {
	out, err := Compile(&Config{Opt: 3, RDC: true}, "x.cu", []byte("__device__ int ext(int);\n__device__ int mine(int v) { return ext(v) + 1; }\n__global__ void k(int *p) { *p = mine(*p); }\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".extern .func (.param .b32 func_retval0) _Z3exti(", ".visible .func (.param .b32 func_retval0) _Z4minei("} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}
