package abi_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var (
	oracleSeed  = flag.Uint64("seed", envUint("PTXABI_SEED", 1), "seed of the random signatures compared with nvcc (env PTXABI_SEED)")
	oracleArch  = flag.String("arch", envString("PTXABI_ARCH", "sm_52"), "architecture nvcc compiles the random signatures for (env PTXABI_ARCH)")
	oracleCount = flag.Int("count-sigs", int(envUint("PTXABI_COUNT", 500)), "random device-function signatures per address size compared with nvcc (env PTXABI_COUNT); a fifth as many kernels are added")
)

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envUint(name string, def uint64) uint64 {
	if v, err := strconv.ParseUint(os.Getenv(name), 10, 64); err == nil {
		return v
	}
	return def
}

// sigGen makes random function signatures over every source type category
// of guide §2.3, with CUDA source declaring them.
type sigGen struct {
	r     *rand.Rand
	g     *ctgen.Gen
	addr  int
	extra strings.Builder // definitions of hand-made types
	types []ctypes.Type   // aggregates made so far, to pick from
	enums []*ctypes.Enum
	n     int
	// ldDefined: struct LDS (fixed) is defined.
	ldDefined bool
}

func newSigGen(seed uint64, addr int) *sigGen {
	s := &sigGen{r: rand.New(rand.NewPCG(seed, uint64(addr))), g: ctgen.New(seed + uint64(addr)), addr: addr}
	// Hand-made categories: empty struct (N4), __align__(256) (N5),
	// non-trivially copyable classes (step 7, N3), directly and as a member.
	s.extra.WriteString("struct Empty {};\nstruct __align__(256) Big { int x; };\n" +
		"struct NT { int a; __device__ NT() {} __device__ NT(const NT &o) : a(o.a) {} };\n" +
		"struct ND { double d; char c; __device__ ~ND() {} };\n" +
		"struct HasNT { char c; NT n[2]; };\ntypedef int (*FP)(double);\n")
	i := func(k ctypes.Kind) *ctypes.Field { return &ctypes.Field{Name: "a", Type: ctypes.BasicOf(k)} }
	nt := &ctypes.Struct{Tag: "NT", Complete: true, NonTrivial: true, Fields: []*ctypes.Field{i(ctypes.Int)}}
	s.types = append(s.types,
		&ctypes.Struct{Tag: "Empty", Complete: true},
		&ctypes.Struct{Tag: "Big", Complete: true, Align: 256, Fields: []*ctypes.Field{{Name: "x", Type: ctypes.BasicOf(ctypes.Int)}}},
		nt,
		&ctypes.Struct{Tag: "ND", Complete: true, NonTrivial: true, Fields: []*ctypes.Field{{Name: "d", Type: ctypes.BasicOf(ctypes.Double)}, {Name: "c", Type: ctypes.BasicOf(ctypes.Char)}}},
		&ctypes.Struct{Tag: "HasNT", Complete: true, Fields: []*ctypes.Field{{Name: "c", Type: ctypes.BasicOf(ctypes.Char)}, {Name: "n", Type: &ctypes.Array{Elem: nt, Len: 2}}}},
	)
	for j, k := range []ctypes.Kind{ctypes.UInt, ctypes.UChar, ctypes.Short, ctypes.LongLong, ctypes.Int, ctypes.UShort} {
		e := &ctypes.Enum{Tag: fmt.Sprintf("En%d", j), Underlying: k, Fixed: j > 0, Complete: true}
		s.enums = append(s.enums, e)
		if e.Fixed {
			fmt.Fprintf(&s.extra, "enum En%d : %s { En%d_a };\n", j, k, j)
		} else {
			fmt.Fprintf(&s.extra, "enum En%d { En%d_a };\n", j, j)
		}
	}
	return s
}

// typ returns a random parameter (or, with ret, return) type.
func (s *sigGen) typ(kernel, ret bool) ctypes.Type {
	var t ctypes.Type
	switch k := s.r.IntN(100); {
	case k < 34:
		t = ctypes.BasicOf(ctgen.ParamScalars[s.r.IntN(len(ctgen.ParamScalars))])
	case k < 42:
		t = s.enums[s.r.IntN(len(s.enums))]
	case k < 50:
		var elem ctypes.Type = ctypes.BasicOf(ctgen.ParamScalars[s.r.IntN(len(ctgen.ParamScalars))])
		if s.r.IntN(3) == 0 {
			elem = s.types[s.r.IntN(len(s.types))]
		}
		t = &ctypes.Pointer{Elem: elem}
	case k < 53 && !kernel:
		t = &ctypes.Reference{Elem: ctypes.BasicOf(ctgen.ParamScalars[s.r.IntN(len(ctgen.ParamScalars))])}
	case k < 56 && !ret:
		t = &ctypes.Array{Elem: ctypes.BasicOf(ctypes.Float), Len: int64(1 + s.r.IntN(8))}
	case k < 59:
		// A typedef, so that a function returning it can be written.
		t = &ctypes.Typedef{Name: "FP", Type: &ctypes.Pointer{Elem: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Double)}}}}}
	case k < 64:
		names := []string{"cudaTextureObject_t", "cudaSurfaceObject_t"}
		j := s.r.IntN(2)
		t = &ctypes.Handle{Kind: ctypes.HandleKind(j), Name: names[j]}
	case k < 73:
		t = ctgen.RandomVector(s.r, s.addr)
	case k < 80:
		t = s.types[s.r.IntN(len(s.types))]
	default:
		st := s.g.Struct(s.addr)
		for abi.HoldsPacking(st) {
			// Packed aggregates are left out: nvcc sometimes gives them a
			// larger .align than their alignment (N13).
			st = s.g.Struct(s.addr)
		}
		s.types = append(s.types, st)
		t = st
	}
	if !ret && s.r.IntN(10) == 0 {
		if _, isRef := t.(*ctypes.Reference); !isRef {
			t = &ctypes.Qualified{Type: t, Const: true}
		}
	}
	return t
}

func (s *sigGen) size(t ctypes.Type) int64 {
	tgt := target.Default
	tgt.AddressSize = s.addr
	n, err := layout.New(tgt).Sizeof(t)
	if err != nil {
		panic(err)
	}
	return n
}

type sig struct {
	decl *ctypes.FuncDecl
	src  string // the definition
	// proto declares the function; args are C expressions of its
	// arguments, read from char *buf.
	proto string
	args  []string
}

func (s *sigGen) sig(kernel bool) sig {
	ret := ctypes.Type(ctypes.BasicOf(ctypes.Void))
	if !kernel && s.r.IntN(8) != 0 {
		ret = s.typ(false, true)
	}
	np := s.r.IntN(7)
	var params []ctypes.Type
	for i := 0; i < np; i++ {
		pt := s.typ(kernel, false)
		// nvcc allows a kernel 4096 bytes of parameters.
		for kernel && s.size(pt) > 512 {
			pt = s.typ(kernel, false)
		}
		params = append(params, pt)
	}
	return s.build(kernel, ret, params)
}

// fixed returns device functions that pass and return each category the
// random ones may leave out: the hand-made types (empty struct, non-
// trivially-copyable classes, directly and as members), __half,
// __nv_bfloat16, __int128, handles, long double and aggregates of it.
func (s *sigGen) fixed() []sig {
	var out []sig
	basic := ctypes.BasicOf
	ldStruct := &ctypes.Struct{Tag: "LDS", Complete: true, Fields: []*ctypes.Field{{Name: "a", Type: basic(ctypes.LongDouble)}, {Name: "b", Type: basic(ctypes.Char)}}}
	if !s.ldDefined {
		s.extra.WriteString("struct LDS { long double a; char b; };\n")
		s.ldDefined = true
	}
	cats := []ctypes.Type{basic(ctypes.Half), basic(ctypes.BFloat16), basic(ctypes.Int128), basic(ctypes.UInt128),
		basic(ctypes.LongDouble), ldStruct, &ctypes.Handle{Kind: ctypes.Texture, Name: "cudaTextureObject_t"},
		basic(ctypes.Char), basic(ctypes.UShort), basic(ctypes.Bool)}
	for _, t := range s.types[:5] {
		if st := t.(*ctypes.Struct); st.Align <= 128 {
			cats = append(cats, t)
		}
	}
	// CUDA 11.8's __nv_bfloat162 and __half2: pairs whose copy
	// constructor is their own, so passed and returned through a pointer.
	bf162 := &ctypes.Struct{Tag: "__nv_bfloat162", Complete: true, NonTrivial: true, Align: 4,
		Fields: []*ctypes.Field{{Name: "x", Type: basic(ctypes.BFloat16)}, {Name: "y", Type: basic(ctypes.BFloat16)}}}
	half2 := &ctypes.Struct{Tag: "__half2", Complete: true, NonTrivial: true, Align: 4,
		Fields: []*ctypes.Field{{Name: "x", Type: basic(ctypes.Half)}, {Name: "y", Type: basic(ctypes.Half)}}}
	cats = append(cats, bf162, half2)
	for i, t := range cats {
		out = append(out, s.build(false, t, []ctypes.Type{t, basic(ctypes.Int), cats[(i+1)%len(cats)]}))
	}
	return out
}

// build makes the declaration and source of a function.
func (s *sigGen) build(kernel bool, ret ctypes.Type, params []ctypes.Type) sig {
	s.n++
	d := &ctypes.FuncDecl{ExternC: true, Defined: true, Type: &ctypes.Func{Result: ret}}
	d.Name = fmt.Sprintf("f%d", s.n)
	d.Kind = ctypes.DeviceFunc
	if kernel {
		d.Name = fmt.Sprintf("k%d", s.n)
		d.Kind = ctypes.GlobalFunc
	}
	var ps []string
	for i, pt := range params {
		d.Type.Params = append(d.Type.Params, ctypes.Param{Name: fmt.Sprintf("p%d", i), Type: pt})
		ps = append(ps, ctypes.TypeString(pt, fmt.Sprintf("p%d", i)))
	}
	var b strings.Builder
	if kernel {
		fmt.Fprintf(&b, "extern \"C\" __global__ void %s(%s) {}\n", d.Name, strings.Join(ps, ", "))
		return sig{decl: d, src: b.String()}
	}
	res := d.Type.Result
	body := "{}"
	switch r := res.(type) {
	case *ctypes.Reference:
		body = fmt.Sprintf("{ return *(%s)0; }", ctypes.TypeString(&ctypes.Pointer{Elem: r.Elem}, ""))
	case *ctypes.Basic:
		if r.Kind == ctypes.NullPtr {
			body = "{ return nullptr; }"
		} else if r.Kind != ctypes.Void {
			body = fmt.Sprintf("{ %s; return r; }", ctypes.TypeString(res, "r"))
		}
	default:
		body = fmt.Sprintf("{ %s; return r; }", ctypes.TypeString(res, "r"))
	}
	fmt.Fprintf(&b, "extern \"C\" __device__ __noinline__ %s(%s) %s\n", ctypes.TypeString(res, ""), strings.Join(ps, ", "), body)
	// TypeString(res, "") has no name: put it before the parameter list.
	src := strings.Replace(b.String(), ctypes.TypeString(res, "")+"(", ctypes.TypeString(res, "")+" "+d.Name+"(", 1)
	sg := sig{decl: d, src: src}
	sg.proto = strings.TrimSuffix(src, " "+body+"\n") + ";\n"
	for _, p := range d.Type.Params {
		switch u := ctypes.Unqualified(p.Type).(type) {
		case *ctypes.Array:
			sg.args = append(sg.args, fmt.Sprintf("(%s)buf", ctypes.TypeString(&ctypes.Pointer{Elem: u.Elem}, "")))
		case *ctypes.Reference:
			sg.args = append(sg.args, fmt.Sprintf("*(%s)buf", ctypes.TypeString(&ctypes.Pointer{Elem: u.Elem}, "")))
		default:
			if b, ok := u.(*ctypes.Basic); ok && b.Kind == ctypes.NullPtr {
				sg.args = append(sg.args, "nullptr")
				break
			}
			t := p.Type
			if q, ok := t.(*ctypes.Qualified); ok {
				t = q.Type
			}
			sg.args = append(sg.args, fmt.Sprintf("*(%s)buf", ctypes.TypeString(&ctypes.Pointer{Elem: t}, "")))
		}
	}
	return sg
}

// headerRE matches a function header in nvcc's PTX: linkage, kind, the
// return parameter, the name and the parameter list.
var headerRE = regexp.MustCompile(`(?m)^\.visible \.(func|entry)(?:\s+\(([^)]*)\))? (\w+)(\(\)|\(\n(?:\t[^\n]*\n)*\))`)

var paramRE = regexp.MustCompile(`^\.param (?:(\.align \d+) \.b8 (\w+)\[(\d+)\]|(\.\w+) (\w+))$`)

type nvccDecl struct {
	kind, ret string
	params    []string
	text      string
}

// ptxType is the PTXType form of a .param declaration.
func ptxType(t *testing.T, p string) string {
	m := paramRE.FindStringSubmatch(strings.TrimSpace(p))
	if m == nil {
		t.Fatalf("cannot read nvcc's parameter %q", p)
	}
	if m[1] != "" {
		return m[1] + " .b8[" + m[3] + "]"
	}
	return m[4]
}

func readHeaders(t *testing.T, ptx string) map[string]nvccDecl {
	out := map[string]nvccDecl{}
	for _, m := range headerRE.FindAllStringSubmatch(ptx, -1) {
		d := nvccDecl{kind: m[1], text: m[0]}
		if m[2] != "" {
			d.ret = ptxType(t, m[2])
		}
		if m[4] != "()" {
			for _, p := range strings.Split(strings.Trim(m[4], "()\n"), ",\n") {
				d.params = append(d.params, ptxType(t, p))
			}
		}
		out[m[3]] = d
	}
	return out
}

// TestLowerMatchesNVCC compiles random signatures (device functions and
// kernels) with nvcc -rdc=true, one nvcc run per address size, and compares
// each PTX header with Lower's: kind, name, return, every parameter's type,
// and the whole text.
func TestLowerMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			funcs, kernels, protos, externs := compareSignatures(t, addr, *oracleSeed, *oracleCount)
			t.Logf("seed %d: %d device functions, %d kernels, %d .callprototype directives and %d .extern declarations agree with nvcc -m%d", *oracleSeed, funcs, kernels, protos, externs, addr)
		})
	}
}

func compareSignatures(t *testing.T, addr int, seed uint64, count int) (funcs, kernels, protoOK, externOK int) {
	s := newSigGen(seed, addr)
	sigs := s.fixed()
	for i := 0; i < count; i++ {
		sigs = append(sigs, s.sig(false))
		if i%5 == 0 {
			sigs = append(sigs, s.sig(true))
		}
	}
	var src strings.Builder
	src.WriteString("#include <cuda_bf16.h>\n")
	src.WriteString(s.g.Source())
	src.WriteString(s.extra.String())
	for _, sg := range sigs {
		src.WriteString(sg.src)
	}
	// One kernel calls the first device functions through pointers, so
	// that nvcc writes their .callprototype directives.
	var icalled []sig
	src.WriteString("extern \"C\" __global__ void icall(char *buf, void **fp) {\n")
	for _, sg := range sigs {
		if sg.decl.Kind != ctypes.DeviceFunc || len(icalled) == protoCount || passesInt128(sg.decl) {
			continue
		}
		fmt.Fprintf(&src, "\t((%s)fp[%d])(%s);\n", ctypes.TypeString(&ctypes.Pointer{Elem: sg.decl.Type}, ""), len(icalled), strings.Join(sg.args, ", "))
		icalled = append(icalled, sg)
	}
	// It also calls an undefined twin gN of each, so that nvcc writes
	// .extern declarations.
	var externs strings.Builder
	for _, sg := range icalled {
		g := "g" + sg.decl.Name[1:]
		externs.WriteString(strings.Replace(sg.proto, " "+sg.decl.Name+"(", " "+g+"(", 1))
		fmt.Fprintf(&src, "\t%s(%s);\n", g, strings.Join(sg.args, ", "))
	}
	src.WriteString("}\n")
	srcText := strings.Replace(src.String(), "extern \"C\" __global__ void icall(", externs.String()+"extern \"C\" __global__ void icall(", 1)
	src.Reset()
	src.WriteString(srcText)
	ptx := oracle.CompilePTX(t, src.String(), addr, "-arch="+*oracleArch, "-rdc=true", "-std=c++17", "-w")
	got := readHeaders(t, ptx)
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	for _, sg := range sigs {
		d, err := abi.Lower(sg.decl, l, sg.decl.Name)
		if err != nil {
			t.Errorf("-m%d %s: %v\n%s", addr, sg.decl.Name, err, sg.src)
			continue
		}
		n, ok := got[d.Name]
		if !ok {
			t.Errorf("-m%d %s missing from nvcc's PTX", addr, d.Name)
			continue
		}
		if msg := compareDecl(d, n); msg != "" {
			t.Errorf("-m%d %s: %s\nsource: %sours:\n%s\nnvcc:\n%s", addr, d.Name, msg, sg.src, d, n.text)
			continue
		}
		if d.Kind == abi.Entry {
			kernels++
		} else {
			funcs++
		}
	}
	protos := protoRE.FindAllStringSubmatch(ptx, -1)
	if len(protos) != len(icalled) {
		t.Fatalf("-m%d: nvcc wrote %d .callprototype directives for %d indirect calls", addr, len(protos), len(icalled))
	}
	for i, sg := range icalled {
		d, err := abi.Lower(sg.decl, l, sg.decl.Name)
		if err != nil {
			continue // reported above
		}
		if got := d.Prototype(protos[i][1]); got != protos[i][0] {
			t.Errorf("-m%d %s: prototype\nours %s\nnvcc %s", addr, d.Name, got, protos[i][0])
			continue
		}
		protoOK++
		e := *sg.decl
		e.Name, e.Defined = "g"+e.Name[1:], false
		ed, err := abi.Lower(&e, l, e.Name)
		if err != nil {
			t.Fatal(err)
		}
		want := regexp.MustCompile(`(?m)^\.extern \.func[^\n]* ` + e.Name + `\n(?:\(\)|\((?:\n\t[^\n]*)*\n\))\n;`).FindString(ptx)
		if got := ed.String(); got != want {
			t.Errorf("-m%d %s: extern declaration\nours:\n%s\nnvcc:\n%s", addr, e.Name, got, want)
			continue
		}
		externOK++
	}
	return funcs, kernels, protoOK, externOK
}

// protoCount is how many device functions the differential test also calls
// indirectly, to compare .callprototype directives.
const protoCount = 150

// passesInt128 reports a function with an __int128 parameter: nvcc 11.8
// crashes (segmentation fault) on some indirect calls passing one with
// other arguments (seed 7 finds one), so those are not called indirectly.
func passesInt128(d *ctypes.FuncDecl) bool {
	for _, p := range d.Type.Params {
		if b, ok := ctypes.Unqualified(p.Type).(*ctypes.Basic); ok && (b.Kind == ctypes.Int128 || b.Kind == ctypes.UInt128) {
			return true
		}
	}
	return false
}

var protoRE = regexp.MustCompile(`(prototype_\d+) : \.callprototype[^;\n]*;`)

func compareDecl(d *abi.Decl, n nvccDecl) string {
	if d.Kind.String() != n.kind {
		return fmt.Sprintf("kind %s, nvcc %s", d.Kind, n.kind)
	}
	ret := ""
	if d.Ret != nil {
		ret = d.Ret.PTXType()
	}
	if ret != n.ret {
		return fmt.Sprintf("return %q, nvcc %q", ret, n.ret)
	}
	if len(d.Params) != len(n.params) {
		return fmt.Sprintf("%d parameters, nvcc %d", len(d.Params), len(n.params))
	}
	for i, p := range d.Params {
		if p.PTXType() != n.params[i] {
			return fmt.Sprintf("parameter %d: %s, nvcc %s", i, p.PTXType(), n.params[i])
		}
	}
	if d.String() != n.text {
		return "text differs"
	}
	return ""
}
