package ir

// UseLists are the values that use each value of a function (nil for a
// block's control), by value ID, in one array (compressed rows): what a
// pass reads when it follows a value to its uses.
type UseLists struct {
	start []int32 // by value ID; the uses of ID i are all[start[i]:start[i+1]]
	all   []*Value
}

// Of returns the uses of v (none for a value made after the lists).
func (u *UseLists) Of(v *Value) []*Value {
	if v.ID+1 >= len(u.start) {
		return nil
	}
	return u.all[u.start[v.ID]:u.start[v.ID+1]]
}

// NewUseLists returns the uses of f's values, or, with ptrsOnly, of its
// pointers (the others have none in the lists).
func NewUseLists(f *Func, ptrsOnly bool) *UseLists {
	u := &UseLists{}
	u.Build(f, ptrsOnly)
	return u
}

// Build makes u the uses of f's values (of its pointers, with ptrsOnly),
// in the memory u had: a pass that runs often keeps one UseLists.
func (u *UseLists) Build(f *Func, ptrsOnly bool) {
	n := f.NumValues()
	start := grow(u.start, n+1)
	clear(start)
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				if !ptrsOnly || a.Type.Kind == Ptr {
					start[a.ID+1]++
				}
			}
		}
		if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == Ptr) {
			start[c.ID+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	// Filled with start[i] as the next slot of ID i (ending at start[i+1]),
	// then moved back by one place.
	all := grow(u.all, int(start[n]))
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				if !ptrsOnly || a.Type.Kind == Ptr {
					all[start[a.ID]] = v
					start[a.ID]++
				}
			}
		}
		if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == Ptr) {
			all[start[c.ID]] = nil // the control
			start[c.ID]++
		}
	}
	copy(start[1:], start[:n])
	start[0] = 0
	u.start, u.all = start, all
}

// grow returns s with length n, reusing its memory when it has room.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
