// A kernel template launched from a generic lambda that a host function
// template calls with std::integral_constant tags (block sizes chosen at
// run time, each a compile-time constant in the lambda's body); the
// lambda also called directly. No header is included: std's
// integral_constant comes with cuda_runtime.h, as nvcc includes it.
template <int BlockSize>
__global__ void softmax(float *out, const float *in, int n) {
	__shared__ float buf[BlockSize];
	buf[threadIdx.x] = in[threadIdx.x % n];
	out[threadIdx.x] = buf[BlockSize - 1 - threadIdx.x];
}

template <int BlockSize, class T>
__global__ void scale(T *out, T s) { out[threadIdx.x] *= s * BlockSize; }

template <class Launcher>
void dispatch_launch(Launcher &&launch, int block_size) {
	switch (block_size) {
	case 32:
		return launch(std::integral_constant<int, 32>{});
	case 128:
		return launch(std::integral_constant<int, 128>{});
	default:
		return launch(std::integral_constant<int, 1024>{});
	}
}

void launch_softmax(float *out, const float *in, int n, int block_size) {
	auto launch = [&](auto int_const) {
		softmax<int_const.value><<<n, int_const.value>>>(out, in, n);
	};
	dispatch_launch(launch, block_size);
}

void launch_scale(double *out, double s, int block_size) {
	auto launch = [&](auto int_const) {
		constexpr int bs = int_const.value;
		scale<bs><<<1, bs>>>(out, s);
	};
	dispatch_launch(launch, block_size);
	launch(std::integral_constant<int, 64>{});
}
