// What public CUDA programs write that the parser reads: inline PTX
// operands without a comma between them (nvcc takes them), a static
// member of a class template's specialization called as a statement, and
// member function templates called with explicit arguments.
template <int X, int Y> struct Win {
	static __device__ void run(const int *in, int *out) { out[0] = in[0] + X * Y; }
	template <bool R> __device__ int get(const int *in, int k) { return R ? in[k] : k; }
};
__device__ void store(unsigned char *p, unsigned int v)
{
	asm volatile("st.global.u8 [%1], %0;" ::"r"(v) "l"(p) : "memory");
}
__global__ void k(const int *in, int *out)
{
	Win<4, 2>::run(in, out);
	Win<4, 2> w;
	out[1] = w.get<true>(in, 2) + w.template get<false>(in, 3);
}
