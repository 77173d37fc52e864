//@ kernel: range_for
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-100:100
//@ arg: zero:256
// Range-based for over a local array, by value (auto) and by const
// reference.
extern "C" __global__ void range_for(const int *in, int *out)
{
	int t = threadIdx.x;
	int a[4] = {in[2 * t], in[2 * t + 1], t, -t};
	int total = 0;
	for (auto x : a)
		total += x;
	int m = a[0];
	for (const int &x : a)
		if (x > m)
			m = x;
	out[2 * t] = total;
	out[2 * t + 1] = m;
}
