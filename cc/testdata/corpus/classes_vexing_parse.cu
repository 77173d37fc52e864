//@ kernel: classes_vexing_parse
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:768
// C++ classes_vexing_parse in device code: constructors (default, converting, with an
// initializer list), member functions (const and not, inline and
// __noinline__), operators (+ * == [] += unary -, conversion), references
// as parameters and return values, a static member function, private
// state, inheritance without virtual functions, and objects passed and
// returned by value.
class Vec2 {
	int x_, y_;

public:
	__device__ Vec2() : x_(0), y_(0) {}
	__device__ Vec2(int x, int y) : x_(x), y_(y) {}
	__device__ explicit Vec2(int s) : x_(s), y_(s) {}
	__device__ int x() const { return x_; }
	__device__ int y() const { return y_; }
	__device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x_ + o.x_, y_ + o.y_); }
	__device__ Vec2 operator*(int k) const { return Vec2(x_ * k, y_ * k); }
	__device__ Vec2 operator-() const { return Vec2(-x_, -y_); }
	__device__ Vec2 &operator+=(const Vec2 &o)
	{
		x_ += o.x_;
		y_ += o.y_;
		return *this;
	}
	__device__ bool operator==(const Vec2 &o) const { return x_ == o.x_ && y_ == o.y_; }
	__device__ int &operator[](int i) { return i ? y_ : x_; }
	__device__ __noinline__ int dot(Vec2 o) const;
	__device__ static Vec2 unit(int axis) { return axis ? Vec2(0, 1) : Vec2(1, 0); }
};
__device__ int Vec2::dot(Vec2 o) const { return x_ * o.x_ + y_ * o.y_; }
struct Counter {
	int n;
	__device__ Counter() : n(0) {}
	__device__ void hit(int k = 1) { n += k; }
};
class Box : public Counter {
	Vec2 lo_, hi_;

public:
	__device__ Box(Vec2 lo, Vec2 hi) : lo_(lo), hi_(hi) {}
	__device__ __noinline__ bool contains(const Vec2 &p)
	{
		hit();
		return p.x() >= lo_.x() && p.x() < hi_.x() && p.y() >= lo_.y() && p.y() < hi_.y();
	}
	__device__ int area() const { return (hi_.x() - lo_.x()) * (hi_.y() - lo_.y()); }
	__device__ operator int() const { return area(); }
};
__device__ __noinline__ void twice(Vec2 &v) { v += v; }
__device__ __noinline__ Vec2 sum(const Vec2 *vs, int n)
{
	Vec2 s;
	for (int k = 0; k < n; k++)
		s += vs[k];
	return s;
}
extern "C" __global__ void classes_vexing_parse(const int *in, int *out)
{
	int t = threadIdx.x;
	Vec2 a(in[2 * t], in[2 * t + 1]), b = Vec2::unit(t & 1) * 3;
	Vec2 c = a + b, d = -c;
	twice(c);
	c[1] += 5;
	Vec2 arr[3] = {a, b, Vec2(t)};
	Vec2 s = sum(arr, 3);
	Box box(Vec2(-50, -50), Vec2(50, 50));
	int inside = box.contains(a) + box.contains(c) + box.contains(s);
	int *o = out + t * 6;
	o[0] = c.x() * 1000 + c.y();
	o[1] = d.dot(a);
	o[2] = s.x() + s.y() * 3;
	o[3] = inside * 10 + box.n;
	o[4] = (int)box + (a == a) + (a == b) * 2;
	o[5] = arr[2][0] + arr[2][1];
}
