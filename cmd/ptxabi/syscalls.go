package main

import (
	"fmt"

	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
)

var syscallsCmd = &command{
	Name:  "syscalls",
	Usage: "[-m32|-m64]",
	Short: "print the system call prototypes (guide §3) as PTX declarations",
	Long: `Syscalls prints the prototypes of the system calls of guide §3 (vprintf,
malloc, free and __assertfail) as .extern .func declarations for the
address size that -m32 or -m64 (the default) selects: pointers and size_t
are .b32 or .b64.
`,
	Run: func(c *cmdEnv, args []string) int {
		fs := c.flagSet()
		m32 := fs.Bool("m32", false, "32-bit addresses")
		m64 := fs.Bool("m64", false, "64-bit addresses (the default)")
		if ok, st := c.parseFlags(fs, args); !ok {
			return st
		}
		if fs.NArg() > 0 {
			return c.usageError("unexpected arguments")
		}
		if *m32 && *m64 {
			return c.usageError("-m32 and -m64 are mutually exclusive")
		}
		t := target.Default
		if *m32 {
			t.AddressSize = 32
		}
		for _, p := range syscall.Prototypes(t) {
			fmt.Fprintln(c.stdout, p.Decl())
		}
		return exitOK
	},
}
