package pp

import (
	"hash/crc32"
	"sort"
)

// lexedHeader is a built-in header's name, the size and checksum of the
// text it was lexed from, and its tokens (lexed_headers.go).
type lexedHeader struct {
	name string
	size int
	sum  uint32
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

// checksum is the CRC-32 (IEEE) of b.
func checksum(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
