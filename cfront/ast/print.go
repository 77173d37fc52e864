package ast

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Fprint writes n in a compact, parenthesized text form, one statement
// per line, indented by nesting: the form of the front end's golden
// files. With typed set, each expression shows its type after a colon
// (and "lv" for an lvalue, "=V" for a constant's value), and implicit
// casts appear; without it, only what was written.
func Fprint(w io.Writer, n Node, typed bool) error {
	p := &printer{typed: typed}
	p.node(n, 0)
	_, err := io.WriteString(w, p.b.String())
	return err
}

// String is n as Fprint writes it.
func String(n Node, typed bool) string {
	var b strings.Builder
	Fprint(&b, n, typed)
	return b.String()
}

type printer struct {
	b     strings.Builder
	typed bool
}

func (p *printer) line(depth int, format string, args ...any) {
	p.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

func typeString(t ctypes.Type) string {
	if t == nil {
		return "?"
	}
	return ctypes.TypeString(t, "")
}

func (p *printer) node(n Node, d int) {
	switch n := n.(type) {
	case nil:
		p.line(d, "<nil>")
	case Expr:
		p.line(d, "%s", p.expr(n))
	case *FuncBody:
		name := "?"
		if n.Decl != nil {
			name = n.Decl.QualifiedName()
			if n.Decl.Template != nil {
				name += ctypes.ArgsString(n.Decl.Template.Args)
			}
		}
		var ps []string
		for _, v := range n.Params {
			ps = append(ps, ctypes.TypeString(v.Type, v.Name))
		}
		p.line(d, "func %s(%s)", name, strings.Join(ps, ", "))
		for _, in := range n.Inits {
			if in.Init != nil && p.typed {
				p.line(d+1, "init %s = %s", in.Name, p.expr(in.Init))
			} else {
				p.line(d+1, "init %s(%s)", in.Name, p.exprs(in.Args))
			}
		}
		p.stmt(n.Body, d+1)
	case Stmt:
		p.stmt(n, d)
	default:
		p.line(d, "%T", n)
	}
}

func (p *printer) stmt(s Stmt, d int) {
	switch s := s.(type) {
	case nil:
		p.line(d, "<nil>")
	case *Block:
		p.line(d, "{")
		for _, x := range s.List {
			p.stmt(x, d+1)
		}
		p.line(d, "}")
	case *DeclStmt:
		if len(s.Vars) == 0 {
			p.line(d, "decl (types)")
		}
		for _, v := range s.Vars {
			pre := "var"
			if v.Auto {
				pre = "var(" + v.AutoType + ")"
			}
			if v.Var.Static {
				pre = "static var"
			}
			if v.Var.Extern {
				pre = "extern " + pre
			}
			if v.Var.Space != ctypes.GenericSpace {
				pre += " " + v.Var.Space.String()
			}
			decl := v.Var.Name // an auto or decltype variable before sema
			if v.Var.Type != nil {
				decl = ctypes.TypeString(v.Var.Type, v.Var.Name)
			}
			if v.Init != nil {
				p.line(d, "%s %s = %s", pre, decl, p.expr(v.Init))
			} else {
				p.line(d, "%s %s", pre, decl)
			}
		}
	case *ExprStmt:
		p.line(d, "%s", p.expr(s.X))
	case *EmptyStmt:
		p.line(d, ";")
	case *IfStmt:
		p.init(s.Init, d)
		if s.Constexpr {
			p.line(d, "if constexpr %s", p.expr(s.Cond))
		} else {
			p.line(d, "if %s", p.expr(s.Cond))
		}
		p.stmt(s.Then, d+1)
		if s.Else != nil {
			p.line(d, "else")
			p.stmt(s.Else, d+1)
		}
	case *ForStmt:
		p.unroll(s.Unroll, d)
		p.line(d, "for")
		p.init(s.Init, d+1)
		p.line(d+1, "cond %s", p.opt(s.Cond))
		p.line(d+1, "post %s", p.opt(s.Post))
		p.stmt(s.Body, d+1)
	case *RangeForStmt:
		decl := s.Var.AutoType + " " + s.Var.Var.Name
		if !s.Var.Auto {
			decl = ctypes.TypeString(s.Var.Var.Type, s.Var.Var.Name)
		}
		p.unroll(s.Unroll, d)
		p.line(d, "for %s : %s", decl, p.expr(s.Range))
		p.stmt(s.Body, d+1)
	case *WhileStmt:
		p.init(s.Init, d)
		p.unroll(s.Unroll, d)
		p.line(d, "while %s", p.expr(s.Cond))
		p.stmt(s.Body, d+1)
	case *DoStmt:
		p.unroll(s.Unroll, d)
		p.line(d, "do")
		p.stmt(s.Body, d+1)
		p.line(d, "while %s", p.expr(s.Cond))
	case *SwitchStmt:
		p.init(s.Init, d)
		p.line(d, "switch %s", p.expr(s.Cond))
		p.stmt(s.Body, d+1)
	case *CaseStmt:
		if s.X == nil {
			p.line(d, "default:")
		} else if s.Hi != nil {
			p.line(d, "case %s ... %s:", p.expr(s.X), p.expr(s.Hi))
		} else {
			p.line(d, "case %s:", p.expr(s.X))
		}
		p.stmt(s.Stmt, d+1)
	case *BranchStmt:
		if s.Label != "" {
			p.line(d, "%s %s", s.Tok, s.Label)
		} else {
			p.line(d, "%s", s.Tok)
		}
	case *LabeledStmt:
		p.line(d, "%s:", s.Label)
		p.stmt(s.Stmt, d+1)
	case *ReturnStmt:
		p.line(d, "return %s", p.opt(s.X))
	case *StaticAssert:
		p.line(d, "static_assert %s %q", p.expr(s.Cond), s.Msg)
	case *AsmStmt:
		var outs, ins []string
		for _, o := range s.Outputs {
			outs = append(outs, strconv.Quote(o.Constraint)+p.expr(o.X))
		}
		for _, o := range s.Inputs {
			ins = append(ins, strconv.Quote(o.Constraint)+p.expr(o.X))
		}
		v := ""
		if s.Volatile {
			v = " volatile"
		}
		p.line(d, "asm%s %s : %s : %s : %s", v, strconv.Quote(s.Template), strings.Join(outs, ", "), strings.Join(ins, ", "), strings.Join(s.Clobbers, ", "))
	default:
		p.line(d, "%T", s)
	}
}

func (p *printer) init(s Stmt, d int) {
	if s != nil {
		p.line(d, "init")
		p.stmt(s, d+1)
	}
}

// unroll prints a loop's #pragma unroll.
func (p *printer) unroll(u *Unroll, d int) {
	if u != nil {
		p.line(d, "#pragma unroll %s", p.opt(u.Count))
	}
}

func (p *printer) opt(x Expr) string {
	if x == nil {
		return "-"
	}
	return p.expr(x)
}

func (p *printer) exprs(xs []Expr) string {
	var s []string
	for _, x := range xs {
		s = append(s, p.expr(x))
	}
	return strings.Join(s, " ")
}

// expr is x as an S-expression.
// templateArgs is <args> after a template's name.
func (p *printer) templateArgs(args []TemplateArg) string {
	var as []string
	for _, a := range args {
		if a.Type != nil {
			as = append(as, typeString(a.Type.Type))
		} else {
			as = append(as, p.expr(a.Expr))
		}
	}
	return "<" + strings.Join(as, ", ") + ">"
}

func (p *printer) expr(x Expr) string {
	var s string
	switch x := x.(type) {
	case nil:
		return "<nil>"
	case *Ident:
		s = strings.Join(append(append([]string{}, x.Qual...), x.Name), "::")
		if x.QualType != nil {
			s = typeString(x.QualType.Type) + "::" + s
		}
		if x.TemplateArgs != nil {
			s += p.templateArgs(x.TemplateArgs)
		}
		if p.typed {
			switch o := x.Obj.(type) {
			case *Var:
				if o.Param >= 0 {
					s += "{param}"
				} else {
					s += "{local}"
				}
			case *Global:
				s += "{global}"
			case *Function:
				s += "{func}"
			case *EnumConst:
				s += "{const}"
			}
		}
	case *BasicLit:
		s = x.Value
	case *Unary:
		op := x.Op.String()
		if x.Op == PostInc || x.Op == PostDec {
			op = "post" + op
		}
		s = "(" + op + " " + p.expr(x.X) + ")"
	case *Binary:
		s = "(" + x.Op.String() + " " + p.expr(x.X) + " " + p.expr(x.Y) + ")"
	case *Assign:
		op := "="
		if x.Op != NoOp {
			op = x.Op.String() + "="
		}
		s = "(" + op + " " + p.expr(x.X) + " " + p.expr(x.Y) + ")"
	case *Cond:
		s = "(?: " + p.expr(x.C) + " " + p.expr(x.X) + " " + p.expr(x.Y) + ")"
	case *Cast:
		t := "?"
		if x.Type != nil {
			t = typeString(x.Type.Type)
		}
		s = "(" + x.Kind.String() + "-cast <" + t + "> " + p.expr(x.X) + ")"
	case *ImplicitCast:
		if !p.typed {
			return p.expr(x.X)
		}
		s = "(" + x.Kind.String() + " " + p.expr(x.X) + ")"
	case *Sizeof:
		op := "sizeof"
		if x.Align {
			op = "alignof"
		}
		if x.Type != nil {
			s = "(" + op + " <" + typeString(x.Type.Type) + ">)"
		} else {
			s = "(" + op + " " + p.expr(x.X) + ")"
		}
	case *New:
		s = "(new "
		if x.Global {
			s = "(::new "
		}
		if x.Placement != nil {
			s += "(" + p.exprs(x.Placement) + ") "
		}
		s += "<" + typeString(x.Type.Type) + ">"
		if x.Len != nil {
			s += " [" + p.expr(x.Len) + "]"
		}
		if x.Size != nil {
			s += " size=" + p.expr(x.Size)
		}
		if x.Cookie {
			s += " cookie"
		}
		if x.Init != nil {
			s += " " + p.expr(x.Init)
		}
		s += ")"
	case *Delete:
		op := "delete"
		if x.Array {
			op = "delete[]"
		}
		if x.Global {
			op = "::" + op
		}
		s = "(" + op + " " + p.expr(x.X)
		if x.Dtor != nil {
			s += " dtor=" + x.Dtor.QualifiedName()
		}
		s += ")"
	case *Lambda:
		s = "(lambda [" + x.Default
		for i, c := range x.Captures {
			if i > 0 || x.Default != "" {
				s += ", "
			}
			if c.ByRef {
				s += "&"
			}
			s += c.Name
		}
		s += "]"
		for i, v := range x.Params {
			if v.Type == nil && i < len(x.ParamForms) {
				s += " " + x.ParamForms[i] + " " + v.Name
				continue
			}
			s += " " + ctypes.TypeString(v.Type, v.Name)
		}
		s += ")"
	case *Offsetof:
		s = "(offsetof <" + typeString(x.Type.Type) + "> "
		for i, st := range x.Path {
			switch {
			case st.Index != nil:
				s += "[" + p.expr(st.Index) + "]"
			case i > 0:
				s += "." + st.Name
			default:
				s += st.Name
			}
		}
		s += ")"
	case *Call:
		s = "(call " + p.expr(x.Fun)
		if x.Launch != nil {
			s += " <<<" + p.exprs(x.Launch) + ">>>"
		}
		if p.typed && x.Recv != nil {
			s += " this=" + p.expr(x.Recv)
		}
		if len(x.Args) > 0 {
			s += " " + p.exprs(x.Args)
		}
		s += ")"
		if p.typed {
			switch {
			case x.Builtin != "":
				s += "{builtin}"
			case x.Ctor:
				s += "{ctor}"
			case x.Operator:
				s += "{operator}"
			}
		}
	case *Member:
		op := "."
		if x.Arrow {
			op = "->"
		}
		name := x.Name
		for i := len(x.Qual) - 1; i >= 0; i-- {
			name = x.Qual[i] + "::" + name
		}
		if x.TemplateArgs != nil {
			name += p.templateArgs(x.TemplateArgs)
		}
		s = "(" + op + " " + p.expr(x.X) + " " + name + ")"
	case *Index:
		s = "(index " + p.expr(x.X) + " " + p.expr(x.I) + ")"
	case *Binding:
		s = fmt.Sprintf("(binding %s %d/%d)", p.expr(x.Of), x.Index, x.Count)
	case *This:
		s = "this"
	case *InitList:
		s = "{" + p.exprs(x.Elems) + "}"
		if x.Type != nil {
			s = typeString(x.Type.Type) + s
		}
	default:
		s = fmt.Sprintf("%T", x)
	}
	if p.typed {
		in := x.Info()
		s += ":" + typeString(in.Type)
		if in.LValue {
			s += " lv"
		}
		if in.Value != nil {
			s += " =" + in.Value.ExactString()
		}
		s = "[" + s + "]"
	}
	return s
}
