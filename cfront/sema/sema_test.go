package sema

import (
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func checkSource(t *testing.T, name string, src []byte) ([]*ast.FuncBody, error) {
	t.Helper()
	fset := token.NewFileSet()
	u, err := cfront.ParseUnit(nil, fset, name, src)
	if err != nil {
		t.Fatalf("%s: front end: %v", name, err)
	}
	return Check(nil, u)
}

// TestKernelCorpus types every device function of the executor's kernel
// corpus (real CUDA device code).
func TestKernelCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../internal/kernels/testdata/*.cu")
	if len(files) == 0 {
		t.Fatal("no kernels")
	}
	ok := 0
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		// Every other file for -m32, whose long and size_t differ.
		cfg := &cfront.Config{Target: target.Default}
		if i%2 == 1 {
			cfg.Target.AddressSize = 32
		}
		u, err := cfront.ParseUnit(cfg, fset, f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if _, err := Check(nil, u); err != nil {
			t.Errorf("%v", err)
			continue
		}
		if _, err := CheckInits(nil, u); err != nil {
			t.Errorf("%v", err)
			continue
		}
		ok++
	}
	t.Logf("%d of %d kernel files typed", ok, len(files))
}

// TestTypedGolden dumps the typed trees of testdata/*.cu (which must
// type-check) and compares them with the .golden files.
func TestTypedGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.cu")
	for _, f := range files {
		if strings.HasSuffix(f, "_err.cu") {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fbs, err := checkSource(t, f, src)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(f, ".cu") + ".golden"
			var b strings.Builder
			b.WriteString(dumpSorted(fbs))
			if *update {
				os.WriteFile(golden, []byte(b.String()), 0o644)
				return
			}
			want, _ := os.ReadFile(golden)
			if b.String() != string(want) {
				t.Errorf("typed tree differs from %s:\n%s", golden, b.String())
			}
		})
	}
}

var errorComment = regexp.MustCompile(`/\* ERROR "([^"]*)" \*/`)

// TestErrors checks testdata/*_err.cu: each /* ERROR "text" */ comment
// expects an error containing text on its line, and every error must be
// expected (as go/types' check tests do).
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/*_err.cu")
	if len(files) == 0 {
		t.Fatal("no error tests")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int][]string{}
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range errorComment.FindAllStringSubmatch(line, -1) {
					want[i+1] = append(want[i+1], m[1])
				}
			}
			fset := token.NewFileSet()
			u, err := cfront.ParseUnit(nil, fset, f, src)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Check(&Config{Host: true}, u)
			var got cfront.ErrorList
			if err != nil {
				got = err.(cfront.ErrorList)
			}
			for _, e := range got {
				ws := want[e.Pos.Line]
				found := -1
				for i, w := range ws {
					if strings.Contains(e.Msg, w) {
						found = i
						break
					}
				}
				if found < 0 {
					t.Errorf("unexpected error: %v", e)
					continue
				}
				want[e.Pos.Line] = append(ws[:found], ws[found+1:]...)
			}
			var lines []int
			for l, ws := range want {
				if len(ws) > 0 {
					lines = append(lines, l)
				}
			}
			sort.Ints(lines)
			for _, l := range lines {
				t.Errorf("%s:%d: missing error %q", f, l, want[l])
			}
		})
	}
}

// TestGlobalInits types the initializers of device variables.
func TestGlobalInits(t *testing.T) {
	src := `
struct Cfg { int n; char name[6]; float f; };
typedef int (*binop)(int, int);
__device__ int add(int a, int b) { return a + b; }
__constant__ int ctab[4] = {3, 1, 4, 1};
__device__ int arr[] = {10, 20, 30};
__device__ int *ptrs[3] = {arr, arr + 2, &arr[1]};
__device__ Cfg cfg = {7, "abcde", 0.25};
__device__ binop table[2] = {add, &add};
__constant__ float wts[2][2] = {{0.5f, 1}, {2, 3}};
__device__ float scale = 2 * 1.5;
__device__ int bad = add(1, 2);
`
	fset := token.NewFileSet()
	u, err := cfront.ParseUnit(nil, fset, "g.cu", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	inits, err := CheckInits(nil, u)
	if err == nil || err.Error() != "g.cu:12:16: dynamic initialization is not supported for a __device__ or __constant__ variable ('bad')" {
		t.Errorf("error = %v, want the dynamic initialization of 'bad'", err)
	}
	var b strings.Builder
	for _, in := range inits {
		b.WriteString(in.Var.Name + " = " + ast.String(&ast.ExprStmt{X: in.Init}, true))
	}
	got := b.String()
	golden := "testdata/globals.golden"
	if *update {
		os.WriteFile(golden, []byte(got), 0o644)
	}
	want, _ := os.ReadFile(golden)
	if got != string(want) {
		t.Errorf("initializers differ from %s:\n%s", golden, got)
	}
}

// goldenKernels are corpus kernels whose typed trees (bodies and
// initializers) are kept as golden files under testdata/kernels.
var goldenKernels = []string{"constant_mem", "funcptr", "reduce_dyn", "shfl_reduce", "switch_goto", "atomics_float", "fp16", "local_array"}

func TestKernelGolden(t *testing.T) {
	for _, name := range goldenKernels {
		t.Run(name, func(t *testing.T) {
			f := "../../internal/kernels/testdata/" + name + ".cu"
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			u, err := cfront.ParseUnit(nil, fset, name+".cu", src)
			if err != nil {
				t.Fatal(err)
			}
			fbs, err := Check(nil, u)
			if err != nil {
				t.Fatal(err)
			}
			inits, err := CheckInits(nil, u)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, in := range inits {
				b.WriteString("init " + in.Var.Name + " = " + ast.String(&ast.ExprStmt{X: in.Init}, true))
			}
			b.WriteString(dumpSorted(fbs))
			golden := "testdata/kernels/" + name + ".golden"
			if *update {
				os.MkdirAll("testdata/kernels", 0o755)
				os.WriteFile(golden, []byte(b.String()), 0o644)
				return
			}
			want, _ := os.ReadFile(golden)
			if b.String() != string(want) {
				t.Errorf("typed tree differs from %s", golden)
			}
		})
	}
}

// dumpSorted prints typed bodies ordered by their text: the order in
// which template instances are made is the front end's business.
func dumpSorted(fbs []*ast.FuncBody) string {
	var ds []string
	for _, fb := range fbs {
		ds = append(ds, ast.String(fb, true))
	}
	sort.Strings(ds)
	return strings.Join(ds, "")
}
