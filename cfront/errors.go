package cfront

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Error is one diagnostic at a source position.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList is the list of errors found in a translation unit, sorted by
// position. Its Error method writes one error per line.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// Diagnostic is a warning: the source is accepted, but something in it
// may not mean what it says.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

func (d Diagnostic) String() string { return d.Pos.String() + ": warning: " + d.Msg }

// maxErrors stops a translation unit after this many errors.
const maxErrors = 100

// diag collects the errors of one translation unit.
type diag struct {
	fset  *token.FileSet
	errs  ErrorList
	warn  func(Diagnostic)
	seen  map[string]bool
	fatal bool
	// mute, while positive, suppresses errors and warnings (trying a parse
	// that may fail); muted records that one was suppressed.
	mute  int
	muted bool
}

// bailout is the panic value that stops parsing; ParseFile recovers it.
type bailout struct{}

func (d *diag) errorf(pos token.Pos, format string, args ...any) {
	if d.mute > 0 {
		d.muted = true
		return
	}
	p := d.fset.Position(pos)
	msg := fmt.Sprintf(format, args...)
	key := p.String() + msg
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	d.errs = append(d.errs, &Error{Pos: p, Msg: msg})
	if len(d.errs) >= maxErrors {
		d.errs = append(d.errs, &Error{Pos: p, Msg: "too many errors"})
		d.fatal = true
		panic(bailout{})
	}
}

func (d *diag) warnf(pos token.Pos, format string, args ...any) {
	if d.warn != nil && d.mute == 0 {
		d.warn(Diagnostic{Pos: d.fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
	}
}
