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
// a function template (.visible: an ordinary function), a member function
// declared in its class and defined inline outside it (.weak), and
// kernels.
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
struct B { int v; __device__ __noinline__ int m(int x); };
__device__ __noinline__ inline int B::m(int x) { return x + v; }
__global__ void kb(B *b, int *p) { p[0] = b->m(p[1]); }
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
		if n < 9 {
			t.Errorf("%s: only %d functions in nvcc's PTX", m, n)
		}
		t.Logf("%s: the linkage of %d functions compared with nvcc", m, n)
	}
}

// ccLinkageSource adds to linkageSource kernels of every kind of linkage
// nvcc gives them in separate compilation: instances of a kernel
// template, implicit (made from a host function template defined after
// its uses) and explicit (.weak), an explicit specialization and an
// ordinary kernel (.visible), and kernels of internal linkage (no
// directive: nvcc names them apart); and member functions defined in
// their class (.weak: inline), outside it (.visible) and outside a class
// template (.weak).
const ccLinkageSource = linkageSource + `
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template __global__ void fill<float>(float *, float);
template <> __global__ void fill<int>(int *p, int v) { p[threadIdx.x] = v + 1; }
template <class T> void launch(T *p, T v);
void host() { launch<double>(0, 1.0); launch<short>(0, 2); }
template <class T> void launch(T *p, T v) { fill<T><<<1, 32>>>(p, v); }
struct S { int v; __device__ __noinline__ int f(int x); __device__ __noinline__ int g(int x) { return x - v; } };
__device__ __noinline__ int S::f(int x) { return x + v; }
template <class T> struct W { T v; __device__ __noinline__ T h(T x); };
template <class T> __device__ __noinline__ T W<T>::h(T x) { return x * v; }
__global__ void members(S *s, W<int> *w, int *p) { p[0] = s->f(p[1]) + s->g(p[2]) + w->h(p[3]); }
static __global__ void hidden(int *p) { p[0] = 1; }
namespace { __global__ void unnamed(int *p) { p[0] = 2; } }
void launchHidden() { hidden<<<1, 1>>>(0); unnamed<<<1, 1>>>(0); }
`

// TestCCLinkageMatchesNVCC checks that ptxabi cc -rdc defines each
// function nvcc -rdc defines in ccLinkageSource, with nvcc's linkage, for
// -m64 and -m32, so that modules of both link as nvcc's do: two .visible
// definitions of a template's instance do not link. What ptxabi cc
// defines and nvcc does not (an instance nvcc inlined) must be .weak.
func TestCCLinkageMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	file := filepath.Join(t.TempDir(), "linkage.cu")
	if err := os.WriteFile(file, []byte(ccLinkageSource), 0o666); err != nil {
		t.Fatal(err)
	}
	defined := func(ptx string) map[string]string {
		out := map[string]string{}
		for name, d := range readPTXDecls(t, ptx) {
			if strings.HasSuffix(d.text, "{") {
				linkage, _, _ := strings.Cut(d.text, " ")
				out[name] = linkage
			}
		}
		return out
	}
	for _, addr := range []int{64, 32} {
		m := fmt.Sprintf("-m%d", addr)
		ours := defined(runOK(t, "cc", "-rdc", m, "-arch", "sm_52", file))
		theirs := defined(oracle.CompilePTX(t, ccLinkageSource, addr, "-arch=sm_52", "-rdc=true"))
		for name, linkage := range theirs {
			if linkage != ".visible" && linkage != ".weak" {
				continue // internal: no other module sees it
			}
			if got, ok := ours[name]; !ok {
				t.Errorf("%s: nvcc defines %s %s; ptxabi cc does not", m, linkage, name)
			} else if got != linkage {
				t.Errorf("%s: ptxabi cc defines %s %s; nvcc: %s", m, got, name, linkage)
			}
		}
		for name, linkage := range ours {
			if _, ok := theirs[name]; !ok && linkage == ".visible" {
				t.Errorf("%s: ptxabi cc defines %s %s, which nvcc does not define .visible: only a .weak or internal one may be extra", m, linkage, name)
			}
		}
		if len(theirs) < 14 {
			t.Errorf("%s: only %d functions defined in nvcc's PTX", m, len(theirs))
		}
		t.Logf("%s: the linkage of %d functions compared with nvcc", m, len(theirs))
	}
}
