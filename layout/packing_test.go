package layout_test

import (
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// packingCases are the packing and typedef-alignment rules (step 9 and 10
// of the package doc), each as a source declaring S and the layout nvcc
// 11.8 gives S for -m64, in notation's form. nvcc's figures were read back
// from __device__ const objects, as the random differential test does.
var packingCases = []struct{ name, src, want string }{
	{"packed_struct", `struct __attribute__((packed)) S { char c; int i; };`,
		"size=5 align=1 c=0 i=1"},
	{"packed_and_aligned_struct", `struct __attribute__((packed, aligned(4))) S { char c; int i; };`,
		"size=8 align=4 c=0 i=1"},
	{"packed_struct_lowers_its_alignment", `enum E { e }; struct __attribute__((packed)) __align__(16) S { long double f0; char m; __align__(32) enum E f5; };`,
		"size=48 align=16 f0=0 m=16 f5=32"},
	{"packed_member", `struct S { char c; int i __attribute__((packed)); };`,
		"size=5 align=1 c=0 i=1"},
	{"packed_member_after_bit_width", `struct S { char c; double2 v __attribute__((packed)); int b : 4 __attribute__((packed)); int k : 31; };`,
		"size=24 align=4 c=0 v=1 v.x=1 v.y=9 b=b136:4 k=b160:31"},
	{"packed_vector_member", `struct W { char c; int i __attribute__((packed)); }; struct __attribute__((packed)) S { char c; double2 v; struct W w; };`,
		"size=22 align=1 c=0 v=1 v.x=1 v.y=9 w=17 w.c=17 w.i=18"},
	{"packed_bit_fields_cross_units", `struct __attribute__((packed)) S { char c; int a : 7; int b : 30; int : 0; char z; long long q : 3; };`,
		"size=8 align=1 c=0 a=b8:7 b=b15:30 z=6 q=b56:3"},
	{"packed_struct_keeps_half", `#include <cuda_fp16.h>
struct __attribute__((packed)) S { char c; __half m; __half n[2]; };`,
		"size=8 align=2 c=0 m=2 n=4"},
	{"packed_member_half", `#include <cuda_fp16.h>
struct S { char c; __half m __attribute__((packed)); };`,
		"size=3 align=1 c=0 m=1"},
	{"pragma_pack_1_keeps_requested_alignment", `#pragma pack(push, 1)
struct S { char c; int i; double d __attribute__((aligned(8))); };
#pragma pack(pop)`,
		"size=16 align=8 c=0 i=1 d=8"},
	{"pragma_pack_1_bit_fields_cross_units", `#pragma pack(push, 1)
struct S { char c; int a : 7; int b : 30; short s; };
#pragma pack(pop)`,
		"size=8 align=1 c=0 a=b8:7 b=b15:30 s=6"},
	{"pragma_pack_2", `#pragma pack(push, 2)
struct S { char c; int i; double d; int b : 20; int e : 20; };
#pragma pack(pop)`,
		"size=20 align=2 c=0 i=2 d=6 b=b112:20 e=b132:20"},
	{"pragma_pack_counts_unnamed_bit_fields", `#pragma pack(push, 2)
struct S { char c; long long : 3; char m; };
#pragma pack(pop)`,
		"size=4 align=2 c=0 m=2"},
	{"pragma_pack_caps_zero_width", `#pragma pack(push, 2)
struct S { char c; long long : 0; char m; };
#pragma pack(pop)`,
		"size=3 align=1 c=0 m=2"},
	{"pragma_pack_and_packed_zero_width_moves_to_next_byte", `#pragma pack(push, 2)
struct __attribute__((packed)) S { long long a : 10; unsigned int : 0; long long b : 45; long long c; };
#pragma pack(pop)`,
		"size=16 align=2 a=b0:10 b=b16:45 c=8"},
	{"packed_zero_width_does_nothing", `struct __attribute__((packed)) S { long long a : 10; unsigned int : 0; long long b : 45; long long c; };`,
		"size=15 align=1 a=b0:10 b=b10:45 c=7"},
	{"pragma_pack_caps_member_structs", `struct J { __align__(8) int a; };
#pragma pack(push, 2)
struct S { char c; struct J m; };
#pragma pack(pop)`,
		"size=10 align=2 c=0 m=2 m.a=2"},
	{"typedef_raises_alignment", `typedef int aint __attribute__((aligned(16))); struct S { char c; aint x; };`,
		"size=32 align=16 c=0 x=16"},
	{"typedef_lowers_alignment", `typedef int lint __attribute__((aligned(2))); struct S { char c; lint x; };`,
		"size=6 align=2 c=0 x=2"},
}

func TestPacking(t *testing.T) {
	for _, c := range packingCases {
		t.Run(c.name, func(t *testing.T) {
			l := layout.New(target.Default)
			f, err := cfront.ParseFile(&cfront.Config{Target: target.Default, Sizes: l}, token.NewFileSet(), "s.cu", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			s := f.Lookup("S")
			if s == nil {
				t.Fatal("no S")
			}
			if got := notation(t, l, s); got != c.want {
				t.Errorf("\ngot  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestPackingMatchesNVCC checks the byte figures of packingCases against
// nvcc: sizeof, alignof and the offset of every member that is not a bit
// field.
func TestPackingMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, c := range packingCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var exprs, wants []string
			for _, item := range strings.Fields(c.want) {
				k, v, _ := strings.Cut(item, "=")
				switch {
				case k == "size":
					exprs = append(exprs, "sizeof(S)")
				case k == "align":
					exprs = append(exprs, "alignof(S)")
				case strings.HasPrefix(v, "b"):
					continue
				default:
					exprs = append(exprs, "offsetof(S, "+k+")")
				}
				wants = append(wants, v)
			}
			src := "#include <cstddef>\n" + c.src + "\n__device__ const unsigned long long r[] = {" + strings.Join(exprs, ", ") + "};\n"
			ptx := oracle.CompilePTX(t, src, 64, "-arch=sm_52", "-w")
			r := oracle.Int64s(t, ptx, "r", len(exprs))
			for i, e := range exprs {
				if strconv.FormatInt(r[i], 10) != wants[i] {
					t.Errorf("%s: nvcc %d, case says %s", e, r[i], wants[i])
				}
			}
		})
	}
}
