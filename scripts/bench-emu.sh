#!/bin/sh
# bench-emu.sh: the speed of ptx/emu on one core against the same kernels
# built natively with gcc -O2 (ptx/emu/testdata/bench: bench.cu, its PTX
# from nvcc -O3 -fmad=false, bench.c). Prints thread-instructions per
# second and the ratio of the executor's time to the native time; checks
# that both produce the same bytes.
set -eu
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
B=ptx/emu/testdata/bench
go build -o "$d/ptxabi" ./cmd/ptxabi
gcc -O2 -ffp-contract=off -o "$d/native" $B/bench.c
python3 -c "import struct; open('$d/in.bin','wb').write(struct.pack('<%df' % (1024*1024), *[float(i % 97) for i in range(1024*1024)]))"

report() { # name native_seconds json
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
name, native, js = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3])
w = js["wall_seconds"]
print("%-8s %6.1f M thread-instructions/s on one core; executor %.3fs, gcc -O2 %.4fs: %.1fx native" %
      (name, js["instructions"] / w / 1e6, w, native, w / native))
PY
}

n=$("$d/native" compute 64 256 2000 2>"$d/c.native")
j=$("$d/ptxabi" run -procs 1 -json -kernel compute -grid 64 -block 256 -arg zero:65536 -arg s32:2000 -o "$d/c" $B/bench.ptx)
cmp "$d/c.native" "$d/c/arg0.bin"
report compute "$n" "$j"

n=$("$d/native" stencil 1024 2>"$d/s.native")
j=$("$d/ptxabi" run -procs 1 -json -kernel stencil -grid 64,64 -block 16,16 -arg file:"$d/in.bin" -arg zero:4194304 -arg s32:1024 -o "$d/s" $B/bench.ptx)
cmp "$d/s.native" "$d/s/arg1.bin"
report stencil "$n" "$j"
