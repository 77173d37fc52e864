package ir

import (
	"fmt"
	"sync"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
)

// Decl returns f's PTX declaration, lowered by package abi (guide §2.3)
// from f.CType, or from the C type its IR signature stands for: i32 int,
// u8 unsigned char, f32 float, ptr a pointer (to char) in its space, pred
// bool, agg(S,A) a struct of S bytes aligned to A.
func (f *Func) Decl() (*abi.Decl, error) {
	if f.decl != nil {
		return f.decl, nil
	}
	ct := f.CType
	if ct == nil {
		var err error
		if ct, err = f.cSignature(); err != nil {
			return nil, err
		}
	}
	t := f.Module.Target
	d, err := abi.LowerFunc(ct, f.Kind, f.Linkage, f.Name, layout.New(t))
	if err != nil {
		return nil, err
	}
	f.decl = d
	return d, nil
}

func (f *Func) cSignature() (*ctypes.Func, error) {
	ct := &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}
	if f.Result.Kind != Void {
		r, err := CTypeOf(f.Result)
		if err != nil {
			return nil, fmt.Errorf("result of @%s: %v", f.Name, err)
		}
		ct.Result = r
	}
	for i, t := range f.ParamTypes {
		c, err := CTypeOf(t)
		if err != nil {
			return nil, fmt.Errorf("parameter %d of @%s: %v", i, f.Name, err)
		}
		ct.Params = append(ct.Params, ctypes.Param{Type: c})
	}
	return ct, nil
}

var intCTypes = sync.OnceValue(func() map[Type]ctypes.Kind {
	return map[Type]ctypes.Kind{
		I8: ctypes.SChar, U8: ctypes.UChar, I16: ctypes.Short, U16: ctypes.UShort,
		I32: ctypes.Int, U32: ctypes.UInt, I64: ctypes.LongLong, U64: ctypes.ULongLong,
		F32: ctypes.Float, F64: ctypes.Double, F16: ctypes.Half, PredT: ctypes.Bool,
	}
})

var ctypeSpaces = [...]ctypes.Space{
	Generic: ctypes.GenericSpace, Global: ctypes.GlobalSpace, Shared: ctypes.SharedSpace,
	Local: ctypes.LocalSpace, Const: ctypes.ConstSpace, Param: ctypes.ParamSpace,
}

// CTypeOf is the C type an IR type stands for in a signature.
func CTypeOf(t Type) (ctypes.Type, error) {
	switch t.Kind {
	case Ptr:
		return &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Char), Space: ctypeSpaces[t.Space]}, nil
	case Agg:
		s := &ctypes.Struct{Complete: true, Align: t.Align, Fields: []*ctypes.Field{
			{Name: "bytes", Type: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.UChar), Len: t.Size}}}}
		return s, nil
	}
	if k, ok := intCTypes()[Type{Kind: t.Kind, Bits: t.Bits, Signed: t.Signed}]; ok {
		return ctypes.BasicOf(k), nil
	}
	return nil, fmt.Errorf("type %s has no C type", t)
}
