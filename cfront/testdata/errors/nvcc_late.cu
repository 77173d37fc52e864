// Errors nvcc reports only once the front end has accepted the file.
__global__ int k(void); /* ERROR "__global__ function must have a void return type" */
__global__ __device__ void both(void); /* ERROR "cannot also be __device__" */
__device__ int empty_list[] = {}; /* ERROR "zero-sized variable .empty_list. is not allowed in device code" */
