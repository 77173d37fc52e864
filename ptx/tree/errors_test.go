package tree_test

import (
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/tree"
)

// TestErrors checks that Parse reports what ParseFile reports, at the same
// file:line:col, on bad input; and that it finds an error at all.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown opcode", ".version 7.0\n.entry k()\n{\n\tfoo.u32 %r1;\n}\n", "bad.ptx:4:2: unknown instruction 'foo'"},
		{"missing semicolon", ".entry k()\n{\n\tret\n}\n", "bad.ptx:4:1: expected ';' after instruction"},
		{"unclosed scope", ".entry k()\n{\n\tret;\n", "bad.ptx:3:7: expected '}' at end of scope"},
		{"unclosed section", ".section .debug_info\n{\n.b8 1\n", "expected '}' at end of section"},
		{"bad version", ".version x\n", "bad.ptx:1:10: expected version number"},
		{"comment not terminated", ".version 7.0\n/* x\n", "bad.ptx:2:1: comment not terminated"},
		{"string not terminated", ".file 1 \"a\n", "string literal not terminated"},
		{"bad data", ".section .debug_info\n{\n.b8 1,\n}\n", "expected operand"},
		{"label in data", ".section .x\n{\n.b9 1\n}\n", "expected data directive"},
		{"top-level instruction", "ret;\n", "bad.ptx:1:1: expected directive"},
		{"several", ".entry k()\n{\n\tfoo;\n\tret\n}\n", "bad.ptx:3:2: unknown instruction 'foo'\nbad.ptx:5:1: expected ';'"},
		{"too many", strings.Repeat("x;\n", 20), "too many errors"},
		{"end of file", ".entry k()\n{\n\tret;\n}\n.version", "bad.ptx:5:9: expected version number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tree.Parse(token.NewFileSet(), "bad.ptx", tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if d := compare("bad.ptx", []byte(tt.src)); d != "" {
				t.Error(d)
			}
			// The partial File reads without a panic.
			f, _ := tree.Parse(nil, "bad.ptx", tt.src)
			for i := range f.Records {
				if r := f.Records[i]; r.Off > r.End {
					t.Errorf("record %d (%s): text [%d, %d)", i, r.Kind, r.Off, r.End)
					continue
				}
				f.Node(i)
			}
		})
	}
}

// FuzzTree checks that Parse never panics, that it reports the errors
// ParseFile reports, and that where there are none every record's node is
// ParseFile's for its item (with what the accessors read).
func FuzzTree(f *testing.F) {
	for _, name := range []string{"../parser/testdata/corpus/nvcc-m64-sm_70-half.ptx"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		".entry k() { @!%p1 bra L; L: ret; }",
		".global .u32 x[2] = {1, generic(y)+4}; // c\n",
		".func f() /* h */ { { ld.u32 %r1, /* c */ [%rd1+-4]; } // t\n }\n",
		".section .debug_info { .b8 1,2 // c\n.b32 $L__a+4\nL: .b64 x }\n",
		".entry k() { p: .callprototype (.param .b32 _) _ (.param .b64 _); .loc 1 2 3, function_name $L, inlined_at 1 2 3\n .pragma \"nounroll\"; }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if d := compare("f.ptx", src); d != "" {
			t.Fatal(d)
		}
		// A partial File, where src has errors, reads without a panic.
		f, err := tree.Parse(nil, "f.ptx", string(src))
		if err == nil {
			return
		}
		for i := range f.Records {
			r := f.Records[i]
			if r.Off > r.End || int(r.End) > len(src) || int(r.Next) <= i || int(r.Next) > f.Len() {
				t.Fatalf("record %d: %+v in a file of %d bytes and %d records", i, r, len(src), f.Len())
			}
			f.Node(i)
			f.Name(i)
			f.Guard(i)
			f.Operands(i)
		}
	})
}
