package cfront

import (
	"go/token"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ptxabi/ptxabi/target"
)

// preprocess runs the preprocessor alone on src and returns the tokens'
// text separated by spaces.
func preprocess(t *testing.T, src string, files map[string]string) (string, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for k, v := range files {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	cfg := &Config{Target: target.Default, FS: fsys}
	d := &diag{fset: token.NewFileSet()}
	p := newPP(cfg, d)
	for _, kv := range predefined(cfg.Target) {
		p.define(kv[0], kv[1])
	}
	p.push("main.cu", []byte(src), false)
	var toks []Token
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(bailout); !ok {
					panic(r)
				}
			}
		}()
		toks = p.run()
	}()
	var out []string
	for _, tk := range toks {
		if tk.Kind != tEOF {
			out = append(out, tk.Text)
		}
	}
	if len(d.errs) > 0 {
		return strings.Join(out, " "), d.errs
	}
	return strings.Join(out, " "), nil
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
		{"cuda arch", "#if __CUDA_ARCH__ >= 520 && defined(__CUDACC__) && __cplusplus == 201402L\nyes\n#endif", "yes", nil},
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
