package ir

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/syscall"
)

// Printf lowers printf(format, args...) (guide §3): the format becomes a
// .global string, the arguments, promoted as C promotes variadic
// arguments, are stored in a local buffer at the offsets syscall.PackPrintf
// gives, and vprintf (declared in the module if it is not) is called with
// the generic addresses of both, or a null buffer without arguments. types
// are the arguments' C types; the result is vprintf's status.
func (b *Builder) Printf(format string, args []*Value, types []ctypes.Type) (*Value, error) {
	if len(args) != len(types) {
		return nil, fmt.Errorf("printf: %d arguments with %d types", len(args), len(types))
	}
	m := b.F.Module
	addr := m.Target.AddressSize
	buf, err := syscall.PackPrintf(m.Target, types)
	if err != nil {
		return nil, err
	}
	vprintf := m.Func("vprintf")
	if vprintf == nil {
		vprintf = m.Declare("vprintf", []Type{PtrT(Generic, addr), PtrT(Generic, addr)}, I32)
	}
	str := &Var{Name: fmt.Sprintf("$str%d", len(m.Globals)), Space: Global, Align: 1,
		Init: append([]byte(format), 0)}
	str.Size = int64(len(str.Init))
	m.Globals = append(m.Globals, str)
	var valist *Value
	if len(buf.Slots) > 0 {
		p := b.Alloca(buf.Size, buf.Align)
		for i, s := range buf.Slots {
			want, err := promotedType(s.Promoted, addr)
			if err != nil {
				return nil, fmt.Errorf("printf argument %d: %v", i+1, err)
			}
			x := args[i]
			if x.Type != want {
				if !(x.Type.IsPtr() && want.IsPtr()) {
					x = b.Op(OpConv, want, x)
				} else if x.Type.Space != Generic {
					x = b.Op(OpCvta, want, x)
				}
			}
			at := p
			if s.Offset != 0 {
				at = b.Op(OpPtrAdd, p.Type, p, b.Const(IntT(addr, true), s.Offset))
			}
			b.Store(at, x, s.Size)
		}
		valist = b.Op(OpCvta, PtrT(Generic, addr), p)
	} else {
		valist = b.Op(OpConv, PtrT(Generic, addr), b.Const(IntT(addr, false), 0))
	}
	f := b.Op(OpCvta, PtrT(Generic, addr), b.Addr(str))
	return b.Call(vprintf, f, valist), nil
}

// promotedType is the IR type of a promoted printf argument.
func promotedType(t ctypes.Type, addr int) (Type, error) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Pointer:
		return PtrT(Generic, addr), nil
	case *ctypes.Basic:
		switch u.Kind {
		case ctypes.Int:
			return I32, nil
		case ctypes.UInt:
			return U32, nil
		case ctypes.Long:
			return IntT(addr, true), nil
		case ctypes.ULong:
			return IntT(addr, false), nil
		case ctypes.LongLong:
			return I64, nil
		case ctypes.ULongLong:
			return U64, nil
		case ctypes.Double:
			return F64, nil
		}
	}
	return Type{}, fmt.Errorf("%s is not supported in printf", t)
}
