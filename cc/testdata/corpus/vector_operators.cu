//@ kernel: vector_operators
//@ grid: 1
//@ block: 32
//@ arg: gen:f32:64:-8:8
//@ arg: zero:1024
// Operators on CUDA's vector types that the program declares, as
// helper_math.h does: binary (vector and scalar operands), unary minus,
// compound assignment and a comparison.
inline __device__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
inline __device__ float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
inline __device__ float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
inline __device__ float2 operator*(float s, float2 a) { return make_float2(s * a.x, s * a.y); }
inline __device__ float2 operator*(float2 a, float s) { return make_float2(s * a.x, s * a.y); }
inline __device__ void operator+=(float2 &a, float2 b) { a.x += b.x; a.y += b.y; }
inline __device__ bool operator==(float2 a, float2 b) { return a.x == b.x && a.y == b.y; }
inline __device__ int4 operator^(int4 a, int b) { return make_int4(a.x ^ b, a.y ^ b, a.z ^ b, a.w ^ b); }
inline __device__ float2 lerp(float2 a, float2 b, float t) { return a + t * (b - a); }
extern "C" __global__ void vector_operators(const float2 *in, float4 *out)
{
	int t = threadIdx.x;
	float2 a = in[t], b = in[(t + 1) & 31];
	float2 c = lerp(a, b, 0.25f);
	c += -a * 0.5f;
	int4 m = make_int4(t, t + 1, t + 2, t + 3) ^ 5;
	out[2 * t] = make_float4(c.x, c.y, a == b ? 1.0f : 0.0f, a == a ? 2.0f : 0.0f);
	out[2 * t + 1] = make_float4(m.x, m.y, m.z, m.w);
}
