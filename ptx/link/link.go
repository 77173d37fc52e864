// Package link resolves the symbols of several PTX modules against each
// other as nvlink does when it links relocatable device code (guide §2:
// an .extern .func or variable declared in one module names the one
// .visible definition of another).
//
// The rules:
//   - a definition without .visible, .weak or .extern is local to its module
//     and is found first from inside that module;
//   - a .visible definition is global; two of the same name are an error
//     naming both ("duplicate definition");
//   - a .weak definition is global unless a .visible one of the same name
//     exists; the first .weak one wins among several;
//   - a .common variable may be defined in several modules; the largest one
//     is kept;
//   - an .extern declaration (or a function without a body) must match the
//     definition it resolves to: a function's parameter and return lists
//     must agree in number and size, else the error names both positions
//     ("prototype doesn't match"), as nvlink does.
package link

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
)

// A Symbol is one definition: a function with a body or a variable
// without .extern.
type Symbol struct {
	Name   string
	Module int // index into the modules given to Link
	Func   *ast.Function
	Var    *ast.Variable   // set for a variable
	Decl   *ast.Declarator // the variable's declarator
	Pos    token.Pos       // of the name
	global bool            // .visible, .weak or .common
	weak   bool
}

// IsFunc reports whether the symbol is a function.
func (s *Symbol) IsFunc() bool { return s.Func != nil }

// Program is the result of linking: what each module's names resolve to.
type Program struct {
	Modules []*ast.Module
	local   []map[string]*Symbol // per module: its definitions, local or global
	global  map[string]*Symbol
	// Unresolved lists the names declared .extern (or as a function with
	// no body) that no module defines, each once, in order of appearance.
	Unresolved []Ref
}

// A Ref is an unresolved declaration.
type Ref struct {
	Name   string
	Module int
	Pos    token.Pos
	Func   *ast.Function // set for a function declaration
}

// Lookup returns the definition that name resolves to from inside module
// mod, or nil.
func (p *Program) Lookup(mod int, name string) *Symbol {
	if s := p.local[mod][name]; s != nil {
		return s
	}
	return p.global[name]
}

// Globals returns the global definitions sorted by name.
func (p *Program) Globals() []*Symbol {
	var out []*Symbol
	for _, s := range p.global {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Error is a link error with the positions it names.
type Error struct {
	Pos   token.Position
	Msg   string
	Other token.Position // the other declaration, if any
	// OtherIs says what Other is: "definition" or, when empty, "other
	// declaration".
	OtherIs string
}

func (e *Error) Error() string {
	s := e.Pos.String() + ": " + e.Msg
	if e.Other.IsValid() {
		what := e.OtherIs
		if what == "" {
			what = "other declaration"
		}
		s += " (" + what + " at " + e.Other.String() + ")"
	}
	return s
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Link resolves the modules' symbols. fset gives the positions of the
// error messages.
func Link(fset *token.FileSet, mods []*ast.Module) (*Program, error) {
	p := &Program{Modules: mods, global: map[string]*Symbol{}}
	pos := func(x token.Pos) token.Position {
		if fset == nil {
			return token.Position{}
		}
		return fset.Position(x)
	}
	type decl struct {
		name string
		mod  int
		pos  token.Pos
		fn   *ast.Function
		v    *ast.Variable
		d    *ast.Declarator
	}
	var decls []decl
	define := func(s *Symbol) error {
		if old := p.local[s.Module][s.Name]; old != nil {
			return &Error{Pos: pos(s.Pos), Msg: fmt.Sprintf("duplicate definition of %s", s.Name), Other: pos(old.Pos)}
		}
		p.local[s.Module][s.Name] = s
		if !s.global {
			return nil
		}
		old := p.global[s.Name]
		switch {
		case old == nil:
			p.global[s.Name] = s
		case s.Var != nil && old.Var != nil && has(s.Var.Linkage, ".common") && has(old.Var.Linkage, ".common"):
			if varSize(s.Var, s.Decl) > varSize(old.Var, old.Decl) {
				p.global[s.Name] = s
			}
		case s.weak:
			// The first definition, or a .visible one, stays.
		case old.weak:
			p.global[s.Name] = s
		default:
			return &Error{Pos: pos(s.Pos), Msg: fmt.Sprintf("duplicate definition of %s", s.Name), Other: pos(old.Pos)}
		}
		return nil
	}
	for mi, m := range mods {
		p.local = append(p.local, map[string]*Symbol{})
		for _, d := range m.Decls {
			switch d := d.(type) {
			case *ast.Function:
				if d.Body == nil || has(d.Linkage, ".extern") {
					decls = append(decls, decl{name: d.Name, mod: mi, pos: d.Start, fn: d})
					continue
				}
				s := &Symbol{Name: d.Name, Module: mi, Func: d, Pos: d.Start,
					global: has(d.Linkage, ".visible") || has(d.Linkage, ".weak") || d.Entry && !has(d.Linkage, ".static"),
					weak:   has(d.Linkage, ".weak")}
				if err := define(s); err != nil {
					return nil, err
				}
			case *ast.Variable:
				for _, n := range d.Names {
					if has(d.Linkage, ".extern") {
						decls = append(decls, decl{name: n.Name, mod: mi, pos: n.NamePos, v: d, d: n})
						continue
					}
					s := &Symbol{Name: n.Name, Module: mi, Var: d, Decl: n, Pos: n.NamePos,
						global: has(d.Linkage, ".visible") || has(d.Linkage, ".weak") || has(d.Linkage, ".common"),
						weak:   has(d.Linkage, ".weak")}
					if err := define(s); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range decls {
		def := p.Lookup(d.mod, d.name)
		if def == nil {
			if !seen[d.name] {
				seen[d.name] = true
				p.Unresolved = append(p.Unresolved, Ref{Name: d.name, Module: d.mod, Pos: d.pos, Func: d.fn})
			}
			continue
		}
		if d.fn != nil {
			if def.Func == nil {
				return nil, &Error{Pos: pos(d.pos), Msg: fmt.Sprintf("%s is declared as a function but defined as a variable", d.name), Other: pos(def.Pos)}
			}
			if msg := matchProto(d.fn, def.Func); msg != "" {
				return nil, &Error{Pos: pos(d.pos), Msg: fmt.Sprintf("prototype doesn't match for %s: %s", d.name, msg), Other: pos(def.Pos), OtherIs: "definition"}
			}
			continue
		}
		if def.Var == nil {
			return nil, &Error{Pos: pos(d.pos), Msg: fmt.Sprintf("%s is declared as a variable but defined as a function", d.name), Other: pos(def.Pos)}
		}
		if d.v.Space != def.Var.Space {
			return nil, &Error{Pos: pos(d.pos), Msg: fmt.Sprintf("%s is declared in %s but defined in %s", d.name, d.v.Space, def.Var.Space), Other: pos(def.Pos)}
		}
		// nvlink: "Size doesn't match". A declaration of unknown size
		// (x[]) takes the definition's; the types and alignments need
		// not agree.
		if ds, fs := varSize(d.v, d.d), varSize(def.Var, def.Decl); ds > 0 && fs > 0 && ds != fs {
			return nil, &Error{Pos: pos(d.pos), Msg: fmt.Sprintf("%s is declared with %d bytes but defined with %d", d.name, ds, fs), Other: pos(def.Pos)}
		}
	}
	return p, nil
}

// matchProto compares a declaration with a definition; it returns "" when
// they agree, else what differs.
func matchProto(decl, def *ast.Function) string {
	if decl.Entry != def.Entry {
		return "one is an .entry, the other a .func"
	}
	if m := matchParams("return", decl.Return, def.Return); m != "" {
		return m
	}
	return matchParams("parameter", decl.Params, def.Params)
}

func matchParams(what string, a, b []*ast.Variable) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d %s(s) declared, %d defined", len(a), what, len(b))
	}
	for i := range a {
		sa, sb := paramSize(a[i]), paramSize(b[i])
		if a[i].Space != b[i].Space || sa != sb {
			return fmt.Sprintf("%s %d is %s of %d bytes in the declaration, %s of %d bytes in the definition",
				what, i+1, a[i].Space, sa, b[i].Space, sb)
		}
	}
	return ""
}

func paramSize(v *ast.Variable) int64 {
	if len(v.Names) == 0 {
		return TypeSize(v.Type)
	}
	return varSize(v, v.Names[0])
}

// varSize returns the size in bytes of one declarator of v.
func varSize(v *ast.Variable, d *ast.Declarator) int64 {
	n := TypeSize(v.Type)
	if v.Vector > 0 {
		n *= int64(v.Vector)
	}
	for _, dim := range d.Dims {
		if dim > 0 {
			n *= dim
		} else {
			n = 0
		}
	}
	return n
}

// TypeSize returns the size in bytes of a PTX fundamental type such as
// ".u32" or ".f16x2"; .pred counts as 1 byte; an unknown type is 0.
func TypeSize(t string) int64 {
	switch t {
	case ".pred", ".b8", ".u8", ".s8":
		return 1
	case ".f16x2", ".bf16x2":
		return 4
	case ".texref", ".samplerref", ".surfref":
		return 8
	}
	t = strings.TrimLeft(t, ".bfsue")
	switch t {
	case "16":
		return 2
	case "32":
		return 4
	case "64":
		return 8
	case "128":
		return 16
	}
	return 0
}
