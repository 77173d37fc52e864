// Texture references (texture<T, dim, mode> at namespace scope, CUDA
// 11.8's legacy API) for TestTextureFetches: each is a .texref, declared
// whether or not a function uses it, and each fetch one tex instruction
// naming it, as nvcc writes it: of every geometry (layered and cubemap
// too), of float, integer and vector texels, in cudaReadModeElementType
// and cudaReadModeNormalizedFloat. The executor has no textures: the
// declarations and instructions are compared, and ptxas assembles them.
texture<float, 1, cudaReadModeElementType> tf;
texture<int, 1> ti;
texture<unsigned int, 1> tu;
texture<char, 1> tc;
texture<unsigned char, 2, cudaReadModeElementType> tuc;
texture<short2, 1> ts2;
texture<float4, 1> tf4;
texture<int4, 2> ti4;
texture<float, 2> t2;
texture<float, 3> t3;
texture<uchar4, 2, cudaReadModeNormalizedFloat> tn4;
texture<char, 1, cudaReadModeNormalizedFloat> tnc;
texture<unsigned short, 2, cudaReadModeNormalizedFloat> tnus;
texture<short2, 1, cudaReadModeNormalizedFloat> tns2;
texture<char4, 3, cudaReadModeNormalizedFloat> tnc4;
texture<float, 1> unused;
texture<float4, cudaTextureType2D, cudaReadModeElementType> t2d;
namespace ns {
texture<float, 1> tns;
}
static texture<int, 1> tstatic;
texture<float, cudaTextureType1DLayered> tl1;
texture<float2, cudaTextureType2DLayered> tl2;
texture<uchar4, cudaTextureTypeCubemap, cudaReadModeNormalizedFloat> tcube;

// A device function fetches through a reference as a kernel does.
__device__ float helper(int i) { return tex1Dfetch(ns::tns, i) + tex1Dfetch(tstatic, i); }

__global__ void k(float *o, int *oi, int i, float x, float y, float z)
{
	o[0] = tex1Dfetch(tf, i);
	o[1] = tex1D(tf, x);
	oi[0] = tex1Dfetch(ti, i);
	oi[1] = tex1Dfetch(tu, i);
	oi[2] = tex1Dfetch(tc, i);
	oi[3] = tex2D(tuc, x, y);
	short2 s = tex1Dfetch(ts2, i);
	oi[4] = s.y;
	float4 a = tex1Dfetch(tf4, i);
	o[2] = a.x + a.w;
	int4 b = tex2D(ti4, x, y);
	oi[5] = b.z;
	o[3] = tex2D(t2, x, y);
	o[4] = tex3D(t3, x, y, z);
	float4 n = tex2D(tn4, x, y);
	o[5] = n.y;
	o[6] = tex1Dfetch(tnc, i);
	o[7] = tex2D(tnus, x, y);
	float2 n2 = tex1D(tns2, x);
	o[8] = n2.y;
	float4 n4 = tex3D(tnc4, x, y, z);
	o[9] = n4.x + n4.w;
	o[10] = tex2D(t2d, y, x).w + helper(i);
	o[11] = tex1DLayered(tl1, x, i);
	o[12] = tex2DLayered(tl2, x, y, i).y;
	o[13] = texCubemap(tcube, x, y, z).z;
	o[14] = tex2DLod(t2, x, y, z) + tex1DLod(tnc, x, z) + tex3DLod(t3, x, y, z, x);
}
