package ir_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

// A front end builds "__global__ void inc(int *p) { *p += 1; }" with a
// Builder; the text form shows it, and Check verifies it.
func ExampleBuilder() {
	m := &ir.Module{Target: target.Default}
	f := m.NewFunc("inc", abi.Entry, []ir.Type{ir.PtrT(ir.Generic, 64)}, ir.VoidT)
	b := ir.NewBuilder(f)
	p := f.Params[0]
	x := b.Load(ir.I32, p, 4)
	b.Store(p, b.Op(ir.OpAdd, ir.I32, x, b.Const(ir.I32, 1)), 4)
	b.Ret(nil)
	fmt.Print(m)
	fmt.Println(ir.Check(f))
	// Output:
	// func entry @inc(%0 ptr) {
	// b0:
	// 	%1 = load i32 %0 align 4
	// 	%2 = const i32 1
	// 	%3 = add i32 %1, %2
	// 	store %0, %3 align 4
	// 	ret
	// }
	// <nil>
}

// Parse reads the text form; Decl is the function's PTX declaration as
// package abi lowers it.
func ExampleParse() {
	m, err := ir.Parse("add.ir", `
func @add(%a i8, %b agg(8,4)) -> i32 {
b0:
	%x = conv i32 %a
	%y = load i32 %b align 4
	%s = add i32 %x, %y
	ret %s
}`, target.Default)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _ := m.Funcs[0].Decl()
	fmt.Println(d)
	// Output:
	// .visible .func  (.param .b32 func_retval0) add(
	// 	.param .b32 add_param_0,
	// 	.param .align 4 .b8 add_param_1[8]
	// )
}
