package ctypes_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
)

// A class template specialization, Array<float, 3>, with a const member
// function and an operator, as a front end records them.
func Example_classTemplate() {
	f := ctypes.BasicOf(ctypes.Float)
	arr := &ctypes.Struct{Tag: "Array", Scope: []string{"geo"}, Complete: true,
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(f), ctypes.ValueArgOf(ctypes.BasicOf(ctypes.Int), 3)}},
		Fields:   []*ctypes.Field{{Name: "v", Type: &ctypes.Array{Elem: f, Len: 3}}}}
	sum := &ctypes.FuncDecl{Name: "sum", Scope: []string{"geo", "Array"}, Class: arr,
		Type: &ctypes.Func{Result: f, Const: true}}
	index := &ctypes.FuncDecl{Name: "operator[]", Scope: []string{"geo", "Array"}, Class: arr,
		Special: ctypes.OperatorFunc, Operator: ctypes.OperatorFor("[]", 2),
		Type: &ctypes.Func{Result: &ctypes.Reference{Elem: f}, Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}}}}
	arr.Methods = []*ctypes.FuncDecl{sum, index}
	fmt.Println(arr)
	for _, m := range arr.Methods {
		fmt.Printf("%s: this is %s, code %q\n", m.Name, ctypes.CXXString(m.ThisType(), ""), m.Operator.Code())
	}
	// Output:
	// struct geo::Array<float, 3>
	// sum: this is const geo::Array<float, 3> *, code ""
	// operator[]: this is geo::Array<float, 3> *, code "ix"
}
