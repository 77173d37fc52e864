package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestDemangleFilter checks that "ptxabi demangle" with no arguments
// demangles the names in its standard input and copies the rest.
func TestDemangleFilter(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"_Z3fooi\n", "foo(int)\n"},
		{"no names here\n", "no names here\n"},
		{
			".visible .func _Z1fPKc(\n\t.param .b64 _Z1fPKc_param_0\n)\n\tcall.uni _ZN2ns1gIiEEvT_, (param0);",
			".visible .func f(char const*)(\n\t.param .b64 _Z1fPKc_param_0\n)\n\tcall.uni void ns::g<int>(int), (param0);",
		},
		{"x=_Z1fv.constprop.0;", "x=f() [clone .constprop.0];"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if status := run([]string{"demangle"}, strings.NewReader(tt.in), &out, &errb); status != 0 {
			t.Errorf("demangle < %q: exit status %d: %s", tt.in, status, errb.String())
		}
		if out.String() != tt.want {
			t.Errorf("demangle < %q:\n got %q\nwant %q", tt.in, out.String(), tt.want)
		}
	}
}
