//@ kernel: cxx17_bindings
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:128:-100:100
//@ arg: gen:f32:64:-8:8
//@ arg: zero:512
//@ arg: zero:256
// Structured bindings (C++17): of a struct by copy (the names write the
// copy, not the original), by reference (they write the original), by
// const reference, of a function's result, of an array by copy and by
// reference, of a CUDA vector type, with braces and parentheses; in
// range-based for loops, by copy, by reference and by const reference,
// over an array of structs and of arrays.
struct Sample {
	int id;
	float w;
	short tag;
};

struct Range {
	int lo, hi;
};

__device__ Range span(int a, int b) { return a < b ? Range{a, b} : Range{b, a}; }

extern "C" __global__ void cxx17_bindings(const int *in, const float *fin, int *out, float *fout)
{
	int t = threadIdx.x;
	const int *p = in + 4 * t;
	Sample s{p[0], fin[2 * t], (short)p[1]};
	auto [id, w, tag] = s;
	id += 5;
	tag = (short)(tag * 3);
	auto &[rid, rw, rtag] = s;
	rw *= 2.0f;
	rid -= 1;
	const auto &[cid, cw, ctag] = s;
	auto [lo, hi] = span(p[2], p[3]);
	int arr[3] = {p[0], p[2], p[3]};
	auto [a0, a1, a2] = arr;
	a0 = 1000;
	auto &[r0, r1, r2] = arr;
	r2 = r0 + r1;
	float2 v = make_float2(fin[2 * t], fin[2 * t + 1]);
	auto [vx, vy] = v;
	auto [bl, bh]{span(p[1], p[0])};
	auto [ql, qh](span(hi, lo));
	Range rs[3] = {span(p[0], p[1]), span(p[2], p[3]), span(t, p[0])};
	int loop = 0;
	for (auto [l, h] : rs) {
		loop += h - l;
		l = 0;
		if (h > 50)
			continue;
		loop++;
	}
	for (auto &[l, h] : rs)
		h += l;
	for (const auto &[l, h] : rs)
		loop = loop * 3 + h;
	int grid[2][2] = {{p[0], p[1]}, {p[2], p[3]}};
	for (auto [g0, g1] : grid)
		loop += g0 * g1;
	int *o = out + 4 * t;
	o[0] = id * 7 + tag + s.id * 3 + s.tag + cid + ctag;
	o[1] = lo * 1000 + hi + bl * 10 + bh + ql - qh;
	o[2] = a0 + a1 * 2 + a2 * 3 + arr[0] + arr[2] * 5;
	o[3] = r2 + loop;
	fout[2 * t] = w + s.w + cw;
	fout[2 * t + 1] = vx * vy - v.x;
}
