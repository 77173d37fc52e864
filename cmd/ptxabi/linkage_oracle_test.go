package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// linkageSource defines device functions of every kind of linkage nvcc
// gives a definition (guide §2.3; abi's N14, N16): ordinary functions
// (.visible), instances of function templates, implicit and explicit, and
// members of class template instances (.weak), explicit specializations of
// a function template (.visible: an ordinary function), and kernels.
const linkageSource = `
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
template __device__ float tmax<float>(float, float);
template <> __device__ int tmax<int>(int a, int b) { return a < b ? a : b; }
template <> __device__ long long tmax<long long>(long long a, long long b);
template <> __device__ long long tmax<long long>(long long a, long long b) { return a ^ b; }
template <typename T> struct Box { T v; __device__ T get(T x); };
template <typename T> __device__ T Box<T>::get(T x) { return v + x; }
template struct Box<float>;
__device__ int plain(int x) { return x * 3; }
namespace ns { template <typename T> __device__ T twice(T x) { return x + x; } }
__global__ void k(double *d, short *s) { *d = tmax(1.0, 2.0); *s = ns::twice<short>(*s); }
extern "C" __global__ void kc(int *p) { *p = plain(*p); }
`

// TestProtoLinkageMatchesNVCC checks the linkage (.visible or .weak) that
// ptxabi proto prints for each function nvcc -rdc defines in
// linkageSource, for -m64 and -m32.
func TestProtoLinkageMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	file := filepath.Join(t.TempDir(), "linkage.cu")
	if err := os.WriteFile(file, []byte(linkageSource), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, addr := range []int{64, 32} {
		m := fmt.Sprintf("-m%d", addr)
		ours := map[string]string{}
		for _, line := range strings.Split(runOK(t, "proto", m, file), "\n") {
			f := strings.Fields(line)
			if len(f) > 2 && (f[0] == ".visible" || f[0] == ".weak") {
				name := f[len(f)-1]
				if i := strings.IndexByte(name, '('); i >= 0 {
					name = name[:i]
				}
				ours[name] = f[0]
			}
		}
		ptx := oracle.CompilePTX(t, linkageSource, addr, "-arch=sm_52", "-rdc=true")
		n := 0
		for name, d := range readPTXDecls(t, ptx) {
			linkage, _, _ := strings.Cut(d.text, " ")
			if got, ok := ours[name]; !ok {
				t.Errorf("%s: nvcc defines %s %s; ptxabi proto does not declare it", m, linkage, name)
			} else if got != linkage {
				t.Errorf("%s: %s is %s; nvcc: %s", m, name, got, linkage)
			}
			n++
		}
		if n < 7 {
			t.Errorf("%s: only %d functions in nvcc's PTX", m, n)
		}
		t.Logf("%s: the linkage of %d functions compared with nvcc", m, n)
	}
}
