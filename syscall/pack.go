package syscall

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Slot is where one printf argument lies in the vprintf buffer.
type Slot struct {
	// Type is the argument's type as given; Promoted the type it has after
	// C's default argument promotions (float to double, the small integer
	// types and bool to int, arrays and functions to pointers).
	Type, Promoted ctypes.Type
	Offset         int64
	Size, Align    int64
}

// Buffer is the layout of the valist buffer that printf fills for vprintf
// (guide §3): the arguments, promoted, each at its natural alignment, in
// order. The buffer is aligned to at least 8 bytes: nvcc aligns it (its
// local depot) to 8 even when every argument is 4 bytes. Only a 16-byte
// __int128 needs more, and there nvcc's buffer follows its first argument:
// aligned to 16, and its size a multiple of 16, when an __int128 comes
// first; aligned to 8 otherwise (the __int128 slots still lie at offsets
// that are multiples of 16). Size is the end of the last slot rounded up to
// Align. Both were measured against nvcc 11.8's PTX. A buffer with no slots has Size
// 0: printf then passes a null valist.
type Buffer struct {
	Slots []Slot
	Size  int64
	Align int64
}

func (b Buffer) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "size=%d align=%d", b.Size, b.Align)
	for _, sl := range b.Slots {
		fmt.Fprintf(&s, " %s@%d:%d", sl.Promoted, sl.Offset, sl.Size)
	}
	return s.String()
}

// PackPrintf lays out printf's variadic arguments of the given types for
// target t. Aggregates (structs, unions, classes such as __half, CUDA
// vector types) cannot be passed to printf and are an error.
//
// The size and alignment of each promoted argument come from package
// layout (guide §1.1): int 4, long 4 or 8 with the address size, long long
// 8, __int128 16, double 8, pointers 4 or 8, each aligned to its size.
func PackPrintf(t target.Target, args []ctypes.Type) (Buffer, error) {
	b := Buffer{Align: minBufferAlign}
	l := layout.New(t)
	for i, a := range args {
		p, err := promote(t, a)
		if err != nil {
			return Buffer{}, fmt.Errorf("printf argument %d: %v", i+1, err)
		}
		size, err := l.Sizeof(p)
		if err != nil {
			return Buffer{}, fmt.Errorf("printf argument %d: %v", i+1, err)
		}
		align, err := l.Alignof(p)
		if err != nil {
			return Buffer{}, fmt.Errorf("printf argument %d: %v", i+1, err)
		}
		off := (b.Size + align - 1) / align * align // natural alignment
		b.Slots = append(b.Slots, Slot{Type: a, Promoted: p, Offset: off, Size: size, Align: align})
		b.Size = off + size
		if i == 0 && align > b.Align {
			b.Align = align
		}
	}
	if len(b.Slots) == 0 {
		return Buffer{}, nil
	}
	b.Size = (b.Size + b.Align - 1) / b.Align * b.Align
	return b, nil
}

// minBufferAlign is the alignment of the smallest buffer nvcc makes.
const minBufferAlign = 8

// promote applies C's default argument promotions (C11 6.5.2.2p6-7, with
// C++'s rules for the character types) to a variadic argument.
func promote(t target.Target, a ctypes.Type) (ctypes.Type, error) {
	switch u := ctypes.Unqualified(a).(type) {
	case *ctypes.Basic:
		switch u.Kind {
		case ctypes.Bool, ctypes.Char, ctypes.SChar, ctypes.UChar, ctypes.Short, ctypes.UShort, ctypes.Char16:
			return ctypes.BasicOf(ctypes.Int), nil
		case ctypes.Char32:
			return ctypes.BasicOf(ctypes.UInt), nil
		case ctypes.Float, ctypes.LongDouble: // long double is double on the device
			return ctypes.BasicOf(ctypes.Double), nil
		case ctypes.Int, ctypes.UInt, ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.ULongLong,
			ctypes.Int128, ctypes.UInt128, ctypes.Double, ctypes.WChar:
			return u, nil
		case ctypes.NullPtr:
			return &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}, nil
		case ctypes.Half, ctypes.BFloat16:
			return nil, fmt.Errorf("%s is a class type in CUDA C++ and cannot be passed to printf; convert it to float", u)
		case ctypes.Void:
			return nil, fmt.Errorf("void cannot be passed to printf")
		}
	case *ctypes.Pointer:
		return u, nil
	case *ctypes.Reference:
		return promote(t, u.Elem)
	case *ctypes.Array:
		return &ctypes.Pointer{Elem: u.Elem}, nil
	case *ctypes.Func:
		return &ctypes.Pointer{Elem: u}, nil
	case *ctypes.Enum:
		// An unscoped enum promotes through its underlying type.
		p, err := promote(t, ctypes.BasicOf(u.Underlying))
		if err != nil {
			return nil, err
		}
		return p, nil
	case *ctypes.Handle:
		return ctypes.BasicOf(ctypes.ULongLong), nil // typedefs of unsigned long long
	case *ctypes.Struct, *ctypes.Vector:
		return nil, fmt.Errorf("aggregate %s cannot be passed to printf: pass its members", a)
	}
	return nil, fmt.Errorf("type %s cannot be passed to printf", a)
}
