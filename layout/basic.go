package layout

import "github.com/ptxabi/ptxabi/ctypes"

// basicSize is the size and alignment of a fundamental type for each address
// size, with where the numbers come from.
type basicSize struct {
	Size32, Align32 int64 // .address_size 32 (nvcc -m32)
	Size64, Align64 int64 // .address_size 64 (nvcc -m64)
}

// basicTable is the fundamental-type table: guide §1.1 gives the PTX types
// (.b8 .. .f64 with size = alignment); the C types map onto them by size,
// and the host ABI decides the sizes that depend on the address size (long,
// pointers). Every entry was read back from nvcc 11.8 (sizeof/alignof in
// __device__ initializers, -m32 and -m64); the differential tests in this
// package check them again whenever nvcc is installed. Where the host ABI
// and nvcc differ, nvcc wins:
//   - long long and double are 8-aligned under -m32 too (i386 hosts use 4);
//   - long double is 16 bytes, 16-aligned under both (device code treats it
//     as double, but keeps the layout the same for every host);
//   - __int128 exists under -m32 as well.
var basicTable = [...]basicSize{
	ctypes.Bool:       {1, 1, 1, 1},
	ctypes.Char:       {1, 1, 1, 1},
	ctypes.SChar:      {1, 1, 1, 1},
	ctypes.UChar:      {1, 1, 1, 1},
	ctypes.Short:      {2, 2, 2, 2},
	ctypes.UShort:     {2, 2, 2, 2},
	ctypes.Int:        {4, 4, 4, 4},
	ctypes.UInt:       {4, 4, 4, 4},
	ctypes.Long:       {4, 4, 8, 8},
	ctypes.ULong:      {4, 4, 8, 8},
	ctypes.LongLong:   {8, 8, 8, 8},
	ctypes.ULongLong:  {8, 8, 8, 8},
	ctypes.Int128:     {16, 16, 16, 16},
	ctypes.UInt128:    {16, 16, 16, 16},
	ctypes.Half:       {2, 2, 2, 2},
	ctypes.BFloat16:   {2, 2, 2, 2},
	ctypes.Float:      {4, 4, 4, 4},
	ctypes.Double:     {8, 8, 8, 8},
	ctypes.LongDouble: {16, 16, 16, 16},
	ctypes.WChar:      {4, 4, 4, 4},
	ctypes.Char16:     {2, 2, 2, 2},
	ctypes.Char32:     {4, 4, 4, 4},
	ctypes.NullPtr:    {4, 4, 8, 8},
	ctypes.Void:       {}, // no size: an error to ask
}

// handleSize is the size and alignment of a texture, sampler or surface
// handle: a .b64 at either address size (guide §1.4, §2.3 note E).
const handleSize = 8
