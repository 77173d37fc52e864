package calls_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/calls"
)

// linkCase is a pair of modules: a declares f (.extern) and calls it, b
// defines it; params and ret are each side's parameter list and return
// list ("" for none).
type linkCase struct {
	aParams, bParams []string
	aRet, bRet       string
}

var linkCases = []linkCase{
	{[]string{".b32"}, []string{".b32"}, "", ""},
	{[]string{".b32"}, []string{".u32"}, "", ""},
	{[]string{".b64"}, []string{".s64"}, "", ""},
	{[]string{".b32"}, []string{".f32"}, "", ""},
	{[]string{".b64"}, []string{".f64"}, "", ""},
	{[]string{".b32"}, []string{".b64"}, "", ""},
	{[]string{".f32"}, []string{".f64"}, "", ""},
	{[]string{".align 4 .b8 %s[8]"}, []string{".align 4 .b8 %s[12]"}, "", ""},
	{[]string{".align 4 .b8 %s[8]"}, []string{".align 8 .b8 %s[8]"}, "", ""},
	{[]string{".align 8 .b8 %s[8]"}, []string{".b64"}, "", ""},
	{[]string{".b32"}, []string{".b32", ".b32"}, "", ""},
	{[]string{".b32", ".b64"}, []string{".b32"}, "", ""},
	{[]string{".b32", ".b64"}, []string{".b32", ".f64"}, "", ""},
	{[]string{".b32"}, []string{".b32"}, ".b32", ".b32"},
	{[]string{".b32"}, []string{".b32"}, ".b32", ".b64"},
	{[]string{".b32"}, []string{".b32"}, ".b32", ".f32"},
	{[]string{".b32"}, []string{".b32"}, ".b32", ""},
	{[]string{".b32"}, []string{".b32"}, ".align 4 .b8 %s[8]", ".align 4 .b8 %s[16]"},
}

// param writes one parameter declaration of type t named name.
func param(t, name string) string {
	if strings.Contains(t, "%s") {
		return ".param " + fmt.Sprintf(t, name)
	}
	return ".param " + t + " " + name
}

func (c linkCase) modules() (a, b string) {
	const head = ".version 7.8\n.target sm_70\n.address_size 64\n"
	decl := func(ret string, params []string, prefix string) string {
		var s strings.Builder
		if ret != "" {
			fmt.Fprintf(&s, "(%s) ", param(ret, prefix+"r"))
		}
		s.WriteString("f(")
		for i, p := range params {
			if i > 0 {
				s.WriteString(", ")
			}
			s.WriteString(param(p, fmt.Sprintf("%sp%d", prefix, i)))
		}
		s.WriteString(")")
		return s.String()
	}
	var call strings.Builder
	call.WriteString("\t{\n")
	var args []string
	for i, p := range c.aParams {
		fmt.Fprintf(&call, "\t%s;\n", param(p, fmt.Sprintf("arg%d", i)))
		args = append(args, fmt.Sprintf("arg%d", i))
	}
	ret := ""
	if c.aRet != "" {
		fmt.Fprintf(&call, "\t%s;\n", param(c.aRet, "ret"))
		ret = "(ret), "
	}
	fmt.Fprintf(&call, "\tcall.uni %sf, (%s);\n\t}\n", ret, strings.Join(args, ", "))
	a = head + ".extern .func " + decl(c.aRet, c.aParams, "") + ";\n.visible .entry k(.param .u64 p)\n{\n" + call.String() + "\tret;\n}\n"
	b = head + ".visible .func " + decl(c.bRet, c.bParams, "") + "\n{\n\tret;\n}\n"
	return a, b
}

// linkAndVet writes modules a and b of case i as a.ptx and b.ptx,
// assembles each with ptxas -c and links them with nvlink, whose error it
// returns, and checks them with vet's calls check.
func linkAndVet(t *testing.T, i int, a, b string) (linkErr error, fset *token.FileSet, diags []vet.Diagnostic) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{"a.ptx": a, "b.ptx": b} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		if err := oracle.Assemble(src, "sm_70", filepath.Join(dir, strings.TrimSuffix(name, ".ptx")+".cubin"), "-c", "-m64"); err != nil {
			t.Fatalf("case %d: ptxas rejects %s: %v\n%s", i, name, err, src)
		}
	}
	_, linkErr = oracle.Run(dir, oracle.NVLINK, "-m64", "-arch=sm_70", "-o", "ab.cubin", "a.cubin", "b.cubin")
	fset = token.NewFileSet()
	mods, err := vet.LoadFiles(fset, []string{filepath.Join(dir, "a.ptx"), filepath.Join(dir, "b.ptx")})
	if err != nil {
		t.Fatal(err)
	}
	if diags, err = vet.Run(fset, mods, []*vet.Analyzer{calls.Analyzer}); err != nil {
		t.Fatal(err)
	}
	return linkErr, fset, diags
}

// TestLinkOracle assembles each pair with ptxas -c and links it with
// nvlink: where nvlink rejects the pair ("Prototype doesn't match"), vet
// reports the .extern declaration, with the definition in the other
// module as related information. Where nvlink links it, vet may still
// report a difference of alignment (guide §2.3: the declarations differ),
// which nvlink does not check; nothing else.
func TestLinkOracle(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.NVLINK)
	for i, c := range linkCases {
		a, b := c.modules()
		linkErr, fset, diags := linkAndVet(t, i, a, b)
		rejected := linkErr != nil
		if rejected && !strings.Contains(linkErr.Error(), "Prototype doesn't match") {
			t.Fatalf("case %d: nvlink: %v", i, linkErr)
		}
		var both bool
		for _, d := range diags {
			p := fset.Position(d.Pos)
			if filepath.Base(p.Filename) == "a.ptx" && len(d.Related) == 1 && filepath.Base(fset.Position(d.Related[0].Pos).Filename) == "b.ptx" {
				both = true
			}
		}
		desc := fmt.Sprintf("case %d: declared %v -> %q, defined %v -> %q", i, c.aParams, c.aRet, c.bParams, c.bRet)
		switch {
		case rejected && !both:
			t.Errorf("%s: nvlink rejects the pair, vet does not report it with both positions: %v", desc, diags)
		case !rejected && len(diags) > 0:
			if !strings.Contains(diags[0].Message, "aligned to") {
				t.Errorf("%s: nvlink links the pair, but vet reports %s", desc, diags[0].Message)
			} else {
				t.Logf("%s: nvlink links it; vet reports the alignment: %s", desc, diags[0].Message)
			}
		default:
			t.Logf("%s: nvlink rejects: %v, vet reports: %v", desc, rejected, len(diags) > 0)
		}
	}
}

// TestLinkNVCC compiles two CUDA files with nvcc -rdc: one declares
// extern "C" int f(int) and calls it, the other defines f with a long long
// parameter. nvlink rejects them; vet reports the pair with both
// positions.
func TestLinkNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	dir := t.TempDir()
	srcs := map[string]string{
		"a.cu": "extern \"C\" __device__ int f(int x);\n__global__ void k(int *p) { p[0] = f(p[1]); }\n",
		"b.cu": "extern \"C\" __device__ int f(long long x) { return (int)x + 1; }\n",
	}
	var files []string
	for name, src := range srcs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(name, ".cu")
		if _, err := oracle.Run(dir, oracle.NVCC, "-m64", "-rdc=true", "-ptx", "-arch=sm_70", "-o", base+".ptx", name); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.PTXAS, "-c", "-m64", "-arch=sm_70", "-o", base+".cubin", base+".ptx"); err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, base+".ptx"))
	}
	_, err := oracle.Run(dir, oracle.NVLINK, "-m64", "-arch=sm_70", "-o", "ab.cubin", "a.cubin", "b.cubin")
	if err == nil || !strings.Contains(err.Error(), "Prototype doesn't match") {
		t.Fatalf("nvlink links int f(int) against int f(long long): %v", err)
	}
	fset := token.NewFileSet()
	mods, err := vet.LoadFiles(fset, files)
	if err != nil {
		t.Fatal(err)
	}
	diags, err := vet.Run(fset, mods, []*vet.Analyzer{calls.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || len(diags[0].Related) != 1 {
		t.Fatalf("want one diagnostic with the definition related, got %v", diags)
	}
	d := diags[0]
	t.Logf("%s: %s\n\t%s: %s", fset.Position(d.Pos), d.Message, fset.Position(d.Related[0].Pos), d.Related[0].Message)
	if !strings.HasSuffix(fset.Position(d.Pos).Filename, "a.ptx") || !strings.HasSuffix(fset.Position(d.Related[0].Pos).Filename, "b.ptx") {
		t.Errorf("want the declaration in a.ptx and the definition in b.ptx")
	}
}

// varLinkCases are pairs of a variable's .extern declaration (in module
// a, which reads it) and its definition (in module b): sizes, types,
// alignments and state spaces that nvlink accepts or rejects.
var varLinkCases = []struct{ decl, def string }{
	{".global .align 4 .u32 x", ".global .align 4 .u32 x = 7"},
	{".global .align 4 .b8 x[4]", ".global .align 4 .b8 x[8]"},
	{".global .align 4 .f32 x", ".global .align 4 .u32 x"},
	{".global .align 8 .u32 x", ".global .align 4 .u32 x"},
	{".global .align 4 .b8 x[]", ".global .align 8 .u64 x"},
	{".global .align 4 .b8 x[4]", ".global .align 4 .u32 x"},
	{".global .align 4 .u32 x", ".const .align 4 .u32 x"},
	{".global .align 4 .u16 x", ".global .align 4 .u32 x"},
	{".const .align 8 .b8 x[8]", ".const .align 8 .f64 x"},
	{".const .align 8 .b8 x[16]", ".const .align 8 .f64 x"},
}

// TestLinkOracleVariables assembles each pair of varLinkCases and links
// it with nvlink: where nvlink rejects the pair, vet reports the .extern
// declaration with the definition as related information; where nvlink
// links it, vet reports nothing.
func TestLinkOracleVariables(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.NVLINK)
	const head = ".version 7.8\n.target sm_70\n.address_size 64\n"
	for i, c := range varLinkCases {
		space := strings.Fields(c.decl)[0]
		a := head + ".extern " + c.decl + ";\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<2>;\n\tld" + space + ".u32 %r1, [x];\n\tret;\n}\n"
		b := head + ".visible " + c.def + ";\n"
		linkErr, fset, diags := linkAndVet(t, i, a, b)
		both := len(diags) == 1 && filepath.Base(fset.Position(diags[0].Pos).Filename) == "a.ptx" &&
			len(diags[0].Related) == 1 && filepath.Base(fset.Position(diags[0].Related[0].Pos).Filename) == "b.ptx"
		desc := fmt.Sprintf("case %d: declared %q, defined %q", i, c.decl, c.def)
		switch {
		case linkErr != nil && !both:
			t.Errorf("%s: nvlink rejects the pair (%v), vet does not report it with both positions: %v", desc, linkErr, diags)
		case linkErr == nil && len(diags) > 0:
			t.Errorf("%s: nvlink links the pair, but vet reports %s", desc, diags[0].Message)
		default:
			t.Logf("%s: nvlink rejects: %v, vet reports: %v", desc, linkErr != nil, len(diags) > 0)
		}
	}
}
