// Package debuginfo defines the "debuginfo" check: the DWARF sections,
// .file and .loc directives of a module (guide §5).
package debuginfo

import (
	"errors"
	"fmt"
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/internal/strcopy"

	"github.com/ptxabi/ptxabi/dwarf"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the debuginfo check.
var Analyzer = &vet.Analyzer{
	Name: "debuginfo",
	Doc: `debug information: DWARF sections, .file and .loc (guide §5)

The .debug_info and .debug_abbrev sections decode as DWARF (package
dwarf's reader; a malformed section is reported at the datum where
decoding failed). Every DW_AT_address_class is in the table of CUDA
address classes (guide §5.2). Every label a section refers to is defined
(a label of a function body or a section, a function, a variable, a
parameter, or a section name). Every .loc, and its inlined_at, names a
file that a .file directive declares. The DW_AT_low_pc and DW_AT_high_pc
labels of a subprogram name labels of one function.`,
	Run: run,
}

// undefinedRefs reports the references, in the sections it is handed, to
// the names it holds.
type undefinedRefs struct {
	pass    *vet.Pass
	names   map[string]bool
	section string
}

func (u *undefinedRefs) Decl(ast.Decl)             {}
func (u *undefinedRefs) Section(s *ast.Section)    { u.section = s.Name }
func (u *undefinedRefs) EndSection(s *ast.Section) {}

func (u *undefinedRefs) SectionItem(it ast.SectionItem) {
	data, ok := it.(*ast.Data)
	if !ok || data == nil {
		return
	}
	size := ast.DataSize(data.Type)
	for _, v := range data.Values {
		if _, isLit := v.(*ast.Lit); isLit || v == nil {
			continue
		}
		x := ast.ExprDatum(size, v)
		for _, name := range []string{x.Label, x.Sub} {
			if isRef(name) && u.names[name] {
				u.pass.Reportf(v.Pos(), "section %s refers to %s, which is not defined", u.section, name)
			}
		}
	}
}

// isRef reports whether name, a label of a section datum, refers to a
// name that must be defined.
func isRef(name string) bool {
	return name != "" && !strings.HasPrefix(name, "?") && !strings.HasPrefix(name, ".debug_")
}

func run(pass *vet.Pass) error {
	m := pass.Module
	// files reports whether a .file directive declares file k. The .loc
	// lines of a body name a file or two: the last one found is noted.
	known := -1
	files := func(k int) bool {
		if k == known {
			return true
		}
		if _, ok := m.Files[k]; ok {
			known = k
			return true
		}
		return false
	}
	// The sections: their label references, and the data the reader
	// needs. labels maps each name they refer to, once defined, to the
	// function that defines it ("" for the module level).
	c := &collector{}
	mine := false
	var err error
	if pass.SectionsHere() { // not, in most parts of a big file
		c = &collector{pass: pass, strs: strcopy.Chunks{Size: 32 << 10}}
		if mine, err = pass.StreamSections(c); err != nil {
			return err
		}
	}
	// labels maps each name the sections refer to to where it is defined
	// (vet.Undefined until it is). A module checked in parts has the
	// names of every part (Defs).
	labels := c.referenced
	if labels == nil {
		labels = map[string]string{}
	}
	for name := range labels {
		labels[name] = vet.Undefined // it held the name's copy
	}
	inParts := m.Defs(labels)
	define := func(name, fn string, override bool) {
		if inParts {
			return
		}
		if cur, ok := labels[name]; ok && isRef(name) && (cur == vet.Undefined || override) {
			labels[name] = fn
		}
	}
	// defined returns where name is defined, if it is.
	defined := func(name string) (string, bool) {
		fn, ok := labels[name]
		return fn, ok && fn != vet.Undefined && isRef(name)
	}
	var pending []*ast.Loc // .loc lines whose file was not declared before them
	for _, d := range m.AST.Decls {
		switch d := d.(type) {
		case *ast.Variable:
			for _, n := range d.Names {
				define(n.Name, "", false)
			}
		case *ast.Section:
			define(d.Name, "", false)
			for _, it := range d.Items {
				if l, ok := it.(*ast.Label); ok {
					define(l.Name, "", false)
				}
			}
		case *ast.Function:
			define(d.Name, "", false)
			for _, list := range [][]*ast.Variable{d.Params, d.Return} {
				for _, v := range list {
					for _, n := range v.Names {
						define(n.Name, d.Name, false)
					}
				}
			}
			if d.Body == nil {
				continue
			}
			// A loop of its own rather than vet.Inspect: a body of nvcc -G
			// is a .loc every few instructions.
			var walk func(b *ast.Block)
			walk = func(b *ast.Block) {
				for _, s := range b.Stmts {
					switch s := s.(type) {
					case *ast.Loc:
						if !files(s.File) || s.InlinedAt != nil && !files(s.InlinedAt.File) {
							pending = append(pending, s)
						}
					case *ast.Label:
						define(s.Name, d.Name, true)
					case *ast.Variable:
						for _, n := range s.Names {
							define(n.Name, d.Name, false)
						}
					case *ast.Block:
						if s != nil {
							walk(s)
						}
					}
				}
			}
			walk(d.Body)
		}
	}
	for _, l := range pending {
		if !files(l.File) {
			pass.Reportf(l.Directive, ".loc names file %d, which no .file declares", l.File)
		} else if l.InlinedAt != nil && !files(l.InlinedAt.File) {
			pass.Reportf(l.Directive, ".loc inlined_at names file %d, which no .file declares", l.InlinedAt.File)
		}
	}
	if !mine {
		return nil
	}
	// The references to names defined nowhere are reported where they
	// are, from the sections read again (there are seldom any); the
	// names' memory goes before the DIEs are read.
	undefined := map[string]bool{}
	for name, fn := range labels {
		if fn == vet.Undefined && isRef(name) {
			undefined[name] = true
		}
	}
	if len(undefined) > 0 {
		if _, err := pass.StreamSections(&undefinedRefs{pass: pass, names: undefined}); err != nil {
			return err
		}
	}
	// The reader needs .debug_info and .debug_abbrev only, and positions
	// only for a report: the sections go to it without them, and only a
	// report, or a section the fast way does not take, builds the
	// positioned form (dwarf.FromModule, a datum and a position for every
	// value of every section).
	var file *dwarf.File
	var info *sectionBytes
	positioned := func() error {
		if file != nil {
			return nil
		}
		mod, err := pass.SectionsModule()
		if err != nil {
			return err
		}
		f, err := dwarf.FromModule(pass.Fset, mod)
		if err != nil {
			return err
		}
		file = f
		for _, s := range file.Sections {
			if s.Name == dwarf.DebugInfo {
				info = newSectionBytes(s)
			}
		}
		return nil
	}
	// check checks one DIE of unit u; report reports what it finds.
	report := pass.Report
	check := func(u *dwarf.Unit, d *dwarf.DIE) {
		var offs []int64
		// pos is the position of d's attribute a, or of d.
		pos := func(a dwarf.Attr) token.Pos {
			if positioned() != nil {
				return c.first
			}
			if offs == nil {
				offs = fieldOffsets(info, u, d, u.Offset+d.Offset)
			}
			off := u.Offset + d.Offset
			for i, f := range d.Fields {
				if f.Attr == a && i < len(offs) {
					off = offs[i]
				}
			}
			return offPos(pass, file, off)
		}
		if v, ok := d.Attr(dwarf.AttrAddressClass).(uint64); ok && (v > 255 || !dwarf.KnownAddrClass(dwarf.AddrClass(v))) {
			report(vet.Diagnostic{Pos: pos(dwarf.AttrAddressClass), Message: fmt.Sprintf("DW_AT_address_class %d is not a CUDA address class (guide §5.2)", v)})
		}
		if d.Tag == dwarf.TagSubprogram {
			lo, ok1 := d.Attr(dwarf.AttrLowPC).(dwarf.Label)
			hi, ok2 := d.Attr(dwarf.AttrHighPC).(dwarf.Label)
			if ok1 && ok2 && lo.Sub == "" && hi.Sub == "" {
				fl, okl := defined(lo.Name)
				fh, okh := defined(hi.Name)
				if okl && okh && fl != fh {
					d := vet.Diagnostic{Pos: pos(dwarf.AttrHighPC), Message: fmt.Sprintf("DW_AT_high_pc %s is in %s but DW_AT_low_pc %s is in %s", hi.Name, where(fh), lo.Name, where(fl)),
						Related: []vet.RelatedInformation{{Pos: pos(dwarf.AttrLowPC), Message: "DW_AT_low_pc"}}}
					report(d)
				}
			}
		}
	}
	var units []*dwarf.Unit
	if c.bad {
		if err := positioned(); err != nil {
			reportErr(pass, err, c.first)
			return nil
		}
		units, err = dwarf.Read(file.Sections)
	} else {
		// A DIE at a time, with no tree; what it finds is reported once
		// the sections have decoded without an error.
		var found []vet.Diagnostic
		report = func(d vet.Diagnostic) { found = append(found, d) }
		err = dwarf.WalkBytes(c.info, c.abbrev, check)
		report = pass.Report
		if err == nil {
			for _, d := range found {
				pass.Report(d)
			}
			return nil
		}
	}
	if err != nil {
		if perr := positioned(); perr != nil {
			reportErr(pass, perr, c.first)
			return nil
		}
		_, err = file.Read()
		reportErr(pass, err, c.first)
		return nil
	}
	for _, u := range units {
		var walk func(d *dwarf.DIE)
		walk = func(d *dwarf.DIE) {
			check(u, d)
			for _, c := range d.Children {
				walk(c)
			}
		}
		if u.Root != nil {
			walk(u.Root)
		}
	}
	return nil
}

// collector gathers, from the sections StreamSections hands over, the
// names their label references refer to and the .debug_info and .debug_abbrev sections as
// dwarf.ReadBytes takes them, each joined from its blocks in order as
// dwarf.FromModule joins them, without positions. bad is set where a
// block of any section holds what FromModule reports (a data directive
// that is no .b8 to .b64, a value that is no datum): FromModule then
// says where.
type collector struct {
	first token.Pos // the first section's directive
	// referenced maps each name the sections refer to to its copy
	// (ref), then, in run, to where it is defined.
	referenced   map[string]string
	info, abbrev *dwarf.SectionBytes
	cur          *dwarf.SectionBytes // the section being read, or nil
	bad          bool
	typ          string // of the last data directive, whose size is size
	size         int
	pass         *vet.Pass
	// strs holds copies of the strings the collector keeps (str), so
	// that the text of a section goes once it is read.
	strs strcopy.Chunks
	// lit holds a number of SectionDataText for value.
	lit ast.Lit
}

// ref returns a copy of x, a name that a section refers to, the same
// copy for each reference, and notes the reference (referenced).
func (c *collector) ref(x string) string {
	if x == "" {
		return ""
	}
	if y, ok := c.referenced[x]; ok {
		return y
	}
	y := c.str(x)
	c.referenced[y] = y
	return y
}

// str returns a copy of x, in c.strs.
func (c *collector) str(x string) string { return c.strs.Copy(x) }

func (c *collector) Decl(ast.Decl) {}

func (c *collector) Section(s *ast.Section) {
	if !c.first.IsValid() {
		c.first = s.Directive
		c.referenced = make(map[string]string, c.pass.SectionsSize()/128)
	}
	c.cur = nil
	switch s.Name {
	case dwarf.DebugInfo:
		if c.info == nil {
			c.info = dwarf.NewSectionBytes(dwarf.DebugInfo)
		}
		c.cur = c.info
	case dwarf.DebugAbbrev:
		if c.abbrev == nil {
			c.abbrev = dwarf.NewSectionBytes(dwarf.DebugAbbrev)
		}
		c.cur = c.abbrev
	}
}

func (c *collector) SectionItem(it ast.SectionItem) {
	data, isData := it.(*ast.Data)
	if !isData || data == nil {
		return
	}
	if data.Type != c.typ {
		c.typ, c.size = c.str(data.Type), ast.DataSize(data.Type)
	}
	size := c.size
	if size == 0 {
		c.bad = true
	}
	for _, v := range data.Values {
		c.value(size, v)
	}
}

// SectionDataText takes a run of data lines as their text (see
// parser.DataTextHandler: each line a directive, .b8 to .b64, and
// decimal integers or words separated by commas), each value as
// SectionItem takes it, with no node made for it.
func (c *collector) SectionDataText(text string) {
	for i := 0; i < len(text); i++ { // a line, up to its newline
		for i < len(text) && isBlank(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !isBlank(text[j]) && text[j] != '\n' {
			j++
		}
		var size int
		switch text[i:j] {
		case ".b8":
			size = 1
		case ".b16":
			size = 2
		case ".b32":
			size = 4
		case ".b64":
			size = 8
		default:
			c.bad = true
		}
		for i = j; i < len(text) && text[i] != '\n'; {
			b := text[i]
			if isBlank(b) || b == ',' {
				i++
				continue
			}
			if d := b - '0'; d <= 9 {
				// A decimal integer. Most values are a byte of a few
				// digits, read here as the value would read it.
				n, j := int(d), i+1
				for j < len(text) && j-i <= 3 {
					d := text[j] - '0'
					if d > 9 {
						break
					}
					n = 10*n + int(d)
					j++
				}
				if j-i <= 3 && size == 1 && (b != '0' || j-i == 1) && (j == len(text) || isEnd(text[j])) {
					if c.cur != nil {
						c.cur.AddByte(byte(n))
					}
					i = j
					continue
				}
			}
			j := i
			for j < len(text) && !isEnd(text[j]) {
				j++
			}
			v := text[i:j]
			i = j
			if d := v[0]; d < '0' || d > '9' {
				// A label, as value takes an *ast.Ident.
				name := c.ref(v)
				if c.cur != nil && size != 0 {
					c.cur.Add(dwarf.Datum{Size: size, Label: name})
				}
				continue
			}
			c.lit = ast.Lit{Kind: ast.Int, Value: v}
			c.value(size, &c.lit)
			c.lit = ast.Lit{} // v lies in the section's text, which goes

		}
	}
}

// isBlank reports whether b is a blank of a data line; isEnd whether it
// ends a value.
func isBlank(b byte) bool { return b == ' ' || b == '\t' }
func isEnd(b byte) bool   { return b == ' ' || b == '\t' || b == ',' || b == '\n' }

// value takes one value of a data directive of size bytes.
func (c *collector) value(size int, v ast.Expr) {
	if v == nil {
		c.bad = true
		return
	}
	if lit, ok := v.(*ast.Lit); ok && size == 1 && lit.Kind == ast.Int {
		// Most values: a byte, as ExprDatum reads it.
		if n, ok := ast.ParseInt(lit.Value); ok {
			if c.cur != nil {
				c.cur.AddByte(byte(n))
			}
			return
		}
	}
	x := ast.ExprDatum(size, v)
	if _, isLit := v.(*ast.Lit); !isLit {
		// The section's text goes once it is read: the
		// reader keeps copies of its label names.
		x.Label, x.Sub = c.ref(x.Label), c.ref(x.Sub)
	} else {
		x.Label, x.Sub = c.str(x.Label), c.str(x.Sub)
	}
	if x.Label == "?" || size == 0 {
		c.bad = true
	} else if c.cur != nil {
		c.cur.Add(dwarf.Datum(x))
	}
}

func (c *collector) EndSection(*ast.Section) {}

func where(fn string) string {
	if fn == "" {
		return "no function"
	}
	return fn
}

// offPos returns the position of the datum that holds byte off of
// .debug_info.
func offPos(pass *vet.Pass, f *dwarf.File, off int64) token.Pos {
	p, ok := f.Position(dwarf.DebugInfo, off)
	if !ok {
		return token.NoPos
	}
	return vet.PosOf(pass.Fset, p)
}

func reportErr(pass *vet.Pass, err error, def token.Pos) {
	var pe *dwarf.PosError
	if errors.As(err, &pe) {
		p := vet.PosOf(pass.Fset, pe.Pos)
		if !p.IsValid() {
			p = def
		}
		pass.Reportf(p, "malformed DWARF: %s", pe.Msg)
		return
	}
	pass.Reportf(def, "malformed DWARF: %v", fmt.Sprint(err))
}
