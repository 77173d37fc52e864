package cc

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// The two halves of a program compiled separately (issue 15's link
// check): testdata/link/ours.cu by ptxabi cc -rdc, theirs.cu by nvcc
// -rdc=true. Each calls a function the other defines.
const linkDir = "testdata/link"

// TestLinkWithNVCC: nvlink links the cubins of both halves (each calling
// into the other), and ptxabi run executes both kernels over the two PTX
// modules linked as nvlink links them, with the right results.
func TestLinkWithNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, m := range []int{64, 32} {
		dir := t.TempDir()
		tgt := target.Target{AddressSize: m, SM: 52, PTX: target.Default.PTX}
		src, err := os.ReadFile(filepath.Join(linkDir, "ours.cu"))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := os.ReadFile(filepath.Join(linkDir, "theirs.cu"))
		if err != nil {
			t.Fatal(err)
		}
		ours, err := Compile(&Config{Target: tgt, Opt: 3, RDC: true, Check: true}, "ours.cu", src)
		if err != nil {
			t.Fatal(err)
		}
		oursPTX := filepath.Join(dir, "ours.ptx")
		if err := os.WriteFile(oursPTX, ours, 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "theirs.cu"), theirs, 0o666); err != nil {
			t.Fatal(err)
		}
		mArg := oracle.MArg(m)
		if _, err := oracle.Run(dir, oracle.NVCC, "-rdc=true", "-ptx", mArg, "-arch=sm_52", "-o", "theirs.ptx", "theirs.cu"); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.NVCC, "-rdc=true", "-cubin", mArg, "-arch=sm_52", "-o", "theirs.cubin", "theirs.cu"); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.PTXAS, "-c", mArg, "-arch=sm_52", "-o", "ours.cubin", "ours.ptx"); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.NVLINK, mArg, "-arch=sm_52", "-o", "linked.cubin", "ours.cubin", "theirs.cubin"); err != nil {
			t.Fatalf("-m%d: nvlink: %v", m, err)
		}
		bin := ptxabiBin(t)
		// A group, as info reads it: its thread's rank * 1000 + its size
		// (p[2t]: a tile of 8; p[2t+1]: the block, and a tile of 4 times
		// 100000).
		group := func(t int) int32 {
			if t%2 == 0 {
				return int32(t/2%8*1000 + 8)
			}
			return int32(t/2*1000+32) + int32(t/2%4*1000+4)*100000
		}
		for _, k := range []struct {
			name string
			n    int // the results
			want func(t int) int32
		}{
			{"k_ours", 32, func(t int) int32 { return int32(t*t - 1 + 2*t + 5) }},
			{"k_nv", 32, func(t int) int32 { return int32((2*t + 7) * 3) }},
			{"k_ours_cg", 64, group},
			{"k_nv_cg", 64, group},
			{"k_ours_bf", 32, func(t int) int32 { return int32((t+1)*1000 + 6*t) }},
			{"k_nv_bf", 32, func(t int) int32 { return int32((t+1)*1000 + 6*t) }},
			{"k_ours_bfm", 32, func(t int) int32 { return int32(2*t*1000 + 5*t) }},
			{"k_nv_bfm", 32, func(t int) int32 { return int32(2*t*1000 + 5*t) }},
		} {
			b := runLinked(t, bin, dir, m, k.name, "zero:256")
			for i := 0; i < k.n; i++ {
				if got := int32(binary.LittleEndian.Uint32(b[4*i:])); got != k.want(i) {
					t.Errorf("-m%d: %s: p[%d] = %d, want %d", m, k.name, i, got, k.want(i))
				}
			}
		}
	}
}

// Two halves of a program that share variables: ours declares extern the
// variables nvcc's half defines (a scalar, a constant and an array of
// unknown size) and defines one that nvcc's half declares extern.
const (
	varsOurs = `
extern __device__ int theirCount;
extern __constant__ double theirScale;
extern __device__ float theirTable[];
__device__ int ourBase = 1000;
extern "C" __global__ void k_vars_ours(int *p)
{
	int t = threadIdx.x;
	p[t] = ourBase + theirCount * t + (int)(theirScale * theirTable[t % 4]);
}
`
	varsTheirs = `
__device__ int theirCount = 7;
__constant__ double theirScale = 2.5;
__device__ float theirTable[4] = {1.0f, 2.0f, 3.0f, 4.0f};
extern __device__ int ourBase;
extern "C" __global__ void k_vars_nv(int *p) { int t = threadIdx.x; p[t] = ourBase - t; }
`
)

// TestLinkVariables: nvlink links our module's extern declarations of
// variables with nvcc's definitions and nvcc's extern declaration with our
// definition, and ptxabi run executes both kernels over the two modules
// with the right results.
func TestLinkVariables(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, m := range []int{64, 32} {
		dir := t.TempDir()
		tgt := target.Target{AddressSize: m, SM: 52, PTX: target.Default.PTX}
		ours, err := Compile(&Config{Target: tgt, Opt: 3, RDC: true, Check: true}, "ours.cu", []byte(varsOurs))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "ours.ptx"), ours, 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "theirs.cu"), []byte(varsTheirs), 0o666); err != nil {
			t.Fatal(err)
		}
		mArg := oracle.MArg(m)
		for _, args := range [][]string{
			{oracle.NVCC, "-rdc=true", "-ptx", mArg, "-arch=sm_52", "-o", "theirs.ptx", "theirs.cu"},
			{oracle.NVCC, "-rdc=true", "-cubin", mArg, "-arch=sm_52", "-o", "theirs.cubin", "theirs.cu"},
			{oracle.PTXAS, "-c", mArg, "-arch=sm_52", "-o", "ours.cubin", "ours.ptx"},
			{oracle.NVLINK, mArg, "-arch=sm_52", "-o", "linked.cubin", "ours.cubin", "theirs.cubin"},
		} {
			if _, err := oracle.Run(dir, args[0], args[1:]...); err != nil {
				t.Fatalf("-m%d: %v", m, err)
			}
		}
		bin := ptxabiBin(t)
		for _, k := range []struct {
			name string
			want func(t int) int32
		}{
			{"k_vars_ours", func(t int) int32 { return int32(1000 + 7*t + int(2.5*float64(t%4+1))) }},
			{"k_vars_nv", func(t int) int32 { return int32(1000 - t) }},
		} {
			b := runLinked(t, bin, dir, m, k.name, "zero:128")
			for i := range 32 {
				if got := int32(binary.LittleEndian.Uint32(b[4*i:])); got != k.want(i) {
					t.Errorf("-m%d: %s: p[%d] = %d, want %d", m, k.name, i, got, k.want(i))
				}
			}
		}
	}
}

// runLinked runs kernel name of ours.ptx and theirs.ptx in dir, linked as
// nvlink links them, with ptxabi run on a block of 32 threads and one
// buffer arg, and returns the buffer afterwards.
func runLinked(t *testing.T, bin, dir string, m int, name, arg string) []byte {
	t.Helper()
	out := filepath.Join(dir, name)
	cmd := exec.Command(bin, "run", "-kernel", name, "-block", "32", "-arg", arg, "-o", out, "ours.ptx", "theirs.ptx")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("-m%d: ptxabi run %s: %v\n%s", m, name, err, b)
	}
	b, err := os.ReadFile(filepath.Join(out, "arg0.bin"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
