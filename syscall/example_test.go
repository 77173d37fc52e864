package syscall_test

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
)

// Lay out the buffer of printf("%d %f %c\n", i, f, c) as vprintf receives
// it (guide §3), fill it as device code would, and decode it as the host
// does: the float is promoted to double and the char to int.
func ExampleDecodeVprintf() {
	t := target.Default
	format := "i=%d x=%.2f c=%c\n"
	args := []ctypes.Type{ctypes.BasicOf(ctypes.Int), ctypes.BasicOf(ctypes.Float), ctypes.BasicOf(ctypes.Char)}
	b, err := syscall.PackPrintf(t, args)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range b.Slots {
		fmt.Printf("%s as %s at offset %d\n", s.Type, s.Promoted, s.Offset)
	}
	buf := make([]byte, b.Size)
	binary.LittleEndian.PutUint32(buf[b.Slots[0].Offset:], uint32(42))
	binary.LittleEndian.PutUint64(buf[b.Slots[1].Offset:], math.Float64bits(2.5))
	binary.LittleEndian.PutUint32(buf[b.Slots[2].Offset:], 'z')
	out, err := syscall.DecodeVprintf(format, buf, t)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(out)
	// Output:
	// int as int at offset 0
	// float as double at offset 8
	// char as int at offset 16
	// i=42 x=2.50 c=z
}

// The system calls' declarations, as a module that calls them writes them.
func ExamplePrototypes() {
	for _, p := range syscall.Prototypes(target.Target{AddressSize: 32, SM: 52, PTX: target.Default.PTX}) {
		fmt.Println(p.Decl())
	}
	// Output:
	// .extern .func (.param .s32 status) vprintf (.param .b32 format, .param .b32 valist);
	// .extern .func (.param .b32 ptr) malloc (.param .b32 size);
	// .extern .func free (.param .b32 ptr);
	// .extern .func __assertfail (.param .b32 message, .param .b32 file, .param .b32 line, .param .b32 function, .param .b32 charSize);
}
