// Base classes and virtual functions: single and multiple inheritance,
// empty bases, a base with bit fields, virtual functions and destructors
// (objects created in device code), overriding without 'virtual'.
struct Empty {};
struct Flags { unsigned a : 3, b : 5; };
struct Point { float x, y; __device__ float norm() const; };
struct Tagged : Empty, Flags { char tag; };
struct Point3 : public Point { float z; __device__ float norm() const; };
class Named : protected Point, private Flags { public: int id; __device__ int key() const; };
struct Shape {
	int kind;
	__device__ Shape() : kind(0) {}
	__device__ virtual float area() const;
	__device__ virtual ~Shape();
};
struct Circle : Shape {
	float r;
	__device__ Circle(float r_) : r(r_) {}
	__device__ float area() const override;
	__device__ ~Circle();
};
struct Square final : Shape {
	float s;
	__device__ float area() const final;
};
struct Both : Point, Shape { int extra; __device__ float area() const; };
struct Derived2 : Point3 { __device__ float lift() const { return z + norm(); } };
__device__ float Point::norm() const { return x * x + y * y; }
__device__ float Point3::norm() const { return Point::norm() + z * z; }
__device__ int Named::key() const { return id; }
__device__ float Shape::area() const { return 0; }
__device__ Shape::~Shape() {}
__device__ float Circle::area() const { return 3.14159f * r * r; }
__device__ Circle::~Circle() {}
__device__ float Square::area() const { return s * s; }
__device__ float Both::area() const { return x + y; }
__global__ void shapes(float *out, Tagged *t, Derived2 *d) {
	Circle c(2.0f);
	Shape *s = &c;
	out[0] = s->area() + t->tag + d->lift();
}
float Point::*point_y = &Point::y;
__device__ float apply(const Point &p, float (Point::*f)() const, float Point::*m) { return (p.*f)() + p.*m; }
struct Callbacks { float (Point::*norm)() const; char tag; int Named::*id; };
__device__ Callbacks pass(Callbacks c, float (Point3::*)() const) { return c; }
