package cc

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// boundsSource gives kernels __launch_bounds__ in each place nvcc takes
// it, with constant expressions and, in a kernel template, with the
// template's parameters.
const boundsSource = `
#define THREADS 256
constexpr int blocks = 2;
__global__ void __launch_bounds__(THREADS) ka(int *p) { p[0] = 1; }
__global__ __launch_bounds__(128, blocks) void kb(int *p) { p[0] = 2; }
__launch_bounds__(16 * 4) __global__ void kc(int *p) { p[0] = 3; }
template <int N, int B> __global__ void __launch_bounds__(N, B + 1) kt(int *p) { p[0] = N; }
template __global__ void kt<32, 3>(int *);
__global__ void kd(int *p) { p[0] = 4; }
`

// boundsLines returns each kernel's performance directives, in order,
// as "kernel directive".
func boundsLines(ptx string) []string {
	var out []string
	kernel := ""
	for _, line := range regexp.MustCompile(`(?m)^(\.visible \.entry (\w+)\(|\.(maxntid|minnctapersm|maxnreg|maxclusterrank)\b.*)$`).FindAllStringSubmatch(ptx, -1) {
		if line[2] != "" {
			kernel = line[2]
			continue
		}
		out = append(out, kernel+" "+regexp.MustCompile(`\s+`).ReplaceAllString(line[1], " "))
	}
	return out
}

// TestLaunchBounds checks the directives ptxabi cc writes for
// __launch_bounds__.
func TestLaunchBounds(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3}, "bounds.cu", []byte(boundsSource))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"_Z2kaPi .maxntid 256, 1, 1",
		"_Z2kbPi .maxntid 128, 1, 1", "_Z2kbPi .minnctapersm 2",
		"_Z2kcPi .maxntid 64, 1, 1",
		"_Z2ktILi32ELi3EEvPi .maxntid 32, 1, 1", "_Z2ktILi32ELi3EEvPi .minnctapersm 4",
	}
	if got := boundsLines(string(ptx)); !slices.Equal(got, want) {
		t.Errorf("directives:\n%q\nwant\n%q", got, want)
	}
}

// TestLaunchBoundsNVCC compares them with nvcc's.
func TestLaunchBoundsNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	ptx, err := Compile(&Config{Opt: 3}, "bounds.cu", []byte(boundsSource))
	if err != nil {
		t.Fatal(err)
	}
	theirs := boundsLines(oracle.CompilePTX(t, boundsSource, 64, "-arch=sm_52"))
	if got := boundsLines(string(ptx)); !slices.Equal(got, theirs) {
		t.Errorf("directives:\n%q\nnvcc's:\n%q", got, theirs)
	}
}

// boundedCallSource has a kernel whose launch bounds allow 32 registers
// a thread call a template's instance that needs more.
const boundedCallSource = `
template <int N> __device__ __noinline__ float heavy(const float *p)
{
	float a[64];
	for (int i = 0; i < 64; i++)
		a[i] = p[i * N] * p[i + 3];
	float s = 0;
	for (int i = 0; i < 64; i++)
		s += a[i] * a[63 - i] + a[(i * 7) % 64];
	return s;
}
__global__ void __launch_bounds__(256, 8) kh(const float *p, float *o) { o[threadIdx.x] = heavy<3>(p + threadIdx.x); }
`

// TestBoundedCallees: with -rdc, the .weak functions a kernel with launch
// bounds calls are internal, so that ptxas -c compiles them within the
// kernel's register bound (it rejects a .weak callee that uses more).
func TestBoundedCallees(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3, RDC: true}, "bounded.cu", []byte(boundedCallSource))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\.func \(\.param \.b32 func_retval0\) _Z5heavyILi3EEfPKf\(`).Match(ptx) {
		t.Fatalf("heavy<3> is not internal:\n%s", ptx)
	}
	oracle.Need(t, oracle.PTXAS)
	if err := oracle.Assemble(string(ptx), "sm_70", filepath.Join(t.TempDir(), "bounded.cubin"), "-c", "-m64"); err != nil {
		t.Errorf("ptxas -c: %v", err)
	}
}

// calledOnceSource has a kernel with launch bounds call, once, a
// .visible function too large to inline at each of many calls (64
// accumulators, unrolled), as llm.c's trimat_forward.cu does.
const calledOnceSource = `
__device__ void tile(float *p, const float *k, const float *q, int n, float alpha)
{
	float vals[8][8] = {};
	for (int h = 0; h < n; ++h) {
		float lhs[8], rhs[8];
		for (int u = 0; u < 8; ++u) {
			lhs[u] = q[u * n + h];
			rhs[u] = k[u * n + h];
		}
		for (int i = 0; i < 8; ++i)
			for (int j = 0; j < 8; ++j)
				vals[i][j] += lhs[i] * rhs[j];
	}
	for (int i = 0; i < 8; ++i)
		for (int j = 0; j < 8; ++j)
			p[i * n + j] = vals[i][j] * alpha;
}
__global__ void __launch_bounds__(256, 2) kt(float *p, const float *k, const float *q, int n)
{
	tile(p + threadIdx.x * 8, k, q, n, 0.5f);
}
`

// TestInlineCalledOnce: a function called once in the module is inlined
// whatever its size, as nvcc inlines it; with -rdc its .visible
// definition stays for other modules. ptxas -c compiles the kernel
// within its register bound (it rejected the call of the separately
// compiled function: 128 registers at most, 139 used).
func TestInlineCalledOnce(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3, RDC: true}, "once.cu", []byte(calledOnceSource))
	if err != nil {
		t.Fatal(err)
	}
	kernel := string(ptx[bytes.Index(ptx, []byte(".entry _Z2kt")):])
	if strings.Contains(kernel, "call") {
		t.Errorf("the kernel calls tile:\n%s", kernel)
	}
	if !bytes.Contains(ptx, []byte(".visible .func _Z4tilePfPKfS1_if(")) {
		t.Errorf("no .visible definition of tile:\n%s", ptx)
	}
	oracle.Need(t, oracle.PTXAS)
	if err := oracle.Assemble(string(ptx), "sm_70", filepath.Join(t.TempDir(), "once.cubin"), "-c", "-m64"); err != nil {
		t.Errorf("ptxas -c: %v", err)
	}
}
