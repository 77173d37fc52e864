package main

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/emu"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

var runCmd = &command{
	Name:  "run",
	Usage: "-kernel NAME -grid X[,Y[,Z]] -block X[,Y[,Z]] [-shared BYTES] [-arg SPEC]... [-local-fill BYTE] [-o DIR] [-json] FILE.ptx...",
	Short: "execute a PTX kernel on the CPU, with printf, malloc and assert (guide §3)",
	Long: `Run loads the PTX files, links them as nvlink does (an .extern .func or
variable resolves to one .visible definition; vprintf, malloc, free and
__assertfail are provided as the CUDA driver provides them, guide §3),
and launches the kernel NAME over the grid and block given.

Each -arg is the kernel's next parameter, in order:

	s8:V u8:V s16:V u16:V s32:V u32:V s64:V u64:V f32:V f64:V
	                a scalar; V in C syntax (-3, 0x10, 1.5)
	file:PATH       a global buffer holding the file's bytes; the
	                parameter receives its address
	zero:N          a global buffer of N zero bytes
	bytes:HEX       an aggregate parameter's bytes

After a launch that succeeds, with -o DIR, buffer argument K (its
position among all -args, from 0) is written to DIR/argK.bin (DIR is
created if needed). What the kernel prints goes
to standard output, in block order and within a block in thread order.
A fault (an out-of-bounds, misaligned, null or freed access, trap, a
deadlock at a barrier, the step limit) or a failed assert is reported on
standard error with the PTX position, block and thread, and the exit
status is 1; a PTX file that does not load also exits 1, a bad command
line 2. -json prints a summary as the last line of standard output:
{"instructions": thread-instructions executed, "warp_instructions":
decoded instructions executed, "kinds": thread-instructions by opcode,
"wall_seconds": the launch's wall time}.

-local-fill BYTE fills a function's local memory with BYTE on entry
(default 0). On a GPU it holds whatever was there; a nonzero byte makes a
read of local memory the program never wrote show in its results.
-heap sets the device heap malloc uses (default 8 MiB); -steps the
number of instructions a warp may execute (default 1e9); -procs the
number of blocks run at once (default: the number of CPUs). The results
of a kernel without races do not depend on -procs; where blocks race
(the order of atomics across blocks, say), -procs 1 makes runs repeat.
`,
	Run: runRun,
}

type argList []string

func (a *argList) String() string     { return strings.Join(*a, " ") }
func (a *argList) Set(s string) error { *a = append(*a, s); return nil }

func parseDims(s string) ([3]int, error) {
	var d [3]int
	parts := strings.Split(s, ",")
	if len(parts) > 3 || s == "" {
		return d, fmt.Errorf("%q: expected X[,Y[,Z]]", s)
	}
	for i := range 3 {
		d[i] = 1
	}
	for i, p := range parts {
		n, err := strconv.ParseInt(strings.TrimSpace(p), 0, 64)
		if err != nil || n < 1 || n > math.MaxInt32 {
			return d, fmt.Errorf("%q: expected positive integers X[,Y[,Z]]", s)
		}
		d[i] = int(n)
	}
	return d, nil
}

func runRun(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	kernel := fs.String("kernel", "", "the kernel (.entry) to launch")
	gridS := fs.String("grid", "1", "grid dimensions X[,Y[,Z]]")
	blockS := fs.String("block", "1", "block dimensions X[,Y[,Z]]")
	shared := fs.Int("shared", 0, "dynamic shared memory in bytes")
	outDir := fs.String("o", "", "directory for the buffer arguments after the launch")
	asJSON := fs.Bool("json", false, "print a summary after the output")
	heap := fs.Int64("heap", 8<<20, "device heap size in bytes for malloc")
	steps := fs.Int64("steps", 1e9, "instructions a warp may execute before the launch fails")
	procs := fs.Int("procs", 0, "blocks run at once (0: the number of CPUs)")
	localFill := fs.Uint("local-fill", 0, "the `BYTE` a function's local memory holds on entry")
	var specs argList
	fs.Var(&specs, "arg", "the next kernel parameter: KIND:VALUE (repeatable)")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	if *kernel == "" {
		return c.usageError("-kernel is required")
	}
	if fs.NArg() == 0 {
		return c.usageError("no PTX files")
	}
	grid, err := parseDims(*gridS)
	if err != nil {
		return c.usageError("-grid %v", err)
	}
	block, err := parseDims(*blockS)
	if err != nil {
		return c.usageError("-block %v", err)
	}
	if *localFill > 255 {
		return c.usageError("-local-fill %d: expected a byte (0 to 255)", *localFill)
	}
	if *shared < 0 || *heap < 0 || *steps <= 0 {
		return c.usageError("-shared, -heap and -steps must not be negative")
	}
	var kargs []emu.Arg
	for _, s := range specs {
		a, err := emu.ParseArg(s)
		if err != nil {
			return c.usageError("-arg %v", err)
		}
		kargs = append(kargs, a)
	}
	addrs := make([]uint64, len(kargs))
	fset := token.NewFileSet()
	var mods []*ast.Module
	for _, name := range fs.Args() {
		src, err := os.ReadFile(name)
		if err != nil {
			c.errorf("%v", err)
			return exitError
		}
		m, err := parser.ParseFile(fset, name, src)
		if err != nil {
			c.errorf("%v", err)
			return exitError
		}
		mods = append(mods, m)
	}
	m, err := emu.Load(fset, mods, emu.Options{HeapSize: *heap, StepLimit: *steps, Procs: *procs, LocalFill: byte(*localFill)})
	if err != nil {
		c.errorf("%v", err)
		return exitError
	}
	params, err := m.Kernel(*kernel)
	if err != nil {
		c.errorf("%v", err)
		return exitError
	}
	if len(params) != len(kargs) {
		return c.usageError("kernel %s has %d parameters, %d -arg given", *kernel, len(params), len(kargs))
	}
	ptr := m.AddressSize() / 8
	var launchArgs [][]byte
	for i, a := range kargs {
		if a.IsBuffer {
			addr, err := m.Alloc(len(a.Buffer))
			if err == nil {
				err = m.Write(addr, a.Buffer)
			}
			if err != nil {
				c.errorf("-arg %s: %v", specs[i], err)
				return exitError
			}
			addrs[i] = addr
			b := make([]byte, 8)
			binary.LittleEndian.PutUint64(b, addr)
			a.Scalar = b[:ptr]
		}
		if len(a.Scalar) != params[i].Size {
			return c.usageError("-arg %s: parameter %d (%s) is %d bytes, the argument %d", specs[i], i, params[i].Name, params[i].Size, len(a.Scalar))
		}
		launchArgs = append(launchArgs, a.Scalar)
	}
	res, err := m.Launch(emu.Launch{Kernel: *kernel, Grid: grid, Block: block, Shared: *shared, Args: launchArgs})
	if res != nil {
		c.stdout.Write(res.Output)
	}
	if err != nil {
		var f *emu.Fault
		if errors.As(err, &f) && f.Assert {
			fmt.Fprintln(c.stderr, f.Msg)
			c.errorf("launch failed: device-side assert triggered")
			return exitError
		}
		c.errorf("%v", err)
		return exitError
	}
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o777); err != nil {
			c.errorf("%v", err)
			return exitError
		}
		for i, a := range kargs {
			if !a.IsBuffer {
				continue
			}
			b, err := m.Read(addrs[i], len(a.Buffer))
			if err == nil {
				err = writeFileAtomic(filepath.Join(*outDir, fmt.Sprintf("arg%d.bin", i)), b, 0o666)
			}
			if err != nil {
				c.errorf("%v", err)
				return exitError
			}
		}
	}
	if *asJSON {
		kinds := make([]string, 0, len(res.Kinds))
		for k := range res.Kinds {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		type summary struct {
			Instructions     int64            `json:"instructions"`
			WarpInstructions int64            `json:"warp_instructions"`
			Kinds            map[string]int64 `json:"kinds"`
			WallSeconds      float64          `json:"wall_seconds"`
		}
		b, _ := json.Marshal(summary{res.Instructions, res.WarpInstructions, res.Kinds, res.Wall.Seconds()})
		fmt.Fprintf(c.stdout, "%s\n", b)
	}
	return exitOK
}
