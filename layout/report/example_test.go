package report_test

import (
	"os"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/layout/report"
	"github.com/ptxabi/ptxabi/target"
)

// Print a layout as pahole does, holes and padding included.
func ExampleText() {
	s := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{
		{Name: "c", Type: ctypes.BasicOf(ctypes.Char)},
		{Name: "d", Type: ctypes.BasicOf(ctypes.Double)},
		{Name: "f", Type: ctypes.BasicOf(ctypes.UShort), BitField: true, BitWidth: 5},
	}}
	report.Text(os.Stdout, layout.New(target.Default), []report.Named{{Name: "S", Type: s}})
	// Output:
	// struct S {
	// 	char c;                                          /*     0     1 */
	//
	// 	/* XXX 7 bytes hole, try to pack */
	//
	// 	double d;                                        /*     8     8 */
	// 	unsigned short f:5;                              /*    16: 0   2 */
	//
	// 	/* bit_padding: 3 bits */
	// 	/* padding: 7 */
	//
	// 	/* size: 24, align: 8, cachelines: 1, members: 3 */
	// 	/* sum members: 9, holes: 1, sum holes: 7 */
	// 	/* sum bitfield members: 5 bits */
	// };
}
