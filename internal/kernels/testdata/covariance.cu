//@ kernel: covariance
//@ grid: 1
//@ block: 16
//@ arg: gen:f64:512
//@ arg: zero:2048
//@ tags: fp
// PolyBench covariance over 32 samples of 16 variables: column means in shared
// memory, then the upper triangle, mirrored.
#define M 16
#define NS 32
extern "C" __global__ void covariance(double *data, double *cov)
{
	__shared__ double mean[M];
	int j = threadIdx.x;
	double s = 0.0;
	for (int i = 0; i < NS; i++)
		s += data[i * M + j];
	mean[j] = s / NS;
	__syncthreads();
	for (int i = 0; i < NS; i++)
		data[i * M + j] -= mean[j];
	__syncthreads();
	for (int j2 = j; j2 < M; j2++) {
		double c = 0.0;
		for (int i = 0; i < NS; i++)
			c += data[i * M + j] * data[i * M + j2];
		c /= NS - 1.0;
		cov[j * M + j2] = c;
		cov[j2 * M + j] = c;
	}
}
