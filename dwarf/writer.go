package dwarf

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// emitter accumulates the data of one section; bytes are kept as 1-byte
// data, numbers and labels as data of their size.
type emitter struct{ data []Datum }

func (e *emitter) bytes(b ...byte) {
	for _, c := range b {
		e.data = append(e.data, Datum{Size: 1, Value: uint64(c)})
	}
}
func (e *emitter) num(size int, v uint64) { e.data = append(e.data, Datum{Size: size, Value: v}) }
func (e *emitter) label(size int, l Label) {
	e.data = append(e.data, Datum{Size: size, Label: l.Name, Offset: l.Offset, Sub: l.Sub})
}
func (e *emitter) len() int64 { return int64(Block(e.data).Len()) }

// fieldSize is the number of bytes f takes in .debug_info.
func fieldSize(f Field, addressSize int) (int64, error) {
	switch f.Form {
	case FormAddr:
		return int64(addressSize), nil
	case FormData1, FormFlag, FormRef1:
		return 1, nil
	case FormData2, FormRef2:
		return 2, nil
	case FormData4, FormRef4, FormSecOffset:
		return 4, nil
	case FormData8, FormRef8:
		return 8, nil
	case FormFlagPresent:
		return 0, nil
	case FormString:
		s, ok := f.Val.(string)
		if !ok {
			return 0, fmt.Errorf("%v: %v wants a string, not %T", f.Attr, f.Form, f.Val)
		}
		if strings.IndexByte(s, 0) >= 0 {
			return 0, fmt.Errorf("%v: string %q holds a NUL byte", f.Attr, s)
		}
		return int64(len(s) + 1), nil
	case FormUdata:
		v, ok := f.Val.(uint64)
		if !ok {
			return 0, fmt.Errorf("%v: %v wants a uint64, not %T", f.Attr, f.Form, f.Val)
		}
		return int64(len(uleb(nil, v))), nil
	case FormSdata:
		v, ok := f.Val.(int64)
		if !ok {
			return 0, fmt.Errorf("%v: %v wants an int64, not %T", f.Attr, f.Form, f.Val)
		}
		return int64(len(sleb(nil, v))), nil
	case FormBlock1, FormBlock2, FormBlock4, FormBlock, FormExprloc:
		b, ok := f.Val.(Block)
		if !ok {
			return 0, fmt.Errorf("%v: %v wants a Block, not %T", f.Attr, f.Form, f.Val)
		}
		n := int64(b.Len())
		switch f.Form {
		case FormBlock1:
			if n > 0xff {
				return 0, fmt.Errorf("%v: block of %d bytes does not fit %v", f.Attr, n, f.Form)
			}
			return 1 + n, nil
		case FormBlock2:
			if n > 0xffff {
				return 0, fmt.Errorf("%v: block of %d bytes does not fit %v", f.Attr, n, f.Form)
			}
			return 2 + n, nil
		case FormBlock4:
			return 4 + n, nil
		}
		return int64(len(uleb(nil, uint64(n)))) + n, nil
	}
	return 0, fmt.Errorf("%v: the writer does not emit %v", f.Attr, f.Form)
}

type abbrev struct {
	code     uint64
	tag      Tag
	children bool
	fields   []Field // Attr and Form only
}

func abbrevKey(d *DIE) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%t", d.Tag, len(d.Children) > 0)
	for _, f := range d.Fields {
		fmt.Fprintf(&b, "/%d:%d", f.Attr, f.Form)
	}
	return b.String()
}

// unitLayout assigns abbreviation codes (in order of first use) and offsets.
type unitLayout struct {
	addressSize int
	abbrevs     []*abbrev
	byKey       map[string]*abbrev
	code        map[*DIE]*abbrev
	dies        map[*DIE]bool
}

func (l *unitLayout) place(d *DIE, off int64, depth int) (int64, error) {
	if depth > 1000 {
		return 0, fmt.Errorf("DIE tree deeper than 1000 (a cycle?)")
	}
	if l.dies[d] {
		return 0, fmt.Errorf("%v DIE appears twice in the tree", d.Tag)
	}
	l.dies[d] = true
	if (d.Tag == TagVariable || d.Tag == TagFormalParameter) && d.Attr(AttrLocation) != nil {
		// Guide §5.2: every variable and parameter carries its address class.
		c, ok := d.Attr(AttrAddressClass).(uint64)
		if !ok || !KnownAddrClass(AddrClass(c)) {
			name, _ := d.Attr(AttrName).(string)
			return 0, fmt.Errorf("%v %q has a location but no DW_AT_address_class of guide §5.2", d.Tag, name)
		}
	}
	key := abbrevKey(d)
	a := l.byKey[key]
	if a == nil {
		a = &abbrev{code: uint64(len(l.abbrevs) + 1), tag: d.Tag, children: len(d.Children) > 0}
		for _, f := range d.Fields {
			a.fields = append(a.fields, Field{Attr: f.Attr, Form: f.Form})
		}
		l.abbrevs = append(l.abbrevs, a)
		l.byKey[key] = a
	}
	l.code[d] = a
	d.Offset = off
	off += int64(len(uleb(nil, a.code)))
	for _, f := range d.Fields {
		n, err := fieldSize(f, l.addressSize)
		if err != nil {
			return 0, fmt.Errorf("%v at 0x%x: %v", d.Tag, d.Offset, err)
		}
		off += n
	}
	for _, c := range d.Children {
		var err error
		if off, err = l.place(c, off, depth+1); err != nil {
			return 0, err
		}
	}
	if len(d.Children) > 0 {
		d.nullOffset = off
		off++ // the null entry that ends the children
	}
	return off, nil
}

// Sections lays out the unit and returns its .debug_info, .debug_abbrev and
// .debug_pubnames sections (guide §5.1): DWARF version 2, 32-bit format,
// the abbreviation offset as the label .debug_abbrev. References (Ref) must
// point into the unit. The DIEs' Offset fields are set. .debug_pubnames
// lists the external subprograms and variables that are children of the
// root, by DW_AT_MIPS_linkage_name or DW_AT_linkage_name if they have one,
// else DW_AT_name; it is left out when there are none. .debug_aranges is
// not written: its ranges need each function's SASS size, which only ptxas
// knows (ptxas 11.8 rejects code-label differences in that section).
func (u *Unit) Sections() ([]Section, error) {
	if u.AddressSize != 4 && u.AddressSize != 8 {
		return nil, fmt.Errorf("address size %d: want 4 or 8", u.AddressSize)
	}
	if u.Root == nil {
		return nil, fmt.Errorf("unit without a root DIE")
	}
	l := &unitLayout{addressSize: u.AddressSize, byKey: map[string]*abbrev{}, code: map[*DIE]*abbrev{}, dies: map[*DIE]bool{}}
	const headerSize = 11 // unit_length, version, debug_abbrev_offset, address_size
	end, err := l.place(u.Root, headerSize, 0)
	if err != nil {
		return nil, err
	}
	u.Offset, u.Version, u.AbbrevOffset = 0, 2, 0
	u.Length = end - 4

	var info emitter
	info.num(4, uint64(u.Length))
	info.bytes(2, 0)
	info.label(4, Label{Name: DebugAbbrev})
	info.bytes(byte(u.AddressSize))
	if err := l.emit(&info, u.Root); err != nil {
		return nil, err
	}
	if info.len() != end {
		return nil, fmt.Errorf("internal error: laid out %d bytes, emitted %d", end, info.len())
	}

	var ab emitter
	for _, a := range l.abbrevs {
		ab.bytes(uleb(nil, a.code)...)
		ab.bytes(uleb(nil, uint64(a.tag))...)
		if a.children {
			ab.bytes(1)
		} else {
			ab.bytes(0)
		}
		for _, f := range a.fields {
			ab.bytes(uleb(nil, uint64(f.Attr))...)
			ab.bytes(uleb(nil, uint64(f.Form))...)
		}
		ab.bytes(0, 0)
	}
	ab.bytes(0)

	secs := []Section{{DebugInfo, info.data}, {DebugAbbrev, ab.data}}
	if pub := u.pubnames(); pub != nil {
		secs = append(secs, Section{DebugPubnames, pub})
	}
	return secs, nil
}

func (u *Unit) pubnames() []Datum {
	var body emitter
	for _, d := range u.Root.Children {
		if d.Tag != TagSubprogram && d.Tag != TagVariable {
			continue
		}
		if v, ok := d.Attr(AttrExternal).(uint64); !ok || v == 0 {
			continue
		}
		name, _ := d.Attr(AttrMIPSLinkageName).(string)
		if name == "" {
			name, _ = d.Attr(AttrLinkageName).(string)
		}
		if name == "" {
			name, _ = d.Attr(AttrName).(string)
		}
		if name == "" {
			continue
		}
		body.num(4, uint64(d.Offset))
		body.bytes([]byte(name)...)
		body.bytes(0)
	}
	if len(body.data) == 0 {
		return nil
	}
	var e emitter
	// unit_length, version, debug_info_offset, debug_info_length (the
	// guide's example gives the unit's unit_length here), entries, 0.
	e.num(4, uint64(2+4+4+body.len()+4))
	e.bytes(2, 0)
	e.label(4, Label{Name: DebugInfo})
	e.num(4, uint64(u.Length))
	e.data = append(e.data, body.data...)
	e.num(4, 0)
	return e.data
}

func (l *unitLayout) emit(e *emitter, d *DIE) error {
	a := l.code[d]
	e.bytes(uleb(nil, a.code)...)
	for _, f := range d.Fields {
		if err := l.emitField(e, d, f); err != nil {
			return fmt.Errorf("%v at 0x%x: %v: %v", d.Tag, d.Offset, f.Attr, err)
		}
	}
	for _, c := range d.Children {
		if err := l.emit(e, c); err != nil {
			return err
		}
	}
	if len(d.Children) > 0 {
		e.bytes(0)
	}
	return nil
}

func (l *unitLayout) emitField(e *emitter, d *DIE, f Field) error {
	size, _ := fieldSize(f, l.addressSize)
	switch f.Form {
	case FormAddr, FormData1, FormData2, FormData4, FormData8, FormSecOffset, FormFlag:
		switch v := f.Val.(type) {
		case uint64:
			if size < 8 && v>>(8*size) != 0 {
				return fmt.Errorf("%d does not fit %v", v, f.Form)
			}
			if size == 1 {
				e.bytes(byte(v))
			} else {
				e.num(int(size), v)
			}
		case Label:
			if size < 4 {
				return fmt.Errorf("a label needs 4 or 8 bytes, not %v", f.Form)
			}
			if v.Sub != "" && v.Offset != 0 {
				// PTX has no syntax the reader takes for a-b+N.
				return fmt.Errorf("label difference %s with an offset", v)
			}
			e.label(int(size), v)
		default:
			return fmt.Errorf("%v wants a uint64 or a Label, not %T", f.Form, f.Val)
		}
	case FormRef1, FormRef2, FormRef4, FormRef8:
		r, ok := f.Val.(Ref)
		if !ok || r.Target == nil {
			return fmt.Errorf("%v wants a Ref with a Target", f.Form)
		}
		if !l.dies[r.Target] {
			return fmt.Errorf("reference to a %v DIE outside the unit", r.Target.Tag)
		}
		off := uint64(r.Target.Offset)
		if size < 8 && off>>(8*size) != 0 {
			return fmt.Errorf("offset 0x%x does not fit %v", off, f.Form)
		}
		if size == 1 {
			e.bytes(byte(off))
		} else {
			e.num(int(size), off)
		}
	case FormFlagPresent:
	case FormString:
		e.bytes([]byte(f.Val.(string))...)
		e.bytes(0)
	case FormUdata:
		e.bytes(uleb(nil, f.Val.(uint64))...)
	case FormSdata:
		e.bytes(sleb(nil, f.Val.(int64))...)
	case FormBlock1, FormBlock2, FormBlock4, FormBlock, FormExprloc:
		b := f.Val.(Block)
		n := uint64(b.Len())
		switch f.Form {
		case FormBlock1:
			e.bytes(byte(n))
		case FormBlock2:
			e.num(2, n)
		case FormBlock4:
			e.num(4, n)
		default:
			e.bytes(uleb(nil, n)...)
		}
		for _, x := range b {
			if x.Size != 1 && x.Size != 2 && x.Size != 4 && x.Size != 8 {
				return fmt.Errorf("block datum of %d bytes", x.Size)
			}
		}
		e.data = append(e.data, b...)
	default:
		return fmt.Errorf("the writer does not emit %v", f.Form)
	}
	return nil
}

// RawBytes is the byte sink: each section's contents, little-endian, with
// label references replaced by resolve(label)+Offset (minus resolve(Sub)
// for a label difference). resolve is the
// caller's: for a read-back with debug/dwarf, section names resolve to 0
// (one unit per section) and code labels to made-up addresses.
func RawBytes(secs []Section, resolve func(label string) (uint64, error)) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, s := range secs {
		var b []byte
		for _, d := range s.Data {
			v := d.Value
			if d.Label != "" {
				a, err := resolve(d.Label)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", s.Name, err)
				}
				v = a + uint64(d.Offset)
				if d.Sub != "" {
					b, err := resolve(d.Sub)
					if err != nil {
						return nil, fmt.Errorf("%s: %v", s.Name, err)
					}
					v -= b
				}
			}
			switch d.Size {
			case 1:
				b = append(b, byte(v))
			case 2:
				b = binary.LittleEndian.AppendUint16(b, uint16(v))
			case 4:
				b = binary.LittleEndian.AppendUint32(b, uint32(v))
			case 8:
				b = binary.LittleEndian.AppendUint64(b, v)
			default:
				return nil, fmt.Errorf("%s: datum of %d bytes", s.Name, d.Size)
			}
		}
		out[s.Name] = append(out[s.Name], b...)
	}
	return out, nil
}
