package cc

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ptx/emu"
)

// mathSource applies the math functions of the built-in headers to each
// input, for TestMathAccuracy.
const mathSource = `#include <math.h>
extern "C" __global__ void k(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float x = in[i];
		out[3 * i] = expf(x);
		out[3 * i + 1] = logf(x);
		out[3 * i + 2] = tanh(x); // the C++ overload
	}
}
`

// mathFunc is a function of mathSource: its name, its output's place, Go's
// function in double precision, and the error CUDA's programming guide
// allows its own, in units in the last place.
type mathFunc struct {
	name  string
	f     func(float64) float64
	bound float64
}

var mathFuncs = []mathFunc{
	{"expf", math.Exp, 2},
	{"logf", math.Log, 1},
	{"tanhf", math.Tanh, 2},
}

// mathInputs are the inputs: the special values, every 2^-10 step of
// [-110, 110], and random bit patterns of finite floats.
func mathInputs() []float32 {
	in := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.MaxFloat32, math.SmallestNonzeroFloat32, 1.17549435e-38, 88.72283, 88.72284,
		-103.97208, -87.33655, 0.55, -0.55, 9.0, 9.1, 1.4142135, 0.70710677}
	for x := -110.0; x <= 110; x += 1.0 / 1024 {
		in = append(in, float32(x))
	}
	r := rand.New(rand.NewPCG(7, 8))
	for len(in) < 1<<18 {
		if x := math.Float32frombits(r.Uint32()); !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) {
			in = append(in, x)
		}
	}
	return in
}

// ulpError is how far got is from the exact want, in units in the last
// place of float32 at want; +Inf where got is NaN, infinite or zero and
// want not the same.
func ulpError(got float32, want float64) float64 {
	w32 := float32(want)
	switch {
	case math.IsNaN(want):
		if math.IsNaN(float64(got)) {
			return 0
		}
		return math.Inf(1)
	case math.IsInf(float64(w32), 0) || math.IsInf(float64(got), 0):
		if got == w32 {
			return 0
		}
		if math.IsInf(float64(got), 0) && !math.IsInf(want, 0) {
			// The exact result is past the largest float by less than
			// an ulp of it: measure against 2^128.
			return math.Abs(math.Ldexp(1, 128)-want) / math.Ldexp(1, 104)
		}
		return math.Inf(1)
	}
	exp := math.Ilogb(want)
	if want == 0 || exp < -126 {
		exp = -126
	}
	return math.Abs(float64(got)-want) / math.Ldexp(1, exp-23)
}

// runMath runs mathSource's PTX on in and returns its outputs.
func runMath(t *testing.T, ptx []byte, in []float32) []float32 {
	t.Helper()
	m, err := loadPTX("math.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	inAddr, err := m.Alloc(4 * len(in))
	if err != nil {
		t.Fatal(err)
	}
	outAddr, err := m.Alloc(12 * len(in))
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 4*len(in))
	for i, x := range in {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	if err := m.Write(inAddr, b); err != nil {
		t.Fatal(err)
	}
	u64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	n := binary.LittleEndian.AppendUint32(nil, uint32(len(in)))
	block := 256
	if _, err := m.Launch(emu.Launch{Kernel: "k", Grid: [3]int{(len(in) + block - 1) / block, 1, 1}, Block: [3]int{block, 1, 1},
		Args: [][]byte{u64(inAddr), u64(outAddr), n}}); err != nil {
		t.Fatal(err)
	}
	ob, err := m.Read(outAddr, 12*len(in))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, 3*len(in))
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(ob[4*i:]))
	}
	return out
}

// TestMathAccuracy measures expf, logf and tanhf as ptxabi cc compiles
// them from the built-in headers, run by the executor, against Go's math
// in double precision: each must be within CUDA's bound for its own. With
// nvcc, the same figures for nvcc's (libdevice's) are logged beside them.
func TestMathAccuracy(t *testing.T) {
	in := mathInputs()
	ptx, err := Compile(&Config{Opt: 3}, "math.cu", []byte(mathSource))
	if err != nil {
		t.Fatal(err)
	}
	ours := runMath(t, ptx, in)
	var theirs []float32
	if oracle.Have(oracle.NVCC) {
		dir := t.TempDir()
		src := filepath.Join(dir, "math.cu")
		if err := os.WriteFile(src, []byte(mathSource), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.NVCC, "-ptx", "-arch=sm_70", "-o", "math.ptx", src); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "math.ptx"))
		if err != nil {
			t.Fatal(err)
		}
		theirs = runMath(t, b, in)
	}
	for k, f := range mathFuncs {
		worst, worstX, nvccWorst, same := 0.0, float32(0), 0.0, 0
		for i, x := range in {
			want := f.f(float64(x))
			if e := ulpError(ours[3*i+k], want); e > worst {
				worst, worstX = e, x
			}
			if theirs != nil {
				nvccWorst = max(nvccWorst, ulpError(theirs[3*i+k], want))
				if math.Float32bits(ours[3*i+k]) == math.Float32bits(theirs[3*i+k]) || ours[3*i+k] != ours[3*i+k] && theirs[3*i+k] != theirs[3*i+k] {
					same++
				}
			}
		}
		if worst > f.bound {
			x := worstX
			i := 0
			for in[i] != x && !(x != x && in[i] != in[i]) {
				i++
			}
			t.Errorf("%s(%g) = %g (%#x): %.2f ulp from %g; CUDA's bound is %g", f.name, x, ours[3*i+k], math.Float32bits(ours[3*i+k]), worst, f.f(float64(x)), f.bound)
		}
		if theirs != nil {
			t.Logf("%s: at most %.2f ulp over %d inputs (nvcc's %.2f); the same bits as nvcc's for %d", f.name, worst, len(in), nvccWorst, same)
		} else {
			t.Logf("%s: at most %.2f ulp over %d inputs", f.name, worst, len(in))
		}
	}
}
