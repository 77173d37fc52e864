package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestStartHeap checks that startHeap turns the collector's pace off under
// a memory limit, and that the first collection gives the pace back and
// lifts the limit; where it asks for huge pages too, its own collection
// counts for nothing.
func TestStartHeap(t *testing.T) {
	for _, grow := range []int{0, 32 << 20} {
		t.Setenv("GOGC", "")
		t.Setenv("GOMEMLIMIT", "")
		pct := debug.SetGCPercent(250)
		startHeap(64<<20, grow)
		if got := debug.SetMemoryLimit(-1); got != 64<<20 {
			t.Fatalf("grow %d: memory limit %d after startHeap, want %d", grow, got, 64<<20)
		}
		if got := debug.SetGCPercent(-1); got != -1 {
			t.Fatalf("grow %d: GC percent %d after startHeap, want -1 (off)", grow, got)
		}
		for i := 0; debug.SetMemoryLimit(-1) != math.MaxInt64; i++ {
			if i == 200 {
				t.Fatalf("grow %d: the memory limit is still set after collections", grow)
			}
			runtime.GC()
			time.Sleep(5 * time.Millisecond)
		}
		if got := debug.SetGCPercent(pct); got != 250 {
			t.Fatalf("grow %d: GC percent %d after the first collection, want 250", grow, got)
		}
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
