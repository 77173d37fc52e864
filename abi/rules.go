package abi

import (
	"github.com/ptxabi/ptxabi/ctypes"
	"sync"
)

// scalarRule is how one fundamental type is passed (guide §2.3 table,
// columns "Source Type" and "PTX Type"), per address size: Func is the type
// of a .func parameter or return value, Entry that of a kernel parameter.
// An entry with Agg set is passed as a byte array of the type's layout
// instead (N7, N8).
type scalarRule struct {
	Func32, Func64   string // .address_size 32, 64
	Entry32, Entry64 string
	Agg              bool
}

// scalarRules is the fundamental-type table. The guide's rows give the
// sizes; the spellings are nvcc 11.8's (package doc, N1 and N2), which the
// differential tests check for every row at both address sizes.
var scalarRules = [...]scalarRule{
	ctypes.Bool:       {".b32", ".b32", ".u8", ".u8", false},
	ctypes.Char:       {".b32", ".b32", ".u8", ".u8", false},
	ctypes.SChar:      {".b32", ".b32", ".u8", ".u8", false},
	ctypes.UChar:      {".b32", ".b32", ".u8", ".u8", false},
	ctypes.Short:      {".b32", ".b32", ".u16", ".u16", false},
	ctypes.UShort:     {".b32", ".b32", ".u16", ".u16", false},
	ctypes.Int:        {".b32", ".b32", ".u32", ".u32", false},
	ctypes.UInt:       {".b32", ".b32", ".u32", ".u32", false},
	ctypes.Long:       {".b32", ".b64", ".u32", ".u64", false},
	ctypes.ULong:      {".b32", ".b64", ".u32", ".u64", false},
	ctypes.LongLong:   {".b64", ".b64", ".u64", ".u64", false},
	ctypes.ULongLong:  {".b64", ".b64", ".u64", ".u64", false},
	ctypes.Int128:     {Agg: true}, // N8
	ctypes.UInt128:    {Agg: true}, // N8
	ctypes.Half:       {Agg: true}, // N7
	ctypes.BFloat16:   {Agg: true}, // N7
	ctypes.Float:      {".b32", ".b32", ".f32", ".f32", false},
	ctypes.Double:     {".b64", ".b64", ".f64", ".f64", false},
	ctypes.LongDouble: {".b64", ".b64", ".f64", ".f64", false}, // N6
	ctypes.WChar:      {".b32", ".b32", ".u32", ".u32", false},
	ctypes.Char16:     {".b32", ".b32", ".u16", ".u16", false},
	ctypes.Char32:     {".b32", ".b32", ".u32", ".u32", false},
	ctypes.NullPtr:    {".b32", ".b64", ".u32", ".u64", false}, // N10
}

// pointerRule is the type of a pointer, reference or decayed array or
// function parameter (rows 3 and 4, note B; N2).
var pointerRule = scalarRule{Func32: ".b32", Func64: ".b64", Entry32: ".u32", Entry64: ".u64"}

// handleRule is the type of a texture, surface or sampler handle (row 8,
// note E; N9).
var handleRule = scalarRule{Func32: ".b64", Func64: ".b64", Entry32: ".u64", Entry64: ".u64"}

// pick returns the rule's type for a kind of function and an address size.
func (r scalarRule) pick(kind Kind, addr int) string {
	switch {
	case kind == Entry && addr == 32:
		return r.Entry32
	case kind == Entry:
		return r.Entry64
	case addr == 32:
		return r.Func32
	}
	return r.Func64
}

// noteCTypes are the 16-bit floating-point PTX types, which cannot type a
// parameter or return value (note C).
var noteCTypes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{".f16": true, ".f16x2": true, ".bf16": true, ".bf16x2": true}
})

// noteDAligns are the alignments note D allows.
var noteDAligns = sync.OnceValue(func() map[int64]bool {
	return map[int64]bool{1: true, 2: true, 4: true, 8: true, 16: true, 32: true, 64: true, 128: true}
})
