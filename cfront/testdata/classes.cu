// C++ classes as CUDA interop headers write them: member functions in and
// out of the class, static, const/volatile/ref-qualified, overloaded;
// constructors, destructors, operators, conversion functions, friends,
// nested classes, static data members, access specifiers.
namespace geo {
struct Vec3 {
	float x, y, z;
	__device__ Vec3();
	__device__ explicit Vec3(float s);
	__device__ Vec3(float a, float b, float c);
	__device__ Vec3(const Vec3 &o);
	__device__ ~Vec3();
	__device__ Vec3 &operator=(const Vec3 &o);
	__device__ Vec3 operator+(const Vec3 &o) const;
	__device__ Vec3 operator-() const;
	__device__ Vec3 operator-(const Vec3 &o) const;
	__device__ Vec3 &operator+=(const Vec3 &o);
	__device__ float operator[](int i) const;
	__device__ float &operator[](int i);
	__device__ float operator()(float a, float b) const;
	__device__ bool operator==(const Vec3 &o) const;
	__device__ bool operator!() const;
	__device__ Vec3 &operator++();
	__device__ Vec3 operator++(int);
	__device__ explicit operator bool() const;
	__device__ operator const float *() const;
	__device__ float length() const;
	__device__ float length(float scale) const;
	__device__ void reset() volatile;
	__device__ float get() const &;
	__device__ float get() &&;
	__device__ static Vec3 zero();
	static int count;
	struct Axis { int which; __device__ float pick(const Vec3 &v) const; };
	friend __device__ Vec3 operator*(float s, const Vec3 &v);
	friend class Helper;
	__device__ int inl() const { return 1; }
private:
	__device__ void secret();
protected:
	int tag;
};
__device__ Vec3 operator*(float s, const Vec3 &v);
}
namespace geo {
__device__ Vec3::Vec3() : x(0), y(0), z(0), tag(0) {}
__device__ Vec3::Vec3(float s) : x(s), y(s), z(s), tag(0) {}
__device__ Vec3::Vec3(float a, float b, float c) : x{a}, y{b}, z{c}, tag(0) {}
__device__ Vec3::Vec3(const Vec3 &o) : x(o.x), y(o.y), z(o.z), tag(o.tag) {}
__device__ Vec3::~Vec3() {}
__device__ Vec3 &Vec3::operator=(const Vec3 &o) { x = o.x; return *this; }
__device__ Vec3 Vec3::operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
__device__ Vec3 Vec3::operator-() const { return Vec3(-x, -y, -z); }
__device__ Vec3 Vec3::operator-(const Vec3 &o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
__device__ Vec3 &Vec3::operator+=(const Vec3 &o) { x += o.x; return *this; }
__device__ float Vec3::operator[](int i) const { return i ? y : x; }
__device__ float &Vec3::operator[](int i) { return i ? y : x; }
__device__ float Vec3::operator()(float a, float b) const { return a * x + b; }
__device__ bool Vec3::operator==(const Vec3 &o) const { return x == o.x; }
__device__ bool Vec3::operator!() const { return x == 0; }
__device__ Vec3 &Vec3::operator++() { ++x; return *this; }
__device__ Vec3 Vec3::operator++(int) { Vec3 t(*this); ++x; return t; }
__device__ Vec3::operator bool() const { return x != 0; }
__device__ Vec3::operator const float *() const { return &x; }
__device__ float Vec3::length() const { return x; }
__device__ float Vec3::length(float scale) const { return x * scale; }
__device__ void Vec3::reset() volatile { x = 0; }
__device__ float Vec3::get() const & { return x; }
__device__ float Vec3::get() && { return y; }
__device__ Vec3 Vec3::zero() { return Vec3(); }
int Vec3::count = 0;
__device__ float Vec3::Axis::pick(const Vec3 &v) const { return v[which]; }
__device__ void Vec3::secret() {}
__device__ Vec3 operator*(float s, const Vec3 &v) { return Vec3(s * v.x, s * v.y, s * v.z); }
}
class Counter {
public:
	__host__ __device__ Counter(int n) : n_(n) {}
	__device__ int next();
	__device__ int next(int step);
	static const int Max = 16;
	int buf[Max];
private:
	int n_;
};
__device__ int Counter::next() { return ++n_; }
__device__ int Counter::next(int step) { return n_ += step; }
__global__ void use(geo::Vec3 *v, Counter *c, float *out) {
	out[0] = v->inl() + c->next();
}
geo::Vec3 origin;
__device__ auto trailing(int x) -> float;
__device__ auto with_decltype(const geo::Vec3 *v) -> decltype(origin.x);
__device__ auto Counter_next_ptr() -> int (Counter::*)();
