package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// TestProtoCommandMatchesNVCC is the end-to-end differential test of guide
// §2.3 and chapter 7: random device functions and kernels as CUDA source,
// through `ptxabi proto -json` (the front end, mangle, abi and the JSON
// contract), against the .func and .entry directives nvcc -rdc=true writes
// for the same source, -m64 and -m32. Every function's symbol, kind, return
// parameter and parameters must agree, the sets of functions must be the
// same, and the text form's declaration of each must appear in nvcc's PTX.
// PTXABI_SEED picks the batch, PTXABI_COUNT its size (default 500 device
// functions per address size, and a fifth as many kernels), PTXABI_ARCH
// the architecture (default sm_52).
//
// Left out, as package abi documents: packed aggregates (N13), and the
// names of functions with internal linkage (static, unnamed namespace),
// which nvcc puts in a namespace named after the file.
func TestProtoCommandMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	seed, count := envInt("PTXABI_SEED", 1), envInt("PTXABI_COUNT", 500)
	arch := os.Getenv("PTXABI_ARCH")
	if arch == "" {
		arch = "sm_52"
	}
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			g := newProtoGen(uint64(seed), addr)
			for range count {
				g.function(false)
				if g.r.IntN(5) == 0 {
					g.function(true)
				}
			}
			g.finish()
			src := g.source()
			file := filepath.Join(t.TempDir(), "sigs.cu")
			if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
				t.Fatal(err)
			}
			m := fmt.Sprintf("-m%d", addr)
			ours := runProtoJSON(t, "-json", m, "-arch", arch, file)
			text := runOK(t, "proto", m, "-arch", arch, file)
			ptx := oracle.CompilePTX(t, src, addr, "-arch="+arch, "-rdc=true", "-std=c++17", "-w")
			theirs := readPTXDecls(t, ptx)

			// The prelude's special members (NT's constructors, ND's
			// destructor) come first: nvcc defines them where they are
			// used (and not inlined).
			seen := map[string]bool{}
			for len(ours) > 0 && (strings.HasPrefix(ours[0].Name, "_ZN2NT") || strings.HasPrefix(ours[0].Name, "_ZN2ND")) {
				f := ours[0]
				ours = ours[1:]
				seen[f.Name] = true
				if n, ok := theirs[f.Name]; ok {
					if msg := compareJSONDecl(f, n); msg != "" {
						t.Errorf("-m%d %s: %s\nnvcc:\n%s", addr, f.Name, msg, n.text)
					}
				}
			}
			wantFuncs, wantKernels := g.count(false), g.count(true)
			if len(ours) != wantFuncs+wantKernels {
				t.Fatalf("ptxabi proto printed %d functions; the source has %d device functions and %d kernels", len(ours), wantFuncs, wantKernels)
			}
			funcs, kernels, params := 0, 0, 0
			for i, f := range ours {
				fn := g.funcs[i]
				seen[f.Name] = true
				n, ok := theirs[f.Name]
				if !ok {
					t.Errorf("-m%d: %s: ptxabi's symbol %s is not in nvcc's PTX\nsource: %s", addr, fn.src, f.Name, fn.def)
					continue
				}
				if msg := compareJSONDecl(f, n); msg != "" {
					t.Errorf("-m%d %s: %s\nsource: %s\nnvcc:\n%s", addr, f.Name, msg, fn.def, n.text)
					continue
				}
				if f.Kind == "entry" {
					kernels++
				} else {
					funcs++
				}
				params += len(f.Params)
			}
			for name, n := range theirs {
				if !seen[name] {
					t.Errorf("-m%d: nvcc's PTX has %s, ptxabi proto does not:\n%s", addr, name, n.text)
				}
			}
			// The text form: every declaration as nvcc writes it.
			texts := 0
			kinds := map[string]int{} // linkage, .noreturn, mangled
			for _, block := range strings.Split(strings.TrimSuffix(text, "\n"), "\n\n") {
				_, decl, ok := strings.Cut(block, "\n")
				if !ok || !strings.HasPrefix(block, "// ") {
					t.Fatalf("-m%d: text output block without its comment:\n%s", addr, block)
				}
				if preludeMember(block[len("// "):]) {
					continue // checked above against -json where nvcc has them
				}
				// A declaration ends in ";"; a definition's header is
				// followed by its body.
				want := "\n" + decl + "\n"
				if !strings.HasSuffix(decl, ";") {
					want += "{"
				}
				if !strings.Contains(ptx, want) {
					t.Errorf("-m%d: declaration not in nvcc's PTX:\n%s", addr, decl)
					continue
				}
				texts++
				linkage, _, _ := strings.Cut(decl, " ")
				kinds[linkage]++
				if strings.Contains(decl, "\n.noreturn") {
					kinds["noreturn"]++
				}
			}
			for _, f := range ours {
				if strings.HasPrefix(f.Name, "_Z") {
					kinds["mangled"]++
				}
			}
			if texts != len(ours) {
				t.Errorf("-m%d: %d declarations of the text form agree with nvcc, of %d", addr, texts, len(ours))
			}
			checkMangleCommand(t, file, m, ours, g)
			t.Logf("seed %d -m%d: %d device functions and %d kernels (%d parameters; %d host functions left out) of ptxabi proto -json agree with nvcc: name, kind, return and every parameter; %d text declarations match (%d .visible, %d .weak, %d .extern, %d .noreturn; %d mangled names, %d extern \"C\")",
				seed, addr, funcs, kernels, params, g.hosts, texts, kinds[".visible"], kinds[".weak"], kinds[".extern"], kinds["noreturn"], kinds["mangled"], len(ours)-kinds["mangled"])
		})
	}
}

// protoFunc is one function of the -json contract, read strictly.
type protoFunc struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Ret  *struct {
		PTX string `json:"ptx"`
	} `json:"ret"`
	Params []struct {
		PTX string `json:"ptx"`
	} `json:"params"`
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if st := run(args, nil, &stdout, &stderr); st != 0 {
		t.Fatalf("ptxabi %s: exit %d\n%s", strings.Join(args, " "), st, stderr.String())
	}
	return stdout.String()
}

// runProtoJSON runs ptxabi proto with args and reads its JSON, checking
// the contract's shape: {"functions":[...]} and in each function exactly
// the keys name, kind, ret and params.
func runProtoJSON(t *testing.T, args ...string) []protoFunc {
	t.Helper()
	out := runOK(t, append([]string{"proto"}, args...)...)
	var raw struct {
		Functions []map[string]json.RawMessage `json:"functions"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("ptxabi proto -json: %v", err)
	}
	var funcs []protoFunc
	for _, f := range raw.Functions {
		keys := make([]string, 0, len(f))
		for k := range f {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if strings.Join(keys, ",") != "kind,name,params,ret" {
			t.Fatalf("ptxabi proto -json: function with keys %v", keys)
		}
		b, _ := json.Marshal(f)
		var pf protoFunc
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		if err := d.Decode(&pf); err != nil {
			t.Fatalf("ptxabi proto -json: %v in %s", err, b)
		}
		if pf.Params == nil {
			t.Fatalf("ptxabi proto -json: \"params\" is null in %s", b)
		}
		funcs = append(funcs, pf)
	}
	return funcs
}

// ptxDecl is a function as nvcc's PTX declares or defines it.
type ptxDecl struct {
	kind, ret string
	params    []string
	text      string
}

// ptxFuncRE matches a .func or .entry in nvcc's PTX: linkage (none for
// internal linkage), kind, return parameter, name and parameter list, for a
// definition's header ("NAME(" ... ")" then "{") and for a declaration
// ("NAME" newline "(" ... ")" newline ";"), either with the .noreturn
// attribute before the "{" or ";".
var ptxFuncRE = regexp.MustCompile(`(?m)^(?:(\.visible|\.weak|\.extern) )?\.(func|entry)(?:\s+\(([^)]*)\))? ([\w$]+)(\(\)|\(\n(?:\t[^\n]*\n)*\)|\n\(\)|\n\((?:\n\t[^\n]*)*\n\))(?:\n\.noreturn ?)?\n?([{;])`)

var ptxParamRE = regexp.MustCompile(`^\.param (?:(\.align \d+) \.b8 [\w$]+\[(\d+)\]|(\.\w+(?: \.ptr\.\w+\.align \d+)?) [\w$]+)$`)

// readPTXDecls reads every function nvcc's PTX names, by symbol; a
// definition wins over a forward declaration of the same function.
func readPTXDecls(t *testing.T, ptx string) map[string]ptxDecl {
	t.Helper()
	out := map[string]ptxDecl{}
	for _, m := range ptxFuncRE.FindAllStringSubmatch(ptx, -1) {
		d := ptxDecl{kind: m[2], text: m[0]}
		if m[3] != "" {
			d.ret = readPTXParam(t, m[3])
		}
		if list := strings.Trim(m[5], "()\n"); list != "" {
			for _, p := range strings.Split(list, ",\n") {
				d.params = append(d.params, readPTXParam(t, p))
			}
		}
		if _, dup := out[m[4]]; dup && m[6] == ";" {
			continue
		}
		out[m[4]] = d
	}
	if len(out) == 0 {
		t.Fatalf("no function in nvcc's PTX:\n%s", ptx)
	}
	return out
}

// readPTXParam is a .param declaration's type in the form of the -json
// contract (abi.Param.PTXType): ".b32", ".align 8 .b8[16]".
func readPTXParam(t *testing.T, p string) string {
	t.Helper()
	m := ptxParamRE.FindStringSubmatch(strings.TrimSpace(p))
	if m == nil {
		t.Fatalf("cannot read nvcc's parameter %q", p)
	}
	if m[1] != "" {
		return m[1] + " .b8[" + m[2] + "]"
	}
	return m[3]
}

func compareJSONDecl(f protoFunc, n ptxDecl) string {
	if f.Kind != n.kind {
		return fmt.Sprintf("kind %s, nvcc %s", f.Kind, n.kind)
	}
	ret := ""
	if f.Ret != nil {
		ret = f.Ret.PTX
		if ret == "" {
			return `"ret" without a type`
		}
	}
	if ret != n.ret {
		return fmt.Sprintf("return %q, nvcc %q", ret, n.ret)
	}
	if len(f.Params) != len(n.params) {
		return fmt.Sprintf("%d parameters, nvcc %d", len(f.Params), len(n.params))
	}
	for i, p := range f.Params {
		if p.PTX != n.params[i] {
			return fmt.Sprintf("parameter %d: %s, nvcc %s", i, p.PTX, n.params[i])
		}
	}
	return ""
}

// checkMangleCommand runs ptxabi mangle on the same file: one line for
// each function the source declares, host functions included, in order;
// the symbols of the others are those of proto; an extern "C" function's
// signature starts with its name; with c++filt on PATH, each mangled
// symbol's signature is what c++filt prints for it.
// preludeMember reports whether sig (as c++filt prints it) is a special
// member of the prelude's non-trivial classes NT and ND: inline, so nvcc
// defines them only where a call is not inlined.
func preludeMember(sig string) bool {
	return strings.HasPrefix(sig, "NT::") || strings.HasPrefix(sig, "ND::")
}

func checkMangleCommand(t *testing.T, file, m string, ours []protoFunc, g *protoGen) {
	t.Helper()
	out := runOK(t, "mangle", m, file)
	var lines []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if _, sig, _ := strings.Cut(line, "\t"); !preludeMember(sig) {
			lines = append(lines, line)
		}
	}
	if len(lines) != len(g.decls) {
		t.Fatalf("ptxabi mangle printed %d lines for %d functions", len(lines), len(g.decls))
	}
	var syms, sigs []string
	i := 0
	for j, line := range lines {
		sym, sig, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("ptxabi mangle: line without a tab: %q", line)
		}
		if !g.decls[j].host {
			if i >= len(ours) || sym != ours[i].Name {
				t.Fatalf("ptxabi mangle: symbol %s where proto has function %d", sym, i)
			}
			i++
		}
		if strings.HasPrefix(sym, "_Z") {
			syms, sigs = append(syms, sym), append(sigs, sig)
		} else if name, _, _ := strings.Cut(sig, "("); name != sym && !strings.HasSuffix(name, "::"+sym) {
			t.Errorf("ptxabi mangle: %s\t%s: the signature does not name the function", sym, sig)
		}
	}
	if _, err := exec.LookPath("c++filt"); err != nil {
		t.Logf("c++filt not found on PATH: the signatures of ptxabi mangle are not compared")
		return
	}
	cmd := exec.Command("c++filt")
	cmd.Stdin = strings.NewReader(strings.Join(syms, "\n") + "\n")
	filt, err := cmd.Output()
	if err != nil {
		t.Fatalf("c++filt: %v", err)
	}
	for j, s := range strings.Split(strings.TrimSuffix(string(filt), "\n"), "\n") {
		if s != sigs[j] {
			t.Errorf("ptxabi mangle: %s\t%s, c++filt prints %s", syms[j], sigs[j], s)
		}
	}
}

// protoGen makes random device functions and kernels over every source
// type category of guide §2.3, each in one of the forms that decide its
// symbol: C++ at file scope or in a namespace, extern "C" alone, in a
// block or in a namespace; __device__ or __host__ __device__; plain,
// __noinline__, inline or __forceinline__; noreturn or not; defined or
// only declared.
type protoGen struct {
	r     *rand.Rand
	g     *ctgen.Gen
	addr  int
	aggs  []ctypes.Type // aggregates to pick from
	enums []ctypes.Type
	funcs []*genFunc
	hosts int
	// decls are the source's function declarations, with the form each
	// is written in. nvcc emits an inline function only where its address
	// is taken (takeAddr: pointer definitions), and declares a function
	// defined elsewhere only where it is called (calls: the statements of
	// a kernel calling each). nvcc's .extern declaration of a function
	// whose address is taken but that is never called has no
	// func_retval0 when it returns an aggregate; the calls avoid that.
	decls    []genDecl
	takeAddr []string
	calls    []string
}

type genFunc struct {
	kernel bool
	src    string // the qualified source name
	def    string // the declaration as written
}

type genDecl struct {
	ns     string // enclosing namespace ("a" or "a::b"), or ""
	block  bool   // inside an extern "C" block
	host   bool   // a host function
	source string
}

const protoPrelude = `#include <cuda_bf16.h>
__device__ __align__(256) char protoBuf[65536];
struct Empty {};
struct __align__(256) Big { int x; };
struct NT { int a; __device__ NT() {} __device__ NT(const NT &o) : a(o.a) {} };
struct ND { double d; char c; __device__ ~ND() {} };
struct HasNT { char c; NT n[2]; };
class Cls { public: int a; float b; };
union Un { int i; double d; char c[3]; };
typedef int (*FP)(double);
enum En0 { En0_a };
enum En1 : unsigned char { En1_a };
enum class En2 : long long { a };
namespace ns {
struct Q { int a; double b; };
enum class E : short { A };
namespace in {
struct R { char c[5]; };
union V { float f; int i; };
}
}
`

func newProtoGen(seed uint64, addr int) *protoGen {
	g := &protoGen{r: rand.New(rand.NewPCG(seed, 0x5eed+uint64(addr))), g: ctgen.New(seed*104729 + uint64(addr)), addr: addr}
	// The prelude's classes, as names only: the generator writes them in
	// the source, ptxabi reads their definitions there.
	st := func(tag string, scope ...string) *ctypes.Struct {
		return &ctypes.Struct{Tag: tag, Scope: scope, Complete: true}
	}
	cls := st("Cls")
	cls.Class = true
	un := st("Un")
	un.Union = true
	v := st("V", "ns", "in")
	v.Union = true
	g.aggs = []ctypes.Type{st("Empty"), st("Big"), st("NT"), st("ND"), st("HasNT"), cls, un, st("Q", "ns"), st("R", "ns", "in"), v}
	g.enums = []ctypes.Type{
		&ctypes.Enum{Tag: "En0", Complete: true},
		&ctypes.Enum{Tag: "En1", Complete: true},
		&ctypes.Enum{Tag: "En2", Complete: true},
		&ctypes.Enum{Tag: "E", Scope: []string{"ns"}, Complete: true},
	}
	return g
}

func (g *protoGen) scalar() ctypes.Type {
	return ctypes.BasicOf(ctgen.ParamScalars[g.r.IntN(len(ctgen.ParamScalars))])
}

// aggregate returns a hand-made aggregate or a new random one (never
// packed: N13).
func (g *protoGen) aggregate() ctypes.Type {
	if g.r.IntN(3) > 0 {
		return g.aggs[g.r.IntN(len(g.aggs))]
	}
	s := g.g.Struct(g.addr)
	for abi.HoldsPacking(s) {
		s = g.g.Struct(g.addr)
	}
	g.aggs = append(g.aggs, s)
	return s
}

func (g *protoGen) qualified(t ctypes.Type) ctypes.Type {
	switch g.r.IntN(8) {
	case 0:
		return &ctypes.Qualified{Type: t, Const: true}
	case 1:
		return &ctypes.Qualified{Type: t, Volatile: true}
	}
	return t
}

// typ returns a random parameter type, or with ret a return type.
func (g *protoGen) typ(kernel, ret bool) ctypes.Type {
	var t ctypes.Type
	switch k := g.r.IntN(100); {
	case k < 30:
		t = g.scalar()
	case k < 37:
		t = g.enums[g.r.IntN(len(g.enums))]
	case k < 47:
		elem := g.scalar()
		if g.r.IntN(3) == 0 {
			elem = g.aggregate()
		}
		t = &ctypes.Pointer{Elem: g.qualified(elem)}
		if g.r.IntN(6) == 0 {
			t = &ctypes.Pointer{Elem: g.qualified(t)}
		}
	case k < 55 && !kernel:
		elem := g.scalar()
		if g.r.IntN(2) == 0 {
			elem = g.aggregate()
		}
		t = &ctypes.Reference{Elem: g.qualified(elem), RValue: g.r.IntN(6) == 0}
	case k < 59 && !ret:
		t = &ctypes.Array{Elem: g.qualified(ctypes.BasicOf(ctypes.Float)), Len: int64(1 + g.r.IntN(8))}
		if g.r.IntN(3) == 0 {
			t = &ctypes.Array{Elem: &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Int), Len: int64(1 + g.r.IntN(4))}, Len: 2}
		}
	case k < 62:
		t = &ctypes.Typedef{Name: "FP", Type: &ctypes.Pointer{Elem: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Double)}}}}}
	case k < 66:
		names := []string{"cudaTextureObject_t", "cudaSurfaceObject_t"}
		j := g.r.IntN(2)
		t = &ctypes.Handle{Kind: ctypes.HandleKind(j), Name: names[j]}
	case k < 74:
		t = ctgen.RandomVector(g.r, g.addr)
	default:
		t = g.aggregate()
	}
	if !ret && g.r.IntN(10) == 0 {
		if _, ref := t.(*ctypes.Reference); !ref {
			t = &ctypes.Qualified{Type: t, Const: true}
		}
	}
	return t
}

// bigForKernel reports a kernel parameter type too large for nvcc's 4 KB
// of kernel parameters when several are passed. (The prelude's classes
// are at most 256 bytes; their names-only types measure less.)
func (g *protoGen) bigForKernel(t ctypes.Type) bool {
	tgt := target.Default
	tgt.AddressSize = g.addr
	n, err := layout.New(tgt).Sizeof(t)
	return err != nil || n > 512
}

var namespaces = []string{"", "", "", "ns", "ns::in", "geo"}

// function adds a random device function (or kernel) and, now and then, a
// host function, which has no PTX.
func (g *protoGen) function(kernel bool) {
	n := len(g.funcs) + g.hosts + 1
	name := fmt.Sprintf("f%d", n)
	if kernel {
		name = fmt.Sprintf("k%d", n)
	}
	ft := &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}
	if !kernel && g.r.IntN(6) != 0 {
		ft.Result = g.typ(false, true)
	}
	for i := range g.r.IntN(7) {
		pt := g.typ(kernel, false)
		for kernel && g.bigForKernel(pt) {
			pt = g.typ(kernel, false)
		}
		ft.Params = append(ft.Params, ctypes.Param{Name: fmt.Sprintf("p%d", i), Type: pt})
	}
	d := genDecl{ns: namespaces[g.r.IntN(len(namespaces))]}
	var spec []string
	externC := false
	switch g.r.IntN(6) {
	case 0:
		spec = append(spec, `extern "C"`)
		externC = true
	case 1:
		d.block = true
		externC = true
	}
	inline := ""
	switch {
	case kernel:
		spec = append(spec, "__global__")
		if g.r.IntN(10) == 0 {
			inline = "inline"
		}
	case g.r.IntN(5) == 0:
		spec = append(spec, "__host__ __device__")
	default:
		spec = append(spec, "__device__")
	}
	if !kernel {
		inline = []string{"", "", "__noinline__", "inline", "__forceinline__"}[g.r.IntN(5)]
	}
	if inline != "" {
		spec = append(spec, inline)
	}
	// A function declared noreturn (N15); its body traps.
	noreturn := !kernel && g.r.IntN(12) == 0
	if noreturn {
		spec = append(spec, "__attribute__((noreturn))")
	}
	defined := kernel || g.r.IntN(6) != 0
	decl := strings.Join(spec, " ") + " " + typeString(ft, name)
	src := name
	if d.ns != "" {
		src = d.ns + "::" + name
	}
	if externC && d.ns != "" && d.block {
		d.block = false // extern "C" blocks are written at file scope
		decl = `extern "C" ` + decl
	}
	body := ";"
	switch {
	case defined && noreturn:
		body = " { __trap(); }"
	case defined:
		body = " " + returnBody(ft.Result)
	}
	d.source = decl + body
	g.decls = append(g.decls, d)
	g.funcs = append(g.funcs, &genFunc{kernel: kernel, src: src, def: d.source})
	if !defined {
		var args []string
		for _, p := range ft.Params {
			args = append(args, argument(p.Type))
		}
		// Each call is conditional: after a call of a noreturn function,
		// the next ones would be unreachable.
		g.calls = append(g.calls, fmt.Sprintf("\tif (protoBuf[%d]) %s(%s);", len(g.calls), src, strings.Join(args, ", ")))
	} else if inline == "inline" || inline == "__forceinline__" {
		// Take its address, so that nvcc emits it (.weak).
		pt := &ctypes.Func{Result: ft.Result}
		for _, p := range ft.Params {
			pt.Params = append(pt.Params, ctypes.Param{Type: p.Type})
		}
		g.takeAddr = append(g.takeAddr, fmt.Sprintf("__device__ %s = &%s;", typeString(&ctypes.Pointer{Elem: pt}, "p_"+name), src))
	}
	if g.r.IntN(10) == 0 {
		g.hosts++
		h := genDecl{ns: namespaces[g.r.IntN(len(namespaces))], block: g.r.IntN(3) == 0, host: true,
			source: fmt.Sprintf("int h%d(int x, const char *s) { return x; }", len(g.funcs)+g.hosts)}
		if h.ns != "" {
			h.block = false
		}
		g.decls = append(g.decls, h)
	}
}

// elaborated matches the class-key or enum keyword before a type name.
var elaborated = regexp.MustCompile(`\b(struct|union|class|enum) `)

// typeString is ctypes.TypeString without the keywords of elaborated type
// specifiers ("ns::Q", not "struct ns::Q"), which the front end does not
// take with a qualified name.
func typeString(t ctypes.Type, name string) string {
	return elaborated.ReplaceAllString(ctypes.TypeString(t, name), "")
}

// argument is a C expression of type t, read from protoBuf.
func argument(t ctypes.Type) string {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Array:
		return fmt.Sprintf("(%s)protoBuf", typeString(&ctypes.Pointer{Elem: u.Elem}, ""))
	case *ctypes.Reference:
		return fmt.Sprintf("(%s)*(%s)protoBuf", typeString(u, ""), typeString(&ctypes.Pointer{Elem: u.Elem}, ""))
	case *ctypes.Basic:
		if u.Kind == ctypes.NullPtr {
			return "nullptr"
		}
	}
	return fmt.Sprintf("*(%s)protoBuf", typeString(&ctypes.Pointer{Elem: ctypes.Unqualified(t)}, ""))
}

// finish adds the kernel that calls the functions only declared.
func (g *protoGen) finish() {
	def := "__global__ void protoCalls() {\n" + strings.Join(g.calls, "\n") + "\n}"
	g.decls = append(g.decls, genDecl{source: def})
	g.funcs = append(g.funcs, &genFunc{kernel: true, src: "protoCalls", def: def})
}

// returnBody is a body returning a value of type t, read from protoBuf:
// not from a null pointer, which nvcc turns into a trap and a .noreturn
// function.
func returnBody(t ctypes.Type) string {
	switch u := t.(type) {
	case *ctypes.Basic:
		if u.Kind == ctypes.Void {
			return "{}"
		}
	case *ctypes.Reference:
		return fmt.Sprintf("{ return (%s)*(%s)protoBuf; }", typeString(t, ""), typeString(&ctypes.Pointer{Elem: u.Elem}, ""))
	}
	return fmt.Sprintf("{ return *(%s)protoBuf; }", typeString(&ctypes.Pointer{Elem: t}, ""))
}

// count is the number of kernels, or of device functions.
func (g *protoGen) count(kernels bool) int {
	n := 0
	for _, f := range g.funcs {
		if f.kernel == kernels {
			n++
		}
	}
	return n
}

// source is the CUDA source: the types, then the functions in order, each
// run of consecutive ones in the same namespace or extern "C" block
// written in one, then the pointers that take addresses.
func (g *protoGen) source() string {
	var b strings.Builder
	b.WriteString(g.g.Source())
	b.WriteString(protoPrelude)
	open := func(d genDecl) {
		if d.ns != "" {
			fmt.Fprintf(&b, "namespace %s {\n", d.ns)
		}
		if d.block {
			b.WriteString("extern \"C\" {\n")
		}
	}
	closeDecl := func(d genDecl) {
		if d.block {
			b.WriteString("}\n")
		}
		if d.ns != "" {
			b.WriteString("}\n")
		}
	}
	var cur *genDecl
	for i := range g.decls {
		d := &g.decls[i]
		if cur == nil || cur.ns != d.ns || cur.block != d.block {
			if cur != nil {
				closeDecl(*cur)
			}
			open(*d)
			cur = d
		}
		b.WriteString(d.source + "\n")
	}
	if cur != nil {
		closeDecl(*cur)
	}
	for _, s := range g.takeAddr {
		b.WriteString(s + "\n")
	}
	return b.String()
}
