package parser

import (
	"strings"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/isa"
)

// Fast paths. Most of what nvcc writes is instructions with plain operands
// and DWARF data of decimal integers. The functions here read such an item
// straight from the source, with no token-by-token scanning, and build the
// nodes the general parser would build for it; for any other form they
// read nothing and return nil, and the general parser takes the item.
// TestFastPaths checks that both ways give the same tree.

// noFast turns the fast paths off (for the tests that compare them with
// the general parser).
var noFast = false

// checkCanon makes operandsAt check what it notes of the list's layout
// against canonicalList (the tests set it).
var checkCanon = false

// skipBlanks returns the offset of the first byte at or after i that is
// neither a space nor a tab.
func skipBlanks(src string, i int) int {
	// uint: no bounds check (i is never negative).
	for uint(i) < uint(len(src)) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// decimalEnd returns the end of the decimal integer that starts at i, or
// -1 when none does or the digits go on as another literal (0x1F, 1.5,
// 12U).
func decimalEnd(src string, i int) int {
	k := i
	for uint(i) < uint(len(src)) && src[i]-'0' < 10 {
		i++
	}
	if i == k || uint(i) < uint(len(src)) && (class[src[i]]&cIdent != 0 || src[i] == '.') {
		return -1
	}
	return i
}

// wordEnd returns the end of the word (tWord: %r1, %tid.x, $L__BB0_1,
// param0, ld.param.u32) that starts at i, or -1 when none does. The
// scanner and the fast paths share it.
func (p *parser) wordEnd(i int) int {
	src := p.src
	if uint(i) >= uint(len(src)) {
		return -1
	}
	c, j := src[i], i+1
	if class[c]&cStart == 0 && (c != '%' || uint(j) >= uint(len(src)) || class[src[j]]&cStart == 0) {
		return -1
	}
	// The identifier and its ".mod" and "::mod" parts in one
	// loop, a table lookup a byte; uint: no bounds checks.
	for uint(j) < uint(len(src)) {
		if class[src[j]]&cIdent != 0 {
			j++
		} else if src[j] == '.' && uint(j+1) < uint(len(src)) && class[src[j+1]]&cIdent != 0 {
			j += 2
		} else if src[j] == ':' && uint(j+2) < uint(len(src)) && src[j+1] == ':' && class[src[j+2]]&cIdent != 0 {
			j += 3
		} else {
			break
		}
	}
	return j
}

// finish consumes the fast path's item up to end, the offset after its
// last token, and scans the token after it, as the general parser leaves
// things after an item's last token.
func (p *parser) finish(end int) {
	p.prevEnd, p.prevEndLine = end, p.tokLine
	p.rd = end
	p.scan()
}

// itemEnds reports whether an item that a fast path read up to a line end
// (src[i]) ends there for the general parser too, which reads on past
// line ends: the item would go on with a ',' (more values), an operator
// (an expression) or a ';' (its own end). So what follows the blanks and
// line ends must be nothing, '}', '{', '@', a directive or a word. A
// comment makes it report false: what follows the comment is not looked
// at.
func itemEnds(src string, i int) bool {
	for i < len(src) && class[src[i]]&cSpace != 0 {
		i++
	}
	if i == len(src) {
		return true
	}
	switch c := src[i]; c {
	case '}', '{', '@':
		return true
	case '.':
		return i+1 < len(src) && class[src[i+1]]&cStart != 0
	default:
		return class[c]&cStart != 0
	}
}

// intData is sectionItem's fast path for the items that make up most of a
// DWARF section: a data directive and decimal integers or labels, alone
// on their line or ended by ';'. It reads them straight from the source
// and returns what sectionItem would; for any other item it reads nothing
// and returns nil.
func (p *parser) intData() ast.SectionItem {
	if noFast || p.tok != tDir || len(p.comments) > 0 || dataSize(p.lit()) == 0 {
		return nil
	}
	src := p.src
	vals := &p.fast.vals
	n, i, last := 0, p.end, 0
	for {
		k := skipBlanks(src, i)
		if n == len(vals) {
			return nil
		}
		word := false
		if i = decimalEnd(src, k); i < 0 {
			if i = p.wordEnd(k); i < 0 {
				return nil
			}
			word = true // a label: its Ident
		}
		vals[n], vals[n+1] = k, i
		p.fast.words[n/2] = word
		n += 2
		last = i
		if i = skipBlanks(src, i); i < len(src) && src[i] == ',' {
			i++
			continue
		}
		if i < len(src) && src[i] == ';' {
			last = i + 1
		} else if i < len(src) && src[i] != '\n' && src[i] != '\r' || !itemEnds(src, i) {
			return nil
		}
		break
	}
	d := p.datas.new()
	d.Directive, d.Type = p.pos(p.off), p.lit()
	d.Values = p.exprs.slice(n / 2)
	for j := 0; j < n; j += 2 {
		if p.fast.words[j/2] {
			d.Values[j/2] = p.fastIdent(vals[j], vals[j+1])
			continue
		}
		lit := p.lits.new()
		lit.ValuePos, lit.Kind, lit.Value = p.pos(vals[j]), ast.Int, src[vals[j]:vals[j+1]]
		d.Values[j/2] = lit
	}
	p.finish(last)
	p.endItem()
	return d
}

// dataRun is streamSection's fast path for a PrintHandler or a
// DataTextHandler: the lines from the current token on that are data
// directives of decimal integers and labels alone on their line (see
// PrintHandler), handed over as their text. It reports whether it took
// any; it needs p.noLines, as it notes no line starts.
func (p *parser) dataRun() bool {
	src := p.src
	if len(p.comments) > 0 {
		return false
	}
	i := p.off
	lines, end, nl := 0, 0, 0 // the lines taken; the end of the last one's values, its newline
	next := 0                 // the start of the next line, after its blanks
	for {
		// src[i:] is a line, after its blanks.
		j := dataDirEnd(src, i)
		if j < 0 || j >= len(src) || src[j] != ' ' && src[j] != '\t' {
			break
		}
		k, ok := skipBlanks(src, j), false
		for {
			e := decimalEnd(src, k)
			if e < 0 {
				if e = p.wordEnd(k); e < 0 {
					break
				}
			}
			k = skipBlanks(src, e)
			if k < len(src) && src[k] == ',' {
				k = skipBlanks(src, k+1)
				continue
			}
			if k < len(src) && src[k] == '\n' {
				// itemEnds from the next line's first non-blank, which
				// the loop goes on from: its blanks are skipped once.
				next = skipBlanks(src, k+1)
				if ok = itemEnds(src, next); ok {
					end = e
				}
			}
			break
		}
		if !ok {
			break
		}
		lines++
		nl = k
		i = next
	}
	if lines == 0 {
		return false
	}
	if h, ok := p.h.(PrintHandler); ok {
		h.SectionData(src[p.off : nl+1])
	} else {
		p.h.(DataTextHandler).SectionDataText(src[p.off : nl+1])
	}
	p.line += lines - 1
	p.tokLine = p.line
	p.finish(end)
	p.endItem()
	return true
}

// dataDirEnd returns the end of the data directive (.b8, .b16, .b32,
// .b64) that starts at i, or -1.
func dataDirEnd(src string, i int) int {
	if i+3 > len(src) || src[i] != '.' || src[i+1] != 'b' {
		return -1
	}
	switch c := src[i+2]; {
	case c == '8':
		return i + 3
	case i+4 <= len(src) && (c == '1' && src[i+3] == '6' || c == '3' && src[i+3] == '2' || c == '6' && src[i+3] == '4'):
		return i + 4
	}
	return -1
}

// fastScratch is where the fast paths note what they read: in the parser,
// so that no call zeroes it.
type fastScratch struct {
	vals    [64]int  // intData: start and end offsets of up to 32 values
	words   [32]bool // intData: which of them are words (labels)
	ops     [8]fastOperand
	elems   [8]fastOperand // of braces
	opcodes [64]string     // knownOpcode: opcodes known, by a hash of their bytes
}

// knownOpcode is isa.KnownOpcode, which fastInstruction asks of every
// instruction, answered for most from the opcodes it said yes to before,
// by a hash of the first and last bytes and the length and a compare of
// a few bytes.
func (p *parser) knownOpcode(op string) bool {
	if len(op) == 0 {
		return false
	}
	h := (uint(op[0])*7 + uint(op[len(op)-1])*3 + uint(len(op))) % uint(len(p.fast.opcodes))
	if c := p.fast.opcodes[h]; len(c) == len(op) {
		same := true
		for i := 0; i < len(op); i++ {
			if c[i] != op[i] {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	if !isa.KnownOpcode(op) {
		return false
	}
	p.fast.opcodes[h] = op
	return true
}

// A fastOperand is one operand that operands has read: its kind and the
// offsets of its parts.
type fastOperand struct {
	kind   uint8 // one of the fo constants
	a, b   int   // the word or integer: src[a:b]; for foBraces, its elements in elems[a:b]
	open   int   // offset of '[' or '{'; of '-' for foNeg
	op     int   // offset of the '+' in [w+n]
	neg    int   // offset of the '-' in [w+-n], or -1
	c, d   int   // the integer of [w+n]: src[c:d]
	isWord bool  // for foBraces elements: a word, not an integer
}

const (
	foWord   uint8 = iota // %r1
	foInt                 // 12
	foNeg                 // -12
	foAddr                // [%rd1]
	foAddrOf              // [%rd1+8], [%rd1+-8]
	foBraces              // {%r1, %r2, _}
)

// fastInstruction is stmt's fast path for an instruction without a guard
// whose operands operandsAt takes, on one line. The current token is its
// opcode. It returns nil for any other statement.
func (p *parser) fastInstruction() *ast.Instruction {
	src, name := p.src, p.lit()
	i := skipBlanks(src, p.end)
	if i >= len(src) || src[i] == ':' {
		return nil // a label, or the end
	}
	// The opcode is the name up to its first dot: a short loop costs less
	// than strings.IndexByte's call on names this short.
	k := 0
	for k < len(name) && name[k] != '.' {
		k++
	}
	opcode := name[:k]
	if !p.knownOpcode(opcode) {
		return nil // the general parser reports it
	}
	var ops []ast.Expr
	if src[i] != ';' {
		if ops, i = p.operandsAt(i); ops == nil {
			return nil
		}
	}
	x := p.instrs.new()
	x.Start = p.pos(p.off)
	if p.text {
		x.Opcode = name
	} else {
		x.Opcode, x.Mods = p.splitOpcode(name)
	}
	x.Operands = ops
	p.finish(i + 1)
	p.endItem()
	return x
}

// operands is exprList's fast path for the operand lists of most
// instructions: words, decimal integers (negative too), [w], [w+n],
// [w+-n] and {w, ...}, separated by ',' and ended by ';' on the same line.
// It consumes the ';' too. For any other list it returns nil.
func (p *parser) operands() []ast.Expr {
	if noFast || len(p.comments) > 0 {
		return nil
	}
	ops, end := p.operandsAt(p.off)
	if ops != nil {
		p.finish(end + 1)
	}
	return ops
}

// operandsAt reads the operand list that starts at offset i, as operands
// describes it, and returns it with the offset of its ';', or nil.
func (p *parser) operandsAt(i int) ([]ast.Expr, int) {
	src := p.src
	ops, elems := &p.fast.ops, &p.fast.elems
	n, ne := 0, 0
	start, last := i, i
	// canon: the list is written as canonicalList describes, noted as
	// it is read: no blank but one ' ' after each ','.
	canon := true
	for {
		if n == len(ops) || i >= len(src) {
			return nil, 0
		}
		o := &ops[n]
		n++
		switch c := src[i]; {
		case c == '[':
			o.open, o.kind = i, foAddr
			o.a = skipBlanks(src, i+1)
			canon = canon && o.a == i+1
			if o.b = p.wordEnd(o.a); o.b < 0 {
				return nil, 0
			}
			i = skipBlanks(src, o.b)
			canon = canon && i == o.b
			if i < len(src) && src[i] == '+' {
				o.kind, o.op, o.neg = foAddrOf, i, -1
				i = skipBlanks(src, i+1)
				canon = canon && i == o.op+1
				if i < len(src) && src[i] == '-' {
					o.neg = i
					i = skipBlanks(src, i+1)
					canon = canon && i == o.neg+1
				}
				o.c = i
				if o.d = decimalEnd(src, i); o.d < 0 {
					return nil, 0
				}
				i = skipBlanks(src, o.d)
				canon = canon && i == o.d
			}
			if i >= len(src) || src[i] != ']' {
				return nil, 0
			}
			i++
		case c == '{':
			o.open, o.kind, o.a = i, foBraces, ne
			i = skipBlanks(src, i+1)
			canon = canon && i == o.open+1
			for {
				if ne == len(elems) {
					return nil, 0
				}
				e := &elems[ne]
				ne++
				e.a, e.isWord = i, false
				if e.b = p.wordEnd(i); e.b >= 0 {
					e.isWord = true
				} else if e.b = decimalEnd(src, i); e.b < 0 {
					return nil, 0
				}
				i = skipBlanks(src, e.b)
				canon = canon && i == e.b
				if i < len(src) && src[i] == ',' {
					canon = canon && i+1 < len(src) && src[i+1] == ' '
					c := i + 2
					i = skipBlanks(src, i+1)
					canon = canon && i == c
					continue
				}
				break
			}
			if i >= len(src) || src[i] != '}' {
				return nil, 0
			}
			o.b = ne
			i++
		case c == '-':
			o.kind, o.open, o.a = foNeg, i, i+1
			if o.b = decimalEnd(src, i+1); o.b < 0 {
				return nil, 0
			}
			i = o.b
		case class[c]&cDigit != 0:
			o.kind, o.a = foInt, i
			if o.b = decimalEnd(src, i); o.b < 0 {
				return nil, 0
			}
			i = o.b
		default:
			o.kind, o.a = foWord, i
			if o.b = p.wordEnd(i); o.b < 0 || o.b < len(src) && src[o.b] == '(' {
				return nil, 0 // no word, or a call
			}
			i = o.b
		}
		last = i
		if i = skipBlanks(src, i); i < len(src) && src[i] == ',' {
			canon = canon && i == last && i+1 < len(src) && src[i+1] == ' '
			c := i + 2
			i = skipBlanks(src, i+1)
			canon = canon && i == c
			continue
		}
		if i >= len(src) || src[i] != ';' {
			return nil, 0
		}
		break
	}
	if checkCanon && canon != canonicalList(src[start:last]) {
		panic("parser: operandsAt's canon differs from canonicalList for " + src[start:last])
	}
	if p.text && canon {
		// The list as written is as the printer prints it.
		out := p.exprs.slice(1)
		out[0] = p.fastIdent(start, last)
		return out, i
	}
	out := p.exprs.slice(n)
	for k := range n {
		o := &ops[k]
		switch o.kind {
		case foWord:
			out[k] = p.fastIdent(o.a, o.b)
		case foInt:
			out[k] = p.fastInt(o.a, o.b)
		case foNeg:
			u := p.unaries.new()
			u.OpPos, u.Op, u.X = p.pos(o.open), "-", p.fastInt(o.a, o.b)
			out[k] = u
		case foAddr, foAddrOf:
			a := p.addrs.new()
			a.Lbrack, a.Elems = p.pos(o.open), p.exprs.slice(1)
			var x ast.Expr = p.fastIdent(o.a, o.b)
			if o.kind == foAddrOf {
				var y ast.Expr = p.fastInt(o.c, o.d)
				if o.neg >= 0 {
					u := p.unaries.new()
					u.OpPos, u.Op, u.X = p.pos(o.neg), "-", y
					y = u
				}
				bin := p.bins.new()
				bin.X, bin.OpPos, bin.Op, bin.Y = x, p.pos(o.op), "+", y
				x = bin
			}
			a.Elems[0] = x
			out[k] = a
		case foBraces:
			b := p.braces.new()
			b.Lbrace, b.Elems = p.pos(o.open), p.exprs.slice(o.b-o.a)
			for j, e := range elems[o.a:o.b] {
				if e.isWord {
					b.Elems[j] = p.fastIdent(e.a, e.b)
				} else {
					b.Elems[j] = p.fastInt(e.a, e.b)
				}
			}
			out[k] = b
		}
	}
	return out, i
}

// canonicalList reports, as operandsAt notes while it reads (checkCanon),
// whether s, an operand list that operandsAt has
// read, is written as package printer prints it: its operands separated
// by ", " and no other blank (operandsAt takes no comment, nor an operator
// but a '-' sign and the '+' of [w+n], which the printer writes without
// blanks).
func canonicalList(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n', '\f', '\v':
			return false
		case ',':
			if i+1 >= len(s) || s[i+1] != ' ' {
				return false
			}
			i++
		}
	}
	return true
}

func (p *parser) fastIdent(a, b int) *ast.Ident {
	id := p.idents.new()
	id.NamePos, id.Name = p.pos(a), p.src[a:b]
	return id
}

func (p *parser) fastInt(a, b int) *ast.Lit {
	x := p.lits.new()
	x.ValuePos, x.Kind, x.Value = p.pos(a), ast.Int, p.src[a:b]
	return x
}

// fastStmt is stmt's fast path: for an instruction (fastInstruction), a
// .loc (fastLoc) or a .reg, .param, .local or .shared variable
// (fastVariable). It returns nil for any other statement.
func (p *parser) fastStmt() ast.Stmt {
	if noFast || len(p.comments) > 0 {
		return nil
	}
	switch p.tok {
	case tWord:
		if x := p.fastInstruction(); x != nil {
			return x
		}
		if x := p.fastLabel(); x != nil {
			return x
		}
	case tDir:
		switch p.lit() {
		case ".loc":
			if x := p.fastLoc(); x != nil {
				return x
			}
		case ".reg", ".param", ".local", ".shared":
			if x := p.fastVariable(); x != nil {
				return x
			}
		}
	}
	return nil
}

// fastLabel reads "NAME:" where what follows is neither a comment nor
// ".callprototype" (which would make the name a prototype's). The
// current token is the name.
func (p *parser) fastLabel() *ast.Label {
	i := p.labelColon()
	if i < 0 {
		return nil
	}
	l := p.labels.new()
	l.NamePos, l.Name = p.pos(p.off), p.lit()
	p.finish(i + 1)
	p.endItem()
	return l
}

// labelColon returns the offset of the ':' of the label that fastLabel
// takes, or -1.
func (p *parser) labelColon() int {
	src := p.src
	i := skipBlanks(src, p.end)
	if i >= len(src) || src[i] != ':' {
		return -1
	}
	j := i + 1
	for j < len(src) && class[src[j]]&cSpace != 0 {
		j++
	}
	if j < len(src) && (src[j] == '/' || strings.HasPrefix(src[j:], ".callprototype")) {
		return -1
	}
	return i
}

// smallDecimal returns the value and the end of the decimal integer of at
// most 9 digits that starts at i, without a leading zero (which would make
// it octal), or -1, -1.
func smallDecimal(src string, i int) (v, end int) {
	end = decimalEnd(src, i)
	if end < 0 || end-i > 9 || src[i] == '0' && end-i > 1 {
		return -1, -1
	}
	for _, c := range []byte(src[i:end]) {
		v = 10*v + int(c-'0')
	}
	return v, end
}

// fastLoc reads ".loc F L C" ended by a newline or ';'.
func (p *parser) fastLoc() *ast.Loc {
	src := p.src
	var v [3]int
	i := p.end
	for k := range v {
		if j := skipBlanks(src, i); j == i {
			return nil
		} else if v[k], i = smallDecimal(src, j); i < 0 {
			return nil
		}
	}
	end := i
	if i = skipBlanks(src, i); i < len(src) && src[i] == ';' {
		end = i + 1
	} else if i < len(src) && src[i] != '\n' && src[i] != '\r' || !itemEnds(src, i) {
		return nil
	}
	x := p.locs.new()
	x.Directive = p.pos(p.off)
	x.File, x.Line, x.Column = v[0], v[1], v[2]
	p.finish(end)
	p.endItem()
	return x
}

// dirEnd returns the end of the directive (.b32, .align) that starts at
// i, or -1 when none does or it goes on with "::".
func dirEnd(src string, i int) int {
	if i+1 >= len(src) || src[i] != '.' || class[src[i+1]]&cStart == 0 {
		return -1
	}
	j := i + 2
	for j < len(src) && class[src[j]]&cIdent != 0 {
		j++
	}
	if j < len(src) && src[j] == ':' {
		return -1
	}
	return j
}

// isScalarType reports whether t is a fundamental type of PTX: .pred, or
// .b, .s, .u or .f and a size.
func isScalarType(t string) bool {
	if t == ".pred" {
		return true
	}
	if len(t) < 3 || len(t) > 4 || t[1] != 'b' && t[1] != 's' && t[1] != 'u' && t[1] != 'f' {
		return false
	}
	switch t[2:] {
	case "8", "16", "32", "64":
		return true
	}
	return false
}

// fastVariable reads "SPACE [.align N] TYPE NAME[<N>][[N]];" on one line.
func (p *parser) fastVariable() *ast.Variable {
	var f fastVar
	if !p.scanVariable(&f) {
		return nil
	}
	src := p.src
	v := p.vars.new()
	v.Start, v.Space, v.Align, v.Type = p.pos(p.off), p.lit(), f.align, src[f.typ:f.typEnd]
	d := p.decls.new()
	d.NamePos, d.Name, d.Range = p.pos(f.name), src[f.name:f.nameEnd], max(f.rng, 0)
	if f.dim >= 0 {
		d.Dims = p.ints.slice(1)
		d.Dims[0] = int64(f.dim)
	}
	v.Names = p.names.slice(1)
	v.Names[0] = d
	p.finish(f.end + 1)
	p.endItem()
	return v
}

// A fastVar is what scanVariable reads: the alignment (0 for none), the
// range and the dimension (-1 for none), the offsets of the type and the
// name, and that of the ';'.
type fastVar struct {
	align, rng, dim int
	typ, typEnd     int
	name, nameEnd   int
	end             int
}

// scanVariable reads into f the variable that fastVariable takes, and
// reports whether there is one.
func (p *parser) scanVariable(f *fastVar) bool {
	src := p.src
	f.align = 0
	i := skipBlanks(src, p.end)
	t := dirEnd(src, i)
	if t < 0 {
		return false
	}
	if src[i:t] == ".align" {
		j := skipBlanks(src, t)
		if j == t {
			return false
		}
		if f.align, j = smallDecimal(src, j); j < 0 {
			return false
		}
		if i = skipBlanks(src, j); i == j {
			return false
		}
		if t = dirEnd(src, i); t < 0 {
			return false
		}
	}
	if !isScalarType(src[i:t]) {
		return false
	}
	f.typ, f.typEnd = i, t
	a := skipBlanks(src, t)
	b := p.wordEnd(a)
	if a == t || b < 0 {
		return false
	}
	f.name, f.nameEnd = a, b
	if f.rng, i = enclosedDecimal(src, skipBlanks(src, b), '<', '>'); i < 0 {
		return false
	}
	if f.dim, i = enclosedDecimal(src, i, '[', ']'); i < 0 {
		return false
	}
	if i >= len(src) || src[i] != ';' {
		return false
	}
	f.end = i
	return true
}

// enclosedDecimal reads "OPEN N CLOSE" at i, as in %r<4> and a[16], with
// blanks allowed around N, and returns N and the offset after the blanks
// that follow it. Where src[i] is not open it returns -1 and i; where the
// form is another, -1 and -1.
func enclosedDecimal(src string, i int, open, close byte) (v, end int) {
	if i >= len(src) || src[i] != open {
		return -1, i
	}
	if v, i = smallDecimal(src, skipBlanks(src, i+1)); i < 0 {
		return -1, -1
	}
	if i = skipBlanks(src, i); i >= len(src) || src[i] != close {
		return -1, -1
	}
	return v, skipBlanks(src, i+1)
}
