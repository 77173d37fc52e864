package ctypes_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Types are built from their parts, and print as C declares them.
func ExampleTypeString() {
	node := &ctypes.Struct{Tag: "Node", Complete: true}
	node.Fields = []*ctypes.Field{
		{Name: "value", Type: ctypes.BasicOf(ctypes.Float)},
		{Name: "next", Type: &ctypes.Pointer{Elem: node}},
	}
	constp := &ctypes.Pointer{Elem: &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Int), Const: true}}
	visit := &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{{Type: &ctypes.Pointer{Elem: node}}}}
	fmt.Println(ctypes.TypeString(node, "n"))
	fmt.Println(ctypes.TypeString(&ctypes.Array{Elem: &ctypes.Pointer{Elem: node}, Len: 4}, "heads"))
	fmt.Println(ctypes.TypeString(&ctypes.Pointer{Elem: visit}, "fn"))
	fmt.Println(ctypes.TypeString(constp, "p"))
	// Output:
	// struct Node n
	// struct Node *heads[4]
	// void (*fn)(struct Node *)
	// const int *p
}
