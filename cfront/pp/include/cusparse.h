/* Built-in <cusparse.h>: cuSPARSE's handle and status types. */
#ifndef __PTXABI_CUSPARSE_H
#define __PTXABI_CUSPARSE_H
#include <cuda_runtime.h>
typedef enum { CUSPARSE_STATUS_SUCCESS = 0 } cusparseStatus_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
#endif
