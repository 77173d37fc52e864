package target_test

import (
	"flag"
	"fmt"

	"github.com/ptxabi/ptxabi/target"
)

// A target for sm_90 with 64-bit addresses: its module directives, and the
// PTX ISA version it needs at least.
func ExampleTarget() {
	sm, err := target.ParseArch("sm_90")
	if err != nil {
		fmt.Println(err)
		return
	}
	t := target.Target{AddressSize: 64, SM: sm, PTX: target.MinPTX(sm)}
	if err := t.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf(".version %s\n.target %s\n.address_size %d\n", t.PTX, t.Arch(), t.AddressSize)
	fmt.Println("pointer size:", t.PointerSize())
	// Output:
	// .version 7.8
	// .target sm_90
	// .address_size 64
	// pointer size: 8
}

// Flags gives a command the -m32, -m64, -arch and -ptx flags that every
// ptxabi subcommand shares.
func ExampleFlags() {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	tf := target.Flags(fs)
	if err := fs.Parse([]string{"-m32", "-arch", "sm_70"}); err != nil {
		fmt.Println(err)
		return
	}
	t, err := tf()
	fmt.Println(t.Arch(), t.AddressSize, t.PTX, err)
	// Output:
	// sm_70 32 7.8 <nil>
}
