// Package passes holds the optimization passes over package ir's SSA form
// and the pipeline that runs them: a table of passes (name, function,
// whether required, from which -O level), each pass in its own file, with
// the SSA checker run after every pass when asked (as tests do) and the
// function dumped after any named pass.
package passes

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ptxabi/ptxabi/ir"
)

// Pass is one pass of the pipeline.
type Pass struct {
	Name string
	Run  func(*ir.Func)
	// Required passes run at every -O level; the others from MinOpt up.
	Required bool
	MinOpt   int
	// Disabled passes are skipped (for bisecting a miscompilation).
	Disabled bool
}

// Pipeline is the passes in order. mem2reg is required: instruction
// selection reads SSA values, and a front end writes locals to memory.
var Pipeline = []*Pass{
	{Name: "promotecalls", Run: PromoteCalls, MinOpt: 1},
	{Name: "inline", Run: Inline, MinOpt: 1},
	{Name: "aggcall", Run: AggCalls, MinOpt: 1},
	{Name: "sroa", Run: SROA, MinOpt: 1},
	{Name: "mem2reg", Run: Mem2Reg, Required: true},
	{Name: "sccp", Run: SCCP, MinOpt: 1},
	{Name: "dce", Run: DCE, MinOpt: 1},
	{Name: "simplify", Run: SimplifyCFG, MinOpt: 1},
	// Recursion that nvcc makes a loop, before the callers inline it.
	{Name: "tailrec", Run: TailRec, MinOpt: 1},
	{Name: "addrspace", Run: AddrSpace, MinOpt: 1},
	{Name: "cse", Run: CSE, MinOpt: 1},
	// What both arms of an if-else compute alike, computed once.
	{Name: "hoist", Run: HoistCommon, MinOpt: 1},
	// Small if-elses that only compute values: selects.
	{Name: "ifconvert", Run: IfConvert, MinOpt: 1},
	// Loops indexing local arrays unrolled, and SROA again, now that
	// offsets are constants and addresses of locals stored in locals
	// promoted: what they reach splits and promotes.
	{Name: "unroll", Run: Unroll, MinOpt: 1},
	{Name: "sccp", Run: SCCP, MinOpt: 1},
	// Small local arrays read at a variable index: selects over their
	// elements, so that SROA keeps them in registers too.
	{Name: "dynindex", Run: DynIndex, MinOpt: 1},
	// Loads of what a store just wrote, and stores nothing reads.
	{Name: "localstores", Run: LocalStores, MinOpt: 1},
	{Name: "sroa", Run: SROA, MinOpt: 1},
	{Name: "mem2reg", Run: Mem2Reg, MinOpt: 1},
	// Once more, for the loops whose bounds those promoted (a range-for
	// over a struct's begin() and end()).
	{Name: "unrollagain", Run: UnrollAgain, MinOpt: 1},
	{Name: "sroa", Run: SROA, MinOpt: 1},
	{Name: "mem2reg", Run: Mem2Reg, MinOpt: 1},
	{Name: "licm", Run: LICM, MinOpt: 2},
	{Name: "strength", Run: StrengthReduce, MinOpt: 2},
	// Simple counted inner loops by four, their addresses now pointer
	// steps.
	{Name: "unroll4", Run: UnrollRuntime, MinOpt: 2},
	{Name: "sccp", Run: SCCP, MinOpt: 2},
	{Name: "cse", Run: CSE, MinOpt: 2},
	{Name: "dce", Run: DCE, MinOpt: 1},
	// The locals that sccp showed to be reached only by loads and stores
	// (their addresses held in members of objects now split, a null
	// test of them folded), once the dead conversions are gone.
	{Name: "mem2reg", Run: Mem2Reg, MinOpt: 2},
	{Name: "simplify", Run: SimplifyCFG, MinOpt: 1},
	// Last: the callers (run later) read the signature it leaves.
	{Name: "promoteargs", Run: PromoteArgs, MinOpt: 1},
}

// Config says how to run the pipeline.
type Config struct {
	Opt int // -O level, 0 to 3
	// Check runs ir.Check after every pass and stops at the first error.
	Check bool
	// Dump names passes after which each function is written to DumpTo
	// ("all" for every pass).
	Dump   []string
	DumpTo io.Writer
	// Disable names passes to skip (not the required ones).
	Disable []string
}

// Run runs the pipeline on every function m defines.
func Run(m *ir.Module, c Config) error {
	cg := newCallGraph(m)
	order := calleesFirst(cg)
	markAddressTaken(m, cg.taken)
	markCalls(cg)
	if !c.Check && c.DumpTo == nil && runtime.GOMAXPROCS(0) > 1 && cg.values >= parallelValues {
		if deps, ok := calleeDeps(cg, order); ok {
			runParallel(order, deps, c)
			return nil
		}
	}
	if c.Check {
		// All before any pass: a pass may change a callee's signature
		// and, later, its callers' calls.
		for _, f := range order {
			if err := ir.Check(f); err != nil {
				return fmt.Errorf("before the passes: %v", err)
			}
		}
	}
	for _, f := range order {
		if f.IsDecl() {
			continue
		}
		for _, p := range Pipeline {
			if !c.runs(p) {
				continue
			}
			p.Run(f)
			if c.Check {
				if err := ir.Check(f); err != nil {
					return fmt.Errorf("after %s: %v\n%s", p.Name, err, f)
				}
			}
			if c.DumpTo != nil && (contains(c.Dump, p.Name) || contains(c.Dump, "all")) {
				fmt.Fprintf(c.DumpTo, "// after %s\n%s", p.Name, f)
			}
		}
	}
	return nil
}

// parallelValues is the size of a module, in IR values, from which the
// passes run on several goroutines: below it, starting them (and the
// threads that run them) costs more than it saves.
var parallelValues = 2000

// callGraph is what Run reads of a module before the passes, in one walk
// of its values: the calls of each function to functions of the module
// (in the order of its values), the names whose address a value takes,
// and the number of values.
type callGraph struct {
	m       *ir.Module
	callees map[*ir.Func][]*ir.Func
	taken   map[string]bool
	values  int
}

func newCallGraph(m *ir.Module) *callGraph {
	cg := &callGraph{m: m, callees: make(map[*ir.Func][]*ir.Func, len(m.Funcs)), taken: map[string]bool{}}
	for _, f := range m.Funcs {
		cg.of(f)
	}
	return cg
}

// of returns the functions of the module f calls, walking f the first
// time.
func (cg *callGraph) of(f *ir.Func) []*ir.Func {
	if cs, ok := cg.callees[f]; ok {
		return cs
	}
	var cs []*ir.Func
	for _, b := range f.Blocks {
		cg.values += len(b.Values)
		for _, v := range b.Values {
			switch v.Op {
			case ir.OpCall:
				if g := v.Callee(); g != nil && g.Module == cg.m {
					cs = append(cs, g)
				}
			case ir.OpAddr:
				if name, ok := v.Aux.(string); ok {
					cg.taken[name] = true
				}
			}
		}
	}
	cg.callees[f] = cs
	return cs
}

// runs reports whether pass p runs under c.
func (c Config) runs(p *Pass) bool {
	return !p.Disabled && (p.Required || c.Opt >= p.MinOpt && !contains(c.Disable, p.Name))
}

// calleeDeps returns, for each function of order (by index), the indexes
// of the other functions of m it calls: a pass reads only its function
// and, in Inline, the callees, which are done by then. ok is false when
// a function calls one that comes later in order (a cycle of calls): the
// passes then run one function at a time, as order says.
func calleeDeps(cg *callGraph, order []*ir.Func) (deps [][]int, ok bool) {
	index := make(map[*ir.Func]int, len(order))
	for i, f := range order {
		index[f] = i
	}
	deps = make([][]int, len(order))
	for i, f := range order {
		for _, g := range cg.of(f) {
			if g == f {
				continue
			}
			j, in := index[g]
			if !in || j > i {
				return nil, false
			}
			deps[i] = append(deps[i], j)
		}
	}
	return deps, true
}

// runParallel runs the pipeline on the functions of order on up to
// GOMAXPROCS goroutines, each taking the next function in order and
// waiting, before its passes, for the functions it calls (which come
// before it in order, so that they are taken, and finished, first). The
// result is the same as running them in order: a function's passes see
// only it and its finished callees. A pass's panic is raised again here,
// the first function's in order.
func runParallel(order []*ir.Func, deps [][]int, c Config) {
	done := make([]chan struct{}, len(order))
	for i := range done {
		done[i] = make(chan struct{})
	}
	panics := make([]any, len(order))
	one := func(i int) {
		defer close(done[i])
		for _, j := range deps[i] {
			<-done[j]
		}
		f := order[i]
		if f.IsDecl() {
			return
		}
		defer func() { panics[i] = recover() }()
		for _, p := range Pipeline {
			if c.runs(p) {
				p.Run(f)
			}
		}
	}
	var next atomic.Int64 // the index of the next function to take
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(order)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(order) {
					return
				}
				one(i)
			}
		})
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
}

// calleesFirst orders m's functions so that a function comes after the
// functions it calls (a post-order of the call graph; a cycle is broken
// where it is entered), so that Inline finds its callees optimized.
func calleesFirst(cg *callGraph) []*ir.Func {
	var out []*ir.Func
	seen := make(map[*ir.Func]bool, len(cg.m.Funcs))
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, g := range cg.of(f) {
			visit(g)
		}
		out = append(out, f)
	}
	for _, f := range cg.m.Funcs {
		visit(f)
	}
	return out
}

// markCalls sets each function's CallSites (its direct calls in the
// module) and Recursive (in a cycle of direct calls: a strongly connected
// component of the call graph with more than one function, or one that
// calls itself), by Tarjan's algorithm.
func markCalls(cg *callGraph) {
	for _, f := range cg.m.Funcs {
		f.CallSites, f.Recursive = 0, false
	}
	for _, f := range cg.m.Funcs {
		for _, g := range cg.of(f) {
			g.CallSites++
			if g == f {
				f.Recursive = true
			}
		}
	}
	index := make(map[*ir.Func]int, len(cg.m.Funcs))
	low := make(map[*ir.Func]int, len(cg.m.Funcs))
	onStack := map[*ir.Func]bool{}
	var stack []*ir.Func
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		index[f] = len(index)
		low[f] = index[f]
		stack = append(stack, f)
		onStack[f] = true
		for _, g := range cg.of(f) {
			if _, seen := index[g]; !seen {
				visit(g)
				low[f] = min(low[f], low[g])
			} else if onStack[g] {
				low[f] = min(low[f], index[g])
			}
		}
		if low[f] != index[f] {
			return
		}
		i := len(stack) - 1
		for stack[i] != f {
			i--
		}
		scc := stack[i:]
		stack = stack[:i]
		for _, g := range scc {
			onStack[g] = false
			if len(scc) > 1 {
				g.Recursive = true
			}
		}
	}
	for _, f := range cg.m.Funcs {
		if _, seen := index[f]; !seen {
			visit(f)
		}
	}
}

// Lookup returns the pass named name.
func Lookup(name string) *Pass {
	for _, p := range Pipeline {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Names lists the passes, for messages.
func Names() string {
	var ns []string
	seen := map[string]bool{}
	for _, p := range Pipeline {
		if !seen[p.Name] {
			seen[p.Name] = true
			ns = append(ns, p.Name)
		}
	}
	return strings.Join(ns, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ParseDebug reads a -d flag in cmd/compile's style, "ssa/PASS/dump"
// items separated by commas ("ssa/all/dump" for every pass), and returns
// the pass names for Config.Dump. An unknown pass or form is an error
// naming the passes there are.
func ParseDebug(spec string) ([]string, error) {
	var names []string
	for _, item := range strings.Split(spec, ",") {
		parts := strings.Split(strings.TrimSpace(item), "/")
		if len(parts) != 3 || parts[0] != "ssa" || parts[2] != "dump" {
			return nil, fmt.Errorf("-d %s: expected ssa/PASS/dump", item)
		}
		if parts[1] != "all" && Lookup(parts[1]) == nil {
			return nil, fmt.Errorf("-d %s: no pass %q (the passes: %s)", item, parts[1], Names())
		}
		names = append(names, parts[1])
	}
	return names, nil
}
