#!/bin/sh
# bench-cc.sh: the quality and the compile time of `ptxabi cc` against nvcc
# (issue 15), in one run, with the reference toolchain (nvcc, ptxas,
# cuobjdump: scripts/install-oracle.sh).
#
# Quality, over the corpus kernels (internal/kernels/testdata and
# cc/testdata/corpus): each compiled by `ptxabi cc -O3 -arch sm_70` and by
# `nvcc -ptx -arch=sm_70 -fmad=false` (no contraction on either side, so
# that both compute the same arithmetic), both assembled by
# `ptxas -O3 -arch=sm_70`; per kernel and as medians: SASS instructions
# (`cuobjdump -sass`, every function of the cubin, less NOPs and the final
# branch to itself), registers per thread and stack/local bytes
# (`cuobjdump -res-usage`), local-memory instructions (LDL/STL), with the
# ratios ours/nvcc. Goals: ≤ 1.10× median SASS, ≤ 1.10× registers, no
# local-memory traffic where nvcc has none.
#
# Compile time: ptxabi cc against nvcc -ptx on examples/call_example.cu and
# on a generated file of 300 kernels, run in turn after a warm-up; the
# median of nvcc's time over ours (goals: ≥ 50× and ≥ 20×). The machine
# should be otherwise idle.
#
# Usage: scripts/bench-cc.sh [RUNS]   (RUNS timed runs per file, default 5;
# 0 skips the compile-time figures)
set -eu
cd "$(dirname "$0")/.."
for t in nvcc ptxas cuobjdump; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "bench-cc.sh: $t not found: skipped (scripts/install-oracle.sh installs the reference toolchain)"
		exit 0
	fi
done
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
go build -o "$d/ptxabi" ./cmd/ptxabi
go build -o "$d/ccbench" ./internal/ccbench
"$d/ccbench" -ptxabi "$d/ptxabi" -arch sm_70 -runs "${1:-5}" -gen 300 -small examples/call_example.cu \
	internal/kernels/testdata cc/testdata/corpus
