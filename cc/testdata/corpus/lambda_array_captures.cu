//@ kernel: lambda_array_captures
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:-50:50
//@ arg: zero:896
// Arrays captured by copy: the closure holds its own copy, made when it
// is (later changes to the array do not reach it), listed or by a
// capture-default, two-dimensional, changed by a mutable lambda (the
// closure's copy, kept between calls), captured again by a nested
// lambda, and a character array.
extern "C" __global__ void lambda_array_captures(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	int *o = out + t * 7;
	int arr[3] = {v, v + 1, v + 2};
	auto la = [arr]() { return arr[0] + arr[2]; };
	arr[0] = 100;
	o[0] = la();
	auto lb = [=]() { return arr[1] * 2 + arr[0]; };
	o[1] = lb();
	float fa[2][2] = {{1.5f, 2.5f}, {v * 1.0f, 4.0f}};
	auto lc = [fa](int i) { return (int)(fa[i][0] * 2); };
	fa[1][0] = 0;
	o[2] = lc(1);
	auto ld = [arr]() mutable {
		arr[1] += 5;
		return arr[1];
	};
	o[3] = ld() + ld();
	o[4] = arr[1];
	auto le = [arr](int k) {
		auto lf = [arr](int m) { return arr[m]; };
		return lf(k);
	};
	o[5] = le(2);
	const char msg[] = "hey";
	auto lg = [msg]() { return msg[1]; };
	o[6] = lg();
}
