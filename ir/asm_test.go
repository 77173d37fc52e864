package ir

import "testing"

func TestExpandAsm(t *testing.T) {
	ops := []string{"%r1", "%r2", "7"}
	operand := func(n int) (string, bool) {
		if n < len(ops) {
			return ops[n], true
		}
		return "", false
	}
	for _, tc := range []struct {
		in, escape, want string
		bad              int // -1: ok
	}{
		{"add.s32 %0, %1, %2;", "%", "add.s32 %r1, %r2, 7;", -1},
		{"mov.u32 %0, %%laneid;", "%", "mov.u32 %r1, %laneid;", -1},
		{"mov.u32 %0, %%laneid;", "%%", "mov.u32 %r1, %%laneid;", -1},
		{"mov.u32 %0, %laneid;", "%", "mov.u32 %r1, %laneid;", -1},
		{"x %10 y", "%", "", 10},
		{"trailing %", "%", "trailing %", -1},
	} {
		got, bad, ok := ExpandAsm(tc.in, tc.escape, operand)
		switch {
		case tc.bad >= 0 && (ok || bad != tc.bad):
			t.Errorf("ExpandAsm(%q) = %q, %d, %v; want operand %d unknown", tc.in, got, bad, ok, tc.bad)
		case tc.bad < 0 && (!ok || got != tc.want):
			t.Errorf("ExpandAsm(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
