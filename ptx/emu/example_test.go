package emu_test

import (
	"encoding/binary"
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/emu"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// A kernel that stores the square of each thread's index, launched on
// one block of 8 threads; the host side allocates the output buffer,
// passes its address as the kernel's parameter and reads it back.
func Example() {
	const src = `.version 7.8
.target sm_70
.address_size 64

.visible .entry squares(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mul.lo.s32 %r2, %r1, %r1;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd2, %rd2, %rd3;
	st.global.u32 [%rd2], %r2;
	ret;
}
`
	fset := token.NewFileSet()
	mod, err := parser.ParseString(fset, "squares.ptx", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := emu.Load(fset, []*ast.Module{mod}, emu.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	const n = 8
	out, err := m.Alloc(4 * n)
	if err != nil {
		fmt.Println(err)
		return
	}
	arg := binary.LittleEndian.AppendUint64(nil, out)
	_, err = m.Launch(emu.Launch{Kernel: "squares", Grid: [3]int{1, 1, 1}, Block: [3]int{n, 1, 1}, Args: [][]byte{arg}})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := m.Read(out, 4*n)
	if err != nil {
		fmt.Println(err)
		return
	}
	squares := make([]uint32, n)
	for i := range squares {
		squares[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	fmt.Println(squares)
	// Output:
	// [0 1 4 9 16 25 36 49]
}

// A kernel that calls vprintf (guide §3) with a format in .global memory
// and a one-argument buffer in its .local depot; Result.Output holds what
// the threads printed, in thread order.
func Example_vprintf() {
	const src = `.version 7.8
.target sm_70
.address_size 64

.extern .func (.param .b32 r) vprintf(.param .b64 format, .param .b64 buffer);
.global .align 1 .b8 fmt[12] = {116, 104, 114, 101, 97, 100, 32, 37, 100, 33, 10, 0}; // "thread %d!\n"

.visible .entry hello()
{
	.local .align 8 .b8 depot[8];
	.reg .b32 %r<2>;
	.reg .b64 %rd<5>;
	mov.u64 %rd1, depot;
	cvta.local.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	st.local.u32 [%rd1], %r1;
	mov.u64 %rd3, fmt;
	cvta.global.u64 %rd4, %rd3;
	{
	.param .b64 p0;
	st.param.b64 [p0], %rd4;
	.param .b64 p1;
	st.param.b64 [p1], %rd2;
	.param .b32 r0;
	call.uni (r0), vprintf, (p0, p1);
	}
	ret;
}
`
	fset := token.NewFileSet()
	mod, err := parser.ParseString(fset, "hello.ptx", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := emu.Load(fset, []*ast.Module{mod}, emu.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := m.Launch(emu.Launch{Kernel: "hello", Grid: [3]int{1, 1, 1}, Block: [3]int{3, 1, 1}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(res.Output))
	// Output:
	// thread 0!
	// thread 1!
	// thread 2!
}
