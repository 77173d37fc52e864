package emu

import (
	"encoding/binary"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

// The generic address space (PTX ISA §5.1.6 "Generic addressing") is laid
// out in windows, all below 4 GiB so that -m32 modules (.address_size 32)
// see the same addresses: a generic address inside a window is that state
// space's address plus the window's base; every other generic address is a
// .global one.
const (
	sharedWindow = 0x0100_0000
	localWindow  = 0x0200_0000
	constWindow  = 0x0300_0000
	windowSize   = 0x0100_0000
	globalBase   = 0x1000_0000
	nullLimit    = 0x1000 // addresses below fault as null pointers
)

// Space is a state space.
type Space uint8

// State spaces.
const (
	Generic Space = iota
	Global
	Const
	Shared
	Local
	Param
)

var spaceNames = [...]string{"generic", ".global", ".const", ".shared", ".local", ".param"}

func (s Space) String() string { return spaceNames[s] }

// An allocation is one object of global memory: a module variable, a
// buffer the host allocated or a block of the device heap.
type allocation struct {
	base, size uint64
	data       []byte
	freed      atomic.Bool
	heap       bool // from malloc
	name       string
}

// globalMemory is the .global state space: allocations at increasing
// addresses, never reused, so that a freed pointer stays recognisable.
type globalMemory struct {
	mu     sync.Mutex
	allocs atomic.Pointer[[]*allocation] // sorted by base; copied on write
	next   uint64
	limit  uint64 // highest address + 1 (4 GiB for -m32)

	heapLimit uint64 // bytes malloc may hold at once
	heapLive  uint64
}

func newGlobalMemory(addrBits int) *globalMemory {
	g := &globalMemory{next: globalBase, limit: 1 << 40}
	if addrBits == 32 {
		g.limit = 1 << 32
	}
	empty := []*allocation{}
	g.allocs.Store(&empty)
	return g
}

// alloc adds an allocation of n bytes aligned to align.
func (g *globalMemory) alloc(n, align uint64, name string, heap bool) (*allocation, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if heap {
		if g.heapLive+n > g.heapLimit {
			return nil, nil
		}
	}
	base := (g.next + align - 1) &^ (align - 1)
	if base+n+1 > g.limit {
		return nil, fmt.Errorf("out of global address space allocating %d bytes", n)
	}
	a := &allocation{base: base, size: n, data: make([]byte, n), name: name, heap: heap}
	g.next = base + n + 16 // a gap, so that one past the end faults
	old := *g.allocs.Load()
	list := make([]*allocation, len(old)+1)
	copy(list, old)
	list[len(old)] = a
	g.allocs.Store(&list)
	if heap {
		g.heapLive += n
	}
	return a, nil
}

// find returns the allocation holding addr, or nil.
func (g *globalMemory) find(addr uint64) *allocation {
	list := *g.allocs.Load()
	i := sort.Search(len(list), func(i int) bool { return list[i].base > addr }) - 1
	if i < 0 {
		return nil
	}
	return list[i]
}

// free releases a heap block; it reports whether ptr was one.
func (g *globalMemory) free(ptr uint64) bool {
	a := g.find(ptr)
	if a == nil || !a.heap || a.base != ptr || !a.freed.CompareAndSwap(false, true) {
		return false
	}
	g.mu.Lock()
	// The bytes stay: another block may be reading them (a race in the
	// kernel, which must not crash the executor).
	g.heapLive -= a.size
	g.mu.Unlock()
	return true
}

// bytes returns the n bytes at addr, or an error saying why not.
func (g *globalMemory) bytes(addr, n uint64) ([]byte, error) {
	a := g.find(addr)
	if a == nil || addr-a.base+n > a.size {
		return nil, fmt.Errorf("address 0x%x (%d bytes) is outside every allocation", addr, n)
	}
	if a.freed.Load() {
		return nil, fmt.Errorf("address 0x%x is in freed memory", addr)
	}
	return a.data[addr-a.base : addr-a.base+n], nil
}

func get(b []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	default:
		return binary.LittleEndian.Uint64(b)
	}
}

func put(b []byte, size int, v uint64) {
	switch size {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

// atomicLocks serialise atomic operations on global memory across the
// goroutines that run blocks.
var atomicLocks [64]sync.Mutex

func atomicLock(addr uint64) *sync.Mutex { return &atomicLocks[(addr>>3)&63] }
