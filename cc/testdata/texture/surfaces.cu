// Surface objects (cudaSurfaceObject_t, a 64-bit handle) and surface
// references (surface<void, dim>, a .surfref) for TestTextureFetches:
// each read one suld.b and each write one sust.b of the value's elements
// (8 to 64 bits, 1, 2 or 4 of them), with the boundary mode given or
// trap, as nvcc writes them. x is a byte offset. The executor has no
// surfaces: the declarations and instructions are compared, and ptxas
// assembles them.
surface<void, 1> s1;
surface<void, 2> s2;
surface<void, 3> s3;
surface<void, cudaSurfaceType1DLayered> s1l;
surface<void, cudaSurfaceType2DLayered> s2l;

__global__ void objects(float *o, int *oi, cudaSurfaceObject_t sf, int x, int y, int z, float v, int iv)
{
	surf2Dwrite(v, sf, x * 4, y, cudaBoundaryModeTrap);
	surf2Dwrite(iv, sf, x * 4, y);
	surf1Dwrite(v, sf, x, cudaBoundaryModeClamp);
	surf3Dwrite(make_float4(v, v, v, v), sf, x, y, z, cudaBoundaryModeZero);
	surf2Dwrite(make_uchar4(iv, iv, iv, iv), sf, x, y);
	surf2Dwrite((unsigned char)iv, sf, x, y);
	surf2Dwrite((short)iv, sf, x, y);
	surf2Dwrite(make_float2(v, v), sf, x, y);
	surf2Dwrite((long long)iv, sf, x, y);
	surf1DLayeredwrite((short)iv, sf, x * 2, z, cudaBoundaryModeZero);
	surf2DLayeredwrite(make_float4(v, v, v, v), sf, x * 16, y, z);
	o[0] = surf2Dread<float>(sf, x, y);
	oi[0] = surf1Dread<int>(sf, x, cudaBoundaryModeClamp);
	float4 f = surf3Dread<float4>(sf, x, y, z, cudaBoundaryModeZero);
	o[1] = f.w;
	float r;
	surf2Dread(&r, sf, x, y);
	o[2] = r;
	uchar4 c = surf2Dread<uchar4>(sf, x, y);
	oi[1] = c.z;
	oi[2] = surf2Dread<char>(sf, x, y);
	oi[3] = surf2Dread<unsigned short>(sf, x, y);
	short2 s = surf2Dread<short2>(sf, x, y);
	oi[4] = s.y;
	oi[5] = (int)surf1Dread<long long>(sf, x);
}

__global__ void references(float *o, int x, int y, int z, float v)
{
	surf2Dwrite(v, s2, x * 4, y);
	surf1Dwrite(make_float2(v, v), s1, x, cudaBoundaryModeClamp);
	surf3Dwrite((unsigned char)x, s3, x, y, z, cudaBoundaryModeZero);
	o[0] = surf2Dread<float>(s2, x, y);
	float4 f;
	surf3Dread(&f, s3, x, y, z);
	o[1] = f.z;
	o[2] = surf1Dread<short>(s1, x);
	surf1DLayeredwrite(v, s1l, x * 4, z);
	surf2DLayeredwrite(make_int2(x, y), s2l, x * 8, y, z, cudaBoundaryModeClamp);
}
