package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"math"
	"os"
	"runtime/debug"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

var vetCmd = &command{
	Name:  "vet",
	Usage: "[-checks a,b] [-json] [-list] FILE...",
	Short: "check PTX files against the PTX ABI",
	Long: `Vet checks PTX files, from any producer, against the PTX ABI: PTX ISA
version and target, parameter types (guide §2.3), system call prototypes and
vprintf buffers (§3), call sites against their callees, atomics (§4) and
debug information (§5). Every diagnostic is a fact about the input, printed
as

	file:line:col: message [check]

sorted by file and position. The files are checked together as one
program, as nvlink would link them: an .extern declaration in one is
checked against the definition in another. They are read and checked in
parallel.

-checks runs only the named checks (comma-separated); -list prints the
checks with their documentation; -json prints the diagnostics as

	[{"posn": "file:line:col", "end": "file:line:col", "check": NAME,
	  "message": TEXT, "related": [{"posn": ..., "message": ...}]}]

The exit status is 0 when there is no diagnostic, 1 when there are some,
and 2 for a bad command line or a file that cannot be read or parsed
(syntax errors are printed, each at its file:line:col).
`,
	Run: runVet,
}

func runVet(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	checks := fs.String("checks", "", "run only these `checks` (comma-separated)")
	jsonOut := fs.Bool("json", false, "print the diagnostics as JSON")
	list := fs.Bool("list", false, "list the checks and their documentation")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	analyzers := all.Analyzers
	if *checks != "" {
		analyzers = nil
		for _, name := range strings.Split(*checks, ",") {
			a := findAnalyzer(strings.TrimSpace(name))
			if a == nil {
				return c.usageError("unknown check %q (ptxabi vet -list lists them)", name)
			}
			analyzers = append(analyzers, a)
		}
	}
	if *list {
		if fs.NArg() > 0 {
			return c.usageError("-list takes no files")
		}
		for i, a := range analyzers {
			if i > 0 {
				fmt.Fprintln(c.stdout)
			}
			fmt.Fprintf(c.stdout, "%s: %s\n", a.Name, strings.TrimRight(a.Doc, "\n"))
		}
		return exitOK
	}
	if fs.NArg() == 0 {
		return c.usageError("want at least one FILE")
	}
	fset := token.NewFileSet()
	mods, err := vet.LoadFiles(fset, fs.Args())
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return exitUsage
	}
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// vet's heap is mostly what it keeps of the files, and a big
		// file is checked a declaration at a time: main's GOGC=400 alone
		// would let its peak memory grow to some 8 times a big file's
		// size; with this limit the collector runs where the heap nears
		// it instead, less often than at the default pace.
		// GOGC or GOMEMLIMIT, when set, decide.
		debug.SetMemoryLimit(vetMemoryLimit(mods))
	}
	diags, err := vet.Run(fset, mods, analyzers)
	if el := (parser.ErrorList)(nil); errors.As(err, &el) {
		// Syntax errors that Run found parsing a big file's parts.
		fmt.Fprintln(c.stderr, err)
		return exitUsage
	} else if err != nil {
		c.errorf("%v", err)
		return exitUsage
	}
	if *jsonOut {
		type related struct {
			Posn    string `json:"posn"`
			Message string `json:"message"`
		}
		type diag struct {
			Posn    string    `json:"posn"`
			End     string    `json:"end,omitempty"`
			Check   string    `json:"check"`
			Message string    `json:"message"`
			Related []related `json:"related,omitempty"`
		}
		out := []diag{}
		for _, d := range diags {
			x := diag{Posn: fset.Position(d.Pos).String(), Check: d.Category, Message: d.Message}
			if d.End.IsValid() {
				x.End = fset.Position(d.End).String()
			}
			for _, r := range d.Related {
				x.Related = append(x.Related, related{fset.Position(r.Pos).String(), r.Message})
			}
			out = append(out, x)
		}
		b, _ := json.MarshalIndent(out, "", "\t")
		fmt.Fprintf(c.stdout, "%s\n", b)
	} else {
		for _, d := range diags {
			fmt.Fprintf(c.stdout, "%s: %s [%s]\n", fset.Position(d.Pos), d.Message, d.Category)
			for _, r := range d.Related {
				fmt.Fprintf(c.stdout, "\t%s: %s\n", fset.Position(r.Pos), r.Message)
			}
		}
	}
	if len(diags) > 0 {
		return exitError
	}
	return exitOK
}

// vetMemoryLimit is the soft limit on vet's memory (debug.SetMemoryLimit)
// for the modules mods: 2.5 times the size of the files it checks in
// parts, 20 times that of the files it checks whole, and at least 16 MiB.
// What vet keeps of a file checked in parts (its skeleton, and the data
// of the DWARF sections while the debuginfo check reads them) is about
// 1.3 times the file at most, and the garbage collector's default pace
// would let the heap grow to twice that; the tree of a file checked whole
// is some 10 times the file. The limit bounds the garbage the heap may
// hold, not what is in use: the collector runs more often near it.
func vetMemoryLimit(mods []*vet.Module) int64 {
	var inParts, whole int64
	for _, m := range mods {
		info, err := os.Stat(m.Filename)
		if err != nil {
			return math.MaxInt64
		}
		if m.Parts() > 1 {
			inParts += info.Size()
		} else {
			whole += info.Size()
		}
	}
	return max(16<<20, inParts*5/2+whole*20)
}

func findAnalyzer(name string) *vet.Analyzer {
	for _, a := range all.Analyzers {
		if a.Name == name {
			return a
		}
	}
	return nil
}
