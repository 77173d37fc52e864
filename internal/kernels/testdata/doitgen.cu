//@ kernel: doitgen
//@ grid: 4,3
//@ block: 8
//@ arg: gen:f32:768
//@ arg: gen:f32:64
//@ arg: zero:3072
//@ tags: fp
// PolyBench doitgen: sum[r][q][p] = sum_s A[r][q][s] * C4[s][p], NR=3 NQ=4 NP=8.
#define NQ 4
#define NP 8
extern "C" __global__ void doitgen(const float *a, const float *c4, float *sum)
{
	int r = blockIdx.y, q = blockIdx.x, p = threadIdx.x;
	float s = 0.0f;
	for (int k = 0; k < NP; k++)
		s += a[(r * NQ + q) * NP + k] * c4[k * NP + p];
	sum[(r * NQ + q) * NP + p] = s;
}
