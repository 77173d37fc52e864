package cc

import (
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
