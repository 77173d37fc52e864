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
// lifts the limit.
func TestStartHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	pct := debug.SetGCPercent(250)
	defer debug.SetGCPercent(pct)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	startHeap(64 << 20)
	if got := debug.SetMemoryLimit(-1); got != 64<<20 {
		t.Fatalf("memory limit %d after startHeap, want %d", got, 64<<20)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC percent %d after startHeap, want -1 (off)", got)
	}
	for i := 0; debug.SetMemoryLimit(-1) != math.MaxInt64; i++ {
		if i == 200 {
			t.Fatal("the memory limit is still set after collections")
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	if got := debug.SetGCPercent(pct); got != 250 {
		t.Fatalf("GC percent %d after the first collection, want 250", got)
	}
}
