package main

var layoutCmd = &command{
	Name:  "layout",
	Usage: "[-m32|-m64] [-json] [-svg DIR] FILE [TYPE...]",
	Short: "show the size, alignment and member offsets of C types (guide §1)",
	Long: `Layout prints the memory layout of the structs, unions and other types
declared in FILE, a C or CUDA C++ source or header.
`,
	Run: func(c *cmdEnv, args []string) int {
		return c.usageError("not implemented yet")
	},
}
