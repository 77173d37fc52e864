#!/bin/sh
# bench-ptx.sh makes a PTX file of at least 10 MB from nvcc -G output of a
# generated program with many kernels, then measures parse+print
# throughput on one core (BenchmarkFormat and BenchmarkParsePrint, MB/s)
# and the peak memory of "ptxabi fmt" on it. Usage: scripts/bench-ptx.sh
# [KERNELS]
set -eu
cd "$(dirname "$0")/.."
n=${1:-1200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
{
	echo '#include <cstdio>'
	echo 'struct P { int a; double b; float4 v; };'
	echo 'template <int N> __device__ __noinline__ P step(P p, int i) { p.a += N * i; p.b = sin(p.b + N); p.v.x += p.a; return p; }'
	echo 'template <int N> __global__ void k(P *out, const int *in, float *f, int n) {'
	echo '  __shared__ float sm[128];'
	echo '  int i = blockIdx.x * blockDim.x + threadIdx.x;'
	echo '  P p = out[i % n];'
	echo '  for (int j = 0; j < n; j++) { p = step<N>(p, in[j]); sm[j % 128] += p.v.x; }'
	echo '  __syncthreads();'
	printf '%s\n' '  if (p.a > N) printf("k%d %d %f\n", N, p.a, p.b);'
	echo '  atomicAdd(&f[i], sm[i % 128] + __shfl_down_sync(0xffffffff, p.v.y, 1));'
	echo '  out[i] = p;'
	echo '}'
	i=0
	while [ "$i" -lt "$n" ]; do
		echo "template __global__ void k<$i>(P *, const int *, float *, int);"
		i=$((i + 1))
	done
} >"$dir/gen.cu"
nvcc -ptx -G -arch=sm_70 -o "$dir/gen.ptx" "$dir/gen.cu"
size=$(wc -c <"$dir/gen.ptx")
echo "generated PTX: $size bytes from $n kernels"
if [ "$size" -lt 10485760 ]; then
	echo "bench-ptx.sh: $size bytes is under 10 MB: give more kernels" >&2
	exit 1
fi
# On one core: Format is what ptxabi fmt runs (parse streamed into the
# printer); ParsePrint builds the whole tree first, as a library user may.
PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./ptx/parser -run '^$' -bench 'Format|ParsePrint|Parse$' -benchtime 20x -cpu 1
go build -o "$dir/ptxabi" ./cmd/ptxabi
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f 'ptxabi fmt: %M KiB peak resident memory, %e s' "$dir/ptxabi" fmt "$dir/gen.ptx" >/dev/null
fi
