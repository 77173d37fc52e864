// Texture object fetches of every geometry (with a level of detail or
// gradients too; gathers) and of scalar and vector results, surface
// object writes and reads, and fetches through texture references, for
// TestTextureFetches: each is one tex, tld4, sust.b or suld.b
// instruction, as nvcc writes it (the executor has no textures: the
// instructions are compared, and ptxas assembles them).
__global__ void k(cudaTextureObject_t t, float *o, uchar4 *u, int *iv, float2 *f2)
{
	o[0] = tex1Dfetch<float>(t, 3);
	o[1] = tex1D<float>(t, 0.5f);
	o[2] = tex2D<float>(t, 0.5f, 1.5f);
	o[3] = tex3D<float>(t, 0.5f, 1.5f, 2.5f);
	o[4] = tex1DLayered<float>(t, 0.5f, 2);
	o[5] = tex2DLayered<float>(t, 0.5f, 1.5f, 3);
	o[6] = texCubemap<float>(t, 0.5f, 1.5f, 2.5f);
	u[0] = tex2D<uchar4>(t, 0.5f, 1.5f);
	iv[0] = tex2D<int>(t, 0.5f, 1.5f);
	f2[0] = tex2D<float2>(t, 0.5f, 1.5f);
	unsigned char c = tex2D<unsigned char>(t, 1.0f, 2.0f);
	iv[1] = c;
	short s = tex1Dfetch<short>(t, 7);
	iv[2] = s;
	o[7] = tex1DLod<float>(t, 0.5f, 1.0f);
	o[8] = tex2DLod<float4>(t, 0.5f, 1.5f, 2.0f).w;
	o[9] = tex3DLod<float>(t, 0.5f, 1.5f, 2.5f, 0.25f);
	u[1] = tex2DLod<uchar4>(t, 0.5f, 1.5f, 3.0f);
	o[10] = tex1DGrad<float>(t, o[20], o[21], o[22]);
	o[11] = tex2DGrad<float>(t, o[20], o[21], make_float2(o[22], o[23]), make_float2(o[24], o[25]));
	o[12] = tex3DGrad<float4>(t, o[20], o[21], o[22], make_float4(o[23], o[24], o[25], o[26]), make_float4(o[27], o[28], o[29], o[30])).z;
	o[13] = tex2Dgather<float4>(t, o[20], o[21], 1).w + tex2Dgather<float4>(t, o[21], o[20]).x;
	iv[3] = tex2Dgather<int4>(t, o[20], o[21], 3).y;
	f2[1] = tex2DLod<float2>(t, 0.5f, 1.5f, 2.0f);
}

// Surface object writes of scalars and vectors, 8- to 64-bit elements,
// each boundary mode: one sust instruction each.
__global__ void w(cudaSurfaceObject_t s, float4 f4, float f, uchar4 u4, int x, int y, int z, float2 f2,
	unsigned short us, int i, unsigned char uc, long long ll, short2 s2)
{
	surf2Dwrite(f, s, x * 4, y);
	surf2Dwrite(f4, s, x * 16, y);
	surf2Dwrite<uchar4>(u4, s, x * 4, y);
	surf3Dwrite(us, s, x, y, z);
	surf1Dwrite(f2, s, x);
	surf1Dwrite(i, s, x, cudaBoundaryModeZero);
	surf2Dwrite(f, s, x * 4, y, cudaBoundaryModeClamp);
	surf3Dwrite(uc, s, x, y, z, cudaBoundaryModeTrap);
	surf1Dwrite(ll, s, x * 8);
	surf2Dwrite(s2, s, x * 4, y);
	surf1DLayeredwrite(f, s, x * 4, z);
	surf2DLayeredwrite(f4, s, x * 16, y, z, cudaBoundaryModeZero);
}

// Surface object reads, returned or stored through a pointer: one suld
// instruction each.
__global__ void rd(cudaSurfaceObject_t s, float4 *o4, float *o, uchar4 *u, int x, int y, int z, unsigned short *us,
	long long *ll, short2 *s2)
{
	o[0] = surf2Dread<float>(s, x * 4, y);
	o4[0] = surf2Dread<float4>(s, x * 16, y, cudaBoundaryModeZero);
	u[0] = surf1Dread<uchar4>(s, x * 4);
	surf3Dread(us, s, x, y, z);
	float f;
	surf2Dread(&f, s, x, y, cudaBoundaryModeClamp);
	o[1] = f;
	ll[0] = surf1Dread<long long>(s, x * 8);
	surf2Dread(s2, s, x * 4, y);
	unsigned char c = surf3Dread<unsigned char>(s, x, y, z, cudaBoundaryModeZero);
	o[2] = c;
}

// Texture references (texture<T, dim, cudaReadModeElementType>, removed
// in CUDA 12 and used by older programs): .global .texref variables that
// the tex instructions name.
texture<float, 1, cudaReadModeElementType> refF;
texture<float4, 1, cudaReadModeElementType> refF4;
texture<uchar4, 2, cudaReadModeElementType> refU4;
texture<int, 1> refI;
texture<short2, 3> refS2;
__global__ void r(float *o, float4 *o4, uchar4 *u, int *iv, int i, float x, float y, float z)
{
	o[0] = tex1Dfetch(refF, i);
	o4[0] = tex1Dfetch(refF4, i + 1);
	u[0] = tex2D(refU4, x, y);
	iv[0] = tex1Dfetch(refI, i);
	o[1] = tex1D(refF, x);
	short2 s = tex3D(refS2, x, y, z);
	iv[1] = s.x + s.y;
}
