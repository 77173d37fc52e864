// Package vet is a framework for checking PTX modules against the PTX ABI
// (the guide, release 13.2), in the shape of golang.org/x/tools/go/analysis:
// an Analyzer is one check with its documentation, a Pass hands it one
// parsed module (and the other modules of the program, for checks across
// modules), and it reports Diagnostics, each a fact about the input at a
// position. The checks live in the packages under vet/, one per concern;
// package vet/all lists them.
//
// A check reports only what it can decide from the input: correct output of
// nvcc and clang gets no diagnostic.
package vet

import (
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/target"
)

// An Analyzer is one check.
type Analyzer struct {
	// Name is the check's name, a lower-case word: "params".
	Name string
	// Doc is its documentation: the first line a summary, then the rules
	// it enforces and the guide sections they come from.
	Doc string
	// Run checks pass.Module and reports what it finds with pass.Report.
	// An error means the check could not run (an internal failure), not a
	// finding. Run may not keep a string of the module's declarations past
	// its return (the text of a big file's part is read into again for the
	// next part): a message it reports is a string of its own (fmt.Sprintf).
	Run func(pass *Pass) error
}

// A Module is one parsed PTX file, with the target its directives give.
type Module struct {
	Filename string
	AST      *ast.Module
	// Target is the module's .address_size (32 if absent, as in PTX),
	// .target sm_XX (0 if absent) and .version (zero if absent).
	Target target.Target
	// HasVersion, HasTarget are set when .version and an sm_XX .target were
	// written.
	HasVersion, HasTarget bool
	// Version, TargetDecl and AddressSize are the directives, or nil.
	Version     *ast.Version
	TargetDecl  *ast.Target
	AddressSize *ast.AddressSize
	// Debug is set when .target names "debug".
	Debug bool
	// Funcs maps a function's name to its declarations and definition in
	// this module, in order.
	Funcs map[string][]*ast.Function
	// Vars maps a module-level variable's name to its declaration.
	Vars map[string]*ast.Variable
	// Files maps the index of each .file directive to it.
	Files map[int]*ast.File
	// Src is the file's text.
	Src []byte

	// A module checked in parts (parts.go) has parts; each part's module
	// has its whole module and the positions [lo, hi) of its text.
	parts  *parts
	defs   []defList // of each part, in order
	whole  *Module
	lo, hi token.Pos
}

// A Pass is one analyzer's run on one module of a program.
type Pass struct {
	Analyzer *Analyzer
	Fset     *token.FileSet
	// Module is the module to check; Program holds every module checked
	// together (as nvlink would link them), Module among them.
	Module  *Module
	Program []*Module
	// Report records a diagnostic.
	Report func(Diagnostic)

	shared *shared
}

// shared holds the program-wide results of one Run.
type shared struct {
	mu      sync.Mutex
	results map[string]*sharedResult
}

type sharedResult struct {
	once sync.Once
	v    any
}

// Shared returns the program-wide result named key, computing it with f
// the first time any pass of this Run asks: a check that needs the whole
// program (the symbols of every module, as the linker resolves them)
// computes it once, not once per module.
func (p *Pass) Shared(key string, f func() any) any {
	if p.shared == nil {
		return f()
	}
	p.shared.mu.Lock()
	r := p.shared.results[key]
	if r == nil {
		r = &sharedResult{}
		p.shared.results[key] = r
	}
	p.shared.mu.Unlock()
	r.once.Do(func() { r.v = f() })
	return r.v
}

// ModuleIndex returns the index of the pass's module (its whole module,
// for a part) in Program.
func (p *Pass) ModuleIndex() int {
	for i, m := range p.Program {
		if m == p.Module.Whole() {
			return i
		}
	}
	return -1
}

// PosOf returns the token.Pos of a position in one of fset's files, or
// token.NoPos.
func PosOf(fset *token.FileSet, p token.Position) token.Pos {
	var out token.Pos
	fset.Iterate(func(f *token.File) bool {
		if f.Name() != p.Filename || p.Line < 1 || p.Line > f.LineCount() {
			return true
		}
		out = f.LineStart(p.Line) + token.Pos(max(p.Column, 1)-1)
		return false
	})
	return out
}

// Reportf reports a diagnostic at pos.
func (p *Pass) Reportf(pos token.Pos, format string, args ...any) {
	p.Report(Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// A Diagnostic is one finding: a message about the input at Pos (End, if
// valid, ends the range), with related positions (the other side of a
// disagreement).
type Diagnostic struct {
	Pos, End token.Pos
	// Category is the analyzer's name; the driver sets it.
	Category string
	Message  string
	Related  []RelatedInformation
}

// RelatedInformation is a position that a diagnostic refers to.
type RelatedInformation struct {
	Pos, End token.Pos
	Message  string
}

// NewModule builds a Module from a parsed file.
func NewModule(filename string, src []byte, m *ast.Module) *Module {
	mod := &Module{Filename: filename, AST: m, Src: src, Funcs: map[string][]*ast.Function{}, Vars: map[string]*ast.Variable{}, Files: map[int]*ast.File{}}
	mod.Target.AddressSize = 32
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *ast.Version:
			mod.Version, mod.HasVersion = d, true
			mod.Target.PTX = target.Version{Major: d.Major, Minor: d.Minor}
		case *ast.Target:
			mod.TargetDecl = d
			for _, n := range d.Names {
				if n == "debug" {
					mod.Debug = true
				}
				if strings.HasPrefix(n, "sm_") || strings.HasPrefix(n, "compute_") {
					if sm, err := target.ParseArch(n); err == nil {
						mod.Target.SM, mod.HasTarget = sm, true
					}
				}
			}
		case *ast.AddressSize:
			mod.AddressSize = d
			mod.Target.AddressSize = d.Size
		case *ast.File:
			if mod.Files[d.Index] == nil {
				mod.Files[d.Index] = d
			}
		case *ast.Function:
			mod.Funcs[d.Name] = append(mod.Funcs[d.Name], d)
		case *ast.Variable:
			for _, n := range d.Names {
				mod.Vars[n.Name] = d
			}
		}
	}
	return mod
}

// ParseFile parses src as the PTX file filename into a Module.
func ParseFile(fset *token.FileSet, filename string, src []byte) (*Module, error) {
	m, err := parser.ParseFile(fset, filename, src)
	if err != nil {
		return nil, err
	}
	return NewModule(filename, src, m), nil
}

// LoadFiles reads and parses the files in parallel. The modules come back
// in the order of files; the first error (unreadable file, syntax error)
// in that order is returned. A big file is checked in parts, read a
// window at a time (LoadPartsFile): its module does not hold its text.
func LoadFiles(fset *token.FileSet, files []string) ([]*Module, error) {
	mods := make([]*Module, len(files))
	errs := make([]error, len(files))
	srcs := make([][]byte, len(files))
	big := make([]bool, len(files))
	parallel(len(files), func(i int) {
		f, err := os.Open(files[i])
		if err != nil {
			errs[i] = err
			return
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() >= 2*partSize {
			big[i] = true
			return
		}
		srcs[i], errs[i] = io.ReadAll(f)
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	// token.FileSet is safe for concurrent use; the files' bases follow
	// the order in which the parses start, which does not matter:
	// diagnostics are sorted by file name and position.
	parallel(len(files), func(i int) {
		if big[i] {
			mods[i], errs[i] = LoadPartsFile(fset, files[i], partSize)
			return
		}
		mods[i], errs[i] = ParseFile(fset, files[i], srcs[i])
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return mods, nil
}

// parallel runs f(0..n-1) on up to GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Run runs the analyzers on every module of the program, in parallel, and
// returns their diagnostics sorted by file, line, column, check and
// message, so that the output is the same on every run. An analyzer that
// panics or fails is an error naming it ("internal error"). For a module
// checked in parts (LoadParts) it returns the syntax errors that parsing
// its parts finds, as a parser.ErrorList.
func Run(fset *token.FileSet, program []*Module, analyzers []*Analyzer) ([]Diagnostic, error) {
	var jobs []job
	for _, m := range program {
		if m.parts != nil {
			for i := 0; i+1 < len(m.parts.bounds); i++ {
				jobs = append(jobs, job{m: m, part: i})
			}
			continue
		}
		for _, a := range analyzers {
			jobs = append(jobs, job{a, m, -1})
		}
	}
	// The part that holds a module's sections has their checks too (the
	// DWARF of nvcc -G is a fifth of the file): with several processors
	// it goes first, so that the other parts keep the other processors
	// busy meanwhile rather than leave it to run alone at the end.
	if runtime.GOMAXPROCS(0) > 1 {
		sort.SliceStable(jobs, func(i, j int) bool {
			return jobs[i].holdsSections() && !jobs[j].holdsSections()
		})
	}
	sh := &shared{results: map[string]*sharedResult{}}
	results := make([][]Diagnostic, len(jobs))
	errs := make([]error, len(jobs))
	// newPass returns a pass of analyzer a for job i, its Module unset.
	newPass := func(i int, a *Analyzer) *Pass {
		pass := &Pass{Analyzer: a, Fset: fset, Program: program, shared: sh}
		pass.Report = func(d Diagnostic) {
			d.Category = a.Name
			results[i] = append(results[i], d)
		}
		return pass
	}
	analyze := func(i int, pass *Pass, m *Module) {
		a := pass.Analyzer
		defer func() {
			if r := recover(); r != nil {
				errs[i] = fmt.Errorf("internal error: check %s on %s: %v", a.Name, m.Filename, r)
			}
		}()
		pass.Module = m
		if err := a.Run(pass); err != nil {
			if el := (parser.ErrorList)(nil); errors.As(err, &el) {
				errs[i] = err // the syntax errors of a section (StreamSections)
			} else {
				errs[i] = fmt.Errorf("internal error: check %s on %s: %v", a.Name, m.Filename, err)
			}
		}
	}
	parts := func(i int, m *Module, start, end int) error {
		// A part's declarations are checked one after the other: each
		// analyzer's pass serves them all, its Module set to each.
		passes := make([]*Pass, len(analyzers))
		for k, a := range analyzers {
			passes[k] = newPass(i, a)
		}
		return m.checkPart(start, end, func(w *Module) {
			for _, pass := range passes {
				if errs[i] == nil {
					analyze(i, pass, w)
				}
			}
		})
	}
	// A part that does not parse was cut inside a declaration (see
	// parser.Cuts), since the whole file streamed without an error: its
	// module is then checked whole, as one part.
	cutWrong := make([]bool, len(jobs))
	parallel(len(jobs), func(i int) {
		j := jobs[i]
		if j.part < 0 {
			analyze(i, newPass(i, j.a), j.m)
			return
		}
		if err := parts(i, j.m, j.m.parts.bounds[j.part], j.m.parts.bounds[j.part+1]); err != nil {
			if el := (parser.ErrorList)(nil); errors.As(err, &el) {
				cutWrong[i] = true
			} else {
				errs[i] = err // the file could not be read again
			}
		}
	})
	redo := map[*Module]int{}
	for i, j := range jobs {
		if cutWrong[i] {
			redo[j.m] = i
		}
	}
	for m, k := range redo {
		for i, j := range jobs {
			if j.m == m {
				results[i], errs[i] = nil, nil
			}
		}
		if err := parts(k, m, 0, m.parts.src.size); err != nil {
			errs[k] = err
		}
	}
	// A module checked in parts has its instructions and data parsed here
	// (LoadParts skims over them): their syntax errors are reported as
	// parsing the whole file reports them, all together, and its sections
	// are parsed for them where no check read them.
	for i, j := range jobs {
		if el := (parser.ErrorList)(nil); j.part >= 0 && errors.As(errs[i], &el) {
			return nil, j.m.parts.syntaxErrors(errs[i])
		}
	}
	// (In parallel: with -checks leaving debuginfo out, these are the
	// sections of every file.)
	secErrs := make([]error, len(program))
	parallel(len(program), func(i int) {
		if ps := program[i].parts; ps != nil && !ps.sectionsRead {
			if err := ps.readSections(discard{}); err != nil {
				secErrs[i] = ps.syntaxErrors(err)
			}
		}
	})
	for _, err := range secErrs {
		if err != nil {
			return nil, err
		}
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var all []Diagnostic
	for _, r := range results {
		all = append(all, r...)
	}
	// The positions of the diagnostics in a module checked in parts are
	// resolved with its file's table of lines, made now.
	var held []*Module
	for _, m := range program {
		if ps := m.parts; ps != nil && ps.holdsAny(all) {
			held = append(held, m)
		}
	}
	if err := setLinesOf(held); err != nil {
		return nil, err
	}
	Sort(fset, all)
	return all, nil
}

// A job is one analyzer on one module, or every analyzer on one part of
// a module checked in parts (part >= 0).
type job struct {
	a    *Analyzer
	m    *Module
	part int
}

// holdsSections reports whether j is the part of a module that holds
// its first section.
func (j job) holdsSections() bool {
	if j.part < 0 || len(j.m.parts.sections) == 0 {
		return false
	}
	first := j.m.parts.sections[0][0]
	return j.m.parts.bounds[j.part] <= first && first < j.m.parts.bounds[j.part+1]
}

// Sort sorts diagnostics by file name, line, column, check and message.
func Sort(fset *token.FileSet, ds []Diagnostic) {
	// Each position is resolved once, not at each comparison.
	type keyed struct {
		pos token.Position
		d   Diagnostic
	}
	ks := make([]keyed, len(ds))
	for i, d := range ds {
		ks[i] = keyed{fset.Position(d.Pos), d}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := &ks[i].pos, &ks[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if ks[i].d.Category != ks[j].d.Category {
			return ks[i].d.Category < ks[j].d.Category
		}
		return ks[i].d.Message < ks[j].d.Message
	})
	for i := range ks {
		ds[i] = ks[i].d
	}
}

// Validate reports analyzers with empty or duplicate names or no
// documentation.
func Validate(analyzers []*Analyzer) error {
	seen := map[string]bool{}
	for _, a := range analyzers {
		if a.Name == "" || a.Doc == "" || a.Run == nil {
			return fmt.Errorf("analyzer %q: a name, a doc and a Run function are required", a.Name)
		}
		if seen[a.Name] {
			return fmt.Errorf("analyzer %q: duplicate name", a.Name)
		}
		seen[a.Name] = true
	}
	return nil
}
