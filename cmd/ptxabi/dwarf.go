package main

import (
	"errors"
	"fmt"
	iofs "io/fs"

	"github.com/ptxabi/ptxabi/dwarf"
)

var dwarfCmd = &command{
	Name:  "dwarf",
	Usage: "[-json] FILE.ptx",
	Short: "decode the DWARF debug sections of a PTX file (guide §5)",
	Long: `Dwarf decodes the .debug_info and .debug_abbrev sections that a PTX
producer embeds in FILE.ptx (guide chapter 5) and prints the DIE tree the
way llvm-dwarfdump --debug-info prints it: one DIE per paragraph with its
offset in .debug_info and its tag, then its attributes, children indented,
NULL where the children end. Label references stay symbolic
(DW_AT_low_pc (func_begin0), DW_AT_stmt_list (.debug_line)), register
locations show the PTX register (DW_OP_regx 0x257231 (%r1)), and
DW_AT_address_class shows the CUDA address class of guide §5.2 by name
(ADDR_reg_space).

With -json it prints instead

	{"units": [{"offset": N, "length": N, "version": N,
	            "abbrev_offset": N, "address_size": N, "die": DIE}]}

where a DIE is

	{"offset": N, "tag": "DW_TAG_...",
	 "attributes": [{"name": "DW_AT_...", "form": "DW_FORM_...",
	                 "value": V, "text": "the value as the text output shows it"}],
	 "children": [DIE, ...]}

and V is a number, a string, {"label": NAME, "offset": N} for a label
reference (with "sub": NAME for a label difference NAME-SUB), {"ref": N}
for a reference to the DIE at offset N, {"block": [...]} for a block
(bytes as numbers, labels as objects), or null for DW_FORM_flag_present. Offsets are in bytes from the start of .debug_info.

FILE is read with the PTX parser of ptxabi fmt: a syntax error anywhere in
it is an error at its file:line:col, as is a malformed section, at the
datum where decoding failed (or at the section, when it is empty or
missing). The exit status is then 1.
`,
	Run: runDwarf,
}

func runDwarf(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	jsonOut := fs.Bool("json", false, "print the DIE tree as JSON")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() != 1 {
		return c.usageError("want one FILE.ptx")
	}
	file := fs.Arg(0)
	units, err := dwarf.ReadPTXFile(file)
	var pathErr *iofs.PathError
	if errors.As(err, &pathErr) {
		c.errorf("%v", err)
		return exitError
	}
	if err != nil {
		// Positioned errors, one per line, as ptxabi fmt prints them.
		fmt.Fprintln(c.stderr, err)
		return exitError
	}
	if *jsonOut {
		err = dwarf.JSON(c.stdout, units)
	} else {
		err = dwarf.Dump(c.stdout, units)
	}
	if err != nil {
		c.errorf("%v", err)
		return exitError
	}
	return exitOK
}
