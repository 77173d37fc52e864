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

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/target"
)

// builtinCodes are the <builtin-type> codes (Itanium C++ ABI §5.1.5.1) of
// the fundamental types. The C type is mangled, not its size, so long is
// "l" for -m32 and -m64 alike. __half and __nv_bfloat16 are classes in
// CUDA's headers and are mangled by name (see classKinds).
var builtinCodes = map[ctypes.Kind]string{
	ctypes.Void: "v", ctypes.Bool: "b", ctypes.Char: "c", ctypes.SChar: "a", ctypes.UChar: "h",
	ctypes.Short: "s", ctypes.UShort: "t", ctypes.Int: "i", ctypes.UInt: "j",
	ctypes.Long: "l", ctypes.ULong: "m", ctypes.LongLong: "x", ctypes.ULongLong: "y",
	ctypes.Int128: "n", ctypes.UInt128: "o", ctypes.Float: "f", ctypes.Double: "d",
	ctypes.LongDouble: "e", ctypes.WChar: "w", ctypes.Char16: "Ds", ctypes.Char32: "Di",
	ctypes.NullPtr: "Dn",
}

// classKinds are the fundamental kinds that CUDA declares as classes
// (cuda_fp16.h, cuda_bf16.h): they mangle as the class's <source-name>.
var classKinds = map[ctypes.Kind]string{
	ctypes.Half:     "__half",
	ctypes.BFloat16: "__nv_bfloat16",
}

// handleType is what cudaTextureObject_t and cudaSurfaceObject_t are
// typedefs of: unsigned long long.
const handleType = "y"

// Name returns the mangled name of the function d declares (guide chapter
// 7; Itanium C++ ABI §5.1.2 <mangled-name> ::= _Z <encoding>). An extern
// "C" function keeps its plain name. The mangling does not depend on the
// target: the C types are mangled, not their sizes.
//
// A function with internal linkage (static, or in an unnamed namespace) is
// given its Itanium name, an unnamed namespace being _GLOBAL__N_1; nvcc
// wraps such names in a namespace of its own (_INTERNAL_<hash>_<file>...)
// and names an unnamed namespace _GLOBAL__N__<hash>_<file>..., both
// depending on the file, and neither is reproduced.
func Name(d *ctypes.FuncDecl, t target.Target) (name string, err error) {
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
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(mangleError)
			if !ok {
				panic(r)
			}
			name, err = "", fmt.Errorf("mangle: %s: %s", d.QualifiedName(), string(e))
		}
	}()
	m.buf.WriteString("_Z")
	m.name(d.Scope, d.Name, false)
	m.bareFunctionType(d.Type)
	return m.buf.String(), nil
}

type mangleError string

func fail(format string, args ...any) { panic(mangleError(fmt.Sprintf(format, args...))) }

// mangler holds the output and the substitution candidates (Itanium C++ ABI
// §5.1.10), each by its uncompressed mangling.
type mangler struct {
	buf  strings.Builder
	subs []string
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

// name writes <name> for an entity with the given scope: an
// <unscoped-name> (with St for std::) or a <nested-name> N ... E. Every
// proper prefix is a substitution candidate; the entity itself is one too
// when it is a type (isType).
func (m *mangler) name(scope []string, id string, isType bool) {
	if id == "" {
		fail("unnamed type in a signature")
	}
	std := len(scope) > 0 && scope[0] == "std"
	if std {
		scope = scope[1:]
	}
	if len(scope) == 0 {
		key := sourceName(id)
		if std {
			key = "St" + key
		}
		if isType && m.substitute(key) {
			return
		}
		m.buf.WriteString(key)
		if isType {
			m.add(key)
		}
		return
	}
	full := nestedKey(scope, id, std)
	if isType && m.substitute(full) {
		return
	}
	// Find the longest prefix that is already a candidate.
	start := 0
	prefix := ""
	if std {
		prefix = "St"
	}
	m.buf.WriteString("N")
	for i := len(scope); i > 0; i-- {
		if m.substitute(nestedKey(scope[:i-1], scope[i-1], std)) {
			start = i
			break
		}
	}
	if start == 0 {
		m.buf.WriteString(prefix)
	}
	for i := start; i < len(scope); i++ {
		m.buf.WriteString(sourceName(scope[i]))
		m.add(nestedKey(scope[:i], scope[i], std))
	}
	m.buf.WriteString(sourceName(id))
	m.buf.WriteString("E")
	if isType {
		m.add(full)
	}
}

// nestedKey is the uncompressed <nested-name> of scope::id.
func nestedKey(scope []string, id string, std bool) string {
	var b strings.Builder
	b.WriteString("N")
	if std {
		b.WriteString("St")
	}
	for _, s := range scope {
		b.WriteString(sourceName(s))
	}
	b.WriteString(sourceName(id))
	b.WriteString("E")
	return b.String()
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
		m.typ(paramType(p.Type))
	}
	if f.Variadic {
		m.buf.WriteString("z")
	}
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
		if c, ok := builtinCodes[u.Kind]; ok {
			m.buf.WriteString(c)
			return
		}
		if n, ok := classKinds[u.Kind]; ok {
			m.className(nil, n, subst)
			return
		}
		fail("cannot mangle %s", u.Kind)
	case *ctypes.Handle:
		m.buf.WriteString(handleType)
	case *ctypes.Vector:
		m.className(nil, u.Name, subst)
	case *ctypes.Struct:
		m.className(u.Scope, u.Tag, subst)
	case *ctypes.Enum:
		m.className(u.Scope, u.Tag, subst)
	case *ctypes.Pointer, *ctypes.Reference, *ctypes.Array, *ctypes.Func:
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
		case *ctypes.Func:
			// <function-type> ::= F <bare-function-type> E, result first.
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
			m.buf.WriteString("E")
		}
		if subst {
			m.add(k)
		}
	default:
		fail("cannot mangle type %T", u)
	}
}

// className writes <class-enum-type> ::= <name>.
func (m *mangler) className(scope []string, id string, subst bool) {
	if !subst {
		std := len(scope) > 0 && scope[0] == "std"
		if std {
			scope = scope[1:]
		}
		if len(scope) == 0 {
			if std {
				m.buf.WriteString("St")
			}
			m.buf.WriteString(sourceName(id))
			return
		}
		m.buf.WriteString(nestedKey(scope, id, std))
		return
	}
	m.name(scope, id, true)
}
