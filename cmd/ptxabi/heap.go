package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// startHeap lets the heap grow to n bytes before the garbage collector
// first runs, and from that collection on leaves the pace to GOGC (main's
// or the environment's). A compilation's heap is mostly what it keeps
// until it writes its output, and collecting it early (at main's pace,
// the first collection comes at 16 MB) costs ptxabi cc an eighth of its
// processor time on a file of 300 kernels, with nothing freed that
// matters: the Go compiler starts its heap large in the same way.
// GOGC=off or a GOMEMLIMIT in the environment still decides.
func startHeap(n int64) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") == "off" {
		return
	}
	pct := debug.SetGCPercent(-1)
	debug.SetMemoryLimit(n)
	runtime.SetFinalizer(new(heapSentinel), func(*heapSentinel) {
		debug.SetGCPercent(pct)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// heapSentinel is an object nothing references: its finalizer runs after
// the first collection. (A pointer field keeps it out of the allocator's
// tiny blocks, where a finalizer may wait for the block's other objects.)
type heapSentinel struct {
	_ *byte
	_ int64
}
