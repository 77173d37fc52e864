package main

import (
	"bytes"
	"fmt"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

var mangleCmd = &command{
	Name:  "mangle",
	Usage: "[-m32|-m64] [-arch sm_XX] [-I DIR] [-D NAME[=VALUE]] [-U NAME] FILE [NAME...]",
	Short: "print the mangled names of the functions of a C/CUDA file (guide §7)",
	Long: `Mangle prints the symbol of each function that FILE, a C or CUDA C++
source or header, declares: its Itanium C++ ABI mangled name (guide chapter
7), or its plain name when it is extern "C". With NAME arguments it prints
only the functions of those names (as declared: foo, or ns::foo for one in
a namespace; every overload of the name); without, every function FILE
itself declares (not its system headers), host functions included: the host
compiler mangles them by the same rules.

Each line is the symbol, a tab and the function's source signature in the
form c++filt prints (the function's qualified name and its parameter
types), in the order of the declarations in FILE:

	_Z3fooii	foo(int, int)
	_ZN3geo4areaERKNS_5ShapeEf	geo::area(geo::Shape const&, float)
	process	process(geo::Shape*, Buffer, Pair, int)

so that 'cut -f1' gives the symbols. The mangling does not depend on the
target, but the types do (-D, -m32: int64_t is long or long long).

A function with internal linkage (static, or in an unnamed namespace) gets
its plain Itanium name, an unnamed namespace being _GLOBAL__N_1 as in GCC:
nvcc puts such a function in a namespace of its own that depends on the
file (_ZN..._INTERNAL_...), and GCC writes a static one's name as _ZL...;
neither is reproduced.

The flags are:

	-m32, -m64   address size (default 64)
	-arch sm_XX  target architecture (sets __CUDA_ARCH__)
` + cppFlagsHelp + `
Errors in FILE, a NAME that FILE does not declare, and functions that have
no mangled name are reported with exit status 1 and nothing on standard
output.
`,
	Run: runMangle,
}

func runMangle(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	cf := newCSourceFlags(fs)
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	src, st := cf.load(c, fs)
	if src == nil {
		return st
	}
	tgt, f, fset, file := src.target, src.file, src.fset, src.name
	funcs := f.Funcs
	if names := fs.Args()[1:]; len(names) > 0 {
		want := map[string]bool{}
		for _, n := range names {
			want[n] = true
		}
		found := map[string]bool{}
		funcs = nil
		for _, fd := range f.Funcs {
			for _, n := range []string{fd.Name, fd.QualifiedName()} {
				if want[n] {
					found[n] = true
					funcs = append(funcs, fd)
					break
				}
			}
		}
		missing := false
		for _, n := range names {
			if !found[n] {
				c.errorf("%s declares no function named %s", file, n)
				missing = true
			}
		}
		if missing {
			return exitError
		}
	}
	var out bytes.Buffer
	failed := false
	for _, fd := range funcs {
		sym, err := mangle.Name(fd, tgt)
		if err != nil {
			fmt.Fprintln(c.stderr, positioned(fset, fd.Pos, err))
			failed = true
			continue
		}
		fmt.Fprintf(&out, "%s\t%s\n", sym, signature(fd, tgt))
	}
	if failed {
		return exitError
	}
	c.stdout.Write(out.Bytes())
	return exitOK
}

// signature is the source form of fd's qualified name and parameter types
// as c++filt prints its mangled name: "geo::area(geo::Shape const&,
// float)". An extern "C" function, which has no mangled name, gets the one
// it would have in C++.
func signature(fd *ctypes.FuncDecl, tgt target.Target) string {
	cxx := *fd
	cxx.ExternC = false
	if sym, err := mangle.Name(&cxx, tgt); err == nil {
		if s, err := mangle.Demangle(sym); err == nil {
			return s
		}
	}
	return fd.QualifiedName()
}
