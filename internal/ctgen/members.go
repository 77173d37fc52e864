package ctgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Members generates random C++ device code with member functions and
// templates for the differential symbol and prototype tests: classes (in
// nested namespaces, some class template specializations explicitly
// instantiated, some holding a nested class) with ordinary, static,
// const/volatile/ref-qualified and virtual member functions, constructors,
// destructors (also virtual), operators of every arity and conversion
// functions, defined out of the class (or in a class template); free
// functions taking the classes; and function templates with type,
// non-type and pack parameters, explicitly instantiated. Each function the
// source defines is also built as a ctypes.FuncDecl, as a front end would.
type Members struct {
	r     *rand.Rand
	src   strings.Builder
	funcs []*ctypes.FuncDecl
	n     int
	// classes made so far, for parameters of later units.
	classes []*ctypes.Struct
	// Counts of what was generated, by category.
	Counts map[string]int
	// DeclOnly makes the source declare the functions without defining
	// them (and without virtual functions or kernels, whose vtables and
	// launches would need definitions); Caller then calls each, so that a
	// module defining them can be linked with nvcc's code.
	DeclOnly bool
}

// NewMembers returns a generator with a fixed seed.
func NewMembers(seed uint64) *Members {
	return &Members{r: rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d)), Counts: map[string]int{}}
}

func (g *Members) pick(n int) int      { return g.r.IntN(n) }
func (g *Members) chance(pct int) bool { return g.r.IntN(100) < pct }

// Funcs returns every function the source defines, in order.
func (g *Members) Funcs() []*ctypes.FuncDecl { return g.funcs }

// Source returns the CUDA C++ source of every unit generated so far.
func (g *Members) Source() string { return "#include <cstddef>\n" + g.src.String() }

var memberScalars = []ctypes.Kind{ctypes.Int, ctypes.UInt, ctypes.Char, ctypes.SChar, ctypes.UChar, ctypes.Short,
	ctypes.Long, ctypes.ULong, ctypes.LongLong, ctypes.Float, ctypes.Double, ctypes.Bool}

func (g *Members) scalar() ctypes.Type {
	return ctypes.BasicOf(memberScalars[g.pick(len(memberScalars))])
}

// Unit adds one random unit: a class with its members (most often) or a
// function template with its instantiations.
func (g *Members) Unit() {
	g.n++
	if g.chance(25) {
		g.funcTemplate()
		return
	}
	g.class()
}

// scope opens namespaces (none, one, two nested, or a C++17 a::b) and
// returns their names and the text that closes them.
func (g *Members) scope() ([]string, string) {
	switch g.pick(4) {
	case 0, 1:
		return nil, ""
	case 2:
		ns := fmt.Sprintf("ns%d", g.n)
		fmt.Fprintf(&g.src, "namespace %s {\n", ns)
		return []string{ns}, "}\n"
	}
	a, b := fmt.Sprintf("ns%d", g.n), "in"
	if g.chance(50) {
		fmt.Fprintf(&g.src, "namespace %s::%s {\n", a, b)
		return []string{a, b}, "}\n"
	}
	fmt.Fprintf(&g.src, "namespace %s { namespace %s {\n", a, b)
	return []string{a, b}, "} }\n"
}

// member is one member function being generated.
type member struct {
	d    *ctypes.FuncDecl
	decl string // in the class
	def  string // out of it, or in it for a class template
}

func (g *Members) class() {
	scope, closer := g.scope()
	k := &ctypes.Struct{Tag: fmt.Sprintf("K%d", g.n), Scope: scope, Complete: true}
	k.Fields = []*ctypes.Field{{Name: "x", Type: ctypes.BasicOf(ctypes.Int)}}
	tmpl := g.chance(30)
	header := "struct " + k.Tag
	if tmpl {
		var targ ctypes.Type = g.scalar()
		if len(g.classes) > 0 && g.chance(20) {
			// A class that a member array can default-construct.
			if c := g.classes[g.pick(len(g.classes))]; !c.HasMethod(ctypes.Constructor) {
				targ = c
			}
		}
		// The non-type parameter's type: int (which sizes the array
		// member), or another integral type.
		nk := ctypes.Int
		if g.chance(40) {
			nk = []ctypes.Kind{ctypes.UInt, ctypes.Bool, ctypes.Char, ctypes.Long, ctypes.UChar}[g.pick(5)]
		}
		n := int64(1 + g.pick(4))
		if nk == ctypes.Bool {
			n = int64(g.pick(2))
		}
		k.Template = &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(targ), ctypes.ValueArgOf(ctypes.BasicOf(nk), n)}}
		header = fmt.Sprintf("template <typename T, %s N> struct %s", ctypes.BasicOf(nk), k.Tag)
		g.Counts["class template instantiations"]++
	}
	var in *ctypes.Struct
	if !tmpl && g.chance(25) {
		in = &ctypes.Struct{Tag: "In", Scope: append(append([]string{}, scope...), k.Tag), Parent: k, Complete: true,
			Fields: []*ctypes.Field{{Name: "z", Type: ctypes.BasicOf(ctypes.Int)}}}
	}
	var ms []member
	add := func(m member) {
		ms = append(ms, m)
		k.Methods = append(k.Methods, m.d)
	}
	used := map[string]bool{}
	nm := 2 + g.pick(6)
	for i := 0; i < nm; i++ {
		if m, ok := g.method(k, in, i, used); ok {
			add(m)
		}
	}
	if g.chance(50) {
		add(g.ctor(k, used))
	}
	if g.chance(30) {
		add(g.dtor(k))
	}
	if g.DeclOnly {
		for _, m := range k.Methods {
			if m.Virtual {
				panic("internal error: a virtual function in DeclOnly")
			}
		}
	}
	// The class.
	inDef := ""
	memberTmpl := g.chance(20)
	fmt.Fprintf(&g.src, "%s {\n", header)
	if tmpl {
		g.src.WriteString("    T a[2];\n")
		k.Fields = append(k.Fields, &ctypes.Field{Name: "a", Type: &ctypes.Array{Elem: k.Template.Args[0].Type, Len: 2}})
	}
	g.src.WriteString("    int x;\n")
	if in != nil {
		g.src.WriteString("    struct In { int z; __device__ int get(int) const")
		inGet := &ctypes.FuncDecl{Name: "get", Scope: in.Scope, Class: in, Kind: ctypes.DeviceFunc, Defined: true,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}}, Const: true}}
		in.Methods = []*ctypes.FuncDecl{inGet}
		if tmpl {
			g.src.WriteString(" { return z; }")
		}
		g.src.WriteString("; };\n")
		if !tmpl {
			inDef = fmt.Sprintf("__device__ int %s::In::get(int) const { return z; }\n", k.Tag)
		}
		g.funcs = append(g.funcs, inGet)
		g.Counts["nested class members"]++
	}
	for _, m := range ms {
		if tmpl && !g.DeclOnly {
			fmt.Fprintf(&g.src, "    %s\n", m.def)
		} else {
			fmt.Fprintf(&g.src, "    %s;\n", m.decl)
		}
	}
	if memberTmpl {
		g.src.WriteString("    template <typename U> __device__ U tm(U u, int) const")
		if tmpl && !g.DeclOnly {
			g.src.WriteString(" { return u; }\n")
		} else {
			g.src.WriteString(";\n")
		}
	}
	g.src.WriteString("};\n")
	if g.DeclOnly {
		inDef = ""
	} else if tmpl {
		fmt.Fprintf(&g.src, "template struct %s%s;\n", k.Tag, ctypes.ArgsString(k.Template.Args))
	} else {
		for _, m := range ms {
			g.src.WriteString(m.def + "\n")
		}
	}
	g.src.WriteString(inDef)
	for _, m := range ms {
		g.funcs = append(g.funcs, m.d)
	}
	if memberTmpl {
		// template <typename U> U tm(U, int) const, explicitly
		// instantiated once or twice.
		if !tmpl && !g.DeclOnly {
			fmt.Fprintf(&g.src, "template <typename U> __device__ U %s::tm(U u, int) const { return u; }\n", k.Tag)
		}
		U := &ctypes.TemplateParam{Name: "U"}
		done := map[ctypes.Type]bool{}
		for range 1 + g.pick(2) {
			u := g.scalar()
			if done[u] {
				continue
			}
			done[u] = true
			d := &ctypes.FuncDecl{Name: "tm", Scope: append(append([]string{}, k.Scope...), k.Tag), Class: k, Kind: ctypes.DeviceFunc, Defined: true,
				Type: &ctypes.Func{Result: u, Params: []ctypes.Param{{Type: u}, {Type: ctypes.BasicOf(ctypes.Int)}}, Const: true},
				Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(u)}, Params: []*ctypes.TemplateParam{U},
					Signature: &ctypes.Func{Result: U, Params: []ctypes.Param{{Type: U}, {Type: ctypes.BasicOf(ctypes.Int)}}}}}
			k.Methods = append(k.Methods, d)
			if !g.DeclOnly {
				fmt.Fprintf(&g.src, "template __device__ %s %s%s::tm<%s>(%s, int) const;\n", typeSrc(u, ""), k.Tag, argsOf(k), typeSrc(u, ""), typeSrc(u, ""))
			}
			g.funcs = append(g.funcs, d)
			g.Counts["member function template instantiations"]++
		}
	}
	// A free function taking the class.
	if g.chance(40) {
		d := &ctypes.FuncDecl{Name: fmt.Sprintf("use%d", g.n), Scope: scope, Kind: ctypes.DeviceFunc, Defined: true,
			Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void), Params: []ctypes.Param{
				{Type: &ctypes.Pointer{Elem: &ctypes.Qualified{Type: k, Const: true}}}, {Type: k}, {Type: &ctypes.Reference{Elem: k}}}}}
		fmt.Fprintf(&g.src, "__device__ void %s(%s)%s\n", d.Name, paramsSrc(d.Type.Params), g.bodyOr("{}"))
		g.funcs = append(g.funcs, d)
		g.Counts["free functions taking classes"]++
	}
	g.src.WriteString(closer)
	g.classes = append(g.classes, k)
}

// argsOf is a class's template argument list as source, or "".
func argsOf(k *ctypes.Struct) string {
	if k.Template == nil {
		return ""
	}
	return ctypes.ArgsString(k.Template.Args)
}

// paramType is a random parameter type of a member of k.
func (g *Members) paramType(k, in *ctypes.Struct) ctypes.Type {
	switch x := g.pick(20); {
	case x < 9:
		return g.scalar()
	case x < 11:
		return &ctypes.Pointer{Elem: g.scalar()}
	case x < 13:
		return &ctypes.Reference{Elem: &ctypes.Qualified{Type: k, Const: true}}
	case x < 14:
		return &ctypes.Pointer{Elem: k}
	case x < 15:
		return k
	case x < 16 && in != nil:
		return in
	case x < 17:
		return &ctypes.MemberPointer{Class: k, Elem: ctypes.BasicOf(ctypes.Int)}
	case x < 18:
		return &ctypes.MemberPointer{Class: k, Elem: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Float), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}}}}
	case x < 19 && len(g.classes) > 0:
		return &ctypes.Pointer{Elem: g.classes[g.pick(len(g.classes))]}
	}
	return ctypes.BasicOf(ctypes.Double)
}

// typeSrc is t in source, declaring name; inside class k's template,
// k's own name is written with its arguments.
func typeSrc(t ctypes.Type, name string) string { return ctypes.CXXString(t, name) }

func paramsSrc(ps []ctypes.Param) string {
	var s []string
	for _, p := range ps {
		s = append(s, typeSrc(p.Type, ""))
	}
	return strings.Join(s, ", ")
}

// body is a function body returning something of type t.
func body(t ctypes.Type, this bool) string {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Basic:
		if u.Kind == ctypes.Void {
			return "{}"
		}
		return "{ return 0; }"
	case *ctypes.Pointer:
		return "{ return 0; }"
	}
	if this {
		return "{ return *this; }"
	}
	return "{ return {}; }"
}

var unaryOps = []string{"+", "-", "*", "&", "~", "!", "++", "--"}
var binaryOps = []string{"+", "-", "*", "/", "%", "&", "|", "^", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"<<", ">>", "<<=", ">>=", "==", "!=", "<", ">", "<=", ">=", "&&", "||", ",", "->*", "[]"}

// method makes member function number i of k: ordinary, static, virtual,
// an operator or a conversion function.
func (g *Members) method(k, in *ctypes.Struct, i int, used map[string]bool) (member, bool) {
	d := &ctypes.FuncDecl{Scope: append(append([]string{}, k.Scope...), k.Tag), Class: k, Kind: ctypes.DeviceFunc, Defined: true,
		Type: &ctypes.Func{}}
	ft := d.Type
	cls := k.Tag + argsOf(k)
	var results []ctypes.Type
	results = append(results, ctypes.BasicOf(ctypes.Void), g.scalar(), &ctypes.Pointer{Elem: k}, &ctypes.Reference{Elem: k}, k)
	ft.Result = results[g.pick(len(results))]
	name := fmt.Sprintf("m%d", i)
	category := "member functions"
	switch x := g.pick(100); {
	case x < 12:
		d.StaticMember = true
		category = "static member functions"
	case x < 22 && !g.DeclOnly:
		d.Virtual = true
		category = "virtual member functions"
	case x < 62:
		category = "operators"
		d.Special = ctypes.OperatorFunc
		switch y := g.pick(10); {
		case y < 3:
			op := unaryOps[g.pick(len(unaryOps))]
			d.Operator = ctypes.OperatorFor(op, 1)
			if (op == "++" || op == "--") && g.chance(50) {
				ft.Params = []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}} // postfix
			}
		case y < 8:
			op := binaryOps[g.pick(len(binaryOps))]
			d.Operator = ctypes.OperatorFor(op, 2)
			ft.Params = []ctypes.Param{{Type: g.paramType(k, in)}}
		case y < 9:
			d.Operator = ctypes.OpCall
			for range g.pick(4) {
				ft.Params = append(ft.Params, ctypes.Param{Type: g.paramType(k, in)})
			}
		default:
			d.Operator = ctypes.OpArrow
			ft.Result = &ctypes.Pointer{Elem: k}
		}
		name = d.Operator.String()
	case x < 70:
		category = "conversion functions"
		d.Special = ctypes.ConversionFunc
		ft.Result = g.scalar()
		name = "operator " + typeSrc(ft.Result, "")
	}
	if d.Special == ctypes.Ordinary {
		for range g.pick(4) {
			ft.Params = append(ft.Params, ctypes.Param{Type: g.paramType(k, in)})
		}
	}
	if !d.StaticMember {
		ft.Const = g.chance(30)
		ft.Volatile = g.chance(8)
		if !d.Virtual && d.Special != ctypes.ConversionFunc && g.chance(10) {
			ft.Ref = ctypes.RefQualifier(1 + g.pick(2))
		}
	}
	// What a body can return: *this only from a member that is neither
	// static nor const or volatile.
	this := !d.StaticMember && !ft.Volatile
	switch u := ctypes.Unqualified(ft.Result).(type) {
	case *ctypes.Reference:
		if !this || ft.Const {
			ft.Result = &ctypes.Pointer{Elem: k}
		}
	case *ctypes.Struct:
		_ = u
		if !this || d.StaticMember {
			ft.Result = ctypes.BasicOf(ctypes.Int)
		}
	}
	if d.Special == ctypes.OperatorFunc && d.Operator == ctypes.OpArrow {
		ft.Result = &ctypes.Pointer{Elem: k}
	}
	d.Name = name
	if used[name] {
		return member{}, false // one overload per name keeps ref-qualifiers legal
	}
	used[name] = true
	quals := funcQuals(ft)
	ret := typeSrc(ft.Result, "") + " "
	if d.Special == ctypes.ConversionFunc {
		ret = ""
	}
	decl := fmt.Sprintf("__device__ %s%s(%s)%s", ret, name, paramsSrc(ft.Params), quals)
	switch {
	case d.StaticMember:
		decl = "static " + decl
	case d.Virtual:
		decl = "virtual " + decl
	}
	var def string
	if k.Template != nil {
		def = decl + " " + body(ft.Result, true)
	} else {
		def = fmt.Sprintf("__device__ %s%s::%s(%s)%s %s", ret, cls, name, paramsSrc(ft.Params), quals, body(ft.Result, true))
	}
	g.Counts[category]++
	return member{d: d, decl: decl, def: def}, true
}

func funcQuals(ft *ctypes.Func) string {
	q := ""
	if ft.Const {
		q += " const"
	}
	if ft.Volatile {
		q += " volatile"
	}
	switch ft.Ref {
	case ctypes.LValueRef:
		q += " &"
	case ctypes.RValueRef:
		q += " &&"
	}
	return q
}

func (g *Members) ctor(k *ctypes.Struct, used map[string]bool) member {
	d := &ctypes.FuncDecl{Name: k.Tag, Scope: append(append([]string{}, k.Scope...), k.Tag), Class: k, Kind: ctypes.DeviceFunc,
		Defined: true, Special: ctypes.Constructor, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}}
	if g.chance(30) {
		// A copy constructor: the class is then passed and returned by
		// invisible reference.
		d.Type.Params = []ctypes.Param{{Type: &ctypes.Reference{Elem: &ctypes.Qualified{Type: k, Const: true}}}}
	} else {
		for range 1 + g.pick(3) {
			d.Type.Params = append(d.Type.Params, ctypes.Param{Type: g.scalar()})
		}
	}
	decl := fmt.Sprintf("__device__ %s(%s)", k.Tag, paramsSrc(d.Type.Params))
	def := decl + " {}"
	if k.Template == nil {
		def = fmt.Sprintf("__device__ %s::%s(%s) {}", k.Tag, k.Tag, paramsSrc(d.Type.Params))
	}
	g.Counts["constructors"]++
	return member{d: d, decl: decl, def: def}
}

func (g *Members) dtor(k *ctypes.Struct) member {
	d := &ctypes.FuncDecl{Name: "~" + k.Tag, Scope: append(append([]string{}, k.Scope...), k.Tag), Class: k, Kind: ctypes.DeviceFunc,
		Defined: true, Special: ctypes.Destructor, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Void)}, Virtual: !g.DeclOnly && g.chance(30)}
	decl := fmt.Sprintf("__device__ ~%s()", k.Tag)
	if d.Virtual {
		decl = "virtual " + decl
	}
	def := decl + " {}"
	if k.Template == nil {
		def = fmt.Sprintf("__device__ %s::~%s() {}", k.Tag, k.Tag)
	}
	g.Counts["destructors"]++
	return member{d: d, decl: decl, def: def}
}

// funcTemplate makes a function template and one or two explicit
// instantiations: type and non-type parameters used in the signature
// (T, T*, const T&, a class template specialization of them), or a pack.
func (g *Members) funcTemplate() {
	scope, closer := g.scope()
	name := fmt.Sprintf("ft%d", g.n)
	T := &ctypes.TemplateParam{Name: "T", Index: 0}
	if g.chance(25) {
		// template <typename... Ts> int ftN(int, Ts... a)
		Ts := &ctypes.TemplateParam{Name: "Ts", Index: 0, Pack: true}
		fmt.Fprintf(&g.src, "template <typename... Ts> __device__ int %s(int, Ts... a)%s\n", name, g.bodyOr("{ return 0; }"))
		for range 1 + g.pick(2) {
			var args []ctypes.TemplateArg
			ps := []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}}
			for range g.pick(4) {
				t := g.scalar()
				args = append(args, ctypes.TypeArgOf(t))
				ps = append(ps, ctypes.Param{Type: t})
			}
			d := &ctypes.FuncDecl{Name: name, Scope: scope, Kind: ctypes.DeviceFunc, Defined: true,
				Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: ps},
				Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{{Kind: ctypes.PackArg, Pack: args}}, Params: []*ctypes.TemplateParam{Ts},
					Signature: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Int), Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.Int)}, {Type: Ts}}}}}
			if g.dup(d) {
				continue
			}
			if !g.DeclOnly {
				fmt.Fprintf(&g.src, "template __device__ int %s(%s);\n", name, paramsSrc(ps))
			}
			g.funcs = append(g.funcs, d)
			g.Counts["function template instantiations"]++
		}
		g.src.WriteString(closer)
		return
	}
	N := &ctypes.TemplateParam{Name: "N", Index: 1}
	// Pick the declared signature's shape.
	type shape struct {
		src  string // the parameter in source
		decl func(t ctypes.Type, n int64) ctypes.Type
		sig  ctypes.Type
		// positive: N must be positive (it sizes an array).
		positive bool
	}
	var arr *ctypes.Struct
	for _, c := range g.classes {
		if c.Template != nil && len(c.Scope) == 0 && ctypes.Unqualified(c.Template.Args[1].ValueType).(*ctypes.Basic).Kind == ctypes.Int {
			arr = c
		}
	}
	shapes := []shape{
		{"T %s", func(t ctypes.Type, n int64) ctypes.Type { return t }, T, false},
		{"T *%s", func(t ctypes.Type, n int64) ctypes.Type { return &ctypes.Pointer{Elem: t} }, &ctypes.Pointer{Elem: T}, false},
		{"const T &%s", func(t ctypes.Type, n int64) ctypes.Type {
			return &ctypes.Reference{Elem: &ctypes.Qualified{Type: t, Const: true}}
		}, &ctypes.Reference{Elem: &ctypes.Qualified{Type: T, Const: true}}, false},
		{"int %s", func(t ctypes.Type, n int64) ctypes.Type { return ctypes.BasicOf(ctypes.Int) }, ctypes.BasicOf(ctypes.Int), false},
	}
	if arr != nil {
		// A class template specialization of the parameters: K<T, N> *,
		// mangled with N as an expression (X T0_ E).
		inst := func(a ctypes.TemplateArg, b ctypes.TemplateArg) *ctypes.Struct {
			return &ctypes.Struct{Tag: arr.Tag, Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{a, b}}}
		}
		shapes = append(shapes, shape{arr.Tag + "<T, N> *%s", func(t ctypes.Type, n int64) ctypes.Type {
			return &ctypes.Pointer{Elem: inst(ctypes.TypeArgOf(t), ctypes.ValueArgOf(ctypes.BasicOf(ctypes.Int), n))}
		}, &ctypes.Pointer{Elem: inst(ctypes.TypeArgOf(T), ctypes.TemplateArg{Kind: ctypes.ParamArg, Param: N})}, true})
	}
	np := 1 + g.pick(3)
	var chosen []shape
	positive := false
	kernel := !g.DeclOnly && g.chance(20) // a __global__ template: .weak .entry
	for range np {
		sh := shapes[g.pick(len(shapes))]
		if kernel && strings.Contains(sh.src, "&") {
			continue
		}
		positive = positive || sh.positive
		chosen = append(chosen, sh)
	}
	retT := !kernel && g.chance(50)
	space, kind := "__device__", ctypes.DeviceFunc
	if kernel {
		space, kind = "__global__", ctypes.GlobalFunc
	}
	var srcParams []string
	var sigParams []ctypes.Param
	for i, sh := range chosen {
		srcParams = append(srcParams, fmt.Sprintf(sh.src, fmt.Sprintf("p%d", i)))
		sigParams = append(sigParams, ctypes.Param{Type: sh.sig})
	}
	ret := "void"
	var sigRet ctypes.Type = ctypes.BasicOf(ctypes.Void)
	if retT {
		ret, sigRet = "T", T
	}
	fmt.Fprintf(&g.src, "template <typename T, int N> %s %s %s(%s) %s\n", space, ret, name, strings.Join(srcParams, ", "), g.bodyOr(map[bool]string{true: "{ return T(); }", false: "{}"}[retT]))
	for range 1 + g.pick(2) {
		t := g.scalar()
		n := int64(g.pick(9) - 2)
		if positive {
			n = int64(1 + g.pick(4))
		}
		var ps []ctypes.Param
		for _, sh := range chosen {
			ps = append(ps, ctypes.Param{Type: sh.decl(t, n)})
		}
		var res ctypes.Type = ctypes.BasicOf(ctypes.Void)
		if retT {
			res = t
		}
		d := &ctypes.FuncDecl{Name: name, Scope: scope, Kind: kind, Defined: true,
			Type: &ctypes.Func{Result: res, Params: ps},
			Template: &ctypes.TemplateInst{Args: []ctypes.TemplateArg{ctypes.TypeArgOf(t), ctypes.ValueArgOf(ctypes.BasicOf(ctypes.Int), n)},
				Params: []*ctypes.TemplateParam{T, N}, Signature: &ctypes.Func{Result: sigRet, Params: sigParams}}}
		if g.dup(d) {
			continue
		}
		if !g.DeclOnly {
			fmt.Fprintf(&g.src, "template %s %s %s%s(%s);\n", space, typeSrc(res, ""), name, ctypes.ArgsString(d.Template.Args), paramsSrc(ps))
		}
		g.funcs = append(g.funcs, d)
		if kernel {
			g.Counts["kernel template instantiations"]++
		} else {
			g.Counts["function template instantiations"]++
		}
	}
	g.src.WriteString(closer)
}

// dup reports whether an instantiation with d's arguments was made already.
func (g *Members) dup(d *ctypes.FuncDecl) bool {
	for _, f := range g.funcs {
		if f.Name == d.Name && strings.Join(f.Scope, "::") == strings.Join(d.Scope, "::") && f.Template != nil &&
			ctypes.ArgsString(f.Template.Args) == ctypes.ArgsString(d.Template.Args) {
			return true
		}
	}
	return false
}

// bodyOr is body, or ";" when the source declares only.
func (g *Members) bodyOr(body string) string {
	if g.DeclOnly {
		return ";"
	}
	return " " + body
}

// Caller returns a kernel, caller(char *buf), that calls every function
// generated so far (constructors through a local object, destructors
// explicitly), with objects read from buf and null or zero arguments: for
// DeclOnly sources, whose functions another module defines.
func (g *Members) Caller() string {
	var b strings.Builder
	b.WriteString("__global__ void caller(char *buf) {\n")
	for _, d := range g.funcs {
		if d.Kind != ctypes.DeviceFunc {
			continue
		}
		fmt.Fprintf(&b, "    { %s; }\n", callExpr(d))
	}
	b.WriteString("}\n")
	return b.String()
}

// object is an lvalue of class k read from buf.
func object(k *ctypes.Struct) string { return "(*(" + ctypes.CXXString(k, "") + " *)buf)" }

// argument is a value for a parameter of type t.
func argument(t ctypes.Type) string {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Pointer, *ctypes.MemberPointer:
		return "nullptr"
	case *ctypes.Reference:
		if s, ok := ctypes.Unqualified(u.Elem).(*ctypes.Struct); ok {
			return object(s)
		}
	case *ctypes.Struct:
		return object(u)
	}
	return "0"
}

// callExpr is a statement calling d.
func callExpr(d *ctypes.FuncDecl) string {
	var args []string
	for _, p := range d.Type.Params {
		args = append(args, argument(p.Type))
	}
	list := "(" + strings.Join(args, ", ") + ")"
	targs := ""
	if d.Template != nil {
		targs = ctypes.ArgsString(d.Template.Args)
	}
	if d.Class == nil {
		return "::" + strings.Join(append(append([]string{}, d.Scope...), d.Name), "::") + targs + list
	}
	k := d.Class
	obj := object(k)
	if d.Type.Ref == ctypes.RValueRef {
		obj = "static_cast<" + ctypes.CXXString(k, "") + " &&>(" + obj + ")"
	}
	switch d.Special {
	case ctypes.Constructor:
		return ctypes.CXXString(k, "") + " tmp" + list
	case ctypes.Destructor:
		return obj + ".~" + k.Tag + "()"
	case ctypes.OperatorFunc:
		return obj + "." + d.Operator.String() + list
	case ctypes.ConversionFunc:
		return obj + "." + d.Name + "()"
	}
	if d.StaticMember {
		return ctypes.CXXString(k, "") + "::" + d.Name + list
	}
	return obj + "." + d.Name + targs + list
}
