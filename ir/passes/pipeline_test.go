package passes

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/target"
)

const loopSrc = `func entry @k(%x ptr, %n i32) {
b0:
	%i = alloca ptr.local 4 align 4
	%z = const i32 0
	store %i, %z align 4
	jmp b1
b1:
	%iv = load i32 %i align 4
	%c = cmp.lt pred %iv, %n
	br %c, b2, b3
b2:
	%w = conv i64 %iv
	%four = const i64 4
	%off = mul i64 %w, %four
	%p = ptradd ptr %x, %off
	store %p, %iv align 4
	%one = const i32 1
	%i2 = add i32 %iv, %one
	store %i, %i2 align 4
	jmp b1
b3:
	ret
}
`

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := ir.Parse("test.ir", src, target.Default)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPipelineLevels: -O0 runs only the required mem2reg; -O3 infers the
// global space and strength-reduces the address.
func TestPipelineLevels(t *testing.T) {
	m := parse(t, loopSrc)
	if err := Run(m, Config{Opt: 0, Check: true}); err != nil {
		t.Fatal(err)
	}
	if s := m.String(); strings.Contains(s, "alloca") || strings.Contains(s, "ptr.global") {
		t.Errorf("-O0:\n%s", s)
	}
	m = parse(t, loopSrc)
	if err := Run(m, Config{Opt: 3, Check: true}); err != nil {
		t.Fatal(err)
	}
	if s := m.String(); !strings.Contains(s, "cvta ptr.global") || strings.Contains(s, "mul") {
		t.Errorf("-O3:\n%s", s)
	}
}

// TestPipelineDump: the function is written after each named pass only.
func TestPipelineDump(t *testing.T) {
	m := parse(t, loopSrc)
	var buf bytes.Buffer
	if err := Run(m, Config{Opt: 3, Check: true, Dump: []string{"mem2reg", "licm"}, DumpTo: &buf}); err != nil {
		t.Fatal(err)
	}
	// mem2reg runs four times at -O3.
	if got := strings.Count(buf.String(), "// after "); got != 5 || !strings.Contains(buf.String(), "// after mem2reg\nfunc entry @k") {
		t.Errorf("dump:\n%s", buf.String())
	}
}

// TestPipelineDisable: a disabled optional pass is skipped; mem2reg is
// required and runs anyway.
func TestPipelineDisable(t *testing.T) {
	m := parse(t, loopSrc)
	if err := Run(m, Config{Opt: 3, Check: true, Disable: []string{"addrspace", "mem2reg"}}); err != nil {
		t.Fatal(err)
	}
	if s := m.String(); strings.Contains(s, "ptr.global") || strings.Contains(s, "alloca") {
		t.Errorf("disabled addrspace ran, or mem2reg did not:\n%s", s)
	}
	if Lookup("licm") == nil || Lookup("nope") != nil || !strings.Contains(Names(), "strength") {
		t.Error("Lookup/Names")
	}
}

// TestPipelineCatchesBrokenPass: with Check, a pass that breaks SSA is
// named in the error.
func TestPipelineCatchesBrokenPass(t *testing.T) {
	broken := &Pass{Name: "broken", MinOpt: 1, Run: func(f *ir.Func) {
		// Use a value before its definition.
		b := f.Entry()
		v := b.Values[len(b.Values)-1]
		c := f.NewValue(ir.OpAdd, ir.I32, v, v)
		b.Insert(0, c)
		v.Type = ir.I32
	}}
	saved := Pipeline
	defer func() { Pipeline = saved }()
	Pipeline = append([]*Pass{Pipeline[0], broken}, Pipeline[1:]...)
	m := parse(t, loopSrc)
	err := Run(m, Config{Opt: 1, Check: true})
	if err == nil || !strings.Contains(err.Error(), "after broken") {
		t.Errorf("Run = %v; want an error after the broken pass", err)
	}
}

func TestParseDebug(t *testing.T) {
	tests := []struct {
		spec string
		want string
		err  string
	}{
		{"ssa/licm/dump", "[licm]", ""},
		{"ssa/mem2reg/dump, ssa/all/dump", "[mem2reg all]", ""},
		{"ssa/nope/dump", "", `no pass "nope" (the passes: promotecalls, inline, aggcall, sroa, mem2reg, sccp`},
		{"licm", "", "expected ssa/PASS/dump"},
	}
	for _, tt := range tests {
		got, err := ParseDebug(tt.spec)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseDebug(%q) = %v; want error %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != tt.want {
			t.Errorf("ParseDebug(%q) = %v, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
}
