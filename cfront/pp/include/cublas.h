/* Built-in <cublas_v2.h>: cuBLAS's handle and status types. */
#ifndef __PTXABI_CUBLAS_V2_H
#define __PTXABI_CUBLAS_V2_H
#include <cuda_runtime.h>
typedef enum { CUBLAS_STATUS_SUCCESS = 0 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1 } cublasFillMode_t;
typedef struct cublasContext *cublasHandle_t;
#endif
