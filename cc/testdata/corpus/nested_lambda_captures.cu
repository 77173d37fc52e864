//@ kernel: nested_lambda_captures
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:512
// A lambda inside a lambda that captures what the enclosing lambda
// captured (or captures now for it): by copy and by reference, listed
// and by capture-default, two levels deep.
extern "C" __global__ void nested_lambda_captures(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t], w = in[t + 32];
	int *o = out + t * 4;
	auto outer = [v](int a) {
		auto inner = [a, v](int b) { return a * b + v; };
		return inner(2) + inner(3);
	};
	o[0] = outer(5);
	auto o2 = [=](int a) {
		auto in2 = [=](int b) { return a * b + v * w; };
		return in2(4);
	};
	o[1] = o2(3);
	int acc = 0;
	auto o3 = [&](int a) {
		auto in3 = [&](int b) { acc += a * b + v; };
		in3(2);
		in3(5);
	};
	o3(3);
	o[2] = acc;
	auto o4 = [&acc, v]() {
		auto in4 = [&acc, v]() { acc += v; };
		in4();
	};
	o4();
	o[3] = acc;
}
