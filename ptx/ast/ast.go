// Package ast declares the syntax tree of a PTX module: the directives,
// variables, functions and instructions of NVIDIA's PTX ISA as emitted by
// nvcc and clang, and read by every part of ptxabi that reads or writes PTX
// (the calling sequence of guide §3, system calls of guide §4, the DWARF
// sections of guide §5).
//
// The tree is meant to be built by hand as easily as by the parser: every
// field is exported, a zero token.Pos is fine everywhere, and the printer
// (package ptx/printer) needs nothing but the exported fields. Literal
// tokens (numbers, strings) keep their source text, so that printing never
// changes a value.
package ast

import (
	"go/token"
	"strconv"
	"strings"
)

// A Node is any node of the tree.
type Node interface {
	Pos() token.Pos
}

// A Decl is an item of a module's top level: *Comment, *Version, *Target,
// *AddressSize, *File, *Section, *Variable, *Function or *Directive.
type Decl interface {
	Node
	declNode()
}

// A Stmt is an item of a function body or a { } scope: *Comment, *Block,
// *Label, *Instruction, *Variable, *Loc, *Prototype or *Directive.
type Stmt interface {
	Node
	stmtNode()
}

// An Expr is an operand or an initializer: *Ident, *Lit, *Unary, *Binary,
// *Paren, *Braces, *Address or *CallExpr.
type Expr interface {
	Node
	exprNode()
}

// Module is a whole PTX file.
type Module struct {
	Decls []Decl
}

// Comment is a // or /* */ comment, with its delimiters.
type Comment struct {
	Slash token.Pos
	Text  string // "// text" or "/* text */"
	// Trailing is set when the comment follows the previous item, or
	// another comment, on the same line; the printer keeps it there.
	Trailing bool
}

// Version is ".version Major.Minor".
type Version struct {
	Directive    token.Pos
	Major, Minor int
}

// Target is ".target sm_70, debug, texmode_independent".
type Target struct {
	Directive token.Pos
	Names     []string
}

// AddressSize is ".address_size 32" or ".address_size 64".
type AddressSize struct {
	Directive token.Pos
	Size      int
}

// File is ".file N "name"" with the optional timestamp and size.
type File struct {
	Directive token.Pos
	Index     int
	Name      string // unquoted
	// HasInfo is set when the timestamp and size were given.
	HasInfo   bool
	Timestamp uint64
	Size      uint64
}

// Loc is ".loc file line column" with the optional
// ", function_name LABEL, inlined_at file line column".
type Loc struct {
	Directive          token.Pos
	File, Line, Column int
	FunctionName       Expr // nil if absent; an *Ident or label+offset
	InlinedAt          *LocPos
}

// LocPos is the position of an inlined_at clause.
type LocPos struct {
	File, Line, Column int
}

// Section is ".section .debug_info { ... }" (guide §5 DWARF sections).
type Section struct {
	Directive token.Pos
	Name      string // with its leading dot
	Items     []SectionItem
	Rbrace    token.Pos
}

// A SectionItem is *Data, *Label or *Comment.
type SectionItem interface {
	Node
	sectionItem()
}

// Data is a data directive in a section: ".b8 1, 2" or ".b32 .debug_abbrev"
// or ".b64 $L__func_begin0+4".
type Data struct {
	Directive token.Pos
	Type      string // ".b8", ".b16", ".b32" or ".b64"
	Values    []Expr
}

// Variable declares variables: ".reg .b32 %r<5>", ".global .align 4 .u32
// g = 5", ".param .u64 .ptr .global .align 1 p", ".extern .shared .b8 s[]".
type Variable struct {
	Start token.Pos
	// Linkage: ".extern", ".visible", ".weak" or ".common", in order.
	Linkage []string
	Space   string // ".reg", ".global", ".const", ".shared", ".local", ".param", ".tex", ...
	// Attributes are the items of ".attribute(.managed)", as written.
	Attributes []string
	Align      int    // 0 if absent
	Vector     int    // 0, 2, 4 or 8 for .v2 .v4 .v8
	Type       string // ".b32", ".u64", ".texref", ".pred", ...
	// Ptr is set for a kernel parameter ".ptr [.space] [.align N]".
	Ptr      bool
	PtrSpace string // ".global", ".const", ".local", ".shared" or ""
	PtrAlign int    // 0 if absent
	Names    []*Declarator
}

// Declarator is one name of a Variable: "%r<5>", "a[4][2]", "s[]", "g = 5".
type Declarator struct {
	NamePos token.Pos
	Name    string
	// Range is N in "%r<N>", or 0 without a range.
	Range int
	// Dims are the array dimensions; a -1 is an unsized "[]".
	Dims []int64
	Init Expr // nil if absent
}

// Function is a ".func" or ".entry", with or without a body.
type Function struct {
	Start   token.Pos
	Linkage []string // ".extern", ".visible", ".weak"
	Entry   bool     // .entry rather than .func
	// Return is the return parameter list of a .func; nil without one.
	Return []*Variable
	Name   string
	// HasParams is set when a parameter list, maybe empty, was written.
	HasParams  bool
	Params     []*Variable
	Directives []*Directive // .maxntid 256, 1, 1; .noreturn; .pragma "..."
	Body       *Block       // nil for a declaration
}

// Directive is a directive this tree has no node for, kept as its name
// and arguments: ".maxntid 256, 1, 1", ".noreturn", ".pragma "nounroll"".
type Directive struct {
	Directive token.Pos
	Name      string // with its dot
	Args      []Expr
	// Semi is set when the directive ended in a semicolon.
	Semi bool
}

// Block is a { } scope.
type Block struct {
	Lbrace token.Pos
	Stmts  []Stmt
	Rbrace token.Pos
}

// Label is "NAME:".
type Label struct {
	NamePos token.Pos
	Name    string
}

// Instruction is "[@[!]p] opcode.mod.mod operand, ...;".
type Instruction struct {
	Start token.Pos
	// Guard is the predicate of "@p" or "@!p", "" if none.
	Guard    string
	GuardNeg bool
	Opcode   string   // "ld"
	Mods     []string // [".param", ".b32"], each with its dot
	Operands []Expr
}

// Prototype is "NAME: .callprototype (.param .b32 _) _ (.param .b64 _);".
type Prototype struct {
	NamePos token.Pos
	Name    string
	Return  []*Variable // nil without a return list
	// HasParams is set when a parameter list, maybe empty, was written.
	HasParams bool
	Params    []*Variable
	NoReturn  bool
}

// Ident is a register, symbol, label or special name: "%r1", "$L__BB0_2",
// "_", "%tid.x", ".debug_abbrev" (a section name in section data).
type Ident struct {
	NamePos token.Pos
	Name    string
}

// LitKind is the kind of a literal.
type LitKind uint8

// Literal kinds.
const (
	Int    LitKind = iota // 12, 0x1F, 017, 0b101, 12U
	Float                 // 1.5, 1e3, 0f3F800000, 0d3FF0000000000000
	String                // "text", with its quotes
)

// Lit is a literal, as written.
type Lit struct {
	ValuePos token.Pos
	Kind     LitKind
	Value    string
}

// Unary is "-x", "!x" or "~x".
type Unary struct {
	OpPos token.Pos
	Op    string
	X     Expr
}

// Binary is "x op y": "%rd1+8", "$L__a-$L__b", "%r2|%p1".
type Binary struct {
	X     Expr
	OpPos token.Pos
	Op    string
	Y     Expr
}

// Paren is "(x, y)": a call's argument or return list, or a parenthesized
// expression.
type Paren struct {
	Lparen token.Pos
	Elems  []Expr
}

// Braces is "{x, y}": a vector operand or an initializer list.
type Braces struct {
	Lbrace token.Pos
	Elems  []Expr
}

// Address is "[x]" or "[x, y]" (texture and surface operands).
type Address struct {
	Lbrack token.Pos
	Elems  []Expr
}

// CallExpr is "generic(sym)" or "mask(...)" in an initializer.
type CallExpr struct {
	Fun  *Ident
	Args []Expr
}

func (x *Comment) Pos() token.Pos     { return x.Slash }
func (x *Version) Pos() token.Pos     { return x.Directive }
func (x *Target) Pos() token.Pos      { return x.Directive }
func (x *AddressSize) Pos() token.Pos { return x.Directive }
func (x *File) Pos() token.Pos        { return x.Directive }
func (x *Loc) Pos() token.Pos         { return x.Directive }
func (x *Section) Pos() token.Pos     { return x.Directive }
func (x *Data) Pos() token.Pos        { return x.Directive }
func (x *Variable) Pos() token.Pos    { return x.Start }
func (x *Function) Pos() token.Pos    { return x.Start }
func (x *Directive) Pos() token.Pos   { return x.Directive }
func (x *Block) Pos() token.Pos       { return x.Lbrace }
func (x *Label) Pos() token.Pos       { return x.NamePos }
func (x *Instruction) Pos() token.Pos { return x.Start }
func (x *Prototype) Pos() token.Pos   { return x.NamePos }
func (x *Ident) Pos() token.Pos       { return x.NamePos }
func (x *Lit) Pos() token.Pos         { return x.ValuePos }
func (x *Unary) Pos() token.Pos       { return x.OpPos }
func (x *Binary) Pos() token.Pos      { return x.X.Pos() }
func (x *Paren) Pos() token.Pos       { return x.Lparen }
func (x *Braces) Pos() token.Pos      { return x.Lbrace }
func (x *Address) Pos() token.Pos     { return x.Lbrack }
func (x *CallExpr) Pos() token.Pos    { return x.Fun.Pos() }

func (*Comment) declNode()     {}
func (*Version) declNode()     {}
func (*Target) declNode()      {}
func (*AddressSize) declNode() {}
func (*File) declNode()        {}
func (*Section) declNode()     {}
func (*Variable) declNode()    {}
func (*Function) declNode()    {}
func (*Directive) declNode()   {}

func (*Comment) stmtNode()     {}
func (*Block) stmtNode()       {}
func (*Label) stmtNode()       {}
func (*Instruction) stmtNode() {}
func (*Variable) stmtNode()    {}
func (*Loc) stmtNode()         {}
func (*Prototype) stmtNode()   {}
func (*Directive) stmtNode()   {}

func (*Data) sectionItem()    {}
func (*Label) sectionItem()   {}
func (*Comment) sectionItem() {}

func (*Ident) exprNode()    {}
func (*Lit) exprNode()      {}
func (*Unary) exprNode()    {}
func (*Binary) exprNode()   {}
func (*Paren) exprNode()    {}
func (*Braces) exprNode()   {}
func (*Address) exprNode()  {}
func (*CallExpr) exprNode() {}

// Name returns the full dotted name of the instruction: "ld.param.b32".
func (x *Instruction) Name() string {
	if len(x.Mods) == 0 {
		return x.Opcode
	}
	return x.Opcode + strings.Join(x.Mods, "")
}

// HasMod reports whether the instruction has modifier mod (with its dot).
func (x *Instruction) HasMod(mod string) bool {
	for _, m := range x.Mods {
		if m == mod {
			return true
		}
	}
	return false
}

// SplitOpcode splits a dotted instruction name into its opcode and its
// modifiers, each with its dot: "atom.acquire.gpu.add" gives "atom" and
// [".acquire", ".gpu", ".add"]. A "::" stays inside its modifier:
// ".shared::cta".
func SplitOpcode(name string) (opcode string, mods []string) {
	i := strings.IndexByte(name, '.')
	if i < 0 {
		return name, nil
	}
	opcode, rest := name[:i], name[i:]
	for len(rest) > 0 {
		j := strings.IndexByte(rest[1:], '.')
		if j < 0 {
			mods = append(mods, rest)
			break
		}
		mods = append(mods, rest[:j+1])
		rest = rest[j+1:]
	}
	return opcode, mods
}

// NewInstruction returns the instruction named by the dotted name with the
// given operands.
func NewInstruction(name string, operands ...Expr) *Instruction {
	op, mods := SplitOpcode(name)
	return &Instruction{Opcode: op, Mods: mods, Operands: operands}
}

// Reg returns an *Ident for a register, symbol or label name.
func Reg(name string) *Ident { return &Ident{Name: name} }

// IntLit returns a decimal integer literal.
func IntLit(v int64) Expr {
	if v < 0 {
		return &Unary{Op: "-", X: &Lit{Kind: Int, Value: strconv.FormatUint(uint64(-v), 10)}}
	}
	return &Lit{Kind: Int, Value: strconv.FormatInt(v, 10)}
}

// UintLit returns a decimal integer literal.
func UintLit(v uint64) *Lit { return &Lit{Kind: Int, Value: strconv.FormatUint(v, 10)} }

// StringLit returns a quoted string literal.
func StringLit(s string) *Lit { return &Lit{Kind: String, Value: strconv.Quote(s)} }

// Addr returns "[base+off]", or "[base]" when off is 0.
func Addr(base string, off int64) *Address {
	var x Expr = Reg(base)
	if off != 0 {
		x = &Binary{X: x, Op: "+", Y: IntLit(off)}
	}
	return &Address{Elems: []Expr{x}}
}

// ParseInt returns the value of an integer literal's text: decimal, 0x
// hex, 0b binary or 0-prefixed octal, with an optional U suffix.
func ParseInt(text string) (uint64, bool) {
	if len(text) > 0 && len(text) <= 9 && text[0] != '0' {
		// Most literals: a few decimal digits.
		var v uint64
		for i := 0; i < len(text); i++ {
			c := text[i]
			if c < '0' || c > '9' {
				goto general
			}
			v = 10*v + uint64(c-'0')
		}
		return v, true
	}
general:
	text = strings.TrimSuffix(strings.TrimSuffix(text, "U"), "u")
	base := 10
	switch {
	case len(text) > 2 && (text[1] == 'x' || text[1] == 'X') && text[0] == '0':
		base, text = 16, text[2:]
	case len(text) > 2 && (text[1] == 'b' || text[1] == 'B') && text[0] == '0':
		base, text = 2, text[2:]
	case len(text) > 1 && text[0] == '0':
		base, text = 8, text[1:]
	}
	v, err := strconv.ParseUint(text, base, 64)
	return v, err == nil
}
