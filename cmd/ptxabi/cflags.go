package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/pp"
)

// The preprocessor flags of the commands that read C, taken as nvcc and
// gcc take them: -D NAME[=BODY], -U NAME and -I DIR, each with its value
// separate or attached (-DNAME=BODY, -UNAME, -IDIR). splitAttached makes
// the attached forms separate before package flag sees them.

// attachedFlag is a flag.Value whose flag also takes its value attached to
// its one-letter name, as C compilers take -D, -U and -I.
type attachedFlag interface {
	flag.Value
	attached()
}

// splitAttached returns args with each attached -XVALUE of fs's
// attachedFlag flags written as -X VALUE. It reads args as package flag
// does: it stops at "--" or at the first argument that is not a flag, and
// skips the value of a flag that takes one, so that "-o -Dx" is left
// alone.
func splitAttached(fs *flag.FlagSet, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[1] != '-' && fs.Lookup(a[1:]) == nil {
			// -DNAME, -D=X (gcc's "-D =X", not package flag's "-D X").
			if f := fs.Lookup(a[1:2]); f != nil {
				if _, ok := f.Value.(attachedFlag); ok {
					out = append(out, a[:2], a[2:])
					continue
				}
			}
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if f := fs.Lookup(name); f != nil {
			out = append(out, a)
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
			continue
		}
		out = append(out, a) // package flag says what is wrong with it
	}
	return out
}

// macroFlag is -D or -U: each use appends a cfront.Macro to one list, so
// that the options apply in command-line order as gcc applies them.
type macroFlag struct {
	list  *[]cfront.Macro
	undef bool
}

func (m macroFlag) attached() {}

func (m macroFlag) String() string {
	if m.list == nil {
		return ""
	}
	var s []string
	for _, x := range *m.list {
		if x.Undef == m.undef {
			s = append(s, x.Name)
		}
	}
	return strings.Join(s, ",")
}

// Set takes NAME, NAME=BODY, NAME= (defined as empty) or, for -D,
// NAME(PARAMS)=BODY; -D NAME defines NAME as 1.
func (m macroFlag) Set(s string) error {
	name, body, hasBody := strings.Cut(s, "=")
	macro := cfront.Macro{Name: name, Body: body, Undef: m.undef}
	ident, params, _ := strings.Cut(name, "(")
	switch {
	case !isIdent(ident):
		return fmt.Errorf("macro name %q is not an identifier", ident)
	case m.undef && (hasBody || ident != name):
		return fmt.Errorf("-U takes a macro name alone")
	case ident != name && !strings.HasSuffix(params, ")"):
		return fmt.Errorf("missing ')' in the parameter list of macro %s", ident)
	}
	if !hasBody && !m.undef {
		macro.Body = "1"
	}
	*m.list = append(*m.list, macro)
	return nil
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// includeFlag is -I: each use appends a directory to the search list.
type includeFlag []string

func (f *includeFlag) attached()          {}
func (f *includeFlag) String() string     { return strings.Join(*f, ",") }
func (f *includeFlag) Set(s string) error { *f = append(*f, s); return nil }

// stdFlag is -std, the C++ dialect, with the values nvcc 11.8 takes.
type stdFlag struct{ d cfront.Dialect }

func (f *stdFlag) String() string { return f.d.String() }
func (f *stdFlag) Set(s string) error {
	d, err := pp.ParseDialect(s)
	if err != nil {
		return err
	}
	f.d = d
	return nil
}

// cppFlagsHelp documents the preprocessor flags in the help of the
// commands that read C.
const cppFlagsHelp = `	-std=c++17   the C++ dialect, as nvcc 11.8 takes it: c++03, c++11,
	             c++14 or c++17 (the default: nvcc's, the host compiler's)
	-I DIR       search DIR for #include files
	-D NAME=VAL  define a macro: -D NAME defines it as 1, -D NAME= as empty,
	             -D 'F(a,b)=VAL' a function-like macro
	-U NAME      undefine a macro, predefined ones too
	             (-D, -U and -I also take their value attached, as C
	             compilers do: -DNAME=VAL, -UNAME, -IDIR; -D and -U apply in
	             the order given)
`
