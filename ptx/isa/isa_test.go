package isa

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, tt := range []struct {
		op   string
		mods []string
		want string
	}{
		{"add", []string{".s32"}, "add"},
		{"cp", []string{".async", ".bulk", ".global"}, "cp.async"},
		{"cvt", []string{".pack", ".sat"}, "cvt.pack"},
		{"cvt", []string{".rn", ".f32", ".f16"}, "cvt"},
		{"nosuch", nil, ""},
	} {
		in := Lookup(tt.op, tt.mods)
		got := ""
		if in != nil {
			got = in.Name
		}
		if got != tt.want {
			t.Errorf("Lookup(%q, %q) = %q, want %q", tt.op, tt.mods, got, tt.want)
		}
	}
	if in := Lookup("fence", nil); in == nil || in.SM != 70 || in.PTX.String() != "6.0" || !in.HasModifier(".acq_rel") {
		t.Errorf("fence: %+v", in)
	}
}

func TestSuggest(t *testing.T) {
	for op, want := range map[string]string{"ad": "add", "atomm": "atom", "fense": "fence", "xyzzy": "", "membr": "membar"} {
		if got := Suggest(op); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", op, got, want)
		}
	}
	if !KnownOpcode("ld") || KnownOpcode("ad") || KnownOpcode("async") {
		t.Error("KnownOpcode")
	}
}

// TestKnownOpcodeSet checks the hash set against the table: every opcode
// is in it, and near misses are not.
func TestKnownOpcodeSet(t *testing.T) {
	ops := map[string]bool{}
	for _, in := range All() {
		op, _, _ := strings.Cut(in.Name, ".")
		ops[op] = true
	}
	for op := range ops {
		for _, s := range []string{op, op + "x", op[1:], "x" + op, strings.ToUpper(op), op + "."} {
			if KnownOpcode(s) != ops[s] {
				t.Errorf("KnownOpcode(%q) = %v", s, !ops[s])
			}
		}
	}
	if KnownOpcode("") {
		t.Error(`KnownOpcode("") = true`)
	}
}
