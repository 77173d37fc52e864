package cfront_test

import (
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// TestMacroOptions checks -D and -U as Config.Macros applies them: the
// length of S's array tells what the macros expanded to.
func TestMacroOptions(t *testing.T) {
	for _, tt := range []struct {
		name   string
		macros []cfront.Macro
		src    string
		want   int64  // the length of S.a
		err    string // or an error
	}{
		{"value", []cfront.Macro{{Name: "N", Body: "7"}}, "struct S { char a[N]; };", 7, ""},
		{"one", []cfront.Macro{{Name: "N", Body: "1"}}, "struct S { char a[N + 2]; };", 3, ""},
		{"empty", []cfront.Macro{{Name: "E"}}, "struct S { char a[4 E]; };", 4, ""},
		{"empty is defined", []cfront.Macro{{Name: "E"}}, "#ifdef E\nstruct S { char a[5]; };\n#endif", 5, ""},
		{"function-like", []cfront.Macro{{Name: "F(x,y)", Body: "((x)*(y))"}}, "struct S { char a[F(2, 3)]; };", 6, ""},
		{"in order", []cfront.Macro{{Name: "N", Body: "1"}, {Name: "N", Undef: true}, {Name: "N", Body: "9"}}, "struct S { char a[N]; };", 9, ""},
		{"undef", []cfront.Macro{{Name: "N", Body: "1"}, {Name: "N", Undef: true}}, "#ifndef N\nstruct S { char a[2]; };\n#endif", 2, ""},
		{"undef predefined", []cfront.Macro{{Name: "__CUDACC__", Undef: true}}, "#ifndef __CUDACC__\nstruct S { char a[3]; };\n#endif", 3, ""},
		{"after Defines", []cfront.Macro{{Name: "N", Body: "8"}}, "struct S { char a[N]; };", 8, ""},
		{"bad name", []cfront.Macro{{Name: "3x", Body: "1"}}, "struct S { char a[1]; };", 0, "<command-line>:1:1: expected a macro name after #define"},
		{"bad parameters", []cfront.Macro{{Name: "F(x", Body: "x"}}, "struct S { char a[1]; };", 0, "<command-line>:1:5: expected ',' or ')' in macro parameter list"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := &cfront.Config{Target: target.Default, Defines: map[string]string{"N": "5"}, Macros: tt.macros}
			f, err := cfront.ParseFile(cfg, token.NewFileSet(), "m.cu", []byte(tt.src))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, ok := f.Lookup("S").(*ctypes.Struct)
			if !ok {
				t.Fatalf("no struct S")
			}
			if got := s.Fields[0].Type.(*ctypes.Array).Len; got != tt.want {
				t.Errorf("len(S.a) = %d, want %d", got, tt.want)
			}
		})
	}
}
