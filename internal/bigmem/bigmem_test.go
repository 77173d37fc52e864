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
