//@ kernel: builtin_dims
//@ grid: 3,2,2
//@ block: 8,4,2
//@ arg: zero:36864
// Every built-in variable's every member, in a grid and blocks whose
// dimensions all differ: threadIdx and blockIdx are uint3, blockDim and
// gridDim dim3 (a struct, read member by member).
extern "C" __global__ void builtin_dims(unsigned *out)
{
	unsigned t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	unsigned b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
	unsigned *o = out + 12 * (b * blockDim.x * blockDim.y * blockDim.z + t);
	o[0] = threadIdx.x, o[1] = threadIdx.y, o[2] = threadIdx.z;
	o[3] = blockIdx.x, o[4] = blockIdx.y, o[5] = blockIdx.z;
	o[6] = blockDim.x, o[7] = blockDim.y, o[8] = blockDim.z;
	o[9] = gridDim.x, o[10] = gridDim.y, o[11] = gridDim.z;
}
