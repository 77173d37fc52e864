//@ kernel: local_using
//@ grid: 1
//@ block: 32
//@ arg: zero:128
// Declarations of names in a function body: namespace aliases, a
// using-declaration of a function, an alias declaration and a
// using-directive (whose namespaces qualified names then start from).
#include <cooperative_groups.h>
namespace outer { namespace inner { __device__ int twice(int x) { return 2 * x; } typedef int I; } }
extern "C" __global__ void local_using(int *p)
{
	namespace cg = cooperative_groups;
	namespace oi = outer::inner;
	using oi::twice;
	using J = oi::I;
	using namespace outer;
	cg::thread_block b = cg::this_thread_block();
	J v = twice((int)b.thread_rank()) + inner::twice(1);
	p[threadIdx.x] = v;
}
