package parser

import "unsafe"

// A slab hands out nodes and exactly sized lists of T from shared chunks.
// The chunks grow geometrically, from minChunk bytes to maxChunk bytes: a
// small file costs a few small allocations, and a big one costs far fewer
// allocations than it has nodes, in large objects that need no rounding up
// to a size class. A list too big to share a chunk gets its own array.
//
// The slab's place in its chunk is an index, so that taking a node stores
// no pointer: a pointer store costs a write barrier whenever the garbage
// collector is marking.
type slab[T any] struct {
	buf []T
	i   int // buf[i:] is free
}

const (
	minChunk = 1 << 10
	maxChunk = 64 << 10
)

// new returns a zeroed T.
func (s *slab[T]) new() *T {
	if s.i == len(s.buf) {
		s.refill(1)
	}
	x := &s.buf[s.i]
	s.i++
	return x
}

// slice returns n zeroed Ts, with capacity n; never nil.
func (s *slab[T]) slice(n int) []T {
	if n == 0 {
		return []T{}
	}
	if len(s.buf)-s.i < n {
		if n*s.size() > maxChunk/8 {
			return make([]T, n)
		}
		s.refill(n)
	}
	x := s.buf[s.i : s.i+n : s.i+n]
	s.i += n
	return x
}

func (s *slab[T]) size() int {
	var z T
	return max(int(unsafe.Sizeof(z)), 1)
}

// reset hands out the current chunk again, zeroed, once the nodes taken
// from the slab are dead (see Stream). The chunks before it, if any, are
// left to the garbage collector.
func (s *slab[T]) reset() {
	clear(s.buf[:s.i])
	s.i = 0
}

// refill starts a new chunk with room for at least n Ts, twice the size
// of the last one up to maxChunk bytes.
func (s *slab[T]) refill(n int) {
	size := s.size()
	c := min(max(2*len(s.buf), minChunk/size), maxChunk/size)
	s.buf = make([]T, max(c, n))
	s.i = 0
}
