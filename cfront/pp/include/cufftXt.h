#include <cufft.h>
typedef struct cudaLibXtDesc_t cudaLibXtDesc;
