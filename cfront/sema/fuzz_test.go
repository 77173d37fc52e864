package sema

import (
	"go/token"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
)

// FuzzCheck feeds arbitrary function bodies through the parser and the
// checker: they return a typed tree or errors, never panic.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"return a + b * c;", "for (int i = 0; i < n; i++) p[i] = i;", "y = (float)a / 3;",
		"switch (a) { case 1: break; default: ; }", "S s(1, 2); return s.f() + s.a;",
		"int arr[3] = {1, 2, 3}; arr[0] += arr[1] ? arr[2] : 4;", "return tmax(a, b) + tmax<int>(c, 1);",
		"float4 v = make_float4(1, 2, 3, 4); v.x += sqrtf(v.y);", "atomicAdd(p, 1); __syncthreads();",
		"unsigned u = -1; long long l = u << 3; return l > 0;", "S t = {1}; t = t + t;",
		"int q[4] = {a, b}; for (int &x : q) x += n; auto f = [&, c](int x) { return x * c + n; }; return f(q[1]);",
		"auto k = [m = a * 2, &r = n](int x) mutable { r += x; return m; }; decltype(k(1)) z = k(c); return z;",
		"return -0.0f * y > 0.0f ? offsetof(S, a) : a;",
		"int *q = new int[n](); S *s = new S(a, b); delete s; delete[] q; int *r = new (p) int{c}; ::delete new float(y);",
		"if constexpr (sizeof(long) == 8) { a = 1; } else a = 2; if (int v = a; v > b) return v; switch (c++; int w = n) { case 1: [[fallthrough]]; default: return w; }",
		"S s2(1, 2); auto [u] = s2; int q[2] = {a, b}; auto [m, o] = q; auto &[r0, r1] = q; float2 f2 = make_float2(y, y); auto [fx, fy] = f2; constexpr auto k = 3; int arr[k]; return u + m + r1 + k + (int)fx;",
		"auto d = a * 0.5; decltype(d) *pd = &d, e = 1; typedef decltype((a)) R; R r = b; return sizeof(decltype(*pd)) + (decltype(d + 1))r + tmax<decltype(a + 1ll)>(c, n);",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := "struct S { int a; __device__ S(int, int); __device__ S(int); __device__ int f(); __device__ S operator+(const S &) const; };\n" +
			"template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }\n" +
			"__device__ int g(int a, int b, int c, int n, int *p, float y) {\n" + body + "\n}\n"
		fset := token.NewFileSet()
		u, err := cfront.ParseUnit(nil, fset, "fuzz.cu", []byte(src))
		if err != nil {
			return
		}
		Check(nil, u)
	})
}
