package cfront

// A Macro is one -D or -U option of a C compiler's command line, as gcc
// and nvcc take them. Config.Macros applies them in order, after Defines.
//
//	-D NAME          Macro{Name: "NAME", Body: "1"}
//	-D NAME=         Macro{Name: "NAME"}                 NAME is defined as empty
//	-D NAME=BODY     Macro{Name: "NAME", Body: "BODY"}
//	-D 'F(a)=BODY'   Macro{Name: "F(a)", Body: "BODY"}   a function-like macro
//	-U NAME          Macro{Name: "NAME", Undef: true}    predefined ones too
//
// Body is read as the rest of a #define line; errors in Name or Body are
// reported at <command-line>.
type Macro struct {
	Name  string
	Body  string
	Undef bool
}

// option applies a -D or -U option.
func (p *pp) option(m Macro) {
	if m.Undef {
		delete(p.macros, m.Name)
		return
	}
	f := newSrcFile(p.d.fset, "<command-line>", []byte(m.Name+" "+m.Body), true)
	p.defineDirective(lex(f, p.d), Token{Pos: f.file.Pos(0)})
}
