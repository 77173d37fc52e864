// Package vettest runs an analyzer of package vet on PTX files and checks
// its diagnostics against expectations written in the files, as
// golang.org/x/tools/go/analysis/analysistest does: a comment
//
//	// want "regexp" "another"
//
// on a line expects one diagnostic on that line matching each regexp
// (written as a Go string literal, "..." or `...`). A diagnostic without
// an expectation, and an expectation without a diagnostic, fail the test.
package vettest

import (
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/vet"
)

// expectation is one regexp of a want comment.
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	met  bool
}

// Run checks the files (one program) with a and compares the diagnostics
// with the files' want comments. It returns the diagnostics.
func Run(t testing.TB, a *vet.Analyzer, files ...string) []vet.Diagnostic {
	t.Helper()
	fset := token.NewFileSet()
	mods, err := vet.LoadFiles(fset, files)
	if err != nil {
		t.Fatal(err)
	}
	var wants []*expectation
	for _, m := range mods {
		ws, err := Expectations(m.Filename, string(m.Src))
		if err != nil {
			t.Fatal(err)
		}
		wants = append(wants, ws...)
	}
	diags, err := vet.Run(fset, mods, []*vet.Analyzer{a})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		p := fset.Position(d.Pos)
		found := false
		for _, w := range wants {
			if !w.met && w.file == p.Filename && w.line == p.Line && w.re.MatchString(d.Message) {
				w.met, found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: unexpected diagnostic: %s", p, d.Message)
		}
	}
	for _, w := range wants {
		if !w.met {
			t.Errorf("%s:%d: no diagnostic matching %q", w.file, w.line, w.re)
		}
	}
	return diags
}

// Expectations returns the want comments of src.
func Expectations(filename, src string) ([]*expectation, error) {
	var out []*expectation
	for i, line := range strings.Split(src, "\n") {
		j := strings.Index(line, "// want ")
		if j < 0 {
			continue
		}
		rest := strings.TrimSpace(line[j+len("// want "):])
		for rest != "" {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: want: expected a quoted regexp at %q", filename, i+1, rest)
			}
			s, _ := strconv.Unquote(q)
			re, err := regexp.Compile(s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: want: %v", filename, i+1, err)
			}
			out = append(out, &expectation{file: filename, line: i + 1, re: re})
			rest = strings.TrimSpace(rest[len(q):])
		}
	}
	return out, nil
}
