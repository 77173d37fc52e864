// C++ declarations seen in CUDA interop headers.
namespace geo {
namespace detail {
struct Node { Node *next; int value; };
}
using Node = detail::Node;
enum class Kind : unsigned char { Point, Line = 4, Poly };
struct Shape {
	Kind kind;
	Node *nodes;
	static const int MaxNodes = 8;
	int ids[MaxNodes];
	Shape() = default;
	int size() const { return 0; }
	struct Inner { short s; } inner;
	enum Local { L0, L1 } local;
private:
	double weight;
};
__device__ float area(const Shape &s, float scale = 1.0f);
}
class Buffer {
public:
	Buffer(const Buffer &other);
	Buffer(int n) : n_(n) {}
	Buffer &operator=(const Buffer &) = default;
	int size() const;
private:
	int n_;
};
struct Trivial { Trivial(const Trivial &) = default; ~Trivial() = default; int x; };
struct Dtor { ~Dtor() {} int x; };
typedef struct Pair { int a, b; } Pair;
extern "C" __global__ void process(geo::Shape *shapes, Buffer buf, Pair p, int n);
__host__ __device__ inline float lerp(float a, float b, float t) { return a + t * (b - a); }
__device__ __forceinline__ static int sq(int x) { return x * x; }
struct Packed { char c; int i; } __attribute__((packed));
struct PackedMember { char c; int i __attribute__((packed)); };
typedef int AlignedInt __attribute__((aligned(16)));
struct alignas(32) Wide { float v[8]; };
struct Bits { unsigned flags : 3, : 2, mode : 4; signed s : 3; unsigned long long big : 40; bool b : 1; };
void (*handler)(int, void *);
int (*table_of_fns[4])(float);
const char *const names[2] = { "a", "b" };
constexpr int K = 3 * 4;
char buf[K];
struct Anon2 { union { struct { int lo, hi; }; long long both; }; };
dim3 block_dims(512, 2);
int direct_init(3), direct_init2(-1);
