package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/kernels"
)

// TestRunnerWithFakeDriver builds device/runner.cpp against a stand-in for
// the CUDA driver (device/testdata/fakecuda.c) and runs a small bundle
// through device/run.sh, as on the GPU machine: a launch that succeeds,
// one whose synchronisation fails (the runner stops, run.sh starts it
// again after that run), a module that does not load, one whose load
// crashes the process (recorded, and the runner goes on after it), two
// modules linked, and a timed launch. What comes back is read with
// ReadOutcomes.
func TestRunnerWithFakeDriver(t *testing.T) {
	for _, tool := range []string{"gcc", "g++", "nvcc", "bash", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: the runner is built with the CUDA toolkit's nvcc (scripts/install-oracle.sh)", tool)
		}
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib")
	os.Mkdir(lib, 0o777)
	if out, err := exec.Command("gcc", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o", filepath.Join(lib, "libcuda.so.1"),
		"device/testdata/fakecuda.c").CombinedOutput(); err != nil {
		t.Fatalf("building the stand-in driver: %v\n%s", err, out)
	}
	if err := os.Symlink("libcuda.so.1", filepath.Join(lib, "libcuda.so")); err != nil {
		t.Fatal(err)
	}
	bundle := filepath.Join(dir, "bundle")
	for name, text := range map[string]string{
		"a.ptx":        "// a module\n",
		"b.ptx":        "// another\n",
		"bad.ptx":      "// FAILLOAD\n",
		"in/k.arg0.in": "0123456789abcdef",
	} {
		p := filepath.Join(bundle, name)
		os.MkdirAll(filepath.Dir(p), 0o777)
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	k := &kernels.Kernel{Name: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}, Args: []string{"file:in/k.arg0.in", "zero:8", "s32:5"}}
	args, err := runArgs(bundle, []string{"file:" + filepath.Join(bundle, "in/k.arg0.in"), "zero:8", "s32:5"})
	if err != nil {
		t.Fatal(err)
	}
	runs := []*Run{
		{ID: "c.ok", Kernel: k, PTX: "a.ptx", Args: args},
		{ID: "c.fails", Kernel: k, PTX: "a.ptx", Args: args}, // FAKE_FAIL_AT=2: the second synchronisation
		{ID: "c.after", Kernel: k, PTX: "a.ptx", Args: args},
		{ID: "c.noload", Kernel: k, PTX: "bad.ptx", LoadOnly: true},
		{ID: "c.crash", Kernel: k, PTX: "a.ptx", Args: args}, // FAKE_CRASH_AT=3: the third load of the second process
		{ID: "c.linked", Kernel: k, PTX: "a.ptx,b.ptx", Args: args},
		{ID: "c.timed", Kernel: k, PTX: "b.ptx", Args: args, Reps: 5},
	}
	f, err := os.Create(filepath.Join(bundle, "c.manifest"))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteManifest(f, runs); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "out")
	cmd := exec.Command("bash", "device/run.sh", bundle, out)
	cmd.Env = append(os.Environ(), "LIBRARY_PATH="+lib, "LD_LIBRARY_PATH="+lib, "FAKE_FAIL_AT=2", "FAKE_CRASH_AT=3",
		"FAKE_STATE_DIR="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run.sh: %v\n%s", err, b)
	}
	res := filepath.Join(dir, "res")
	os.Mkdir(res, 0o777)
	if b, err := exec.Command("tar", "xzf", filepath.Join(out, "results.tgz"), "-C", dir).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, b)
	}
	outs, err := ReadOutcomes(res, runs)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"c.ok": "ok", "c.fails": "fail", "c.after": "ok", "c.noload": "loadfail", "c.crash": "crash",
		"c.linked": "ok", "c.timed": "ok"}
	for id, status := range want {
		o := outs[id]
		if o == nil {
			t.Errorf("%s: no outcome", id)
			continue
		}
		if o.Status != status {
			t.Errorf("%s: status %s (%s), want %s", id, o.Status, o.Msg, status)
		}
	}
	if len(outs) != len(want) {
		t.Errorf("%d outcomes, want %d (a run reported twice or not at all)", len(outs), len(want))
	}
	if o := outs["c.ok"]; o != nil {
		if string(o.Bufs[0]) != "0123456789abcdef" || len(o.Bufs[1]) != 8 || o.Bufs[2] != nil {
			t.Errorf("c.ok's buffers: %v", o.Bufs)
		}
		if string(o.Stdout) != "launch 2x32\n" {
			t.Errorf("c.ok's output: %q", o.Stdout)
		}
	}
	if o := outs["c.fails"]; o != nil && o.Msg != "CUDA_ERROR_ASSERT" {
		t.Errorf("c.fails: %q", o.Msg)
	}
	if o := outs["c.noload"]; o != nil && !strings.HasPrefix(o.Msg, "CUDA_ERROR_INVALID_PTX") {
		t.Errorf("c.noload: %q", o.Msg)
	}
	if o := outs["c.timed"]; o != nil && o.Micros != 4 {
		t.Errorf("c.timed: %v µs, want 4 (the stand-in's 0.004 ms)", o.Micros)
	}
}
