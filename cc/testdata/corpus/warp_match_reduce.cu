//@ kernel: warp_match_reduce
//@ grid: 1
//@ block: 96
//@ arg: gen:u32:96:0:4
//@ arg: gen:u32:96:bits
//@ arg: zero:12288
// __match_any_sync and __match_all_sync (sm_70) on 32- and 64-bit
// integers, float and double, over full and partial masks, in a warp
// whose values all agree and in warps where they do not; the
// __reduce_*_sync (sm_80): add, min, max of int and unsigned, and, or,
// xor. Each is compiled only where nvcc declares it (__CUDA_ARCH__ >= 700,
// >= 800): TestCorpus's sm_70 and sm_80 configurations run them; the
// others write inputs in their place.
#define NO_MATCH 0x5a5a5a5au
extern "C" __global__ void warp_match_reduce(const unsigned *small, const unsigned *bits, unsigned *out)
{
	int t = threadIdx.x, lane = t & 31, warp = t >> 5;
	unsigned s = small[t], r = bits[t];
	if (warp == 0)
		s = 3; // all lanes agree
	unsigned long long w = (unsigned long long)(r & 1) << 40 | s;
	float f = s == 2 ? -0.0f : (float)s;
	double d = s == 1 ? 0.5 : (double)(s & 2);
	unsigned *o = out + t * 32;
	for (int j = 0; j < 32; j++)
		o[j] = NO_MATCH;
#if __CUDA_ARCH__ >= 700
	int pred = 7;
	o[0] = __match_any_sync(0xffffffffu, s);
	o[1] = __match_any_sync(0xffffffffu, (int)s - 2);
	o[2] = __match_any_sync(0xffffffffu, w);
	o[3] = __match_any_sync(0xffffffffu, (long long)w);
	o[4] = __match_any_sync(0xffffffffu, f);
	o[5] = __match_any_sync(0xffffffffu, d);
	o[6] = __match_all_sync(0xffffffffu, s, &pred);
	o[7] = pred;
	o[8] = __match_all_sync(0xffffffffu, w, &pred);
	o[9] = pred;
	o[10] = __match_all_sync(0xffffffffu, s >> 2, &pred);
	o[11] = pred;
	o[12] = __match_all_sync(0xffffffffu, f * 0.0f, &pred);
	o[13] = pred;
	o[14] = __match_all_sync(0xffffffffu, (unsigned long)s, &pred);
	if (lane < 16) {
		o[15] = __match_any_sync(0x0000ffffu, r & 3);
		o[16] = __match_all_sync(0x0000ffffu, s, &pred);
		o[17] = pred;
	} else if (lane & 1) {
		o[15] = __match_any_sync(0xaaaa0000u, (double)(r & 1));
		o[16] = __match_all_sync(0xaaaa0000u, (int)(s & 1), &pred);
		o[17] = pred;
	}
#else
	o[0] = s;
	o[1] = r;
#endif
#if __CUDA_ARCH__ >= 800
	o[18] = __reduce_add_sync(0xffffffffu, r);
	o[19] = (unsigned)__reduce_add_sync(0xffffffffu, (int)r >> 8);
	o[20] = __reduce_min_sync(0xffffffffu, r);
	o[21] = (unsigned)__reduce_min_sync(0xffffffffu, (int)r);
	o[22] = __reduce_max_sync(0xffffffffu, r);
	o[23] = (unsigned)__reduce_max_sync(0xffffffffu, (int)r);
	o[24] = __reduce_and_sync(0xffffffffu, r | 0x10000u);
	o[25] = __reduce_or_sync(0xffffffffu, r & (1u << lane));
	o[26] = __reduce_xor_sync(0xffffffffu, r);
	if (lane >= 8)
		o[27] = __reduce_add_sync(0xffffff00u, s);
	if (lane & 2)
		o[28] = (unsigned)__reduce_min_sync(0xccccccccu, (int)r);
#else
	o[18] = s + r;
#endif
}
