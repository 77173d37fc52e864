#!/bin/sh
# pgo.sh makes cmd/ptxabi/default.pgo, the CPU profile that "go build"
# and "go install" of the command use for profile-guided optimization
# (https://go.dev/doc/pgo): hot calls inlined and devirtualized as the
# profile shows them. The profile merges those of the benchmarks of the
# command's heavy work, run on one core for the same time each:
#
#   ptx/parser  BenchmarkFormat      ptxabi fmt
#   vet/all     BenchmarkVet         ptxabi vet (needs nvcc for its input,
#                                    or $PTXABI_BENCH_PTX)
#   dwarf       BenchmarkReadPTX     ptxabi dwarf
#   cc          BenchmarkCompile     ptxabi cc
#   ptx/emu     BenchmarkCompute, BenchmarkStencil    ptxabi run
#   cfront      BenchmarkParseHeader ptxabi layout, proto, mangle
#
# Run it again after large changes to those paths; a stale profile is
# still correct (the compiler ignores what no longer matches), only less
# useful. Usage: scripts/pgo.sh (PGO_BENCHTIME=2s by default)
set -eu
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
profile() { # name, package, benchmarks
	go test "./$2" -run '^$' -bench "$3" -benchtime "${PGO_BENCHTIME:-2s}" -cpu 1 \
		-o "$dir/$1.test" -cpuprofile "$dir/$1.prof" >"$dir/$1.out" || {
		cat "$dir/$1.out" >&2
		exit 1
	}
	if grep -q -- '--- SKIP' "$dir/$1.out"; then
		echo "pgo.sh: $2 $3 skipped, left out of the profile:" >&2
		grep -A2 -- '--- SKIP' "$dir/$1.out" >&2
		rm -f "$dir/$1.prof"
	fi
}
profile fmt ptx/parser 'BenchmarkFormat$'
profile vet vet/all 'BenchmarkVet$'
profile dwarf dwarf 'BenchmarkReadPTX$'
profile cc cc 'BenchmarkCompile$'
profile emu ptx/emu 'Benchmark(Compute|Stencil)$'
profile cfront cfront 'BenchmarkParseHeader$'
go tool pprof -proto "$dir"/*.prof >"$dir/default.pgo"
mv "$dir/default.pgo" cmd/ptxabi/default.pgo
echo "pgo.sh: wrote cmd/ptxabi/default.pgo ($(wc -c <cmd/ptxabi/default.pgo) bytes)"
