package mangle

import (
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// randomSeedCount returns the seed and count for the random differential
// tests: PTXABI_SEED and PTXABI_COUNT override the defaults.
func randomSeedCount(t *testing.T, count int) (int64, int) {
	seed := int64(1)
	if s := os.Getenv("PTXABI_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("PTXABI_SEED: %v", err)
		}
		seed = v
	}
	if s := os.Getenv("PTXABI_COUNT"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("PTXABI_COUNT: %v", err)
		}
		count = v
	}
	return seed, count
}

// prelude declares the named types that random signatures use.
const prelude = `#include <cuda_fp16.h>
#include <cuda_bf16.h>
struct S1 { int a; };
union U1 { int a; float b; };
enum E1 { e1a };
namespace ns1 { struct T { int a; }; enum class F : short { fa }; namespace ns2 { struct U { int b; }; } typedef double dd; }
namespace std { struct X { int c; }; }
typedef int myint;
typedef const float cfloat;
typedef struct { int z; } TS;
typedef int *intptr;
`

var (
	intptr = &ctypes.Typedef{Name: "intptr", Type: &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Int)}}
	named  = []ctypes.Type{
		&ctypes.Struct{Tag: "S1", Complete: true},
		&ctypes.Struct{Tag: "U1", Union: true, Complete: true},
		&ctypes.Enum{Tag: "E1", Underlying: ctypes.UInt, Complete: true},
		&ctypes.Struct{Tag: "T", Scope: []string{"ns1"}, Complete: true},
		&ctypes.Enum{Tag: "F", Scope: []string{"ns1"}, Underlying: ctypes.Short, Fixed: true, Scoped: true, Complete: true},
		&ctypes.Struct{Tag: "U", Scope: []string{"ns1", "ns2"}, Complete: true},
		&ctypes.Typedef{Name: "dd", Scope: []string{"ns1"}, Type: ctypes.BasicOf(ctypes.Double)},
		&ctypes.Struct{Tag: "X", Scope: []string{"std"}, Complete: true},
		&ctypes.Typedef{Name: "myint", Type: ctypes.BasicOf(ctypes.Int)},
		&ctypes.Typedef{Name: "cfloat", Type: &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Float), Const: true}},
		&ctypes.Typedef{Name: "TS", Type: &ctypes.Struct{Complete: true}},
		intptr,
		&ctypes.Vector{Name: "float4", Elem: ctypes.Float, Len: 4, Align: 16},
		&ctypes.Vector{Name: "int2", Elem: ctypes.Int, Len: 2, Align: 8},
		&ctypes.Vector{Name: "uchar3", Elem: ctypes.UChar, Len: 3, Align: 1},
		&ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"},
		&ctypes.Handle{Kind: ctypes.Surface, Name: "cudaSurfaceObject_t"},
	}
)

// gen makes random types under the C++ rules for where each kind may
// appear.
type gen struct{ r *rand.Rand }

type ctx struct{ void, ref, array, fn, unsized bool }

func (g *gen) leaf(c ctx) ctypes.Type {
	if g.r.Intn(3) == 0 {
		return named[g.r.Intn(len(named))]
	}
	for {
		k := ctypes.Kind(g.r.Intn(int(ctypes.NullPtr) + 1))
		if k == ctypes.Void && !c.void {
			continue
		}
		return ctypes.BasicOf(k)
	}
}

func (g *gen) typ(depth int, c ctx) ctypes.Type {
	if depth <= 0 {
		return g.leaf(c)
	}
	var t ctypes.Type
	switch n := g.r.Intn(10); {
	case n < 3:
		t = g.leaf(c)
	case n < 6:
		t = &ctypes.Pointer{Elem: g.typ(depth-1, ctx{void: true, array: true, fn: true, unsized: true})}
	case n < 7 && c.ref:
		return &ctypes.Reference{Elem: g.typ(depth-1, ctx{array: true, fn: true, unsized: true}), RValue: g.r.Intn(2) == 0}
	case n < 8 && c.array:
		a := &ctypes.Array{Elem: g.typ(depth-1, ctx{array: true}), Len: int64(1 + g.r.Intn(12))}
		if c.unsized && g.r.Intn(5) == 0 {
			a.Len, a.Unsized = 0, true
		}
		t = a
	case n < 9 && c.fn:
		f := &ctypes.Func{Result: g.typ(depth-1, ctx{void: true})}
		for i := g.r.Intn(4); i > 0; i-- {
			f.Params = append(f.Params, ctypes.Param{Type: g.typ(depth-1, ctx{ref: true, array: true, fn: true, unsized: true})})
		}
		f.Variadic = g.r.Intn(6) == 0
		return f
	default:
		t = g.leaf(c)
	}
	if g.r.Intn(4) == 0 {
		q := &ctypes.Qualified{Type: t, Const: g.r.Intn(2) == 0, Volatile: g.r.Intn(3) == 0}
		if p, ok := t.(*ctypes.Pointer); ok && !isFunc(p.Elem) {
			q.Restrict = g.r.Intn(3) == 0
		}
		if q.Const || q.Volatile || q.Restrict {
			return q
		}
	}
	return t
}

var scopes = [][]string{nil, nil, {"ns1"}, {"ns1", "ns2"}, {"q"}, {"std"}, {"std", "q"}}

func (g *gen) decl(i int) *ctypes.FuncDecl {
	d := &ctypes.FuncDecl{Name: fmt.Sprintf("f%d_", i), Scope: scopes[g.r.Intn(len(scopes))], Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}, Defined: true}
	for n := g.r.Intn(6); n > 0; n-- {
		d.Type.Params = append(d.Type.Params, ctypes.Param{Type: g.typ(1+g.r.Intn(4), ctx{ref: true, array: true, fn: true, unsized: true})})
	}
	d.Type.Variadic = g.r.Intn(8) == 0
	d.ExternC = g.r.Intn(40) == 0
	return d
}

// source renders declarations as CUDA C++ definitions.
func source(decls []*ctypes.FuncDecl) string {
	var b strings.Builder
	b.WriteString(prelude)
	for _, d := range decls {
		for _, s := range d.Scope {
			fmt.Fprintf(&b, "namespace %s { ", s)
		}
		if d.ExternC {
			b.WriteString(`extern "C" `)
		}
		fmt.Fprintf(&b, "__device__ %s {}", ctypes.TypeString(d.Type, d.Name))
		b.WriteString(strings.Repeat(" }", len(d.Scope)))
		b.WriteString("\n")
	}
	return b.String()
}

var ptxFunc = regexp.MustCompile(`(?m)^\.visible \.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)\(`)

// TestNameOracle compares Name with the names nvcc gives random
// signatures, all compiled in one nvcc run per address size.
func TestNameOracle(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	seed, count := randomSeedCount(t, 600)
	for _, as := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", as), func(t *testing.T) {
			g := &gen{rand.New(rand.NewSource(seed + int64(as)))}
			decls := make([]*ctypes.FuncDecl, count)
			for i := range decls {
				decls[i] = g.decl(i)
			}
			src := source(decls)
			ptx := oracle.CompilePTX(t, src, as, "-rdc=true")
			got := map[string]string{} // f<i>_ -> nvcc's name
			for _, m := range ptxFunc.FindAllStringSubmatch(ptx, -1) {
				name := m[1]
				j := strings.Index(name, "f")
				for j >= 0 {
					k := j + 1
					for k < len(name) && name[k] >= '0' && name[k] <= '9' {
						k++
					}
					if k > j+1 && k < len(name) && name[k] == '_' {
						got[name[j:k+1]] = name
						break
					}
					n := strings.Index(name[j+1:], "f")
					if n < 0 {
						break
					}
					j += 1 + n
				}
			}
			tg := target.Target{AddressSize: as, SM: 70}
			bad := 0
			for _, d := range decls {
				want, ok := got[d.Name]
				if !ok {
					t.Errorf("%s: nvcc emitted no function", d.Name)
					bad++
					continue
				}
				name, err := Name(d, tg)
				if err != nil || name != want {
					bad++
					if bad <= 20 {
						t.Errorf("%s: Name = %q, %v; nvcc: %q\n\tdecl: %s", d.Name, name, err, want, ctypes.TypeString(d.Type, d.QualifiedName()))
					}
				}
			}
			t.Logf("-m%d: %d of %d signatures agree with nvcc (seed %d)", as, len(decls)-bad, len(decls), seed)
		})
	}
}

func isFunc(t ctypes.Type) bool {
	_, ok := ctypes.Unqualified(t).(*ctypes.Func)
	return ok
}
