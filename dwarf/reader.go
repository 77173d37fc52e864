package dwarf

import (
	"cmp"
	"fmt"
	"slices"
)

// Error is a malformed section: the section, the byte offset in it, and
// what was wrong.
type Error struct {
	Section string
	Offset  int64
	Msg     string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s+0x%x: %s", e.Section, e.Offset, e.Msg)
}

// flat is a section as bytes, with the label references kept by offset.
// Most sections have few labels or none: the list and the bitmap are made
// at the first.
type flat struct {
	name   string
	b      []byte
	labels []labelAt // label data, by increasing offset
	inLbl  []uint64  // bitmap of the bytes that belong to a label datum
}

func flatten(s Section) (*flat, error) {
	f := &flat{name: s.Name}
	for _, d := range s.Data {
		if d.Size != 1 && d.Size != 2 && d.Size != 4 && d.Size != 8 {
			return nil, &Error{s.Name, int64(len(f.b)), fmt.Sprintf("datum of %d bytes", d.Size)}
		}
		f.add(d)
	}
	return f, nil
}

// add appends d, whose size is 1, 2, 4 or 8.
func (f *flat) add(d Datum) {
	if d.Label != "" {
		f.addLabel(int64(len(f.b)), d)
	}
	v := d.Value
	for range d.Size {
		f.b = append(f.b, byte(v))
		v >>= 8
	}
}

// labelAt is a label datum and the offset of its first byte.
type labelAt struct {
	off int64
	d   Datum
}

// addLabel notes the label datum d at byte off, past those noted before.
func (f *flat) addLabel(off int64, d Datum) {
	if len(f.labels) == cap(f.labels) && cap(f.labels) >= 1024 {
		// A long list grows to twice its size: append grows it by a
		// quarter at a time, which for the label data of nvcc -G's
		// .debug_info allocates several times the list.
		f.labels = append(make([]labelAt, 0, 2*cap(f.labels)), f.labels...)
	}
	f.labels = append(f.labels, labelAt{off, d})
	for i := off; i < off+int64(d.Size); i++ {
		for int(i>>6) >= len(f.inLbl) {
			f.inLbl = append(f.inLbl, 0)
		}
		f.inLbl[i>>6] |= 1 << (i & 63)
	}
}

// inLabel reports whether byte i belongs to a label datum.
func (f *flat) inLabel(i int64) bool {
	w := int(i >> 6)
	return w < len(f.inLbl) && f.inLbl[w]>>(i&63)&1 != 0
}

// datums returns how many data bytes i to end make, a label datum being
// one datum.
func (f *flat) datums(i, end int64, hint int) int {
	n := 0
	for i < end {
		if d, ok := f.labelNear(i, &hint); ok {
			i += int64(d.Size)
		} else {
			i++
		}
		n++
	}
	return n
}

// labelNear returns the label datum that starts at byte i, if one does,
// for a reader that reads on from the label datum *hint, which it
// updates: the one it finds is most often that one or the next, and needs
// no search.
func (f *flat) labelNear(i int64, hint *int) (Datum, bool) {
	if !f.inLabel(i) {
		return Datum{}, false
	}
	k, ok := 0, false
	for h := *hint; h < len(f.labels) && h <= *hint+1; h++ {
		if f.labels[h].off == i {
			k, ok = h, true
			break
		}
	}
	if !ok {
		k, ok = slices.BinarySearchFunc(f.labels, i, func(l labelAt, i int64) int { return cmp.Compare(l.off, i) })
		if !ok {
			return Datum{}, false
		}
	}
	*hint = k
	return f.labels[k].d, true
}

// desc says what a cursor reads, for its error messages: a text, or an
// attribute and its form. The message is made only when an error is.
type desc struct {
	text string
	attr Attr
	form Form
}

func text(s string) desc { return desc{text: s} }

func (d desc) String() string {
	if d.text != "" {
		return d.text
	}
	return fmt.Sprintf("%v (%v)", d.attr, d.form)
}

// cursor reads a flat section; the first error sticks.
type cursor struct {
	f    *flat
	off  int64
	end  int64
	err  *Error
	hint int // the label datum last read (flat.labelNear)
}

func (c *cursor) fail(off int64, format string, args ...any) {
	if c.err == nil {
		c.err = &Error{c.f.name, off, fmt.Sprintf(format, args...)}
	}
}

func (c *cursor) take(n int64, what desc) []byte {
	if c.err != nil {
		return nil
	}
	if n < 0 || c.off+n > c.end {
		c.fail(c.off, "%s runs past the end (0x%x)", what, c.end)
		return nil
	}
	for i := c.off; i < c.off+n; i++ {
		if c.f.inLabel(i) {
			c.fail(i, "label reference where %s was expected", what)
			return nil
		}
	}
	b := c.f.b[c.off : c.off+n]
	c.off += n
	return b
}

func (c *cursor) u8(what desc) uint64 {
	b := c.take(1, what)
	if b == nil {
		return 0
	}
	return uint64(b[0])
}

// num reads a little-endian number of n bytes, or a label reference of
// exactly n bytes when labelOK.
func (c *cursor) num(n int64, what desc, labelOK bool) any {
	if c.err != nil {
		return uint64(0)
	}
	if d, ok := c.f.labelNear(c.off, &c.hint); ok && labelOK {
		if int64(d.Size) != n {
			c.fail(c.off, "a %d-byte label reference where %s of %d bytes was expected", d.Size, what, n)
			return uint64(0)
		}
		c.off += n
		return d.label()
	}
	b := c.take(n, what)
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func (c *cursor) unum(n int64, what desc) uint64 {
	v, _ := c.num(n, what, false).(uint64)
	return v
}

func (c *cursor) uleb(what desc) uint64 {
	var v uint64
	for shift := 0; ; shift += 7 {
		b := c.take(1, what)
		if b == nil {
			return 0
		}
		if shift < 64 {
			v |= uint64(b[0]&0x7f) << shift
		}
		if b[0]&0x80 == 0 {
			return v
		}
		if shift > 70 {
			c.fail(c.off, "%s: LEB128 number too long", what)
			return 0
		}
	}
}

func (c *cursor) sleb(what desc) int64 {
	var v int64
	shift := 0
	for {
		b := c.take(1, what)
		if b == nil {
			return 0
		}
		if shift < 64 {
			v |= int64(b[0]&0x7f) << shift
		}
		shift += 7
		if b[0]&0x80 == 0 {
			if shift < 64 && b[0]&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
		if shift > 70 {
			c.fail(c.off, "%s: LEB128 number too long", what)
			return 0
		}
	}
}

func (c *cursor) cstring(what desc) string {
	start := c.off
	for c.err == nil && c.off < c.end {
		if c.f.inLabel(c.off) {
			c.fail(c.off, "label reference in %s", what)
			return ""
		}
		if c.f.b[c.off] == 0 {
			s := string(c.f.b[start:c.off])
			c.off++
			return s
		}
		c.off++
	}
	c.fail(start, "%s is not NUL-terminated", what)
	return ""
}

// block reads n bytes as a Block, keeping label references.
func (c *cursor) block(n int64, what desc) Block {
	if c.err != nil {
		return nil
	}
	if n < 0 || c.off+n > c.end {
		c.fail(c.off, "%s of %d bytes runs past the end (0x%x)", what, n, c.end)
		return nil
	}
	var b Block
	end := c.off + n
	if k := c.f.datums(c.off, end, c.hint); k > 0 {
		b = make(Block, 0, k)
	}
	for c.off < end {
		if d, ok := c.f.labelNear(c.off, &c.hint); ok {
			if c.off+int64(d.Size) > end {
				c.fail(c.off, "label reference crosses the end of %s", what)
				return nil
			}
			b = append(b, d)
			c.off += int64(d.Size)
			continue
		}
		if c.f.inLabel(c.off) {
			c.fail(c.off, "%s starts inside a label reference", what)
			return nil
		}
		b = append(b, Datum{Size: 1, Value: uint64(c.f.b[c.off])})
		c.off++
	}
	return b
}

type abbrevTable map[uint64]*abbrev

func readAbbrevs(f *flat, off int64) (abbrevTable, error) {
	c := &cursor{f: f, off: off, end: int64(len(f.b))}
	if off < 0 || off > c.end {
		return nil, &Error{f.name, off, "abbreviation offset outside the section"}
	}
	t := abbrevTable{}
	for {
		at := c.off
		code := c.uleb(text("abbreviation code"))
		if c.err != nil {
			return nil, c.err
		}
		if code == 0 {
			return t, nil
		}
		if t[code] != nil {
			return nil, &Error{f.name, at, fmt.Sprintf("abbreviation code %d defined twice", code)}
		}
		a := &abbrev{code: code, tag: Tag(c.uleb(text("tag")))}
		ch := c.u8(text("children flag"))
		if ch > 1 && c.err == nil {
			return nil, &Error{f.name, c.off - 1, fmt.Sprintf("children flag %d: want 0 or 1", ch)}
		}
		a.children = ch == 1
		for c.err == nil {
			an := c.uleb(text("attribute name"))
			fm := c.uleb(text("attribute form"))
			if an == 0 && fm == 0 {
				break
			}
			if an > 0xffff || fm > 0xffff {
				c.fail(c.off, "attribute 0x%x form 0x%x out of range", an, fm)
			}
			a.fields = append(a.fields, Field{Attr: Attr(an), Form: Form(fm)})
		}
		if c.err != nil {
			return nil, c.err
		}
		t[code] = a
	}
}

// Read decodes the .debug_info units of secs with the abbreviations of
// .debug_abbrev. Label references stay symbolic: an address that is the
// label func_begin0 reads as Label{"func_begin0", 0}, the abbreviation
// offset may be the label .debug_abbrev. Malformed data is an *Error.
func Read(secs []Section) ([]*Unit, error) {
	var info, abbr *flat
	for _, s := range secs {
		var err error
		switch s.Name {
		case DebugInfo:
			if info != nil {
				return nil, &Error{s.Name, 0, "section given twice"}
			}
			info, err = flatten(s)
		case DebugAbbrev:
			if abbr != nil {
				return nil, &Error{s.Name, 0, "section given twice"}
			}
			abbr, err = flatten(s)
		}
		if err != nil {
			return nil, err
		}
	}
	return readFlat(info, abbr)
}

// readFlat is Read of the flattened .debug_info and .debug_abbrev, either
// of which may be nil.
func readFlat(info, abbr *flat) ([]*Unit, error) {
	return readUnits(info, abbr, nil)
}

// readUnits is readFlat, or with visit, WalkBytes: visit is handed each
// DIE, and no tree is made.
func readUnits(info, abbr *flat, visit func(*Unit, *DIE)) ([]*Unit, error) {
	if info == nil {
		return nil, nil
	}
	if abbr == nil {
		return nil, &Error{DebugAbbrev, 0, "no .debug_abbrev section for .debug_info"}
	}
	tables := map[int64]abbrevTable{}
	var units []*Unit
	for off := int64(0); off < int64(len(info.b)); {
		c := &cursor{f: info, off: off, end: int64(len(info.b))}
		u := &Unit{Offset: off}
		u.Length = int64(c.unum(4, text("unit length")))
		if c.err == nil && u.Length >= 0xfffffff0 {
			return nil, &Error{info.name, off, "64-bit DWARF is not supported"}
		}
		if c.err == nil && off+4+u.Length > c.end {
			return nil, &Error{info.name, off, fmt.Sprintf("unit length 0x%x runs past the end of the section (0x%x)", u.Length, c.end)}
		}
		c.end = off + 4 + u.Length
		u.Version = int(c.unum(2, text("version")))
		if c.err == nil && (u.Version < 2 || u.Version > 4) {
			return nil, &Error{info.name, off + 4, fmt.Sprintf("DWARF version %d: want 2, 3 or 4", u.Version)}
		}
		switch v := c.num(4, text("abbreviation offset"), true).(type) {
		case uint64:
			u.AbbrevOffset = int64(v)
		case Label:
			if v.Name != DebugAbbrev {
				c.fail(off+6, "abbreviation offset is the label %s, not %s", v, DebugAbbrev)
			}
			u.AbbrevOffset = v.Offset
		}
		u.AddressSize = int(c.u8(text("address size")))
		if c.err != nil {
			return nil, c.err
		}
		if u.AddressSize != 4 && u.AddressSize != 8 {
			return nil, &Error{info.name, off + 10, fmt.Sprintf("address size %d: want 4 or 8", u.AddressSize)}
		}
		t, ok := tables[u.AbbrevOffset]
		if !ok {
			var err error
			if t, err = readAbbrevs(abbr, u.AbbrevOffset); err != nil {
				return nil, err
			}
			tables[u.AbbrevOffset] = t
		}
		if visit != nil {
			r := &unitReader{c: c, u: u, abbrevs: t}
			r.walkTree(visit)
			if c.err != nil {
				return nil, c.err
			}
			off = c.end
			continue
		}
		r := &unitReader{c: c, u: u, abbrevs: t, byOff: map[int64]*DIE{}}
		u.Root = r.readTree()
		if c.err != nil {
			return nil, c.err
		}
		r.resolveRefs(u.Root)
		units = append(units, u)
		off = c.end
	}
	return units, nil
}

type unitReader struct {
	c       *cursor
	u       *Unit
	abbrevs abbrevTable
	byOff   map[int64]*DIE
}

// entry reads the abbreviation code of the next entry: a null entry
// (the end of a list of siblings) has no abbreviation; ok is false at an
// error, which the cursor holds.
func (r *unitReader) entry() (at int64, a *abbrev, ok bool) {
	c := r.c
	at = c.off
	code := c.uleb(text("abbreviation code"))
	if c.err != nil {
		return at, nil, false
	}
	if code == 0 {
		return at, nil, true
	}
	if a = r.abbrevs[code]; a == nil {
		c.fail(at, "abbreviation code %d is not defined", code)
		return at, nil, false
	}
	return at, a, true
}

// fields appends to fs the attribute values of a DIE of abbreviation a;
// ok is false at an error.
func (r *unitReader) fields(a *abbrev, fs []Field) (_ []Field, ok bool) {
	for _, f := range a.fields {
		v := r.value(f.Form, f.Attr)
		if r.c.err != nil {
			return fs, false
		}
		fs = append(fs, Field{f.Attr, f.Form, v})
	}
	return fs, true
}

// readTree reads the unit's DIEs: the first is the root; the rest of the
// unit must be its descendants (or padding nulls).
func (r *unitReader) readTree() *DIE {
	c := r.c
	var root *DIE
	var stack []*DIE // DIEs whose children are being read
	for c.err == nil && c.off < c.end {
		at, a, ok := r.entry()
		if !ok {
			break
		}
		if a == nil {
			if len(stack) > 0 {
				stack[len(stack)-1].nullOffset = at - r.u.Offset
				stack = stack[:len(stack)-1]
			}
			continue
		}
		d := &DIE{Offset: at - r.u.Offset, Tag: a.tag}
		if len(a.fields) > 0 {
			d.Fields = make([]Field, 0, len(a.fields))
		}
		r.byOff[d.Offset] = d
		if d.Fields, ok = r.fields(a, d.Fields); !ok {
			return root
		}
		switch {
		case len(stack) > 0:
			p := stack[len(stack)-1]
			p.Children = append(p.Children, d)
		case root == nil:
			root = d
		default:
			c.fail(at, "a second top-level DIE in the unit")
			return root
		}
		if a.children {
			if len(stack) >= 256 {
				c.fail(at, "DIEs nested deeper than 256")
				return root
			}
			stack = append(stack, d)
		}
	}
	if root == nil && c.err == nil {
		c.fail(r.u.Offset, "unit without DIEs")
	}
	return root
}

// walkTree is readTree for WalkBytes: it hands each DIE to visit, with
// no children, and reads the next into the same memory.
func (r *unitReader) walkTree(visit func(*Unit, *DIE)) {
	c := r.c
	var d DIE
	root := false
	depth := 0 // of the DIEs whose children are being read
	for c.err == nil && c.off < c.end {
		at, a, ok := r.entry()
		if !ok {
			break
		}
		if a == nil {
			if depth > 0 {
				depth--
			}
			continue
		}
		fs := d.Fields[:0] // the memory of the last DIE's
		d = DIE{Offset: at - r.u.Offset, Tag: a.tag}
		if d.Fields, ok = r.fields(a, fs); !ok {
			return
		}
		switch {
		case depth > 0:
		case !root:
			root = true
		default:
			c.fail(at, "a second top-level DIE in the unit")
			return
		}
		visit(r.u, &d)
		clear(d.Fields)
		if a.children {
			if depth >= 256 {
				c.fail(at, "DIEs nested deeper than 256")
				return
			}
			depth++
		}
	}
	if !root && c.err == nil {
		c.fail(r.u.Offset, "unit without DIEs")
	}
}

func (r *unitReader) value(form Form, a Attr) any {
	c := r.c
	what := desc{attr: a, form: form}
	for form == FormIndirect {
		form = Form(c.uleb(what))
	}
	switch form {
	case FormAddr:
		return c.num(int64(r.u.AddressSize), what, true)
	case FormData1, FormFlag:
		return c.u8(what)
	case FormData2:
		return c.unum(2, what)
	case FormData4, FormSecOffset:
		return c.num(4, what, true)
	case FormData8:
		return c.num(8, what, true)
	case FormString:
		return c.cstring(what)
	case FormStrp:
		return c.num(4, what, true)
	case FormUdata:
		return c.uleb(what)
	case FormSdata:
		return c.sleb(what)
	case FormRef1:
		return Ref{Offset: int64(c.u8(what))}
	case FormRef2:
		return Ref{Offset: int64(c.unum(2, what))}
	case FormRef4:
		return Ref{Offset: int64(c.unum(4, what))}
	case FormRef8:
		return Ref{Offset: int64(c.unum(8, what))}
	case FormRefUdata:
		return Ref{Offset: int64(c.uleb(what))}
	case FormRefAddr:
		if r.u.Version <= 2 {
			return c.num(int64(r.u.AddressSize), what, true)
		}
		return c.num(4, what, true)
	case FormBlock1:
		return c.block(int64(c.u8(what)), what)
	case FormBlock2:
		return c.block(int64(c.unum(2, what)), what)
	case FormBlock4:
		return c.block(int64(c.unum(4, what)), what)
	case FormBlock, FormExprloc:
		n := c.uleb(what)
		if n > 1<<31 {
			c.fail(c.off, "%s: block length %d", what, n)
			return nil
		}
		return c.block(int64(n), what)
	case FormFlagPresent:
		return nil
	}
	c.fail(c.off, "unknown form 0x%x for %v", uint16(form), a)
	return nil
}

func (r *unitReader) resolveRefs(d *DIE) {
	if d == nil {
		return
	}
	for i, f := range d.Fields {
		if ref, ok := f.Val.(Ref); ok {
			ref.Target = r.byOff[ref.Offset]
			d.Fields[i].Val = ref
		}
	}
	for _, ch := range d.Children {
		r.resolveRefs(ch)
	}
}

// Count returns the number of DIEs in the tree rooted at d.
func (d *DIE) Count() int {
	if d == nil {
		return 0
	}
	n := 1
	for _, c := range d.Children {
		n += c.Count()
	}
	return n
}

// Walk calls fn for d and its descendants in order, with their depth.
func (d *DIE) Walk(fn func(d *DIE, depth int)) { d.walk(fn, 0) }

func (d *DIE) walk(fn func(*DIE, int), depth int) {
	fn(d, depth)
	for _, c := range d.Children {
		c.walk(fn, depth+1)
	}
}

// SectionBytes is a .debug_info or .debug_abbrev section joined into
// bytes as Read joins a Section's Data, a datum at a time: a reader that
// streams a section (a big one: nvcc -G writes a datum a byte) need not
// hold a Datum, 56 bytes, for each.
type SectionBytes struct {
	f   flat
	err error
}

// NewSectionBytes returns an empty section of the given name.
func NewSectionBytes(name string) *SectionBytes {
	return &SectionBytes{f: flat{name: name}}
}

// Name returns the section's name.
func (s *SectionBytes) Name() string { return s.f.name }

// Add appends d. A datum whose size is not 1, 2, 4 or 8 is an error, the
// one that Read would return; the section then takes no more data.
func (s *SectionBytes) Add(d Datum) {
	if s.err != nil {
		return
	}
	if d.Size != 1 && d.Size != 2 && d.Size != 4 && d.Size != 8 {
		s.err = &Error{s.f.name, int64(len(s.f.b)), fmt.Sprintf("datum of %d bytes", d.Size)}
		return
	}
	s.f.add(d)
}

// AddByte appends a one-byte datum of value v, not a label.
func (s *SectionBytes) AddByte(v byte) {
	if s.err == nil {
		s.f.b = append(s.f.b, v)
	}
}

// WalkBytes is ReadBytes for a reader that looks at each DIE once, with
// memory for one DIE rather than for the whole tree: it hands visit each
// DIE of each unit in order, with the unit (whose Root is nil), and
// reuses the DIE's memory once visit returns. The DIE has no Children,
// and its references (Ref) no Target. WalkBytes returns the error that
// ReadBytes would; visit may have been handed DIEs before it.
func WalkBytes(info, abbrev *SectionBytes, visit func(u *Unit, d *DIE)) error {
	var fi, fa *flat
	for _, s := range []*SectionBytes{info, abbrev} {
		if s != nil && s.err != nil {
			return s.err
		}
	}
	if info != nil {
		fi = &info.f
	}
	if abbrev != nil {
		fa = &abbrev.f
	}
	_, err := readUnits(fi, fa, visit)
	return err
}

// ReadBytes is Read of the sections joined by SectionBytes: info is
// .debug_info, abbrev .debug_abbrev; either may be nil, as a missing
// section is to Read.
func ReadBytes(info, abbrev *SectionBytes) ([]*Unit, error) {
	var fi, fa *flat
	for _, s := range []*SectionBytes{info, abbrev} {
		if s != nil && s.err != nil {
			return nil, s.err
		}
	}
	if info != nil {
		fi = &info.f
	}
	if abbrev != nil {
		fa = &abbrev.f
	}
	return readFlat(fi, fa)
}
