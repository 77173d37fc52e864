#include <cuda_runtime.h>
#include <GL/gl.h>
