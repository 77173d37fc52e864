// Statements: switch, goto, loops, static locals, shared memory, asm.
__device__ int counter(int n)
{
	static int calls = 0;
	__shared__ int buf[32];
	int s = 0;
	switch (n & 3) {
	case 0: s = 1; break;
	case 1: case 2: s = 2;
	default: s += 3;
	}
	for (int i = 0; i < n; ++i) {
		if (i == 7) continue;
		if (i > 20) goto done;
		s += i;
	}
	while (s > 100) s /= 2;
	do s++; while (s < 10);
done:
	buf[threadIdx.x & 31] = s;
	unsigned lane;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
	asm("add.s32 %0, %1, %2;" : "=r"(s) : "r"(s), "n"(4));
	calls++;
	int arr[] = {1, 2, 3};
	int grid[2][2] = {1, 2, 3, 4};
	char msg[] = "hi";
	return s + arr[2] + grid[1][0] + msg[0] + (int)lane;
}
__device__ int consts(int v)
{
	const int M = 4, K = M * 2;
	int buf[K];
	switch (v) {
	case M: return 1;
	case K + 1: return 2;
	}
	buf[0] = M;
	return buf[0] + sizeof(buf);
}
