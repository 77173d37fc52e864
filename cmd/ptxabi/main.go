// Command ptxabi implements NVIDIA's PTX ABI ("PTX Writer's Guide to
// Interoperability", release 13.2) for PTX producers: it shows C type
// layouts, prints PTX prototypes, formats and checks PTX, decodes debug
// sections and lists the atomics mappings.
//
// Usage:
//
//	ptxabi <command> [arguments]
//
// Run "ptxabi help" for the list of commands.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
