package cc

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// instanceOrderSource makes the instances of a kernel template from a
// host function template whose definition follows its uses, as
// cuda-samples' simpleTemplates does: the instances are defined when the
// definition is read, in the order they were made.
const instanceOrderSource = `
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <class T> void launch(T *p, T v);
int main()
{
	launch<float>(0, 1.0f);
	launch<int>(0, 2);
	launch<double>(0, 3.0);
	launch<short>(0, 4);
	launch<char>(0, 5);
	launch<unsigned>(0, 6u);
	return 0;
}
template <class T> void launch(T *p, T v) { fill<T><<<1, 32>>>(p, v); }
`

// TestInstanceOrder checks that ptxabi cc defines a template's instances
// in the order they were made, the order of nvcc's output, and so the
// same PTX on every run (the order came from a map's, and changed from
// run to run).
func TestInstanceOrder(t *testing.T) {
	want := []string{"_Z4fillIfEvPT_S0_", "_Z4fillIiEvPT_S0_", "_Z4fillIdEvPT_S0_", "_Z4fillIsEvPT_S0_", "_Z4fillIcEvPT_S0_", "_Z4fillIjEvPT_S0_"}
	entry := regexp.MustCompile(`(?m)^\.visible \.entry (\w+)\(`)
	var first []byte
	for run := range 8 {
		ptx, err := Compile(&Config{Opt: 3}, "order.cu", []byte(instanceOrderSource))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range entry.FindAllSubmatch(ptx, -1) {
			got = append(got, string(m[1]))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("run %d: kernels %v, want %v (nvcc's order)", run, got, want)
		}
		if first == nil {
			first = ptx
		} else if !bytes.Equal(ptx, first) {
			t.Fatalf("run %d: the PTX differs from the first run's", run)
		}
	}
}

// sharedInstancesA and sharedInstancesB are two modules that each make
// the instance fill<float> of a kernel template, and of which one calls
// twice<int>, which the other defines by an explicit instantiation.
const (
	sharedInstancesA = `
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <class T> __device__ __noinline__ T twice(T x) { return x + x; }
template __device__ int twice<int>(int);
void a() { fill<float><<<1, 32>>>(0, 1.0f); }
`
	sharedInstancesB = `
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <class T> __device__ T twice(T x);
__global__ void useTwice(int *p) { p[threadIdx.x] = twice<int>(p[threadIdx.x]); }
void b() { fill<float><<<1, 32>>>(0, 2.0f); }
`
)

// TestLinkSharedInstances: nvlink links two modules of ptxabi cc -rdc
// that define the same instance of a kernel template (.weak in both, as
// nvcc defines it) and of which one calls a function the other's
// explicit instantiation defines.
func TestLinkSharedInstances(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.NVLINK)
	for _, m := range []int{64, 32} {
		dir := t.TempDir()
		tgt := target.Target{AddressSize: m, SM: 52, PTX: target.Default.PTX}
		mArg := oracle.MArg(m)
		for name, src := range map[string]string{"a": sharedInstancesA, "b": sharedInstancesB} {
			ptx, err := Compile(&Config{Target: tgt, Opt: 3, RDC: true, Check: true}, name+".cu", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+".ptx"), ptx, 0o666); err != nil {
				t.Fatal(err)
			}
			if _, err := oracle.Run(dir, oracle.PTXAS, "-c", mArg, "-arch=sm_52", "-o", name+".cubin", name+".ptx"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := oracle.Run(dir, oracle.NVLINK, mArg, "-arch=sm_52", "-o", "linked.cubin", "a.cubin", "b.cubin"); err != nil {
			t.Errorf("-m%d: nvlink: %v", m, err)
		}
	}
}
