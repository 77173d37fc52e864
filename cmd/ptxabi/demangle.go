package main

import (
	"bufio"
	"strings"

	"github.com/ptxabi/ptxabi/mangle"
)

var demangleCmd = &command{
	Name:  "demangle",
	Usage: "[NAME...]",
	Short: "demangle C++ names of device functions, as c++filt does (guide §7)",
	Long: `Demangle prints the source form of each Itanium C++ ABI mangled NAME
(guide chapter 7), one per line, in binutils c++filt's form. A NAME that is
not a mangled name is printed unchanged.

With no NAME, demangle reads standard input and copies it to standard
output with every mangled name in it demangled, as c++filt does: PTX and
the output of other tools can be piped through it.
`,
	Run: func(c *cmdEnv, args []string) int {
		fs := c.flagSet()
		if ok, status := c.parseFlags(fs, args); !ok {
			return status
		}
		if fs.NArg() > 0 {
			for _, name := range fs.Args() {
				c.stdout.Write([]byte(demangleOrKeep(name) + "\n"))
			}
			return exitOK
		}
		in := bufio.NewReader(c.stdin)
		w := bufio.NewWriter(c.stdout)
		defer w.Flush()
		for {
			line, err := in.ReadString('\n')
			if line != "" {
				w.WriteString(demangleText(line))
			}
			if err != nil {
				break
			}
		}
		return exitOK
	},
}

// demangleOrKeep demangles name, or returns it unchanged if it is not a
// mangled name.
func demangleOrKeep(name string) string {
	if s, err := mangle.Demangle(name); err == nil {
		return s
	}
	return name
}

// isSymbolByte reports whether c can be part of a symbol in text, as
// c++filt splits it.
func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$'
}

// demangleText replaces each mangled name in text with its demangling.
func demangleText(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if !isSymbolByte(text[i]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && isSymbolByte(text[j]) {
			j++
		}
		b.WriteString(demangleOrKeep(text[i:j]))
		i = j
	}
	return b.String()
}
