package bigmem

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

func TestAllocFree(t *testing.T) {
	for _, n := range []int{0, 10, minSize - 1, minSize, 3*minSize + 5} {
		b := Alloc(n)
		if len(b) != n || cap(b) < n {
			t.Fatalf("Alloc(%d): len %d cap %d", n, len(b), cap(b))
		}
		for i := range b {
			if b[i] != 0 {
				t.Fatalf("Alloc(%d): byte %d is %d", n, i, b[i])
			}
		}
		if n > 0 {
			b[0], b[n-1] = 1, 2
		}
		Free(b[:n/2])
		Free(b) // a second time: nothing
	}
	Free(make([]byte, 2*minSize)) // Go memory: nothing
	if len(mapped) != 0 {
		t.Errorf("%d buffers still mapped", len(mapped))
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 4096, minSize + 17} {
		want := bytes.Repeat([]byte("0123456789abcdef\n"), n/17+1)[:n]
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, want, 0o666); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(name, 100)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || cap(got)-len(got) < 100 {
			t.Fatalf("ReadFile of %d bytes: %d bytes, room %d", n, len(got), cap(got)-len(got))
		}
		Free(got)
	}
	// Errors are os.ReadFile's.
	for _, name := range []string{filepath.Join(dir, "missing"), dir} {
		_, want := os.ReadFile(name)
		if _, err := ReadFile(name, 0); fmt.Sprint(err) != fmt.Sprint(want) {
			t.Errorf("ReadFile(%s): %v, want %v", name, err, want)
		}
	}
	// A file whose size is not known beforehand.
	got, err := ReadFile("/proc/self/status", 0)
	if err == nil && len(got) == 0 {
		t.Errorf("ReadFile of /proc/self/status: empty")
	}
	Free(got)
}

// TestMapFile checks that MapFile gives a file's contents, mapped or
// read (an empty file, a file that is not regular), that Free gives the
// mapping back, and that a missing file is an error as os.ReadFile's.
func TestMapFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 4095, 4096, 3*minSize + 5} {
		name := filepath.Join(dir, fmt.Sprint(n))
		want := bytes.Repeat([]byte("ptx\n"), n/4+1)[:n]
		if err := os.WriteFile(name, want, 0o666); err != nil {
			t.Fatal(err)
		}
		b, err := MapFile(name)
		if err != nil || !bytes.Equal(b, want) {
			t.Fatalf("MapFile of %d bytes: %v, contents equal: %v", n, err, bytes.Equal(b, want))
		}
		Free(b)
	}
	if len(mapped) != 0 {
		t.Errorf("%d mappings left after Free", len(mapped))
	}
	if _, err := MapFile(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("MapFile of a missing file: %v", err)
	}
	if r, w, err := os.Pipe(); err == nil {
		go func() { w.Write([]byte("piped\n")); w.Close() }()
		b, err := MapFile(fmt.Sprintf("/dev/fd/%d", r.Fd()))
		r.Close()
		if err != nil || string(b) != "piped\n" {
			t.Errorf("MapFile of a pipe: %q, %v", b, err)
		}
	}
}

// TestHugeHeap checks that the heap's next allocations after HugeHeap
// come in huge pages where the system gives them on request: the mapping
// that holds the middle one of many small objects allocated has huge
// pages. It runs in a process of its own (the test run again), whose heap
// has no free pages left by other tests to place them in first.
func TestHugeHeap(t *testing.T) {
	if !hugePagesOnRequest() {
		t.Skip("the system does not give huge pages on request (transparent_hugepage/enabled is not madvise)")
	}
	if os.Getenv("BIGMEM_HUGEHEAP") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestHugeHeap$", "-test.v")
		cmd.Env = append(os.Environ(), "BIGMEM_HUGEHEAP=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("--- PASS: TestHugeHeap")) {
			t.Fatalf("the test in a process of its own: %v\n%s", err, out)
		}
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(1 << 30)
	if !HugeHeap(32 << 20) {
		t.Fatal("HugeHeap: the system took no advice")
	}
	keep := make([][]byte, 12<<20>>7)
	for i := range keep {
		keep[i] = make([]byte, 128)
		keep[i][0] = 1
	}
	mid := uintptr(unsafe.Pointer(&keep[len(keep)/2][0]))
	if kib := anonHugeKiBAt(t, mid); kib == 0 {
		t.Errorf("12 MB of small objects after HugeHeap: the mapping of the middle one has no huge pages")
	}
	runtime.KeepAlive(keep)
}

// anonHugeKiBAt returns the anonymous memory in huge pages of the
// process's mapping that holds addr.
func anonHugeKiBAt(t *testing.T, addr uintptr) int {
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	in := false
	for line := range strings.SplitSeq(string(data), "\n") {
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			continue
		}
		if rest, ok := strings.CutPrefix(line, "AnonHugePages:"); ok && in {
			var kib int
			fmt.Sscan(rest, &kib)
			return kib
		}
	}
	t.Fatalf("no mapping holds %#x in /proc/self/smaps", addr)
	return 0
}
