package bigmem

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
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
