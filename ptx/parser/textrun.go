package parser

import (
	"strconv"
	"unsafe"
)

// A TextHandler is a PrintHandler that also takes runs of a block's
// statements as the text the printer writes for them, so that the parser
// makes no node for each. Where the parser notes no lines, a run of
// statements each alone on its line, of the kinds the fast paths take (an
// instruction, with or without a guard, whose operands are words, decimal
// integers, [w], [w+n] and [w+-n], and lists of words and integers in
// braces or parentheses, on one line or over several, as nvcc writes its
// calls; a label after such a statement; a .loc of three numbers; a .reg,
// .param, .local or .shared variable of one name), comes as one
// *ast.Comment among the block's Stmts, not Trailing, whose Text is the
// run as the printer writes those statements at the block's depth,
// without the first line's indentation and the last line's newline: the
// printer writes it as it writes a comment. The text is not part of the
// source: it must not be kept past the call that handed it over, as nodes
// must not.
type TextHandler interface {
	PrintHandler
	// StmtText marks the handler; it is never called.
	StmtText()
}

// textStmt takes the current statement into the open run of printed
// statements (see TextHandler), opening one if it may, and reports
// whether it did. It takes what fastStmt would, written as the printer
// writes it.
func (p *parser) textStmt() bool {
	if noFast || len(p.comments) > 0 {
		return false
	}
	switch p.tok {
	case tWord:
		return p.textInstruction() || p.textLabel()
	case tPunct:
		return p.src[p.off] == '@' && p.textInstruction()
	case tDir:
		switch p.lit() {
		case ".loc":
			return p.textLoc()
		case ".reg", ".param", ".local", ".shared":
			return p.textVariable()
		}
	}
	return false
}

// textLine starts a line of the run: it opens the run where none is
// open, or indents the line.
func (p *parser) textLine() {
	if p.textRun == 0 {
		p.openRun(len(p.raw))
		return
	}
	for range p.depth {
		p.raw = append(p.raw, '\t')
	}
}

// openRun opens a run whose text starts at p.raw[start:], with the
// current statement, in the place of a statement to come.
func (p *parser) openRun(start int) {
	p.stmts = append(p.stmts, nil)
	p.textRun, p.runText, p.runOff = len(p.stmts), start, p.off
}

// closeRun puts the open run, if any, in its place among the statements.
func (p *parser) closeRun() {
	if p.textRun == 0 {
		return
	}
	c := p.cmts.new()
	c.Slash = p.pos(p.runOff)
	c.Text = unsafe.String(&p.raw[p.runText], len(p.raw)-1-p.runText)
	p.stmts[p.textRun-1] = c
	p.textRun = 0
}

// textInstruction takes an instruction, with or without a guard, whose
// operands textOperands writes; the current token is its opcode or the
// '@' of its guard.
func (p *parser) textInstruction() bool {
	src := p.src
	n0 := len(p.raw)
	if p.textRun != 0 {
		for range p.depth {
			p.raw = append(p.raw, '\t')
		}
	}
	nameAt, nameEnd := p.off, p.end
	if p.tok == tPunct {
		// "@p" or "@!p", then blanks and the opcode.
		i := p.off + 1
		if i < len(src) && src[i] == '!' {
			i++
		}
		g := p.wordEnd(i)
		if g < 0 || g == len(src) || src[g] != ' ' && src[g] != '\t' {
			p.raw = p.raw[:n0]
			return false
		}
		p.raw = append(p.raw, src[p.off:g]...)
		p.raw = append(p.raw, ' ')
		nameAt = skipBlanks(src, g)
		if nameEnd = p.wordEnd(nameAt); nameEnd < 0 {
			p.raw = p.raw[:n0]
			return false
		}
	}
	name := src[nameAt:nameEnd]
	k := 0
	for k < len(name) && name[k] != '.' {
		k++
	}
	i := skipBlanks(src, nameEnd)
	if i >= len(src) || src[i] == ':' || !p.knownOpcode(name[:k]) {
		p.raw = p.raw[:n0]
		return false // a label, the end, or what the general parser reports
	}
	p.raw = append(p.raw, name...)
	nls := 0
	if src[i] != ';' {
		p.raw = append(p.raw, ' ')
		if i, nls = p.textOperands(i); i < 0 {
			p.raw = p.raw[:n0]
			return false
		}
	}
	p.raw = append(p.raw, ';', '\n')
	if p.textRun == 0 {
		p.openRun(n0)
	}
	p.line += nls
	p.tokLine = p.line
	p.finish(i + 1)
	p.endItem()
	return true
}

// textOperands appends to p.raw, as the printer writes them, the operands
// that start at offset i, where each is a word, a decimal integer (after a
// '-' too), [w], [w+n] or [w+-n], or a list in braces or parentheses of
// words and decimal integers, separated by commas; blanks and line ends
// may come between them, comments not. It returns the offset of the ';'
// that ends them and the line ends it crossed, or -1. The text goes to
// p.raw in spans of the source as long as the source is written as the
// printer writes it: src[w:] is what is yet to be appended (see gap).
func (p *parser) textOperands(i int) (end, nls int) {
	src := p.src
	w := i
	for {
		if i >= len(src) {
			return -1, 0
		}
		switch c := src[i]; c {
		case '[':
			a := skipBlanks(src, i+1)
			w = p.gap(w, i+1, a, "")
			b := p.wordEnd(a)
			if b < 0 {
				return -1, 0
			}
			i = skipBlanks(src, b)
			w = p.gap(w, b, i, "")
			if i < len(src) && src[i] == '+' {
				k := skipBlanks(src, i+1)
				w = p.gap(w, i+1, k, "")
				if i = k; i < len(src) && src[i] == '-' {
					k = skipBlanks(src, i+1)
					w = p.gap(w, i+1, k, "")
					i = k
				}
				e := decimalEnd(src, i)
				if e < 0 {
					return -1, 0
				}
				i = skipBlanks(src, e)
				w = p.gap(w, e, i, "")
			}
			if i >= len(src) || src[i] != ']' {
				return -1, 0
			}
			i++
		case '{', '(':
			close := byte('}')
			if c == '(' {
				close = ')'
			}
			k := textBlanks(src, i+1, &nls)
			w = p.gap(w, i+1, k, "")
			for i = k; ; {
				e := p.textElem(i)
				if e < 0 {
					return -1, 0
				}
				i = textBlanks(src, e, &nls)
				w = p.gap(w, e, i, "")
				if i < len(src) && src[i] == ',' {
					k = textBlanks(src, i+1, &nls)
					w = p.gap(w, i+1, k, " ")
					i = k
					continue
				}
				break
			}
			if i >= len(src) || src[i] != close {
				return -1, 0
			}
			i++
		case '-':
			if i = decimalEnd(src, i+1); i < 0 {
				return -1, 0
			}
		default:
			if i = p.textElem(i); i < 0 {
				return -1, 0
			}
		}
		e := i
		if i = textBlanks(src, i, &nls); i < len(src) && src[i] == ',' {
			w = p.gap(w, e, i, "")
			k := textBlanks(src, i+1, &nls)
			w = p.gap(w, i+1, k, " ")
			i = k
			continue
		}
		if i >= len(src) || src[i] != ';' {
			return -1, 0
		}
		p.raw = append(p.raw, src[w:e]...)
		return i, nls
	}
}

// gap is textOperands' step over the blanks src[from:to], which the
// printer writes as canon: where they are not written so, it appends the
// source from w to them and canon, and returns where the source to append
// now starts.
func (p *parser) gap(w, from, to int, canon string) int {
	if to-from == len(canon) && (len(canon) == 0 || p.src[from:to] == canon) {
		return w
	}
	p.raw = append(p.raw, p.src[w:from]...)
	p.raw = append(p.raw, canon...)
	return to
}

// textElem returns the end of the word or decimal integer at i, or -1
// where there is none or the word is a call's name.
func (p *parser) textElem(i int) int {
	src := p.src
	e := decimalEnd(src, i)
	if e < 0 {
		if e = p.wordEnd(i); e < 0 || e < len(src) && src[e] == '(' {
			return -1
		}
	}
	return e
}

// textBlanks skips the blanks and line ends from i, counting the line
// ends in *nls.
func textBlanks(src string, i int, nls *int) int {
	for uint(i) < uint(len(src)) && class[src[i]]&cSpace != 0 {
		if src[i] == '\n' {
			*nls++
		}
		i++
	}
	return i
}

// textLabel is fastLabel for a run of text, which a label does not open:
// the printer writes it at the left margin.
func (p *parser) textLabel() bool {
	if p.textRun == 0 {
		return false
	}
	i := p.labelColon()
	if i < 0 {
		return false
	}
	p.raw = append(p.raw, p.lit()...)
	p.raw = append(p.raw, ':', '\n')
	p.finish(i + 1)
	p.endItem()
	return true
}

// textLoc is fastLoc for a run of text: the numbers that smallDecimal
// takes are written as the printer writes them.
func (p *parser) textLoc() bool {
	src := p.src
	var at [3][2]int
	i := p.end
	for k := range at {
		j := skipBlanks(src, i)
		if j == i {
			return false
		}
		if _, i = smallDecimal(src, j); i < 0 {
			return false
		}
		at[k] = [2]int{j, i}
	}
	end := i
	if i = skipBlanks(src, i); i < len(src) && src[i] == ';' {
		end = i + 1
	} else if i < len(src) && src[i] != '\n' && src[i] != '\r' || !itemEnds(src, i) {
		return false
	}
	p.textLine()
	p.raw = append(p.raw, ".loc "...)
	p.raw = append(p.raw, src[at[0][0]:at[0][1]]...)
	p.raw = append(p.raw, ' ')
	p.raw = append(p.raw, src[at[1][0]:at[1][1]]...)
	p.raw = append(p.raw, ' ')
	p.raw = append(p.raw, src[at[2][0]:at[2][1]]...)
	p.raw = append(p.raw, '\n')
	p.finish(end)
	p.endItem()
	return true
}

// textVariable is fastVariable for a run of text.
func (p *parser) textVariable() bool {
	var f fastVar
	if !p.scanVariable(&f) {
		return false
	}
	src := p.src
	p.textLine()
	p.raw = append(p.raw, p.lit()...)
	if f.align != 0 {
		p.raw = append(p.raw, " .align "...)
		p.raw = strconv.AppendInt(p.raw, int64(f.align), 10)
	}
	p.raw = append(p.raw, ' ')
	p.raw = append(p.raw, src[f.typ:f.typEnd]...)
	p.raw = append(p.raw, ' ')
	p.raw = append(p.raw, src[f.name:f.nameEnd]...)
	if f.rng > 0 {
		p.raw = append(p.raw, '<')
		p.raw = strconv.AppendInt(p.raw, int64(f.rng), 10)
		p.raw = append(p.raw, '>')
	}
	if f.dim >= 0 {
		p.raw = append(p.raw, '[')
		p.raw = strconv.AppendInt(p.raw, int64(f.dim), 10)
		p.raw = append(p.raw, ']')
	}
	p.raw = append(p.raw, ';', '\n')
	p.finish(f.end + 1)
	p.endItem()
	return true
}
