// Package report presents the layouts that package layout computes: as
// text in the manner of pahole (offsets, sizes, bit positions, holes and
// padding), as the JSON that `ptxabi layout -json` prints, and as SVG
// bit-field diagrams in the style of the guide's Figures 1–6 (§1.3).
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// Named is a type to report, under the name the user knows it by.
type Named struct {
	Name string
	Type ctypes.Type
}

// JSON shapes of `ptxabi layout -json`. This is a contract other tools read:
// {"types":[{"name":"S","size":16,"align":8,"fields":[{"path":"c","offset":0,
// "size":1,"align":1},{"path":"i","bit_offset":8,"bit_size":3}]}]}.
type jsonDoc struct {
	Types []jsonType `json:"types"`
}

type jsonType struct {
	Name   string      `json:"name"`
	Size   int64       `json:"size"`
	Align  int64       `json:"align"`
	Fields []jsonField `json:"fields"`
}

type jsonField struct {
	Path      string `json:"path"`
	Offset    *int64 `json:"offset,omitempty"`
	Size      *int64 `json:"size,omitempty"`
	Align     *int64 `json:"align,omitempty"`
	BitOffset *int64 `json:"bit_offset,omitempty"`
	BitSize   *int   `json:"bit_size,omitempty"`
	// Base marks a C++ base class subobject, VPtr a virtual table
	// pointer (layout.Flat).
	Base bool `json:"base,omitempty"`
	VPtr bool `json:"vptr,omitempty"`
}

// JSON writes the layouts of types as one JSON document on one line.
func JSON(w io.Writer, l *layout.Layouter, types []Named) error {
	doc := jsonDoc{Types: []jsonType{}}
	for _, nt := range types {
		size, err := l.Sizeof(nt.Type)
		if err != nil {
			return err
		}
		align, _ := l.Alignof(nt.Type)
		flat, err := l.Flatten(nt.Type)
		if err != nil {
			return err
		}
		jt := jsonType{Name: nt.Name, Size: size, Align: align, Fields: []jsonField{}}
		for _, f := range flat {
			jf := jsonField{Path: f.Path, Base: f.Base, VPtr: f.VPtr}
			if f.BitField {
				jf.BitOffset, jf.BitSize = ptr(f.BitOffset), ptr(f.BitSize)
			} else {
				jf.Offset, jf.Size, jf.Align = ptr(f.Offset), ptr(f.Size), ptr(f.Align)
			}
			jt.Fields = append(jt.Fields, jf)
		}
		doc.Types = append(doc.Types, jt)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func ptr[T any](v T) *T { return &v }

// CacheLine is the size of an L1 cache line on the GPUs the guide covers;
// the text report counts cache lines of this size, where pahole counts the
// host's 64-byte lines.
const CacheLine = 128

// Text writes each type in the manner of pahole: the definition with each
// member's offset and size in a comment (bit fields as offset:bit, bit 0
// being the least significant bit of that byte, as in the guide's
// Figure 1), holes and padding, and a summary.
func Text(w io.Writer, l *layout.Layouter, types []Named) error {
	for i, nt := range types {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := text(w, l, nt); err != nil {
			return err
		}
	}
	return nil
}

// stats accumulates the summary lines of one type.
type stats struct {
	members, bitMembers   int
	sumBytes, sumBits     int64
	holes, bitHoles       int
	sumHoles, sumBitHoles int64
}

func text(w io.Writer, l *layout.Layouter, nt Named) error {
	size, err := l.Sizeof(nt.Type)
	if err != nil {
		return err
	}
	align, _ := l.Alignof(nt.Type)
	u := ctypes.Unqualified(nt.Type)
	var rec *layout.Record
	switch s := u.(type) {
	case *ctypes.Struct:
		rec, err = l.Record(s)
	case *ctypes.Vector:
		// A vector is shown as the struct CUDA's headers declare.
		var fl []layout.Flat
		fl, err = l.Flatten(s)
		if err == nil {
			fmt.Fprintf(w, "struct %s {\n", nt.Name)
			for _, f := range fl {
				fmt.Fprintf(w, "\t%-30s /* %5d %5d */\n", ctypes.TypeString(f.Type, f.Path)+";", f.Offset, f.Size)
			}
			fmt.Fprintf(w, "\n\t/* size: %d, align: %d */\n};\n", size, align)
		}
		return err
	}
	if err != nil {
		return err
	}
	if rec == nil {
		// Not an aggregate: a typedef of a scalar, array, pointer or enum.
		decl := ctypes.TypeString(nt.Type, nt.Name)
		if td, ok := nt.Type.(*ctypes.Typedef); ok {
			decl = "typedef " + ctypes.TypeString(td.Type, nt.Name)
		}
		fmt.Fprintf(w, "%s; /* size: %d, align: %d */\n", decl, size, align)
		return nil
	}
	var st stats
	kw := "struct"
	if rec.Struct.Union {
		kw = "union"
	}
	header := kw + " " + nt.Name
	if rec.Struct.Tag == "" || rec.Struct.Tag != nt.Name {
		if rec.Struct.Tag != "" {
			header = kw + " " + rec.Struct.Tag + " /* " + nt.Name + " */"
		}
	}
	fmt.Fprintf(w, "%s {\n", header)
	end := members(w, l, rec, 0, 1, &st)
	if !rec.Struct.Union && end < size*8 {
		pad := size*8 - end
		fmt.Fprintln(w)
		if pad%8 != 0 {
			fmt.Fprintf(w, "\t/* bit_padding: %d bits */\n", pad%8)
		}
		if pad/8 != 0 {
			fmt.Fprintf(w, "\t/* padding: %d */\n", pad/8)
		}
	}
	fmt.Fprintf(w, "\n\t/* size: %d, align: %d, cachelines: %d, members: %d */\n", size, align, (size+CacheLine-1)/CacheLine, st.members)
	if st.holes > 0 {
		fmt.Fprintf(w, "\t/* sum members: %d, holes: %d, sum holes: %d */\n", st.sumBytes, st.holes, st.sumHoles)
	} else {
		fmt.Fprintf(w, "\t/* sum members: %d */\n", st.sumBytes)
	}
	if st.bitMembers > 0 {
		line := fmt.Sprintf("sum bitfield members: %d bits", st.sumBits)
		if st.bitHoles > 0 {
			line += fmt.Sprintf(", bit holes: %d, sum bit holes: %d bits", st.bitHoles, st.sumBitHoles)
		}
		fmt.Fprintf(w, "\t/* %s */\n", line)
	}
	if last := size % CacheLine; last != 0 && size > CacheLine {
		fmt.Fprintf(w, "\t/* last cacheline: %d bytes */\n", last)
	}
	fmt.Fprintln(w, "};")
	return nil
}

// members prints the members of rec, which starts at byte base, indented
// depth tabs, and returns the end of the last member in bits (relative to
// the outermost type).
func members(w io.Writer, l *layout.Layouter, rec *layout.Record, base int64, depth int, st *stats) int64 {
	ind := strings.Repeat("\t", depth)
	cursor := base * 8
	var maxEnd int64
	// A C++ class: its virtual table pointer and base class subobjects
	// come first (an empty base placed after the data is shown first
	// too), as pahole shows ancestors.
	if rec.VPtr {
		p := l.Target.PointerSize()
		fmt.Fprintf(w, "%s%-*s /* %5d %5d */\n", ind, col(depth), "void **_vptr;", base, p)
		cursor = max(cursor, (base+p)*8)
	}
	for _, b := range rec.Bases {
		size := b.Record.NVSize
		switch {
		case b.Record.Empty:
			size = 0
		case b.Record.POD:
			size = b.Record.Size
		}
		fmt.Fprintf(w, "%s%-*s /* %5d %5d */\n", ind, col(depth), "struct "+ctypes.CXXString(b.Base.Type, "")+" <ancestor>;", base+b.Offset, size)
		cursor = max(cursor, (base+b.Offset+size)*8)
		st.members++
		st.sumBytes += size
	}
	for _, m := range rec.Members {
		f := m.Field
		var start, end int64
		if f.BitField {
			start = base*8 + m.BitOffset
			end = start + int64(m.BitSize)
		} else {
			start = (base + m.Offset) * 8
			end = start + m.Size*8
		}
		zeroWidth := f.BitField && f.BitWidth == 0
		if !rec.Struct.Union && start > cursor && !zeroWidth {
			hole := start - cursor
			if hole%8 == 0 && cursor%8 == 0 {
				fmt.Fprintf(w, "\n%s/* XXX %d byte%s hole, try to pack */\n\n", ind, hole/8, plural(hole/8))
				st.holes++
				st.sumHoles += hole / 8
			} else {
				fmt.Fprintf(w, "\n%s/* XXX %d bit%s hole, try to pack */\n\n", ind, hole, plural(hole))
				st.bitHoles++
				st.sumBitHoles += hole
			}
		}
		switch {
		case f.Anonymous():
			sub, _ := l.Record(ctypes.Unqualified(f.Type).(*ctypes.Struct))
			kw := "struct"
			if sub.Struct.Union {
				kw = "union"
			}
			fmt.Fprintf(w, "%s%s {\n", ind, kw)
			members(w, l, sub, base+m.Offset, depth+1, st)
			fmt.Fprintf(w, "%s};%s /* %5d %5d */\n", ind, pad(depth, 2), base+m.Offset, m.Size)
		case f.BitField:
			decl := fmt.Sprintf("%s:%d;", ctypes.TypeString(f.Type, f.Name), f.BitWidth)
			if f.Name == "" {
				decl = fmt.Sprintf("%s :%d;", ctypes.TypeString(f.Type, ""), f.BitWidth)
			}
			byteOff := start / 8
			fmt.Fprintf(w, "%s%-*s /* %5d:%2d %3d */\n", ind, col(depth), decl, byteOff, start%8, m.Size)
			if f.Name != "" {
				st.bitMembers++
				st.sumBits += int64(m.BitSize)
				st.members++
			}
		default:
			decl := ctypes.TypeString(f.Type, f.Name) + ";"
			fmt.Fprintf(w, "%s%-*s /* %5d %5d */\n", ind, col(depth), decl, base+m.Offset, m.Size)
			st.members++
			st.sumBytes += m.Size
		}
		if rec.Struct.Union {
			maxEnd = max(maxEnd, end)
			continue
		}
		// A zero-width bit field moves the cursor to its boundary: the bits
		// it skips are its doing, not a hole to report.
		cursor = max(cursor, end)
	}
	if rec.Struct.Union {
		return maxEnd
	}
	return cursor
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// col is the width of the declaration column at an indentation depth, so
// that the offset comments line up.
func col(depth int) int { return 48 - 8*(depth-1) }

func pad(depth, used int) string { return strings.Repeat(" ", col(depth)-used) }
