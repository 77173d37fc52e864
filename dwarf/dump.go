package dwarf

import (
	"encoding/json"
	"fmt"
	"io"
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
	f := &flat{name: "expression", labels: map[int64]Datum{}}
	if ff, err := flatten(Section{Name: "expression", Data: b}); err == nil {
		f = ff
	}
	c := &cursor{f: f, end: int64(len(f.b))}
	var parts []string
	for c.off < c.end && c.err == nil {
		op := Op(c.u8("operation"))
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
				switch v := c.num(int64(addressSize), "address", true).(type) {
				case Label:
					s += " " + v.String()
				case uint64:
					s += fmt.Sprintf(" 0x%x", v)
				}
			case '1', '2', '4', '8':
				s += fmt.Sprintf(" 0x%x", c.unum(int64(k-'0'), "operand"))
			case 'b':
				s += fmt.Sprintf(" %d", int8(c.unum(1, "operand")))
			case 'h':
				s += fmt.Sprintf(" %d", int16(c.unum(2, "operand")))
			case 'w':
				s += fmt.Sprintf(" %d", int32(c.unum(4, "operand")))
			case 'q':
				s += fmt.Sprintf(" %d", int64(c.unum(8, "operand")))
			case 'u':
				v := c.uleb("operand")
				s += fmt.Sprintf(" 0x%x", v)
				if op == OpRegx {
					if r, ok := UnpackRegister(v); ok {
						s += " (" + r + ")"
					}
				}
			case 's':
				s += fmt.Sprintf(" %d", c.sleb("operand"))
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
	switch v := f.Val.(type) {
	case nil:
		return "true"
	case string:
		return fmt.Sprintf("%q", v)
	case Label:
		return v.String()
	case Block:
		switch f.Attr {
		case AttrLocation, AttrFrameBase, AttrDataMemberLocation:
			return FormatExpr(v, addressSize)
		}
		var bs []string
		for _, d := range v {
			if d.Label != "" {
				bs = append(bs, d.label().String())
			} else {
				bs = append(bs, fmt.Sprintf("0x%02x", d.Value))
			}
		}
		return "<" + strings.Join(bs, " ") + ">"
	case Ref:
		s := fmt.Sprintf("0x%08x", v.Offset)
		if v.Target != nil {
			if n, ok := v.Target.Attr(AttrName).(string); ok {
				s += fmt.Sprintf(" %q", n)
			}
		} else {
			s += " <invalid>"
		}
		return s
	case int64:
		return fmt.Sprintf("%d", v)
	case uint64:
		switch f.Attr {
		case AttrLanguage:
			return Lang(v).String()
		case AttrEncoding:
			return Encoding(v).String()
		case AttrAddressClass:
			return AddrClass(v).String()
		case AttrDeclLine, AttrDeclFile, AttrCallLine, AttrCallFile, AttrDeclColumn, AttrCallColumn, AttrBitOffset:
			return fmt.Sprintf("%d", v)
		}
		switch f.Form {
		case FormData1, FormFlag, FormRef1:
			return fmt.Sprintf("0x%02x", v)
		case FormData2:
			return fmt.Sprintf("0x%04x", v)
		case FormData4, FormSecOffset, FormStrp:
			return fmt.Sprintf("0x%08x", v)
		case FormData8, FormAddr:
			return fmt.Sprintf("0x%016x", v)
		}
		return fmt.Sprintf("0x%x", v)
	}
	return fmt.Sprintf("%v", f.Val)
}

// Dump prints units the way llvm-dwarfdump --debug-info prints them: a
// header per unit, then each DIE with its offset, tag and attributes,
// children indented, and a NULL line where children end.
func Dump(w io.Writer, units []*Unit) error {
	var b strings.Builder
	b.WriteString(".debug_info contents:\n")
	for _, u := range units {
		fmt.Fprintf(&b, "0x%08x: Compile Unit: length = 0x%08x, format = DWARF32, version = 0x%04x, abbr_offset = 0x%04x, addr_size = 0x%02x (next unit at 0x%08x)\n",
			u.Offset, u.Length, u.Version, u.AbbrevOffset, u.AddressSize, u.Offset+4+u.Length)
		dumpDIE(&b, u, u.Root, 0)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func dumpDIE(b *strings.Builder, u *Unit, d *DIE, depth int) {
	if d == nil {
		return
	}
	ind := strings.Repeat("  ", depth)
	fmt.Fprintf(b, "\n0x%08x: %s%v\n", u.Offset+d.Offset, ind, d.Tag)
	for _, f := range d.Fields {
		fmt.Fprintf(b, "%s  %s%v\t(%s)\n", strings.Repeat(" ", 12), ind, f.Attr, FormatValue(f, u.AddressSize))
	}
	for _, c := range d.Children {
		dumpDIE(b, u, c, depth+1)
	}
	if len(d.Children) > 0 {
		if d.nullOffset > 0 {
			fmt.Fprintf(b, "\n0x%08x: %s  NULL\n", u.Offset+d.nullOffset, ind)
		} else {
			fmt.Fprintf(b, "\n%s%s  NULL\n", strings.Repeat(" ", 12), ind)
		}
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
