#include <stdint.h>
#define N 4
#define CAT(a,b) a##b
struct S { int a; float b[N][2]; S *next; };
typedef struct { char c; int64_t x; } T;
union U { int i; float f; };
struct B { int a:3, b:5; unsigned :0; signed c:2; };
struct __align__(16) A16 { char c; };
struct M { alignas(8) int x; int y __attribute__((aligned(16))); float4 v; double2 d; long2 l; };
enum E { X, Y = 5, Z };
enum class F : short { P = 1, Q };
using I = int;
namespace ns { struct In { int q; }; namespace deep { typedef In D; } }
extern "C" __global__ void kern(S *s, const T &t, int CAT(n,1));
extern "C" { __device__ int dev(int); __device__ float g(float (*fp)(int), ...); }
__device__ __noinline__ int helper(int x) { return x + 1; }
__constant__ float table[16];
__device__ int counter;
class C { public: C(const C&); ~C(); int x; };
struct Anon { union { int i; float f; }; struct { int a, b; }; int tail[]; };
cudaTextureObject_t tex;
static_assert(N == 4, "n");
