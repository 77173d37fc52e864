package syscall

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

var (
	t32 = target.Target{AddressSize: 32, SM: 70, PTX: target.Version{Major: 7, Minor: 8}}
	t64 = target.Target{AddressSize: 64, SM: 70, PTX: target.Version{Major: 7, Minor: 8}}
)

// The prototypes of guide §3 with t1 and t2 substituted.
func TestPrototypesGuide(t *testing.T) {
	guide := []string{
		".extern .func (.param .s32 status) vprintf (.param t1 format, .param t2 valist)",
		".extern .func (.param t1 ptr) malloc (.param t2 size)",
		".extern .func free (.param t1 ptr)",
		".extern .func __assertfail (.param t1 message, .param t1 file, .param .b32 line, .param t1 function, .param t2 charSize)",
	}
	for _, tc := range []struct {
		t      target.Target
		t1, t2 string
	}{{t32, ".b32", ".b32"}, {t64, ".b64", ".b64"}} {
		ps := Prototypes(tc.t)
		if len(ps) != len(guide) {
			t.Fatalf("%d prototypes, want %d", len(ps), len(guide))
		}
		for i, g := range guide {
			want := strings.NewReplacer("t1", tc.t1, "t2", tc.t2).Replace(g)
			if got := ps[i].String(); got != want {
				t.Errorf("-m%d:\n got %s\nwant %s", tc.t.AddressSize, got, want)
			}
			if ps[i].Decl() != want+";" {
				t.Errorf("Decl() = %q", ps[i].Decl())
			}
		}
	}
}

var externRE = regexp.MustCompile(`(?s)\.extern \.func\s*(\([^)]*\))?\s*(\w+)\s*\(([^)]*)\)`)

// nvcc declares the same four functions with the same parameter types
// (vprintf's status as .b32: the same size as the guide's .s32), and ptxas
// accepts our declarations.
func TestPrototypesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS)
	src := `#include <cstdio>
#include <cassert>
#include <cstdlib>
__global__ void k(int a) { printf("%d\n", a); void *p = malloc(a); free(p); assert(a); }
`
	for _, tg := range []target.Target{t32, t64} {
		ptx := oracle.CompilePTX(t, src, tg.AddressSize, "-arch=sm_70")
		nv := map[string]string{}
		for _, m := range externRE.FindAllStringSubmatch(ptx, -1) {
			nv[m[2]] = typesOf(m[1]) + " " + typesOf(m[3])
		}
		var decls strings.Builder
		decls.WriteString(".version 7.8\n.target sm_70\n.address_size " + map[int]string{32: "32", 64: "64"}[tg.AddressSize] + "\n")
		for _, p := range Prototypes(tg) {
			decls.WriteString(p.Decl() + "\n")
			var res string
			if p.Result != nil {
				res = "(" + p.Result.String() + ")"
			}
			var params []string
			for _, q := range p.Params {
				params = append(params, q.String())
			}
			ours := strings.ReplaceAll(typesOf(res)+" "+typesOf(strings.Join(params, ",")), ".s32", ".b32")
			if nv[p.Name] != ours {
				t.Errorf("-m%d %s: nvcc declares %q, we %q", tg.AddressSize, p.Name, nv[p.Name], ours)
			}
		}
		if len(nv) != 4 {
			t.Errorf("-m%d: nvcc declares %d system calls, want 4", tg.AddressSize, len(nv))
		}
		if err := oracle.Assemble(decls.String(), "sm_70", "", "-c"); err != nil {
			t.Errorf("ptxas rejects the declarations: %v\n%s", err, decls.String())
		}
	}
}

var paramTypeRE = regexp.MustCompile(`\.param\s+(\.\w+)`)

func typesOf(s string) string {
	var ts []string
	for _, m := range paramTypeRE.FindAllStringSubmatch(s, -1) {
		ts = append(ts, m[1])
	}
	return strings.Join(ts, ",")
}

func TestPackPrintf(t *testing.T) {
	b := ctypes.BasicOf
	ptr := &ctypes.Pointer{Elem: b(ctypes.Char)}
	tests := []struct {
		t    target.Target
		args []ctypes.Type
		want string
		err  string
	}{
		{t64, nil, "size=0 align=0", ""},
		{t64, []ctypes.Type{b(ctypes.Char), b(ctypes.Double), b(ctypes.Int)}, "size=24 align=8 int@0:4 double@8:8 int@16:4", ""},
		{t64, []ctypes.Type{b(ctypes.Float), b(ctypes.Bool), b(ctypes.Short)}, "size=16 align=8 double@0:8 int@8:4 int@12:4", ""},
		{t32, []ctypes.Type{b(ctypes.Long), ptr, b(ctypes.ULong)}, "size=16 align=8 long@0:4 char *@4:4 unsigned long@8:4", ""},
		{t64, []ctypes.Type{b(ctypes.Long), ptr, b(ctypes.Int)}, "size=24 align=8 long@0:8 char *@8:8 int@16:4", ""},
		{t64, []ctypes.Type{b(ctypes.Int128), b(ctypes.Int)}, "size=32 align=16 __int128@0:16 int@16:4", ""},
		{t64, []ctypes.Type{b(ctypes.Int), b(ctypes.Int128)}, "size=32 align=8 int@0:4 __int128@16:16", ""},
		{t64, []ctypes.Type{&ctypes.Array{Elem: b(ctypes.Char), Len: 4}, &ctypes.Qualified{Type: b(ctypes.Float), Const: true}}, "size=16 align=8 char *@0:8 double@8:8", ""},
		{t64, []ctypes.Type{&ctypes.Enum{Tag: "E", Underlying: ctypes.UChar}, &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"}}, "size=16 align=8 int@0:4 unsigned long long@8:8", ""},
		{t64, []ctypes.Type{b(ctypes.Int), &ctypes.Struct{Tag: "S", Complete: true}}, "", "printf argument 2: aggregate struct S cannot be passed to printf"},
		{t64, []ctypes.Type{&ctypes.Vector{Name: "float4", Elem: ctypes.Float, Len: 4, Align: 16}}, "", "printf argument 1: aggregate float4"},
		{t64, []ctypes.Type{b(ctypes.Half)}, "", "__half is a class type"},
	}
	for _, tc := range tests {
		got, err := PackPrintf(tc.t, tc.args)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("PackPrintf(%v): error %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || got.String() != tc.want {
			t.Errorf("PackPrintf(%v) = %s, %v; want %s", tc.args, got, err, tc.want)
		}
	}
}
