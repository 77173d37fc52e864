// C++: members, constructors, operators, references, this, bases,
// templates with deduced arguments.
struct Vec3 {
	float x, y, z;
	__device__ Vec3() : x(0), y(0), z(0) {}
	__device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
	__device__ Vec3 operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
	__device__ Vec3 &operator+=(const Vec3 &o) { x += o.x; y += o.y; z += o.z; return *this; }
	__device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
	__device__ float length() const { return sqrtf(dot(*this)); }
};
__device__ Vec3 operator*(float s, const Vec3 &v) { return Vec3(s * v.x, s * v.y, s * v.z); }
struct Body { float mass; __device__ float weight() const { return mass * 9.81f; } };
struct Particle : public Body { Vec3 pos; int id; };
template <typename T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
template <typename T, int N> __device__ T sum(const T *p) { T s = 0; for (int i = 0; i < N; i++) s += p[i]; return s; }
__device__ void swap(int &a, int &b) { int t = a; a = b; b = t; }
__global__ void k(Particle *ps, float *out, int *ip)
{
	Particle &p = ps[threadIdx.x];
	Vec3 a(1, 2, 3), b;
	b = a + p.pos;
	b += 2.0f * a;
	out[0] = b.length() + p.weight() + p.mass;
	out[1] = tmax(out[2], 1.0f) + tmax<int>(ip[0], 2) + sum<float, 3>(out);
	swap(ip[0], ip[1]);
	int x = tmax(ip[2], ip[3]);
}
__device__ float chain(Vec3 a, Vec3 b, Vec3 c)
{
	Vec3 d = a + b + c;
	return (a + b).length() + d.x;
}
