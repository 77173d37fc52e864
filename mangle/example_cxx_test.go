package mangle_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// A constructor has two symbols, the complete-object and base-object
// variants; a const member operator nests its name with K.
func ExampleVariants() {
	vec := &ctypes.Struct{Tag: "Vec3", Scope: []string{"geo"}, Complete: true}
	f := ctypes.BasicOf(ctypes.Float)
	ctor := &ctypes.FuncDecl{Name: "Vec3", Scope: []string{"geo", "Vec3"}, Class: vec, Special: ctypes.Constructor,
		Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{{Type: f}, {Type: f}, {Type: f}}}}
	plus := &ctypes.FuncDecl{Name: "operator+", Scope: []string{"geo", "Vec3"}, Class: vec,
		Special: ctypes.OperatorFunc, Operator: ctypes.OperatorFor("+", 2),
		Type: &ctypes.Func{Result: vec, Const: true, Params: []ctypes.Param{{Type: &ctypes.Reference{Elem: &ctypes.Qualified{Type: vec, Const: true}}}}}}
	for _, d := range []*ctypes.FuncDecl{ctor, plus} {
		names, _ := mangle.Variants(d, target.Target{AddressSize: 64, SM: 70})
		for _, n := range names {
			text, _ := mangle.Demangle(n)
			fmt.Println(n, text)
		}
	}
	// Output:
	// _ZN3geo4Vec3C1Efff geo::Vec3::Vec3(float, float, float)
	// _ZN3geo4Vec3C2Efff geo::Vec3::Vec3(float, float, float)
	// _ZNK3geo4Vec3plERKS0_ geo::Vec3::operator+(geo::Vec3 const&) const
}

// A function template specialization is mangled with its template
// arguments and its declared signature, in template parameters.
func ExampleName_template() {
	f := ctypes.BasicOf(ctypes.Float)
	T := &ctypes.TemplateParam{Name: "T"}
	tmax := &ctypes.FuncDecl{Name: "tmax",
		Type: &ctypes.Func{Result: f, Params: []ctypes.Param{{Type: f}, {Type: f}}},
		Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(f)},
			Signature: &ctypes.Func{Result: T, Params: []ctypes.Param{{Type: T}, {Type: T}}}}}
	n, _ := mangle.Name(tmax, target.Target{AddressSize: 64, SM: 70})
	text, _ := mangle.Demangle(n)
	fmt.Println(n, text)
	// Output: _Z4tmaxIfET_S0_S0_ float tmax<float>(float, float)
}
