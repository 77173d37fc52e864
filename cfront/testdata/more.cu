// Function and parameter forms, literals in constant expressions.
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256, 2) saxpy(float *__restrict__ out, const float *__restrict__ in, float a, int n);
typedef void (*callback_t)(void *user, int status);
typedef int row_t[4];
__device__ int sum_row(const row_t &r);
__device__ int sum4(int (&r)[4]);
__device__ void take_array(int a[8], float m[][3], void fn(int));
extern "C" __device__ int exported_counter;
extern "C" { __constant__ long double ld_table[2]; }
struct Kinds { unsigned u; signed char sc; unsigned char uc; wchar_t w; char16_t c16; char32_t c32; long double ld; unsigned short us; long long ll; unsigned long long ull; bool b; };
enum Chars { NL = '\n', A = 'A', Oct = '\101', Hex = '\x41', Neg = -2 };
enum Big { BA = 0x100000000 };
enum Mixed { MNeg = -1, MBig = 0xFFFFFFFF };
enum Shifts { S0 = 1u << 31, S1 = (int)(unsigned char)300, S2 = sizeof(long) > 4 ? 7 : 8 };
struct Wide { int x : 40; };
static __device__ float2 helper2(float4 v, int2 i, char3 c, uchar4 u, short2 s, double4 d, longlong2 l, ulong4 ul);
__device__ cudaSurfaceObject_t surf;
__host__ int host_only(void);
int implicit_host(int);
namespace { struct Hidden { int h; }; }
__device__ void uses_hidden(Hidden *h);
namespace lib { inline namespace v2 { struct Versioned { int v; }; } typedef int lib_int; }
using namespace lib;
using lib::lib_int;
__device__ Versioned make_versioned(lib_int);
__device__ int samples[10];
struct Rec { int hdr; float payload[6]; };
__device__ Rec recs[3];
enum Counts { NSamples = sizeof samples / sizeof samples[0], NPayload = sizeof(recs[0].payload) / sizeof(float), NMsg = sizeof("abc") };
#pragma pack(push, 2)
struct P2 { char c; int i; double d; };
#pragma pack(pop)
#pragma pack(1)
struct P1 { char c; int i; };
#pragma pack()
struct P0 { char c; int i; };
__device__ float coeffs[] = { 1.0f, 2.0f, (float)(3), {4}, };
__constant__ char msg[] = "hi" " there";
