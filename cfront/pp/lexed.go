package pp

import "sort"

// lexedHeader is a built-in header's name, the size and checksum of the
// text it was lexed from, and its tokens (lexed_headers.go).
type lexedHeader struct {
	name string
	size int
	sum  uint64
	toks []Token
}

// lexedTokens returns the tokens of built-in header name (BuiltinPrefix
// and its name) whose text is src from lexedHeaders; false when the
// table has none, or has them for another text (a header changed since
// the table was written, which TestLexedHeaders reports).
func lexedTokens(name string, src []byte) ([]Token, bool) {
	i := sort.Search(len(lexedHeaders), func(i int) bool { return lexedHeaders[i].name >= name })
	if i < len(lexedHeaders) && lexedHeaders[i].name == name {
		h := &lexedHeaders[i]
		if h.size == len(src) && h.sum == checksum(src) {
			return h.toks, true
		}
	}
	return nil, false
}

// checksum is the 64-bit FNV-1a hash of b.
func checksum(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}
