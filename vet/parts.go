package vet

import (
	"go/token"
	"sort"
	"strings"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// A big file is checked in parts, so that memory holds the tree of one
// declaration at a time rather than the whole file's, which is some ten
// times the file's size. LoadParts first skims the file (parser.SkimPart,
// which skips instructions and data unread), a part (parser.Cuts) a
// processor, into a skeleton: every top-level declaration but the
// function bodies and the sections, the names that the bodies and the
// sections define, and where the sections lie. Run then streams each
// part (parser.StreamPart), on as many processors as there are, less its
// sections, and runs every check on each declaration with the skeleton as
// the module: pass.Module.AST holds that declaration, whole, and Funcs,
// Vars and Files the whole module's; the parser reuses the declaration's
// nodes once the checks have run. A check reports what it finds in the
// declarations of its AST; a finding about the module at large it reports
// with the declaration that holds its position (Pass.InPart). The
// sections are handed, streamed, to the check that asks for them
// (Pass.StreamSections) once.

// partSize is the size of the parts of a file that LoadFiles checks in
// parts: files of at least twice that size.
const partSize = 256 << 10

// LoadParts parses src, the PTX file filename, into a Module to be
// checked in parts of about size bytes (Run streams them), as LoadFiles
// does for a big file: its AST is the skeleton of the module (every
// top-level declaration but comments and sections, each function that
// has a body with an empty one). Where src cannot be cut, the module is
// parsed whole, as ParseFile parses it. src must not change while the
// module is in use.
//
// The skeleton is read by parser.SkimPart, which leaves instructions and
// section data unread: LoadParts returns the syntax errors of what it
// reads (the top level, the scopes of the bodies, declarations), and Run
// those of the instructions and data, when it parses the parts.
func LoadParts(fset *token.FileSet, filename string, src []byte, size int) (*Module, error) {
	text := unsafe.String(unsafe.SliceData(src), len(src))
	file := fset.AddFile(filename, -1, len(src))
	setLines(file, text)
	whole := func() (*Module, error) {
		m, err := parser.ParsePart(file, text, 0, len(text))
		if err != nil {
			return nil, err
		}
		return NewModule(filename, src, m), nil
	}
	cuts := parser.Cuts(text, max(len(src)/max(size, 1), 1))
	if len(cuts) == 0 {
		return whole()
	}
	bounds := append(append([]int{0}, cuts...), len(text))
	// The skeleton of each part, at the same time, then joined. A part
	// that does not parse may have been cut inside a declaration (see
	// parser.Cuts): the file is then streamed whole, which reports its
	// errors if it has any, and Run checks it whole.
	sks := make([]*skeleton, len(bounds)-1)
	errs := make([]error, len(sks))
	parallel(len(sks), func(i int) {
		sks[i] = newSkeleton(file)
		// nvcc -G writes a definition (a label, a register, a
		// parameter) every 100 bytes or so.
		sks[i].defs = make([]def, 0, (bounds[i+1]-bounds[i])/128)
		errs[i] = parser.SkimPart(file, text, bounds[i], bounds[i+1], sks[i])
	})
	for _, err := range errs {
		if err != nil {
			sk := newSkeleton(file)
			if parser.SkimPart(file, text, 0, len(text), sk) != nil {
				// The errors, as parsing reports them.
				sk = newSkeleton(file)
				if err := parser.StreamPart(file, text, 0, len(text), sk); err != nil {
					return nil, err
				}
			}
			sks = []*skeleton{sk}
			break
		}
	}
	sk := join(sks)
	var defs []defList
	for _, o := range sks {
		defs = append(defs, o.defList)
	}
	m := NewModule(filename, src, &ast.Module{Decls: sk.decls})
	m.defs = defs
	m.parts = &parts{file: file, text: text, bounds: bounds, sections: sk.sections}
	for _, d := range sk.decls {
		m.parts.starts = append(m.parts.starts, d.Pos())
	}
	for _, sec := range sk.sections {
		m.parts.starts = append(m.parts.starts, file.Pos(sec[0]))
	}
	sort.Slice(m.parts.starts, func(i, j int) bool { return m.parts.starts[i] < m.parts.starts[j] })
	return m, nil
}

// parts is where a module checked in parts lies.
type parts struct {
	file   *token.File
	text   string
	bounds []int // the parts are text[bounds[i]:bounds[i+1]]
	// sections are where the .section declarations lie, in order: the
	// parts leave them out (their trees would be some ten times the size
	// of their data), and StreamSections hands them over.
	sections [][2]int
	// sectionsRead is set once the sections have streamed without an
	// error (readSections): a check read them, or Run did.
	sectionsRead bool
	// starts are the positions of the declarations of the skeleton and of
	// the sections, in order.
	starts []token.Pos
}

// checkPart streams the part text[start:end] of m, less its sections, a
// declaration at a time, and calls check with the module of each
// declaration but comments: the skeleton's, with the declaration as its
// AST, whose positions [lo, hi) run from the declaration's start to the
// next declaration's (Pass.InPart). The declaration's nodes are reused once
// check returns (parser.Stream): memory holds the tree of one declaration
// at a time. The part that holds the first section calls check once more
// with an empty AST, at the section's start (StreamSections).
func (m *Module) checkPart(start, end int, check func(w *Module)) error {
	ps := m.parts
	h := &declWindows{m: m, check: check}
	at := start
	for k := 0; k <= len(ps.sections); k++ {
		a, b := end, end // after the last section, the rest
		if k < len(ps.sections) {
			a, b = max(ps.sections[k][0], start), min(ps.sections[k][1], end)
		}
		if a > b || a < at {
			continue // not in the part
		}
		if a > at {
			if err := parser.StreamPart(ps.file, ps.text, at, a, h); err != nil {
				return err
			}
		}
		at = b
	}
	if len(ps.sections) > 0 && start <= ps.sections[0][0] && ps.sections[0][0] < end {
		lo := ps.file.Pos(ps.sections[0][0])
		h.window(&ast.Module{}, lo, lo+1)
	}
	return nil
}

// declWindows is checkPart's parser.Handler.
type declWindows struct {
	m     *Module
	check func(*Module)
	w     Module
	tree  ast.Module
	one   [1]ast.Decl
}

func (h *declWindows) Decl(d ast.Decl) {
	if _, ok := d.(*ast.Comment); ok {
		return
	}
	h.one[0] = d
	h.tree.Decls = h.one[:]
	h.window(&h.tree, d.Pos(), h.m.parts.next(d.Pos()))
	h.one[0] = nil
}

func (h *declWindows) window(tree *ast.Module, lo, hi token.Pos) {
	h.w = *h.m
	h.w.AST = tree
	h.w.whole, h.w.parts = h.m, nil
	h.w.lo, h.w.hi = lo, hi
	h.check(&h.w)
}

func (h *declWindows) Section(*ast.Section)        {}
func (h *declWindows) SectionItem(ast.SectionItem) {}
func (h *declWindows) EndSection(*ast.Section)     {}

// next returns the start of the first declaration or section of the
// module after pos, or a position past the end of the file.
func (ps *parts) next(pos token.Pos) token.Pos {
	i := sort.Search(len(ps.starts), func(i int) bool { return ps.starts[i] > pos })
	if i < len(ps.starts) {
		return ps.starts[i]
	}
	return ps.file.Pos(len(ps.text)) + 1
}

// Whole returns the module that m is a part of, or m.
func (m *Module) Whole() *Module {
	if m.whole != nil {
		return m.whole
	}
	return m
}

// InPart reports whether pos lies in the part of the module that the pass
// checks: for a module checked in parts, from the start of the
// declaration of its AST to the start of the next; always, for a module
// checked whole. A check reports a finding about the module at large (a
// directive, a declaration it finds through Funcs) in the part that holds
// its position, so that it is reported once.
func (p *Pass) InPart(pos token.Pos) bool {
	m := p.Module
	return m.whole == nil || pos >= m.lo && pos < m.hi
}

// Defs returns, for a module checked in parts, where each of names is
// defined: "" for the module's level (a variable, a function, a section
// or a label in a section), or the name of the function whose parameters
// or body define it; a label of a body wins over an earlier definition,
// any other name keeps its first. A name defined nowhere is not in the
// map. It returns nil for a module checked whole, whose AST holds the
// definitions.
func (m *Module) Defs(names map[string]bool) map[string]string {
	if m.Whole().parts == nil {
		return nil
	}
	all := m.Whole().defs
	out := make(map[string]string, len(names))
	if len(names) == 0 {
		return out // most checks in parts: the declaration of a function
	}
	for _, part := range all {
		for _, d := range part.defs {
			if !names[d.name] {
				continue
			}
			if _, ok := out[d.name]; !ok || d.override {
				out[d.name] = part.fns[d.fn]
			}
		}
	}
	return out
}

// skeleton is LoadParts' parser.Handler: it keeps copies of the
// declarations (the parser reuses the nodes it hands over) without the
// bodies, and the names that bodies and sections define.
type skeleton struct {
	decls    []ast.Decl
	defList      // in order
	base     int // of the file
	sections [][2]int
}

// defList is the definitions of names in a part of a module: a body
// defines some tens, all with the name of its function, which fns holds
// once.
type defList struct {
	defs []def
	fns  []string // fns[0] is "", the module's level
}

// def is a definition of a name, where (Defs: fns[fn]), and whether it is
// a label of a body (which wins over an earlier definition).
type def struct {
	name     string
	fn       int32
	override bool
}

func newSkeleton(file *token.File) *skeleton {
	return &skeleton{base: file.Base(), defList: defList{fns: []string{""}}}
}

func (s *skeleton) define(name, fn string, override bool) {
	k := len(s.fns) - 1
	if fn == "" {
		k = 0
	} else if s.fns[k] != fn {
		s.fns = append(s.fns, fn)
		k++
	}
	s.defs = append(s.defs, def{name, int32(k), override})
}

// join returns the declarations and sections of the skeletons of the
// parts of a file, in order, as one, as if one had streamed the whole
// file; the defs stay with each part's.
func join(sks []*skeleton) *skeleton {
	if len(sks) == 1 {
		return sks[0]
	}
	var nd, ns int
	for _, o := range sks {
		nd, ns = nd+len(o.decls), ns+len(o.sections)
	}
	s := &skeleton{base: sks[0].base, decls: make([]ast.Decl, 0, nd), sections: make([][2]int, 0, ns)}
	for _, o := range sks {
		s.decls = append(s.decls, o.decls...)
		s.sections = append(s.sections, o.sections...)
	}
	return s
}

// setLines sets the lines of file, whose text is text, as
// token.File.SetLinesForContent does, a line at a time rather than a byte.
func setLines(file *token.File, text string) {
	lines := make([]int, 0, strings.Count(text, "\n")+1)
	if len(text) > 0 {
		lines = append(lines, 0)
	}
	for i := 0; ; {
		k := strings.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		if i += k + 1; i < len(text) {
			lines = append(lines, i)
		}
	}
	file.SetLines(lines)
}

func (s *skeleton) Decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.Comment:
	case *ast.Version:
		x := *d
		s.decls = append(s.decls, &x)
	case *ast.Target:
		x := *d
		x.Names = append([]string(nil), d.Names...)
		s.decls = append(s.decls, &x)
	case *ast.AddressSize:
		x := *d
		s.decls = append(s.decls, &x)
	case *ast.File:
		x := *d
		s.decls = append(s.decls, &x)
	case *ast.Variable:
		s.decls = append(s.decls, cloneVar(d))
		for _, n := range d.Names {
			s.define(n.Name, "", false)
		}
	case *ast.Directive:
		s.decls = append(s.decls, cloneDirective(d))
	case *ast.Function:
		f := *d
		f.Linkage = append([]string(nil), d.Linkage...)
		f.Return = cloneVars(d.Return)
		f.Params = cloneVars(d.Params)
		f.Directives = nil
		for _, x := range d.Directives {
			f.Directives = append(f.Directives, cloneDirective(x))
		}
		s.define(d.Name, "", false)
		for _, list := range [][]*ast.Variable{d.Params, d.Return} {
			for _, v := range list {
				for _, n := range v.Names {
					s.define(n.Name, d.Name, false)
				}
			}
		}
		if d.Body != nil {
			f.Body = &ast.Block{Lbrace: d.Body.Lbrace, Rbrace: d.Body.Rbrace}
			Inspect(d.Body, func(st ast.Stmt, _ []*ast.Block) {
				switch st := st.(type) {
				case *ast.Label:
					s.define(st.Name, d.Name, true)
				case *ast.Variable:
					for _, n := range st.Names {
						s.define(n.Name, d.Name, false)
					}
				}
			})
		}
		s.decls = append(s.decls, &f)
	}
}

func (s *skeleton) Section(sec *ast.Section) {
	s.define(sec.Name, "", false)
	off := int(sec.Directive) - s.base
	s.sections = append(s.sections, [2]int{off, off})
}

func (s *skeleton) SectionItem(it ast.SectionItem) {
	if l, ok := it.(*ast.Label); ok {
		s.define(l.Name, "", false)
	}
}

func (s *skeleton) EndSection(sec *ast.Section) {
	s.sections[len(s.sections)-1][1] = int(sec.Rbrace) - s.base + 1
}

// SectionsSize returns the size in bytes of the source text of the
// .section declarations of the pass's module, all together: a check that
// gathers from them may size what it gathers by it.
func (p *Pass) SectionsSize() int {
	n := 0
	if ps := p.Module.Whole().parts; ps != nil {
		for _, sec := range ps.sections {
			n += sec[1] - sec[0]
		}
		return n
	}
	for _, d := range p.Module.AST.Decls {
		if s, ok := d.(*ast.Section); ok && s.Rbrace > s.Directive {
			n += int(s.Rbrace-s.Directive) + 1
		}
	}
	return n
}

// StreamSections hands the .section declarations of the pass's module to
// h as parser.Stream hands them over (Section, each item, EndSection;
// h may not keep them), and reports whether it did. For a module checked
// in parts, whose parts leave the sections out, the part that holds the
// first section hands over all of them, parsed anew, and the other parts
// none; for a module checked whole, the sections of its AST.
func (p *Pass) StreamSections(h parser.Handler) (bool, error) {
	m := p.Module
	ps := m.Whole().parts
	if ps == nil {
		any := false
		for _, d := range m.AST.Decls {
			if s, ok := d.(*ast.Section); ok {
				any = true
				h.Section(s)
				for _, it := range s.Items {
					h.SectionItem(it)
				}
				h.EndSection(s)
			}
		}
		return any, nil
	}
	if len(ps.sections) == 0 || !p.InPart(ps.file.Pos(ps.sections[0][0])) {
		return false, nil
	}
	return true, ps.readSections(h)
}

// readSections streams every section to h, and notes that they parse.
func (ps *parts) readSections(h parser.Handler) error {
	for _, sec := range ps.sections {
		if err := parser.StreamPart(ps.file, ps.text, sec[0], sec[1], h); err != nil {
			return err
		}
	}
	ps.sectionsRead = true
	return nil
}

// syntaxErrors returns the syntax errors of the whole file, as parsing it
// reports them, or else err, that of a part.
func (ps *parts) syntaxErrors(err error) error {
	if all := parser.StreamPart(ps.file, ps.text, 0, len(ps.text), discard{}); all != nil {
		return all
	}
	return err
}

// discard is a parser.Handler that drops what it is handed.
type discard struct{}

func (discard) Decl(ast.Decl)               {}
func (discard) Section(*ast.Section)        {}
func (discard) SectionItem(ast.SectionItem) {}
func (discard) EndSection(*ast.Section)     {}

// SectionsModule returns a module of the .section declarations that
// StreamSections hands over: the module's AST, for a module checked whole.
func (p *Pass) SectionsModule() (*ast.Module, error) {
	ps := p.Module.Whole().parts
	if ps == nil {
		return p.Module.AST, nil
	}
	out := &ast.Module{}
	for _, sec := range ps.sections {
		t, err := parser.ParsePart(ps.file, ps.text, sec[0], sec[1])
		if err != nil {
			return nil, err
		}
		out.Decls = append(out.Decls, t.Decls...)
	}
	return out, nil
}

func cloneVars(list []*ast.Variable) []*ast.Variable {
	if list == nil {
		return nil
	}
	out := make([]*ast.Variable, len(list))
	for i, v := range list {
		out[i] = cloneVar(v)
	}
	return out
}

func cloneVar(v *ast.Variable) *ast.Variable {
	x := *v
	x.Linkage = append([]string(nil), v.Linkage...)
	x.Attributes = append([]string(nil), v.Attributes...)
	x.Names = make([]*ast.Declarator, len(v.Names))
	for i, d := range v.Names {
		y := *d
		y.Dims = append([]int64(nil), d.Dims...)
		y.Init = cloneExpr(d.Init)
		x.Names[i] = &y
	}
	return &x
}

func cloneDirective(d *ast.Directive) *ast.Directive {
	x := *d
	x.Args = cloneExprs(d.Args)
	return &x
}

func cloneExprs(list []ast.Expr) []ast.Expr {
	if list == nil {
		return nil
	}
	out := make([]ast.Expr, len(list))
	for i, e := range list {
		out[i] = cloneExpr(e)
	}
	return out
}

func cloneExpr(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.Ident:
		x := *e
		return &x
	case *ast.Lit:
		x := *e
		return &x
	case *ast.Unary:
		x := *e
		x.X = cloneExpr(e.X)
		return &x
	case *ast.Binary:
		x := *e
		x.X, x.Y = cloneExpr(e.X), cloneExpr(e.Y)
		return &x
	case *ast.Paren:
		x := *e
		x.Elems = cloneExprs(e.Elems)
		return &x
	case *ast.Braces:
		x := *e
		x.Elems = cloneExprs(e.Elems)
		return &x
	case *ast.Address:
		x := *e
		x.Elems = cloneExprs(e.Elems)
		return &x
	case *ast.CallExpr:
		x := *e
		if e.Fun != nil {
			f := *e.Fun
			x.Fun = &f
		}
		x.Args = cloneExprs(e.Args)
		return &x
	}
	return e // nil
}

// Parts returns how many parts Run checks m in: 1 for a module checked
// whole.
func (m *Module) Parts() int {
	if m.parts == nil {
		return 1
	}
	return len(m.parts.bounds) - 1
}
