// Kernel templates whose non-type parameter is a pointer to a device
// function, instantiated with &f and f, directly and through a host
// template that passes its own parameter on (symbols X ad L _Z... E E).
using fn_ptr = void (*)(float *p, int n, const float *k, float a);
__device__ void tri3(float *p, int n, const float *k, float a) {}
__device__ void tri4(float *p, int n, const float *k, float a) {}
template <fn_ptr f>
__global__ void tglobal(float *out, const float *inp, int n) { f(out, n, inp, 1.0f); }
template <fn_ptr f>
void launcher(float *out, const float *inp, int n) { tglobal<f><<<1, 1>>>(out, inp, n); }
void run(float *o, const float *i, int n) {
	launcher<tri3>(o, i, n);
	launcher<&tri4>(o, i, n);
	tglobal<&tri4><<<1, 1>>>(o, i, n);
}
