package parser

import "strings"

// Cuts returns where src may be cut into at most n pieces of about equal
// size, to parse each on its own (Stream) at the same time as the others:
// the offsets of the cuts in increasing order, without 0 and len(src),
// maybe none. Each cut is at the start of a line that follows a line
// holding only "}" — in nvcc's and clang's output, the end of a function
// or a section at the top level — where the next line that is neither
// blank nor a // comment starts with a directive that only a top-level
// declaration starts with (.visible, .entry, .func, .section...).
//
// A cut is right where that "}" ends a top-level declaration: the pieces
// then parse to the declarations, comments and errors that src has, in
// the same order, and a piece after a cut starts as a module does after a
// function (a comment at its start is not trailing). Where the "}" is
// elsewhere (inside a block comment, or closing a nested scope such as an
// inline asm block), a piece ends inside an unclosed comment or scope, or
// the next one starts with what cannot start a declaration, and parsing
// reports an error. So a caller that parses the pieces apart must parse
// src whole when any piece has an error, as it must anyway to report
// src's errors with their positions.
func Cuts(src string, n int) []int {
	var cuts []int
	prev := 0
	for i := 1; i < n; i++ {
		c := nextCut(src, max(i*len(src)/n, prev))
		if c < 0 {
			break
		}
		if c > prev {
			cuts = append(cuts, c)
			prev = c
		}
	}
	return cuts
}

// nextCut returns the first place at or after at where Cuts may cut, or
// -1.
func nextCut(src string, at int) int {
	// A "\n}\n" at or after at: its '}' is found by IndexByte, as '}' is
	// rarer than '\n'.
	for j := at + 1; j < len(src); j++ {
		k := strings.IndexByte(src[j:], '}')
		if k < 0 {
			return -1
		}
		j += k
		if src[j-1] != '\n' || j+1 >= len(src) || src[j+1] != '\n' {
			continue
		}
		c := j + 2
		if c >= len(src) {
			return -1
		}
		if startsDeclaration(src[c:]) {
			return c
		}
		j++ // the next "\n}\n" may start at the '\n' after this '}'
	}
	return -1
}

// startsDeclaration reports whether the first line of s that is neither
// blank nor a // comment starts with a directive that starts only
// top-level declarations.
func startsDeclaration(s string) bool {
	for len(s) > 0 {
		line, rest, _ := strings.Cut(s, "\n")
		line = strings.TrimLeft(line, " \t\r")
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
			s = rest
			continue
		}
		word := line
		if i := strings.IndexAny(word, " \t("); i >= 0 {
			word = word[:i]
		}
		switch word {
		case ".visible", ".extern", ".weak", ".common", ".entry", ".func", ".section", ".file",
			".version", ".target", ".address_size":
			return true
		}
		return false
	}
	return false
}
