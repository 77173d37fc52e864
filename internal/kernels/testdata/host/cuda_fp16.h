// Stands in for CUDA's <cuda_fp16.h> in the host reference build; the
// half-precision type lives with the rest of the shim.
#include "shim.h"
