package cfront

import (
	"flag"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// testSizes is a stand-in for package layout: natural sizes of the basic
// types only, enough to test that the hook is called.
type testSizes struct{ ptr int64 }

func (s testSizes) Sizeof(t ctypes.Type) (int64, error) {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		return map[ctypes.Kind]int64{ctypes.Char: 1, ctypes.SChar: 1, ctypes.UChar: 1, ctypes.Bool: 1,
			ctypes.Short: 2, ctypes.UShort: 2, ctypes.Int: 4, ctypes.UInt: 4, ctypes.Float: 4,
			ctypes.Long: s.ptr, ctypes.ULong: s.ptr, ctypes.LongLong: 8, ctypes.ULongLong: 8, ctypes.Double: 8}[u.Kind], nil
	case *ctypes.Pointer:
		return s.ptr, nil
	case *ctypes.Array:
		n, err := s.Sizeof(u.Elem)
		return n * u.Len, err
	}
	return 0, errNoSize
}

func (s testSizes) Alignof(t ctypes.Type) (int64, error) {
	if a, ok := ctypes.Unqualified(t).(*ctypes.Array); ok {
		return s.Alignof(a.Elem)
	}
	return s.Sizeof(t)
}

func (s testSizes) Offsetof(t ctypes.Type, m string) (int64, error) {
	st, ok := ctypes.Unqualified(t).(*ctypes.Struct)
	if !ok {
		return 0, errNoSize
	}
	var off int64
	for _, f := range st.Fields {
		if f.Name == m {
			return off, nil
		}
		n, err := s.Sizeof(f.Type)
		if err != nil {
			return 0, err
		}
		off += n
	}
	return 0, errNoSize
}

type sizeError string

func (e sizeError) Error() string { return string(e) }

const errNoSize = sizeError("no size in the test layout")

func testConfig(addr int) *Config {
	t := target.Default
	t.AddressSize = addr
	return &Config{Target: t, Sizes: testSizes{int64(addr / 8)}, IncludeDirs: []string{"testdata/include"}}
}

// TestGolden parses each testdata/*.cu for -m64 and -m32 and compares the
// declarations with testdata/NAME.golden.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.cu")
	if len(files) == 0 {
		t.Fatal("no test inputs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var out strings.Builder
			for _, addr := range []int{64, 32} {
				fset := token.NewFileSet()
				f, err := ParseFile(testConfig(addr), fset, file, nil)
				if err != nil {
					t.Fatalf("-m%d: %v", addr, err)
				}
				out.WriteString("-m" + map[int]string{64: "64", 32: "32"}[addr] + "\n")
				out.WriteString(dump(fset, f))
			}
			golden := strings.TrimSuffix(file, ".cu") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(out.String()), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if string(want) != out.String() {
				t.Errorf("mismatch with %s (run go test -update and review the diff):\n%s", golden, out.String())
			}
		})
	}
}

var errorRx = regexp.MustCompile(`/\* ERROR "([^"]*)" \*/`)

// TestErrors checks testdata/errors/*.cu: each /* ERROR "regexp" */ comment
// expects an error on its line matching the regexp, and there must be no
// other errors.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.cu")
	if len(files) == 0 {
		t.Fatal("no test inputs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			type want struct {
				line int
				rx   *regexp.Regexp
			}
			var wants []want
			for i, l := range strings.Split(string(src), "\n") {
				for _, m := range errorRx.FindAllStringSubmatch(l, -1) {
					wants = append(wants, want{i + 1, regexp.MustCompile(m[1])})
				}
			}
			if len(wants) == 0 {
				t.Fatal("no ERROR comments")
			}
			fset := token.NewFileSet()
			_, err = ParseFile(testConfig(64), fset, file, src)
			if err == nil {
				t.Fatal("no errors")
			}
			list, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error is %T, not ErrorList: %v", err, err)
			}
			used := make([]bool, len(wants))
			for _, e := range list {
				found := false
				for i, w := range wants {
					if !used[i] && filepath.Base(e.Pos.Filename) == filepath.Base(file) && e.Pos.Line == w.line && w.rx.MatchString(e.Msg) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("unexpected error: %v", e)
				}
			}
			for i, w := range wants {
				if !used[i] {
					t.Errorf("%s:%d: missing error matching %q", file, w.line, w.rx)
				}
			}
		})
	}
}

// FuzzParseFile checks that no input makes the front end panic or fail an
// internal invariant.
func FuzzParseFile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.cu")
	errs, _ := filepath.Glob("testdata/errors/*.cu")
	for _, file := range append(files, errs...) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte("#define f(x) f(x f)\nf(f(1))"))
	f.Add([]byte("struct S { int a : 3; } __attribute__((aligned(8)));"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, addr := range []int{64, 32} {
			cfg := testConfig(addr)
			cfg.IncludeDirs = nil
			cfg.FS = fstest.MapFS{"inc.h": &fstest.MapFile{Data: []byte("struct Inc { int i; };\n")}}
			_, err := ParseFile(cfg, token.NewFileSet(), "fuzz.cu", src)
			if err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("-m%d: %v", addr, err)
			}
		}
	})
}

// TestBuiltinTypes checks the vector alignments against CUDA 11.8's
// vector_types.h, read as facts: __align__ values per type and address size.
func TestBuiltinTypes(t *testing.T) {
	tests := []struct {
		name  string
		addr  int
		align int64
	}{
		{"char1", 64, 1}, {"char2", 64, 2}, {"char3", 64, 1}, {"char4", 64, 4},
		{"uchar2", 64, 2}, {"short1", 64, 2}, {"short2", 64, 4}, {"short3", 64, 2}, {"short4", 64, 8},
		{"int1", 64, 4}, {"int2", 64, 8}, {"int3", 64, 4}, {"int4", 64, 16}, {"uint4", 32, 16},
		{"long1", 64, 8}, {"long1", 32, 4}, {"long2", 64, 16}, {"long2", 32, 8}, {"long3", 32, 4},
		{"long4", 64, 16}, {"long4", 32, 16}, {"ulong2", 32, 8},
		{"float1", 64, 4}, {"float2", 64, 8}, {"float3", 64, 4}, {"float4", 64, 16},
		{"longlong1", 64, 8}, {"longlong2", 32, 16}, {"longlong3", 64, 8}, {"longlong4", 64, 16},
		{"double1", 64, 8}, {"double2", 64, 16}, {"double3", 32, 8}, {"double4", 32, 16},
	}
	for _, tt := range tests {
		tg := target.Default
		tg.AddressSize = tt.addr
		v, ok := BuiltinType(tg, tt.name).(*ctypes.Vector)
		if !ok {
			t.Errorf("%s: not a vector", tt.name)
			continue
		}
		if v.Align != tt.align {
			t.Errorf("-m%d %s: align %d, want %d", tt.addr, tt.name, v.Align, tt.align)
		}
	}
	if h, ok := BuiltinType(target.Default, "cudaTextureObject_t").(*ctypes.Handle); !ok || h.Kind != ctypes.Texture {
		t.Errorf("cudaTextureObject_t is %v", BuiltinType(target.Default, "cudaTextureObject_t"))
	}
	if BuiltinType(target.Default, "float5") != nil || BuiltinType(target.Default, "foo") != nil {
		t.Error("unknown names must give nil")
	}
}

// TestWarnings checks that warnings go to Config.Warn and do not fail the
// parse.
func TestWarnings(t *testing.T) {
	src := "#warning check me\nstruct W { int x : 40; unsigned char c : 9; };\n"
	var got []string
	cfg := testConfig(64)
	cfg.Warn = func(d Diagnostic) { got = append(got, d.String()) }
	fset := token.NewFileSet()
	f, err := ParseFile(cfg, fset, "w.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"w.cu:1:2: warning: #warning check me",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	st := f.Lookup("W").(*ctypes.Struct)
	if st.Fields[0].BitWidth != 40 || st.Fields[1].BitWidth != 9 {
		t.Errorf("widths %d %d, want 40 9 (nvcc allocates the declared width)", st.Fields[0].BitWidth, st.Fields[1].BitWidth)
	}
}

// TestErrorFormat checks the ErrorList: sorted, one "file:line:col: msg"
// per line, recovery after each bad declaration.
func TestErrorFormat(t *testing.T) {
	src := "struct A { int x : -1; };\nfoo y;\nstruct B { int b; };\nbar z;\n"
	fset := token.NewFileSet()
	f, err := ParseFile(testConfig(64), fset, "e.cu", []byte(src))
	want := "e.cu:1:18: bit field 'x' has negative width\ne.cu:2:1: unknown type name 'foo'\ne.cu:4:1: unknown type name 'bar'"
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
	if f.Lookup("B") == nil {
		t.Error("struct B after an error is missing")
	}
}

// TestConfig checks -D defines, -I directories in Config.FS, quoted
// includes relative to the including file, and reading the main file
// from Config.FS.
func TestConfig(t *testing.T) {
	fsys := fstest.MapFS{
		"src/main.cu":       {Data: []byte("#include \"sub/local.h\"\n#include <lib.h>\nstruct M { int a[N]; Local l; Lib b; };\n")},
		"src/sub/local.h":   {Data: []byte("#include \"sibling.h\"\nstruct Local { Sibling s; };\n")},
		"src/sub/sibling.h": {Data: []byte("struct Sibling { char c; };\n")},
		"inc/lib.h":         {Data: []byte("struct Lib { long x; };\n")},
	}
	cfg := &Config{Target: target.Default, FS: fsys, IncludeDirs: []string{"inc"}, Defines: map[string]string{"N": "3", "EMPTY": ""}}
	fset := token.NewFileSet()
	f, err := ParseFile(cfg, fset, "src/main.cu", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := f.Lookup("M").(*ctypes.Struct)
	if !ok || len(m.Fields) != 3 || m.Fields[0].Type.(*ctypes.Array).Len != 3 {
		t.Fatalf("struct M: %+v", f.Lookup("M"))
	}
	var names []string
	for _, ty := range f.Types {
		names = append(names, ty.String())
	}
	if got := strings.Join(names, ","); got != "struct Sibling,struct Local,struct Lib,struct M" {
		t.Errorf("types in order: %s", got)
	}
	if pos := fset.Position(f.Lookup("Sibling").(*ctypes.Struct).Pos); pos.Filename != "src/sub/sibling.h" || pos.Line != 1 {
		t.Errorf("Sibling at %v", pos)
	}
}

func BenchmarkParseFile(b *testing.B) {
	src, err := os.ReadFile("testdata/cxx.cu")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseFile(testConfig(64), token.NewFileSet(), "cxx.cu", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNoLayout checks that sizeof, alignof and offsetof without
// Config.Sizes are errors that say so, and that everything else parses.
func TestNoLayout(t *testing.T) {
	src := "struct S { int a; };\nint x[sizeof(S)];\nstruct alignas(double) D { int d; };\nenum { O = offsetof(S, a) };\nint ok[4];\n"
	cfg := &Config{Target: target.Default}
	f, err := ParseFile(cfg, token.NewFileSet(), "n.cu", []byte(src))
	want := "n.cu:2:7: sizeof needs a layout\nn.cu:3:8: alignof needs a layout\nn.cu:4:12: offsetof needs a layout"
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
	if len(f.Vars) != 1 || f.Vars[0].Name != "ok" {
		t.Errorf("vars: %+v", f.Vars)
	}
}

// TestDeepNesting checks that absurd nesting is an error, not a crash.
func TestDeepNesting(t *testing.T) {
	inputs := []string{
		strings.Repeat("struct {", 5000) + strings.Repeat("};", 5000),
		"int x[" + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "];",
		"int " + strings.Repeat("(", 5000) + "x" + strings.Repeat(")", 5000) + ";",
		"#define f(x) x\nint y = " + strings.Repeat("f(", 5000) + "1" + strings.Repeat(")", 5000) + ";",
		strings.Repeat("namespace a {", 5000),
	}
	for _, src := range inputs {
		_, err := ParseFile(testConfig(64), token.NewFileSet(), "deep.cu", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "too deeply") {
			t.Errorf("%.30s...: %v", src, err)
		}
	}
}

// TestBuiltinHeaders includes each built-in header alone, for -m64 and
// -m32 and an old and a new architecture: each must parse without error.
func TestBuiltinHeaders(t *testing.T) {
	var names []string
	err := fs.WalkDir(pp.Headers(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if err != nil || len(names) < 40 {
		t.Fatalf("built-in headers: %d, %v", len(names), err)
	}
	for _, name := range names {
		for _, addr := range []int{64, 32} {
			for _, sm := range []int{52, 80} {
				cfg := testConfig(addr)
				cfg.Target.SM = sm
				src := "#include <" + name + ">\n"
				if _, err := ParseFile(cfg, token.NewFileSet(), "h.cu", []byte(src)); err != nil {
					t.Errorf("<%s> -m%d sm_%d: %v", name, addr, sm, err)
				}
			}
		}
	}
}

// TestSystemIncludeDirs checks that an angled header the built-in set
// lacks is read from Config.SystemIncludeDirs, with a warning naming it,
// and that a built-in header is not.
func TestSystemIncludeDirs(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hostlib.h"), []byte("#pragma once\nstruct HostLib { int h; };\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stdint.h"), []byte("#error not this one\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var warns []string
	cfg := testConfig(64)
	cfg.SystemIncludeDirs = []string{dir}
	cfg.Warn = func(d Diagnostic) { warns = append(warns, d.String()) }
	src := "#include <stdint.h>\n#include <hostlib.h>\n#include <hostlib.h>\nHostLib x;\n"
	if _, err := ParseFile(cfg, token.NewFileSet(), "s.cu", []byte(src)); err != nil {
		t.Fatal(err)
	}
	want := "s.cu:2:10: warning: <hostlib.h> is not a built-in header: read the host's " + filepath.Join(dir, "hostlib.h")
	if len(warns) != 1 || warns[0] != want {
		t.Errorf("warnings %q, want [%q]", warns, want)
	}
	cfg.SystemIncludeDirs = nil
	if _, err := ParseFile(cfg, token.NewFileSet(), "s.cu", []byte(src)); err == nil || !strings.Contains(err.Error(), "'hostlib.h' file not found") {
		t.Errorf("without system directories: %v", err)
	}
}

// TestMemberTemplateWarning checks that a member template is kept for
// instantiation without a warning, that a constructor template (not
// instantiated) is skipped with a warning naming it, and that the class's
// other members are kept.
func TestMemberTemplateWarning(t *testing.T) {
	src := "struct H {\n\ttemplate <typename T> __device__ void put(T v) { }\n\ttemplate <typename T> __device__ H(T v) { }\n\t__device__ int get() const;\n};\n"
	var got []string
	cfg := testConfig(64)
	cfg.Warn = func(d Diagnostic) { got = append(got, d.String()) }
	f, err := ParseFile(cfg, token.NewFileSet(), "m.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "m.cu:3:2: warning: member template 'H::H' (a constructor, conversion or friend template) is not supported: it is skipped, and its instances are not listed"
	if len(got) != 1 || got[0] != want {
		t.Errorf("warnings %q, want [%q]", got, want)
	}
	if len(f.Funcs) != 1 || f.Funcs[0].QualifiedName() != "H::get" {
		t.Errorf("functions %v, want H::get", f.Funcs)
	}
}

// TestOutOfClassMemberTemplate checks that a member template of a class
// template defined outside its class is skipped with a warning naming its
// position, and that the declarations after it are kept; and that an
// explicit specialization of a class template may have base classes.
func TestOutOfClassMemberTemplate(t *testing.T) {
	src := `template <class T> struct rc {};
namespace d { struct base { int x; }; }
template <> struct rc<float> : d::base { int y; };
template <class T> struct W { T v; W(); template <class U> W(W<U> const &o); };
template <class T> template <class U> W<T>::W(W<U> const &o) : v(o.v) {}
__global__ void k(rc<float> r) {}
`
	var got []string
	cfg := testConfig(64)
	cfg.Warn = func(d Diagnostic) { got = append(got, d.String()) }
	f, err := ParseFile(cfg, token.NewFileSet(), "m.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "m.cu:5:20: warning: a member template of a class template defined outside its class is not supported: it is skipped, and its instances are not listed"
	if !slices.Contains(got, want) {
		t.Errorf("warnings %q, want %q among them", got, want)
	}
	var st *ctypes.Struct
	found := false
	for _, fd := range f.Funcs {
		if fd.Name == "k" {
			found = true
			st, _ = fd.Type.Params[0].Type.(*ctypes.Struct)
		}
	}
	if !found {
		t.Fatalf("k, declared after the skipped definition, is missing")
	}
	if st == nil || len(st.Bases) != 1 || st.Bases[0].Type.Name() != "d::base" || len(st.Fields) != 1 {
		t.Errorf("rc<float>: %+v, want a struct with base d::base and one field", st)
	}
}
