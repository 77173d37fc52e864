// Package bigmem hands out big byte buffers outside the Go heap, in huge
// pages where the system has them, for commands that read a big file and
// write about as much (ptxabi fmt). Memory from the Go heap comes in
// pages of 4 KiB, each of which costs the kernel a fault when first
// written: for a file of 11.6 MB read and formatted, a third of the
// processor time of ptxabi fmt went to faults (scripts/bench-ptx.sh).
// Huge pages of 2 MiB need a fault each for 512 times as much memory.
//
// A buffer must not hold pointers to Go memory, and must not be used
// after Free; where huge pages are not to be had, Alloc returns Go
// memory and Free does nothing. A file to read whole is best mapped
// (MapFile): no copy, and no memory to clear. HugeHeap asks for huge
// pages for the Go heap's next growth, for a command whose heap grows by
// megabytes (ptxabi cc).
package bigmem

import (
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// minSize is the size below which Alloc returns Go memory: huge pages
// are for buffers of megabytes.
const minSize = 1 << 20

// mapped holds the mappings of the buffers of Alloc outside the Go heap,
// by the buffers' first byte.
var (
	mu     sync.Mutex
	mapped = map[*byte][]byte{}
)

// Alloc returns a zeroed buffer of length n.
func Alloc(n int) []byte {
	if n >= minSize {
		if b, m := alloc(n); b != nil {
			mu.Lock()
			mapped[unsafe.SliceData(b)] = m
			mu.Unlock()
			return b
		}
	}
	return make([]byte, n)
}

// Free gives back a buffer from Alloc, given as Alloc returned it or
// resliced to a shorter length; for any other slice it does nothing.
func Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	mu.Lock()
	m, ok := mapped[unsafe.SliceData(b)]
	delete(mapped, unsafe.SliceData(b))
	mu.Unlock()
	if ok {
		free(m)
	}
}

// ReadFile reads the named file into a buffer from Alloc, as os.ReadFile
// reads it into Go memory; the buffer has room for extra more bytes after
// the file's, and Free gives it back.
func ReadFile(name string, extra int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = int(st.Size())
	}
	buf := Alloc(size + extra + 1)[:0]
	for {
		if len(buf) == cap(buf) {
			// The file grew, or its size is not known: read the rest
			// into Go memory.
			rest, err := io.ReadAll(f)
			if err != nil {
				Free(buf)
				return nil, err
			}
			out := append(append(make([]byte, 0, len(buf)+len(rest)+extra), buf...), rest...)
			Free(buf)
			return out, nil
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			Free(buf)
			return nil, err // a *os.PathError, as os.ReadFile's
		}
	}
}

// MapFile returns the contents of the named file as ReadFile does, but
// where it is a regular file, not empty, that the system can map, as a
// read-only mapping of it: no copy, and no memory of its own to clear;
// its pages are those of the system's cache of the file, mapped as they
// are first read, by whichever processor reads them. Free gives it back.
//
// The mapping follows the file: where the file shrinks while it is
// mapped, reading past its new end faults (SIGBUS), which crashes the
// program unless the reader turns faults into panics
// (runtime/debug.SetPanicOnFault) and recovers, as package ptx/printer's
// FormatPieces does.
func MapFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && st.Mode().IsRegular() && st.Size() > 0 && int64(int(st.Size())) == st.Size() {
		if b := mapFile(f, int(st.Size())); b != nil {
			f.Close()
			mu.Lock()
			mapped[unsafe.SliceData(b)] = b
			mu.Unlock()
			return b, nil
		}
	}
	f.Close()
	return ReadFile(name, 0)
}

// HugeHeap makes about the next n bytes by which the Go heap grows come
// in huge pages where the system gives them only to memory that asks for
// them (transparent huge pages in "madvise" mode, the default of most
// distributions), and reports whether it did. The Go runtime leaves the
// heap's pages to the system's default, so there the heap comes in pages
// of 4 KiB, each a fault when first written: ptxabi cc of a file of 300
// kernels faulted in 9,177 pages and took 50–52 ms of processor time, and
// with HugeHeap 2,200–2,700 and 34–40 ms (internal/wcl/besttime).
//
// HugeHeap allocates an object of n bytes, which the runtime maps afresh
// and does not write (fresh memory is zero), asks for huge pages for its
// memory, drops it and collects: its pages go back to the heap's free
// pages, where the next spans are placed (the runtime takes the free
// pages of lowest address first), each huge page a fault for 512 small
// ones. The collection costs some tenths of a millisecond at start-up,
// so this pays only for a heap of megabytes. The caller should have the
// collector off (debug.SetGCPercent(-1)) and a memory limit above n, so
// that the runtime's scavenger leaves those free pages mapped; a
// collection run by HugeHeap runs no finalizers the caller has yet to
// set.
func HugeHeap(n int) bool {
	if n < hugePageSize || !hugePagesOnRequest() {
		return false
	}
	b := make([]byte, n)
	ok := adviseHuge(b)
	b = nil
	runtime.GC()
	return ok
}

// hugePagesOnRequest reports whether the system gives transparent huge
// pages to memory that asks for them, and only to it.
func hugePagesOnRequest() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && strings.Contains(string(mode), "[madvise]")
}
