package printf

// regIDs numbers the registers (and other names) that a function's
// instructions write, densely from 0, so that what the check knows of
// each is a slice element rather than a map entry: the check asks about
// a register at nearly every instruction of a function that calls
// vprintf. A name is a prefix and a number ("%rd" and 12 for "%rd12"):
// each prefix has a list of ids by number. The memory is used again for
// the next function (reset).
type regIDs struct {
	prefixes []string
	byNum    [][]int32 // byNum[k][i]: id+1 of prefix k, index i (0 if none)
	n        int32
	// many indexes the prefixes once there are too many to search.
	many map[string]int
}

// split returns name's prefix and index: the number that ends name
// plus one, or 0 for a name that ends with no number (or with one that
// has a leading zero, which another name could write without it).
func split(name string) (string, int) {
	j := len(name)
	for j > 0 && name[j-1] >= '0' && name[j-1] <= '9' {
		j--
	}
	if j == len(name) || j == 0 || len(name)-j > 6 || name[j] == '0' && len(name)-j > 1 {
		return name, 0
	}
	n := 0
	for _, c := range name[j:] {
		n = 10*n + int(c-'0')
	}
	return name[:j], n + 1
}

// slot returns the place of name's id, adding its prefix if add is set;
// nil if it has none.
func (r *regIDs) slot(name string, add bool) *int32 {
	prefix, i := split(name)
	k := -1
	if r.many != nil {
		if x, ok := r.many[prefix]; ok {
			k = x
		}
	} else {
		for x, p := range r.prefixes {
			if p == prefix {
				k = x
				break
			}
		}
	}
	if k < 0 {
		if !add {
			return nil
		}
		k = len(r.prefixes)
		r.prefixes = append(r.prefixes, prefix)
		if k < cap(r.byNum) {
			r.byNum = r.byNum[:k+1]
		} else {
			r.byNum = append(r.byNum, nil)
		}
		if r.many != nil {
			r.many[prefix] = k
		} else if len(r.prefixes) > 16 {
			r.many = map[string]int{}
			for x, p := range r.prefixes {
				r.many[p] = x
			}
		}
	}
	l := r.byNum[k]
	if i >= len(l) {
		if !add {
			return nil
		}
		if i < cap(l) {
			l = l[:i+1]
		} else {
			l = append(l[:cap(l)], make([]int32, i+1-cap(l))...)
		}
		r.byNum[k] = l
	}
	return &l[i]
}

// id returns name's id, numbering it if it has none.
func (r *regIDs) id(name string) int32 {
	s := r.slot(name, true)
	if *s == 0 {
		r.n++
		*s = r.n
	}
	return *s - 1
}

// find returns name's id, if it has one.
func (r *regIDs) find(name string) (int32, bool) {
	s := r.slot(name, false)
	if s == nil || *s == 0 {
		return 0, false
	}
	return *s - 1, true
}

// reset forgets every name.
func (r *regIDs) reset() {
	for k := range r.byNum {
		clear(r.byNum[k])
		r.byNum[k] = r.byNum[k][:0]
	}
	clear(r.prefixes)
	r.prefixes = r.prefixes[:0]
	r.byNum = r.byNum[:0]
	r.n = 0
	r.many = nil
}
