package ctgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Templates generates random CUDA C++ whose device symbols come from
// template instantiations that a front end must work out from the source
// alone, for a differential test against nvcc: function templates called
// without template arguments (deduced from variables, literals, member
// accesses, arithmetic, address-of and subscript expressions, for the
// parameter forms T, T *, const T *, const T &, T &, Arr<T, N> &),
// kernels launched without template arguments (k<<<g, b>>>(p, n)),
// variadic templates (Ts..., const Ts &..., explicit and deduced packs),
// template template parameters, literal operators, member function
// templates of classes and class templates (obj.f(x), dependent names
// typename DV<T>::Type and typename T::value_type in signatures,
// p->f(x), obj.template f<T>(x)), partial specializations of class
// templates chosen by the partial-ordering rules, and functions taking
// std::allocator, std::basic_string and the stream classes (mangled with
// Sa, Sb, Ss, Si, So, Sd). Every generated device function has a side
// effect and is called, so that nvcc keeps every instance: the symbols
// nvcc defines are then exactly the ones the source names.
type Templates struct {
	r   *rand.Rand
	src strings.Builder
	n   int
	// Counts of what was generated, by category.
	Counts map[string]int
}

// NewTemplates returns a generator with a fixed seed.
func NewTemplates(seed uint64) *Templates {
	return &Templates{r: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), Counts: map[string]int{}}
}

func (g *Templates) pick(n int) int      { return g.r.IntN(n) }
func (g *Templates) chance(pct int) bool { return g.r.IntN(100) < pct }

// templatesPrelude declares what every unit uses.
const templatesPrelude = `#include <stddef.h>
__device__ int sink;
template <typename T, int N> struct Arr { T v[N]; };
template <typename T> struct Box { T v; };
template <typename T> struct DV { typedef T Type; typedef T *Ptr; };
struct HasVT { typedef float value_type; };
namespace tt { template <typename T> struct Cell { T c; }; }
struct Pt { int x; float y; double z; };
namespace std {
template <class T> struct allocator {};
template <class C> struct char_traits {};
template <class C, class T = char_traits<C>, class A = allocator<C> > struct basic_string {};
template <class C, class T = char_traits<C> > struct basic_istream {};
template <class C, class T = char_traits<C> > struct basic_ostream {};
template <class C, class T = char_traits<C> > struct basic_iostream {};
}
`

// Source returns the source of every unit generated so far.
func (g *Templates) Source() string { return templatesPrelude + g.src.String() }

// Unit adds one random unit.
func (g *Templates) Unit() {
	g.n++
	switch g.pick(10) {
	case 9:
		g.dependentName()
	case 7:
		g.templateTemplate()
	case 8:
		g.literalOperator()
	case 0, 1:
		g.deduced()
	case 2:
		g.launch()
	case 3:
		g.variadic()
	case 4:
		g.memberTemplate()
	case 5:
		g.partial()
	default:
		g.stdClasses()
	}
}

var tscalars = []string{"int", "unsigned", "char", "signed char", "unsigned char", "short", "unsigned short",
	"long", "unsigned long", "long long", "unsigned long long", "float", "double", "bool"}

// literals of each type.
var tliterals = map[string]string{"int": "3", "unsigned": "3u", "long": "3l", "unsigned long": "3ul",
	"long long": "3ll", "unsigned long long": "3ull", "float": "2.5f", "double": "2.5", "char": "'c'", "bool": "true"}

// value returns an expression of a random scalar type (a variable, a
// literal, a member, a cast or an arithmetic expression) and its type,
// with the declarations it needs.
func (g *Templates) value(decls *[]string, k int) (expr, typ string) {
	t := tscalars[g.pick(len(tscalars))]
	switch g.pick(6) {
	case 0:
		if lit, ok := tliterals[t]; ok {
			return lit, t
		}
	case 1:
		m := []struct{ name, typ string }{{"x", "int"}, {"y", "float"}, {"z", "double"}}[g.pick(3)]
		*decls = append(*decls, fmt.Sprintf("Pt pt%d = {1, 2.0f, 3.0};", k))
		return fmt.Sprintf("pt%d.%s", k, m.name), m.typ
	case 2:
		return fmt.Sprintf("(%s)sink", t), t
	case 3:
		// The usual arithmetic conversions: float + int is float.
		a := []string{"float", "double", "long", "int", "unsigned"}[g.pick(5)]
		b := []string{"int", "char", "short", "unsigned", "long long"}[g.pick(5)]
		*decls = append(*decls, fmt.Sprintf("%s a%d = 1; %s b%d = 2;", a, k, b, k))
		return fmt.Sprintf("a%d * b%d + a%d", k, k, k), arithType(a, b)
	}
	*decls = append(*decls, fmt.Sprintf("%s v%d = (%s)1;", t, k, t))
	return fmt.Sprintf("v%d", k), t
}

// arithType is the type of a op b for the types value uses (LP64 and
// ILP32 agree for these pairs).
func arithType(a, b string) string {
	rank := map[string]int{"char": 0, "short": 0, "int": 1, "unsigned": 2, "long": 3, "long long": 4, "float": 5, "double": 6}
	if rank[a] == 0 && rank[b] == 0 {
		return "int"
	}
	x, y := a, b
	if rank[y] > rank[x] {
		x, y = y, x
	}
	if x == "long" && y == "unsigned" {
		return "" // unsigned long on LP64, unsigned long on ILP32 too
	}
	if rank[x] <= 1 {
		return "int"
	}
	return x
}

// deduced adds a function template with one form of parameter and a
// kernel that calls it with arguments of several types.
func (g *Templates) deduced() {
	name := fmt.Sprintf("d%d", g.n)
	forms := []string{"T a", "T *a", "const T *a", "const T &a", "T &a", "Arr<T, N> &a", "const Arr<T, N> &a"}
	f := g.pick(len(forms))
	params := "typename T"
	if strings.Contains(forms[f], "N") {
		params = "typename T, int N"
	}
	extra := ""
	if g.chance(40) {
		extra = ", int k"
	}
	fmt.Fprintf(&g.src, "template <%s> __device__ __noinline__ void %s(%s%s) { sink += (int)sizeof(a); }\n", params, name, forms[f], extra)
	var decls, calls []string
	for i := range 1 + g.pick(3) {
		k := g.n*10 + i
		var arg string
		switch f {
		case 0, 3:
			arg, _ = g.value(&decls, k)
		case 1, 2:
			t := tscalars[g.pick(len(tscalars))]
			if g.chance(30) {
				t = "const " + t
				if f == 1 {
					t = tscalars[g.pick(len(tscalars))]
				}
			}
			decls = append(decls, fmt.Sprintf("%s w%d[2] = {};", t, k))
			arg = []string{fmt.Sprintf("w%d", k), fmt.Sprintf("&w%d[0]", k), fmt.Sprintf("w%d + 1", k)}[g.pick(3)]
		case 4:
			t := tscalars[g.pick(len(tscalars))]
			decls = append(decls, fmt.Sprintf("%s r%d = (%s)0;", t, k, t))
			arg = fmt.Sprintf("r%d", k)
			if g.chance(30) {
				decls = append(decls, fmt.Sprintf("Pt q%d = {};", k))
				arg = fmt.Sprintf("q%d", k)
			}
		default:
			t := tscalars[g.pick(len(tscalars))]
			decls = append(decls, fmt.Sprintf("Arr<%s, %d> s%d = {};", t, 1+g.pick(4), k))
			arg = fmt.Sprintf("s%d", k)
		}
		if extra != "" {
			arg += ", 1"
		}
		calls = append(calls, fmt.Sprintf("%s(%s);", name, arg))
		g.Counts["calls with deduced arguments"]++
	}
	fmt.Fprintf(&g.src, "__global__ void call_%s() {\n    %s\n    %s\n}\n", name, strings.Join(decls, "\n    "), strings.Join(calls, "\n    "))
}

// launch adds a kernel template launched from host code without template
// arguments.
func (g *Templates) launch() {
	name := fmt.Sprintf("lk%d", g.n)
	fmt.Fprintf(&g.src, "template <typename T> __global__ void %s(T *p, int n) { p[0] = p[n]; }\n", name)
	var body []string
	for i := range 1 + g.pick(3) {
		t := tscalars[g.pick(len(tscalars)-1)]
		body = append(body, fmt.Sprintf("%s *p%d = 0; %s<<<1, 1>>>(p%d, %d);", t, i, name, i, i))
		g.Counts["launches with deduced arguments"]++
	}
	fmt.Fprintf(&g.src, "void host_%s() {\n    %s\n}\n", name, strings.Join(body, "\n    "))
}

// variadic adds a variadic function template called with packs of 0 to 3
// arguments, deduced or explicit.
func (g *Templates) variadic() {
	name := fmt.Sprintf("v%d", g.n)
	forms := []string{"Ts... a", "const Ts &... a", "int n, Ts *... a", "Ts &&... a"}
	f := g.pick(len(forms))
	fmt.Fprintf(&g.src, "template <typename... Ts> __device__ __noinline__ void %s(%s) { sink += 1 + (int)sizeof...(Ts); }\n", name, forms[f])
	var decls, calls []string
	for i := range 1 + g.pick(3) {
		var args, types []string
		if f == 2 {
			args = append(args, "0")
		}
		for j := range g.pick(4) {
			k := g.n*100 + i*10 + j
			t := tscalars[g.pick(len(tscalars))]
			decls = append(decls, fmt.Sprintf("%s u%d = (%s)0;", t, k, t))
			if f == 2 {
				args = append(args, fmt.Sprintf("&u%d", k))
			} else {
				args = append(args, fmt.Sprintf("u%d", k))
			}
			types = append(types, t)
		}
		if f != 3 && len(types) > 0 && g.chance(30) {
			calls = append(calls, fmt.Sprintf("%s<%s>(%s);", name, strings.Join(types, ", "), strings.Join(args, ", ")))
			g.Counts["variadic calls with explicit packs"]++
			continue
		}
		calls = append(calls, fmt.Sprintf("%s(%s);", name, strings.Join(args, ", ")))
		g.Counts["variadic calls with deduced packs"]++
	}
	fmt.Fprintf(&g.src, "__global__ void call_%s() {\n    %s\n    %s\n}\n", name, strings.Join(decls, "\n    "), strings.Join(calls, "\n    "))
}

// memberTemplate adds a class (or class template) with a member function
// template, called through an object, a pointer and with explicit
// arguments.
func (g *Templates) memberTemplate() {
	name := fmt.Sprintf("M%d", g.n)
	tmpl := g.chance(50)
	inst := name
	if tmpl {
		t := tscalars[g.pick(len(tscalars))]
		fmt.Fprintf(&g.src, "template <typename V> struct %s {\n    V v;\n", name)
		inst = fmt.Sprintf("%s<%s>", name, t)
	} else {
		fmt.Fprintf(&g.src, "struct %s {\n    int v;\n", name)
	}
	fmt.Fprintf(&g.src, "    template <typename U> __device__ __noinline__ void put(U u) { sink += (int)sizeof(u); }\n")
	fmt.Fprintf(&g.src, "    template <typename U, typename W> __device__ __noinline__ U conv(W w) const { sink++; return (U)w; }\n};\n")
	var decls, calls []string
	decls = append(decls, fmt.Sprintf("%s o = {}; %s *po = &o;", inst, inst))
	for i := range 1 + g.pick(3) {
		k := g.n*10 + i
		arg, typ := g.value(&decls, k)
		switch g.pick(4) {
		case 0:
			calls = append(calls, fmt.Sprintf("o.put(%s);", arg))
		case 1:
			calls = append(calls, fmt.Sprintf("po->put(%s);", arg))
		case 2:
			if typ == "" {
				typ = "int"
			}
			calls = append(calls, fmt.Sprintf("o.template put<%s>((%s)%s);", typ, typ, arg))
		default:
			r := tscalars[g.pick(len(tscalars))]
			calls = append(calls, fmt.Sprintf("sink += (int)o.template conv<%s>(%s);", r, arg))
		}
		g.Counts["member template calls"]++
	}
	fmt.Fprintf(&g.src, "__global__ void call_%s() {\n    %s\n    %s\n}\n", name, strings.Join(decls, "\n    "), strings.Join(calls, "\n    "))
}

// partial adds a class template with partial specializations, each with
// a member function of its own name, and a kernel that uses
// specializations that select each of them.
func (g *Templates) partial() {
	name := fmt.Sprintf("P%d", g.n)
	fmt.Fprintf(&g.src, "template <typename A, typename B> struct %s { __device__ __noinline__ void primary() { sink++; } };\n", name)
	specs := []struct{ head, args, method string }{
		{"template <typename A> ", "<A, A>", "same"},
		{"template <typename A, typename B> ", "<A *, B>", "ptr"},
		{"template <typename A> ", "<A *, A *>", "twoptr"},
		{"template <typename B> ", "<int, B>", "intfirst"},
		{"template <typename A, int N> ", "<Arr<A, N>, A>", "arr"},
	}
	g.r.Shuffle(len(specs), func(i, j int) { specs[i], specs[j] = specs[j], specs[i] })
	chosen := specs[:2+g.pick(3)]
	has := map[string]bool{}
	for _, s := range chosen {
		fmt.Fprintf(&g.src, "%sstruct %s%s { __device__ __noinline__ void %s() { sink++; } };\n", s.head, name, s.args, s.method)
		has[s.method] = true
	}
	// Which member a specialization has, by the most specialized match.
	method := func(a, b string) string {
		ptrA, ptrB := strings.HasSuffix(a, "*"), strings.HasSuffix(b, "*")
		var m []string
		if a == b && has["same"] {
			m = append(m, "same")
		}
		if ptrA && has["ptr"] {
			m = append(m, "ptr")
		}
		if ptrA && ptrB && a == b && has["twoptr"] {
			m = append(m, "twoptr")
		}
		if a == "int" && has["intfirst"] {
			m = append(m, "intfirst")
		}
		if strings.HasPrefix(a, "Arr<"+b+",") && has["arr"] {
			m = append(m, "arr")
		}
		switch {
		case len(m) == 0:
			return "primary"
		case len(m) == 1:
			return m[0]
		}
		// Ordered pairs: twoptr is more specialized than same and
		// ptr; same and ptr alone are ambiguous (avoided below).
		for _, x := range m {
			if x == "twoptr" && len(m) <= 3 {
				return x
			}
		}
		return ""
	}
	var decls []string
	types := []string{"int", "float", "char", "int *", "float *", "double", "Arr<float, 2>", "Arr<int, 3>"}
	for i := range 2 + g.pick(3) {
		a, b := types[g.pick(len(types))], types[g.pick(len(types))]
		if g.chance(20) {
			b = a
		}
		if strings.HasPrefix(a, "Arr<float") && g.chance(60) {
			b = "float"
		}
		m := method(a, b)
		if m == "" {
			continue
		}
		decls = append(decls, fmt.Sprintf("%s<%s, %s> s%d; s%d.%s();", name, a, b, i, i, m))
		g.Counts["partial specialization uses"]++
	}
	fmt.Fprintf(&g.src, "__global__ void call_%s() {\n    %s\n}\n", name, strings.Join(decls, "\n    "))
}

// stdClasses adds a device function whose parameters are classes of std
// that mangle with abbreviations.
func (g *Templates) stdClasses() {
	opts := []string{"std::allocator<int>", "std::allocator<float> *", "std::basic_string<char> *", "const std::basic_string<char> &",
		"std::basic_string<wchar_t> *", "std::basic_string<char16_t> *", "std::basic_ostream<char> *", "std::basic_istream<char> &",
		"std::basic_iostream<char> *", "std::basic_ostream<wchar_t> *", "std::char_traits<char> *", "size_t"}
	var ps []string
	for i := range 1 + g.pick(4) {
		ps = append(ps, fmt.Sprintf("%s p%d", opts[g.pick(len(opts))], i))
	}
	fmt.Fprintf(&g.src, "__device__ __noinline__ void sd%d(%s) { sink++; }\n", g.n, strings.Join(ps, ", "))
	g.Counts["functions of std classes"]++
}

// templateTemplate adds a class template with a template template
// parameter (and a defaulted type parameter), instances of it with
// several templates as arguments, and a function taking them (whose name
// uses substitutions of the templates' names).
func (g *Templates) templateTemplate() {
	name := fmt.Sprintf("W%d", g.n)
	fmt.Fprintf(&g.src, "template <template <typename> class C, typename T = int> struct %s { C<T> c; __device__ __noinline__ void f() { sink++; } };\n", name)
	tmpls := []string{"Box", "tt::Cell"}
	var params, uses []string
	for i := range 1 + g.pick(3) {
		arg := tmpls[g.pick(len(tmpls))]
		if g.chance(50) {
			arg += ", " + tscalars[g.pick(len(tscalars))]
		}
		params = append(params, fmt.Sprintf("%s<%s> *p%d", name, arg, i))
		uses = append(uses, fmt.Sprintf("p%d->f();", i))
		g.Counts["template template arguments"]++
	}
	if g.chance(50) {
		params = append(params, fmt.Sprintf("Box<%s> *q", tscalars[g.pick(len(tscalars))]))
	}
	fmt.Fprintf(&g.src, "__device__ __noinline__ void tt%d(%s) { %s }\n", g.n, strings.Join(params, ", "), strings.Join(uses, " "))
}

// literalOperator adds a literal operator of one of the allowed parameter
// lists, in a namespace or not, and a kernel that uses it.
func (g *Templates) literalOperator() {
	suffix := fmt.Sprintf("_u%d", g.n)
	forms := []struct{ params, use string }{
		{"unsigned long long v", "12" + suffix},
		{"long double v", "1.5" + suffix},
		{"char c", "'x'" + suffix},
		{"const char *s, size_t n", `"ab"` + suffix},
		{"const char *s", "34" + suffix},
	}
	f := forms[g.pick(len(forms))]
	ns := g.chance(40)
	if ns {
		fmt.Fprintf(&g.src, "namespace lit%d {\n", g.n)
	}
	fmt.Fprintf(&g.src, "__device__ __noinline__ int operator\"\"%s(%s) { return ++sink; }\n", suffix, f.params)
	if ns {
		fmt.Fprintf(&g.src, "}\nusing namespace lit%d;\n", g.n)
	}
	fmt.Fprintf(&g.src, "__global__ void call_lit%d() { sink += %s; }\n", g.n, f.use)
	g.Counts["literal operators"]++
}

// dependentName adds function templates whose signatures name types
// through their parameters (typename DV<T>::Type *, typename T::value_type),
// called with explicit arguments or with T deduced from another parameter
// (the dependent ones are non-deduced contexts).
func (g *Templates) dependentName() {
	name := fmt.Sprintf("dn%d", g.n)
	fmt.Fprintf(&g.src, "template <typename T> __device__ __noinline__ void %s(typename DV<T>::Type *a, typename DV<T>::Ptr b, T c) { sink += (int)sizeof(*a) + (int)sizeof(c); }\n", name)
	fmt.Fprintf(&g.src, "template <typename T> __device__ __noinline__ typename T::value_type %sv(const T &t, typename T::value_type x) { sink++; return x; }\n", name)
	var decls, calls []string
	for i := range 1 + g.pick(3) {
		t := tscalars[g.pick(len(tscalars))]
		k := g.n*10 + i
		decls = append(decls, fmt.Sprintf("%s x%d = (%s)0;", t, k, t))
		if g.chance(50) {
			calls = append(calls, fmt.Sprintf("%s<%s>(&x%d, &x%d, x%d);", name, t, k, k, k))
		} else {
			calls = append(calls, fmt.Sprintf("%s(&x%d, &x%d, x%d);", name, k, k, k))
		}
		g.Counts["dependent names in signatures"]++
	}
	decls = append(decls, "HasVT h = {};")
	calls = append(calls, fmt.Sprintf("sink += (int)%sv(h, 1.5f);", name))
	fmt.Fprintf(&g.src, "__global__ void call_%s() {\n    %s\n    %s\n}\n", name, strings.Join(decls, "\n    "), strings.Join(calls, "\n    "))
}
