//@ kernel: control_flow
//@ grid: 2
//@ block: 32
//@ arg: gen:s32:64:-50:50
//@ arg: zero:2048
// Statements: switch with fall-through, a default in the middle, nested
// switches and a switch on a char; goto forwards and backwards (a loop
// made of goto); do/while that runs once and many times; break and
// continue in nested for, while and do loops (the inner loop only);
// a for with an empty condition left by break.
__device__ __noinline__ int classify(int v)
{
	int r = 0;
	switch (v % 8) {
	case 0:
		r += 1;
	case 1:
		r += 2;
		break;
	default:
		r += 100;
	case 2:
	case 3:
		r += 4;
		if (v > 20)
			break;
		r += 8;
	case -1:
		switch ((char)(v & 3)) {
		case 1: r *= 3; break;
		case 2: r -= 1;
		}
		break;
	case -7:
		r = -7;
	}
	return r;
}
extern "C" __global__ void control_flow(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
	int *o = out + i * 8;
	o[0] = classify(v);
	// a loop of gotos
	int k = 0, acc = 0;
again:
	acc += k * v;
	if (++k < 5)
		goto again;
	if (acc > 100)
		goto skip;
	acc = -acc;
skip:
	o[1] = acc;
	// do/while
	int n = v, steps = 0;
	do {
		n = n & 1 ? 3 * n + 1 : n / 2;
		steps++;
	} while (n != 1 && n != -1 && n != 0 && steps < 40);
	o[2] = steps;
	int once = 0;
	do
		once++;
	while (0);
	// nested loops with break and continue
	int pairs = 0, last = 0;
	for (int a = 0; a < 8; a++) {
		if (a == 3)
			continue;
		int b = 0;
		while (1) {
			b++;
			if (b > a)
				break;
			if ((a + b + v) % 3 == 0)
				continue;
			int c = 0;
			do {
				if (c == 2)
					break;
				pairs++;
			} while (++c < 4);
			last = a * 10 + b;
		}
		if (pairs > 40 + v)
			break;
	}
	o[3] = pairs;
	o[4] = last;
	int j = 0;
	for (;;) {
		if (j * j > v + 50)
			break;
		j++;
	}
	o[5] = j + once;
	int w = v, cnt = 0;
	while (w > 0) {
		w -= 7;
		if (w % 2)
			continue;
		cnt++;
	}
	o[6] = cnt;
	o[7] = w;
}
