package cc

import (
	"encoding/binary"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// caseRangeSource switches with GNU case ranges on char, int, unsigned
// (a range above 2^31) and long long values, for each thread's k.
const caseRangeSource = `
extern "C" __global__ void ranges(int *out)
{
	int t = threadIdx.x;
	for (int k = 0; k < 8; k++) {
		int v = t * 8 + k - 100;
		int r = 0;
		switch ((char)v) {
		case 'a' ... 'z': r = 1; break;
		case -100 ... -90: r = 2; break;
		case '0': r = 3; break;
		}
		switch (v) {
		case -5 ... 5: r += 10; break;
		case 6 ... 6: r += 20; break;
		default: r += 30;
		}
		switch ((unsigned)v) {
		case 0x7ffffff0u ... 0xfffffff0u: r += 100; break;
		case 0 ... 9: r += 200; break;
		}
		switch ((long long)v << 33) {
		case -(1LL << 40) ... (1LL << 40): r += 1000;
		}
		out[t * 8 + k] = r;
	}
}
`

// caseRangeWant is what caseRangeSource stores for v = i - 100, by the
// meaning of a case range (a value from its first through its last), or,
// with firstOnly, as if each range were its first value alone.
func caseRangeWant(i int, firstOnly bool) int32 {
	v := int64(i - 100)
	in := func(x, lo, hi int64) bool { return x == lo || !firstOnly && x > lo && x <= hi }
	inU := func(x, lo, hi uint32) bool { return x == lo || !firstOnly && x > lo && x <= hi }
	want := 0
	switch c := int64(int8(v)); {
	case in(c, 'a', 'z'):
		want = 1
	case in(c, -100, -90):
		want = 2
	case c == '0':
		want = 3
	}
	switch {
	case in(v, -5, 5):
		want += 10
	case v == 6:
		want += 20
	default:
		want += 30
	}
	switch u := uint32(v); {
	case inU(u, 0x7ffffff0, 0xfffffff0):
		want += 100
	case inU(u, 0, 9):
		want += 200
	}
	if in(v<<33, -(1 << 40), 1<<40) {
		want += 1000
	}
	return int32(want)
}

// runRanges runs the kernel of ptx with ptxabi run and returns what it
// stored, by v.
func runRanges(t *testing.T, ptx []byte) []int32 {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "r.ptx"), ptx, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command(ptxabiBin(t), "run", "-kernel", "ranges", "-block", "32", "-arg", "zero:1024", "-o", out, "r.ptx")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ptxabi run: %v\n%s", err, b)
	}
	b, err := os.ReadFile(filepath.Join(out, "arg0.bin"))
	if err != nil {
		t.Fatal(err)
	}
	got := make([]int32, 256)
	for i := range got {
		got[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return got
}

// TestCaseRanges checks case X ... Y: (a GNU extension) against what it
// means, a value from X through Y, run by ptxabi run. nvcc 11.8 accepts
// the syntax but compiles it otherwise (TestCaseRangesNVCC), so this is no
// corpus program.
func TestCaseRanges(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3}, "ranges.cu", []byte(caseRangeSource))
	if err != nil {
		t.Fatal(err)
	}
	for i, got := range runRanges(t, ptx) {
		if want := caseRangeWant(i, false); got != want {
			t.Errorf("v = %d: got %d, want %d", i-100, got, want)
		}
	}
}

// TestCaseRangesNVCC shows what nvcc 11.8 makes of the same source: a
// range is its first value only (case 'a' ... 'z': is case 'a':), which
// is why TestCaseRanges does not compare with nvcc. It fails when an nvcc
// gets the ranges right.
func TestCaseRangesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	text := nvccSourcePTX(t, caseRangeSource, "sm_52")
	differs := false
	for i, got := range runRanges(t, text) {
		if want := caseRangeWant(i, true); got != want {
			t.Errorf("nvcc's PTX for v = %d stores %d; a range taken as its first value only stores %d", i-100, got, want)
		}
		differs = differs || got != caseRangeWant(i, false)
	}
	if !differs {
		t.Errorf("nvcc's PTX stores what the ranges mean: it gets them right now, and TestCaseRanges can compare with it")
	}
}
