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
	"runtime/debug"
)

func main() {
	// A run is short and its heap small: collecting less often saves
	// ptxabi cc about a fifth of its CPU time (issue 15). GOGC, when
	// set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
