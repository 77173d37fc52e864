package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/kernels"
)

func TestSplitMarked(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[string]string
	}{
		{"", map[string]string{}},
		{"@@@begin a\nx\ny\n@@@end a\n@@@begin b\n@@@end b\n", map[string]string{"a": "x\ny\n", "b": ""}},
		// A kernel's last line need not end; the marker still ends it.
		{"@@@begin a\nno newline@@@end a\n", map[string]string{"a": "no newline"}},
		// Noise between runs (the driver's own messages) belongs to none.
		{"warn\n@@@begin a\n1\n@@@end a\nwarn\n", map[string]string{"a": "1\n"}},
		// A runner that died mid-run: what came after the begin marker.
		{"@@@begin a\npartial\n", map[string]string{"a": "partial\n"}},
	} {
		got := splitMarked([]byte(tc.in))
		if len(got) != len(tc.want) {
			t.Errorf("splitMarked(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		for k, v := range tc.want {
			if string(got[k]) != v {
				t.Errorf("splitMarked(%q)[%s] = %q, want %q", tc.in, k, got[k], v)
			}
		}
	}
}

func TestManifestAndOutcomes(t *testing.T) {
	k := &kernels.Kernel{Name: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}, Shared: 16,
		Args: []string{"gen:s32:4", "zero:8", "s32:-3"}}
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.Mkdir(in, 0o777)
	os.WriteFile(filepath.Join(in, "k.arg0.in"), make([]byte, 16), 0o666)
	args, err := runArgs(dir, []string{"file:" + filepath.Join(in, "k.arg0.in"), "zero:8", "s32:-3"})
	if err != nil {
		t.Fatal(err)
	}
	runs := []*Run{
		{ID: "c.k.nvcc", Config: "c", Producer: "nvcc", Kernel: k, PTX: "c/k.ptx", Args: args, Reps: 5},
		{ID: "c.k.cc", Config: "c", Producer: "cc", Kernel: k, PTX: "c/k.cc.ptx", Args: args, Debug: true},
		{ID: "m.k.cc", Config: "m", Producer: "cc", Kernel: k, PTX: "m/k.cc.ptx", LoadOnly: true},
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, runs); err != nil {
		t.Fatal(err)
	}
	want := `run c.k.nvcc c/k.ptx k 2 1 1 32 1 1 16 0 5 3
buf 16 in/k.arg0.in
buf 8 -
val fdffffff
run c.k.cc c/k.cc.ptx k 2 1 1 32 1 1 16 1 0 3
buf 16 in/k.arg0.in
buf 8 -
val fdffffff
load m.k.cc m/k.cc.ptx 0
`
	if buf.String() != want {
		t.Errorf("manifest:\n%s\nwant:\n%s", buf.String(), want)
	}

	// What the runner writes, read back.
	res := filepath.Join(dir, "res", "c")
	os.MkdirAll(filepath.Join(res, "c.k.nvcc"), 0o777)
	os.WriteFile(filepath.Join(res, "results.txt"), []byte("c.k.nvcc ok 3.250\nc.k.cc fail CUDA_ERROR_ASSERT\nm.k.cc loadfail CUDA_ERROR_INVALID_PTX ptxas fatal\n"), 0o666)
	os.WriteFile(filepath.Join(res, "stdout.txt"), []byte("@@@begin c.k.nvcc\nhi\n@@@end c.k.nvcc\n@@@begin c.k.cc\n@@@end c.k.cc\n"), 0o666)
	os.WriteFile(filepath.Join(res, "stderr.txt"), []byte("@@@begin c.k.nvcc\n@@@end c.k.nvcc\n@@@begin c.k.cc\nassert\n@@@end c.k.cc\n"), 0o666)
	os.WriteFile(filepath.Join(res, "c.k.nvcc", "arg0.bin"), []byte("0123456789abcdef"), 0o666)
	os.WriteFile(filepath.Join(res, "c.k.nvcc", "arg1.bin"), []byte("01234567"), 0o666)
	outs, err := ReadOutcomes(filepath.Join(dir, "res"), runs)
	if err != nil {
		t.Fatal(err)
	}
	n := outs["c.k.nvcc"]
	if n == nil || n.Status != "ok" || n.Micros != 3.25 || string(n.Stdout) != "hi\n" || len(n.Bufs) != 2 || string(n.Bufs[1]) != "01234567" {
		t.Errorf("nvcc's outcome: %+v", n)
	}
	c := outs["c.k.cc"]
	if c == nil || c.Status != "fail" || c.Msg != "CUDA_ERROR_ASSERT" || string(c.Stderr) != "assert\n" || c.Bufs != nil {
		t.Errorf("cc's outcome: %+v", c)
	}
	if m := outs["m.k.cc"]; m == nil || m.Status != "loadfail" || !strings.HasPrefix(m.Msg, "CUDA_ERROR_INVALID_PTX") {
		t.Errorf("load-only outcome: %+v", m)
	}

	// Two GPU outcomes: equal, then one byte apart, then one failed.
	if d := diff(k, n, n); d != "" {
		t.Errorf("an outcome differs from itself: %s", d)
	}
	m := *n
	m.Bufs = map[int][]byte{0: n.Bufs[0], 1: []byte("01234568")}
	if d := diff(k, n, &m); !strings.Contains(d, "arg1") {
		t.Errorf("a changed byte: diff = %q", d)
	}
	if d := diff(k, n, c); !strings.Contains(d, "fail") {
		t.Errorf("a failed launch against a good one: diff = %q", d)
	}
	if _, err := runArgs(dir, []string{"file:/elsewhere/x"}); err == nil {
		t.Errorf("a file outside the bundle was accepted")
	}
}
