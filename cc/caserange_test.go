package cc

import (
	"encoding/binary"
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

// TestCaseRanges checks case X ... Y: (a GNU extension) against what it
// means, a value from X through Y, run by ptxabi run. nvcc 11.8 accepts the
// syntax but compiles case 'a' ... 'z': as case 'a': (its PTX compares with
// the first value only), so this is not a corpus program.
func TestCaseRanges(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3}, "ranges.cu", []byte(caseRangeSource))
	if err != nil {
		t.Fatal(err)
	}
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
	for i := range 256 {
		v := int64(i - 100)
		want := 0
		switch c := int64(int8(v)); {
		case c >= 'a' && c <= 'z':
			want = 1
		case c >= -100 && c <= -90:
			want = 2
		case c == '0':
			want = 3
		}
		switch {
		case v >= -5 && v <= 5:
			want += 10
		case v == 6:
			want += 20
		default:
			want += 30
		}
		switch u := uint32(v); {
		case u >= 0x7ffffff0 && u <= 0xfffffff0:
			want += 100
		case u <= 9:
			want += 200
		}
		if s := v << 33; s >= -(1<<40) && s <= 1<<40 {
			want += 1000
		}
		if got := int32(binary.LittleEndian.Uint32(b[4*i:])); got != int32(want) {
			t.Errorf("v = %d: got %d, want %d", v, got, want)
		}
	}
}
