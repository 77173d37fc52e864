// Statements of C and CUDA C++.
__device__ int sum(const int *p, int n)
{
	int s = 0, i;
	for (i = 0; i < n; i++)
		s += p[i];
	while (s > 100) s -= 100;
	do { s++; } while (s < 3);
	if (s & 1) s = -s; else if (s == 2) s = 4; else { }
	switch (n) {
	case 0: return 0;
	case 1: case 2: s <<= 1; break;
	default: goto out;
	}
	for (;;) { if (s) break; continue; }
out:
	static int calls;
	calls++;
	return s;
}
__global__ void kern(float *out, int n)
{
	__shared__ float buf[256];
	unsigned int t = threadIdx.x + blockIdx.x * blockDim.x;
	typedef float real;
	real r = (real)t;
	buf[threadIdx.x] = r;
	__syncthreads();
	int v;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(v));
	asm("st.global.f32 [%0], %1;" :: "l"(out), "f"(r) : "memory");
	if (t < n) out[t] = buf[(threadIdx.x + 1) % 256] + sum((const int *)out, 2);
}
