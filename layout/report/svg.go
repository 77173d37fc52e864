package report

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// SVG geometry: one row per 32-bit word, as in the guide's figures.
const (
	bitW    = 22 // width of one bit
	rowH    = 46 // height of a word's boxes
	rowGap  = 34 // room for the byte offsets above and bit numbers below
	marginX = 70
	marginY = 50
)

// segment is a run of bits that one member occupies.
type segment struct {
	label    string
	lo, hi   int64 // absolute bits, inclusive
	color    int
	isBitFld bool
}

var palette = []string{"#cfe2ff", "#d1f2d6", "#ffe5b4", "#f3d1f5", "#fff3a6", "#c9f0f0", "#ffd1d1", "#e0e0ff"}

// SVG writes a bit-field diagram of one type in the style of the guide's
// Figures 1–6: each row is a 32-bit word drawn most significant bit first
// (little endian: byte offsets grow from right to left), byte offsets at
// the upper corners, bit numbers within the word at the lower corners,
// each member a labelled box and padding hatched. A union gets one block of
// rows per member, since its members overlap.
func SVG(w io.Writer, l *layout.Layouter, nt Named) error {
	size, err := l.Sizeof(nt.Type)
	if err != nil {
		return err
	}
	var blocks [][]segment
	var captions []string
	rec, _ := recordOf(l, nt.Type)
	switch {
	case rec != nil && rec.Struct.Union:
		for i, m := range rec.Members {
			blocks = append(blocks, segmentsOf(l, []layout.Member{m}, 0, i))
			captions = append(captions, "member "+memberLabel(m.Field))
		}
	case rec != nil:
		blocks = append(blocks, segmentsOf(l, rec.Members, 0, 0))
		captions = append(captions, "")
	default:
		blocks = append(blocks, []segment{{label: nt.Name, lo: 0, hi: size*8 - 1}})
		captions = append(captions, "")
	}
	words := (size + 3) / 4
	blockH := int(words)*(rowH+rowGap) + 24
	width := marginX*2 + 32*bitW
	height := marginY + len(blocks)*blockH + 20
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">`+"\n", width, height, width, height)
	b.WriteString(`<defs><pattern id="pad" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#f4f4f4"/><line x1="0" y1="0" x2="0" y2="8" stroke="#bbb" stroke-width="3"/></pattern></defs>` + "\n")
	align, _ := l.Alignof(nt.Type)
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", marginX, html.EscapeString(fmt.Sprintf("%s — size %d, align %d", nt.Name, size, align)))
	for bi, segs := range blocks {
		top := marginY + bi*blockH
		if captions[bi] != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" font-style="italic">%s</text>`+"\n", marginX, top+4, html.EscapeString(captions[bi]))
		}
		for wd := int64(0); wd < words; wd++ {
			y := top + 18 + int(wd)*(rowH+rowGap)
			drawWord(&b, segs, wd, y, size)
		}
	}
	b.WriteString("</svg>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

func recordOf(l *layout.Layouter, t ctypes.Type) (*layout.Record, error) {
	if s, ok := ctypes.Unqualified(t).(*ctypes.Struct); ok {
		return l.Record(s)
	}
	return nil, nil
}

func memberLabel(f *ctypes.Field) string {
	switch {
	case f.Anonymous():
		return "(anonymous)"
	case f.Name == "" && f.BitField:
		return fmt.Sprintf(":%d", f.BitWidth)
	}
	return f.Name
}

// segmentsOf lists the bit runs of members (of a record at byte base).
func segmentsOf(l *layout.Layouter, ms []layout.Member, base int64, color int) []segment {
	var segs []segment
	for i, m := range ms {
		f := m.Field
		s := segment{label: memberLabel(f), color: color + i}
		switch {
		case f.BitField && f.BitWidth == 0:
			continue
		case f.BitField:
			s.lo = base*8 + m.BitOffset
			s.hi = s.lo + int64(f.BitWidth) - 1
			s.isBitFld = true
			if f.Name != "" {
				s.label = fmt.Sprintf("%s:%d", f.Name, f.BitWidth)
			}
		default:
			s.lo = (base + m.Offset) * 8
			s.hi = s.lo + m.Size*8 - 1
		}
		if m.Size == 0 && !f.BitField {
			continue // flexible array member
		}
		segs = append(segs, s)
	}
	return segs
}

// x is the left edge of absolute bit `bit` in the row of word wd.
func x(bit, wd int64) int { return marginX + int(31-(bit-wd*32))*bitW }

func drawWord(b *strings.Builder, segs []segment, wd int64, y int, size int64) {
	lo, hi := wd*32, wd*32+31
	// Padding first, under everything.
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#pad)" stroke="#555"/>`+"\n", x(hi, wd), y, 32*bitW, rowH)
	for _, s := range segs {
		a, z := max(s.lo, lo), min(s.hi, hi)
		if a > z {
			continue
		}
		left, right := x(z, wd), x(a, wd)+bitW
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#222"/>`+"\n", left, y, right-left, rowH, palette[s.color%len(palette)])
		label := s.label
		if z-a+1 < int64(len(label))/2+1 {
			label = truncate(label, int(z-a+1)*2)
		}
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="13" text-anchor="middle">%s</text>`+"\n", (left+right)/2, y+rowH/2+5, html.EscapeString(label))
		// Bit numbers within the word at the lower corners.
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="10" fill="#333">%d</text>`+"\n", left+2, y+rowH+12, z-wd*32)
		if z != a {
			fmt.Fprintf(b, `<text x="%d" y="%d" font-size="10" fill="#333" text-anchor="end">%d</text>`+"\n", right-2, y+rowH+12, a-wd*32)
		}
	}
	// Byte boundaries and byte offsets at the upper corners.
	for by := int64(0); by < 4; by++ {
		off := wd*4 + by
		right := x(off*8, wd) + bitW
		left := x(off*8+7, wd)
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555" stroke-dasharray="3,3"/>`+"\n", left, y, left, y+rowH)
		if off < size {
			fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" text-anchor="end" fill="#00448a">%d</text>`+"\n", right-2, y-4, off)
		}
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" fill="#666">+%d</text>`+"\n", 8, y+rowH/2+4, wd*4)
}

func truncate(s string, n int) string {
	if n < 2 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
