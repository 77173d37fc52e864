package cfront

import (
	"go/token"

	"github.com/ptxabi/ptxabi/cfront/pp"
)

// The parser reads the tokens of package pp, the preprocessor; these
// names keep its code as it was written when the preprocessor was part
// of this package.

// Token is a token as the parser reads it: a pp.Tok with its spelling
// (parser.token makes it).
type Token struct {
	Text string
	Pos  token.Pos
	Kind tokKind
}

// String describes t for a diagnostic, as pp.Token's String does.
func (t Token) String() string { return pp.Token{Text: t.Text, Kind: t.Kind}.String() }

// tokKind is a token's kind (pp.Kind).
type tokKind = pp.Kind

const (
	tEOF    = pp.EOF
	tIdent  = pp.Ident
	tNumber = pp.Number
	tChar   = pp.Char
	tString = pp.String
	tPunct  = pp.Punct
	tOther  = pp.Other
	tPragma = pp.Pragma
	// #pragma unroll's tokens (pp.PragmaUnroll), which the body parser
	// reads before a loop.
	tPragmaUnroll = pp.PragmaUnroll
	tPragmaEnd    = pp.PragmaEnd
)

// A Macro is one -D or -U option (pp.Macro). Config.Macros applies them
// in order, after Defines.
type Macro = pp.Macro

// Dialect is the C++ standard of a unit (nvcc -std); see pp.Dialect.
type Dialect = pp.Dialect

// The dialects nvcc 11.8 takes.
const (
	Cxx03 = pp.Cxx03
	Cxx11 = pp.Cxx11
	Cxx14 = pp.Cxx14
	Cxx17 = pp.Cxx17
)

// builtinPrefix starts the names of the built-in headers' files.
const builtinPrefix = pp.BuiltinPrefix

// HostIncludeDirs returns the directories of the host where an installed
// CUDA toolkit and the C++ compiler keep their headers (see
// pp.HostIncludeDirs), for Config.SystemIncludeDirs.
func HostIncludeDirs() []string { return pp.HostIncludeDirs() }
