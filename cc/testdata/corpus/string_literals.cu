//@ kernel: string_literals
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:0:1000
//@ arg: zero:384
// String literals: a pointer to a literal walked to its end, char arrays
// initialized from literals (exact size, size from the literal),
// escape sequences (\n \t \\ \" \x41 \101 \0 in the middle), adjacent
// literals concatenated, sizeof of a literal, a literal indexed directly,
// and the same literal used twice.
__device__ __noinline__ int length(const char *s)
{
	int n = 0;
	while (*s++)
		n++;
	return n;
}
__device__ __noinline__ unsigned hash(const char *s, int n)
{
	unsigned h = 2166136261u;
	for (int k = 0; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 16777619u;
	return h;
}
extern "C" __global__ void string_literals(const int *in, int *out)
{
	int t = threadIdx.x, v = in[t];
	const char *words = "alpha\tbeta\n\"gamma\"\\";
	char exact[6] = "delta";
	char larger[16] = "eps\0\0\0\0\0\0\0\0\0\0\0\0"; // "eps": pending/string_init_larger.cu
	char sized[] = "zeta" "eta" "theta";
	const char esc[] = "\x41\101\0tail";
	larger[3 + (t & 3)] = (char)('a' + v % 26);
	int *o = out + t * 3;
	o[0] = length(words) * 1000 + length(sized) * 10 + length(larger);
	o[1] = (int)hash(exact, 5) ^ (int)hash(esc, sizeof(esc)) ^ (int)hash(larger, 8);
	o[2] = "0123456789abcdef"[v & 15] + sizeof("abc") * 100 + words[v % 19] * 1000 + (length("alpha") == length("alpha"));
}
