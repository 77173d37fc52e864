package tree

// Accessors read an item's details from its text, with no node: enough
// for a tool to pick the items it wants (by opcode, by guard) before it
// asks for their nodes.

// Guard returns the predicate of instruction i's guard ("%p1" of "@!%p1
// bra L;") and whether it is negated; "" without a guard.
func (f *File) Guard(i int) (pred string, neg bool) {
	r := &f.Records[i]
	src, j, end := f.Src, int(r.Off), int(r.End)
	if r.Kind != Instruction || src[j] != '@' {
		return "", false
	}
	j = skipSpace(src, j+1, end)
	if j < end && src[j] == '!' {
		neg = true
		j = skipSpace(src, j+1, end)
	}
	return src[j:wordEnd(src, j, end)], neg
}

// nameAt returns the offsets of instruction i's dotted name.
func (f *File) nameAt(i int) (start, end int) {
	r := &f.Records[i]
	src, j, e := f.Src, int(r.Off), int(r.End)
	if r.Kind != Instruction {
		return j, j
	}
	if src[j] == '@' {
		j = skipSpace(src, j+1, e)
		if j < e && src[j] == '!' {
			j = skipSpace(src, j+1, e)
		}
		j = skipSpace(src, wordEnd(src, j, e), e)
	}
	return j, wordEnd(src, j, e)
}

// Name returns instruction i's whole dotted name: "ld.param.u32"
// (ast.Instruction's Name).
func (f *File) Name(i int) string {
	a, b := f.nameAt(i)
	return f.Src[a:b]
}

// Opcode returns instruction i's opcode: "ld" of "ld.param.u32".
func (f *File) Opcode(i int) string {
	name := f.Name(i)
	for k := 0; k < len(name); k++ {
		if name[k] == '.' {
			return name[:k]
		}
	}
	return name
}

// Mods returns instruction i's modifiers as written: ".param.u32" of
// "ld.param.u32".
func (f *File) Mods(i int) string {
	name := f.Name(i)
	return name[len(f.Opcode(i)):]
}

// Operands returns the text of instruction i's operands, from the first
// to the last, as written (comments included): "%r1, [%rd2+8]" of
// "ld.u32 %r1, [%rd2+8];"; "" without operands. For a data line of a
// section it is the text of its values: "1, 2" of ".b8 1, 2".
func (f *File) Operands(i int) string {
	a, b := f.OperandsSpan(i)
	return f.Src[a:b]
}

// OperandsSpan returns the offsets of Operands(i) in the text.
func (f *File) OperandsSpan(i int) (start, end int) {
	r := &f.Records[i]
	src, e := f.Src, int(r.End)
	var j int
	switch r.Kind {
	case Instruction:
		_, j = f.nameAt(i)
		if e > j && src[e-1] == ';' {
			e--
		}
	case Data:
		j = int(r.Off)
		for j < e && src[j] != ' ' && src[j] != '\t' && src[j] != '\n' && src[j] != '\r' && src[j] != '/' {
			j++
		}
		if e > j && src[e-1] == ';' {
			e--
		}
	default:
		return int(r.Off), int(r.Off)
	}
	j = skipSpace(src, j, e)
	for e > j && isBlank(src[e-1]) {
		e--
	}
	return j, e
}

// skipSpace returns the offset of the first byte at or after i, before
// end, that is neither a blank nor in a comment.
func skipSpace(src string, i, end int) int {
	for i < end {
		switch {
		case isBlank(src[i]):
			i++
		case src[i] == '/' && i+1 < end && src[i+1] == '/':
			for i < end && src[i] != '\n' {
				i++
			}
		case src[i] == '/' && i+1 < end && src[i+1] == '*':
			i += 2
			for i+1 < end && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i = min(i+2, end)
		default:
			return i
		}
	}
	return i
}

// wordEnd returns the end of the word (as the parser scans one: %r1,
// ld.param.u32, $L__BB0_1, ld.shared::cta.u32) that starts at i.
func wordEnd(src string, i, end int) int {
	if i < end && src[i] == '%' {
		i++
	}
	for i < end && isIdent(src[i]) {
		i++
	}
	for i+1 < end {
		switch {
		case src[i] == '.' && isIdent(src[i+1]):
			i += 2
		case src[i] == ':' && src[i+1] == ':' && i+2 < end && isIdent(src[i+2]):
			i += 3
		default:
			return i
		}
		for i < end && isIdent(src[i]) {
			i++
		}
	}
	return i
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}
