package cc

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/internal/oracle"
)

// TestDialects: __cplusplus and a feature-test macro in device code have
// nvcc's values for each -std, the default being C++17 as nvcc 11.8's.
func TestDialects(t *testing.T) {
	const src = `__global__ void k(long long *p)
{
	p[0] = __cplusplus;
#ifdef __cpp_if_constexpr
	p[1] = __cpp_if_constexpr;
#endif
#ifdef __cpp_constexpr
	p[2] = __cpp_constexpr;
#endif
}
`
	values := regexp.MustCompile(`\b((?:19|20)\d{4})\b`)
	consts := func(ptx string) string {
		var v []string
		for _, m := range values.FindAllStringSubmatch(ptx, -1) {
			v = append(v, m[1])
		}
		return strings.Join(v, " ")
	}
	for _, std := range []cfront.Dialect{0, cfront.Cxx03, cfront.Cxx11, cfront.Cxx14, cfront.Cxx17} {
		name := std.String()
		if std == 0 {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			out, err := Compile(&Config{Opt: 3, Std: std}, "x.cu", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			var flags []string
			if std != 0 {
				flags = append(flags, "-std="+std.String())
			}
			want := consts(oracle.CompilePTX(t, src, 64, append(flags, "-arch=sm_52")...))
			if got := consts(string(out)); got != want || got == "" {
				t.Errorf("constants stored %q, nvcc's %q", got, want)
			}
		})
	}
}

// TestDialectErrors: what nvcc rejects in a dialect, ptxabi cc rejects
// with nvcc's reason; C++17 constructs nvcc takes before C++17 (with a
// warning) compile.
func TestDialectErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		std  cfront.Dialect
		src  string
		want string // "" when it compiles
	}{
		{"constexpr lambda c++14", cfront.Cxx14, "__global__ void k(int *p) { auto f = [](int x) constexpr { return x * 2; }; *p = f(3); }\n",
			"x.cu:1:48: constexpr lambdas are not enabled in this mode (-std=c++14)"},
		{"constexpr lambda c++17", cfront.Cxx17, "__global__ void k(int *p) { auto f = [](int x) constexpr { return x * 2; }; *p = f(3); }\n", ""},
		{"if constexpr c++14", cfront.Cxx14, "template <int N> __device__ int f() { if constexpr (N > 1) return N; else return 0; }\n__global__ void k(int *p) { *p = f<2>(); }\n", ""},
		{"if constexpr c++11", cfront.Cxx11, "__global__ void k(int *p) { if constexpr (sizeof(int) == 4) *p = 1; }\n", ""},
		{"if init c++14", cfront.Cxx14, "__global__ void k(int *p) { if (int v = *p; v > 0) *p = v; }\n", ""},
		{"if constexpr not constant", 0, "__global__ void k(int *p) { if constexpr (*p > 0) *p = 1; }\n", "x.cu:1:43: "},
		{"inline variable whole program", 0, "inline __device__ int v = 3;\n__global__ void k(int *p) { *p = v; }\n",
			"x.cu:1:23: an inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)"},
		{"structured binding c++14", cfront.Cxx14, "struct P { int a, b; };\n__global__ void k(int *p) { auto [x, y] = P{1, 2}; *p = x + y; }\n",
			"x.cu:2:34: structured bindings are C++17 (-std=c++14): expected an identifier"},
		{"structured binding c++17", 0, "struct P { int a, b; };\n__global__ void k(int *p) { auto [x, y] = P{1, 2}; *p = x + y; }\n", ""},
		{"static inline variable", 0, "static inline __device__ int v = 3;\n__global__ void k(int *p) { *p = v; }\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Compile(&Config{Opt: 3, Std: tc.std}, "x.cu", []byte(tc.src))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case tc.want != "" && err == nil:
				t.Fatalf("no error, want %q; PTX:\n%s", tc.want, out)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}

// TestInlineVariables: inline variables with external linkage are .weak
// with -rdc, as nvcc emits them; those of namespaces are .visible as at
// file scope; static, const and an unnamed namespace's are not visible.
func TestInlineVariables(t *testing.T) {
	const src = `inline __device__ int jv = 4;
__device__ inline constexpr int kv = 5;
inline __constant__ int cv = 6;
static inline __device__ int sv = 7;
__device__ int dv = 8;
namespace ns {
__device__ int nv = 9;
inline __device__ int niv = 10;
}
namespace a::b {
__constant__ int abv = 11;
}
namespace {
__device__ int anon = 12;
}
__device__ const int kc = 13;
__device__ const int karr[2] = {14, 15};
__global__ void k(int *q) { q[0] = jv + kv + cv + sv + dv + ns::nv + ns::niv + a::b::abv + anon + karr[q[1]]; jv++; }
`
	out, err := Compile(&Config{Opt: 3, RDC: true}, "x.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	nv := oracle.CompilePTX(t, src, 64, "-arch=sm_52", "-rdc=true")
	linkage := func(ptx, name string) string {
		m := regexp.MustCompile(`(?m)^(\.visible |\.weak )?\.(global|const) .*\b` + name + `\b`).FindStringSubmatch(ptx)
		if m == nil {
			return "missing"
		}
		return m[1] + "." + m[2]
	}
	for _, name := range []string{"jv", "kv", "cv", "dv", "_ZN2ns2nvE", "_ZN2ns3nivE", "_ZN1a1b3abvE"} {
		if got, want := linkage(string(out), name), linkage(nv, name); got != want {
			t.Errorf("%s: %q, nvcc %q", name, got, want)
		}
	}
	// Internal linkage: static, an unnamed namespace's, const (nvcc
	// names them apart, __nv_static_...).
	for _, name := range []string{"sv", "_ZN12_GLOBAL__N_14anonE", "karr"} {
		if got := linkage(string(out), name); got != ".global" {
			t.Errorf("%s: %q, want .global (internal)", name, got)
		}
	}
}

// TestTemplateAutoSymbols: the instances of template <auto N> (C++17)
// are named as nvcc names them: the argument's type is the literal's
// (int, char, unsigned, long, bool, unsigned long long).
func TestTemplateAutoSymbols(t *testing.T) {
	const src = `template <auto N> __device__ __noinline__ int tn(int x) { return N * x; }
template <auto N> struct W { __device__ __noinline__ int get(int x) const { return (int)N + x; } };
template <typename T, auto M> __device__ __noinline__ T scaled(T x) { return x * M; }
__device__ int use(int i) { return tn<5>(i) + tn<'a'>(i) + tn<7u>(i) + tn<3l>(i) + tn<true>(i) + tn<-4>(i) + W<9ull>{}.get(i) + scaled<int, 3>(i) + tn<0x7fffffff>(i); }
__global__ void k(int *q) { q[0] = use(q[1]); }
`
	out, err := Compile(&Config{Opt: 3, RDC: true}, "x.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got, want := mangledSymbols(string(out)), mangledSymbols(oracle.CompilePTX(t, src, 64, "-arch=sm_52", "-rdc=true"))
	if got != want || !strings.Contains(got, "_Z2tnILc97EEii") {
		t.Errorf("symbols\n %s\nnvcc's\n %s", got, want)
	}
	if _, err := Compile(&Config{Opt: 3, Std: cfront.Cxx14}, "x.cu", []byte(src)); err == nil || !strings.Contains(err.Error(), `"auto" is not allowed here`) {
		t.Errorf("-std=c++14: error %v, want nvcc's \"auto\" is not allowed here", err)
	}
}

// TestVariadicSymbols: instances of variadic function templates called
// from bodies (packs deduced from the call, expanded in the body) are
// named as nvcc names them.
func TestVariadicSymbols(t *testing.T) {
	const src = `template <class... T> __device__ __noinline__ int sum(T... t) { return (t + ... + 0); }
__device__ __noinline__ int count() { return 0; }
template <class H, class... R> __device__ __noinline__ int count(H h, R... r) { return (h > 0) + count(r...); }
template <class... T> __device__ __noinline__ int fwd(const T &...t) { return sum(t...) + (int)sizeof...(T); }
__global__ void k(int *q, float f) { q[0] = sum(q[1], f, 'c') + count(q[2], f, 2u) + fwd(q[3], f); }
`
	out, err := Compile(&Config{Opt: 3, RDC: true}, "x.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got, want := mangledSymbols(string(out)), mangledSymbols(oracle.CompilePTX(t, src, 64, "-arch=sm_52", "-rdc=true"))
	if got != want || !strings.Contains(got, "_Z3sumIJifcEEiDpT_") {
		t.Errorf("symbols\n %s\nnvcc's\n %s", got, want)
	}
}

// mangledSymbols lists the mangled names a PTX module mentions (parameter
// names aside), sorted, once each.
func mangledSymbols(ptx string) string {
	seen := map[string]bool{}
	var s []string
	for _, m := range regexp.MustCompile(`_Z[A-Za-z0-9_]*`).FindAllString(ptx, -1) {
		if !seen[m] && !strings.Contains(m, "_param_") {
			seen[m] = true
			s = append(s, m)
		}
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}
