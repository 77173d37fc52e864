package cc

import (
	"encoding/binary"
	"math"
	"math/big"
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
		out[8 * i] = expf(x);
		out[8 * i + 1] = logf(x);
		out[8 * i + 2] = tanh(x); // the C++ overload
		out[8 * i + 3] = coshf(x);
		out[8 * i + 4] = sinf(x);
		out[8 * i + 5] = cos(x); // the C++ overload
		sincosf(x, &out[8 * i + 6], &out[8 * i + 7]);
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

// mathOuts is the number of outputs of mathSource for each input: one
// for each of mathFuncs, then sincosf's two.
const mathOuts = 8

var mathFuncs = []mathFunc{
	{"expf", math.Exp, 2},
	{"logf", math.Log, 1},
	{"tanhf", math.Tanh, 2},
	{"coshf", math.Cosh, 2},
	{"sinf", math.Sin, 2},
	{"cosf", math.Cos, 2},
}

// mathInputs are the inputs: the special values, every 2^-10 step of
// [-110, 110], the floats nearest multiples of pi/2 up to 105,700, and
// 2^17 random bit patterns of finite floats (half of them above 2^0,
// where sinf and cosf reduce by Payne and Hanek's method above 105,615).
func mathInputs() []float32 {
	in := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.MaxFloat32, math.SmallestNonzeroFloat32, 1.17549435e-38, 88.72283, 88.72284,
		-103.97208, -87.33655, 0.55, -0.55, 9.0, 9.1, 1.4142135, 0.70710677}
	for x := -110.0; x <= 110; x += 1.0 / 1024 {
		in = append(in, float32(x))
	}
	// The floats nearest the multiples of pi/2 where sinf and cosf
	// reduce by Cody and Waite's method, and their neighbours.
	for q := 1; q < 67300; q += 7 {
		b := math.Float32bits(float32(float64(q) * math.Pi / 2))
		for d := uint32(0); d < 3; d++ {
			in = append(in, math.Float32frombits(b+d-1), -math.Float32frombits(b+d-1))
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for n := len(in) + 1<<17; len(in) < n; {
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

// emuAlloc allocates n bytes of the executor's global memory.
func emuAlloc(t *testing.T, m *emu.Machine, n int) uint64 {
	t.Helper()
	a, err := m.Alloc(n)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// emuLaunch runs kernel k of m on n threads, in blocks of 256, with the
// addresses ptrs and then n as its parameters.
func emuLaunch(t *testing.T, m *emu.Machine, n int, ptrs ...uint64) {
	t.Helper()
	var args [][]byte
	for _, p := range ptrs {
		args = append(args, binary.LittleEndian.AppendUint64(nil, p))
	}
	args = append(args, binary.LittleEndian.AppendUint32(nil, uint32(n)))
	if _, err := m.Launch(emu.Launch{Kernel: "k", Grid: [3]int{(n + 255) / 256, 1, 1}, Block: [3]int{256, 1, 1}, Args: args}); err != nil {
		t.Fatal(err)
	}
}

// emuFloats puts v in the executor's global memory and returns its
// address.
func emuFloats(t *testing.T, m *emu.Machine, v []float32) uint64 {
	t.Helper()
	a := emuAlloc(t, m, 4*len(v))
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	if err := m.Write(a, b); err != nil {
		t.Fatal(err)
	}
	return a
}

// nvccSourcePTX is nvcc's PTX for arch (sm_70 where it is "") of the CUDA
// source src.
func nvccSourcePTX(t *testing.T, src, arch string) []byte {
	t.Helper()
	dir := t.TempDir()
	cu := filepath.Join(dir, "x.cu")
	if err := os.WriteFile(cu, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if arch == "" {
		arch = "sm_70"
	}
	if _, err := oracle.Run(dir, oracle.NVCC, "-ptx", "-arch="+arch, "-o", "x.ptx", cu); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "x.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runMath runs the PTX of mathSource, or of another kernel k of the same
// parameters with outs outputs for each input, on in and returns its
// outputs.
func runMath(t *testing.T, ptx []byte, in []float32, outs int) []float32 {
	t.Helper()
	m, err := loadPTX("math.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	inAddr, outAddr := emuFloats(t, m, in), emuAlloc(t, m, 4*outs*len(in))
	emuLaunch(t, m, len(in), inAddr, outAddr)
	ob, err := m.Read(outAddr, 4*outs*len(in))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, outs*len(in))
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(ob[4*i:]))
	}
	return out
}

// TestMathAccuracy measures expf, logf, tanhf, coshf, sinf and cosf as
// ptxabi cc compiles them from the built-in headers, run by the executor,
// against Go's math in double precision: each must be within CUDA's bound
// for its own. With nvcc, the same figures for nvcc's (libdevice's) are
// logged beside them.
func TestMathAccuracy(t *testing.T) {
	in := mathInputs()
	ptx, err := Compile(&Config{Opt: 3}, "math.cu", []byte(mathSource))
	if err != nil {
		t.Fatal(err)
	}
	ours := runMath(t, ptx, in, mathOuts)
	var theirs []float32
	if oracle.Have(oracle.NVCC) {
		theirs = runMath(t, nvccSourcePTX(t, mathSource, ""), in, mathOuts)
	}
	for i, x := range in {
		s, c := ours[mathOuts*i+4], ours[mathOuts*i+5]
		if gs, gc := ours[mathOuts*i+6], ours[mathOuts*i+7]; math.Float32bits(gs) != math.Float32bits(s) || math.Float32bits(gc) != math.Float32bits(c) {
			t.Errorf("sincosf(%g) = %g, %g; sinf and cosf give %g, %g", x, gs, gc, s, c)
			break
		}
	}
	for k, f := range mathFuncs {
		worst, worstX, nvccWorst, same := 0.0, float32(0), 0.0, 0
		for i, x := range in {
			want := f.f(float64(x))
			if e := ulpError(ours[mathOuts*i+k], want); e > worst {
				worst, worstX = e, x
			}
			if theirs != nil {
				nvccWorst = max(nvccWorst, ulpError(theirs[mathOuts*i+k], want))
				if math.Float32bits(ours[mathOuts*i+k]) == math.Float32bits(theirs[mathOuts*i+k]) || ours[mathOuts*i+k] != ours[mathOuts*i+k] && theirs[mathOuts*i+k] != theirs[mathOuts*i+k] {
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
			t.Errorf("%s(%g) = %g (%#x): %.2f ulp from %g; CUDA's bound is %g", f.name, x, ours[mathOuts*i+k], math.Float32bits(ours[mathOuts*i+k]), worst, f.f(float64(x)), f.bound)
		}
		if theirs != nil {
			t.Logf("%s: at most %.2f ulp over %d inputs (nvcc's %.2f); the same bits as nvcc's for %d", f.name, worst, len(in), nvccWorst, same)
		} else {
			t.Logf("%s: at most %.2f ulp over %d inputs", f.name, worst, len(in))
		}
	}
}

// frexpSource splits each input with frexpf and, widened, with frexp.
const frexpSource = `#include <math.h>
extern "C" __global__ void k(const float *in, float *m, double *md, int *e, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		m[i] = frexpf(in[i], &e[2 * i]);
		md[i] = frexp((double)in[i] * 1e-300, &e[2 * i + 1]);
	}
}
`

// TestFrexp checks frexpf and frexp, from the built-in headers, against
// Go's math.Frexp, over mathInputs (subnormal doubles among them).
func TestFrexp(t *testing.T) {
	in := mathInputs()
	ptx, err := Compile(&Config{Opt: 3}, "frexp.cu", []byte(frexpSource))
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadPTX("frexp.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	alloc := func(n int) uint64 { return emuAlloc(t, m, n) }
	inAddr, mAddr, mdAddr, eAddr := emuFloats(t, m, in), alloc(4*len(in)), alloc(8*len(in)), alloc(8*len(in))
	emuLaunch(t, m, len(in), inAddr, mAddr, mdAddr, eAddr)
	read := func(a uint64, n int) []byte {
		b, err := m.Read(a, n)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	mb, mdb, eb := read(mAddr, 4*len(in)), read(mdAddr, 8*len(in)), read(eAddr, 8*len(in))
	bad := 0
	for i, x := range in {
		gotM, gotE := math.Float32frombits(binary.LittleEndian.Uint32(mb[4*i:])), int32(binary.LittleEndian.Uint32(eb[8*i:]))
		wantM, wantE := math.Frexp(float64(x))
		if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
			wantE = 0 // Go's is unspecified there; C's is 0
		}
		if !(float64(gotM) == wantM || math.IsNaN(wantM) && gotM != gotM) || int(gotE) != wantE || math.Signbit(float64(gotM)) != math.Signbit(wantM) {
			if bad++; bad < 10 {
				t.Errorf("frexpf(%g) = %g, %d; want %g, %d", x, gotM, gotE, wantM, wantE)
			}
		}
		d := float64(x) * 1e-300
		gotMD, gotED := math.Float64frombits(binary.LittleEndian.Uint64(mdb[8*i:])), int32(binary.LittleEndian.Uint32(eb[8*i+4:]))
		wantMD, wantED := math.Frexp(d)
		if math.IsInf(d, 0) || math.IsNaN(d) {
			wantED = 0
		}
		if !(gotMD == wantMD || math.IsNaN(wantMD) && gotMD != gotMD) || int(gotED) != wantED || math.Signbit(gotMD) != math.Signbit(wantMD) {
			if bad++; bad < 10 {
				t.Errorf("frexp(%g) = %g, %d; want %g, %d", d, gotMD, gotED, wantMD, wantED)
			}
		}
	}
}

// nanSource makes NaNs from tags with nanf and nan.
const nanSource = `#include <math.h>
extern "C" __global__ void k(float *f, double *d, int n)
{
	if (blockIdx.x * blockDim.x + threadIdx.x >= n)
		return;
	const char *tags[] = {"", "5", "0x1f", "0X1F", "017", "09", "x", "12a", "4194303", "4194304", "0xfffffffffffff"};
	for (int i = 0; i < 11; i++) {
		f[i] = nanf(tags[i]);
		d[i] = nan(tags[i]);
	}
}
`

// TestNaNTags compares the NaNs that nanf and nan, from the built-in
// headers, make of their tags with those nvcc's make, both run by the
// executor.
func TestNaNTags(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	ours, err := Compile(&Config{Opt: 3}, "nan.cu", []byte(nanSource))
	if err != nil {
		t.Fatal(err)
	}
	theirs := nvccSourcePTX(t, nanSource, "")
	run := func(ptx []byte) []byte {
		m, err := loadPTX("nan.ptx", ptx)
		if err != nil {
			t.Fatal(err)
		}
		fa, da := emuAlloc(t, m, 44), emuAlloc(t, m, 88)
		emuLaunch(t, m, 1, fa, da)
		f, err := m.Read(fa, 44)
		if err != nil {
			t.Fatal(err)
		}
		d, err := m.Read(da, 88)
		if err != nil {
			t.Fatal(err)
		}
		return append(f, d...)
	}
	got, want := run(ours), run(theirs)
	for i := 0; i < 11; i++ {
		if g, w := binary.LittleEndian.Uint32(got[4*i:]), binary.LittleEndian.Uint32(want[4*i:]); g != w {
			t.Errorf("nanf of tag %d: %#x, nvcc's %#x", i, g, w)
		}
		if g, w := binary.LittleEndian.Uint64(got[44+8*i:]), binary.LittleEndian.Uint64(want[44+8*i:]); g != w {
			t.Errorf("nan of tag %d: %#x, nvcc's %#x", i, g, w)
		}
	}
}

// powSource raises each x to its y with powf, and with the C++ overload
// pow(float, int) where y is a small integer.
const powSource = `#include <math.h>
extern "C" __global__ void k(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[2 * i] = powf(x[i], y[i]);
		out[2 * i + 1] = fabsf(y[i]) < 100.0f && rintf(y[i]) == y[i] ? pow(x[i], (int)y[i]) : powf(x[i], y[i]);
	}
}
`

// powInputs are the pairs: the special values with each other, and
// random x with y where x^y is mostly neither 0 nor infinite, integer y
// for negative x.
func powInputs() (xs, ys []float32) {
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, 2, -2, 3, -3, 1.5, -1.5,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), math.MaxFloat32, math.SmallestNonzeroFloat32, 1 << 24, 1<<24 + 2}
	for _, x := range special {
		for _, y := range special {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for len(xs) < 1<<17 {
		x := math.Float32frombits(r.Uint32() & 0x7fffffff)
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x == 0 || x == 1 {
			continue
		}
		l := math.Abs(math.Log2(float64(x)))
		y := float32((r.Float64()*2 - 1) * 150 / math.Max(l, 1e-3))
		if r.IntN(4) == 0 {
			y = float32(math.Round(float64(y)))
			if r.IntN(2) == 0 {
				x = -x
			}
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// runPow runs powSource's PTX on the pairs and returns its outputs.
func runPow(t *testing.T, ptx []byte, xs, ys []float32) []float32 {
	t.Helper()
	m, err := loadPTX("pow.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	alloc := func(n int) uint64 { return emuAlloc(t, m, n) }
	xa, ya, oa := emuFloats(t, m, xs), emuFloats(t, m, ys), alloc(8*len(xs))
	emuLaunch(t, m, len(xs), xa, ya, oa)
	ob, err := m.Read(oa, 8*len(xs))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, 2*len(xs))
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(ob[4*i:]))
	}
	return out
}

// TestPowAccuracy measures powf and pow(float, int) as ptxabi cc compiles
// them from the built-in headers against Go's math.Pow (whose special
// cases are C99's), within 1 ulp; nvcc's figure is logged beside it.
func TestPowAccuracy(t *testing.T) {
	xs, ys := powInputs()
	ptx, err := Compile(&Config{Opt: 3}, "pow.cu", []byte(powSource))
	if err != nil {
		t.Fatal(err)
	}
	ours := runPow(t, ptx, xs, ys)
	var theirs []float32
	if oracle.Have(oracle.NVCC) {
		theirs = runPow(t, nvccSourcePTX(t, powSource, ""), xs, ys)
	}
	worst, nvccWorst, bad := 0.0, 0.0, 0
	for i := range xs {
		want := math.Pow(float64(xs[i]), float64(ys[i]))
		for k := range 2 {
			e := ulpError(ours[2*i+k], want)
			if e == 0 && want == 0 && math.Signbit(float64(ours[2*i+k])) != math.Signbit(float64(float32(want))) {
				e = math.Inf(1) // the sign of a zero
			}
			worst = max(worst, e)
			if e > 1 {
				if bad++; bad < 10 {
					t.Errorf("pow(%g, %g) = %g (%#x): %.2f ulp from %g", xs[i], ys[i], ours[2*i+k], math.Float32bits(ours[2*i+k]), e, want)
				}
			}
			if theirs != nil {
				nvccWorst = max(nvccWorst, ulpError(theirs[2*i+k], want))
			}
		}
	}
	if theirs != nil {
		t.Logf("powf: at most %.2f ulp over %d pairs (nvcc's %.2f)", worst, len(xs), nvccWorst)
	} else {
		t.Logf("powf: at most %.2f ulp over %d pairs", worst, len(xs))
	}
}

// math2Source applies the functions that the built-in headers compute in
// double precision, with atan2f and hypotf of each input and another.
const math2Source = `#include <math.h>
extern "C" __global__ void k(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float x = in[i], y = in[(int)((long long)i * 7919 % n)];
		float *o = &out[13 * i];
		o[0] = exp2f(x);
		o[1] = exp10f(x);
		o[2] = expm1f(x);
		o[3] = log2(x); // the C++ overload
		o[4] = log10f(x);
		o[5] = log1pf(x);
		o[6] = sinhf(x);
		o[7] = tanf(x);
		o[8] = atanf(x);
		o[9] = asinf(x);
		o[10] = acosf(x);
		o[11] = atan2f(x, y);
		o[12] = hypotf(x, y);
	}
}
`

// TestMathDoubleAccuracy measures the functions of math2Source against
// Go's math in double precision: computed in double and rounded once, each
// must be within 1 ulp (CUDA's bounds are 1 to 4).
func TestMathDoubleAccuracy(t *testing.T) {
	in := mathInputs()
	r := rand.New(rand.NewPCG(11, 12))
	for range 1 << 14 {
		in = append(in, float32(r.Float64()*2-1))
	}
	ptx, err := Compile(&Config{Opt: 3}, "math2.cu", []byte(math2Source))
	if err != nil {
		t.Fatal(err)
	}
	out := runMath(t, ptx, in, 13)
	funcs := []struct {
		name string
		f    func(x, y float64) float64
	}{
		{"exp2f", func(x, _ float64) float64 { return math.Exp2(x) }},
		{"exp10f", func(x, _ float64) float64 { return math.Pow(10, x) }},
		{"expm1f", func(x, _ float64) float64 { return math.Expm1(x) }},
		{"log2f", func(x, _ float64) float64 { return math.Log2(x) }},
		{"log10f", func(x, _ float64) float64 { return math.Log10(x) }},
		{"log1pf", func(x, _ float64) float64 { return math.Log1p(x) }},
		{"sinhf", func(x, _ float64) float64 { return math.Sinh(x) }},
		{"tanf", func(x, _ float64) float64 { return math.Tan(x) }},
		{"atanf", func(x, _ float64) float64 { return math.Atan(x) }},
		{"asinf", func(x, _ float64) float64 { return math.Asin(x) }},
		{"acosf", func(x, _ float64) float64 { return math.Acos(x) }},
		{"atan2f", math.Atan2},
		{"hypotf", math.Hypot},
	}
	n := len(in)
	for k, f := range funcs {
		worst, bad := 0.0, 0
		for i, x := range in {
			y := in[(i*7919)%n]
			want := f.f(float64(x), float64(y))
			got := out[13*i+k]
			e := ulpError(got, want)
			if e == 0 && want == 0 && math.Signbit(float64(got)) != math.Signbit(want) {
				e = math.Inf(1) // the sign of a zero
			}
			worst = max(worst, e)
			if e > 1 {
				if bad++; bad <= 5 {
					t.Errorf("%s(%g, %g) = %g (%#x): %.2f ulp from %g", f.name, x, y, got, math.Float32bits(got), e, want)
				}
			}
		}
		t.Logf("%s: at most %.2f ulp over %d inputs", f.name, worst, n)
	}
}

// TestAtan2Hypot checks atan2f and hypotf on the pairs of powInputs,
// C99's special cases among them, against Go's math.Atan2 and math.Hypot
// (whose special cases are C99's), within 1 ulp.
func TestAtan2Hypot(t *testing.T) {
	const src = `#include <math.h>
extern "C" __global__ void k(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[2 * i] = atan2f(y[i], x[i]);
		out[2 * i + 1] = hypotf(x[i], y[i]);
	}
}
`
	xs, ys := powInputs()
	ptx, err := Compile(&Config{Opt: 3}, "atan2.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := runPow(t, ptx, xs, ys)
	bad := 0
	for i := range xs {
		x, y := float64(xs[i]), float64(ys[i])
		for k, want := range []float64{math.Atan2(y, x), math.Hypot(x, y)} {
			got := out[2*i+k]
			e := ulpError(got, want)
			if e == 0 && want == 0 && math.Signbit(float64(got)) != math.Signbit(want) {
				e = math.Inf(1)
			}
			if e > 1 {
				if bad++; bad <= 10 {
					t.Errorf("%s(%g, %g) = %g: %.2f ulp from %g", [...]string{"atan2f", "hypotf"}[k], xs[i], ys[i], got, e, want)
				}
			}
		}
	}
}

// bigPrec is the precision of the references of TestDoubleExpLog.
const bigPrec = 160

// bigLn2 is ln 2 to bigPrec bits: the sum of 1/(k 2^k).
var bigLn2 = func() *big.Float {
	sum := new(big.Float).SetPrec(bigPrec)
	for k := int64(1); k < 200; k++ {
		term := new(big.Float).SetPrec(bigPrec).SetInt64(1)
		term.SetMantExp(term, -int(k)) // keeps term's precision, unlike a mantissa of 53 bits
		term.Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(k))
		sum.Add(sum, term)
	}
	return sum
}()

// bigExp is e^x to bigPrec bits: x = n ln2 + r, e^r by its Taylor series.
func bigExp(x float64) *big.Float {
	n := math.Round(x / math.Ln2)
	r := new(big.Float).SetPrec(bigPrec).SetFloat64(x)
	r.Sub(r, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, big.NewFloat(n)))
	sum := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	term := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for k := int64(1); k < 60; k++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(k))
		sum.Add(sum, term)
	}
	return sum.SetMantExp(sum, int(n))
}

// bigLog is log x to bigPrec bits, x > 0: x = m 2^e, m in [1, 2), log m
// = 2 atanh((m-1)/(m+1)).
func bigLog(x float64) *big.Float {
	m, e := math.Frexp(x)
	bm := new(big.Float).SetPrec(bigPrec).SetFloat64(2 * m)
	s := new(big.Float).SetPrec(bigPrec).Quo(new(big.Float).SetPrec(bigPrec).Sub(bm, big.NewFloat(1)), new(big.Float).SetPrec(bigPrec).Add(bm, big.NewFloat(1)))
	z := new(big.Float).SetPrec(bigPrec).Mul(s, s)
	sum := new(big.Float).SetPrec(bigPrec)
	pow := new(big.Float).SetPrec(bigPrec).Set(s)
	for k := int64(0); k < 120; k++ {
		t := new(big.Float).SetPrec(bigPrec).Quo(pow, new(big.Float).SetPrec(bigPrec).SetInt64(2*k+1))
		sum.Add(sum, t)
		pow.Mul(pow, z)
	}
	sum.Mul(sum, big.NewFloat(2))
	return sum.Add(sum, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, big.NewFloat(float64(e-1))))
}

// ulpError64 is how far got is from the exact want, in units in the last
// place of float64 at want.
func ulpError64(got float64, want *big.Float) float64 {
	w, _ := want.Float64()
	if math.IsInf(w, 0) || math.IsInf(got, 0) {
		if got == w {
			return 0
		}
		return math.Inf(1)
	}
	exp := want.MantExp(nil) - 1 // want = mant 2^(exp+1), mant in [0.5, 1)
	if want.Sign() == 0 || exp < -1022 {
		exp = -1022
	}
	d := new(big.Float).SetPrec(bigPrec).Sub(new(big.Float).SetPrec(bigPrec).SetFloat64(got), want)
	d.SetMantExp(d, 52-exp)
	f, _ := d.Float64()
	return math.Abs(f)
}

// TestDoubleExpLog measures exp and log of doubles, from the built-in
// headers, against math/big to 160 bits: each within 1 ulp (CUDA's bound
// for its own).
func TestDoubleExpLog(t *testing.T) {
	const src = `#include <math.h>
extern "C" __global__ void k(const double *in, double *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[2 * i] = exp(in[i]);
		out[2 * i + 1] = log(in[i]);
	}
}
`
	r := rand.New(rand.NewPCG(13, 14))
	in := []float64{0, 1, -1, 0.5, 709.78, 709.79, -708.39, -745.13, -745.2, 1e-300, 5e-324, math.MaxFloat64, 2, 0.9999999999999999, 1.0000000000000002}
	for len(in) < 1<<13 {
		in = append(in, (r.Float64()*2-1)*750, math.Float64frombits(r.Uint64()&0x7fffffffffffffff), 1+(r.Float64()-0.5)*1e-3)
	}
	ptx, err := Compile(&Config{Opt: 3}, "explog.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadPTX("explog.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 8*len(in))
	for i, x := range in {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	ia, oa := emuAlloc(t, m, len(b)), emuAlloc(t, m, 2*len(b))
	if err := m.Write(ia, b); err != nil {
		t.Fatal(err)
	}
	emuLaunch(t, m, len(in), ia, oa)
	ob, err := m.Read(oa, 2*len(b))
	if err != nil {
		t.Fatal(err)
	}
	worst := [2]float64{}
	bad := 0
	for i, x := range in {
		for k := range 2 {
			got := math.Float64frombits(binary.LittleEndian.Uint64(ob[16*i+8*k:]))
			var e float64
			switch {
			case k == 0 && x > 709.79:
				if !math.IsInf(got, 1) {
					e = math.Inf(1)
				}
			case k == 0:
				e = ulpError64(got, bigExp(x))
			case x == 0:
				if !math.IsInf(got, -1) {
					e = math.Inf(1)
				}
			case x < 0:
				if !math.IsNaN(got) {
					e = math.Inf(1)
				}
			case math.IsInf(x, 1):
				if !math.IsInf(got, 1) {
					e = math.Inf(1)
				}
			default:
				e = ulpError64(got, bigLog(x))
			}
			worst[k] = max(worst[k], e)
			if e > 1 {
				if bad++; bad <= 10 {
					t.Errorf("%s(%g) = %g: %.2f ulp", [...]string{"exp", "log"}[k], x, got, e)
				}
			}
		}
	}
	t.Logf("exp: at most %.2f ulp, log: at most %.2f ulp, over %d inputs", worst[0], worst[1], len(in))
}

// TestPowDoubleInt measures pow(double, int), from the built-in headers,
// against math/big (x^n exact to 400 bits), within 1 ulp, and C99's
// special cases; a call of it with an int is no ambiguity with the float
// overloads.
func TestPowDoubleInt(t *testing.T) {
	const src = `#include <math.h>
extern "C" __global__ void k(const double *x, const int *y, double *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = pow(x[i], y[i]);
}
`
	type pair struct {
		x float64
		n int32
	}
	pairs := []pair{{0, 3}, {math.Copysign(0, -1), 3}, {math.Copysign(0, -1), -3}, {0, -2}, {math.Inf(-1), 3}, {math.Inf(-1), -3},
		{math.Inf(1), -1}, {math.NaN(), 2}, {math.NaN(), 0}, {-2, 1025}, {-2, 1024}, {2, -1074}, {2, -1075}, {10, -320}, {10, 308}, {10, 309},
		{-1, math.MinInt32}, {1.0000000000000002, math.MaxInt32}, {3, 2}, {-3, 3}}
	r := rand.New(rand.NewPCG(15, 16))
	for len(pairs) < 1<<12 {
		x := math.Exp((r.Float64()*2 - 1) * 20)
		if r.IntN(2) == 0 {
			x = -x
		}
		n := int32(r.IntN(601) - 300)
		if math.Abs(float64(n)*math.Log(math.Abs(x))) < 700 {
			pairs = append(pairs, pair{x, n})
		}
	}
	ptx, err := Compile(&Config{Opt: 3}, "powi.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadPTX("powi.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	xb, yb := make([]byte, 8*len(pairs)), make([]byte, 4*len(pairs))
	for i, p := range pairs {
		binary.LittleEndian.PutUint64(xb[8*i:], math.Float64bits(p.x))
		binary.LittleEndian.PutUint32(yb[4*i:], uint32(p.n))
	}
	xa, ya, oa := emuAlloc(t, m, len(xb)), emuAlloc(t, m, len(yb)), emuAlloc(t, m, len(xb))
	if err := m.Write(xa, xb); err != nil {
		t.Fatal(err)
	}
	if err := m.Write(ya, yb); err != nil {
		t.Fatal(err)
	}
	emuLaunch(t, m, len(pairs), xa, ya, oa)
	ob, err := m.Read(oa, len(xb))
	if err != nil {
		t.Fatal(err)
	}
	worst, bad := 0.0, 0
	for i, p := range pairs {
		got := math.Float64frombits(binary.LittleEndian.Uint64(ob[8*i:]))
		var e float64
		if math.IsNaN(p.x) || p.x == 0 || math.IsInf(p.x, 0) || p.n == 0 {
			// Go's math.Pow has C99's special cases.
			want := math.Pow(p.x, float64(p.n))
			if !(got == want && math.Signbit(got) == math.Signbit(want) || math.IsNaN(got) && math.IsNaN(want)) {
				e = math.Inf(1)
			}
		} else {
			want := new(big.Float).SetPrec(400).SetInt64(1)
			b := new(big.Float).SetPrec(400).SetFloat64(p.x)
			if p.n < 0 {
				b.Quo(new(big.Float).SetPrec(400).SetInt64(1), b)
			}
			for k := uint64(math.Abs(float64(p.n))); k > 0; k >>= 1 {
				if k&1 == 1 {
					want.Mul(want, b)
				}
				b.Mul(b, b)
			}
			e = ulpError64(got, want)
			if e == 0 && math.Signbit(got) != (want.Sign() < 0) {
				e = math.Inf(1)
			}
		}
		worst = max(worst, e)
		if e > 1 {
			if bad++; bad <= 10 {
				t.Errorf("pow(%g, %d) = %g: %.2f ulp", p.x, p.n, got, e)
			}
		}
	}
	t.Logf("pow(double, int): at most %.2f ulp over %d pairs", worst, len(pairs))
}

// TestFmod checks fmodf, fmod(float, float) and fmod of doubles, from the
// built-in headers, against Go's math.Mod, which is exact as they must be:
// the same bits (signed zeros included) or NaN where Mod gives NaN.
func TestFmod(t *testing.T) {
	const src = `#include <math.h>
extern "C" __global__ void k(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[2 * i] = fmodf(x[i], y[i]);
		out[2 * i + 1] = fmod(x[i], y[i]); // the C++ overload
		((double *)out)[n + i] = fmod((double)x[i] * 1e200, (double)y[i] * 1e-200);
	}
}
`
	xs, ys := powInputs()
	ptx, err := Compile(&Config{Opt: 3}, "fmod.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadPTX("fmod.ptx", ptx)
	if err != nil {
		t.Fatal(err)
	}
	xa, ya, oa := emuFloats(t, m, xs), emuFloats(t, m, ys), emuAlloc(t, m, 16*len(xs))
	emuLaunch(t, m, len(xs), xa, ya, oa)
	ob, err := m.Read(oa, 16*len(xs))
	if err != nil {
		t.Fatal(err)
	}
	same := func(got, want float64) bool {
		return math.IsNaN(got) && math.IsNaN(want) || got == want && math.Signbit(got) == math.Signbit(want)
	}
	bad := 0
	for i := range xs {
		x, y := float64(xs[i]), float64(ys[i])
		got := float64(math.Float32frombits(binary.LittleEndian.Uint32(ob[8*i:])))
		want := float64(float32(math.Mod(x, y)))
		gotO := float64(math.Float32frombits(binary.LittleEndian.Uint32(ob[8*i+4:])))
		dx, dy := x*1e200, y*1e-200
		gotD := math.Float64frombits(binary.LittleEndian.Uint64(ob[8*len(xs)+8*i:]))
		wantD := math.Mod(dx, dy)
		if !same(got, want) || !same(gotO, want) || !same(gotD, wantD) {
			if bad++; bad <= 10 {
				t.Errorf("fmodf(%g, %g) = %g and fmod of the floats %g, want %g; fmod(%g, %g) = %g, want %g", x, y, got, gotO, want, dx, dy, gotD, wantD)
			}
		}
	}
}

// TestClassify checks isnan, isinf, isfinite and signbit of floats and
// doubles, from the built-in headers, against Go's on the special values
// and others.
func TestClassify(t *testing.T) {
	const src = `#include <math.h>
extern "C" __global__ void k(const float *x, const float *y, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float f = x[i];
		double d = (double)f * 1e300;
		out[2 * i] = isnan(f) + 2 * isinf(f) + 4 * isfinite(f) + 8 * signbit(f);
		out[2 * i + 1] = isnan(d) + 2 * isinf(d) + 4 * isfinite(d) + 8 * signbit(d);
	}
}
`
	xs, _ := powInputs()
	ptx, err := Compile(&Config{Opt: 3}, "classify.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := runPow(t, ptx, xs, xs)
	class := func(v float64) float32 {
		var c float32
		if math.IsNaN(v) {
			c++
		}
		if math.IsInf(v, 0) {
			c += 2
		}
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			c += 4
		}
		if math.Signbit(v) {
			c += 8
		}
		return c
	}
	for i, x := range xs {
		if got, want := out[2*i], class(float64(x)); got != want {
			t.Errorf("float %g: classified %g, want %g", x, got, want)
		}
		if got, want := out[2*i+1], class(float64(x)*1e300); got != want {
			t.Errorf("double %g: classified %g, want %g", float64(x)*1e300, got, want)
		}
	}
}
