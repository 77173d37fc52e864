package cfront

import (
	"slices"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// entKind is what a name denotes.
type entKind int

const (
	entType      entKind = iota // a type name (typedef, class, enum, built-in)
	entNamespace                // a namespace
	entConst                    // an enumerator or an integral constant variable
	entVar                      // a variable
	entFunc                     // a function
	entTemplate                 // a class, function or alias template (tmpls)
	entDependent                // a non-type template parameter whose value is not known
)

// entity is a declared name. In C++ a class or enum tag is also a type
// name; a typedef may share its name with a tag (typedef struct S S), so
// the tag is kept apart.
type entity struct {
	kind    entKind
	typ     ctypes.Type // entType: the type; entConst, entVar: its type
	tag     ctypes.Type // the *ctypes.Struct or *ctypes.Enum declared with this tag
	val     value       // entConst
	members *scope      // namespaces, classes and enums: their own scope
	// overloads are the functions declared with this name, in order,
	// specializations of function templates included (entFunc); vdecl
	// the variable's declaration (entVar).
	overloads []*ctypes.FuncDecl
	vdecl     *ctypes.VarDecl
	// tmpls are the templates of this name: one class or alias template,
	// or function templates (overloads; a non-template function of the
	// same name may share the entity, kind entFunc).
	tmpls []*template
	// param is the template parameter an entDependent name is.
	param *ctypes.TemplateParam
}

// funcs are the functions of e's name that are not specializations of a
// function template: the overload set ParseUnit's lookup answers.
func (e *entity) funcs() []*ctypes.FuncDecl {
	var out []*ctypes.FuncDecl
	for _, fd := range e.overloads {
		if fd.Template == nil {
			out = append(out, fd)
		}
	}
	return out
}

// scope is a namespace, class, enum or the file scope.
type scope struct {
	parent  *scope
	name    string // "" for the file scope
	names   map[string]*entity
	class   *ctypes.Struct // for a class scope
	access  ctypes.Access  // in a class scope: the access specifier in effect
	isEnum  bool
	externC bool
	// binding is a scope that binds a template's parameters to its
	// arguments: it names no namespace or class.
	binding bool
	// using are namespaces whose names are visible here: using-directives,
	// anonymous and inline namespaces.
	using []*scope
	// pathCache and keyCache hold path() and pathKey() once computed: a
	// scope's name, parent and binding do not change after it is made
	// and filled.
	pathCache []string
	keyCache  string
	pathDone  bool
}

func newScope(parent *scope, name string) *scope {
	return &scope{parent: parent, name: name, names: map[string]*entity{}}
}

// path is the qualification of names declared in s, outermost first.
// The slice is shared (its capacity is its length, so appending to it
// copies): callers must not change its elements.
func (s *scope) path() []string {
	if s == nil {
		return nil
	}
	if !s.pathDone {
		s.fillPath()
	}
	return s.pathCache
}

// pathKey is strings.Join(s.path(), "::").
func (s *scope) pathKey() string {
	if s == nil {
		return ""
	}
	if !s.pathDone {
		s.fillPath()
	}
	return s.keyCache
}

func (s *scope) fillPath() {
	var p []string
	for x := s; x != nil && x.parent != nil; x = x.parent {
		if !x.binding {
			p = append(p, x.name)
		}
	}
	slices.Reverse(p)
	s.pathCache = slices.Clip(p)
	s.keyCache = strings.Join(p, "::")
	s.pathDone = true
}

// lookup finds name in s and its enclosing scopes.
func (s *scope) lookup(name string) *entity {
	for ; s != nil; s = s.parent {
		if e := s.member(name, 0); e != nil {
			return e
		}
	}
	return nil
}

// member finds name declared in s or in a namespace s uses.
func (s *scope) member(name string, depth int) *entity {
	if e := s.names[name]; e != nil {
		return e
	}
	if depth > 16 {
		return nil
	}
	for _, u := range s.using {
		if e := u.member(name, depth+1); e != nil {
			return e
		}
	}
	return nil
}

// nonClass is the innermost enclosing scope that is no class: where an
// elaborated type specifier declares a new tag.
func (s *scope) nonClass() *scope {
	for (s.class != nil || s.binding) && s.parent != nil {
		s = s.parent
	}
	return s
}

// funcTable holds the functions declared at namespace scope, by
// qualified name and signature: a redeclaration finds the function its
// signature (the type as ctypes.TypeString spells it, and the template
// arguments of a specialization) declared first.
type funcTable struct {
	first map[funcName]int32 // index in sigs of the last function of a name
	sigs  []funcSig
}

// funcName is a function's scope (scope.pathKey) and name.
type funcName struct{ scope, name string }

// funcSig is one function of a name; sig is computed only when a second
// function of the same name needs comparing with it.
type funcSig struct {
	ft   *ctypes.Func
	tmpl *ctypes.TemplateInst
	fd   *ctypes.FuncDecl
	sig  string
	done bool
	next int32 // the function of the same name recorded before, -1 if none
}

func newFuncTable(hint int) funcTable {
	return funcTable{first: make(map[funcName]int32, hint), sigs: make([]funcSig, 0, hint)}
}

func signature(ft *ctypes.Func, tmpl *ctypes.TemplateInst) string {
	s := ctypes.TypeString(ft, "")
	if tmpl != nil {
		s += argsKey(tmpl.Args)
	}
	return s
}

// find returns the function named n with the signature of ft and tmpl.
func (t *funcTable) find(n funcName, ft *ctypes.Func, tmpl *ctypes.TemplateInst) *ctypes.FuncDecl {
	i, ok := t.first[n]
	if !ok {
		return nil
	}
	sig := signature(ft, tmpl)
	var found *ctypes.FuncDecl
	for ; i >= 0; i = t.sigs[i].next {
		f := &t.sigs[i]
		if !f.done {
			f.sig, f.done = signature(f.ft, f.tmpl), true
		}
		if f.sig == sig {
			found = f.fd // the first one recorded
		}
	}
	return found
}

// add records fd, declared with ft and tmpl (find found none).
func (t *funcTable) add(n funcName, ft *ctypes.Func, tmpl *ctypes.TemplateInst, fd *ctypes.FuncDecl) {
	next, ok := t.first[n]
	if !ok {
		next = -1
	}
	t.sigs = append(t.sigs, funcSig{ft: ft, tmpl: tmpl, fd: fd, next: next})
	t.first[n] = int32(len(t.sigs) - 1)
}
