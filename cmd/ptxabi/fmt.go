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
		if !formatFile(c, name, fromStdin, *write, *list) {
			status = exitError
		}
	}
	return status
}

// formatFile formats one file as runFmt says, and reports whether it
// could.
func formatFile(c *cmdEnv, name string, fromStdin, write, list bool) bool {
	var src []byte
	var err error
	if fromStdin {
		src, err = io.ReadAll(c.stdin)
	} else {
		// A big file is mapped, not copied, and its output is held in
		// huge pages where the system has them (internal/bigmem).
		src, err = bigmem.MapFile(name)
	}
	if err != nil {
		c.errorf("%v", err)
		return false
	}
	defer bigmem.Free(src)
	dst := bigmem.Alloc(len(src) + len(src)/8)
	defer bigmem.Free(dst)
	// The output comes in pieces, in order, while the next are formatted
	// (printer.FormatPieces). On standard output it is shown only once
	// the whole file has parsed, as a file with errors shows nothing. -l
	// and -w compare each piece with the text it follows as it comes; -w
	// writes a regular file's temporary file from the first piece that
	// differs on, while the next are formatted, and removes it if the file
	// turns out not to parse.
	var pieces [][]byte
	same, at := true, 0
	stream := false
	if write {
		st, err := os.Stat(name)
		stream = err == nil && st.Mode().IsRegular()
	}
	var tmp *atomicFile
	var werr error // of writing the temporary file
	err = printer.FormatPieces(dst[:0], name, src, func(out []byte) error {
		pieces = append(pieces, out)
		if same && (list || write) {
			same = at+len(out) <= len(src) && bytes.Equal(src[at:at+len(out)], out)
			at += len(out)
		}
		if stream && !same && werr == nil {
			if tmp == nil {
				if tmp, werr = createAtomic(name); werr == nil {
					werr = writePieces(tmp.File, pieces)
				}
			} else {
				_, werr = tmp.Write(out)
			}
			if werr != nil && tmp != nil {
				tmp.abort()
				tmp = nil
			}
		}
		return nil
	})
	if err != nil {
		if tmp != nil {
			tmp.abort()
		}
		c.stderr.Write([]byte(err.Error() + "\n"))
		return false
	}
	changed := !same || at != len(src)
	if list && changed {
		c.stdout.Write([]byte(name + "\n"))
	}
	if write {
		if changed {
			perm := os.FileMode(0o666)
			if st, err := os.Stat(name); err == nil {
				perm = st.Mode().Perm()
			}
			switch {
			case werr != nil:
				err = werr
			case tmp != nil:
				err = tmp.commit(perm)
			default:
				err = writePiecesAtomic(name, pieces, perm)
			}
			if err != nil {
				c.errorf("%v", err)
				return false
			}
		}
	} else if !list {
		for _, out := range pieces {
			c.stdout.Write(out)
		}
	}
	return true
}
