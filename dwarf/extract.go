package dwarf

import (
	"fmt"
	"strconv"
	"strings"
)

// This file is temporary: ExtractSections is replaced by ptx/parser when it
// lands. It reads just the .section blocks of a PTX file and skips
// everything else.

// Pos is a position in a PTX file.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// PosError is an error at a position of a PTX file.
type PosError struct {
	Pos Pos
	Msg string
}

func (e *PosError) Error() string { return e.Pos.String() + ": " + e.Msg }

// Extracted is the .section blocks of a PTX file with the position of each
// datum, so that a reader *Error (section and byte offset) maps back to
// file:line:col.
type Extracted struct {
	Sections []Section
	pos      map[string][]Pos // per section, the position of each datum
}

// Position returns the source position of the datum that holds byte off of
// section name, or false.
func (x *Extracted) Position(name string, off int64) (Pos, bool) {
	for _, s := range x.Sections {
		if s.Name != name {
			continue
		}
		n := int64(0)
		for i, d := range s.Data {
			if off < n+int64(d.Size) {
				return x.pos[name][i], true
			}
			n += int64(d.Size)
		}
		if ps := x.pos[name]; len(ps) > 0 && off == n {
			return ps[len(ps)-1], true
		}
	}
	return Pos{}, false
}

// Locate converts a reader *Error into a *PosError when its offset maps to
// a datum; other errors are returned as they are.
func (x *Extracted) Locate(err error) error {
	if e, ok := err.(*Error); ok {
		if p, ok := x.Position(e.Section, e.Offset); ok {
			return &PosError{p, fmt.Sprintf("%s (%s+0x%x)", e.Msg, e.Section, e.Offset)}
		}
	}
	return err
}

type scanner struct {
	file      string
	src       string
	off       int
	line, col int
}

func (s *scanner) pos() Pos { return Pos{s.file, s.line, s.col} }

func (s *scanner) adv(n int) {
	for i := 0; i < n && s.off < len(s.src); i++ {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
		s.off++
	}
}

// skipSpace skips blanks, newlines and comments; it fails on an
// unterminated block comment.
func (s *scanner) skipSpace() error {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.adv(1)
		case strings.HasPrefix(s.src[s.off:], "//"):
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.adv(1)
			}
		case strings.HasPrefix(s.src[s.off:], "/*"):
			p := s.pos()
			i := strings.Index(s.src[s.off+2:], "*/")
			if i < 0 {
				return &PosError{p, "unterminated comment"}
			}
			s.adv(i + 4)
		default:
			return nil
		}
	}
	return nil
}

func isIdent(c byte, first bool) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '%' || c == '.' ||
		!first && (c >= '0' && c <= '9')
}

// word returns the identifier, directive or number at the cursor.
func (s *scanner) word() string {
	i := s.off
	for i < len(s.src) && (isIdent(s.src[i], i == s.off) || s.src[i] >= '0' && s.src[i] <= '9') {
		i++
	}
	w := s.src[s.off:i]
	s.adv(i - s.off)
	return w
}

// ExtractSections returns the .section blocks of a PTX file. Inside a
// block it accepts .b8, .b16, .b32 and .b64 directives with comma-separated
// items, each a decimal, hexadecimal (0x) or octal number, possibly
// negative, or a label with an optional +N or -N. Outside the blocks it
// skips the text, minding comments and string literals.
func ExtractSections(file string, src []byte) (*Extracted, error) {
	s := &scanner{file: file, src: string(src), line: 1, col: 1}
	x := &Extracted{pos: map[string][]Pos{}}
	for s.off < len(s.src) {
		if err := s.skipSpace(); err != nil {
			return nil, err
		}
		if s.off >= len(s.src) {
			break
		}
		c := s.src[s.off]
		if c == '"' {
			p := s.pos()
			s.adv(1)
			for s.off < len(s.src) && s.src[s.off] != '"' && s.src[s.off] != '\n' {
				if s.src[s.off] == '\\' {
					s.adv(1)
				}
				s.adv(1)
			}
			if s.off >= len(s.src) || s.src[s.off] != '"' {
				return nil, &PosError{p, "unterminated string literal"}
			}
			s.adv(1)
			continue
		}
		if !isIdent(c, true) && !(c >= '0' && c <= '9') {
			s.adv(1)
			continue
		}
		if w := s.word(); w != ".section" {
			continue
		}
		if err := x.section(s); err != nil {
			return nil, err
		}
	}
	return x, nil
}

func (x *Extracted) section(s *scanner) error {
	if err := s.skipSpace(); err != nil {
		return err
	}
	p := s.pos()
	name := s.word()
	if name == "" {
		return &PosError{p, "expected a section name after .section"}
	}
	if err := s.skipSpace(); err != nil {
		return err
	}
	if s.off >= len(s.src) || s.src[s.off] != '{' {
		return &PosError{s.pos(), "expected { after .section " + name}
	}
	s.adv(1)
	idx := -1
	for i := range x.Sections {
		if x.Sections[i].Name == name {
			idx = i
		}
	}
	if idx < 0 {
		x.Sections = append(x.Sections, Section{Name: name})
		idx = len(x.Sections) - 1
	}
	sec := &x.Sections[idx]
	for {
		if err := s.skipSpace(); err != nil {
			return err
		}
		if s.off >= len(s.src) {
			return &PosError{s.pos(), "expected } to end .section " + name}
		}
		if s.src[s.off] == '}' {
			s.adv(1)
			return nil
		}
		dp := s.pos()
		dir := s.word()
		size := map[string]int{".b8": 1, ".b16": 2, ".b32": 4, ".b64": 8}[dir]
		if size == 0 {
			if dir == "" {
				dir = s.src[s.off : s.off+1]
			}
			return &PosError{dp, fmt.Sprintf("expected .b8, .b16, .b32, .b64 or }, found %q", dir)}
		}
		for {
			if err := s.skipSpace(); err != nil {
				return err
			}
			ip := s.pos()
			d, err := s.item(size)
			if err != nil {
				return err
			}
			sec.Data = append(sec.Data, d)
			x.pos[name] = append(x.pos[name], ip)
			// Items continue after a comma, possibly on the next line.
			if err := s.skipSpace(); err != nil {
				return err
			}
			if s.off < len(s.src) && s.src[s.off] == ',' {
				s.adv(1)
				continue
			}
			if s.off < len(s.src) && s.src[s.off] == ';' {
				s.adv(1)
			}
			break
		}
	}
}

// item reads one number or label[+-N].
func (s *scanner) item(size int) (Datum, error) {
	p := s.pos()
	if s.off >= len(s.src) {
		return Datum{}, &PosError{p, "expected a number or a label"}
	}
	neg := false
	if s.src[s.off] == '-' {
		neg = true
		s.adv(1)
	}
	w := s.word()
	if w == "" {
		return Datum{}, &PosError{p, "expected a number or a label"}
	}
	if w[0] >= '0' && w[0] <= '9' {
		v, err := strconv.ParseUint(strings.TrimSuffix(w, "U"), 0, 64)
		if err != nil {
			return Datum{}, &PosError{p, fmt.Sprintf("bad number %q", w)}
		}
		if neg {
			v = -v
		}
		if size < 8 {
			v &= 1<<(8*size) - 1
		}
		return Datum{Size: size, Value: v}, nil
	}
	if neg {
		return Datum{}, &PosError{p, "a label cannot be negated"}
	}
	d := Datum{Size: size, Label: w}
	if s.off < len(s.src) && (s.src[s.off] == '+' || s.src[s.off] == '-') {
		sign := int64(1)
		if s.src[s.off] == '-' {
			sign = -1
		}
		s.adv(1)
		np := s.pos()
		n := s.word()
		v, err := strconv.ParseInt(n, 0, 64)
		if err != nil {
			return Datum{}, &PosError{np, fmt.Sprintf("expected a number after the label, found %q", n)}
		}
		d.Offset = sign * v
	}
	return d, nil
}
