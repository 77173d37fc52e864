package main

import (
	"bytes"
	"io"
	"os"

	"github.com/ptxabi/ptxabi/internal/bigmem"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

var fmtCmd = &command{
	Name:  "fmt",
	Usage: "[-w] [-l] [FILE...]",
	Short: "print PTX files in the canonical format",
	Long: `Fmt parses each PTX FILE and prints it in the one canonical format of
package ptx/printer: module directives at the left margin, a blank line
around functions and sections, one statement per line indented by a tab
per scope, labels at the left margin. Comments are kept; literals are
printed as written, so ptxas makes the same code of the formatted file.

The flags are:

	-w	write the result back to the file (through a temporary file and
		a rename) instead of to standard output
	-l	list the files whose formatting differs from the canonical one

With no FILE, fmt formats standard input to standard output (-w needs
files). A file that does not parse is reported with its positioned
errors, is never rewritten, and makes fmt exit with status 1.
`,
	Run: runFmt,
}

// stdinName names standard input in fmt's messages, as gofmt does.
const stdinName = "<standard input>"

func runFmt(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	write := fs.Bool("w", false, "write the result to the file instead of standard output")
	list := fs.Bool("l", false, "list files whose formatting differs")
	if ok, status := c.parseFlags(fs, args); !ok {
		return status
	}
	names, fromStdin := fs.Args(), fs.NArg() == 0
	if fromStdin {
		if *write {
			return c.usageError("cannot use -w with standard input")
		}
		names = []string{stdinName}
	}
	status := exitOK
	for _, name := range names {
		var src []byte
		var err error
		if fromStdin {
			src, err = io.ReadAll(c.stdin)
		} else {
			// A big file and its output are held in huge pages where
			// the system has them (internal/bigmem).
			src, err = bigmem.ReadFile(name, 0)
		}
		if err != nil {
			c.errorf("%v", err)
			status = exitError
			continue
		}
		dst := bigmem.Alloc(len(src) + len(src)/8)
		out, err := printer.AppendFormat(dst[:0], name, src)
		if err != nil {
			c.stderr.Write([]byte(err.Error() + "\n"))
			status = exitError
			bigmem.Free(dst)
			bigmem.Free(src)
			continue
		}
		changed := !bytes.Equal(src, out)
		if *list && changed {
			c.stdout.Write([]byte(name + "\n"))
		}
		if *write {
			if changed {
				perm := os.FileMode(0o666)
				if st, err := os.Stat(name); err == nil {
					perm = st.Mode().Perm()
				}
				if err := writeFileAtomic(name, out, perm); err != nil {
					c.errorf("%v", err)
					status = exitError
				}
			}
		} else if !*list {
			c.stdout.Write(out)
		}
		bigmem.Free(dst)
		bigmem.Free(src)
	}
	return status
}
