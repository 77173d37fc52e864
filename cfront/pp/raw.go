package pp

import "go/token"

// RawTokens returns the preprocessing tokens of src as the file spells
// them: directives are not run and macros not expanded; a directive's
// tokens are there too, its '#' the first of its line (BOL). Positions
// are offsets from 1. A front end reads them to look ahead at a unit
// cheaply (package cc: which built-in families it names).
func RawTokens(src []byte) []Token {
	f := newSrcFile(token.NewFileSet(), "", src, false)
	l := newLexer(f)
	toks := make([]Token, 0, len(src)/5+16) // C has a token every 4 to 6 bytes
	for {
		t := l.next()
		if t.Kind == EOF {
			return toks
		}
		toks = append(toks, t)
	}
}

// BuiltinTokens returns the raw tokens (as RawTokens) of the built-in
// header name ("cuda_runtime.h"), lexed once per process: the
// preprocessor reads the same tokens when a unit includes the header.
// Positions are offsets in the header.
func BuiltinTokens(name string) ([]Token, error) {
	full := BuiltinPrefix + name
	if c, ok := builtinToks.Load(full); ok {
		return c.([]Token), nil
	}
	src, err := readBuiltin(name)
	if err != nil {
		return nil, err
	}
	return lexBuiltin(newSrcFile(token.NewFileSet(), full, src, true), full), nil
}
