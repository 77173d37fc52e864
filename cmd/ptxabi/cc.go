package main

import (
	"fmt"
	"os"

	"github.com/ptxabi/ptxabi/cc"
)

// ccHeapPerByte is about how many bytes a compilation's heap grows by for
// a byte of its source file (a file of 300 kernels: 98 KB and 30 MB).
const ccHeapPerByte = 300

var ccCmd = &command{
	Name:  "cc",
	Usage: "[-g|-lineinfo] [-m32|-m64] [-arch sm_XX] [-O0..-O3] [-std=c++NN] [-D NAME[=VAL]] [-U NAME] [-I DIR] [-rdc[=true|false]] [-fmad=true|false] [-o FILE] FILE.cu",
	Short: "compile CUDA device code to PTX, as nvcc -ptx does (guide §2-§6)",
	Long: `Cc compiles the device code of FILE.cu (its __global__ and __device__
functions and device variables) to a PTX module, as nvcc -ptx does: kernels
and functions declared and called per the ABI of guide §2.3, names mangled
as nvcc mangles them (extern "C" ones unmangled), printf, malloc, free and
assert through the system calls of chapter 3, atomics as chapter 4 maps
them. Host code is parsed, never compiled.

	-g           write .file/.loc and the DWARF sections (guide §5):
	             subprograms, parameters and locals with their locations
	-lineinfo    write .file/.loc only
	-m32, -m64   the address size (default -m64)
	-arch sm_XX  the target architecture (default sm_52); .version is 7.8,
	             as nvcc 11.8 writes it (or what -arch needs)
	-O0 .. -O3   the optimization level (default -O3, nvcc's; with -g, -O0, as
	             nvcc -G compiles device code)
	-rdc         compile for separate linking (nvcc -rdc=true): device
	             functions with external linkage are .visible and kept
	-fmad=false  write floating-point add, sub and mul with .rn, so that
	             ptxas does not fuse them into fma (default true: ptxas may,
	             as with nvcc's default)
	-o FILE      write the PTX to FILE (through a temporary file and a
	             rename) instead of standard output
` + cppFlagsHelp + `
Input that cc cannot compile is an error naming the construct at its
position (FILE:LINE:COL), exit status 1; a bad command line exits 2.
`,
	Run: runCC,
}

func runCC(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	cf := newCSourceFlags(fs)
	debug := fs.Bool("g", false, "write .file/.loc and the DWARF sections")
	lineinfo := fs.Bool("lineinfo", false, "write .file/.loc only")
	var opt [4]*bool
	for i := range opt {
		opt[i] = fs.Bool(fmt.Sprintf("O%d", i), false, fmt.Sprintf("optimization level %d", i))
	}
	rdc := fs.Bool("rdc", false, "compile for separate linking (nvcc -rdc=true)")
	fmad := fs.Bool("fmad", true, "let ptxas contract floating-point multiplies and adds into fma (nvcc -fmad)")
	out := fs.String("o", "", "write the PTX to `FILE`")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	tgt, err := cf.target()
	if err != nil {
		return c.usageError("%v", err)
	}
	if fs.NArg() != 1 {
		return c.usageError("want exactly one input file, have %d", fs.NArg())
	}
	level, n := 3, 0
	for i, o := range opt {
		if *o {
			level = i
			n++
		}
	}
	if n > 1 {
		return c.usageError("more than one -O level given")
	}
	if n == 0 && *debug {
		level = 0 // as nvcc -G: debug code is not optimized unless asked
	}
	if *debug && *lineinfo {
		return c.usageError("-g and -lineinfo are mutually exclusive")
	}
	// Headers' bodies are not counted: a guess is enough.
	grow := 0
	if st, err := os.Stat(fs.Arg(0)); err == nil && st.Mode().IsRegular() {
		grow = int(min(st.Size(), 1<<30)) * ccHeapPerByte
	}
	startHeap(128<<20, grow)
	cfg := &cc.Config{Target: tgt, Std: cf.std.d, Opt: level, Debug: *debug, LineInfo: *lineinfo, RDC: *rdc, NoContract: !*fmad,
		IncludeDirs: cf.includes, Macros: cf.macros}
	ptx, err := cc.Compile(cfg, fs.Arg(0), nil)
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return exitError
	}
	if *out == "" {
		c.stdout.Write(ptx)
		return exitOK
	}
	if err := writeFileAtomic(*out, ptx, 0o666); err != nil {
		c.errorf("%v", err)
		return exitError
	}
	return exitOK
}
