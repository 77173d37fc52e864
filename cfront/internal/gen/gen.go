// Package gen writes the C/CUDA headers that the front end's benchmarks
// read (packages cfront and cfront/pp): big, deterministic, and made of
// what interop headers hold.
package gen

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ptxabi/ptxabi/internal/bench"
)

// Input is a generated header the benchmarks read.
type Input struct {
	Name string
	Src  []byte
}

// Inputs are the benchmarks' two headers of some 2 MB: C declarations
// ("C") and the same with C++ classes, namespaces and class templates
// ("C++").
func Inputs() []Input {
	return []Input{{"C", Header(1500, false)}, {"C++", Header(1000, true)}}
}

// Header writes a CUDA interop header of n groups of declarations, as
// headers commonly hold them: macros (object- and function-like, with #
// and ##), conditional blocks, comments and line splices, structs with bit
// fields and nested unions, enums, typedefs, function pointers, device
// and global function declarations, inline definitions with bodies,
// extern "C", namespaces, classes with member functions and operators,
// a class template and its instance, __constant__ variables and
// static_assert; classes, namespaces and templates only when cxx is set.
// A group is about 1.3 KB of C, 1.9 KB with C++.
func Header(n int, cxx bool) []byte {
	var b strings.Builder
	b.WriteString("#pragma once\n#include <cuda_runtime.h>\n#include <stdint.h>\n")
	b.WriteString("#define GEN_MAX(a, b) ((a) > (b) ? (a) : (b))\n#define GEN_CAT(a, b) a##b\n#define GEN_STR(x) #x\n")
	b.WriteString("#define GEN_DEVICE __device__ __forceinline__\n#define GEN_ALIGN(n) __align__(n)\n")
	b.WriteString("#define GEN_FIELDS(T, p) T p##x; T p##y; T p##z\n")
	for i := range n {
		fmt.Fprintf(&b, `/* Group %[1]d: vectors, nodes and their operations.
 * The comments are part of what a header holds. */
#define GROUP_%[1]d_COUNT (4 + %[1]d %% 3)
#define GROUP_%[1]d_FLAGS \
	(1u << 3 | 1u << 5)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 520 && GROUP_%[1]d_COUNT > 2
typedef struct GEN_ALIGN(16) Vec%[1]d { GEN_FIELDS(float, ); int flags : 3; unsigned mode : 5; } Vec%[1]d;
#else
typedef struct Vec%[1]d { float x, y, z, w; } Vec%[1]d;
#endif
enum Color%[1]d { Red%[1]d, Green%[1]d = 3, Blue%[1]d = Green%[1]d << 1, Mask%[1]d = GROUP_%[1]d_FLAGS };
struct Node%[1]d {
	struct Node%[1]d *next, *prev; // links
	Vec%[1]d v[GROUP_%[1]d_COUNT];
	double weight;
	char name[16];
	uint32_t id;
	int64_t stamp;
	union { int i; float f; unsigned char bytes[4]; } u;
	enum Color%[1]d color;
	float4 extra;
};
typedef void (*Callback%[1]d)(int, struct Node%[1]d *, void *);
typedef int Table%[1]d[GEN_MAX(4, GROUP_%[1]d_COUNT)];
__device__ float dot%[1]d(const Vec%[1]d *a, const Vec%[1]d *b);
__host__ __device__ int count%[1]d(const struct Node%[1]d *head, int limit);
__global__ void kernel%[1]d(struct Node%[1]d *nodes, int n, float4 *out, size_t pitch);
extern "C" __device__ int GEN_CAT(helper, %[1]d)(int x, const char *s);
GEN_DEVICE int add%[1]d(int a, int b) { int r = a + b * GEN_MAX(a, b); if (r < 0) { r = -r; } return r; }
__constant__ int table%[1]d[16];
static_assert(sizeof(int) == 4, GEN_STR(group %[1]d));
`, i)
		if !cxx {
			continue
		}
		fmt.Fprintf(&b, `namespace ns%[1]d {
struct Inner { int x; long long y; short s[3]; };
__device__ int get(const Inner *in, int k);
class Particle {
public:
	__device__ Particle();
	__device__ explicit Particle(float m);
	__device__ float mass() const;
	__device__ Particle &operator+=(const Particle &o);
	__device__ bool operator==(const Particle &o) const;
	static __device__ int created();
private:
	float m_;
	Vec%[1]d pos_, vel_;
};
template <typename T, int N> struct Array { T v[N]; __device__ T get(int k) const; };
typedef Array<float, %[1]d %% 5 + 1> FloatArray;
}
`, i)
	}
	return []byte(b.String())
}

// ReportCPU adds to b the throughput over processor time, "cpu-MB/s",
// for n bytes read each of b.N iterations since cpu0 (CPUTime before the
// loop). Run with -cpu 1, it is the figure of one core that other work
// on a shared machine does not lower, as it lowers MB/s (wall time).
func ReportCPU(b *testing.B, n int, cpu0 time.Duration) {
	if cpu0 == 0 {
		return
	}
	if d := bench.CPUTime() - cpu0; d > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
	}
}
