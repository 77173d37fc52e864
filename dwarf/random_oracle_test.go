package dwarf

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var (
	randomSeed  = flag.Uint64("dwarf.seed", 1, "seed of the random types of TestOracleRandomTypeDIEs")
	randomCount = flag.Int("dwarf.n", 150, "random types per address size in TestOracleRandomTypeDIEs")
)

// TestOracleRandomTypeDIEs generates random aggregate types (package
// ctgen: bit fields of every kind, packing, alignment requests, unions,
// anonymous members, vectors, enums, handles, arrays and pointers), builds
// their DIEs from package layout, assembles them with ptxas -g for
// llvm-dwarfdump-14 --verify, and compares the type of each g_ variable
// with the one nvcc -G describes for the same source: sizes, member
// offsets, bit sizes and bit offsets, names and encodings (typeShape).
func TestOracleRandomTypeDIEs(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.LLVMDwarfdump)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			g := ctgen.New(*randomSeed + uint64(addr))
			var types []*ctypes.Struct
			for range *randomCount {
				types = append(types, g.Struct(addr))
			}
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			cu := NewCompileUnit("ptxabi", LangCPlusPlus, "random.cu", "/src")
			ty := &Types{Sizes: LayoutSizes(l), Parent: cu}
			var globals strings.Builder
			src := g.Source()
			var names []string
			for _, s := range types {
				d, err := ty.TypeDIE(s)
				if err != nil {
					t.Fatalf("%s: %v\n%s", s.Tag, err, g.StructSource(s))
				}
				size, _ := l.Sizeof(s)
				align, _ := l.Alignof(s)
				name := "g_" + s.Tag
				names = append(names, name)
				fmt.Fprintf(&globals, ".visible .global .align %d .b8 %s[%d];\n", align, name, size)
				cu.AddChild(NewVariable(TagVariable, name, d, AddrLoc(name, 0, addr/8), AddrGlobalSpace)).
					Add(AttrExternal, FormFlag, uint64(1))
				keyword := "struct"
				if s.Union {
					keyword = "union"
				}
				src += fmt.Sprintf("__device__ %s %s %s;\n", keyword, s.Tag, name)
			}
			src += "__global__ void k(int *p) { *p = 1; }\n"
			cu.AddChild(NewSubprogram("k", "", nil, true, "func_begin0", "func_end0", 0))
			u := &Unit{AddressSize: addr / 8, Root: cu}
			secs, err := u.Sections()
			if err != nil {
				t.Fatal(err)
			}
			ptx := fmt.Sprintf(".version 7.0\n.target sm_52, debug\n.address_size %d\n\n.file 1 \"random.cu\"\n%s\n"+
				".visible .entry k()\n{\n\t.loc 1 1 1\nfunc_begin0:\n\tret;\nfunc_end0:\n}\n\n%s", addr, globals.String(), Text(secs))
			checkAgainstLLVM(t, fmt.Sprintf("random%d.ptx", addr), ptx, true)

			got, want := shapesVsNVCC(t, secs, src, addr)
			bad := 0
			for i, name := range names {
				if got[name] != want[name] {
					if bad++; bad <= 5 {
						t.Errorf("-m%d %s:\n ours %s\nnvcc %s\n%s", addr, name, got[name], want[name], g.StructSource(types[i]))
					}
				}
			}
			t.Logf("seed %d -m%d: %d of %d random types' DIEs agree with nvcc -G and pass llvm-dwarfdump-14 --verify", *randomSeed, addr, len(names)-bad, len(names))
		})
	}
}
