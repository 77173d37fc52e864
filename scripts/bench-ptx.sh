#!/bin/sh
# bench-ptx.sh makes a PTX file of at least 10 MB from nvcc -G output of a
# generated program with many kernels, then measures on it the parts that
# read PTX, each as MB/s and as a multiple of the time of "wc -l" on the
# same file in the same run (x wc -l):
#
#   parse   ptx/parser building the whole tree (BenchmarkParse, one core;
#           tree/size: the heap the tree holds over the file's size);
#           streaming it (BenchmarkStream) and skimming it for what it
#           declares (BenchmarkSkim, as vet reads a big file's skeleton)
#   tree    ptx/tree's records of the module (BenchmarkTree, one core:
#           MB/s, cpu-MB/s over processor time, x wc -l; tree/size: the
#           text and the records over the file's size; lines/size: the
#           table of lines that positions add once a node is made)
#   fmt     "ptxabi fmt FILE" end to end, a process: the file mapped, its
#           output on standard output once the whole file has parsed (and
#           BenchmarkFormat: printer.FormatPieces as fmt runs it)
#   dwarf   "ptxabi dwarf FILE" end to end, a process (and the DWARF
#           reader alone, BenchmarkReadPTX, one core)
#   vet     "ptxabi vet FILE" end to end, a process, on one processor
#           (GOMAXPROCS=1) and on all; and vet/all's BenchmarkVet (one
#           core; live-heap/size: the heap in use once vet has run, the
#           modules alive) and BenchmarkVetFiles (four copies of the file
#           as one program, on 1 and on all processors)
#
# with the peak resident memory of the commands over the file's size.
# A process's time is the fastest of 5 runs (internal/wcl/besttime). The machine should be
# otherwise idle. Usage: scripts/bench-ptx.sh [KERNELS]
set -eu
cd "$(dirname "$0")/.."
if ! command -v nvcc >/dev/null 2>&1; then
	echo "bench-ptx.sh: nvcc not found: skipped (the input is made by nvcc -G; scripts/install-oracle.sh installs it)"
	exit 0
fi
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
# besttime prints the fastest wall time of 5 runs (ns), the peak resident
# memory (KiB) and the least processor time (ns) of a command. fmt and
# dwarf cut a big file into pieces and read them at the same time, one a
# processor: the processor time shows the work, the wall time the wait.
go build -o "$dir/ptxabi" ./cmd/ptxabi
go build -o "$dir/besttime" ./internal/wcl/besttime
set -- $("$dir/besttime" wc -l "$dir/gen.ptx")
wc=$1
set -- $("$dir/besttime" "$dir/ptxabi" fmt "$dir/gen.ptx")
fmtns=$1 fmtkb=$2 fmtcpu=$3
set -- $("$dir/besttime" "$dir/ptxabi" dwarf "$dir/gen.ptx")
dwns=$1 dwkb=$2 dwcpu=$3
set -- $(GOMAXPROCS=1 "$dir/besttime" "$dir/ptxabi" vet "$dir/gen.ptx")
v1ns=$1 v1kb=$2 v1cpu=$3
set -- $("$dir/besttime" "$dir/ptxabi" vet "$dir/gen.ptx")
vns=$1 vkb=$2 vcpu=$3
awk -v size="$size" -v wc="$wc" -v f="$fmtns" -v d="$dwns" -v fk="$fmtkb" -v dk="$dwkb" -v fc="$fmtcpu" -v dc="$dwcpu" \
	-v v1="$v1ns" -v v1k="$v1kb" -v v1c="$v1cpu" -v v="$vns" -v vk="$vkb" -v vc="$vcpu" -v procs="$(getconf _NPROCESSORS_ONLN)" 'BEGIN {
	printf "%d processors\n", procs
	printf "wc -l:        %7.1f ms\n", wc / 1e6
	printf "ptxabi fmt:   %7.1f ms %7.1f MB/s %6.1fx wc -l   processor time %.1f ms   peak RSS %.1fx the file\n", f / 1e6, size / (f / 1e9) / 1e6, f / wc, fc / 1e6, fk * 1024 / size
	printf "ptxabi dwarf: %7.1f ms %7.1f MB/s %6.1fx wc -l   processor time %.1f ms   peak RSS %.1fx the file\n", d / 1e6, size / (d / 1e9) / 1e6, d / wc, dc / 1e6, dk * 1024 / size
	printf "ptxabi vet, 1 processor:   %7.1f ms %7.1f MB/s %6.1fx wc -l   processor time %.1f ms   peak RSS %.1fx the file\n", v1 / 1e6, size / (v1 / 1e9) / 1e6, v1 / wc, v1c / 1e6, v1k * 1024 / size
	printf "ptxabi vet, %d processors: %7.1f ms %7.1f MB/s %6.1fx wc -l   processor time %.1f ms   peak RSS %.1fx the file\n", procs, v / 1e6, size / (v / 1e9) / 1e6, v / wc, vc / 1e6, vk * 1024 / size
}'

# The libraries on one core (Format and the DWARF reader then read the
# file whole); x-wc-l is the same ratio, taken by the benchmark itself
# (internal/wcl).
PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./ptx/parser -run '^$' -bench '^Benchmark(Parse|Stream|Skim|Format)$' -benchtime 10x -count 3 -cpu 1
PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./ptx/tree -run '^$' -bench '^BenchmarkTree$' -benchtime 10x -count 3 -cpu 1
PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./dwarf -run '^$' -bench '^BenchmarkReadPTX$' -benchtime 10x -count 3 -cpu 1
PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./vet/all -run '^$' -bench '^BenchmarkVet$' -benchtime 5x -count 3 -cpu 1
# And on every processor, in pieces.
procs=$(getconf _NPROCESSORS_ONLN)
if [ "$procs" -gt 1 ]; then
	PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./ptx/parser -run '^$' -bench '^BenchmarkFormat$' -benchtime 10x -count 3 -cpu "$procs"
	PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./ptx/tree -run '^$' -bench '^BenchmarkTree$' -benchtime 10x -count 3 -cpu "$procs"
	PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./dwarf -run '^$' -bench '^BenchmarkReadPTX$' -benchtime 10x -count 3 -cpu "$procs"
	PTXABI_BENCH_PTX="$dir/gen.ptx" go test ./vet/all -run '^$' -bench '^BenchmarkVetFiles$' -benchtime 3x -count 3 -cpu "1,$procs"
fi
