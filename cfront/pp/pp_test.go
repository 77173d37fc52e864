package pp

import (
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ptxabi/ptxabi/target"
)

// preprocess runs the preprocessor on src, as main.cu with files as the
// file system and nvcc's predefined macros, and returns the tokens' text
// separated by spaces and the errors.
func preprocess(t testing.TB, src string, files map[string]string) (string, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for k, v := range files {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	p := New(&Config{FS: fsys}, token.NewFileSet())
	for _, m := range Predefined(target.Default) {
		p.Define(m.Name, m.Body)
	}
	p.Push("main.cu", []byte(src))
	var out []string
	for _, tk := range p.All() {
		if tk.Kind != EOF {
			out = append(out, tk.Text)
		}
	}
	return strings.Join(out, " "), p.Err()
}

func TestPreprocess(t *testing.T) {
	tests := []struct {
		name, src, want string
		files           map[string]string
	}{
		{"object", "#define N 4\nint a[N];", "int a [ 4 ] ;", nil},
		{"function", "#define MAX(a,b) ((a)>(b)?(a):(b))\nMAX(1,2)", "( ( 1 ) > ( 2 ) ? ( 1 ) : ( 2 ) )", nil},
		{"stringize", "#define S(x) #x\nS(a  \"b\\n\" c)", `"a \"b\\n\" c"`, nil},
		{"paste", "#define CAT(a,b) a##b\nCAT(foo,bar) CAT(1,2)", "foobar 12", nil},
		{"paste empty", "#define CAT(a,b) a##b\nCAT(,x) CAT(y,)", "x y", nil},
		{"variadic", "#define V(f, ...) f(__VA_ARGS__)\nV(g, 1, 2)", "g ( 1 , 2 )", nil},
		{"gnu comma", "#define E(f, ...) f(0, ##__VA_ARGS__)\nE(g) E(h, 1)", "g ( 0 ) h ( 0 , 1 )", nil},
		{"va opt", "#define O(f, ...) f(0 __VA_OPT__(,) __VA_ARGS__)\nO(g) O(h, 1)", "g ( 0 ) h ( 0 , 1 )", nil},
		{"recursion", "#define foo foo bar\nfoo", "foo bar", nil},
		{"indirect", "#define f(x) x g\n#define g f\nf(1)(2)", "1 f ( 2 )", nil},
		{"not a call", "#define f(x) x\nint f;", "int f ;", nil},
		{"rescan", "#define AA BB\n#define BB 7\nAA", "7", nil},
		{"c99 example", "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n#define t(a) a\nf(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n",
			"f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ;", nil},
		{"if arith", "#if (1 << 4) == 16 && -1 < 0 && 0x10 == 020\nyes\n#else\nno\n#endif", "yes", nil},
		{"if unsigned", "#if -1 > 0u\nyes\n#endif", "yes", nil},
		{"if defined", "#define A\n#if defined(A) && !defined B\nyes\n#endif", "yes", nil},
		{"elif", "#if 0\na\n#elif 2 > 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b", nil},
		{"nested skip", "#if 0\n#if 1\nx\n#else\ny\n#endif\n#else\nz\n#endif", "z", nil},
		{"undefined is 0", "#if FOO == 0\nyes\n#endif", "yes", nil},
		{"cuda arch", "#if __CUDA_ARCH__ >= 520 && defined(__CUDACC__) && __cplusplus == 201703L && __cpp_if_constexpr == 201606L\nyes\n#endif", "yes", nil},
		{"ternary", "#if (1 ? 2 : 0) == 2\nyes\n#endif", "yes", nil},
		{"char const", "#if 'a' == 97 && '\\n' == 10\nyes\n#endif", "yes", nil},
		{"line", "__LINE__\n#line 100\n__LINE__", "1 100", nil},
		{"file", "#line 7 \"x.cu\"\n__FILE__ __LINE__", `"x.cu" 7`, nil},
		{"include", "#include \"a.h\"\nA", "int a ; 1", map[string]string{"a.h": "int a;\n#define A 1\n"}},
		{"pragma once", "#include \"a.h\"\n#include \"a.h\"\n", "int a ;", map[string]string{"a.h": "#pragma once\nint a;\n"}},
		{"include macro", "#define H \"a.h\"\n#include H\n", "x", map[string]string{"a.h": "x\n"}},
		{"has include", "#if __has_include(<stdint.h>) && !__has_include(\"nope.h\")\nyes\n#endif", "yes", nil},
		{"splice", "#define L 1 + \\\n 2\nL", "1 + 2", nil},
		{"comment", "a /* b */ c // d\ne", "a c e", nil},
		{"pragma op", "_Pragma(\"once\") x", "x", nil},
		{"args across lines", "#define F(a) a\nF(1\n,\n)", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := preprocess(t, tt.src, tt.files)
			if tt.name == "args across lines" {
				if err == nil {
					t.Fatal("want an argument count error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestTokens checks the lexer's kinds, spellings and positions, line
// splices and the white-space flags included.
func TestTokens(t *testing.T) {
	tests := []struct {
		src  string
		want string // kind text line:col [space] [bol], one per token
	}{
		{"int x;", "Ident int 1:1 bol|Ident x 1:5 space|Punct ; 1:6"},
		{"a->*b <<= c...", "Ident a 1:1 bol|Punct ->* 1:2|Ident b 1:5|Punct <<= 1:7 space|Ident c 1:11 space|Punct ... 1:12"},
		{"1.5e+3f 0x1p-2 1'000 .5", "Number 1.5e+3f 1:1 bol|Number 0x1p-2 1:9 space|Number 1'000 1:16 space|Number .5 1:22 space"},
		{`L'x' u8"s" "a\"b" 'c'`, `Char L'x' 1:1 bol|String u8"s" 1:6 space|String "a\"b" 1:12 space|Char 'c' 1:19 space`},
		{"x /* c */ y // d\n  z", "Ident x 1:1 bol|Ident y 1:11 space|Ident z 2:3 space bol"},
		{"ab\\\ncd e", "Ident abcd 1:1 bol|Ident e 2:4 space"},
		{"a\\\r\nb \\ c\\\n\\\nd x", "Ident ab 1:1 bol|Other \\ 2:3 space|Ident cd 2:5 space|Ident x 4:3 space"},
		{"\\\n#define X 1\nX", "Number 1 3:1"},
		{"\"open\n@ `", "Other \"open 1:1 bol|Other @ 2:1 bol|Other ` 2:3 space"},
		{"\u00e9t\u00e9 \u00b5", "Ident \u00e9t\u00e9 1:1 bol|Ident \u00b5 1:7 space"},
		// #pragma unroll: its count's names are not macros, as in nvcc.
		{"#define N 4\n#pragma unroll (N)\nfor", "PragmaUnroll #pragma unroll 2:9|Punct ( 2:16 space|Ident N 2:17|Punct ) 2:18|PragmaEnd  2:18|Ident for 3:1 bol"},
		{"#pragma unroll\nfor", "PragmaUnroll #pragma unroll 1:9|PragmaEnd  1:9|Ident for 2:1 bol"},
		// _Pragma("unroll ..."), as CUTLASS writes it, at the string (in
		// a macro, at its invocation).
		{"#define U _Pragma(\"unroll\")\nU for", "PragmaUnroll #pragma unroll 2:1|PragmaEnd  2:1|Ident for 2:3 space"},
		{"_Pragma(\"unroll (2)\") do", "PragmaUnroll #pragma unroll 1:9|Punct ( 1:9 space|Number 2 1:9|Punct ) 1:9|PragmaEnd  1:9|Ident do 1:23 space"},
		{"_Pragma(\"once\") x", "Ident x 1:17 space"},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		p := New(nil, fset)
		p.Push("t.c", []byte(tt.src))
		var got []string
		for _, tk := range p.All() {
			if tk.Kind == EOF {
				break
			}
			pos := fset.Position(tk.Pos)
			s := tk.Kind.String() + " " + tk.Text + " " + itoa(pos.Line) + ":" + itoa(pos.Column)
			if tk.Space {
				s += " space"
			}
			if tk.BOL {
				s += " bol"
			}
			got = append(got, s)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tt.src, g, tt.want)
		}
		if err := p.Err(); err != nil {
			t.Errorf("%q: %v", tt.src, err)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestErrors checks each error of the preprocessor: its position and
// text, and that preprocessing goes on after it.
func TestErrors(t *testing.T) {
	tests := []struct {
		src, want, out string
	}{
		{"#define F(a, b) a + b\nF(1) x", "main.cu:2:1: macro \"F\" takes 2 arguments, given 1", "x"},
		{"#if 1 +\n#endif\ny", "main.cu:1:7: expected a constant expression, found end of file", "y"},
		{"#if 1/0\n#endif\ny", "main.cu:1:6: division by zero in constant expression", "y"},
		{"#if 1 << 64\n#endif", "main.cu:1:7: shift count 64 is out of range", ""},
		{"#if 1.5\n#endif", "main.cu:1:5: floating constant 1.5 in an integer constant expression", ""},
		{"#if 99999999999999999999\n#endif", "main.cu:1:5: integer constant 99999999999999999999 is too large", ""},
		{"#if 1x\n#endif", "main.cu:1:5: invalid integer constant 1x", ""},
		{"#if 1lul\n#endif", "main.cu:1:5: invalid suffix on integer constant 1lul", ""},
		{"#define A(", "main.cu:1:9: missing ')' in macro parameter list", ""},
		{"#if (1\n#endif", "main.cu:1:6: expected ')', found end of file", ""},
		{"#if 1 2\n#endif", "main.cu:1:7: unexpected 2 in #if expression", ""},
		{"#if\n#endif", "main.cu:1:2: #if with no expression", ""},
		{"#if defined(\n#endif", "main.cu:1:5: expected a macro name after defined", ""},
		{"#error stop here\nz", "main.cu:1:2: #error stop here", "z"},
		{"#include \"missing.h\"", "main.cu:1:10: 'missing.h' file not found", ""},
		{"#include <nothere.h>", "main.cu:1:10: 'nothere.h' file not found (searched the built-in headers and -I directories)", ""},
		{"#include", "main.cu:1:2: expected \"FILENAME\" or <FILENAME> after #include", ""},
		{"#frobnicate\nw", "main.cu:1:2: invalid preprocessing directive #frobnicate", "w"},
		{"#else", "main.cu:1:2: #else without #if", ""},
		{"#endif", "main.cu:1:2: #endif without #if", ""},
		{"#if 1\n", "main.cu:1:1: unterminated conditional directive", ""},
		{"#if 0\n#else\n#elif 1\n#endif", "main.cu:3:2: #elif after #else", ""},
		{"#define A(x) #y", "main.cu:1:14: '#' is not followed by a macro parameter", ""},
		{"#define A(x, x) x", "main.cu:1:14: duplicate macro parameter \"x\"", ""},
		{"#define A(x", "main.cu:1:9: expected ',' or ')' in macro parameter list", ""},
		{"#define A ## b", "main.cu:1:9: '##' cannot appear at either end of a macro expansion", ""},
		{"#define defined 1", "main.cu:1:9: \"defined\" cannot be used as a macro name", ""},
		{"#define", "main.cu:1:2: expected a macro name after #define", ""},
		{"#undef 3", "main.cu:1:2: expected a macro name after #undef", ""},
		{"#define C(a, b) a ## b\nC(+, /)", "main.cu:2:3: pasting \"+\" and \"/\" does not give a valid preprocessing token", "+"},
		{"#define F(a) a\nF(1", "main.cu:2:1: unterminated argument list invoking macro \"F\"", ""},
		{"#line x", "main.cu:1:1: #line expects a line number", ""},
		{"#pragma pack(3)", "main.cu:1:2: invalid #pragma pack value \"3\": expected a power of 2", ""},
		{"_Pragma x", "main.cu:1:1: _Pragma takes a parenthesized string literal", "x"},
		{"a /* open", "main.cu:1:3: unterminated comment", "a"},
	}
	for _, tt := range tests {
		out, err := preprocess(t, tt.src, nil)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: got error\n%v\nwant\n%s", tt.src, err, tt.want)
		}
		if out != tt.out {
			t.Errorf("%q: got tokens %q, want %q", tt.src, out, tt.out)
		}
	}
}

// TestInclude checks where #include looks, in order: next to the
// including file for a quoted name, the -I directories, the built-in
// headers (first for an angled name), and the host's last.
func TestInclude(t *testing.T) {
	fsys := fstest.MapFS{
		"src/main.cu":       {Data: []byte("#include \"sub/local.h\"\n#include <lib.h>\n#include \"stdint.h\"\n#include <stddef.h>\nLOCAL SIBLING LIB STDINT\n")},
		"src/sub/local.h":   {Data: []byte("#include \"sibling.h\"\n#define LOCAL local\n")},
		"src/sub/sibling.h": {Data: []byte("#define SIBLING sibling\n")},
		"inc/lib.h":         {Data: []byte("#define LIB lib\n")},
		"inc/stdint.h":      {Data: []byte("#define STDINT mine\n")},
		"inc/stddef.h":      {Data: []byte("#error the built-in one comes first\n")},
	}
	fset := token.NewFileSet()
	var files []string
	p := New(&Config{FS: fsys, IncludeDirs: []string{"inc"}}, fset)
	src, _ := fsys.ReadFile("src/main.cu")
	p.Push("src/main.cu", src)
	var out []string
	for _, tk := range p.All() {
		if tk.Kind != EOF {
			out = append(out, tk.Text)
		}
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out, " "); !strings.HasSuffix(got, "; local sibling lib mine") {
		t.Errorf("got %q", got)
	}
	fset.Iterate(func(f *token.File) bool {
		files = append(files, f.Name())
		return true
	})
	want := "src/main.cu src/sub/local.h src/sub/sibling.h inc/lib.h inc/stdint.h <built-in>/stddef.h"
	if got := strings.Join(files, " "); got != want {
		t.Errorf("files read:\n%s\nwant\n%s", got, want)
	}
	if !IsBuiltin("<built-in>/stddef.h") || !IsBuiltin(CommandLine) || IsBuiltin("inc/stdint.h") {
		t.Error("IsBuiltin")
	}
	var inc []string
	for _, in := range p.Includes() {
		inc = append(inc, fmt.Sprintf("%s %s %v %v", fset.Position(in.Pos), in.Name, in.Builtin, in.Host))
	}
	want = "src/main.cu:1:10 src/sub/local.h false false|src/sub/local.h:1:10 src/sub/sibling.h false false|" +
		"src/main.cu:2:10 inc/lib.h false false|src/main.cu:3:10 inc/stdint.h false false|" +
		"src/main.cu:4:10 <built-in>/stddef.h true false"
	if got := strings.Join(inc, "|"); got != want {
		t.Errorf("Includes():\n%s\nwant\n%s", got, want)
	}
	// Lookup finds what #include would, from a given file.
	for _, tt := range []struct {
		from, name string
		angled     bool
		want, err  string
	}{
		{"src/main.cu", "sub/local.h", false, "src/sub/local.h", ""},
		{"src/sub/local.h", "sibling.h", false, "src/sub/sibling.h", ""},
		{"src/main.cu", "sibling.h", false, "", "'sibling.h' file not found"},
		{"src/main.cu", "stdint.h", false, "inc/stdint.h", ""},
		{"src/main.cu", "stdint.h", true, "<built-in>/stdint.h", ""},
		{"", "cuda/barrier", true, "<built-in>/cuda/barrier", ""},
		{"<built-in>/cuda_runtime.h", "lib.h", false, "inc/lib.h", ""},
		{"src/main.cu", "../x.h", true, "", "'../x.h' file not found (searched the built-in headers and -I directories)"},
	} {
		got, host, err := p.Lookup(tt.from, tt.name, tt.angled)
		if got != tt.want || host || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
			t.Errorf("Lookup(%q, %q, %v) = %q, %v, %v; want %q, %s", tt.from, tt.name, tt.angled, got, host, err, tt.want, tt.err)
		}
	}
}

// TestHostHeaders checks that an angled header the built-in set lacks is
// read from Config.SystemIncludeDirs, once, with one warning naming it,
// that HostHeaders lists it, and that a built-in header is not read there.
func TestHostHeaders(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"hostlib.h": "#pragma once\nhost\n", "stdint.h": "#error not this one\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var warns []string
	fset := token.NewFileSet()
	p := New(&Config{SystemIncludeDirs: []string{dir}, Warn: func(pos token.Pos, msg string) {
		warns = append(warns, fset.Position(pos).String()+": "+msg)
	}}, fset)
	p.Push("s.cu", []byte("#include <stdint.h>\n#include <hostlib.h>\n#include <hostlib.h>\n#if __has_include(<hostlib.h>)\nyes\n#endif\n"))
	var out []string
	for _, tk := range p.All() {
		if tk.Kind != EOF {
			out = append(out, tk.Text)
		}
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out, " "); !strings.HasSuffix(got, "; host yes") {
		t.Errorf("tokens %q", got)
	}
	host := filepath.Join(dir, "hostlib.h")
	if want := "s.cu:2:10: <hostlib.h> is not a built-in header: read the host's " + host; len(warns) != 1 || warns[0] != want {
		t.Errorf("warnings %q, want [%q]", warns, want)
	}
	if got := p.HostHeaders(); len(got) != 1 || got[0] != host {
		t.Errorf("HostHeaders() = %q", got)
	}
	if inc := p.Includes(); len(inc) != 2 || inc[0].Name != "<built-in>/stdint.h" || !inc[0].Builtin || inc[1].Name != host || !inc[1].Host {
		t.Errorf("Includes() = %+v", inc)
	}
	if got, isHost, err := p.Lookup("s.cu", "hostlib.h", true); got != host || !isHost || err != nil {
		t.Errorf("Lookup(hostlib.h) = %q, %v, %v", got, isHost, err)
	}
}

// TestApply checks -D and -U options in order, as gcc and nvcc read them.
func TestApply(t *testing.T) {
	tests := []struct {
		name   string
		macros []Macro
		src    string
		want   string
		err    string
	}{
		{"value", []Macro{{Name: "N", Body: "7"}}, "N", "7", ""},
		{"empty", []Macro{{Name: "E"}}, "a E b", "a b", ""},
		{"empty is defined", []Macro{{Name: "E"}}, "#ifdef E\nyes\n#endif", "yes", ""},
		{"function-like", []Macro{{Name: "F(x,y)", Body: "((x)*(y))"}}, "F(2, 3)", "( ( 2 ) * ( 3 ) )", ""},
		{"in order", []Macro{{Name: "N", Body: "1"}, {Name: "N", Undef: true}, {Name: "N", Body: "9"}}, "N", "9", ""},
		{"undef", []Macro{{Name: "N", Body: "1"}, {Name: "N", Undef: true}}, "N", "N", ""},
		{"undef predefined", []Macro{{Name: "__CUDACC__", Undef: true}}, "#ifndef __CUDACC__\nno\n#endif", "no", ""},
		{"bad name", []Macro{{Name: "3x", Body: "1"}}, "", "", "<command-line>:1:1: expected a macro name after #define"},
		{"bad parameters", []Macro{{Name: "F(x", Body: "x"}}, "", "", "<command-line>:1:5: expected ',' or ')' in macro parameter list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New(nil, token.NewFileSet())
			for _, m := range Predefined(target.Default) {
				p.Define(m.Name, m.Body)
			}
			for _, m := range tt.macros {
				p.Apply(m)
			}
			p.Push("a.cu", []byte(tt.src))
			var out []string
			for _, tk := range p.All() {
				if tk.Kind != EOF {
					out = append(out, tk.Text)
				}
			}
			if got := strings.Join(out, " "); got != tt.want {
				t.Errorf("tokens %q, want %q", got, tt.want)
			}
			err := p.Err()
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || err.Error() != tt.err) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}

// TestPredefined checks the macros that differ by target.
func TestPredefined(t *testing.T) {
	for _, tt := range []struct {
		addr, sm int
		want     string
	}{
		{64, 52, "520 8 1 __ILP32__"},
		{32, 80, "800 4 __LP64__ 1"},
	} {
		p := New(nil, token.NewFileSet())
		tg := target.Target{AddressSize: tt.addr, SM: tt.sm}
		for _, m := range Predefined(tg) {
			p.Define(m.Name, m.Body)
		}
		p.Push("p.cu", []byte("__CUDA_ARCH__ __SIZEOF_POINTER__ __LP64__ __ILP32__"))
		var out []string
		for _, tk := range p.All() {
			if tk.Kind != EOF {
				out = append(out, tk.Text)
			}
		}
		if got := strings.Join(out, " "); got != tt.want {
			t.Errorf("-m%d sm_%d: %q, want %q", tt.addr, tt.sm, got, tt.want)
		}
	}
}

// TestValues checks integer and character constants as #if reads them.
func TestValues(t *testing.T) {
	tests := []struct {
		text string
		want Value
		err  string
	}{
		{"0", Value{0, false}, ""},
		{"7", Value{7, false}, ""},
		{"123", Value{123, false}, ""},
		{"999999999999999999", Value{999999999999999999, false}, ""},
		{"9999999999999999999", Value{-8446744073709551617, true}, ""},
		{"99999999999999999999", Value{}, "integer constant 99999999999999999999 is too large"},
		{"12a", Value{}, "invalid integer constant 12a"},
		{"42u", Value{42, true}, ""},
		{"0x7fffffffffffffffLL", Value{1<<63 - 1, false}, ""},
		{"0xffffffffffffffff", Value{-1, true}, ""},
		{"017", Value{15, false}, ""},
		{"0b101", Value{5, false}, ""},
		{"1'000'000", Value{1000000, false}, ""},
		{"1.0", Value{}, "floating constant 1.0 in an integer constant expression"},
		{"08", Value{}, "invalid integer constant 08"},
		{"'a'", Value{97, false}, ""},
		{"'\\xff'", Value{-1, false}, ""},
		{"'\\377'", Value{-1, false}, ""},
		{"'ab'", Value{0x6162, false}, ""},
		{"L'\\n'", Value{10, false}, ""},
		{"u'\\u00e9'", Value{0xe9, true}, ""},
		{"'\\q'", Value{}, "unknown escape sequence '\\q'"},
		{"''", Value{}, "empty character constant"},
	}
	for _, tt := range tests {
		var v Value
		var err error
		if strings.Contains(tt.text, "'") && !strings.ContainsAny(tt.text[:1], "0123456789") {
			v, err = CharValue(tt.text)
		} else {
			v, err = IntValue(tt.text)
		}
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil || v != tt.want {
			t.Errorf("%s = %+v, %v; want %+v", tt.text, v, err, tt.want)
		}
	}
}

// TestStopped checks that a macro expansion beyond the limits is an
// error that ends preprocessing, not a crash or a hang.
func TestStopped(t *testing.T) {
	src := "#define A B B B B B B B B\n#define B C C C C C C C C\n#define C D D D D D D D D\n#define D E E E E E E E E\n" +
		"#define E F F F F F F F F\n#define F G G G G G G G G\n#define G H H H H H H H H\n#define H x x x x x x x x\nA after"
	p := New(nil, token.NewFileSet())
	p.Push("big.cu", []byte(src))
	toks := p.All()
	if !p.Stopped() || p.Err() == nil || !strings.Contains(p.Err().Error(), "macro expansion too large") {
		t.Fatalf("stopped %v, error %v", p.Stopped(), p.Err())
	}
	if toks[len(toks)-1].Kind != EOF || p.Next().Kind != EOF {
		t.Error("no EOF after stopping")
	}
}

// TestHeaders checks that the built-in headers are there by their
// #include names and that each preprocesses without error, for -m64 and
// -m32.
func TestHeaders(t *testing.T) {
	n := 0
	err := fs.WalkDir(Headers(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		for _, addr := range []int{64, 32} {
			p := New(nil, token.NewFileSet())
			for _, m := range Predefined(target.Target{AddressSize: addr, SM: 52}) {
				p.Define(m.Name, m.Body)
			}
			p.Push("h.cu", []byte("#include <"+name+">\n"))
			p.All()
			if err := p.Err(); err != nil {
				t.Errorf("<%s> -m%d: %v", name, addr, err)
			}
		}
		return nil
	})
	if err != nil || n < 40 {
		t.Fatalf("%d headers, %v", n, err)
	}
	p := New(nil, token.NewFileSet())
	if err := p.PushBuiltin("cuda_runtime.h"); err != nil {
		t.Error(err)
	}
	if err := p.PushBuiltin("../pp.go"); err == nil {
		t.Error("PushBuiltin(../pp.go) is no error")
	}
}

// FuzzPreprocess checks that no input makes the preprocessor panic or
// hang, that every token it returns has a spelling and a position in a
// file, and that it ends with EOF.
func FuzzPreprocess(f *testing.F) {
	f.Add([]byte("#define f(x) f(x f)\nf(f(1))"))
	f.Add([]byte("#define CAT(a, ...) a ## __VA_ARGS__ __VA_OPT__(,) #a\nCAT(x, y, z) CAT()\n#if CAT(1,2) > 3 ? 'a' : 0x10u\n#include <stdint.h>\n#elif\n#endif"))
	f.Add([]byte("#include \"inc.h\"\n#pragma pack(push, 4)\n_Pragma(\"once\") __LINE__ __FILE__\n#line 9 \"x\"\n"))
	f.Add([]byte("a\\\nb /* c\n*/ \"d\\\"\" 'e' @ L\"f\" 1.e+5 ->* <<= ..."))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		p := New(&Config{FS: fstest.MapFS{"inc.h": &fstest.MapFile{Data: []byte("#pragma once\nint inc;\n")}}}, fset)
		for _, m := range Predefined(target.Default) {
			p.Define(m.Name, m.Body)
		}
		p.Push("fuzz.cu", src)
		toks := p.All()
		if toks[len(toks)-1].Kind != EOF {
			t.Fatal("no EOF at the end")
		}
		for _, tk := range toks[:len(toks)-1] {
			if tk.Text == "" && tk.Kind != Pragma || tk.Kind == EOF || fset.File(tk.Pos) == nil {
				t.Fatalf("token %+v", tk)
			}
		}
		_ = p.Err()
	})
}

// TestPunctuators checks maximal munch over every punctuator of C11
// 6.4.6 (without digraphs) and C++'s ::, .* and ->*.
func TestPunctuators(t *testing.T) {
	puncts := strings.Fields("... <<= >>= ->* ## :: -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= .* " +
		"# ( ) [ ] { } ; : , . ? ~ ! + - * / % & | ^ < > =")
	for _, p := range puncts {
		for _, next := range []string{"", " ", "a", "1"} {
			if n := punctLen(p + next); n != len(p) {
				t.Errorf("punctLen(%q) = %d, want %d", p+next, n, len(p))
			}
		}
	}
	for _, s := range []string{"@", "`", "\\", "\x00", "\u00e9"} {
		if n := punctLen(s); n != 0 {
			t.Errorf("punctLen(%q) = %d, want 0", s, n)
		}
	}
	// Longest first: "<<=" is one token, "->*" one, "..." one, ".." two.
	for src, want := range map[string]string{"a<<=b": "a|<<=|b", "p->*m": "p|->*|m", "..": ".|.", "x+++y": "x|++|+|y", "a>>=>b": "a|>>=|>|b"} {
		p := New(nil, token.NewFileSet())
		p.Push("p.c", []byte(src))
		var got []string
		for _, tk := range p.All() {
			if tk.Kind != EOF {
				got = append(got, tk.Text)
			}
		}
		if g := strings.Join(got, "|"); g != want {
			t.Errorf("%q: %s, want %s", src, g, want)
		}
	}
}

// TestMathHeader checks the names the built-in <math.h> declares through
// its macros: the float forms are name##f (sqrtf), not the name twice.
func TestMathHeader(t *testing.T) {
	p := New(nil, token.NewFileSet())
	for _, m := range Predefined(target.Default) {
		p.Define(m.Name, m.Body)
	}
	p.Push("h.cu", []byte("#include <math.h>\n"))
	var words []string
	for _, tk := range p.All() {
		words = append(words, tk.Text)
	}
	text := strings.Join(words, " ")
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"double sqrt ( double x )", "float sqrtf ( float x )", "float fminf ( float x , float y )", "float rsqrtf ( float x )"} {
		if !strings.Contains(text, want) {
			t.Errorf("<math.h> does not declare %q", want)
		}
	}
	if strings.Contains(text, "sqrtsqrt") {
		t.Error("<math.h> declares sqrtsqrt")
	}
}

// TestTokensAgreeWithNext checks Tokens, whose spellings are offsets
// into one text, against Next on the same unit: a file with line
// splices, macros (pasting, stringizing, __LINE__), a header that
// #include brings in, and the built-in headers (stored lexed). Every
// token is spelled, placed and flagged alike.
func TestTokensAgreeWithNext(t *testing.T) {
	src := "#include \"inc.h\"\n#define CAT(a, b) a ## b\n#define STR(x) #x\n#define TWICE(x) x x\n" +
		"int CAT(fo, o) = __LINE__; const char *s = STR(a  +\\\n b);\nin\\\nt TWICE(y);\nINC_MACRO\n" +
		"#pragma pack(4)\nstruct S { char c; };\nvoid f() {\n#pragma unroll 2 * INC_MACRO\nfor (;;); }\n"
	fsys := fstest.MapFS{"inc.h": &fstest.MapFile{Data: []byte("#define INC_MACRO long z;\ntypedef int from_inc;\n")}}
	unit := func() *Preprocessor {
		p := New(&Config{FS: fsys}, token.NewFileSet())
		for _, m := range Predefined(target.Default) {
			p.Define(m.Name, m.Body)
		}
		p.Define("__PTXABI_DEVICE_BUILTINS", "1") // more built-in headers, with line splices
		p.Push("main.cu", []byte(src))
		if err := p.PushBuiltin("cuda_runtime.h"); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var want []Token
	p := unit()
	for {
		tk := p.Next()
		want = append(want, tk)
		if tk.Kind == EOF {
			break
		}
	}
	p = unit()
	ts := p.Tokens()
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ts.List) != len(want) {
		t.Fatalf("Tokens: %d tokens, Next: %d", len(ts.List), len(want))
	}
	macros := 0
	for i, w := range want {
		got := ts.Token(i)
		if got.Text != w.Text || got.Pos != w.Pos || got.Kind != w.Kind || got.Space != w.Space || got.BOL != w.BOL || got.FromMacro() != w.FromMacro() {
			t.Fatalf("token %d: Tokens gives %+v, Next %+v", i, got, w)
		}
		if got.FromMacro() {
			macros++
		}
	}
	if macros == 0 || len(want) < 1000 {
		t.Errorf("%d tokens, %d from macros: the unit does not exercise Tokens", len(want), macros)
	}
}

// TestDefineAll checks that DefineAll defines what Define does, one macro
// at a time: the same tokens at the same positions, for the predefined
// macros, an empty body and a body of more than one line.
func TestDefineAll(t *testing.T) {
	sets := [][]Macro{
		Predefined(target.Default),
		{{Name: "E"}, {Name: "A", Body: " x  +  y "}, {Name: "B", Body: "(1)"}},
		{{Name: "A", Body: "1"}, {Name: "L", Body: "a \\\n b"}},
	}
	for _, ms := range sets {
		fa, fb := token.NewFileSet(), token.NewFileSet()
		a, b := New(&Config{}, fa), New(&Config{}, fb)
		for _, m := range ms {
			a.Define(m.Name, m.Body)
		}
		b.DefineAll(ms)
		for _, m := range ms {
			ma, mb := a.macros[m.Name], b.macros[m.Name]
			if ma == nil || mb == nil || len(ma.body) != len(mb.body) {
				t.Fatalf("%s: Define %v, DefineAll %v", m.Name, ma, mb)
			}
			for i := range ma.body {
				ta, tb := ma.body[i], mb.body[i]
				if ta.Text != tb.Text || ta.Kind != tb.Kind || ta.Space != tb.Space || ta.BOL != tb.BOL ||
					fa.Position(ta.Pos).String() != fb.Position(tb.Pos).String() {
					t.Errorf("%s: token %d: Define %q at %v, DefineAll %q at %v", m.Name, i, ta.Text, fa.Position(ta.Pos), tb.Text, fb.Position(tb.Pos))
				}
			}
		}
	}
}
