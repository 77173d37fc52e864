package debuginfo

import (
	"github.com/ptxabi/ptxabi/dwarf"
)

// sectionBytes reads the bytes of a section's numeric data by offset, so
// that a DIE's abbreviation code, and from it the offsets of its
// attributes, can be found: the reader gives DIE offsets only, and a
// diagnostic belongs on the line of the attribute's datum.
type sectionBytes struct {
	data  []dwarf.Datum
	start []int64 // offset of each datum
}

func newSectionBytes(s dwarf.Section) *sectionBytes {
	b := &sectionBytes{data: s.Data}
	off := int64(0)
	for _, d := range s.Data {
		b.start = append(b.start, off)
		off += int64(d.Size)
	}
	return b
}

// at returns the byte at off, if a number holds it.
func (b *sectionBytes) at(off int64) (byte, bool) {
	lo, hi := 0, len(b.start)
	for lo < hi {
		m := (lo + hi) / 2
		if b.start[m]+int64(b.data[m].Size) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo >= len(b.data) || b.start[lo] > off || b.data[lo].Label != "" {
		return 0, false
	}
	return byte(b.data[lo].Value >> (8 * (off - b.start[lo]))), true
}

// ulebLen is the length of the unsigned LEB128 encoding at off.
func (b *sectionBytes) ulebLen(off int64) (int64, bool) {
	for n := int64(0); n < 10; n++ {
		c, ok := b.at(off + n)
		if !ok {
			return 0, false
		}
		if c < 0x80 {
			return n + 1, true
		}
	}
	return 0, false
}

func ulebSize(v uint64) int64 {
	n := int64(1)
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

func slebSize(v int64) int64 {
	n := int64(1)
	for {
		b := v & 0x7f
		v >>= 7
		if v == 0 && b&0x40 == 0 || v == -1 && b&0x40 != 0 {
			return n
		}
		n++
	}
}

// fieldOffsets returns the offset in the section of each attribute of d
// (at, the DIE's own offset in the section), or nil where a form's size
// cannot be known.
func fieldOffsets(b *sectionBytes, u *dwarf.Unit, d *dwarf.DIE, at int64) []int64 {
	n, ok := b.ulebLen(at)
	if !ok {
		return nil
	}
	off := at + n
	out := make([]int64, len(d.Fields))
	for i, f := range d.Fields {
		out[i] = off
		size := int64(-1)
		switch f.Form {
		case dwarf.FormAddr:
			size = int64(u.AddressSize)
		case dwarf.FormData1, dwarf.FormRef1, dwarf.FormFlag:
			size = 1
		case dwarf.FormData2, dwarf.FormRef2:
			size = 2
		case dwarf.FormData4, dwarf.FormRef4, dwarf.FormStrp, dwarf.FormSecOffset:
			size = 4
		case dwarf.FormData8, dwarf.FormRef8:
			size = 8
		case dwarf.FormRefAddr:
			size = 4
			if u.Version == 2 {
				size = int64(u.AddressSize)
			}
		case dwarf.FormFlagPresent:
			size = 0
		case dwarf.FormString:
			if s, ok := f.Val.(string); ok {
				size = int64(len(s)) + 1
			}
		case dwarf.FormUdata:
			if v, ok := f.Val.(uint64); ok {
				size = ulebSize(v)
			}
		case dwarf.FormRefUdata:
			if r, ok := f.Val.(dwarf.Ref); ok {
				size = ulebSize(uint64(r.Offset))
			}
		case dwarf.FormSdata:
			if v, ok := f.Val.(int64); ok {
				size = slebSize(v)
			}
		case dwarf.FormBlock1, dwarf.FormBlock2, dwarf.FormBlock4, dwarf.FormBlock, dwarf.FormExprloc:
			blk, ok := f.Val.(dwarf.Block)
			if !ok {
				break
			}
			l := int64(blk.Len())
			switch f.Form {
			case dwarf.FormBlock1:
				size = 1 + l
			case dwarf.FormBlock2:
				size = 2 + l
			case dwarf.FormBlock4:
				size = 4 + l
			default:
				size = ulebSize(uint64(l)) + l
			}
		}
		if size < 0 {
			return out[:i+1]
		}
		off += size
	}
	return out
}
