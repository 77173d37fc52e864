package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/ptxabi/ptxabi/internal/bigmem"
)

// startHeap lets the heap grow to n bytes before the garbage collector
// first runs, and from that collection on leaves the pace to GOGC (main's
// or the environment's). A compilation's heap is mostly what it keeps
// until it writes its output, and collecting it early (at main's pace,
// the first collection comes at 16 MB) costs ptxabi cc an eighth of its
// processor time on a file of 300 kernels, with nothing freed that
// matters: the Go compiler starts its heap large in the same way.
// GOGC=off or a GOMEMLIMIT in the environment still decides.
//
// Where the heap is expected to grow by about grow bytes, and that is at
// least hugeHeapMin, the heap's next pages come in huge pages where the
// system gives them on request (internal/bigmem.HugeHeap): each page of
// 4 KiB first written costs a fault: for a file of 300 kernels, ptxabi cc
// takes a third less processor time without them (bigmem.HugeHeap).
func startHeap(n int64, grow int) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") == "off" {
		return
	}
	pct := debug.SetGCPercent(-1)
	debug.SetMemoryLimit(n)
	if grow >= hugeHeapMin {
		// Before the sentinel: HugeHeap collects once. Memory asked for
		// and not used costs nothing.
		bigmem.HugeHeap(min(max(grow, 16<<20), int(n/2)))
	}
	runtime.SetFinalizer(new(heapSentinel), func(*heapSentinel) {
		debug.SetGCPercent(pct)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// hugeHeapMin is the least growth of the heap for which startHeap asks
// for huge pages: the collection that takes costs ptxabi cc 0.3 to 0.6 ms,
// about what the faults of a heap of 2 MB cost.
const hugeHeapMin = 2 << 20

// heapSentinel is an object nothing references: its finalizer runs after
// the first collection. (A pointer field keeps it out of the allocator's
// tiny blocks, where a finalizer may wait for the block's other objects.)
type heapSentinel struct {
	_ *byte
	_ int64
}
