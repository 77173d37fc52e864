#include <cudaEGL.h>
