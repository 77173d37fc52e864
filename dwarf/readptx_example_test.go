package dwarf_test

import (
	"fmt"

	"github.com/ptxabi/ptxabi/dwarf"
)

// Write the debug information of __device__ int foo(int i) as PTX .section
// blocks (guide §5.1), then read it back from the PTX text, as ptxabi dwarf
// does with nvcc -G's output.
func ExampleReadPTX() {
	cu := dwarf.NewCompileUnit("example", dwarf.LangCPlusPlus, "foo.cu", "/src")
	intT := dwarf.NewDIE(dwarf.TagBaseType).
		Add(dwarf.AttrName, dwarf.FormString, "int").
		Add(dwarf.AttrEncoding, dwarf.FormData1, uint64(dwarf.EncSigned)).
		Add(dwarf.AttrByteSize, dwarf.FormData1, uint64(4))
	foo := dwarf.NewSubprogram("foo", "_Z3fooi", intT, true, "$L__func_begin0", "$L__func_end0", 0)
	r1, err := dwarf.RegLoc("%r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	foo.AddChild(dwarf.NewVariable(dwarf.TagFormalParameter, "i", intT, r1, dwarf.AddrRegSpace))
	cu.AddChild(intT)
	cu.AddChild(foo)
	secs, err := (&dwarf.Unit{AddressSize: 8, Root: cu}).Sections()
	if err != nil {
		fmt.Println(err)
		return
	}
	ptx := ".version 7.8\n.target sm_52, debug\n.address_size 64\n\n" + dwarf.Text(secs)

	units, err := dwarf.ReadPTX("foo.ptx", []byte(ptx))
	if err != nil {
		fmt.Println(err)
		return
	}
	units[0].Root.Walk(func(d *dwarf.DIE, depth int) {
		fmt.Printf("%*s%s", 2*depth, "", d.Tag)
		if name := d.Attr(dwarf.AttrName); name != nil {
			fmt.Printf(" %q", name)
		}
		if loc, ok := d.Attr(dwarf.AttrLocation).(dwarf.Block); ok {
			fmt.Printf(" at %s", dwarf.FormatExpr(loc, 8))
		}
		if class := d.Attr(dwarf.AttrAddressClass); class != nil {
			fmt.Printf(" (%s)", dwarf.AddrClass(class.(uint64)))
		}
		fmt.Println()
	})
	// Output:
	// DW_TAG_compile_unit "foo.cu"
	//   DW_TAG_base_type "int"
	//   DW_TAG_subprogram "foo"
	//     DW_TAG_formal_parameter "i" at DW_OP_regx 0x257231 (%r1) (ADDR_reg_space)
}
