#!/usr/bin/env bash
# Runs every test of the module: formatting, go vet, and go test, the oracle
# (nvcc, ptxas, nvlink, llvm-dwarfdump-14) tests included. It installs the
# reference toolchain first (scripts/install-oracle.sh, quick when present);
# without root or network the oracle tests skip and say which tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! bash scripts/install-oracle.sh; then
  echo "test.sh: the reference toolchain could not be installed; oracle tests will skip" >&2
fi

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go') | grep -v '/testdata/' || true)
if [ -n "$unformatted" ]; then
  echo "gofmt needed on:" >&2; echo "$unformatted" >&2; exit 1
fi
go vet ./...
go test -count=1 -timeout 60m "$@" ./...
