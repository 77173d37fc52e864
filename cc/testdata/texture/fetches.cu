// Texture object fetches of every geometry (with a level of detail or
// gradients too; gathers) and of scalar and vector results, for
// TestTextureFetches: each is one tex or tld4 instruction, as nvcc writes
// it (the executor has no textures: the instructions are compared, and
// ptxas assembles them).
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
}
