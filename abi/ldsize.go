package abi

import (
	"errors"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// paramSize is the size nvcc gives the byte array of an aggregate passed by
// value (N12). It is the layout's size unless the aggregate holds a long
// double: nvcc lays such an aggregate out as in memory (layout's offsets,
// 16-byte long doubles) and then passes each long double as the 8-byte
// double that device code treats it as, keeping the padding of the memory
// layout around it but not the 8 bytes the long double no longer fills.
// The array keeps the memory layout's alignment.
func paramSize(l *layout.Layouter, t ctypes.Type) (int64, error) {
	if !holdsLongDouble(t, map[*ctypes.Struct]bool{}) {
		return l.Sizeof(t)
	}
	if HoldsPacking(t) {
		return 0, errors.New("an aggregate holding both a long double and a packed member is not supported: nvcc's parameter layout for it is not modelled (N12)")
	}
	s, _, err := deviceSize(l, t)
	return s, err
}

// HoldsPacking reports whether t holds, by value, a struct or union laid
// out with packing (the packed attribute on it or on a member, or #pragma
// pack). Lower rejects aggregates that hold both packing and a long double
// (N12).
func HoldsPacking(t ctypes.Type) bool { return holdsPacking(t, map[*ctypes.Struct]bool{}) }

func holdsPacking(t ctypes.Type, seen map[*ctypes.Struct]bool) bool {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		return holdsPacking(u.Elem, seen)
	case *ctypes.Struct:
		if seen[u] {
			return false
		}
		seen[u] = true
		if u.Packed || u.Pack > 0 {
			return true
		}
		for _, f := range u.Fields {
			if f.Packed || holdsPacking(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// HoldsLongDouble reports whether t holds a long double by value.
func HoldsLongDouble(t ctypes.Type) bool { return holdsLongDouble(t, map[*ctypes.Struct]bool{}) }

// holdsLongDouble reports whether t holds a long double by value.
func holdsLongDouble(t ctypes.Type, seen map[*ctypes.Struct]bool) bool {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return u.Kind == ctypes.LongDouble
	case *ctypes.Array:
		return holdsLongDouble(u.Elem, seen)
	case *ctypes.Struct:
		if seen[u] {
			return false
		}
		seen[u] = true
		for _, f := range u.Fields {
			if !f.BitField && holdsLongDouble(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// deviceSize is the size and alignment of t in nvcc's device
// representation (N12): long double is an 8-byte, 8-aligned double;
// members are placed in order, the memory layout's padding between and
// after them kept, each at its natural device alignment; explicit
// alignments act only through that padding. A union has its memory size.
func deviceSize(l *layout.Layouter, t ctypes.Type) (size, align int64, err error) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		if u.Kind == ctypes.LongDouble {
			return 8, 8, nil
		}
	case *ctypes.Array:
		es, ea, err := deviceSize(l, u.Elem)
		if err != nil || u.Unsized {
			return 0, ea, err
		}
		return es * u.Len, ea, nil
	case *ctypes.Vector:
		s, err := l.Sizeof(u)
		a, _ := l.Alignof(ctypes.BasicOf(u.Elem))
		return s, a, err
	case *ctypes.Struct:
		return deviceRecord(l, u)
	}
	s, err := l.Sizeof(t)
	if err != nil {
		return 0, 0, err
	}
	a, err := l.Alignof(t)
	return s, a, err
}

func deviceRecord(l *layout.Layouter, s *ctypes.Struct) (size, align int64, err error) {
	r, err := l.Record(s)
	if err != nil {
		return 0, 0, err
	}
	align = 1
	if s.Union {
		for _, m := range r.Members {
			if m.Field.BitField {
				continue
			}
			_, a, err := deviceSize(l, m.Field.Type)
			if err != nil {
				return 0, 0, err
			}
			align = max(align, a)
		}
		return r.Size, align, nil
	}
	var memEnd, cur int64 // end of the previous member in memory and on the device
	for _, m := range r.Members {
		var off, msize, dsize, dalign int64
		if m.Field.BitField {
			if m.BitSize == 0 {
				continue
			}
			// The bytes the bit field touches.
			off = m.BitOffset / 8
			end := (m.BitOffset + int64(m.BitSize) + 7) / 8
			if off < memEnd {
				off = memEnd
			}
			msize, dsize, dalign = end-off, end-off, 1
			if msize <= 0 {
				continue
			}
		} else {
			off, msize = m.Offset, m.Size
			dsize, dalign, err = deviceSize(l, m.Field.Type)
			if err != nil {
				return 0, 0, err
			}
		}
		if off > memEnd {
			cur += off - memEnd
		}
		cur = roundUp(cur, dalign) + dsize
		memEnd = off + msize
		align = max(align, dalign)
	}
	if r.Size > memEnd {
		cur += r.Size - memEnd
	}
	return roundUp(cur, align), align, nil
}

func roundUp(n, a int64) int64 { return (n + a - 1) / a * a }
