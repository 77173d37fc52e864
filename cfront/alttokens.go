package cfront

import (
	"strings"

	"github.com/ptxabi/ptxabi/cfront/pp"
)

// alternative is the punctuator that s spells as one of C++'s alternative
// tokens ([lex.digraph]: and for &&, not for !, ...), or "".
func alternative(s string) string {
	switch s {
	case "and":
		return "&&"
	case "and_eq":
		return "&="
	case "bitand":
		return "&"
	case "bitor":
		return "|"
	case "compl":
		return "~"
	case "not":
		return "!"
	case "not_eq":
		return "!="
	case "or":
		return "||"
	case "or_eq":
		return "|="
	case "xor":
		return "^"
	case "xor_eq":
		return "^="
	}
	return ""
}

// spellAlternatives makes the alternative tokens of ts (identifiers to
// the preprocessor, which lets no program define them as macros) the
// punctuators they are in C++: a .cu file is C++, as nvcc reads it.
func spellAlternatives(ts *pp.Tokens) {
	var extra strings.Builder
	offs := map[string]uint32{}
	for i := range ts.List {
		t := &ts.List[i]
		if t.Kind != pp.Ident || t.Len < 2 || t.Len > 6 {
			continue
		}
		switch ts.Spelling(t)[0] {
		case 'a', 'b', 'c', 'n', 'o', 'x':
		default:
			continue
		}
		p := alternative(ts.Spelling(t))
		if p == "" {
			continue
		}
		off, ok := offs[p]
		if !ok {
			off = uint32(len(ts.Text) + extra.Len())
			extra.WriteString(p)
			offs[p] = off
		}
		t.Kind, t.Off, t.Len = pp.Punct, off, uint32(len(p))
	}
	if extra.Len() > 0 {
		ts.Text += extra.String()
	}
}
