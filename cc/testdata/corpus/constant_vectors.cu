//@ kernel: constant_vectors
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-100:100
//@ arg: zero:512
// Device variables of vector types with braced initializers (dxtc's
// __constant__ float3 kColorMetric = {1.0f, 1.0f, 1.0f};): scalars of
// every width, a partial list (the rest zero), an array of vectors.
__constant__ float3 kMetric = {0.2126f, 0.7152f, 0.0722f};
__constant__ int4 kInts = {1, -2, 3, -4};
__device__ uchar4 kBytes = {250, 1, 128, 7};
__constant__ double2 kHalf = {0.5};
__device__ short2 kPairs[3] = {{1, -1}, {300, -300}, {7}};
extern "C" __global__ void constant_vectors(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 4;
	o[0] = (int)(v * kMetric.x * 1000) + (int)(v * kMetric.y * 100) + (int)(kMetric.z * 10000);
	o[1] = kInts.x * v + kInts.y + kInts.z * kInts.w;
	o[2] = kBytes.x + kBytes.y * 2 + kBytes.z * 3 + kBytes.w * v + (int)(kHalf.x * 8) + (int)kHalf.y;
	o[3] = kPairs[t % 3].x * 10 + kPairs[t % 3].y;
}
