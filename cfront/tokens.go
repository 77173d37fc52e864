package cfront

import "github.com/ptxabi/ptxabi/cfront/pp"

// The parser reads the tokens of package pp, the preprocessor; these
// names keep its code as it was written when the preprocessor was part
// of this package.

// Token is a preprocessing token (pp.Token).
type Token = pp.Token

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
)

// A Macro is one -D or -U option (pp.Macro). Config.Macros applies them
// in order, after Defines.
type Macro = pp.Macro

// builtinPrefix starts the names of the built-in headers' files.
const builtinPrefix = pp.BuiltinPrefix

// HostIncludeDirs returns the directories of the host where an installed
// CUDA toolkit and the C++ compiler keep their headers (see
// pp.HostIncludeDirs), for Config.SystemIncludeDirs.
func HostIncludeDirs() []string { return pp.HostIncludeDirs() }
