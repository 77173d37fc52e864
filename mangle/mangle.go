// Package mangle implements the C++ name mangling of device functions that
// guide chapter 7 ("C++") prescribes: device code follows the Itanium C++
// ABI, whose <mangled-name> grammar (Itanium C++ ABI §5.1) gives the names
// that PTX .func and .entry directives carry.
//
// Name mangles a ctypes.FuncDecl; Demangle turns a mangled name back into
// the text c++filt prints for it.
package mangle

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// builtinCodes are the <builtin-type> codes (Itanium C++ ABI §5.1.5.1) of
// the fundamental types. The C type is mangled, not its size, so long is
// "l" for -m32 and -m64 alike. __half and __nv_bfloat16 are classes in
// CUDA's headers and are mangled by name (see classKinds).
var builtinCodes = sync.OnceValue(func() map[ctypes.Kind]string {
	return map[ctypes.Kind]string{
		ctypes.Void: "v", ctypes.Bool: "b", ctypes.Char: "c", ctypes.SChar: "a", ctypes.UChar: "h",
		ctypes.Short: "s", ctypes.UShort: "t", ctypes.Int: "i", ctypes.UInt: "j",
		ctypes.Long: "l", ctypes.ULong: "m", ctypes.LongLong: "x", ctypes.ULongLong: "y",
		ctypes.Int128: "n", ctypes.UInt128: "o", ctypes.Float: "f", ctypes.Double: "d",
		ctypes.LongDouble: "e", ctypes.WChar: "w", ctypes.Char16: "Ds", ctypes.Char32: "Di",
		ctypes.NullPtr: "Dn",
	}
})

// classKinds are the fundamental kinds that CUDA declares as classes
// (cuda_fp16.h, cuda_bf16.h): they mangle as the class's <source-name>.
var classKinds = sync.OnceValue(func() map[ctypes.Kind]string {
	return map[ctypes.Kind]string{
		ctypes.Half:     "__half",
		ctypes.BFloat16: "__nv_bfloat16",
	}
})

// handleType is what cudaTextureObject_t and cudaSurfaceObject_t are
// typedefs of: unsigned long long.
const handleType = "y"

// Name returns the mangled name of the function d declares (guide chapter
// 7; Itanium C++ ABI §5.1.2 <mangled-name> ::= _Z <encoding>). An extern
// "C" function keeps its plain name. The mangling does not depend on the
// target: the C types are mangled, not their sizes.
//
// A member function's name is nested in its class's (with the class's
// template arguments), its this qualifiers and ref-qualifier following the
// N; a constructor is named with C1 and a destructor with D1, the
// complete-object variants (Variants lists every symbol nvcc emits); an
// operator by its code; a function template specialization carries its
// template arguments and has its declared signature (result type first)
// mangled with template parameters.
//
// A function with internal linkage (static, or in an unnamed namespace) is
// given its Itanium name, an unnamed namespace being _GLOBAL__N_1; nvcc
// wraps such names in a namespace of its own (_INTERNAL_<hash>_<file>...)
// and names an unnamed namespace _GLOBAL__N__<hash>_<file>..., both
// depending on the file, and neither is reproduced.
func Name(d *ctypes.FuncDecl, t target.Target) (name string, err error) {
	return VariantName(d, Complete, t)
}

// Variant is a constructor's or destructor's variant (Itanium C++ ABI
// §5.1.4.3): the complete-object, base-object and (destructors of dynamic
// classes) deleting variants are distinct symbols.
type Variant int

// Variants of constructors and destructors.
const (
	Complete Variant = iota // C1, D1
	BaseObj                 // C2, D2
	Deleting                // D0
)

// Variants returns the symbols nvcc emits for a definition of d: the
// name alone for most functions; C1 and C2 for a constructor; D1 and D2 for
// a destructor, and D0 before them when it is virtual (nvcc 11.8's order is
// D1, D0, D2 in the PTX; Variants lists D1, D2, D0).
func Variants(d *ctypes.FuncDecl, t target.Target) ([]string, error) {
	var vs []Variant
	switch {
	case d != nil && !d.ExternC && d.Special == ctypes.Constructor:
		vs = []Variant{Complete, BaseObj}
	case d != nil && !d.ExternC && d.Special == ctypes.Destructor:
		vs = []Variant{Complete, BaseObj}
		if d.Virtual {
			vs = append(vs, Deleting)
		}
	default:
		n, err := Name(d, t)
		if err != nil {
			return nil, err
		}
		return []string{n}, nil
	}
	var out []string
	for _, v := range vs {
		n, err := VariantName(d, v, t)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// VariantName is Name for the variant v of a constructor or destructor;
// for any other function v must be Complete.
func VariantName(d *ctypes.FuncDecl, v Variant, t target.Target) (name string, err error) {
	_ = t
	if d == nil || d.Name == "" {
		return "", fmt.Errorf("mangle: function without a name")
	}
	if d.ExternC {
		return d.Name, nil
	}
	if d.Type == nil {
		return "", fmt.Errorf("mangle: %s: function without a type", d.QualifiedName())
	}
	m := &mangler{}
	defer m.recover(d.QualifiedName(), &name, &err)
	m.buf.WriteString("_Z")
	m.encoding(d, v)
	return m.buf.String(), nil
}

// encoding writes the <encoding> of function d (variant v): its name and
// its parameter types (and its result type, for a template's
// specialization).
func (m *mangler) encoding(d *ctypes.FuncDecl, v Variant) {
	m.funcName(d, v)
	sig := d.Type
	withResult := false
	if d.Template != nil {
		if d.Template.Signature != nil {
			sig = d.Template.Signature
		}
		switch d.Special {
		case ctypes.Constructor, ctypes.Destructor, ctypes.ConversionFunc:
		default:
			withResult = true
		}
	}
	if withResult {
		m.typ(sig.Result)
	}
	m.bareFunctionType(sig)
}

// VarName returns the mangled name of a variable: a static data member
// (_ZN1S1xE), a variable in a namespace, or a variable template's
// specialization; a variable at global scope keeps its name, as does an
// extern "C" one.
func VarName(v *ctypes.VarDecl) (name string, err error) {
	if v == nil || v.Name == "" {
		return "", fmt.Errorf("mangle: variable without a name")
	}
	if v.ExternC || (v.Class == nil && len(v.Scope) == 0 && v.Template == nil) {
		return v.Name, nil
	}
	m := &mangler{}
	defer m.recover(qualifiedName(v.Scope, v.Name), &name, &err)
	m.buf.WriteString("_Z")
	var std bool
	var cs []comp
	if v.Class != nil {
		std, cs = m.structComps(v.Class)
	} else {
		std, cs = nsComps(v.Scope)
	}
	c := comp{src: sourceName(v.Name)}
	if v.Template != nil {
		c.args, c.hasArgs = v.Template.Args, true
	}
	m.encodeName(std, append(cs, c), "", false)
	return m.buf.String(), nil
}

func qualifiedName(scope []string, id string) string {
	return strings.Join(append(append([]string(nil), scope...), id), "::")
}

func (m *mangler) recover(what string, name *string, err *error) {
	if r := recover(); r != nil {
		e, ok := r.(mangleError)
		if !ok {
			panic(r)
		}
		*name, *err = "", fmt.Errorf("mangle: %s: %s", what, string(e))
	}
}

type mangleError string

func fail(format string, args ...any) { panic(mangleError(fmt.Sprintf(format, args...))) }

// mangler holds the output and the substitution candidates (Itanium C++ ABI
// §5.1.10), each by its uncompressed mangling.
type mangler struct {
	buf  strings.Builder
	subs []string
	noDp int // inside a pack expansion's pattern: its pack is not Dp again
}

// seqID writes the <substitution> for candidate i: S_, S0_, ..., S9_, SA_,
// ..., SZ_, S10_, ... (base 36, upper-case digits).
func seqID(i int) string {
	if i == 0 {
		return "S_"
	}
	return "S" + strings.ToUpper(strconv.FormatInt(int64(i-1), 36)) + "_"
}

// substitute writes the substitution for key if it is a candidate already.
func (m *mangler) substitute(key string) bool {
	for i, s := range m.subs {
		if s == key {
			m.buf.WriteString(seqID(i))
			return true
		}
	}
	return false
}

func (m *mangler) add(key string) { m.subs = append(m.subs, key) }

// sourceName is the <source-name> of an identifier: its length and the
// identifier. An unnamed namespace has the name "_GLOBAL__N_1", as GCC
// and Clang give it (the Itanium C++ ABI leaves the name to the
// implementation; nvcc's depends on the file and is not reproduced).
func sourceName(id string) string {
	if id == ctypes.AnonymousNamespace {
		id = "_GLOBAL__N_1"
	}
	return strconv.Itoa(len(id)) + id
}

// comp is one component of a (possibly nested) name: its
// <unqualified-name> as mangled (src, uncompressed), or a conversion
// function's target type (conv), and the template arguments that follow
// it, if any.
type comp struct {
	src     string
	conv    ctypes.Type
	args    []ctypes.TemplateArg
	hasArgs bool
}

// nsComps are the components of namespace scope names: whether it starts
// with std (written St), and one component per namespace (or class named
// by its name alone, as C front ends without Parent record them).
func nsComps(scope []string) (bool, []comp) {
	std := len(scope) > 0 && scope[0] == "std"
	if std {
		scope = scope[1:]
	}
	var cs []comp
	for _, s := range scope {
		cs = append(cs, comp{src: sourceName(s)})
	}
	return std, cs
}

// structComps are the components of a class's name: its enclosing class's
// (Parent) or namespaces', then its own, with its template arguments.
func (m *mangler) structComps(s *ctypes.Struct) (bool, []comp) {
	tag := s.Tag
	if tag == "" {
		tag = s.LinkageName
	}
	return m.scopedComps(s.Parent, s.Scope, tag, s.Template)
}

func (m *mangler) scopedComps(parent *ctypes.Struct, scope []string, id string, tmpl *ctypes.TemplateInst) (bool, []comp) {
	if id == "" {
		fail("unnamed type in a signature")
	}
	var std bool
	var cs []comp
	if parent != nil {
		std, cs = m.structComps(parent)
	} else {
		std, cs = nsComps(scope)
	}
	c := comp{src: sourceName(id)}
	if tmpl != nil {
		c.args, c.hasArgs = tmpl.Args, true
	}
	return std, append(cs, c)
}

// funcName writes the <name> of function d (variant v of a constructor
// or destructor): nested in its class or namespaces, with the this
// qualifiers of a member function.
func (m *mangler) funcName(d *ctypes.FuncDecl, v Variant) {
	var std bool
	var cs []comp
	if d.Class != nil {
		std, cs = m.structComps(d.Class)
	} else {
		std, cs = nsComps(d.Scope)
	}
	c := comp{}
	switch d.Special {
	case ctypes.Constructor:
		if d.Class == nil {
			fail("constructor outside a class")
		}
		c.src = [...]string{Complete: "C1", BaseObj: "C2", Deleting: "C3"}[v]
		if v == Deleting {
			fail("a constructor has no deleting variant")
		}
	case ctypes.Destructor:
		if d.Class == nil {
			fail("destructor outside a class")
		}
		c.src = [...]string{Complete: "D1", BaseObj: "D2", Deleting: "D0"}[v]
	case ctypes.OperatorFunc:
		c.src = d.Operator.Code()
		if c.src == "" {
			fail("operator function without an operator")
		}
	case ctypes.ConversionFunc:
		c.conv = d.Type.Result
	case ctypes.LiteralOperator:
		c.src = "li" + sourceName(d.LiteralSuffix)
	default:
		c.src = sourceName(d.Name)
	}
	if d.Template != nil {
		c.args, c.hasArgs = d.Template.Args, true
	}
	q := ""
	if d.HasThis() {
		q = quals{v: d.Type.Volatile, k: d.Type.Const}.String() + refCode(d.Type.Ref)
	}
	m.encodeName(std, append(cs, c), q, false)
}

func refCode(r ctypes.RefQualifier) string {
	switch r {
	case ctypes.LValueRef:
		return "R"
	case ctypes.RValueRef:
		return "O"
	}
	return ""
}

// compKey is the uncompressed mangling of one component: its name and
// template arguments (or only its name, the <template-prefix>, when
// withArgs is false).
func compKey(c comp, withArgs bool) string {
	s := c.src
	if c.conv != nil {
		s = "cv" + key(c.conv)
	}
	if withArgs && c.hasArgs {
		s += argsKey(c.args)
	}
	return s
}

// prefixKey is the uncompressed <prefix> or <name> of cs; with tmpl, the
// last component's template arguments are left out (its
// <template-prefix>). A single component is an unscoped name.
func prefixKey(std bool, cs []comp, tmpl bool) string {
	var b strings.Builder
	if len(cs) > 1 {
		b.WriteString("N")
	}
	if std {
		b.WriteString("St")
	}
	for i, c := range cs {
		b.WriteString(compKey(c, !(tmpl && i == len(cs)-1)))
	}
	if len(cs) > 1 {
		b.WriteString("E")
	}
	return b.String()
}

// encodeName writes <name> for an entity whose name has components cs:
// an <unscoped-name> or <unscoped-template-name> <template-args>, or a
// <nested-name> N [<CV-qualifiers>] [<ref-qualifier>] <prefix> E (Itanium
// C++ ABI §5.1.5). Every proper prefix and every template prefix is a
// substitution candidate (§5.1.10); the entity itself is one when it is a
// type (isType).
func (m *mangler) encodeName(std bool, cs []comp, fquals string, isType bool) {
	n := len(cs)
	full := prefixKey(std, cs, false)
	if isType && m.substitute(full) {
		return
	}
	if std && n == 1 && fquals == "" {
		if abbr, whole := stdAbbreviation(cs[0]); abbr != "" {
			// An abbreviation (§5.1.5.4): not a candidate itself; a
			// specialization of Sa or Sb is.
			m.buf.WriteString(abbr)
			if !whole {
				m.templateArgs(cs[0].args)
				if isType {
					m.add(full)
				}
			}
			return
		}
	}
	if n == 1 && fquals == "" {
		c := cs[0]
		if c.hasArgs {
			tk := prefixKey(std, cs, true)
			if !m.substitute(tk) {
				m.writeComp(std, c)
				m.add(tk)
			}
			m.templateArgs(c.args)
		} else {
			m.writeComp(std, c)
		}
		if isType {
			m.add(full)
		}
		return
	}
	if n == 1 {
		fail("qualifiers on a function that is not a member")
	}
	m.buf.WriteString("N" + fquals)
	start := 0
	for j := n - 1; j >= 1 && start == 0; j-- {
		if m.substitute(prefixKey(std, cs[:j], false)) {
			start = j
		} else if cs[j-1].hasArgs && m.substitute(prefixKey(std, cs[:j], true)) {
			m.templateArgs(cs[j-1].args)
			m.add(prefixKey(std, cs[:j], false))
			start = j
		}
	}
	for i := start; i < n; i++ {
		m.writeComp(std && i == 0, cs[i])
		if cs[i].hasArgs {
			m.add(prefixKey(std, cs[:i+1], true))
			m.templateArgs(cs[i].args)
		}
		if i < n-1 || isType {
			m.add(prefixKey(std, cs[:i+1], false))
		}
	}
	m.buf.WriteString("E")
}

// writeComp writes a component's unqualified name (St first for std).
func (m *mangler) writeComp(std bool, c comp) {
	if std {
		m.buf.WriteString("St")
	}
	if c.conv != nil {
		m.buf.WriteString("cv")
		m.typ(c.conv)
		return
	}
	m.buf.WriteString(c.src)
}

// argsKey is the uncompressed <template-args> of args.
func argsKey(args []ctypes.TemplateArg) string {
	m := &mangler{}
	m.templateArgs0(args, false)
	return m.buf.String()
}

func (m *mangler) templateArgs(args []ctypes.TemplateArg) { m.templateArgs0(args, true) }

// templateArgs0 writes <template-args> ::= I <template-arg>+ E, each
// <template-arg> a <type>, an <expr-primary> L <type> <value> E, a
// template parameter as an expression X T_ E, or a pack J ... E.
func (m *mangler) templateArgs0(args []ctypes.TemplateArg, subst bool) {
	m.buf.WriteString("I")
	for _, a := range args {
		m.templateArg(a, subst)
	}
	m.buf.WriteString("E")
}

func (m *mangler) templateArg(a ctypes.TemplateArg, subst bool) {
	switch a.Kind {
	case ctypes.TypeArg:
		if a.Type == nil {
			fail("template argument without a type")
		}
		m.typ0(a.Type, subst)
	case ctypes.ValueArg:
		m.buf.WriteString("L")
		m.literal(a.ValueType, a.Value, subst)
		m.buf.WriteString("E")
	case ctypes.ParamArg:
		if a.Param == nil {
			fail("template parameter argument without a parameter")
		}
		m.buf.WriteString("X" + paramCode(a.Param) + "E")
	case ctypes.TemplateNameArg:
		// A template template argument is the template's <name>, a
		// substitution candidate as a template prefix.
		if a.Template == nil {
			fail("template template argument without a template")
		}
		std, cs := m.structComps(a.Template)
		m.className(std, cs, subst)
	case ctypes.AddrArg:
		// A function's address, as EDG writes it: X ad L _Z
		// <encoding> E E, the encoding sharing the substitutions.
		if a.Func == nil || a.Func.Type == nil || a.Func.ExternC {
			fail("the address of a function without a C++ name as a template argument")
		}
		m.buf.WriteString("XadL_Z")
		m.encoding(a.Func, Complete)
		m.buf.WriteString("EE")
	case ctypes.PackArg:
		m.buf.WriteString("J")
		for _, p := range a.Pack {
			m.templateArg(p, subst)
		}
		m.buf.WriteString("E")
	default:
		fail("template argument of kind %d", a.Kind)
	}
}

// literal writes the <type> <value> of an integral template argument:
// Li3E, Lin5E, Lb1E, Lj7E, L1E1E (an enumeration).
func (m *mangler) literal(t ctypes.Type, v int64, subst bool) {
	u := ctypes.Unqualified(t)
	signed := true
	switch u := u.(type) {
	case *ctypes.Basic:
		if !u.Kind.IsInteger() {
			fail("non-type template argument of type %s", u)
		}
		signed = u.Kind.IsSigned()
		m.typ0(u, subst)
	case *ctypes.Enum:
		signed = u.Underlying.IsSigned()
		m.typ0(u, subst)
	default:
		fail("non-type template argument of type %s", t)
	}
	switch {
	case signed && v < 0:
		m.buf.WriteString("n" + strconv.FormatUint(uint64(-v), 10))
	case signed:
		m.buf.WriteString(strconv.FormatInt(v, 10))
	default:
		m.buf.WriteString(strconv.FormatUint(uint64(v), 10))
	}
}

// paramCode is a <template-param>: T_ for the first, T0_ for the second.
func paramCode(p *ctypes.TemplateParam) string {
	if p.Index == 0 {
		return "T_"
	}
	return "T" + strconv.Itoa(p.Index-1) + "_"
}

// bareFunctionType writes <bare-function-type> ::= <signature type>+ : the
// parameter types after adjustment (v for none, z for ...). The result type
// is not part of a non-template function's name.
func (m *mangler) bareFunctionType(f *ctypes.Func) {
	if len(f.Params) == 0 && !f.Variadic {
		m.buf.WriteString("v")
		return
	}
	for _, p := range f.Params {
		m.param(paramType(p.Type))
	}
	if f.Variadic {
		m.buf.WriteString("z")
	}
}

// param writes a parameter's <type>; a pack expansion whose pattern is
// more than the pack's name (const Ts &... a) is Dp <type> around the
// whole pattern (Itanium C++ ABI §5.1.5: <type> ::= Dp <type>).
func (m *mangler) param(t ctypes.Type) {
	tp := ctypes.PackIn(t)
	if tp == nil || t == ctypes.Type(tp) {
		m.typ(t)
		return
	}
	k := "Dp" + key(t)
	if m.substitute(k) {
		return
	}
	m.buf.WriteString("Dp")
	m.noDp++
	m.typ(t)
	m.noDp--
	m.add(k)
}

// paramType adjusts a parameter's type as C++ does ([dcl.fct]): top-level
// cv-qualifiers go, arrays become pointers to their elements, functions
// pointers to functions.
func paramType(t ctypes.Type) ctypes.Type {
	u, _ := split(t)
	switch a := u.(type) {
	case *ctypes.Array:
		return &ctypes.Pointer{Elem: a.Elem}
	case *ctypes.Func:
		return &ctypes.Pointer{Elem: a}
	}
	return u
}

// quals is a cv-qualifier set.
type quals struct{ r, v, k bool }

func (q quals) String() string {
	s := ""
	if q.r {
		s += "r"
	}
	if q.v {
		s += "V"
	}
	if q.k {
		s += "K"
	}
	return s
}

// split strips typedefs and qualifiers from t, collecting the qualifiers.
// Qualifiers on an array apply to its elements ([basic.type.qualifier]), so
// they are pushed inwards.
func split(t ctypes.Type) (ctypes.Type, quals) {
	var q quals
	for {
		switch u := t.(type) {
		case *ctypes.Typedef:
			if s, ok := u.Type.(*ctypes.Struct); ok && s.Tag == "" {
				// typedef struct { ... } T: T is the name for linkage.
				return &ctypes.Struct{Tag: u.Name, Scope: u.Scope}, q
			}
			if e, ok := u.Type.(*ctypes.Enum); ok && e.Tag == "" {
				return &ctypes.Enum{Tag: u.Name, Scope: u.Scope}, q
			}
			t = u.Type
		case *ctypes.Qualified:
			q.r = q.r || u.Restrict
			q.v = q.v || u.Volatile
			q.k = q.k || u.Const
			t = u.Type
		case *ctypes.Array:
			if q != (quals{}) {
				return &ctypes.Array{Elem: &ctypes.Qualified{Type: u.Elem, Restrict: q.r, Volatile: q.v, Const: q.k}, Len: u.Len, Unsized: u.Unsized}, quals{}
			}
			return t, q
		default:
			return t, q
		}
	}
}

// key is the uncompressed mangling of t: two types are the same
// substitution candidate when their keys are equal.
func key(t ctypes.Type) string {
	m := &mangler{}
	m.typ0(t, false)
	return m.buf.String()
}

// typ writes <type> for t, using and recording substitutions.
func (m *mangler) typ(t ctypes.Type) { m.typ0(t, true) }

// typ0 writes <type> (Itanium C++ ABI §5.1.5):
//
//	<type> ::= <builtin-type> | <qualified-type> | <function-type>
//	       ::= <class-enum-type> | <array-type> | <pointer-to-member-type>
//	       ::= <template-param> | <substitution>
//	       ::= P <type> | R <type> | O <type>
//
// With subst false it writes the uncompressed key and touches no table.
func (m *mangler) typ0(t ctypes.Type, subst bool) {
	u, q := split(t)
	if q != (quals{}) {
		k := ""
		if subst {
			k = key(t)
			if m.substitute(k) {
				return
			}
		}
		m.buf.WriteString(q.String())
		m.typ0(u, subst)
		if subst {
			m.add(k)
		}
		return
	}
	switch u := u.(type) {
	case *ctypes.Basic:
		if c, ok := builtinCodes()[u.Kind]; ok {
			m.buf.WriteString(c)
			return
		}
		if n, ok := classKinds()[u.Kind]; ok {
			m.className(false, []comp{{src: sourceName(n)}}, subst)
			return
		}
		fail("cannot mangle %s", u.Kind)
	case *ctypes.Handle:
		m.buf.WriteString(handleType)
	case *ctypes.Vector:
		m.className(false, []comp{{src: sourceName(u.Name)}}, subst)
	case *ctypes.Struct:
		std, cs := m.structComps(u)
		m.className(std, cs, subst)
	case *ctypes.Enum:
		tag := u.Tag
		if tag == "" {
			tag = u.LinkageName
		}
		std, cs := m.scopedComps(u.Parent, u.Scope, tag, nil)
		m.className(std, cs, subst)
	case *ctypes.DependentName:
		// typename T::type, typename Vec<T>::Type: a <nested-name>
		// whose prefix is the qualifier (each prefix, and the whole, a
		// substitution candidate).
		k := ""
		if subst {
			k = key(u)
			if m.substitute(k) {
				return
			}
		}
		switch q := u.Qualifier.(type) {
		case *ctypes.Struct:
			std, cs := m.structComps(q)
			if subst {
				m.encodeName(std, append(cs, comp{src: sourceName(u.Name)}), "", true)
				return
			}
			m.buf.WriteString(prefixKey(std, append(cs, comp{src: sourceName(u.Name)}), false))
			return
		case *ctypes.TemplateParam:
			m.buf.WriteString("N")
			m.typ0(q, subst)
			m.buf.WriteString(sourceName(u.Name) + "E")
			if subst {
				m.add(k)
			}
		default:
			fail("cannot mangle a name qualified by %s", u.Qualifier)
		}
	case *ctypes.TemplateParam:
		// <template-param>, a substitution candidate; a pack expansion
		// (Ts... a) is Dp <type>.
		k := paramCode(u)
		if u.Pack && m.noDp == 0 {
			if subst && m.substitute("Dp"+k) {
				return
			}
			m.buf.WriteString("Dp")
		}
		if !subst || !m.substitute(k) {
			m.buf.WriteString(k)
			if subst {
				m.add(k)
			}
		}
		if u.Pack && subst && m.noDp == 0 {
			m.add("Dp" + k)
		}
	case *ctypes.Pointer, *ctypes.Reference, *ctypes.Array, *ctypes.Func, *ctypes.MemberPointer:
		k := ""
		if subst {
			k = key(u)
			if m.substitute(k) {
				return
			}
		}
		switch u := u.(type) {
		case *ctypes.Pointer:
			m.buf.WriteString("P")
			m.typ0(u.Elem, subst)
		case *ctypes.Reference:
			if u.RValue {
				m.buf.WriteString("O")
			} else {
				m.buf.WriteString("R")
			}
			m.typ0(u.Elem, subst)
		case *ctypes.Array:
			// <array-type> ::= A <number> _ <element type> | A _ <element type>
			m.buf.WriteString("A")
			if !u.Unsized {
				m.buf.WriteString(strconv.FormatInt(u.Len, 10))
			}
			m.buf.WriteString("_")
			m.typ0(u.Elem, subst)
		case *ctypes.MemberPointer:
			// <pointer-to-member-type> ::= M <class type> <member type>
			m.buf.WriteString("M")
			m.typ0(u.Class, subst)
			m.typ0(u.Elem, subst)
		case *ctypes.Func:
			// <function-type> ::= [<CV-qualifiers>] F <bare-function-type>
			// [<ref-qualifier>] E, result first; the qualifiers are a
			// member function's.
			m.buf.WriteString(quals{v: u.Volatile, k: u.Const}.String())
			m.buf.WriteString("F")
			m.typ0(u.Result, subst)
			if len(u.Params) == 0 && !u.Variadic {
				m.buf.WriteString("v")
			}
			for _, p := range u.Params {
				m.typ0(paramType(p.Type), subst)
			}
			if u.Variadic {
				m.buf.WriteString("z")
			}
			m.buf.WriteString(refCode(u.Ref) + "E")
		}
		if subst {
			m.add(k)
		}
	default:
		fail("cannot mangle type %T", u)
	}
}

// className writes <class-enum-type> ::= <name> for a class or enum.
func (m *mangler) className(std bool, cs []comp, subst bool) {
	if !subst {
		m.buf.WriteString(prefixKey(std, cs, false))
		return
	}
	m.encodeName(std, cs, "", true)
}

// stdAbbreviation is the <substitution> that abbreviates a class of
// namespace std (Itanium C++ ABI §5.1.5.4, as GCC and nvcc emit them): Sa
// and Sb name the templates std::allocator and std::basic_string (their
// arguments follow); Ss, Si, So and Sd the whole specializations
// std::basic_string<char, std::char_traits<char>, std::allocator<char> >,
// std::basic_istream<char, std::char_traits<char> >, basic_ostream and
// basic_iostream. whole reports the latter.
func stdAbbreviation(c comp) (abbr string, whole bool) {
	if c.conv != nil || !c.hasArgs {
		return "", false
	}
	charTraits := func(args []ctypes.TemplateArg) bool {
		return len(args) >= 2 && isChar(args[0]) && isStdOf(args[1], "char_traits", 1)
	}
	switch c.src {
	case "9allocator":
		return "Sa", false
	case "12basic_string":
		if len(c.args) == 3 && charTraits(c.args) && isStdOf(c.args[2], "allocator", 1) {
			return "Ss", true
		}
		return "Sb", false
	case "13basic_istream":
		if len(c.args) == 2 && charTraits(c.args) {
			return "Si", true
		}
	case "13basic_ostream":
		if len(c.args) == 2 && charTraits(c.args) {
			return "So", true
		}
	case "14basic_iostream":
		if len(c.args) == 2 && charTraits(c.args) {
			return "Sd", true
		}
	}
	return "", false
}

// isChar reports whether a is the type argument char.
func isChar(a ctypes.TemplateArg) bool {
	if a.Kind != ctypes.TypeArg || a.Type == nil {
		return false
	}
	b, ok := ctypes.Unqualified(a.Type).(*ctypes.Basic)
	return ok && b.Kind == ctypes.Char && a.Type == ctypes.Unqualified(a.Type) || ok && b.Kind == ctypes.Char && !isQualified(a.Type)
}

func isQualified(t ctypes.Type) bool {
	_, q := split(t)
	return q != (quals{})
}

// isStdOf reports whether a is the type argument std::name<char...> with
// n arguments, the first char.
func isStdOf(a ctypes.TemplateArg, name string, n int) bool {
	if a.Kind != ctypes.TypeArg || a.Type == nil || isQualified(a.Type) {
		return false
	}
	st, ok := ctypes.Unqualified(a.Type).(*ctypes.Struct)
	if !ok || st.Tag != name || st.Parent != nil || len(st.Scope) != 1 || st.Scope[0] != "std" || st.Template == nil {
		return false
	}
	return len(st.Template.Args) == n && isChar(st.Template.Args[0])
}
