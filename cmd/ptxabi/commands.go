package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
)

// A command is one subcommand of ptxabi.
type command struct {
	Name  string
	Usage string // after "ptxabi NAME "
	Short string // one line for "ptxabi help"
	Long  string // the text of "ptxabi help NAME"
	Run   func(c *cmdEnv, args []string) int
}

// commands is the table of subcommands, kept in the order of the guide's
// chapters (layout §1, proto §2.3, mangle and demangle §7, then the rest);
// "ptxabi help" lists them by name.
var commands = []*command{
	layoutCmd,
	protoCmd,
	mangleCmd,
	demangleCmd,
	fmtCmd,
	atomicsCmd,
	dwarfCmd,
	vetCmd,
	syscallsCmd,
	runCmd,
	ccCmd,
	versionCmd,
}

// Exit statuses, as the Go tools use them.
const (
	exitOK    = 0
	exitError = 1 // bad input: a file that does not parse, a failed check
	exitUsage = 2 // bad command line
)

// cmdEnv is what a command may touch: its streams. Commands never use
// os.Stdout, os.Exit or the process's flags directly, so that tests run them
// in-process.
type cmdEnv struct {
	cmd    *command
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// errorf prints "ptxabi NAME: message" to stderr.
func (c *cmdEnv) errorf(format string, args ...any) {
	fmt.Fprintf(c.stderr, "ptxabi %s: %s\n", c.cmd.Name, fmt.Sprintf(format, args...))
}

// usageError prints msg and the command's usage line, and returns exitUsage.
func (c *cmdEnv) usageError(format string, args ...any) int {
	c.errorf(format, args...)
	fmt.Fprintf(c.stderr, "usage: ptxabi %s %s\nRun 'ptxabi help %s' for details.\n", c.cmd.Name, c.cmd.Usage, c.cmd.Name)
	return exitUsage
}

// flagSet returns a FlagSet that reports errors on c's stderr.
func (c *cmdEnv) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("ptxabi "+c.cmd.Name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stderr, "usage: ptxabi %s %s\n", c.cmd.Name, c.cmd.Usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; on failure it returns the exit status to use.
//
// As nvcc and gcc do, flags may follow the operands (ptxabi cc x.cu -o
// x.ptx); "--" ends the flags, and "-" is an operand.
func (c *cmdEnv) parseFlags(fs *flag.FlagSet, args []string) (ok bool, status int) {
	args = splitAttached(fs, args)
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return false, exitOK
			}
			return false, exitUsage
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			operands = append(operands, rest...)
			break
		}
		i := 0
		for i < len(rest) && (len(rest[i]) < 2 || rest[i][0] != '-') {
			i++
		}
		operands = append(operands, rest[:i]...)
		if i == len(rest) {
			break
		}
		args = rest[i:]
	}
	if err := fs.Parse(append([]string{"--"}, operands...)); err != nil {
		return false, exitUsage
	}
	return true, 0
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		// A panic is a bug in ptxabi, never the user's fault: say so.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "ptxabi: internal error: %v\n%s", r, debug.Stack())
			status = 3
		}
	}()
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdout, stderr)
	}
	for _, cmd := range commands {
		if cmd.Name == name {
			return cmd.Run(&cmdEnv{cmd: cmd, stdin: stdin, stdout: stdout, stderr: stderr}, args[1:])
		}
	}
	fmt.Fprintf(stderr, "ptxabi %s: unknown command\n", name)
	printUsage(stderr)
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, `ptxabi implements NVIDIA's PTX ABI (PTX Writer's Guide to Interoperability).

Usage:

	ptxabi <command> [arguments]

The commands are:

`)
	names := make([]*command, len(commands))
	copy(names, commands)
	sort.SliceStable(names, func(i, j int) bool { return names[i].Name < names[j].Name })
	for _, c := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", c.Name, c.Short)
	}
	fmt.Fprint(w, "\nUse \"ptxabi help <command>\" for more information about a command.\n")
}

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stdout)
		return exitOK
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "usage: ptxabi help command\n\nToo many arguments given.\n")
		return exitUsage
	}
	for _, c := range commands {
		if c.Name == args[0] {
			fmt.Fprintf(stdout, "usage: ptxabi %s %s\n\n%s", c.Name, c.Usage, strings.TrimLeft(c.Long, "\n"))
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "ptxabi help %s: unknown command. Run 'ptxabi help'.\n", args[0])
	return exitUsage
}

var versionCmd = &command{
	Name:  "version",
	Usage: "",
	Short: "print the ptxabi version and the guide release it implements",
	Long: `Version prints the module version of ptxabi, the Go version that built it,
and the release of the PTX Writer's Guide to Interoperability it implements.
`,
	Run: func(c *cmdEnv, args []string) int {
		if len(args) > 0 {
			return c.usageError("unexpected arguments")
		}
		v := "(devel)"
		gov := ""
		if bi, ok := debug.ReadBuildInfo(); ok {
			if bi.Main.Version != "" {
				v = bi.Main.Version
			}
			gov = bi.GoVersion
		}
		fmt.Fprintf(c.stdout, "ptxabi %s %s (PTX ABI: PTX Writer's Guide to Interoperability, release 13.2)\n", v, gov)
		return exitOK
	},
}

// writeFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that a failure never leaves a partial file.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	return writePiecesAtomic(path, [][]byte{data}, perm)
}

// writePiecesAtomic is writeFileAtomic of the concatenation of data's
// pieces, written one after the other.
func writePiecesAtomic(path string, data [][]byte, perm os.FileMode) error {
	t, err := createAtomic(path)
	if err != nil {
		return err
	}
	if err := writePieces(t.File, data); err != nil {
		t.abort()
		return err
	}
	return t.commit(perm)
}

// An atomicFile is where writeFileAtomic writes path: a temporary file in
// the same directory, which commit renames to path and abort removes; or,
// where path is a device or a pipe (-o /dev/null, -o /dev/stdout), path
// itself, written in place, as a rename would replace it with a file.
type atomicFile struct {
	*os.File
	path    string // what the temporary file replaces
	inPlace bool
}

// createAtomic starts writing path as writeFileAtomic does.
func createAtomic(path string) (*atomicFile, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &atomicFile{File: f, path: path, inPlace: true}, nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // a link keeps pointing where it did
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	return &atomicFile{File: f, path: path}, nil
}

// commit closes the file, and puts the temporary file in place of path
// with the permissions perm.
func (t *atomicFile) commit(perm os.FileMode) error {
	err := t.Close()
	if t.inPlace {
		return err
	}
	if err == nil {
		err = os.Chmod(t.Name(), perm)
	}
	if err == nil {
		err = os.Rename(t.Name(), t.path)
	}
	if err != nil {
		os.Remove(t.Name())
	}
	return err
}

// abort closes the file and removes the temporary file.
func (t *atomicFile) abort() {
	t.Close()
	if !t.inPlace {
		os.Remove(t.Name())
	}
}

// writePieces writes data's pieces to f in order.
func writePieces(f *os.File, data [][]byte) error {
	for _, d := range data {
		if _, err := f.Write(d); err != nil {
			return err
		}
	}
	return nil
}
