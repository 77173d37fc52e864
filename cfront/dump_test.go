package cfront

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// dump writes f in a one-line-per-declaration notation for golden files.
func dump(fset *token.FileSet, f *ctypes.File) string {
	var b strings.Builder
	pos := func(p token.Pos) string {
		ps := fset.Position(p)
		return fmt.Sprintf("%d:%d", ps.Line, ps.Column)
	}
	for _, t := range f.Types {
		switch u := t.(type) {
		case *ctypes.Struct:
			fmt.Fprintf(&b, "%s %s", pos(u.Pos), u)
			if !u.Complete {
				b.WriteString(" incomplete\n")
				continue
			}
			if u.Align != 0 {
				fmt.Fprintf(&b, " align(%d)", u.Align)
			}
			if u.Packed {
				b.WriteString(" packed")
			}
			if u.Pack != 0 {
				fmt.Fprintf(&b, " pack(%d)", u.Pack)
			}
			if u.NonTrivial {
				b.WriteString(" nontrivial")
			}
			if u.Dynamic() {
				b.WriteString(" dynamic")
			}
			for i, base := range u.Bases {
				sep := ", "
				if i == 0 {
					sep = " : "
				}
				b.WriteString(sep)
				if base.Virtual {
					b.WriteString("virtual ")
				}
				if base.Access != ctypes.AccessDefault {
					b.WriteString(base.Access.String() + " ")
				}
				b.WriteString(base.Type.Name())
			}
			b.WriteString(" {" + fields(u) + "}\n")
		case *ctypes.Enum:
			fmt.Fprintf(&b, "%s %s : %s", pos(u.Pos), u, u.Underlying)
			if u.Scoped {
				b.WriteString(" scoped")
			}
			if u.Fixed {
				b.WriteString(" fixed")
			}
			var vs []string
			for _, v := range u.Values {
				vs = append(vs, fmt.Sprintf("%s=%d", v.Name, v.Value))
			}
			b.WriteString(" {" + strings.Join(vs, " ") + "}\n")
		case *ctypes.Typedef:
			fmt.Fprintf(&b, "%s typedef %s", pos(u.Pos), ctypes.TypeString(u.Type, u.String()))
			if s, ok := u.Type.(*ctypes.Struct); ok && s.LinkageName != "" {
				fmt.Fprintf(&b, " linkage-name(%s)", s.LinkageName)
			}
			if u.Align != 0 {
				fmt.Fprintf(&b, " align(%d)", u.Align)
			}
			b.WriteString(" = " + typeDetail(u.Type) + "\n")
		}
	}
	for _, d := range f.Funcs {
		fmt.Fprintf(&b, "%s func %s %s", pos(d.Pos), d.Kind, ctypes.TypeString(d.Type, d.QualifiedName()))
		if d.Template != nil {
			b.WriteString(" template" + ctypes.ArgsString(d.Template.Args))
			if d.Template.Signature != nil {
				b.WriteString(" declared(" + ctypes.TypeString(d.Template.Signature, "") + ")")
			}
		}
		if d.ExternC {
			b.WriteString(" extern-C")
		}
		if d.Static {
			b.WriteString(" static")
		}
		if d.Defined {
			b.WriteString(" defined")
		}
		if d.Class != nil {
			fmt.Fprintf(&b, " member-of(%s)", d.Class.Name())
			if d.Special != ctypes.Ordinary {
				b.WriteString(" " + d.Special.String())
			}
			if d.Operator != ctypes.NoOperator {
				b.WriteString(" " + d.Operator.Code())
			}
			if d.StaticMember {
				b.WriteString(" static-member")
			}
			if d.Virtual {
				b.WriteString(" virtual")
			}
			if d.Pure {
				b.WriteString(" pure")
			}
			if d.Access != ctypes.AccessDefault {
				b.WriteString(" " + d.Access.String())
			}
		} else if d.Special != ctypes.Ordinary {
			b.WriteString(" " + d.Special.String() + " " + d.Operator.Code())
		}
		if len(d.Attrs) > 0 {
			b.WriteString(" [" + strings.Join(d.Attrs, " ") + "]")
		}
		var ps []string
		for _, p := range d.Type.Params {
			ps = append(ps, p.Name)
		}
		b.WriteString(" (" + strings.Join(ps, ",") + ")\n")
	}
	for _, t := range f.Types {
		if st, ok := t.(*ctypes.Struct); ok {
			for _, v := range st.StaticVars {
				fmt.Fprintf(&b, "%s static-member %s %s", pos(v.Pos), v.Space, ctypes.TypeString(v.Type, qual(v.Scope, v.Name)))
				if v.Extern {
					b.WriteString(" extern")
				}
				b.WriteString("\n")
			}
		}
	}
	for _, v := range f.Vars {
		fmt.Fprintf(&b, "%s var %s %s", pos(v.Pos), v.Space, ctypes.TypeString(v.Type, qual(v.Scope, v.Name)))
		if v.ExternC {
			b.WriteString(" extern-C")
		}
		if v.Extern {
			b.WriteString(" extern")
		}
		if v.Static {
			b.WriteString(" static")
		}
		b.WriteString(" = " + typeDetail(v.Type) + "\n")
	}
	return b.String()
}

func qual(scope []string, name string) string {
	return strings.Join(append(append([]string(nil), scope...), name), "::")
}

func fields(s *ctypes.Struct) string {
	var fs []string
	for _, f := range s.Fields {
		x := ctypes.TypeString(f.Type, f.Name)
		if f.Anonymous() {
			x = "{" + fields(ctypes.Unqualified(f.Type).(*ctypes.Struct)) + "}"
			if ctypes.Unqualified(f.Type).(*ctypes.Struct).Union {
				x = "union " + x
			}
		}
		if f.BitField {
			x += fmt.Sprintf(" : %d", f.BitWidth)
		}
		if f.Align != 0 {
			x += fmt.Sprintf(" align(%d)", f.Align)
		}
		if f.Packed {
			x += " packed"
		}
		if v, ok := ctypes.Unqualified(f.Type).(*ctypes.Vector); ok {
			x += fmt.Sprintf(" <vector %s x%d align %d>", v.Elem, v.Len, v.Align)
		}
		fs = append(fs, x)
	}
	return strings.Join(fs, "; ")
}

// typeDetail spells out what typedefs and built-in names stand for.
func typeDetail(t ctypes.Type) string {
	switch u := ctypes.Unqualified(t).(type) {
	case *ctypes.Vector:
		return fmt.Sprintf("vector %s x%d align %d", u.Elem, u.Len, u.Align)
	case *ctypes.Handle:
		return "handle " + u.Kind.String()
	case *ctypes.Struct:
		return u.String()
	}
	var b strings.Builder
	walk(&b, t)
	return b.String()
}

func walk(b *strings.Builder, t ctypes.Type) {
	switch u := t.(type) {
	case *ctypes.Typedef:
		walk(b, u.Type)
	case *ctypes.Qualified:
		if u.Const {
			b.WriteString("const ")
		}
		if u.Volatile {
			b.WriteString("volatile ")
		}
		if u.Restrict {
			b.WriteString("restrict ")
		}
		walk(b, u.Type)
	case *ctypes.Pointer:
		b.WriteString("ptr ")
		walk(b, u.Elem)
	case *ctypes.Reference:
		b.WriteString("ref ")
		walk(b, u.Elem)
	case *ctypes.Array:
		if u.Unsized {
			b.WriteString("[] ")
		} else {
			fmt.Fprintf(b, "[%d] ", u.Len)
		}
		walk(b, u.Elem)
	case *ctypes.Func:
		b.WriteString("func(")
		for i, p := range u.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			walk(b, p.Type)
		}
		if u.Variadic {
			b.WriteString(", ...")
		}
		b.WriteString(") ")
		walk(b, u.Result)
	case *ctypes.Vector:
		fmt.Fprintf(b, "vector(%s x%d align %d)", u.Elem, u.Len, u.Align)
	case *ctypes.Handle:
		b.WriteString("handle " + u.Kind.String())
	default:
		b.WriteString(t.String())
	}
}
