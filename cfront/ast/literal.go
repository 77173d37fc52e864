package ast

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Unquote decodes a C string or character literal's text (with its
// quotes and an optional u8, u, U or L prefix) into its bytes, escapes
// decoded; a universal character name or a non-ASCII character becomes
// its UTF-8 encoding. Adjacent string literals are decoded one at a time
// and joined by the caller.
func Unquote(lit string) (string, error) {
	q := strings.IndexAny(lit, `"'`)
	if q < 0 || len(lit) < q+2 || lit[len(lit)-1] != lit[q] {
		return "", fmt.Errorf("malformed literal %s", lit)
	}
	s := lit[q+1 : len(lit)-1]
	var b strings.Builder
	for len(s) > 0 {
		if s[0] != '\\' {
			b.WriteByte(s[0])
			s = s[1:]
			continue
		}
		if len(s) < 2 {
			return "", fmt.Errorf("invalid escape in %s", lit)
		}
		c := s[1]
		s = s[2:]
		switch c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case 'e':
			b.WriteByte(27)
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'x':
			j := 0
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			n, err := strconv.ParseUint(s[:j], 16, 8)
			if err != nil {
				return "", fmt.Errorf("invalid hexadecimal escape in %s", lit)
			}
			b.WriteByte(byte(n))
			s = s[j:]
		case 'u', 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if len(s) < n {
				return "", fmt.Errorf("invalid universal character name in %s", lit)
			}
			v, err := strconv.ParseUint(s[:n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", fmt.Errorf("invalid universal character name in %s", lit)
			}
			b.WriteRune(rune(v))
			s = s[n:]
		default:
			if c < '0' || c > '7' {
				return "", fmt.Errorf("unknown escape sequence '\\%c' in %s", c, lit)
			}
			s = string(c) + s
			j := 0
			for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[:j], 8, 16)
			if n > 255 {
				return "", fmt.Errorf("octal escape out of range in %s", lit)
			}
			b.WriteByte(byte(n))
			s = s[j:]
		}
	}
	return b.String(), nil
}
