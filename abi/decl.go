package abi

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Kind is the PTX kind of a function.
type Kind int

// A device function is a .func, a kernel an .entry.
const (
	Func Kind = iota
	Entry
)

func (k Kind) String() string {
	if k == Entry {
		return "entry"
	}
	return "func"
}

// Directive is the PTX directive: ".func" or ".entry".
func (k Kind) Directive() string { return "." + k.String() }

// Linkage is the linking directive of a declaration.
type Linkage int

// Linkages: a defined external function is .visible, a declared-only one
// .extern, one with internal linkage (static) has no directive, and a
// defined inline one (inline, __forceinline__) is .weak (N14).
const (
	Visible Linkage = iota
	Extern
	Internal
	Weak
)

var linkageDirectives = [...]string{".visible", ".extern", "", ".weak"}

func (k Linkage) String() string { return linkageDirectives[k] }

// Ext is how a value narrower than 32 bits is widened to its 32-bit
// parameter (note A).
type Ext int

// Extensions.
const (
	NoExt Ext = iota
	SignExt
	ZeroExt
)

var extNames = [...]string{"none", "sign", "zero"}

func (e Ext) String() string { return extNames[e] }

// Param is one .param of a declaration: a parameter or the return value.
type Param struct {
	// Name is NAME_param_N or func_retval0 (empty in a .callprototype).
	Name string
	// Type is the scalar PTX type (".b32", ".u8", ".f32"); empty for a
	// byte array, which Align and Size describe.
	Type string
	// Align and Size are the alignment and size in bytes: of the byte
	// array (.align Align .b8 name[Size]), or of the scalar PTX type (4
	// for a .b32 holding a char).
	Align, Size int64
	// Ext is the extension of an integral value narrower than 32 bits
	// passed in a 32-bit parameter (note A). Bits is the value's width.
	Ext  Ext
	Bits int
	// Hidden marks a pointer the source does not show (step 7): the
	// address of a non-trivially-copyable argument's copy, or of the
	// return slot (then it is parameter 0).
	Hidden bool
	// Return marks the hidden parameter that points to the return slot.
	Return bool
	// Pointer marks a pointer (also a reference or a decayed array or
	// function), Space the state space its declaration names (note B;
	// generic by default).
	Pointer bool
	Space   ctypes.Space
	// PtrAlign is the alignment of what a kernel's state-space pointer
	// points to, printed in .ptr.SPACE.align N.
	PtrAlign int64
	// Source is the source type the parameter was lowered from.
	Source ctypes.Type
}

// IsAggregate reports whether p is a byte array.
func (p *Param) IsAggregate() bool { return p.Type == "" }

// PTXType is the parameter's type without its name: ".b32", ".u8",
// ".align 8 .b8[16]" — the form of the -json contract.
func (p *Param) PTXType() string {
	if p.IsAggregate() {
		return fmt.Sprintf(".align %d .b8[%d]", p.Align, p.Size)
	}
	return p.Type + p.ptrAttr()
}

func (p *Param) ptrAttr() string {
	if p.Pointer && p.Space != ctypes.GenericSpace && p.PtrAlign > 0 {
		return fmt.Sprintf(" .ptr.%s.align %d", p.Space, p.PtrAlign)
	}
	return ""
}

// BeyondNoteD reports a byte array whose alignment note D does not allow
// (N5): for the checker to diagnose.
func (p *Param) BeyondNoteD() bool { return p.IsAggregate() && !noteDAligns()[p.Align] }

// String is the declaration ".param TYPE NAME" (name "_" when empty).
func (p *Param) String() string {
	name := p.Name
	if name == "" {
		name = "_"
	}
	if p.IsAggregate() {
		return fmt.Sprintf(".param .align %d .b8 %s[%d]", p.Align, name, p.Size)
	}
	return fmt.Sprintf(".param %s%s %s", p.Type, p.ptrAttr(), name)
}

// Decl is the PTX declaration of a function.
type Decl struct {
	Name    string
	Kind    Kind
	Linkage Linkage
	// Ret is func_retval0; nil for void and for a return through a
	// hidden pointer (then Params[0].Return is set).
	Ret    *Param
	Params []*Param
	// NoReturn marks a .func declared never to return that has no
	// func_retval0: it is printed with the .noreturn attribute (N15).
	NoReturn bool
	// AddressSize is the target's, 32 or 64.
	AddressSize int
}

// HiddenReturn reports whether the function returns through a hidden
// first pointer parameter (step 7).
func (d *Decl) HiddenReturn() bool { return len(d.Params) > 0 && d.Params[0].Return }

// String is the declaration in nvcc's text form (N11): the header of a
// definition for .visible, .weak and internal linkage, a complete
// declaration ending in ";" for .extern.
func (d *Decl) String() string {
	var b strings.Builder
	if d.Linkage != Internal {
		b.WriteString(d.Linkage.String() + " ")
	}
	b.WriteString(d.Kind.Directive())
	if d.Ret != nil {
		b.WriteString("  (" + d.Ret.String() + ")")
	}
	b.WriteString(" " + d.Name)
	if d.Linkage == Extern {
		b.WriteString("\n")
	}
	b.WriteString(d.paramList())
	if d.NoReturn {
		b.WriteString("\n.noreturn ")
	}
	if d.Linkage == Extern {
		if !d.NoReturn {
			b.WriteString("\n")
		}
		b.WriteString(";")
	}
	return b.String()
}

// Header is the first lines of a definition of d, whatever its linkage
// (.extern printed as .visible).
func (d *Decl) Header() string {
	c := *d
	if c.Linkage == Extern {
		c.Linkage = Visible
	}
	return c.String()
}

// Extern is the declaration of d as an external function (.extern,
// ending in ";"), as a module calling it writes it.
func (d *Decl) Extern() string {
	c := *d
	c.Linkage = Extern
	return c.String()
}

func (d *Decl) paramList() string {
	if len(d.Params) == 0 {
		return "()"
	}
	ps := make([]string, len(d.Params))
	for i, p := range d.Params {
		ps[i] = "\t" + p.String()
	}
	return "(\n" + strings.Join(ps, ",\n") + "\n)"
}

// Dump is a one-line summary of d for tests: kind, name, return and
// parameters with their extensions and hidden pointers.
func (d *Decl) Dump() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", d.Kind, d.Name)
	if d.Ret != nil {
		fmt.Fprintf(&b, " ret=%s", d.Ret.summary())
	}
	b.WriteString(" (")
	for i, p := range d.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.summary())
	}
	b.WriteString(")")
	return b.String()
}

func (p *Param) summary() string {
	s := p.PTXType()
	if p.Ext != NoExt {
		s += fmt.Sprintf(" %sext%d", p.Ext, p.Bits)
	}
	if p.Return {
		s += " sret"
	} else if p.Hidden {
		s += " byref"
	}
	if p.Pointer && p.Space != ctypes.GenericSpace {
		s += " " + p.Space.String()
	}
	return s
}

// ValidScalarParamType reports whether PTX type t may type a scalar
// parameter or return value: the 16-bit floating-point types may not
// (note C, N7).
func ValidScalarParamType(t string) error {
	if noteCTypes()[t] {
		return fmt.Errorf("%s cannot type a parameter or return value: 16-bit floating-point types are only used for storage (guide §2.3 note C)", t)
	}
	return nil
}
