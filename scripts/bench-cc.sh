#!/bin/sh
# bench-cc.sh: the quality and speed of `ptxabi cc` against nvcc 11.8, in one
# run (issue 15's "Quality" and "Speed"):
#  - over the corpus kernels (internal/kernels/testdata, cc/testdata/corpus):
#    SASS instructions after ptxas -O3 for sm_70 (cuobjdump -sass, NOPs not
#    counted, every function of the cubin), registers per thread of the
#    kernel (ptxas -v), local-memory traffic (LDL/STL in the SASS): the
#    median of the per-kernel ratios ptxabi cc / nvcc, and the kernels with
#    local-memory traffic that nvcc does not have. nvcc compiles with
#    -fmad=false, as ptxabi cc does not contract a*b+c (NVCC_FLAGS to
#    change that, e.g. NVCC_FLAGS= for nvcc's default contraction);
#  - compile time against nvcc -ptx: on examples/call_example.cu and on a
#    generated file of 300 kernels (farm-bench's medians when it is on PATH,
#    else the time of 3 runs each).
# Needs nvcc, ptxas, cuobjdump (scripts/install-oracle.sh).
set -eu
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
NVCC_FLAGS=${NVCC_FLAGS--fmad=false}
go build -o "$d/ptxabi" ./cmd/ptxabi

for f in internal/kernels/testdata/*.cu cc/testdata/corpus/*.cu; do
	b=$(basename "$f" .cu)
	k=$(sed -n 's|^//@ kernel: *||p' "$f")
	mkdir -p "$d/$b"
	nvcc -ptx -arch=sm_70 $NVCC_FLAGS -o "$d/$b/nvcc.ptx" "$f"
	if ! "$d/ptxabi" cc -arch sm_70 -o "$d/$b/cc.ptx" "$f" 2>"$d/$b/cc.err"; then
		echo "$b: ptxabi cc: $(head -1 "$d/$b/cc.err")" >&2
		continue
	fi
	for c in nvcc cc; do
		ptxas -O3 -v -arch=sm_70 -o "$d/$b/$c.cubin" "$d/$b/$c.ptx" 2>"$d/$b/$c.v"
		cuobjdump -sass "$d/$b/$c.cubin" >"$d/$b/$c.sass"
	done
	echo "$b $k" >>"$d/list"
done

python3 - "$d" <<'PY'
import re, statistics, sys
d = sys.argv[1]
def sass(path):
    n = ldst = 0
    for line in open(path):
        m = re.search(r'/\*[0-9a-f]{4}\*/\s+(@!?P\d+\s+)?([A-Z][A-Z0-9_.]*)', line)
        if not m:
            continue
        op = m.group(2)
        if op.startswith('NOP'):
            continue
        n += 1
        if op.startswith('LDL') or op.startswith('STL'):
            ldst += 1
    return n, ldst
def regs(path, kernel):
    cur = None
    for line in open(path):
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r'Used (\d+) registers', line)
        if m and cur == kernel:
            return int(m.group(1))
    return None
ins, reg, rows, lmem = [], [], [], []
for line in open(d + '/list'):
    b, k = line.split()
    ni, nl = sass('%s/%s/nvcc.sass' % (d, b))
    ci, cl = sass('%s/%s/cc.sass' % (d, b))
    nr, cr = regs('%s/%s/nvcc.v' % (d, b), k), regs('%s/%s/cc.v' % (d, b), k)
    ins.append(ci / ni)
    if nr and cr:
        reg.append(cr / nr)
    rows.append((b, ci, ni, cr, nr, cl, nl))
    if cl and not nl:
        lmem.append('%s (%d LDL/STL)' % (b, cl))
print('%-16s %8s %8s %6s %6s %8s %8s' % ('kernel', 'sass cc', 'nvcc', 'reg cc', 'nvcc', 'lmem cc', 'nvcc'))
for r in rows:
    print('%-16s %8d %8d %6s %6s %8d %8d' % r)
print()
print('kernels: %d' % len(rows))
print('SASS instructions (ptxas -O3 sm_70), median ratio cc/nvcc: %.2f (min %.2f, max %.2f)' % (statistics.median(ins), min(ins), max(ins)))
worst = sorted(rows, key=lambda r: -r[1] / r[2])[:3]
print('largest SASS ratios: ' + ', '.join('%s %.2f' % (r[0], r[1] / r[2]) for r in worst))
print('registers per thread, median ratio cc/nvcc: %.2f (min %.2f, max %.2f)' % (statistics.median(reg), min(reg), max(reg)))
print('local-memory traffic where nvcc has none: %d kernels%s' % (len(lmem), (': ' + ', '.join(lmem)) if lmem else ''))
PY

# Compile time.
python3 - "$d/gen300.cu" <<'PY'
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(300):
        f.write('''extern "C" __global__ void k%d(int n, float a, const float *x, float *y, int *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	for (int j = 0; j < %d; j++)
		s += a * x[(i + j) %% n];
	if (i < n) {
		y[i] = s + %d.0f;
		atomicAdd(c, i & %d);
	}
}
''' % (i, i % 7 + 1, i, i % 5 + 1))
PY
timeit() { # label ptxabi-args nvcc-args
	if command -v farm-bench >/dev/null 2>&1; then
		echo "== $1"
		farm-bench -n 5 --warmup 1 --timeout 600 --vs "nvcc -ptx -arch=sm_52 -o $d/n.ptx $3" -- "$d/ptxabi" cc -o "$d/c.ptx" $2
	else
		a=$(python3 -c "import subprocess,time
t=time.time()
for _ in range(3): subprocess.run(['$d/ptxabi','cc','-o','$d/c.ptx','$2'],check=True)
print((time.time()-t)/3)")
		b=$(python3 -c "import subprocess,time
t=time.time()
for _ in range(3): subprocess.run(['nvcc','-ptx','-arch=sm_52','-o','$d/n.ptx','$3'],check=True)
print((time.time()-t)/3)")
		python3 -c "print('$1: ptxabi cc %.4fs, nvcc -ptx %.3fs: %.0fx faster' % ($a, $b, $b/$a))"
	fi
}
timeit "small file (examples/call_example.cu)" examples/call_example.cu examples/call_example.cu
timeit "300 kernels (generated)" "$d/gen300.cu" "$d/gen300.cu"
