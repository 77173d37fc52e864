// shim.h: the host reference for the kernel corpus. A kernel file is compiled
// by the host C++ compiler (g++ -O2 -ffp-contract=off) with this header
// included first; every thread of a block runs as its own host thread, blocks
// one after another, so that __syncthreads, shared memory, warp shuffles and
// votes, and atomics behave as on the GPU for race-free kernels.
//
// The test writes a main that calls REF_MAIN(kernel, a[0], a[1], ...). The
// command line is: GRIDX,Y,Z BLOCKX,Y,Z SHARED OUTDIR ARG... where each ARG
// is one of `ptxabi run`'s -arg forms (s32:V, f32:V, file:PATH, zero:N,
// bytes:HEX, ...). Buffer argument K is written to OUTDIR/argK.bin; the
// printf output goes to standard output after the launch, one line per
// printf call's text, in the order the calls ended (the test compares the
// lines as a sorted multiset, since the order between threads is free).
#ifndef PTXABI_REF_SHIM_H
#define PTXABI_REF_SHIM_H

#include <cassert>
#include <cmath>
#include <condition_variable>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ static
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)

struct uint3 {
	unsigned x, y, z;
};
struct dim3 {
	unsigned x, y, z;
};

extern thread_local uint3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
static const int warpSize = 32;

// ---- vector types ----

struct __align__(8) int2 { int x, y; };
struct __align__(16) int4 { int x, y, z, w; };
struct __align__(16) uint4 { unsigned x, y, z, w; };
struct __align__(8) float2 { float x, y; };
struct __align__(16) float4 { float x, y, z, w; };
struct __align__(16) double2 { double x, y; };
static inline int2 make_int2(int x, int y) { return int2{x, y}; }
static inline int4 make_int4(int x, int y, int z, int w) { return int4{x, y, z, w}; }
static inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return uint4{x, y, z, w}; }
static inline float2 make_float2(float x, float y) { return float2{x, y}; }
static inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
static inline double2 make_double2(double x, double y) { return double2{x, y}; }

// ---- the block's threads ----

struct RefBarrier {
	std::mutex mu;
	std::condition_variable cv;
	unsigned count = 0, want = 0, gen = 0;
	// wait blocks until want threads have arrived; the last one runs f first.
	template <class F> void wait(F f) {
		std::unique_lock<std::mutex> l(mu);
		unsigned g = gen;
		if (++count == want) {
			f();
			count = 0;
			gen++;
			cv.notify_all();
			return;
		}
		cv.wait(l, [&] { return gen != g; });
	}
	void wait() {
		wait([] {});
	}
};

struct RefWarp {
	std::mutex mu;
	std::condition_variable cv;
	unsigned arrived = 0, gen = 0;
	unsigned long long vals[32];
	bool preds[32];
	unsigned masks[32];
};

struct RefThread {
	unsigned linear; // linear thread index in the block
	RefWarp *warp;
	unsigned lane, warpLanes;
};

extern thread_local RefThread refThread;
extern RefBarrier refBlockBarrier;
extern int refBlockSyncAcc;

static inline void __syncthreads() {
	refBlockBarrier.wait();
}
static inline int refSyncReduce(int pred, int op) {
	// op 0: count, 1: and, 2: or. Three phases keep the accumulator private
	// to one barrier episode.
	static int result;
	refBlockBarrier.wait();
	{
		std::lock_guard<std::mutex> l(refBlockBarrier.mu);
		refBlockSyncAcc += pred != 0;
	}
	refBlockBarrier.wait([] { result = refBlockSyncAcc; refBlockSyncAcc = 0; });
	int n = result;
	refBlockBarrier.wait();
	unsigned total = blockDim.x * blockDim.y * blockDim.z;
	if (op == 0)
		return n;
	if (op == 1)
		return n == (int)total;
	return n != 0;
}
static inline int __syncthreads_count(int p) { return refSyncReduce(p, 0); }
static inline int __syncthreads_and(int p) { return refSyncReduce(p, 1); }
static inline int __syncthreads_or(int p) { return refSyncReduce(p, 2); }
static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// refWarpExchange publishes v and pred for this lane, waits for every lane in
// mask, and returns after copying the warp's values; a second rendezvous keeps
// the slots until every lane has read them.
static inline unsigned refActiveAll() {
	return refThread.warpLanes == 32 ? 0xffffffffu : (1u << refThread.warpLanes) - 1;
}
static inline void refWarpRendezvous(unsigned mask) {
	RefWarp *w = refThread.warp;
	std::unique_lock<std::mutex> l(w->mu);
	unsigned g = w->gen;
	if (++w->arrived == (unsigned)__builtin_popcount(mask)) {
		w->arrived = 0;
		w->gen++;
		w->cv.notify_all();
		return;
	}
	w->cv.wait(l, [&] { return w->gen != g; });
}
static inline void refWarpExchange(unsigned mask, unsigned long long v, bool pred, unsigned long long out[32], bool outp[32]) {
	RefWarp *w = refThread.warp;
	mask &= refActiveAll();
	if (!(mask >> refThread.lane & 1)) {
		fprintf(stderr, "warp operation by lane %u outside its mask %#x\n", refThread.lane, mask);
		abort();
	}
	{
		std::lock_guard<std::mutex> l(w->mu);
		w->vals[refThread.lane] = v;
		w->preds[refThread.lane] = pred;
	}
	refWarpRendezvous(mask);
	{
		std::lock_guard<std::mutex> l(w->mu);
		memcpy(out, w->vals, sizeof w->vals);
		memcpy(outp, w->preds, sizeof w->preds);
	}
	refWarpRendezvous(mask);
}
static inline void __syncwarp(unsigned mask = 0xffffffffu) {
	unsigned long long o[32];
	bool p[32];
	refWarpExchange(mask, 0, false, o, p);
}

template <class T> static inline unsigned long long refBits(T v) {
	static_assert(sizeof(T) <= 8, "shuffle of a type wider than 8 bytes");
	unsigned long long b = 0;
	memcpy(&b, &v, sizeof v);
	return b;
}
template <class T> static inline T refFromBits(unsigned long long b) {
	T v;
	memcpy(&v, &b, sizeof v);
	return v;
}
// refShfl returns lane src's value, or this lane's own when src is outside
// the lane's segment of width lanes (the rule of shfl.sync's c operand).
template <class T> static inline T refShfl(unsigned mask, T v, int src, bool own) {
	unsigned long long o[32];
	bool p[32];
	refWarpExchange(mask, refBits(v), false, o, p);
	return own ? v : refFromBits<T>(o[src]);
}
template <class T> static inline T __shfl_sync(unsigned mask, T v, int src, int width = 32) {
	int lane = refThread.lane, base = lane & ~(width - 1);
	return refShfl(mask, v, base + (src & (width - 1)), false);
}
template <class T> static inline T __shfl_up_sync(unsigned mask, T v, unsigned d, int width = 32) {
	int lane = refThread.lane, base = lane & ~(width - 1);
	int src = lane - (int)d;
	return refShfl(mask, v, src, src < base);
}
template <class T> static inline T __shfl_down_sync(unsigned mask, T v, unsigned d, int width = 32) {
	int lane = refThread.lane, base = lane & ~(width - 1);
	int src = lane + (int)d;
	return refShfl(mask, v, src, src >= base + width);
}
template <class T> static inline T __shfl_xor_sync(unsigned mask, T v, int m, int width = 32) {
	int lane = refThread.lane, base = lane & ~(width - 1);
	int src = lane ^ m;
	return refShfl(mask, v, src, src >= base + width);
}
static inline unsigned __ballot_sync(unsigned mask, int pred) {
	unsigned long long o[32];
	bool p[32];
	refWarpExchange(mask, 0, pred != 0, o, p);
	unsigned m = mask & refActiveAll(), r = 0;
	for (int i = 0; i < 32; i++)
		if ((m >> i & 1) && p[i])
			r |= 1u << i;
	return r;
}
static inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static inline int __all_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) == (mask & refActiveAll()); }
static inline unsigned __activemask() { return refActiveAll(); } // converged code only
static inline unsigned __lanemask_lt() { return (1u << refThread.lane) - 1; }

// ---- atomics: __atomic builtins; the rest as compare-and-swap loops ----

template <class T, class F> static inline T refAtomicRMW(T *p, F f) {
	T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
	while (!__atomic_compare_exchange_n(p, &old, f(old), false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
	}
	return old;
}
template <class T, class F> static inline T refAtomicRMWFloat(T *p, F f) {
	using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
	U *q = (U *)p;
	U old = __atomic_load_n(q, __ATOMIC_SEQ_CST);
	for (;;) {
		T o = refFromBits<T>(old), n = f(o);
		U nb = (U)refBits(n);
		if (__atomic_compare_exchange_n(q, &old, nb, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return o;
	}
}
#define REF_INT_ATOMICS(T)                                                                                  \
	static inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }          \
	static inline T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }        \
	static inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }          \
	static inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }            \
	static inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }          \
	static inline T atomicMin(T *p, T v) { return refAtomicRMW(p, [=](T o) { return o < v ? o : v; }); } \
	static inline T atomicMax(T *p, T v) { return refAtomicRMW(p, [=](T o) { return o > v ? o : v; }); } \
	static inline T atomicCAS(T *p, T cmp, T v) {                                                        \
		__atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);            \
		return cmp;                                                                                    \
	}
REF_INT_ATOMICS(int)
REF_INT_ATOMICS(unsigned)
REF_INT_ATOMICS(unsigned long long)
static inline long long atomicMin(long long *p, long long v) { return refAtomicRMW(p, [=](long long o) { return o < v ? o : v; }); }
static inline long long atomicMax(long long *p, long long v) { return refAtomicRMW(p, [=](long long o) { return o > v ? o : v; }); }
static inline int atomicSub(int *p, int v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned atomicSub(unsigned *p, unsigned v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned atomicInc(unsigned *p, unsigned v) {
	return refAtomicRMW(p, [=](unsigned o) { return o >= v ? 0u : o + 1; });
}
static inline unsigned atomicDec(unsigned *p, unsigned v) {
	return refAtomicRMW(p, [=](unsigned o) { return (o == 0 || o > v) ? v : o - 1; });
}
static inline float atomicAdd(float *p, float v) { return refAtomicRMWFloat(p, [=](float o) { return o + v; }); }
static inline double atomicAdd(double *p, double v) { return refAtomicRMWFloat(p, [=](double o) { return o + v; }); }
static inline float atomicExch(float *p, float v) { return refAtomicRMWFloat(p, [=](float) { return v; }); }

// ---- intrinsics ----

static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x) {
	unsigned r = 0;
	for (int i = 0; i < 32; i++)
		r |= (x >> i & 1) << (31 - i);
	return r;
}
static inline unsigned long long __brevll(unsigned long long x) {
	return (unsigned long long)__brev((unsigned)x) << 32 | __brev((unsigned)(x >> 32));
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
	unsigned long long b = (unsigned long long)y << 32 | x;
	unsigned r = 0;
	for (int i = 0; i < 4; i++)
		r |= (unsigned)(b >> (8 * (s >> (4 * i) & 7)) & 0xff) << (8 * i);
	return r;
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
	unsigned long long b = (unsigned long long)hi << 32 | lo;
	return (unsigned)((b << (s & 31)) >> 32);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
	unsigned long long b = (unsigned long long)hi << 32 | lo;
	return (unsigned)(b >> (s & 31));
}
static inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)((unsigned long long)a * b >> 32); }
static inline int __mulhi(int a, int b) { return (int)((long long)a * b >> 32); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
	return (unsigned long long)((unsigned __int128)a * b >> 64);
}
static inline int __mul24(int a, int b) { return (int)((long long)(a << 8 >> 8) * (b << 8 >> 8)); }
static inline unsigned __sad(int a, int b, unsigned c) { return c + (unsigned)(a > b ? a - b : b - a); }
template <class T> static inline T __ldg(const T *p) { return *p; }
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static inline long long min(long long a, long long b) { return a < b ? a : b; }
static inline long long max(long long a, long long b) { return a > b ? a : b; }
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline float __int_as_float(int x) { return refFromBits<float>((unsigned)x); }
static inline int __float_as_int(float x) { return (int)refBits(x); }
static inline unsigned __float_as_uint(float x) { return (unsigned)refBits(x); }
static inline float __uint_as_float(unsigned x) { return refFromBits<float>(x); }
static inline long long __double_as_longlong(double x) { return (long long)refBits(x); }
static inline double __longlong_as_double(long long x) { return refFromBits<double>((unsigned long long)x); }
static inline int __float2int_rz(float x) { return (int)x; }
static inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; } // NaN gives 0

// ---- half precision (the host side of <cuda_fp16.h>'s conversions) ----

struct __half {
	unsigned short __x;
};
static inline unsigned short refFloatToHalfRN(float f) {
	unsigned x = refBits(f), sign = (x >> 16) & 0x8000u;
	unsigned ax = x & 0x7fffffffu;
	if (ax >= 0x7f800000u) // inf or NaN: CUDA's canonical NaN is 0x7fff
		return ax > 0x7f800000u ? 0x7fff : (unsigned short)(sign | 0x7c00);
	if (ax >= 0x477ff000u) // rounds to >= 65520: overflow
		return (unsigned short)(sign | 0x7c00);
	int e = (int)(ax >> 23) - 127;
	unsigned m = (ax & 0x7fffffu) | 0x800000u;
	unsigned shift;
	unsigned base;
	if (e < -24 - 1) // below half the smallest subnormal
		return (unsigned short)sign;
	if (e < -14) { // subnormal half
		shift = 13 + (unsigned)(-14 - e);
		base = 0;
	} else {
		shift = 13;
		base = (unsigned)(e + 15) << 10;
		m &= 0x7fffffu;
	}
	unsigned q = m >> shift, r = m & ((1u << shift) - 1), half = 1u << (shift - 1);
	if (r > half || (r == half && (q & 1)))
		q++;
	return (unsigned short)(sign | (base + q)); // a carry moves into the exponent
}
static inline float refHalfToFloat(unsigned short h) {
	unsigned sign = (unsigned)(h & 0x8000) << 16, e = h >> 10 & 0x1f, m = h & 0x3ff;
	unsigned x;
	if (e == 0x1f)
		x = sign | 0x7f800000u | m << 13;
	else if (e != 0)
		x = sign | (e + 112) << 23 | m << 13;
	else if (m == 0)
		x = sign;
	else {
		int s = 0;
		while (!(m & 0x400)) {
			m <<= 1;
			s++;
		}
		x = sign | (unsigned)(113 - s) << 23 | (m & 0x3ff) << 13;
	}
	return refFromBits<float>(x);
}
static inline __half __float2half(float f) { return __half{refFloatToHalfRN(f)}; }
static inline __half __float2half_rn(float f) { return __float2half(f); }
static inline float __half2float(__half h) { return refHalfToFloat(h.__x); }
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline __half __ushort_as_half(unsigned short x) { return __half{x}; }

// ---- printf, malloc ----

extern std::mutex refPrintMu;
extern std::vector<std::string> refPrinted;
static inline int refPrintf(const char *f, ...) {
	va_list ap;
	va_start(ap, f);
	char buf[4096];
	int n = vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	std::lock_guard<std::mutex> l(refPrintMu);
	refPrinted.push_back(buf);
	return n;
}
#define printf refPrintf

// ---- launch ----

void *refDynShared();

struct RefArg {
	bool buffer = false;
	std::vector<unsigned char> bytes; // a scalar's or aggregate's bytes, or a buffer's contents
	size_t n = 0;                     // a buffer's size; past it, refGuard bytes catch overruns
	template <class T> operator T() const {
		if constexpr (std::is_pointer_v<T>) {
			if (!buffer) {
				fprintf(stderr, "shim: pointer parameter given a scalar argument\n");
				exit(3);
			}
			return (T)(void *)bytes.data();
		} else {
			if (buffer || bytes.size() != sizeof(T)) {
				fprintf(stderr, "shim: parameter of %zu bytes given an argument of %zu bytes\n", sizeof(T), bytes.size());
				exit(3);
			}
			T v;
			memcpy((void *)&v, bytes.data(), sizeof v);
			return v;
		}
	}
};
extern std::vector<RefArg> refArgs;
void refSetup(int argc, char **argv);
void refLaunch(void (*body)(void *), void *ctx);
int refFinish();

#define REF_MAIN(kernel, ...)                                             \
	int main(int argc, char **argv) {                                 \
		refSetup(argc, argv);                                     \
		std::vector<RefArg> &a = refArgs;                         \
		(void)a;                                                  \
		auto body = [&]() { kernel(__VA_ARGS__); };               \
		refLaunch([](void *c) { (*(decltype(body) *)c)(); }, &body); \
		return refFinish();                                       \
	}

// ---- the runtime (the host program is one translation unit) ----

thread_local uint3 threadIdx, blockIdx;
dim3 blockDim, gridDim;
thread_local RefThread refThread;
RefBarrier refBlockBarrier;
int refBlockSyncAcc;
std::mutex refPrintMu;
std::vector<std::string> refPrinted;
std::vector<RefArg> refArgs;
static size_t refSharedBytes;
static const size_t refGuard = 256;
static const char *refOutDir;
alignas(16) static unsigned char refDynSharedMem[64 * 1024];
void *refDynShared() { return refDynSharedMem; }

static void refParseDim(const char *s, dim3 *d) {
	d->x = d->y = d->z = 1;
	if (sscanf(s, "%u,%u,%u", &d->x, &d->y, &d->z) < 1) {
		fprintf(stderr, "shim: bad dimension %s\n", s);
		exit(3);
	}
}
static std::vector<unsigned char> refReadFile(const char *path) {
	std::vector<unsigned char> b;
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(3);
	}
	int c;
	while ((c = getc(f)) != EOF)
		b.push_back((unsigned char)c);
	fclose(f);
	return b;
}
template <class T> static RefArg refScalar(T v) {
	RefArg a;
	a.bytes.resize(sizeof v);
	memcpy(a.bytes.data(), &v, sizeof v);
	return a;
}
static RefArg refParseArg(const char *s) {
	const char *v = strchr(s, ':');
	if (!v) {
		fprintf(stderr, "shim: bad argument %s\n", s);
		exit(3);
	}
	std::string kind(s, v - s);
	v++;
	if (kind == "s8") return refScalar((int8_t)strtoll(v, 0, 0));
	if (kind == "u8") return refScalar((uint8_t)strtoull(v, 0, 0));
	if (kind == "s16") return refScalar((int16_t)strtoll(v, 0, 0));
	if (kind == "u16") return refScalar((uint16_t)strtoull(v, 0, 0));
	if (kind == "s32") return refScalar((int32_t)strtoll(v, 0, 0));
	if (kind == "u32") return refScalar((uint32_t)strtoull(v, 0, 0));
	if (kind == "s64") return refScalar((int64_t)strtoll(v, 0, 0));
	if (kind == "u64") return refScalar((uint64_t)strtoull(v, 0, 0));
	if (kind == "f32") return refScalar(strtof(v, 0));
	if (kind == "f64") return refScalar(strtod(v, 0));
	RefArg a;
	if (kind == "file") {
		a.buffer = true;
		a.bytes = refReadFile(v);
	} else if (kind == "zero") {
		a.buffer = true;
		a.bytes.assign(strtoull(v, 0, 0), 0);
	} else if (kind == "bytes") {
		for (size_t i = 0; v[i] && v[i + 1]; i += 2) {
			char h[3] = {v[i], v[i + 1], 0};
			a.bytes.push_back((unsigned char)strtoul(h, 0, 16));
		}
	} else {
		fprintf(stderr, "shim: bad argument %s\n", s);
		exit(3);
	}
	if (a.buffer) {
		a.n = a.bytes.size();
		a.bytes.resize(a.n + refGuard, 0xa5);
	}
	return a;
}
void refSetup(int argc, char **argv) {
	if (argc < 5) {
		fprintf(stderr, "usage: ref GRID BLOCK SHARED OUTDIR ARG...\n");
		exit(3);
	}
	refParseDim(argv[1], &gridDim);
	refParseDim(argv[2], &blockDim);
	refSharedBytes = strtoull(argv[3], 0, 0);
	if (refSharedBytes > sizeof refDynSharedMem) {
		fprintf(stderr, "shim: too much dynamic shared memory\n");
		exit(3);
	}
	refOutDir = argv[4];
	for (int i = 5; i < argc; i++)
		refArgs.push_back(refParseArg(argv[i]));
}
void refLaunch(void (*body)(void *), void *ctx) {
	unsigned n = blockDim.x * blockDim.y * blockDim.z;
	std::vector<RefWarp> warps((n + 31) / 32);
	for (unsigned bz = 0; bz < gridDim.z; bz++)
		for (unsigned by = 0; by < gridDim.y; by++)
			for (unsigned bx = 0; bx < gridDim.x; bx++) {
				memset(refDynSharedMem, 0, sizeof refDynSharedMem);
				refBlockBarrier.want = n;
				std::vector<std::thread> ts;
				for (unsigned t = 0; t < n; t++)
					ts.emplace_back([=, &warps] {
						blockIdx = uint3{bx, by, bz};
						threadIdx = uint3{t % blockDim.x, t / blockDim.x % blockDim.y, t / (blockDim.x * blockDim.y)};
						unsigned w = t / 32;
						refThread = RefThread{t, &warps[w], t % 32, n - w * 32 < 32 ? n - w * 32 : 32};
						body(ctx);
					});
				for (auto &t : ts)
					t.join();
			}
}
int refFinish() {
	for (size_t i = 0; i < refArgs.size(); i++) {
		if (!refArgs[i].buffer)
			continue;
		RefArg &a = refArgs[i];
		for (size_t k = a.n; k < a.bytes.size(); k++)
			if (a.bytes[k] != 0xa5) {
				fprintf(stderr, "shim: the kernel wrote past the end of buffer argument %zu (%zu bytes)\n", i, a.n);
				return 3;
			}
		std::string p = std::string(refOutDir) + "/arg" + std::to_string(i) + ".bin";
		FILE *f = fopen(p.c_str(), "wb");
		if (!f || fwrite(a.bytes.data(), 1, a.n, f) != a.n || fclose(f) != 0) {
			perror(p.c_str());
			return 3;
		}
	}
	for (auto &s : refPrinted)
		fputs(s.c_str(), stdout);
	return 0;
}

#endif
