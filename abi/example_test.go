package abi_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// Lower the prototype __device__ struct Pair swap(struct Pair p, short k)
// to its PTX declaration (guide §2.3): the struct travels as an aligned
// byte array, the short as a sign-extended .b32 (note A).
func ExampleLower() {
	pair := &ctypes.Struct{Tag: "Pair", Complete: true, Fields: []*ctypes.Field{
		{Name: "a", Type: ctypes.BasicOf(ctypes.Int)},
		{Name: "b", Type: ctypes.BasicOf(ctypes.Float)},
	}}
	fd := &ctypes.FuncDecl{Name: "swap", Kind: ctypes.DeviceFunc, Defined: true, Type: &ctypes.Func{
		Result: pair,
		Params: []ctypes.Param{{Name: "p", Type: pair}, {Name: "k", Type: ctypes.BasicOf(ctypes.Short)}},
	}}
	t := target.Default
	name, err := mangle.Name(fd, t)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := abi.Lower(fd, layout.New(t), name)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d)
	fmt.Println(d.Dump())
	// Output:
	// .visible .func  (.param .align 4 .b8 func_retval0[8]) _Z4swap4Pairs(
	// 	.param .align 4 .b8 _Z4swap4Pairs_param_0[8],
	// 	.param .b32 _Z4swap4Pairs_param_1
	// )
	// func _Z4swap4Pairs ret=.align 4 .b8[8] (.align 4 .b8[8], .b32 signext16)
}

// A call sequence passes each argument in a .param of the call's scope
// and reads the return value back (guide §2.3, chapter 6's example).
func ExampleCall_PTX() {
	i := ctypes.BasicOf(ctypes.Int)
	fd := &ctypes.FuncDecl{Name: "foo", Kind: ctypes.DeviceFunc, Type: &ctypes.Func{
		Result: i, Params: []ctypes.Param{{Type: i}, {Type: i}},
	}}
	d, err := abi.Lower(fd, layout.New(target.Default), "_Z3fooii")
	if err != nil {
		fmt.Println(err)
		return
	}
	c := abi.Call{Callee: d, Args: []abi.Value{{Reg: "%r1"}, {Reg: "2"}}, Ret: abi.Value{Reg: "%r3"}}
	seq, err := c.PTX()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(seq)
	// Output:
	// 	{ // callseq 0
	// 	.param .b32 param0;
	// 	st.param.b32 [param0+0], %r1;
	// 	.param .b32 param1;
	// 	st.param.b32 [param1+0], 2;
	// 	.param .b32 retval0;
	// 	call (retval0), _Z3fooii, (param0, param1);
	// 	ld.param.b32 %r3, [retval0+0];
	// 	} // callseq 0
}
