// Textures and surfaces, vector types, math.
texture<float, 2> texref;
surface<void, 2> surfref;
__global__ void textures(float *out, cudaTextureObject_t t, cudaSurfaceObject_t s, float4 *v4, int2 *i2, double2 *d2) {
  int i = threadIdx.x;
  float a = tex2D<float>(t, 0.5f, i + 0.5f);
  float4 b = tex1Dfetch<float4>(t, i);
  float c = tex2D(texref, 0.25f, 0.75f);
  float w = 0, r = 0;
#ifndef __clang__ // clang-14 has no surface functions
  surf2Dread(&w, s, 4 * i, 0);
  surf2Dwrite(a + w, s, 4 * i, 1);
  surf2Dread(&r, surfref, 0, 0);
#endif
  float4 q = v4[i];
  int2 j = i2[i];
  double2 e = d2[i];
  out[i] = a + b.y + c + q.x * q.w + j.x + j.y + r + e.x * e.y;
  out[i + 1] = sinf(a) + cosf(b.x) + expf(c) + logf(q.y) + sqrtf(q.z) + powf(a, c) + __fdividef(a, c) + rsqrtf(w);
  out[i + 2] = sin((double)a) + exp((double)b.z) + fma((double)a, 2.0, 3.0) + erff(q.x) + tanhf(c);
  v4[i] = make_float4(a, b.x, c, 1.0f);
}
