#include <cuda_runtime.h>
#include <EGL/egl.h>
typedef struct CUeglStreamConnection_st *cudaEglStreamConnection;
struct cudaEglFrame;
