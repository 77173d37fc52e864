package ast

import "strconv"

// Datum is one item of a section's data, flattened: Size bytes holding an
// integer Value, or the address of Label plus Offset (minus the address of
// Sub, when a label difference was written). This is how the DWARF
// sections of guide §5 are read and written.
type Datum struct {
	Size   int // 1, 2, 4 or 8
	Value  uint64
	Label  string // "" for a plain integer
	Offset int64
	Sub    string // "" unless the item is Label-Sub
}

// dataSizes maps a data directive to its width in bytes.
var dataSizes = map[string]int{".b8": 1, ".b16": 2, ".b32": 4, ".b64": 8}

var dataTypes = [...]string{1: ".b8", 2: ".b16", 4: ".b32", 8: ".b64"}

// DataSize returns the width in bytes of a data directive such as ".b32",
// or 0 if typ is not one.
func DataSize(typ string) int { return dataSizes[typ] }

// Data returns the section's data items in order. An item the Datum form
// cannot express (an expression other than a number, a label, label±number
// or label-label) is returned with Label set to its printed form prefixed
// by "?"; the parser never produces one from nvcc or clang output.
func (s *Section) Data() []Datum {
	var out []Datum
	for _, it := range s.Items {
		d, ok := it.(*Data)
		if !ok {
			continue
		}
		size := DataSize(d.Type)
		for _, v := range d.Values {
			out = append(out, ExprDatum(size, v))
		}
	}
	return out
}

// ExprDatum converts one data value to a Datum of the given size.
func ExprDatum(size int, x Expr) Datum {
	d := Datum{Size: size}
	if v, ok := constValue(x); ok {
		d.Value = uint64(v)
		if size < 8 {
			d.Value &= 1<<(8*size) - 1
		}
		return d
	}
	switch x := x.(type) {
	case *Ident:
		d.Label = x.Name
		return d
	case *Binary:
		if id, ok := x.X.(*Ident); ok {
			if v, ok := constValue(x.Y); ok && (x.Op == "+" || x.Op == "-") {
				d.Label = id.Name
				d.Offset = v
				if x.Op == "-" {
					d.Offset = -v
				}
				return d
			}
			if sub, ok := x.Y.(*Ident); ok && x.Op == "-" {
				d.Label, d.Sub = id.Name, sub.Name
				return d
			}
		}
	}
	d.Label = "?"
	return d
}

// constValue evaluates an integer literal, maybe negated.
func constValue(x Expr) (int64, bool) {
	switch x := x.(type) {
	case *Lit:
		if x.Kind != Int {
			return 0, false
		}
		v, ok := ParseInt(x.Value)
		return int64(v), ok
	case *Unary:
		if x.Op == "-" {
			v, ok := constValue(x.X)
			return -v, ok
		}
	}
	return 0, false
}

// NewSection returns a section holding data, one data directive per
// Datum, joining runs of plain .b8 bytes into one directive as nvcc does.
func NewSection(name string, data []Datum) *Section {
	s := &Section{Name: name}
	var last *Data
	for _, d := range data {
		typ := ""
		if d.Size > 0 && d.Size < len(dataTypes) {
			typ = dataTypes[d.Size]
		}
		var x Expr
		switch {
		case d.Label == "":
			x = &Lit{Kind: Int, Value: strconv.FormatUint(d.Value, 10)}
		case d.Sub != "":
			x = &Binary{X: Reg(d.Label), Op: "-", Y: Reg(d.Sub)}
		case d.Offset > 0:
			x = &Binary{X: Reg(d.Label), Op: "+", Y: IntLit(d.Offset)}
		case d.Offset < 0:
			x = &Binary{X: Reg(d.Label), Op: "-", Y: IntLit(-d.Offset)}
		default:
			x = Reg(d.Label)
		}
		if last != nil && typ == ".b8" && last.Type == ".b8" && d.Label == "" && len(last.Values) < 32 {
			if _, ok := last.Values[0].(*Lit); ok {
				last.Values = append(last.Values, x)
				continue
			}
		}
		last = &Data{Type: typ, Values: []Expr{x}}
		if d.Label != "" {
			s.Items = append(s.Items, last)
			last = nil
			continue
		}
		s.Items = append(s.Items, last)
	}
	return s
}
