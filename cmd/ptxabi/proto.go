package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

var protoCmd = &command{
	Name:  "proto",
	Usage: "[-m32|-m64] [-arch sm_XX] [-json] [-I DIR] [-D NAME[=VALUE]] [-U NAME] FILE",
	Short: "print the PTX declarations nvcc gives the functions of a C/CUDA file (guide §2.3)",
	Long: `Proto prints the PTX declaration of every function that FILE, a C or CUDA
C++ source or header, declares or defines for the device: __device__
functions (also __host__ __device__) as .func, __global__ kernels as .entry,
inside extern "C" or not. Each declaration is the one nvcc writes (guide
§2.3, "Parameter Passing"): the symbol, mangled as guide chapter 7 says
unless the function is extern "C"; the linkage (.visible for a definition,
.weak for an inline one, .extern for a declaration only, none for static);
func_retval0 and the parameters NAME_param_N with their PTX types; .noreturn
for a device function declared noreturn that returns no value. A class
that is not trivially copyable is passed to and returned from a .func
through a hidden pointer parameter. Host-only functions have no PTX and are
left out.

The text form is nvcc's, each declaration after a comment giving the
function's source signature, with a blank line between declarations.
nvcc writes a declaration only for a function it emits: a kernel or a
non-inline device function it defines, and an inline or static one only
where it is not inlined everywhere (its address is taken). nvcc also gives
a function with internal linkage (static, or in an unnamed namespace) a
name in a namespace that depends on the file (_ZN..._INTERNAL_...); proto
prints its plain Itanium name.

The flags are:

	-m32, -m64   address size (.address_size 32 or 64; default 64)
	-arch sm_XX  target architecture (sets __CUDA_ARCH__)
	-json        print {"functions":[{"name","kind","ret","params"}]}: "name" the
	             symbol, "kind" "func" or "entry", "ret" {"ptx":TYPE} for
	             func_retval0 or null when there is none (void; a return through
	             a hidden pointer, which is then the first parameter), "params"
	             [{"ptx":TYPE},...] with hidden pointer parameters included; TYPE
	             is the .param's type without its name: ".b32", ".u64",
	             ".align 8 .b8[16]", ".u64 .ptr.global.align 16"
` + cppFlagsHelp + `
Errors in FILE, and functions that have no PTX declaration (a variadic
device function, a parameter of incomplete type, ...), are reported as
file:line:col: message, with exit status 1 and nothing on standard output.
`,
	Run: runProto,
}

// protoJSON is the -json output of ptxabi proto.
type protoJSON struct {
	Functions []abi.JSONFunc `json:"functions"`
}

func runProto(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	cf := newCSourceFlags(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() > 1 {
		return c.usageError("unexpected arguments after %s", fs.Arg(0))
	}
	src, st := cf.load(c, fs)
	if src == nil {
		return st
	}
	tgt, l, f, fset := src.target, src.layout, src.file, src.fset
	type lowered struct {
		fd   *ctypes.FuncDecl
		decl *abi.Decl
	}
	var decls []lowered
	failed := false
	for _, fd := range f.Funcs {
		if fd.Kind == ctypes.HostFunc {
			continue
		}
		d, err := lowerDecl(fd, l, tgt)
		if err != nil {
			fmt.Fprintln(c.stderr, positioned(fset, fd.Pos, err))
			failed = true
			continue
		}
		decls = append(decls, lowered{fd, d})
	}
	if failed {
		return exitError
	}
	// Build the whole output before writing any of it, so that an error
	// leaves no partial output.
	var out bytes.Buffer
	if *asJSON {
		js := protoJSON{Functions: []abi.JSONFunc{}}
		for _, ld := range decls {
			js.Functions = append(js.Functions, ld.decl.JSON())
		}
		b, err := json.Marshal(js)
		if err != nil {
			c.errorf("internal error: %v", err)
			return exitError
		}
		out.Write(b)
		out.WriteByte('\n')
	} else {
		for i, ld := range decls {
			if i > 0 {
				out.WriteByte('\n')
			}
			fmt.Fprintf(&out, "// %s\n%s\n", signature(ld.fd, tgt), ld.decl)
		}
	}
	printLayoutWarnings(c, fset, l)
	c.stdout.Write(out.Bytes())
	return exitOK
}

// lowerDecl returns the PTX declaration of a device function or kernel:
// its symbol from package mangle, its parameters from package abi.
func lowerDecl(fd *ctypes.FuncDecl, l *layout.Layouter, tgt target.Target) (*abi.Decl, error) {
	name, err := mangle.Name(fd, tgt)
	if err != nil {
		return nil, err
	}
	return abi.Lower(fd, l, name)
}

// positioned is err as "file:line:col: message": an abi.Error at its own
// position, any other error at pos.
func positioned(fset *token.FileSet, pos token.Pos, err error) string {
	var ae *abi.Error
	if errors.As(err, &ae) {
		if ae.Pos.IsValid() {
			return ae.At(fset)
		}
		err = errors.New(ae.Msg)
	}
	return position(fset, pos) + ": " + err.Error()
}
