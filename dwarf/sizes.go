package dwarf

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// LayoutSizes returns the Sizes that package layout answers for l's
// target: sizes from l.Sizeof, member placements from l.Record, with
// everything layout knows of guide chapter 1 and of nvcc where the guide
// is silent (bit fields, packed structs and members, #pragma pack,
// alignment requests, 32- and 64-bit targets).
func LayoutSizes(l *layout.Layouter) Sizes { return layoutSizes{l} }

type layoutSizes struct{ l *layout.Layouter }

func (s layoutSizes) Sizeof(t ctypes.Type) (int64, error) { return s.l.Sizeof(t) }

func (s layoutSizes) Member(st *ctypes.Struct, i int) (MemberLayout, error) {
	r, err := s.l.Record(st)
	if err != nil {
		return MemberLayout{}, err
	}
	if i < 0 || i >= len(r.Members) {
		return MemberLayout{}, fmt.Errorf("%v has no member %d", st, i)
	}
	m := r.Members[i]
	if m.Field == nil || !m.Field.BitField {
		return MemberLayout{Offset: m.Offset}, nil
	}
	return MemberLayout{Offset: m.Offset, UnitSize: m.Size, BitOffset: m.BitOffset, BitSize: m.BitSize}, nil
}
