#!/bin/bash
# gpu-check.sh: issue 15's hardware comparison (internal/gpucheck).
#   scripts/gpu-check.sh bundle DIR            here (needs nvcc): compile the corpus into DIR
#   scripts/gpu-check.sh device DIR OUT        on the GPU machine: run DIR, write OUT/results.tgz
#   scripts/gpu-check.sh compare DIR RESULTS.tgz   here: the executor on the same PTX, and the report
set -eu
cd "$(dirname "$0")/.."
case ${1:-} in
bundle) go run ./internal/gpucheck bundle -o "$2" ;;
device) bash internal/gpucheck/device/run.sh "$2" "$3" ;;
compare)
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	tar xzf "$3" -C "$tmp"
	go build -o "$tmp/ptxabi" ./cmd/ptxabi
	go run ./internal/gpucheck compare -bundle "$2" -results "$tmp/res" -ptxabi "$tmp/ptxabi"
	;;
*)
	sed -n '2,5p' "$0" >&2
	exit 2
	;;
esac
