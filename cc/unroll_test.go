package cc

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// unrollSource has a loop under each form of #pragma unroll.
const unrollSource = `
__global__ void one(const float *a, float *o, int n)
{
	float s = 0;
#pragma unroll 1
	for (int i = 0; i < n; i++)
		s += a[i];
	o[0] = s;
}
__global__ void full(const float *a, float *o)
{
	float s = 0;
#pragma unroll
	for (int i = 0; i < 32; i++)
		s += a[i * 3];
	o[0] = s;
}
__global__ void eight(const float *a, float *o, int n)
{
	float s = 0;
#pragma unroll 8
	for (int i = 0; i < n; i++)
		s += a[i];
	o[0] = s;
}
__global__ void two(const float *a, float *o)
{
	float s = 0;
	int i = 0;
#pragma unroll 2
	while (i < 30) {
		s += a[i];
		i++;
	}
	o[0] = s;
}
`

// kernelStats returns, for each kernel of ptx, its global loads, its
// .pragma "nounroll" directives and whether a branch goes back (a loop).
func kernelStats(ptx string) map[string][3]int {
	out := map[string][3]int{}
	for _, k := range regexp.MustCompile(`(?s)\.entry (\w+)\((.*?)\n}`).FindAllStringSubmatch(ptx, -1) {
		body := k[2]
		labels := map[string]int{}
		loops := 0
		for i, line := range strings.Split(body, "\n") {
			line = strings.TrimSpace(line)
			if strings.HasSuffix(line, ":") {
				labels[strings.TrimSuffix(line, ":")] = i
			}
			if m := regexp.MustCompile(`bra(?:\.uni)?\s+(\S+);`).FindStringSubmatch(line); m != nil {
				if at, ok := labels[m[1]]; ok && at < i {
					loops = 1
				}
			}
		}
		out[k[1]] = [3]int{strings.Count(body, "ld.global"), strings.Count(body, `.pragma "nounroll";`), loops}
	}
	return out
}

// TestPragmaUnroll checks what each form does: 1 keeps the loop, with
// .pragma "nounroll" for ptxas; no count unrolls a constant trip count
// fully (32 trips, beyond the 16 of loops without a pragma); 8 unrolls a
// loop of a trip count known at run time by eight (and the rest loop,
// "nounroll"); 2 a loop of 30 trips by two, not fully.
func TestPragmaUnroll(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3}, "unroll.cu", []byte(unrollSource))
	if err != nil {
		t.Fatal(err)
	}
	got := kernelStats(string(ptx))
	want := map[string][3]int{
		"_Z3onePKfPfi":   {1, 1, 1},
		"_Z4fullPKfPf":   {32, 0, 0},
		"_Z5eightPKfPfi": {9, 1, 1},
		"_Z3twoPKfPf":    {3, 1, 1},
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: global loads, nounroll, loop = %v, want %v", k, got[k], w)
		}
	}
	if t.Failed() {
		t.Logf("PTX:\n%s", ptx)
	}
}

// TestPragmaUnrollNVCC compares with nvcc's PTX, kernel by kernel: a loop
// is left where nvcc leaves one, and "nounroll" marks the #pragma unroll
// 1 loop in both.
func TestPragmaUnrollNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	ptx, err := Compile(&Config{Opt: 3}, "unroll.cu", []byte(unrollSource))
	if err != nil {
		t.Fatal(err)
	}
	ours := kernelStats(string(ptx))
	theirs := kernelStats(oracle.CompilePTX(t, unrollSource, 64, "-arch=sm_52"))
	if len(theirs) != 4 {
		t.Fatalf("nvcc's kernels: %v", theirs)
	}
	for k, th := range theirs {
		o := ours[k]
		if o[2] != th[2] {
			t.Errorf("%s: loop left %d, nvcc's %d", k, o[2], th[2])
		}
		if k == "_Z3onePKfPfi" && (o[1] == 0 || th[1] == 0) {
			t.Errorf("%s: nounroll %d, nvcc's %d", k, o[1], th[1])
		}
		if k == "_Z4fullPKfPf" && o[0] != th[0] {
			t.Errorf("%s: global loads %d, nvcc's %d", k, o[0], th[0])
		}
	}
}
