package dwarf

import "fmt"

// Datum is one item of a PTX .section block: Size bytes (1, 2, 4 or 8, from
// .b8, .b16, .b32 or .b64) holding either the number Value or, when Label is
// not empty, the address of Label plus Offset ("func_begin0",
// ".debug_abbrev", "_Z4testPi_param_0+8"), less the address of Sub when a
// label difference was written ("$L__func_end0-$L__func_begin0"). It has
// the fields of the PTX syntax tree's section datum (ptx/ast.Datum), so
// that the one converts to the other.
type Datum struct {
	Size   int
	Value  uint64
	Label  string
	Offset int64
	Sub    string
}

// label returns the label reference that d holds.
func (d Datum) label() Label { return Label{Name: d.Label, Offset: d.Offset, Sub: d.Sub} }

// Section is a PTX .section block: its name (".debug_info") and its data.
type Section struct {
	Name string
	Data []Datum
}

// Section names.
const (
	DebugInfo     = ".debug_info"
	DebugAbbrev   = ".debug_abbrev"
	DebugLine     = ".debug_line"
	DebugPubnames = ".debug_pubnames"
	DebugAranges  = ".debug_aranges"
)

// A DIE is a debugging information entry.
type DIE struct {
	// Offset is the DIE's offset from the start of its unit; the reader
	// and the writer (when it lays a unit out) set it.
	Offset   int64
	Tag      Tag
	Fields   []Field
	Children []*DIE

	nullOffset int64 // of the null entry ending the children, if known
}

// A Field is one attribute of a DIE: its name, its form and its value.
// The value's Go type depends on the form:
//
//	FormAddr                         uint64 or Label
//	FormData1/2/4/8, FormSecOffset   uint64, or Label (a section offset such as .debug_line)
//	FormUdata, FormFlag              uint64
//	FormSdata                        int64
//	FormString                       string
//	FormRef1/2/4/8, FormRefUdata     Ref
//	FormBlock*, FormExprloc          Block
//	FormFlagPresent                  nil
type Field struct {
	Attr Attr
	Form Form
	Val  any
}

// Label is a symbolic address: the address of a PTX label, or the offset of
// a section, plus Offset; with Sub, the difference of two labels' addresses
// (Sub's taken from Name's), plus Offset.
type Label struct {
	Name   string
	Offset int64
	Sub    string
}

func (l Label) String() string {
	s := l.Name
	if l.Sub != "" {
		s += "-" + l.Sub
	}
	switch {
	case l.Offset > 0:
		return fmt.Sprintf("%s+%d", s, l.Offset)
	case l.Offset < 0:
		return fmt.Sprintf("%s%d", s, l.Offset)
	}
	return s
}

// Ref is a reference to a DIE of the same unit. The writer uses Target;
// the reader sets Offset (from the start of the unit) and Target when a DIE
// starts there.
type Ref struct {
	Target *DIE
	Offset int64
}

// Block is the contents of a block attribute, usually a location
// expression (DW_AT_location, DW_AT_frame_base, DW_AT_data_member_location).
// It is a list of data so that it can hold label references:
// DW_OP_addr _Z4testPi_param_0 is the byte 3 and an address-sized label.
type Block []Datum

// Len is the number of bytes of b.
func (b Block) Len() int {
	n := 0
	for _, d := range b {
		n += d.Size
	}
	return n
}

// Attr returns the value of the DIE's attribute a, or nil.
func (d *DIE) Attr(a Attr) any {
	for _, f := range d.Fields {
		if f.Attr == a {
			return f.Val
		}
	}
	return nil
}

// Add appends an attribute to d and returns d.
func (d *DIE) Add(a Attr, form Form, val any) *DIE {
	d.Fields = append(d.Fields, Field{a, form, val})
	return d
}

// AddChild appends c to d's children and returns c.
func (d *DIE) AddChild(c *DIE) *DIE {
	d.Children = append(d.Children, c)
	return c
}

// NewDIE returns a DIE with the given tag and no attributes.
func NewDIE(tag Tag) *DIE { return &DIE{Tag: tag} }

// Unit is one compilation unit of .debug_info.
type Unit struct {
	Offset       int64 // of the unit header in .debug_info
	Length       int64 // unit_length: bytes after the length field
	Version      int
	AbbrevOffset int64
	AddressSize  int // 4 or 8
	Root         *DIE
}

// uleb appends the unsigned LEB128 encoding of v.
func uleb(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			c |= 0x80
		}
		b = append(b, c)
		if v == 0 {
			return b
		}
	}
}

// sleb appends the signed LEB128 encoding of v.
func sleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// Bytes returns a block of plain bytes.
func Bytes(b ...byte) Block {
	out := make(Block, len(b))
	for i, c := range b {
		out[i] = Datum{Size: 1, Value: uint64(c)}
	}
	return out
}

// PackRegister packs the name of a PTX virtual register into the operand of
// DW_OP_regx the way the guide's example does (NOTES: "%r1" is 0x257231, its
// ASCII bytes read as a big-endian number). Names longer than 8 bytes do
// not fit and are an error.
func PackRegister(reg string) (uint64, error) {
	if reg == "" || len(reg) > 8 {
		return 0, fmt.Errorf("register name %q: want 1 to 8 bytes", reg)
	}
	var v uint64
	for i := 0; i < len(reg); i++ {
		v = v<<8 | uint64(reg[i])
	}
	return v, nil
}

// UnpackRegister is the inverse of PackRegister; ok is false unless v
// spells a register name ('%' then letters, digits, '_' or '$').
func UnpackRegister(v uint64) (string, bool) {
	var b []byte
	for ; v != 0; v >>= 8 {
		b = append([]byte{byte(v)}, b...)
	}
	if len(b) < 2 || b[0] != '%' {
		return "", false
	}
	for _, c := range b[1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$') {
			return "", false
		}
	}
	return string(b), true
}

// RegLoc is the location expression of a variable held in a PTX register:
// DW_OP_regx with the packed register name.
func RegLoc(reg string) (Block, error) {
	v, err := PackRegister(reg)
	if err != nil {
		return nil, err
	}
	return Bytes(uleb([]byte{byte(OpRegx)}, v)...), nil
}

// AddrLoc is the location expression DW_OP_addr label+off, for a variable
// or parameter in memory (a .param, .global, .shared, .const or .local
// symbol); addressSize is the unit's (4 or 8).
func AddrLoc(label string, off int64, addressSize int) Block {
	return Block{{Size: 1, Value: uint64(OpAddr)}, {Size: addressSize, Label: label, Offset: off}}
}
