/* Built-in <vector_types.h>: CUDA's vector types (char1 .. double4) with
   the alignments of CUDA 11.8's vector_types.h, and dim3. */
#ifndef __PTXABI_VECTOR_TYPES_H
#define __PTXABI_VECTOR_TYPES_H
__ptxabi_builtin_type(char1, uchar1, char2, uchar2, char3, uchar3, char4, uchar4);
__ptxabi_builtin_type(short1, ushort1, short2, ushort2, short3, ushort3, short4, ushort4);
__ptxabi_builtin_type(int1, uint1, int2, uint2, int3, uint3, int4, uint4);
__ptxabi_builtin_type(long1, ulong1, long2, ulong2, long3, ulong3, long4, ulong4);
__ptxabi_builtin_type(longlong1, ulonglong1, longlong2, ulonglong2, longlong3, ulonglong3, longlong4, ulonglong4);
__ptxabi_builtin_type(float1, float2, float3, float4, double1, double2, double3, double4);
struct dim3 {
	unsigned int x, y, z;
	__host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
#endif
