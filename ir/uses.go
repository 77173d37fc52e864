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
	n := f.NumValues()
	start := make([]int32, n+1)
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
	all := make([]*Value, start[n])
	next := make([]int32, n)
	copy(next, start[:n])
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				if !ptrsOnly || a.Type.Kind == Ptr {
					all[next[a.ID]] = v
					next[a.ID]++
				}
			}
		}
		if c := b.Control; c != nil && (!ptrsOnly || c.Type.Kind == Ptr) {
			next[c.ID]++ // nil: the control
		}
	}
	return &UseLists{start: start, all: all}
}
