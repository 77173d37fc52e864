package abi_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// A const member function takes this first.
func Example_memberFunction() {
	s := &ctypes.Struct{Tag: "Particle", Complete: true, Fields: []*ctypes.Field{{Name: "mass", Type: ctypes.BasicOf(ctypes.Float)}}}
	get := &ctypes.FuncDecl{Name: "mass", Scope: []string{"Particle"}, Class: s, Defined: true,
		Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Float), Const: true}}
	tgt := target.Target{AddressSize: 64, SM: 70}
	name, _ := mangle.Name(get, tgt)
	d, _ := abi.Lower(get, layout.New(tgt), name)
	fmt.Println(d)
	// Output:
	// .visible .func  (.param .b32 func_retval0) _ZNK8Particle4massEv(
	// 	.param .b64 _ZNK8Particle4massEv_param_0
	// )
}
