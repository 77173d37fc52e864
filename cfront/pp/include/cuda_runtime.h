/* Built-in <cuda_runtime.h>, included before every translation unit as
   nvcc does. */
#ifndef __PTXABI_CUDA_RUNTIME_H
#define __PTXABI_CUDA_RUNTIME_H
#include <stddef.h>
#include <limits.h>
#include <ptxabi_crt.h>
#include <vector_types.h>
#ifdef __PTXABI_DEVICE_BUILTINS
#include <ptxabi_device_builtins.h>
#endif
/* texture_types.h and surface_types.h: 64-bit object handles. */
__ptxabi_builtin_type(cudaTextureObject_t, cudaSurfaceObject_t);
#if defined(__PTXABI_DEVICE_BUILTINS) && (!defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_TEX))
/* texture_indirect_functions.h: fetches through a texture object, each one
   tex instruction (ptxabi cc's built-ins). */
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t texObject, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t texObject, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t texObject, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t texObject, float x, int layer);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer);
template <class T> __device__ T texCubemap(cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __device__ T tex1DLod(cudaTextureObject_t texObject, float x, float level);
template <class T> __device__ T tex2DLod(cudaTextureObject_t texObject, float x, float y, float level);
template <class T> __device__ T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z, float level);
template <class T> __device__ T tex1DGrad(cudaTextureObject_t texObject, float x, float dPdx, float dPdy);
template <class T> __device__ T tex2DGrad(cudaTextureObject_t texObject, float x, float y, float2 dPdx, float2 dPdy);
template <class T> __device__ T tex3DGrad(cudaTextureObject_t texObject, float x, float y, float z, float4 dPdx, float4 dPdy);
template <class T> __device__ T tex2Dgather(cudaTextureObject_t texObject, float x, float y, int comp = 0);
#endif
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2
};
typedef enum cudaError cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
extern "C" __device__ const uint3 threadIdx;
extern "C" __device__ const uint3 blockIdx;
extern "C" __device__ const dim3 blockDim;
extern "C" __device__ const dim3 gridDim;
extern "C" __device__ const int warpSize;
/* Host code's runtime API types (its functions are called in bodies,
   which are not parsed). ptxabi cc declares them (and the host's C
   library functions of <stdio.h>, <stdlib.h> and <string.h>) where the
   unit names one (__PTXABI_HOSTAPI) or fetches through a texture
   reference; their macros are always defined. */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4
};
struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	int major;
	int minor;
	int multiProcessorCount;
	int concurrentKernels;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int maxThreadsPerMultiProcessor;
	int managedMemory;
	int cooperativeLaunch;
};
struct cudaFuncAttributes { size_t sharedSizeBytes; size_t constSizeBytes; size_t localSizeBytes; int maxThreadsPerBlock; int numRegs; int ptxVersion; int binaryVersion; };
typedef struct cudaArray *cudaArray_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
#endif
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
extern "C" const char *cudaGetErrorString(cudaError_t error);
extern "C" const char *cudaGetErrorName(cudaError_t error);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" cudaError_t cudaDeviceSynchronize(void);
/* driver_types.h: structures as CUDA 11.8 lays them out; those whose
   layout is not reproduced are incomplete (usable through pointers and
   references only). */
#endif
#define CUDART_CB
#define CUDARTAPI
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned = 0,
	cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2,
	cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc { int x; int y; int z; int w; enum cudaChannelFormatKind f; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };
struct cudaExtent { size_t width; size_t height; size_t depth; };
struct cudaPos { size_t x; size_t y; size_t z; };
struct cudaMemcpy3DParms;
struct cudaResourceDesc;
struct cudaTextureDesc;
struct cudaResourceViewDesc;
struct cudaAccessPolicyWindow;
struct cudaMemAllocNodeParams;
struct cudaKernelNodeParams;
struct cudaMemsetParams;
struct cudaHostNodeParams;
struct cudaLaunchParams;
struct cudaPointerAttributes;
#endif
#define CUDA_IPC_HANDLE_SIZE 64
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
typedef struct cudaIpcMemHandle_st { char reserved[CUDA_IPC_HANDLE_SIZE]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[CUDA_IPC_HANDLE_SIZE]; } cudaIpcEventHandle_t;
struct cudaMemPoolPtrExportData { unsigned char reserved[64]; };
typedef struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct CUuserObject_st *cudaUserObject_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
typedef void (*cudaHostFn_t)(void *userData);
#endif
/* What texture and surface references need (their fetches too). */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI) || defined(__PTXABI_BUILTINS_TEX)
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
/* cuda_texture_types.h, surface_types.h: texture and surface references (removed in CUDA 12; declared at file scope by older programs). */
#endif
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI) || defined(__PTXABI_BUILTINS_TEX)
template <class __T, int __dim = 1, enum cudaTextureReadMode __mode = cudaReadModeElementType> struct texture { int normalized; };
template <class __T, int __dim = 1> struct surface { int __ptxabi_unused; };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
#endif
#if defined(__PTXABI_DEVICE_BUILTINS) && (!defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_BUILTINS_TEX))
/* texture_fetch_functions.h: fetches through a texture reference, each
   one tex instruction naming the reference's .texref (ptxabi cc's
   built-ins). In cudaReadModeNormalizedFloat an integer texel of 8 or 16
   bits reads as a float (or vector of floats) of as many elements. */
template <class T> struct __ptxabi_texref_nf { };
template <> struct __ptxabi_texref_nf<char> { typedef float type; };
template <> struct __ptxabi_texref_nf<signed char> { typedef float type; };
template <> struct __ptxabi_texref_nf<unsigned char> { typedef float type; };
template <> struct __ptxabi_texref_nf<short> { typedef float type; };
template <> struct __ptxabi_texref_nf<unsigned short> { typedef float type; };
template <> struct __ptxabi_texref_nf<char1> { typedef float1 type; };
template <> struct __ptxabi_texref_nf<uchar1> { typedef float1 type; };
template <> struct __ptxabi_texref_nf<short1> { typedef float1 type; };
template <> struct __ptxabi_texref_nf<ushort1> { typedef float1 type; };
template <> struct __ptxabi_texref_nf<char2> { typedef float2 type; };
template <> struct __ptxabi_texref_nf<uchar2> { typedef float2 type; };
template <> struct __ptxabi_texref_nf<short2> { typedef float2 type; };
template <> struct __ptxabi_texref_nf<ushort2> { typedef float2 type; };
template <> struct __ptxabi_texref_nf<char4> { typedef float4 type; };
template <> struct __ptxabi_texref_nf<uchar4> { typedef float4 type; };
template <> struct __ptxabi_texref_nf<short4> { typedef float4 type; };
template <> struct __ptxabi_texref_nf<ushort4> { typedef float4 type; };
template <class T> __device__ T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int x);
template <class T> __device__ T tex1D(texture<T, 1, cudaReadModeElementType> t, float x);
template <class T> __device__ T tex2D(texture<T, 2, cudaReadModeElementType> t, float x, float y);
template <class T> __device__ T tex3D(texture<T, 3, cudaReadModeElementType> t, float x, float y, float z);
template <class T> __device__ auto tex1Dfetch(texture<T, 1, cudaReadModeNormalizedFloat> t, int x) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex1D(texture<T, 1, cudaReadModeNormalizedFloat> t, float x) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex2D(texture<T, 2, cudaReadModeNormalizedFloat> t, float x, float y) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex3D(texture<T, 3, cudaReadModeNormalizedFloat> t, float x, float y, float z) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ T tex1DLayered(texture<T, 0xF1, cudaReadModeElementType> t, float x, int layer);
template <class T> __device__ T tex2DLayered(texture<T, 0xF2, cudaReadModeElementType> t, float x, float y, int layer);
template <class T> __device__ T texCubemap(texture<T, 0x0C, cudaReadModeElementType> t, float x, float y, float z);
template <class T> __device__ auto tex1DLayered(texture<T, 0xF1, cudaReadModeNormalizedFloat> t, float x, int layer) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex2DLayered(texture<T, 0xF2, cudaReadModeNormalizedFloat> t, float x, float y, int layer) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto texCubemap(texture<T, 0x0C, cudaReadModeNormalizedFloat> t, float x, float y, float z) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ T tex1DLod(texture<T, 1, cudaReadModeElementType> t, float x, float level);
template <class T> __device__ T tex2DLod(texture<T, 2, cudaReadModeElementType> t, float x, float y, float level);
template <class T> __device__ T tex3DLod(texture<T, 3, cudaReadModeElementType> t, float x, float y, float z, float level);
template <class T> __device__ auto tex1DLod(texture<T, 1, cudaReadModeNormalizedFloat> t, float x, float level) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex2DLod(texture<T, 2, cudaReadModeNormalizedFloat> t, float x, float y, float level) -> typename __ptxabi_texref_nf<T>::type;
template <class T> __device__ auto tex3DLod(texture<T, 3, cudaReadModeNormalizedFloat> t, float x, float y, float z, float level) -> typename __ptxabi_texref_nf<T>::type;
/* surface_indirect_functions.h: reads and writes through a surface
   object, each one suld.b or sust.b (x is a byte offset); the boundary
   mode is a constant. surface_functions.h: the same through a surface
   reference (surface<void, dim>), naming its .surfref. */
template <class T> __device__ void surf1Dread(T *ptr, cudaSurfaceObject_t obj, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t obj, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T *ptr, cudaSurfaceObject_t obj, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t obj, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dread(T *ptr, cudaSurfaceObject_t obj, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf3Dread(cudaSurfaceObject_t obj, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T data, cudaSurfaceObject_t obj, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T data, cudaSurfaceObject_t obj, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T data, cudaSurfaceObject_t obj, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1DLayeredwrite(T data, cudaSurfaceObject_t obj, int x, int layer, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2DLayeredwrite(T data, cudaSurfaceObject_t obj, int x, int y, int layer, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dread(T *ptr, surface<void, 1> s, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf1Dread(surface<void, 1> s, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T *ptr, surface<void, 2> s, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(surface<void, 2> s, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dread(T *ptr, surface<void, 3> s, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf3Dread(surface<void, 3> s, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T data, surface<void, 1> s, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T data, surface<void, 2> s, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T data, surface<void, 3> s, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1DLayeredwrite(T data, surface<void, 0xF1> s, int x, int layer, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2DLayeredwrite(T data, surface<void, 0xF2> s, int x, int y, int layer, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
#endif
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_HOSTAPI)
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
enum cudaGraphicsRegisterFlags { cudaGraphicsRegisterFlagsNone = 0 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaComputeMode { cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2, cudaComputeModeExclusiveProcess = 3 };
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2 };
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1 };
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
#endif
/* nvcc's cuda_runtime.h brings in the host's <cmath>, <cstdlib>, <utility>,
   <type_traits>, <limits>, <new> and <initializer_list>: those of std's
   names are declared in every translation unit. */
#include <ptxabi_cxxcore.h>
/* and the C library's <math.h>, whose constants (M_PI, HUGE_VAL,
   INFINITY) need no #include in a .cu file (ptxabi cc defines them where
   the unit names one). */
#if !defined(__PTXABI_BUILTINS_LAZY) || defined(__PTXABI_MATHCONST)
#include <ptxabi_mathconst.h>
#endif
#endif
