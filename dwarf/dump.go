package dwarf

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// opOperands describes the operands of the location operations the dump
// decodes: 'a' an address (or label), '1'/'2'/'4'/'8' unsigned numbers of
// that many bytes, 'b'/'h'/'w'/'q' signed ones, 'u' ULEB128, 's' SLEB128.
func opOperands(op Op) string {
	switch op {
	case OpAddr:
		return "a"
	case OpConst1u, OpDerefSize:
		return "1"
	case OpConst1s:
		return "b"
	case OpConst2u:
		return "2"
	case OpConst2s:
		return "h"
	case OpConst4u:
		return "4"
	case OpConst4s:
		return "w"
	case OpConst8u:
		return "8"
	case OpConst8s:
		return "q"
	case OpConstu, OpPlusUconst, OpRegx, OpPiece:
		return "u"
	case OpConsts, OpFbreg:
		return "s"
	case OpBregx:
		return "us"
	}
	return ""
}

// FormatExpr renders a location expression the way llvm-dwarfdump does
// ("DW_OP_regx 0x257231"), with a register operand that spells a PTX
// register name followed by the name ("DW_OP_regx 0x257231 (%r1)") and
// label operands by name ("DW_OP_addr _Z4testPi_param_0").
func FormatExpr(b Block, addressSize int) string {
	f := &flat{name: "expression"}
	if ff, err := flatten(Section{Name: "expression", Data: b}); err == nil {
		f = ff
	}
	c := &cursor{f: f, end: int64(len(f.b))}
	var parts []string
	for c.off < c.end && c.err == nil {
		op := Op(c.u8(text("operation")))
		var name string
		var operands string
		switch {
		case op >= OpLit0 && op < OpLit0+32:
			name = fmt.Sprintf("DW_OP_lit%d", op-OpLit0)
		case op >= OpReg0 && op < OpReg0+32:
			name = fmt.Sprintf("DW_OP_reg%d", op-OpReg0)
		case op >= OpBreg0 && op < OpBreg0+32:
			name, operands = fmt.Sprintf("DW_OP_breg%d", op-OpBreg0), "s"
		default:
			name, operands = op.String(), opOperands(op)
		}
		s := name
		for _, k := range operands {
			switch k {
			case 'a':
				switch v := c.num(int64(addressSize), text("address"), true).(type) {
				case Label:
					s += " " + v.String()
				case uint64:
					s += fmt.Sprintf(" 0x%x", v)
				}
			case '1', '2', '4', '8':
				s += fmt.Sprintf(" 0x%x", c.unum(int64(k-'0'), text("operand")))
			case 'b':
				s += fmt.Sprintf(" %d", int8(c.unum(1, text("operand"))))
			case 'h':
				s += fmt.Sprintf(" %d", int16(c.unum(2, text("operand"))))
			case 'w':
				s += fmt.Sprintf(" %d", int32(c.unum(4, text("operand"))))
			case 'q':
				s += fmt.Sprintf(" %d", int64(c.unum(8, text("operand"))))
			case 'u':
				v := c.uleb(text("operand"))
				s += fmt.Sprintf(" 0x%x", v)
				if op == OpRegx {
					if r, ok := UnpackRegister(v); ok {
						s += " (" + r + ")"
					}
				}
			case 's':
				s += fmt.Sprintf(" %d", c.sleb(text("operand")))
			}
		}
		if c.err != nil {
			s += " <decoding error>"
		}
		parts = append(parts, s)
		if !KnownOp(op) && !(op >= OpLit0 && op < OpBreg0+32) {
			if c.off < c.end {
				parts = append(parts, "<undecoded>")
			}
			break
		}
	}
	return strings.Join(parts, ", ")
}

// FormatValue renders an attribute's value the way llvm-dwarfdump
// --debug-info does, with label references by name and the CUDA address
// classes (guide §5.2) by name.
func FormatValue(f Field, addressSize int) string {
	return string(appendValue(nil, f, addressSize))
}

// appendValue appends FormatValue(f, addressSize) to b.
func appendValue(b []byte, f Field, addressSize int) []byte {
	switch v := f.Val.(type) {
	case nil:
		return append(b, "true"...)
	case string:
		return strconv.AppendQuote(b, v)
	case Label:
		return append(b, v.String()...)
	case Block:
		switch f.Attr {
		case AttrLocation, AttrFrameBase, AttrDataMemberLocation:
			return append(b, FormatExpr(v, addressSize)...)
		}
		b = append(b, '<')
		for i, d := range v {
			if i > 0 {
				b = append(b, ' ')
			}
			if d.Label != "" {
				b = append(b, d.label().String()...)
			} else {
				b = appendHex(b, d.Value, 2)
			}
		}
		return append(b, '>')
	case Ref:
		if v.Offset < 0 {
			b = fmt.Appendf(b, "0x%08x", v.Offset) // as fmt spells it
		} else {
			b = appendHex(b, uint64(v.Offset), 8)
		}
		if v.Target != nil {
			if n, ok := v.Target.Attr(AttrName).(string); ok {
				b = append(b, ' ')
				b = strconv.AppendQuote(b, n)
			}
		} else {
			b = append(b, " <invalid>"...)
		}
		return b
	case int64:
		return strconv.AppendInt(b, v, 10)
	case uint64:
		switch f.Attr {
		case AttrLanguage:
			return append(b, Lang(v).String()...)
		case AttrEncoding:
			return append(b, Encoding(v).String()...)
		case AttrAddressClass:
			return append(b, AddrClass(v).String()...)
		case AttrDeclLine, AttrDeclFile, AttrCallLine, AttrCallFile, AttrDeclColumn, AttrCallColumn, AttrBitOffset:
			return strconv.AppendUint(b, v, 10)
		}
		switch f.Form {
		case FormData1, FormFlag, FormRef1:
			return appendHex(b, v, 2)
		case FormData2:
			return appendHex(b, v, 4)
		case FormData4, FormSecOffset, FormStrp:
			return appendHex(b, v, 8)
		case FormData8, FormAddr:
			return appendHex(b, v, 16)
		}
		return appendHex(b, v, 0)
	}
	return fmt.Appendf(b, "%v", f.Val)
}

// appendHex appends "0x" and v in hexadecimal, padded with zeros to at
// least width digits, as fmt's "0x%0*x" does.
func appendHex(b []byte, v uint64, width int) []byte {
	var tmp [16]byte
	digits := strconv.AppendUint(tmp[:0], v, 16)
	b = append(b, '0', 'x')
	for i := len(digits); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, digits...)
}

// dumpFlush is how much Dump buffers before writing.
const dumpFlush = 64 << 10

// Dump prints units the way llvm-dwarfdump --debug-info prints them: a
// header per unit, then each DIE with its offset, tag and attributes,
// children indented, and a NULL line where children end.
func Dump(w io.Writer, units []*Unit) error {
	d := &dumper{w: w, b: make([]byte, 0, 2*dumpFlush)}
	d.b = append(d.b, ".debug_info contents:\n"...)
	for _, u := range units {
		d.b = fmt.Appendf(d.b, "0x%08x: Compile Unit: length = 0x%08x, format = DWARF32, version = 0x%04x, abbr_offset = 0x%04x, addr_size = 0x%02x (next unit at 0x%08x)\n",
			u.Offset, u.Length, u.Version, u.AbbrevOffset, u.AddressSize, u.Offset+4+u.Length)
		d.die(u, u.Root, 0)
	}
	d.flush()
	return d.err
}

// A dumper is Dump's buffered writer: the first error sticks.
type dumper struct {
	w   io.Writer
	b   []byte
	err error
}

func (d *dumper) flush() {
	if d.err == nil && len(d.b) > 0 {
		_, d.err = d.w.Write(d.b)
	}
	d.b = d.b[:0]
}

func (d *dumper) indent(depth int) {
	for range depth {
		d.b = append(d.b, "  "...)
	}
}

func (d *dumper) die(u *Unit, x *DIE, depth int) {
	if x == nil {
		return
	}
	if len(d.b) >= dumpFlush {
		d.flush()
	}
	d.b = append(d.b, '\n')
	d.b = appendHex(d.b, uint64(u.Offset+x.Offset), 8)
	d.b = append(d.b, ": "...)
	d.indent(depth)
	d.b = append(d.b, x.Tag.String()...)
	d.b = append(d.b, '\n')
	for _, f := range x.Fields {
		d.b = append(d.b, "              "...) // 12 spaces and 2
		d.indent(depth)
		d.b = append(d.b, f.Attr.String()...)
		d.b = append(d.b, "\t("...)
		d.b = appendValue(d.b, f, u.AddressSize)
		d.b = append(d.b, ")\n"...)
	}
	for _, c := range x.Children {
		d.die(u, c, depth+1)
	}
	if len(x.Children) > 0 {
		d.b = append(d.b, '\n')
		if x.nullOffset > 0 {
			d.b = appendHex(d.b, uint64(u.Offset+x.nullOffset), 8)
			d.b = append(d.b, ": "...)
		} else {
			d.b = append(d.b, "            "...)
		}
		d.indent(depth)
		d.b = append(d.b, "  NULL\n"...)
	}
}

// The JSON form of a decoding (ptxabi dwarf -json).
type jsonUnit struct {
	Offset       int64    `json:"offset"`
	Length       int64    `json:"length"`
	Version      int      `json:"version"`
	AbbrevOffset int64    `json:"abbrev_offset"`
	AddressSize  int      `json:"address_size"`
	DIE          *jsonDIE `json:"die"`
}

type jsonDIE struct {
	Offset     int64      `json:"offset"`
	Tag        string     `json:"tag"`
	Attributes []jsonAttr `json:"attributes"`
	Children   []*jsonDIE `json:"children,omitempty"`
}

type jsonAttr struct {
	Name  string `json:"name"`
	Form  string `json:"form"`
	Value any    `json:"value"`
	Text  string `json:"text"`
}

// JSON encodes units as
//
//	{"units": [{"offset", "length", "version", "abbrev_offset", "address_size",
//	            "die": DIE}]}
//	DIE:  {"offset": N (in .debug_info), "tag": "DW_TAG_...",
//	       "attributes": [{"name": "DW_AT_...", "form": "DW_FORM_...",
//	                       "value": V, "text": "as in the text dump"}],
//	       "children": [DIE...]}
//
// where V is a number, a string, {"label": NAME, "offset": N} for a label
// reference (with "sub": NAME for a label difference NAME-SUB+N), {"ref": N} for a reference (offset in .debug_info), or
// {"block": [...]} with bytes as numbers and labels as {"label", "offset"}.
func JSON(w io.Writer, units []*Unit) error {
	out := struct {
		Units []jsonUnit `json:"units"`
	}{Units: []jsonUnit{}}
	for _, u := range units {
		out.Units = append(out.Units, jsonUnit{u.Offset, u.Length, u.Version, u.AbbrevOffset, u.AddressSize, jsonTree(u, u.Root)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func jsonLabel(l Label) map[string]any {
	j := map[string]any{"label": l.Name, "offset": l.Offset}
	if l.Sub != "" {
		j["sub"] = l.Sub
	}
	return j
}

func jsonTree(u *Unit, d *DIE) *jsonDIE {
	if d == nil {
		return nil
	}
	j := &jsonDIE{Offset: u.Offset + d.Offset, Tag: d.Tag.String(), Attributes: []jsonAttr{}}
	for _, f := range d.Fields {
		var v any
		switch x := f.Val.(type) {
		case Label:
			v = jsonLabel(x)
		case Ref:
			v = map[string]any{"ref": u.Offset + x.Offset}
		case Block:
			bs := []any{}
			for _, d := range x {
				if d.Label != "" {
					bs = append(bs, jsonLabel(d.label()))
				} else {
					bs = append(bs, d.Value)
				}
			}
			v = map[string]any{"block": bs}
		default:
			v = x
		}
		j.Attributes = append(j.Attributes, jsonAttr{f.Attr.String(), f.Form.String(), v, FormatValue(f, u.AddressSize)})
	}
	for _, c := range d.Children {
		j.Children = append(j.Children, jsonTree(u, c))
	}
	return j
}
