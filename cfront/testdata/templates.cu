// Templates as interop headers and CUDA programs write them: function and
// class templates, explicit instantiations and specializations, default
// and non-type arguments (constant expressions), alias templates,
// typename-dependent names, members defined outside a class template, and
// the instances that function bodies name.
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
template __device__ float tmax<float>(float, float);
template __device__ double tmax(double, double);
template <> __device__ int tmax<int>(int a, int b) { return a < b ? b : a; }

template <typename T, int N = 4> struct Array {
	typedef T value_type;
	T v[N];
	__device__ T sum() const { T s = 0; for (int i = 0; i < N; i++) s += v[i]; return s; }
	__device__ T at(int i) const;
	static const int size = N;
};
template <typename T, int N> __device__ T Array<T, N>::at(int i) const { return v[i]; }
template struct Array<float, 3>;
template <> struct Array<int, 0> { int empty; __device__ int sum() const { return 0; } };

template <typename T> using Vec4 = Array<T, 2 * 2>;
typedef Array<double, sizeof(int) - 1> D3;

template <typename A> struct Traits { typedef typename A::value_type type; enum { n = A::size }; };
template <typename A> __device__ A pick(const A *a, int i) { return a[i]; }
template __device__ Array<float, 3> pick<Array<float, 3> >(const Array<float, 3> *, int);

template <typename T> __global__ void scale(T *p, T s, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) p[i] *= s;
}
template <int B, bool Flag> __global__ void blocked(float *p) { if (Flag) p[B] = 0; }

__device__ float use(const Array<float, 3> &a, Vec4<float> *b, D3 d, Array<int, 0> z, Traits<Array<char, Traits<D3>::n> >::type c) {
	return tmax<float>(a.sum(), b->sum()) + (float)d.at(0) + z.sum() + tmax<long>(1l, 2l);
}
void launch(float *p, double *q, int n) {
	scale<float><<<(n + 255) / 256, 256>>>(p, 2.0f, n);
	scale<double><<<1, 1>>>(q, 0.5, n);
	blocked<64, true><<<1, 64>>>(p);
}
template <class T> void run(T *p, int n);
void start(float *p, int *q) { run<float>(p, 4); run<int>(q, 8); }
template <class T> void run(T *p, int n) {
	switch (n) {
	case 4:
		constexpr int groups = 2;
		blocked<256 / groups, sizeof(T) == 4><<<1, 1>>>((float *)p);
		break;
	}
}
template <class T, class U = Array<Array<T, 1>>> struct Nest { U u; };
__device__ void nest(Nest<int> n) {}
template <class T> struct Stack { T items[4]; __device__ __noinline__ void push(T v) { items[0] = v; } };
__global__ void stacks(int *o) { Stack<int> s; s.push(1); o[0] = s.items[0]; }
// A member function of a class template's specialization, explicitly
// instantiated from its definition outside the class.
template <typename T> struct Kinded { T v; __device__ int kind() const; };
template <typename T> __device__ int Kinded<T>::kind() const { return 1; }
template __device__ int Kinded<int *>::kind() const;
