package passes

import "github.com/ptxabi/ptxabi/ir"

// useMap maps each value to the values that use it (nil for a block's
// control).
func useMap(f *ir.Func) map[*ir.Value][]*ir.Value {
	u := map[*ir.Value][]*ir.Value{}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			for _, a := range v.Args {
				u[a] = append(u[a], v)
			}
		}
		if b.Control != nil {
			u[b.Control] = append(u[b.Control], nil)
		}
	}
	return u
}
