// redux_probe: what a GPU makes of redux.sync (__reduce_*_sync) where the
// lanes that execute it together pass different member masks, one group
// per mask. The PTX ISA has each lane reduce over its mask's lanes, as
// ptxabi run does; this checks that the GPU does too, for several
// patterns of masks, against sums and maxima computed here. run.sh runs
// it on the GPU machine and keeps its report (redux_probe.txt); it exits
// 1 where a lane's result is not its group's.
#include <cstdio>
#include <cuda_runtime.h>

const int patterns = 7;

__global__ void probe(unsigned *out, unsigned *masks)
{
	unsigned l = threadIdx.x, v = l + 1;
	unsigned m[patterns] = {
		0xffu << (l & ~7u),                         // groups of 8
		l < 16 ? 0xffffu : 0xffff0000u,             // halves
		(l & 1) ? 0xaaaaaaaau : 0x55555555u,        // parity
		0, 0, 0, 0,
	};
	unsigned b = __ballot_sync(~0u, v % 3 == 0); // a ballot and its complement
	m[3] = v % 3 == 0 ? b : ~b;
	for (int p = 0; p < 4; p++) {
		masks[p * 32 + l] = m[p];
		out[p * 32 + l] = __reduce_add_sync(m[p], v);
	}
	masks[4 * 32 + l] = m[1];
	out[4 * 32 + l] = __reduce_max_sync(m[1], v * 3 % 17);
	if (l % 4 != 0) { // a converged subset of the warp, split by parity
		unsigned s = __activemask() & ((l & 1) ? 0xaaaaaaaau : 0x55555555u);
		masks[5 * 32 + l] = masks[6 * 32 + l] = s;
		out[5 * 32 + l] = __reduce_add_sync(s, v);
		out[6 * 32 + l] = __reduce_min_sync(s, 100 - v);
	}
}

int main()
{
	const char *names[patterns] = {"add, groups of 8", "add, halves", "add, parity", "add, a ballot and its complement",
		"max, halves", "add, a subset by parity", "min, a subset by parity"};
	unsigned *d, *dm, out[patterns * 32], masks[patterns * 32];
	cudaMalloc(&d, sizeof out);
	cudaMalloc(&dm, sizeof masks);
	cudaMemset(d, 0, sizeof out);
	cudaMemset(dm, 0, sizeof masks);
	probe<<<1, 32>>>(d, dm);
	if (cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost) != cudaSuccess ||
		cudaMemcpy(masks, dm, sizeof masks, cudaMemcpyDeviceToHost) != cudaSuccess) {
		printf("redux_probe: %s\n", cudaGetErrorString(cudaGetLastError()));
		return 2;
	}
	int good = 0;
	for (int p = 0; p < patterns; p++) {
		int bad = 0;
		for (unsigned l = 0; l < 32; l++) {
			unsigned m = masks[p * 32 + l];
			if (m == 0)
				continue; // the lane did not take part
			unsigned want = p == 6 ? ~0u : 0;
			for (unsigned k = 0; k < 32; k++) {
				if (!(m >> k & 1))
					continue;
				unsigned v = k + 1;
				if (p == 4)
					want = v * 3 % 17 > want ? v * 3 % 17 : want;
				else if (p == 6)
					want = 100 - v < want ? 100 - v : want;
				else
					want += v;
			}
			if (out[p * 32 + l] != want) {
				if (bad++ == 0)
					printf("%s: lane %u got %u, its group's is %u\n", names[p], l, out[p * 32 + l], want);
			}
		}
		if (bad == 0)
			good++;
	}
	printf("redux.sync with member masks that differ between the lanes executing it: %d of %d patterns give each lane its own group's result\n", good, patterns);
	return good == patterns ? 0 : 1;
}
