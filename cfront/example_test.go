package cfront_test

import (
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Parse a small CUDA source into ctypes, with package layout answering
// sizeof, and list what it declares.
func ExampleParseFile() {
	src := `
#include <cstdint>
#define N 3
struct Particle { float3 pos; int32_t id; unsigned char flags[N]; };
typedef struct Particle P;
static_assert(sizeof(P) == 20, "layout");
__device__ float energy(const P *p, int n);
extern "C" __global__ void step(P *ps, float dt);
`
	t := target.Default
	cfg := &cfront.Config{Target: t, Sizes: layout.New(t)}
	f, err := cfront.ParseFile(cfg, token.NewFileSet(), "particle.cu", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, typ := range f.Types {
		fmt.Println("type", typ)
	}
	for _, fn := range f.Funcs {
		fmt.Printf("%s function %s\n", fn.Kind, ctypes.TypeString(fn.Type, fn.Name))
	}
	s := f.Lookup("Particle").(*ctypes.Struct)
	for _, m := range s.Fields {
		fmt.Printf("member %s\n", ctypes.TypeString(m.Type, m.Name))
	}
	// Output:
	// type struct Particle
	// type P
	// device function float energy(const P *, int)
	// global function void step(P *, float)
	// member float3 pos
	// member int32_t id
	// member unsigned char flags[3]
}

// Errors come with their position, as file:line:col.
func ExampleParseFile_error() {
	_, err := cfront.ParseFile(&cfront.Config{Target: target.Default}, token.NewFileSet(), "bad.h", []byte("struct S { int x; int };\n"))
	fmt.Println(err)
	// Output:
	// bad.h:1:23: expected a member name, found '}'
}
