package layout_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// A C++ class with a dynamic base: the base's virtual table pointer comes
// first, and the derived class's member goes into the base's tail padding
// (the base is not a POD: it has virtual functions).
func Example_class() {
	body := &ctypes.Struct{Tag: "Body", Complete: true,
		Fields:  []*ctypes.Field{{Name: "mass", Type: ctypes.BasicOf(ctypes.Float)}},
		Methods: []*ctypes.FuncDecl{{Name: "area", Virtual: true, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Float)}}}}
	particle := &ctypes.Struct{Tag: "Particle", Complete: true,
		Bases:  []*ctypes.Base{{Type: body, Access: ctypes.Public}},
		Fields: []*ctypes.Field{{Name: "charge", Type: ctypes.BasicOf(ctypes.Int)}}}
	l := layout.New(target.Target{AddressSize: 64, SM: 70})
	size, _ := l.Sizeof(particle)
	fmt.Println("sizeof(Particle) =", size)
	flat, _ := l.Flatten(particle)
	for _, f := range flat {
		fmt.Println(f.Offset, f.Path)
	}
	// Output:
	// sizeof(Particle) = 16
	// 0 Body
	// 0 Body::_vptr
	// 8 Body::mass
	// 12 charge
}
