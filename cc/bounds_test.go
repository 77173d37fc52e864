package cc

import (
	"path/filepath"
	"regexp"
	"slices"
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
