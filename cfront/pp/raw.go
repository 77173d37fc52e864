package pp

import "go/token"

// RawScanner reads the preprocessing tokens of a text as the file
// spells them: directives are not run and macros not expanded; a
// directive's tokens are there too, its '#' the first of its line
// (BOL). Positions are offsets from 1. A front end reads them to look
// ahead at a unit cheaply (package cc: which built-in families it
// names).
type RawScanner struct{ l lexer }

// NewRawScanner returns a scanner of src.
func NewRawScanner(src []byte) *RawScanner {
	return &RawScanner{l: newLexer(newSrcFile(token.NewFileSet(), "", src, false))}
}

// Next returns the next token; at the end, EOF.
func (s *RawScanner) Next() Token { return s.l.next() }

// BuiltinTokens returns the raw tokens (as RawScanner reads them) of the built-in
// header name ("cuda_runtime.h"), lexed once per process: the
// preprocessor reads the same tokens when a unit includes the header.
// Positions are offsets in the header.
func BuiltinTokens(name string) ([]Token, error) {
	full := BuiltinPrefix + name
	if c, ok := builtinToks.Load(full); ok {
		return c.([]Token), nil
	}
	if h := lexedHeaderFor(full); h != nil {
		return h.toks, nil
	}
	src, err := readBuiltin(name)
	if err != nil {
		return nil, err
	}
	return lexBuiltin(newSrcFile(token.NewFileSet(), full, src, true), full), nil
}
