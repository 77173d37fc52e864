package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/ptxabi/ptxabi/atomic"
	"github.com/ptxabi/ptxabi/target"
)

var atomicsCmd = &command{
	Name:  "atomics",
	Usage: "[-order O] [-op OP] [-scope S] [-arch sm_XX [-isa X.Y] [-m32|-m64]] [-json|-ptx]",
	Short: "print the atomics mapping table (guide §4)",
	Long: `Atomics prints the mappings of C++ atomic operations to PTX instruction
sequences of guide §4: for each memory order (relaxed, acquire, release,
acq_rel, seq_cst), operation (fence, load, store, and the read-modify-write
operations add, exch, cas, and, or, xor, min, max, inc, dec) and scope (cta,
cluster, gpu, sys), the sequences of the guide, the recommended one first.

-order, -op and -scope select mappings. Without -arch the guide's table is
printed as it stands. With -arch (and -isa, the PTX ISA version, by default
the one the architecture needs and at least 7.8), the target's fallbacks are
applied: fence.acquire/fence.release become fence.acq_rel below PTX ISA 8.6
or sm_90; .cluster needs sm_90; below sm_70 the legacy sequences nvcc emits
(membar, ld.volatile, atom without order) are printed and marked so.

-json prints {"mappings":[{"order":..,"op":..,"scope":..,"sequences":[[..]]}]}.
-ptx prints a PTX module with one .entry per mapping for -arch (required),
with the .version it needs, for ptxas to check.
`,
	Run: runAtomics,
}

func runAtomics(c *cmdEnv, args []string) int {
	fs := c.flagSet()
	orderF := fs.String("order", "", "only the memory `order` O (relaxed, acquire, release, acq_rel, seq_cst)")
	opF := fs.String("op", "", "only the operation `OP` (fence, load, store, add, exch, cas, and, or, xor, min, max, inc, dec)")
	scopeF := fs.String("scope", "", "only the `scope` S (cta, cluster, gpu, sys)")
	arch := fs.String("arch", "", "apply the fallbacks of target `sm_XX`")
	isa := fs.String("isa", "", "PTX ISA `version` of the target (default: what -arch needs, at least "+target.Default.PTX.String()+")")
	m32 := fs.Bool("m32", false, "32-bit addresses in the -ptx module")
	m64 := fs.Bool("m64", false, "64-bit addresses in the -ptx module (the default)")
	jsonF := fs.Bool("json", false, "print JSON")
	ptxF := fs.Bool("ptx", false, "print a PTX module with one .entry per mapping (needs -arch)")
	if ok, st := c.parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() > 0 {
		return c.usageError("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	if *jsonF && *ptxF {
		return c.usageError("-json and -ptx are mutually exclusive")
	}
	if *m32 && *m64 {
		return c.usageError("-m32 and -m64 are mutually exclusive")
	}
	var order *atomic.Order
	var op *atomic.Op
	var scope *atomic.Scope
	if *orderF != "" {
		o, err := atomic.ParseOrder(*orderF)
		if err != nil {
			return c.usageError("%v", err)
		}
		order = &o
	}
	if *opF != "" {
		o, err := atomic.ParseOp(*opF)
		if err != nil {
			return c.usageError("%v", err)
		}
		op = &o
	}
	if *scopeF != "" {
		s, err := atomic.ParseScope(*scopeF)
		if err != nil {
			return c.usageError("%v", err)
		}
		scope = &s
	}
	var ms []atomic.Mapping
	t := target.Default
	tp := &t
	if *arch == "" {
		tp = nil
		if *ptxF {
			return c.usageError("-ptx needs -arch")
		}
		if *isa != "" || *m32 || *m64 {
			return c.usageError("-isa, -m32 and -m64 need -arch")
		}
		ms = atomic.Table()
	} else {
		sm, err := target.ParseArch(*arch)
		if err != nil {
			return c.usageError("%v", err)
		}
		t.SM = sm
		if *m32 {
			t.AddressSize = 32
		}
		if min := target.MinPTX(sm); t.PTX.Less(min) {
			t.PTX = min
		}
		if *isa != "" {
			v, err := target.ParseVersion(*isa)
			if err != nil {
				return c.usageError("%v", err)
			}
			if v.Less(target.MinPTX(sm)) {
				return c.usageError("PTX ISA %s does not support %s (needs %s or later)", v, t.Arch(), target.MinPTX(sm))
			}
			t.PTX = v
		}
		ms = atomic.Mappings(t)
	}
	ms = atomic.Filter(ms, order, op, scope)
	if len(ms) == 0 {
		c.errorf("%s", atomic.Unavailable(tp, order, op, scope))
		return exitError
	}
	switch {
	case *jsonF:
		type entry struct {
			Order     string     `json:"order"`
			Op        string     `json:"op"`
			Scope     string     `json:"scope"`
			Sequences [][]string `json:"sequences"`
		}
		var out struct {
			Mappings []entry `json:"mappings"`
		}
		out.Mappings = []entry{}
		for _, m := range ms {
			out.Mappings = append(out.Mappings, entry{m.Order.String(), m.Op.String(), m.Scope.String(), m.Sequences})
		}
		data, err := json.Marshal(out)
		if err != nil {
			c.errorf("internal error: %v", err)
			return exitError
		}
		fmt.Fprintf(c.stdout, "%s\n", data)
	case *ptxF:
		fmt.Fprint(c.stdout, atomic.Module(t, ms))
	default:
		tw := tabwriter.NewWriter(c.stdout, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "ORDER\tOP\tSCOPE\tPTX (recommended first)")
		notes := map[string]bool{}
		var noteList []string
		for _, m := range ms {
			for i, s := range m.Sequences {
				if i == 0 {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s;\n", m.Order, m.Op, m.Scope, strings.Join(s, "; "))
				} else {
					fmt.Fprintf(tw, "\t\t\tOR %s;\n", strings.Join(s, "; "))
				}
			}
			for _, n := range m.Notes {
				if !notes[n] {
					notes[n] = true
					noteList = append(noteList, n)
				}
			}
		}
		tw.Flush()
		for _, n := range noteList {
			fmt.Fprintf(c.stdout, "note: %s\n", n)
		}
	}
	return exitOK
}
