package mangle_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// Mangle __device__ float dot(const float *, const float *, int) in
// namespace la as nvcc does (Itanium C++ ABI, guide chapter 7), and
// demangle the symbol back as c++filt prints it.
func ExampleName() {
	cf := &ctypes.Pointer{Elem: &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Float), Const: true}}
	fd := &ctypes.FuncDecl{Name: "dot", Scope: []string{"la"}, Kind: ctypes.DeviceFunc, Type: &ctypes.Func{
		Result: ctypes.BasicOf(ctypes.Float),
		Params: []ctypes.Param{{Type: cf}, {Type: cf}, {Type: ctypes.BasicOf(ctypes.Int)}},
	}}
	name, err := mangle.Name(fd, target.Default)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(name)
	s, err := mangle.Demangle(name)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	// Output:
	// _ZN2la3dotEPKfS1_i
	// la::dot(float const*, float const*, int)
}

func ExampleDemangle() {
	for _, sym := range []string{"_Z4testPi", "_Z3maxIfET_S0_S0_", "vprintf", "_Z1fv_bad"} {
		s, err := mangle.Demangle(sym)
		if err != nil {
			fmt.Printf("%s: error: %v\n", sym, err)
			continue
		}
		fmt.Printf("%s: %s\n", sym, s)
	}
	// Output:
	// _Z4testPi: test(int*)
	// _Z3maxIfET_S0_S0_: float max<float>(float, float)
	// vprintf: error: demangle vprintf: offset 0: not a mangled name: expected _Z
	// _Z1fv_bad: error: demangle _Z1fv_bad: offset 5: unexpected trailing characters
}
