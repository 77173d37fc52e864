package atomic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

// guideCells are the cells of the five tables of guide §4 (release 13.2),
// transcribed as written there: API column -> mapping column, alternatives
// joined by " OR ". <rmw op> rows stand for every RMW operation.
var guideCells = []struct {
	order Order
	api   string // "fence", "load", "store" or "rmw"
	cell  string
}{
	// Sequentially consistent table.
	{SeqCst, "fence", "fence.sc.<scope>;"},
	{SeqCst, "load", "fence.sc.<scope>; ld.acquire.<scope>; OR fence.sc.<scope>; ld.relaxed.<scope>; fence.acquire.<scope>;"},
	{SeqCst, "store", "fence.sc.<scope>; st.relaxed.<scope>;"},
	{SeqCst, "rmw", "fence.sc.<scope>; atom.acquire.<scope>.<rmw op>; OR fence.sc.<scope>; atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;"},
	// Release table.
	{Release, "fence", "fence.release.<scope>;"},
	{Release, "store", "st.release.<scope>; OR fence.release.<scope>; st.relaxed.<scope>;"},
	{Release, "rmw", "atom.release.<scope>.<rmw op>; OR fence.release.<scope>; atom.relaxed.<scope>.<rmw op>;"},
	// Acquire table.
	{Acquire, "fence", "fence.acquire.<scope>;"},
	{Acquire, "load", "ld.acquire.<scope>; OR ld.relaxed.<scope>; fence.acquire.<scope>;"},
	{Acquire, "rmw", "atom.acquire.<scope>.<rmw op>; OR atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;"},
	// Acquire-release table.
	{AcqRel, "fence", "fence.acq_rel.<scope>;"},
	{AcqRel, "rmw", "atom.acq_rel.<scope>.<rmw op>; OR fence.release.<scope>; atom.acquire.<scope>.<rmw op>; OR fence.release.<scope>; atom.relaxed.<scope>.<rmw op>; fence.acquire.<scope>;"},
	// Relaxed table.
	{Relaxed, "load", "ld.relaxed.<scope>;"},
	{Relaxed, "store", "st.relaxed.<scope>;"},
	{Relaxed, "rmw", "atom.relaxed.<scope>.<rmw op>;"},
}

var rmwOps = []string{"add", "exch", "cas", "and", "or", "xor", "min", "max", "inc", "dec"}

func TestTableMatchesGuide(t *testing.T) {
	want := map[string]string{} // "order op scope" -> text
	for _, c := range guideCells {
		ops := []string{c.api}
		if c.api == "rmw" {
			ops = rmwOps
		}
		for _, op := range ops {
			for _, sc := range []string{"cta", "cluster", "gpu", "sys"} {
				txt := strings.NewReplacer("<scope>", sc, "<rmw op>", op).Replace(c.cell)
				want[fmt.Sprintf("%s %s %s", c.order, op, sc)] = fmt.Sprintf("%s %s %s: %s", c.order, op, sc, txt)
			}
		}
	}
	got := Table()
	if len(got) != len(want) || len(got) != 240 {
		t.Errorf("Table has %d mappings, the guide %d (want 240)", len(got), len(want))
	}
	for _, m := range got {
		key := fmt.Sprintf("%s %s %s", m.Order, m.Op, m.Scope)
		if w, ok := want[key]; !ok {
			t.Errorf("Table has %s, which the guide does not", key)
		} else if m.String() != w {
			t.Errorf("Table:\n got %s\nwant %s", m, w)
		}
		if !Valid(m.Order, m.Op) {
			t.Errorf("Valid(%s, %s) = false for a table entry", m.Order, m.Op)
		}
	}
	for _, c := range []struct {
		o  Order
		op Op
	}{{Relaxed, Fence}, {Release, Load}, {AcqRel, Load}, {Acquire, Store}, {AcqRel, Store}} {
		if Valid(c.o, c.op) {
			t.Errorf("Valid(%s, %s) = true, the guide has no such row", c.o, c.op)
		}
	}
}

func TestParseNames(t *testing.T) {
	for _, o := range Orders() {
		if p, err := ParseOrder(o.String()); err != nil || p != o {
			t.Errorf("ParseOrder(%s) = %v, %v", o, p, err)
		}
	}
	for _, o := range Ops() {
		if p, err := ParseOp(o.String()); err != nil || p != o {
			t.Errorf("ParseOp(%s) = %v, %v", o, p, err)
		}
	}
	for _, s := range Scopes() {
		if p, err := ParseScope(s.String()); err != nil || p != s {
			t.Errorf("ParseScope(%s) = %v, %v", s, p, err)
		}
	}
	if s, err := ParseScope("thread_scope_device"); err != nil || s != GPU {
		t.Errorf("ParseScope(thread_scope_device) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "consume", "SEQ_CST"} {
		if _, err := ParseOrder(bad); err == nil {
			t.Errorf("ParseOrder(%q) succeeded", bad)
		}
	}
	if _, err := ParseOp("sub"); err == nil {
		t.Error("ParseOp(sub) succeeded")
	}
	if _, err := ParseScope("warp"); err == nil {
		t.Error("ParseScope(warp) succeeded")
	}
}

func tgt(sm int, ptx string) target.Target {
	v, err := target.ParseVersion(ptx)
	if err != nil {
		panic(err)
	}
	return target.Target{AddressSize: 64, SM: sm, PTX: v}
}

func find(ms []Mapping, o Order, op Op, sc Scope) *Mapping {
	for i := range ms {
		if ms[i].Order == o && ms[i].Op == op && ms[i].Scope == sc {
			return &ms[i]
		}
	}
	return nil
}

func TestFallbacks(t *testing.T) {
	tests := []struct {
		t     target.Target
		count int
		o     Order
		op    Op
		sc    Scope
		want  string // Mapping.String(), or "" for absent
		notes int
	}{
		// Newest: the guide's table unchanged.
		{tgt(90, "8.6"), 240, AcqRel, Add, Cluster, "acq_rel add cluster: atom.acq_rel.cluster.add; OR fence.release.cluster; atom.acquire.cluster.add; OR fence.release.cluster; atom.relaxed.cluster.add; fence.acquire.cluster;", 0},
		{tgt(90, "8.6"), 240, Acquire, Fence, GPU, "acquire fence gpu: fence.acquire.gpu;", 0},
		// sm_90 with PTX ISA 7.8: cluster kept, fence.acquire/release strengthened.
		{tgt(90, "7.8"), 240, Acquire, Fence, GPU, "acquire fence gpu: fence.acq_rel.gpu;", 1},
		{tgt(90, "7.8"), 240, Release, Fence, Cluster, "release fence cluster: fence.acq_rel.cluster;", 1},
		{tgt(90, "7.8"), 240, SeqCst, Load, Sys, "seq_cst load sys: fence.sc.sys; ld.acquire.sys; OR fence.sc.sys; ld.relaxed.sys; fence.acq_rel.sys;", 1},
		{tgt(90, "7.8"), 240, SeqCst, Store, Sys, "seq_cst store sys: fence.sc.sys; st.relaxed.sys;", 0},
		// PTX ISA 8.6 but sm_80: no cluster, no fence.acquire.
		{tgt(80, "8.6"), 180, AcqRel, Exch, GPU, "acq_rel exch gpu: atom.acq_rel.gpu.exch; OR fence.acq_rel.gpu; atom.acquire.gpu.exch; OR fence.acq_rel.gpu; atom.relaxed.gpu.exch; fence.acq_rel.gpu;", 1},
		{tgt(80, "8.6"), 180, Relaxed, Load, Cluster, "", 0},
		{tgt(70, "6.0"), 180, Release, Store, CTA, "release store cta: st.release.cta; OR fence.acq_rel.cta; st.relaxed.cta;", 1},
		// sm_90 without PTX ISA 7.8 cannot exist (sm_90 needs 7.8); sm_70 with 7.8: no cluster.
		{tgt(70, "7.8"), 180, Relaxed, Store, Cluster, "", 0},
		// Legacy: sm_60.
		{tgt(60, "5.0"), 180, SeqCst, Load, GPU, "seq_cst load gpu: membar.gl; ld.volatile; membar.gl;", 1},
		{tgt(60, "5.0"), 180, Acquire, Load, CTA, "acquire load cta: ld.volatile; membar.cta;", 1},
		{tgt(60, "5.0"), 180, Release, Store, Sys, "release store sys: membar.sys; st.volatile;", 1},
		{tgt(60, "5.0"), 180, AcqRel, Add, Sys, "acq_rel add sys: membar.sys; atom.sys.add; membar.sys;", 1},
		{tgt(60, "5.0"), 180, Relaxed, Min, CTA, "relaxed min cta: atom.cta.min;", 1},
		{tgt(60, "5.0"), 180, Acquire, Fence, GPU, "acquire fence gpu: membar.gl;", 1},
		// sm_70 but PTX ISA 5.0 is impossible (sm_70 needs 6.0); sm_60 with 7.8 is still legacy.
		{tgt(60, "7.8"), 180, Relaxed, Load, Sys, "relaxed load sys: ld.volatile;", 1},
		// Before sm_60: atom has no scope; no system-scope RMW.
		{tgt(52, "4.1"), 130, Release, CAS, CTA, "release cas cta: membar.cta; atom.cas;", 2},
		{tgt(52, "4.1"), 130, Release, CAS, GPU, "release cas gpu: membar.gl; atom.cas;", 1},
		{tgt(52, "4.1"), 130, Release, CAS, Sys, "", 0},
		{tgt(52, "4.1"), 130, SeqCst, Store, Sys, "seq_cst store sys: membar.sys; st.volatile;", 1},
	}
	for _, tc := range tests {
		ms := Mappings(tc.t)
		name := fmt.Sprintf("%s/ptx%s", tc.t.Arch(), tc.t.PTX)
		if len(ms) != tc.count {
			t.Errorf("%s: %d mappings, want %d", name, len(ms), tc.count)
		}
		m := find(ms, tc.o, tc.op, tc.sc)
		switch {
		case m == nil && tc.want != "":
			t.Errorf("%s: no mapping for %s %s %s", name, tc.o, tc.op, tc.sc)
		case m != nil && tc.want == "":
			t.Errorf("%s: unexpected mapping %s", name, m)
		case m != nil && (m.String() != tc.want || len(m.Notes) != tc.notes):
			t.Errorf("%s:\n got %s %q\nwant %s (%d notes)", name, m, m.Notes, tc.want, tc.notes)
		}
	}
}

// Every mapping of every target is recognized as itself, and a fallback
// sequence as the operation it replaces.
func TestRecognizeOwnMappings(t *testing.T) {
	for _, tg := range []target.Target{tgt(90, "8.6"), tgt(90, "7.8"), tgt(70, "6.0"), tgt(60, "5.0"), tgt(52, "4.1")} {
		for _, m := range Mappings(tg) {
			for _, s := range m.Sequences {
				// A legacy sequence may equal a guide one once membar is
				// read as fence.sc: Legacy is not checked here.
				if _, ok := Implements(s, m.Order, m.Op, m.Scope); !ok {
					t.Errorf("%s: %s: sequence %q not recognized", tg.Arch(), m, s)
				}
				if _, ok := Recognize(s); !ok {
					t.Errorf("%s: Recognize(%q) failed", tg.Arch(), s)
				}
			}
		}
	}
}

func TestRecognize(t *testing.T) {
	tests := []struct {
		seq          string // instructions separated by ";"
		want         string // "order op scope", or "" for no match
		strengthened bool
		legacy       bool
	}{
		{"fence.sc.gpu", "seq_cst fence gpu", false, false},
		{"fence.acq_rel.cta", "acq_rel fence cta", false, false},
		{"fence.acquire.cluster", "acquire fence cluster", false, false},
		{"fence.sc.gpu; ld.acquire.gpu", "seq_cst load gpu", false, false},
		{"fence.sc.sys; ld.relaxed.sys; fence.acquire.sys", "seq_cst load sys", false, false},
		{"fence.sc.sys; ld.relaxed.sys; fence.acq_rel.sys", "seq_cst load sys", true, false},
		// The note's own example: fence.sc; ld.relaxed strengthened to fence.sc; ld.acquire.
		{"fence.sc.cta; ld.acquire.cta", "seq_cst load cta", false, false},
		// Release 12.8's seq_cst store and rmw: strengthenings of 13.2's.
		{"fence.sc.gpu; st.release.gpu", "seq_cst store gpu", true, false},
		{"fence.sc.gpu; atom.acq_rel.gpu.add", "seq_cst add gpu", true, false},
		// nvcc's modifier order, types and state spaces, operands.
		{"atom.add.acq_rel.sys.u32 %r1,[%rd1],%r2", "acq_rel add sys", false, false},
		{"atom.cas.acquire.gpu.b32; fence.acq_rel.gpu", "acquire cas gpu", true, false},
		{"fence.sc.gpu; atom.global.cas.acquire.gpu.b64", "seq_cst cas gpu", false, false},
		{"st.release.cta.global.b32", "release store cta", false, false},
		{"red.release.gpu.global.add.u32", "release add gpu", false, false},
		{"fence.acq_rel.gpu; atom.relaxed.gpu.xor", "release xor gpu", true, false},
		{"fence.release.gpu; atom.acquire.gpu.xor", "acq_rel xor gpu", false, false},
		// atom without order is relaxed, without scope gpu (PTX ISA).
		{"atom.global.inc.u32", "relaxed inc gpu", false, false},
		{"atom.global.cta.dec.u32", "relaxed dec cta", false, false},
		// Legacy: membar.gl is fence.sc.gpu.
		{"membar.gl", "seq_cst fence gpu", false, false},
		{"membar.gl; ld.volatile.b32; membar.gl", "seq_cst load gpu", false, true},
		{"ld.volatile.b32; membar.cta", "acquire load cta", false, true},
		{"membar.sys; atom.add.sys.u32; membar.sys", "seq_cst add sys", false, true},
		{"membar.cta; st.volatile.b32", "seq_cst store cta", false, true},
		// No mapping.
		{"", "", false, false},
		{"ld.global.b32", "", false, false},
		{"ld.relaxed.gpu; ld.relaxed.gpu", "", false, false},
		{"fence.sc.gpu; st.release.cta", "", false, false},            // scopes differ
		{"st.relaxed.gpu; fence.sc.gpu", "", false, false},            // wrong order of instructions
		{"fence.acquire.gpu; ld.acquire.gpu", "", false, false},       // weaker than fence.sc
		{"fence.acquire.gpu; atom.relaxed.gpu.add", "", false, false}, // acquire fence before: no mapping
		{"atom.acquire.cta.add; fence.sc.gpu", "", false, false},
		// The sm_52 legacy cta-scope rmw: device-scope atom, cta membar.
		{"atom.acquire.gpu.add; fence.sc.cta", "acquire add cta", true, true},
		{"ld.acquire.gpu.add", "acquire load gpu", false, false}, // op ignored on ld
	}
	for _, tc := range tests {
		var seq []string
		for _, s := range strings.Split(tc.seq, ";") {
			if s = strings.TrimSpace(s); s != "" {
				seq = append(seq, s)
			}
		}
		m, ok := Recognize(seq)
		got := ""
		if ok {
			got = fmt.Sprintf("%s %s %s", m.Order, m.Op, m.Scope)
		}
		if got != tc.want || (ok && (m.Strengthened != tc.strengthened || m.Legacy != tc.legacy)) {
			t.Errorf("Recognize(%q) = %q strengthened=%v legacy=%v, want %q %v %v", tc.seq, got, m.Strengthened, m.Legacy, tc.want, tc.strengthened, tc.legacy)
		}
	}
}

func TestImplements(t *testing.T) {
	// A strengthening implements every weaker operation of the same shape.
	seq := []string{"atom.acq_rel.gpu.add"}
	for _, o := range Orders() {
		m, ok := Implements(seq, o, Add, GPU)
		want := o != SeqCst
		if ok != want || (ok && m.Strengthened != (o != AcqRel)) {
			t.Errorf("Implements(%q, %s) = %v strengthened=%v", seq, o, ok, m.Strengthened)
		}
	}
	if _, ok := Implements(seq, AcqRel, Add, Sys); ok {
		t.Error("gpu-scope atom implements a sys-scope one")
	}
	if _, ok := Implements(seq, AcqRel, Or, GPU); ok {
		t.Error("atom.add implements atom.or")
	}
}

func TestNeedsPTX(t *testing.T) {
	for _, tc := range []struct {
		t   target.Target
		ver string
		sm  int
	}{
		{tgt(90, "8.6"), "8.6", 90},
		{tgt(90, "7.8"), "7.8", 90},
		{tgt(80, "8.6"), "6.0", 70},
		{tgt(60, "5.0"), "5.0", 60},
		{tgt(52, "4.1"), "1.0", 10},
	} {
		v, sm := NeedsPTX(Mappings(tc.t))
		if v.String() != tc.ver || sm != tc.sm {
			t.Errorf("NeedsPTX(Mappings(%s ptx %s)) = %s, sm_%d; want %s, sm_%d", tc.t.Arch(), tc.t.PTX, v, sm, tc.ver, tc.sm)
		}
	}
}

func FuzzRecognize(f *testing.F) {
	f.Add("fence.sc.gpu;ld.acquire.gpu")
	f.Add("atom.add.acq_rel.sys.u32 %r1,[%rd1],%r2")
	f.Add("membar.gl;ld.volatile.b32;membar.gl")
	f.Fuzz(func(t *testing.T, s string) {
		seq := strings.Split(s, ";")
		m, ok := Recognize(seq)
		if !ok {
			return
		}
		// What it recognized, it implements; and the table sequence it
		// matched is recognized as the same operation.
		if _, ok := Implements(seq, m.Order, m.Op, m.Scope); !ok {
			t.Fatalf("Recognize(%q) = %v but Implements fails", seq, m)
		}
		if _, ok := Implements(m.Sequence, m.Order, m.Op, m.Scope); !ok {
			t.Fatalf("table sequence %q not recognized", m.Sequence)
		}
	})
}

func TestUnavailable(t *testing.T) {
	o := func(x Order) *Order { return &x }
	p := func(x Op) *Op { return &x }
	s := func(x Scope) *Scope { return &x }
	sm70, sm52 := tgt(70, "7.8"), tgt(52, "4.1")
	cases := []struct {
		t     *target.Target
		order *Order
		op    *Op
		scope *Scope
		want  string
	}{
		{nil, o(SeqCst), p(Load), s(Cluster), ""},
		{&sm70, o(SeqCst), p(Load), s(GPU), ""},
		{nil, o(Acquire), p(Store), nil, "the guide maps no acquire store: a store takes relaxed, release, seq_cst"},
		{&sm70, o(Release), p(Load), s(GPU), "the guide maps no release load: a load takes relaxed, acquire, seq_cst"},
		{nil, o(Relaxed), p(Fence), nil, "the guide maps no relaxed fence: a fence takes acquire, release, acq_rel, seq_cst"},
		{&sm70, nil, nil, s(Cluster), "scope cluster needs PTX ISA 7.8 and sm_90 (target: PTX ISA 7.8, sm_70)"},
		{&sm52, o(Relaxed), p(Add), s(Sys), "system-scope read-modify-write operations need atom with a scope: PTX ISA 5.0 and sm_60 (target: PTX ISA 4.1, sm_52)"},
		{&sm52, nil, nil, s(Sys), ""},
	}
	for _, c := range cases {
		got := Unavailable(c.t, c.order, c.op, c.scope)
		if got != c.want {
			t.Errorf("Unavailable(%v, %v, %v, %v) = %q, want %q", c.t, c.order, c.op, c.scope, got, c.want)
		}
		if empty := len(Filter(mappingsOf(c.t), c.order, c.op, c.scope)) == 0; empty != (got != "") {
			t.Errorf("Unavailable(%v, %v, %v, %v) = %q, but Filter finds %d mappings", c.t, c.order, c.op, c.scope, got, len(Filter(mappingsOf(c.t), c.order, c.op, c.scope)))
		}
	}
}

func mappingsOf(t *target.Target) []Mapping {
	if t == nil {
		return Table()
	}
	return Mappings(*t)
}
