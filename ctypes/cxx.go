package ctypes

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// This file holds the C++ side of the type graph (guide chapter 7: device
// code follows the Itanium C++ ABI): classes with bases and member
// functions, operators, templates and pointers to members.
//
// How the front end records C++:
//
//   - A class is a *Struct. Its bases are Struct.Bases, in declaration
//     order; its member functions (constructors, destructors, operators and
//     conversion functions included) are Struct.Methods, each a *FuncDecl
//     whose Class is the struct; its static data members are
//     Struct.StaticVars (each a *VarDecl whose Class is the struct); its
//     nested classes, enums and typedefs are Struct.Nested, each with Parent
//     (Struct, Enum) set to the class.
//   - Scope stays the list of enclosing names (namespaces and classes,
//     outermost first), so that QualifiedName and String work as before.
//     When the entity is a member of a class, Parent (types) or Class
//     (functions, variables) names that class, and mangling takes the
//     class's own name (template arguments included) from it: Scope must
//     then end with the class's Scope and Tag.
//   - A specialization of a class template (implicit or explicit) is a
//     *Struct whose Tag is the template's name and whose Template holds the
//     arguments: Array<float, 3> is Struct{Tag: "Array", Template:
//     &TemplateInst{Args: [float, 3]}}. Two uses of the same specialization
//     should share one *Struct (layout caches by pointer).
//   - A specialization of a function template is a *FuncDecl whose Name is
//     the template's name, Type the instantiated signature (what abi
//     lowers), and Template the arguments and the template's declared
//     signature (Template.Signature), written with *TemplateParam where the
//     template uses its parameters: the Itanium C++ ABI mangles that one
//     (§5.1.5.8: tmax<float>(float, float) is _Z4tmaxIfET_S0_S0_).

// Access is a C++ access specifier.
type Access int

// Access specifiers. AccessDefault is "as the class key implies": public
// in a struct or union, private in a class.
const (
	AccessDefault Access = iota
	Public
	Protected
	Private
)

var accessNames = [...]string{"", "public", "protected", "private"}

func (a Access) String() string {
	if a >= 0 && int(a) < len(accessNames) {
		return accessNames[a]
	}
	return fmt.Sprintf("Access(%d)", int(a))
}

// Base is one base class of a class.
type Base struct {
	// Type is the base class (a complete *Struct; the front end resolves
	// typedefs and template specializations to it).
	Type    *Struct
	Access  Access
	Virtual bool // a virtual base (layout places it after the non-virtual part, Itanium C++ ABI §2.4)
	Pos     token.Pos
}

// RefQualifier is the ref-qualifier of a member function (void f() &;).
type RefQualifier int

// Ref-qualifiers.
const (
	NoRef RefQualifier = iota
	LValueRef
	RValueRef
)

// SpecialKind tells constructors, destructors, operators and conversion
// functions from ordinary functions.
type SpecialKind int

// Special member and operator kinds of a FuncDecl.
const (
	Ordinary        SpecialKind = iota
	Constructor                 // Name is the class name
	Destructor                  // Name is "~" + the class name
	OperatorFunc                // Operator says which; Name is "operator" + its spelling
	ConversionFunc              // operator T(): the target type is Type.Result
	LiteralOperator             // operator""_x: Name is "operator\"\"_x", LiteralSuffix "_x"
)

var specialNames = [...]string{"function", "constructor", "destructor", "operator", "conversion function", "literal operator"}

func (k SpecialKind) String() string {
	if k >= 0 && int(k) < len(specialNames) {
		return specialNames[k]
	}
	return fmt.Sprintf("SpecialKind(%d)", int(k))
}

// Operator is an overloadable C++ operator (Itanium C++ ABI §5.1.5.3
// <operator-name>). Operators that are spelled alike but differ by arity
// (unary and binary +, -, *, &) are distinct: use OperatorFor to choose.
type Operator int

// The operators, in the order of the Itanium C++ ABI's table.
const (
	NoOperator    Operator = iota
	OpNew                  // new
	OpNewArray             // new[]
	OpDelete               // delete
	OpDeleteArray          // delete[]
	OpUnaryPlus            // + (unary)
	OpNegate               // - (unary)
	OpAddressOf            // & (unary)
	OpDeref                // * (unary)
	OpComplement           // ~
	OpPlus                 // +
	OpMinus                // -
	OpMul                  // *
	OpDiv                  // /
	OpRem                  // %
	OpAnd                  // &
	OpOr                   // |
	OpXor                  // ^
	OpAssign               // =
	OpPlusAssign           // +=
	OpMinusAssign          // -=
	OpMulAssign            // *=
	OpDivAssign            // /=
	OpRemAssign            // %=
	OpAndAssign            // &=
	OpOrAssign             // |=
	OpXorAssign            // ^=
	OpShl                  // <<
	OpShr                  // >>
	OpShlAssign            // <<=
	OpShrAssign            // >>=
	OpEq                   // ==
	OpNe                   // !=
	OpLt                   // <
	OpGt                   // >
	OpLe                   // <=
	OpGe                   // >=
	OpSpaceship            // <=>
	OpNot                  // !
	OpAndAnd               // &&
	OpOrOr                 // ||
	OpInc                  // ++
	OpDec                  // --
	OpComma                // ,
	OpArrowStar            // ->*
	OpArrow                // ->
	OpCall                 // ()
	OpIndex                // []
	numOperators
)

// OperatorInfo is one row of the operator table.
type OperatorInfo struct {
	Code     string // the Itanium <operator-name> code: "pl"
	Spelling string // as written after the keyword operator: "+", "new[]", "()"
	// Arity is the number of operands (the implicit object counts): 1 or 2;
	// 0 for operators of any arity (new, delete, ()).
	Arity int
}

// Operators is the operator table (Itanium C++ ABI §5.1.5.3), indexed by
// Operator. c++filt prints an operator function as "operator" followed by
// Spelling, with a space before a spelling that is a word (operator new).
var Operators = [numOperators]OperatorInfo{
	OpNew: {"nw", "new", 0}, OpNewArray: {"na", "new[]", 0},
	OpDelete: {"dl", "delete", 0}, OpDeleteArray: {"da", "delete[]", 0},
	OpUnaryPlus: {"ps", "+", 1}, OpNegate: {"ng", "-", 1}, OpAddressOf: {"ad", "&", 1},
	OpDeref: {"de", "*", 1}, OpComplement: {"co", "~", 1},
	OpPlus: {"pl", "+", 2}, OpMinus: {"mi", "-", 2}, OpMul: {"ml", "*", 2},
	OpDiv: {"dv", "/", 2}, OpRem: {"rm", "%", 2}, OpAnd: {"an", "&", 2},
	OpOr: {"or", "|", 2}, OpXor: {"eo", "^", 2}, OpAssign: {"aS", "=", 2},
	OpPlusAssign: {"pL", "+=", 2}, OpMinusAssign: {"mI", "-=", 2}, OpMulAssign: {"mL", "*=", 2},
	OpDivAssign: {"dV", "/=", 2}, OpRemAssign: {"rM", "%=", 2}, OpAndAssign: {"aN", "&=", 2},
	OpOrAssign: {"oR", "|=", 2}, OpXorAssign: {"eO", "^=", 2},
	OpShl: {"ls", "<<", 2}, OpShr: {"rs", ">>", 2}, OpShlAssign: {"lS", "<<=", 2}, OpShrAssign: {"rS", ">>=", 2},
	OpEq: {"eq", "==", 2}, OpNe: {"ne", "!=", 2}, OpLt: {"lt", "<", 2}, OpGt: {"gt", ">", 2},
	OpLe: {"le", "<=", 2}, OpGe: {"ge", ">=", 2}, OpSpaceship: {"ss", "<=>", 2},
	OpNot: {"nt", "!", 1}, OpAndAnd: {"aa", "&&", 2}, OpOrOr: {"oo", "||", 2},
	OpInc: {"pp", "++", 0}, OpDec: {"mm", "--", 0}, OpComma: {"cm", ",", 2},
	OpArrowStar: {"pm", "->*", 2}, OpArrow: {"pt", "->", 1}, OpCall: {"cl", "()", 0},
	OpIndex: {"ix", "[]", 2},
}

// Code is the operator's Itanium code ("pl").
func (o Operator) Code() string { return o.info().Code }

// Spelling is the operator as written after the keyword ("+").
func (o Operator) Spelling() string { return o.info().Spelling }

func (o Operator) info() OperatorInfo {
	if o > NoOperator && o < numOperators {
		return Operators[o]
	}
	return OperatorInfo{}
}

func (o Operator) String() string {
	s := o.Spelling()
	if s == "" {
		return fmt.Sprintf("Operator(%d)", int(o))
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return "operator " + s
	}
	return "operator" + s
}

// OperatorFor returns the operator spelled spelling ("+", "new[]", "()")
// that takes arity operands, the implicit object parameter of a member
// counting as one: + with one operand is OpUnaryPlus, with two OpPlus. It
// returns NoOperator for a spelling that is not an overloadable operator.
func OperatorFor(spelling string, arity int) Operator {
	spelling = strings.Join(strings.Fields(spelling), "")
	found := NoOperator
	for o := NoOperator + 1; o < numOperators; o++ {
		in := Operators[o]
		if in.Spelling != spelling {
			continue
		}
		if in.Arity == 0 || in.Arity == arity {
			return o
		}
		if found == NoOperator {
			found = o
		}
	}
	return found
}

// OperatorByCode returns the operator with the Itanium code, or NoOperator.
func OperatorByCode(code string) Operator {
	for o := NoOperator + 1; o < numOperators; o++ {
		if Operators[o].Code == code {
			return o
		}
	}
	return NoOperator
}

// TemplateParam is a template's parameter used as a type (or, in a
// TemplateArg, as a non-type argument) inside the template's declared
// signature: T in template <class T> T tmax(T, T). Index counts the
// template's parameters from 0 (T_ is 0, T0_ is 1). Parameters of
// enclosing class templates do not appear: in a member of Array<float, 3>
// they are replaced by their arguments.
type TemplateParam struct {
	Name  string
	Index int
	// Pack marks a parameter pack (typename... Ts).
	Pack bool
}

func (p *TemplateParam) String() string {
	if p.Name != "" {
		return p.Name
	}
	return "T" + strconv.Itoa(p.Index)
}

// TemplateArgKind tells what a template argument is.
type TemplateArgKind int

// Kinds of template argument.
const (
	TypeArg  TemplateArgKind = iota // Type
	ValueArg                        // an integral (or enumeration) constant: Value of ValueType
	ParamArg                        // a non-type template parameter of the template being declared: Param
	PackArg                         // an argument pack: Pack
	// TemplateNameArg is a class template as the argument of a template
	// template parameter (template <template <class> class C> struct W;
	// W<Box>): Template names it (Tag, Scope, Parent; no arguments).
	TemplateNameArg
	// AddrArg is the address of a function as the argument of a
	// non-type parameter of pointer-to-function type (template <void
	// (*F)(int)> ...; k<&f> or k<f>): Func, of ValueType.
	AddrArg
)

// TemplateArg is one template argument.
type TemplateArg struct {
	Kind TemplateArgKind
	// Type is a type argument (TypeArg); it may be or contain
	// *TemplateParam in a declared signature.
	Type Type
	// Value and ValueType are a non-type argument: an integer, a bool (0
	// or 1) or an enumerator's value; ValueType is its *Basic or *Enum
	// (Typedefs allowed). Unsigned values above MaxInt64 are stored as
	// their two's complement.
	Value     int64
	ValueType Type
	// Param is a non-type template parameter used as the argument
	// (template <int N> void f(Array<float, N>)).
	Param *TemplateParam
	// Pack holds the arguments of a pack (PackArg).
	Pack []TemplateArg
	// Template is the class template a TemplateNameArg names.
	Template *Struct
	// Func is the function whose address an AddrArg is.
	Func *FuncDecl
}

// TypeArgOf returns a type template argument.
func TypeArgOf(t Type) TemplateArg { return TemplateArg{Kind: TypeArg, Type: t} }

// ValueArgOf returns a non-type template argument of integral type t.
func ValueArgOf(t Type, v int64) TemplateArg {
	return TemplateArg{Kind: ValueArg, Value: v, ValueType: t}
}

// String is the argument as c++filt prints it: a type, or a value with
// the suffix c++filt gives its type (3, 3u, 3l, 3ul, true, (char)65).
func (a TemplateArg) String() string {
	switch a.Kind {
	case TypeArg:
		return CXXString(a.Type, "")
	case ParamArg:
		return a.Param.String()
	case TemplateNameArg:
		return a.Template.Name()
	case AddrArg:
		// c++filt: &(f(int, float))
		var ps []string
		for _, p := range a.Func.Type.Params {
			ps = append(ps, CXXString(p.Type, ""))
		}
		return "&(" + a.Func.QualifiedName() + "(" + strings.Join(ps, ", ") + "))"
	case PackArg:
		var s []string
		for _, p := range a.Pack {
			s = append(s, p.String())
		}
		return strings.Join(s, ", ")
	}
	return LiteralString(a.ValueType, a.Value)
}

// LiteralString is an integral constant of type t as c++filt prints a
// template argument: 3 (int), 3u, 3l, 3ul, 3ll, 3ull, true, false,
// (char)3, (short)3, (unsigned char)3, (E)3 for an enumeration.
func LiteralString(t Type, v int64) string {
	switch u := Unqualified(t).(type) {
	case *Basic:
		switch u.Kind {
		case Bool:
			if v != 0 {
				return "true"
			}
			return "false"
		case Int:
			return strconv.FormatInt(v, 10)
		case UInt:
			return strconv.FormatUint(uint64(uint32(v)), 10) + "u"
		case Long:
			return strconv.FormatInt(v, 10) + "l"
		case ULong:
			return strconv.FormatUint(uint64(v), 10) + "ul"
		case LongLong:
			return strconv.FormatInt(v, 10) + "ll"
		case ULongLong:
			return strconv.FormatUint(uint64(v), 10) + "ull"
		}
		if !u.Kind.IsSigned() {
			return "(" + u.Kind.String() + ")" + strconv.FormatUint(uint64(v), 10)
		}
		return "(" + u.Kind.String() + ")" + strconv.FormatInt(v, 10)
	case *Enum:
		return "(" + u.String()[len("enum "):] + ")" + strconv.FormatInt(v, 10)
	}
	return strconv.FormatInt(v, 10)
}

// ArgsString is a template argument list as c++filt prints it: "<float, 3>"
// (with a space before a closing > that follows another >).
func ArgsString(args []TemplateArg) string {
	var s []string
	for _, a := range args {
		s = append(s, a.String())
	}
	out := "<" + strings.Join(s, ", ")
	if strings.HasSuffix(out, ">") {
		out += " "
	}
	return out + ">"
}

// TemplateInst records that a class or function is a specialization of a
// template (an implicit or explicit instantiation, or an explicit
// specialization: they mangle alike).
type TemplateInst struct {
	Args []TemplateArg
	// Params are the template's parameters, in order (for a function
	// template, those Signature refers to). Optional for class templates.
	Params []*TemplateParam
	// Signature is, for a function template, the function type as the
	// template declares it, with *TemplateParam where it uses its
	// parameters: the Itanium C++ ABI mangles a function template
	// specialization's result and parameter types from it. Nil means the
	// instantiated type (FuncDecl.Type), which is right for a template
	// whose signature does not depend on its parameters. Its method
	// qualifiers are ignored (FuncDecl.Type's count).
	Signature *Func
	// Specialization marks an explicit specialization (template <>) of a
	// function template: an ordinary function, .visible where defined
	// unless declared inline, where an instance is .weak (guide §2.3 as
	// nvcc applies it; abi's N16).
	Specialization bool
}

// MemberPointer is a pointer to a member of Class: a pointer to data member
// when Elem is not a *Func, a pointer to member function when it is (its
// Const, Volatile and Ref are the member function's qualifiers). Layout
// gives a pointer to data member the size of ptrdiff_t and a pointer to
// member function two of them (Itanium C++ ABI §2.3).
type MemberPointer struct {
	Class Type // a *Struct, or a Typedef or TemplateParam naming one
	Elem  Type
}

func (p *MemberPointer) String() string { return declString(p, "") }

// IsFunc reports whether p points to a member function.
func (p *MemberPointer) IsFunc() bool {
	_, ok := Unqualified(p.Elem).(*Func)
	return ok
}

func (*TemplateParam) isType() {}

// DependentName is a type named through a template parameter in a
// template's declared signature: typename T::value_type (Qualifier a
// *TemplateParam) or typename Vec<T>::Type (Qualifier a *Struct whose
// arguments use the template's parameters). It is known only in an
// instance, where the front end resolves it; the Itanium C++ ABI mangles
// it as a nested name, N <qualifier> <name> E (§5.1.5).
type DependentName struct {
	Qualifier Type
	Name      string
}

func (*DependentName) isType() {}

func (d *DependentName) String() string {
	return CXXString(d.Qualifier, "") + "::" + d.Name
}
func (*MemberPointer) isType() {}

// Dynamic reports whether s is a dynamic class: it has a virtual function
// or a virtual base, itself or through a base (Itanium C++ ABI §1.1), and
// so holds a virtual table pointer.
func (s *Struct) Dynamic() bool { return s.dynamic(map[*Struct]bool{}) }

func (s *Struct) dynamic(seen map[*Struct]bool) bool {
	if seen[s] {
		return false
	}
	seen[s] = true
	for _, m := range s.Methods {
		if m.Virtual {
			return true
		}
	}
	for _, b := range s.Bases {
		if b.Virtual || (b.Type != nil && b.Type.dynamic(seen)) {
			return true
		}
	}
	return false
}

// HasMethod reports whether s declares a member function of kind k.
func (s *Struct) HasMethod(k SpecialKind) bool {
	for _, m := range s.Methods {
		if m.Special == k {
			return true
		}
	}
	return false
}

// EffectiveAccess is f's access in s: as written, or the class key's
// default (private in a class, public in a struct or union).
func (s *Struct) EffectiveAccess(f *Field) Access {
	if f.Access != AccessDefault {
		return f.Access
	}
	if s.Class {
		return Private
	}
	return Public
}

// UserProvided reports whether s has a user-provided constructor (UserCtor,
// or a constructor in Methods not declared = default), and whether it has
// a user-provided copy constructor, copy assignment operator or destructor
// (UserCopy, or one in Methods).
func (s *Struct) UserProvided() (ctor, copy bool) {
	ctor, copy = s.UserCtor, s.UserCopy
	for _, m := range s.Methods {
		if m.Defaulted || m.Deleted {
			continue
		}
		switch {
		case m.Special == Constructor:
			ctor = true
			if m.isCopy(s) {
				copy = true
			}
		case m.Special == Destructor:
			copy = true
		case m.Special == OperatorFunc && m.Operator == OpAssign && m.isCopy(s):
			copy = true
		}
	}
	return ctor, copy
}

// isCopy reports whether d takes one parameter of type (cv) s& or s&&.
func (d *FuncDecl) isCopy(s *Struct) bool {
	if d.Type == nil || len(d.Type.Params) != 1 {
		return false
	}
	r, ok := Unqualified(d.Type.Params[0].Type).(*Reference)
	return ok && Unqualified(r.Elem) == Type(s)
}

// IsMember reports whether d is a member function (static ones included).
func (d *FuncDecl) IsMember() bool { return d.Class != nil }

// HasThis reports whether d has an implicit object parameter: it is a
// non-static member function (a class's operator new, new[], delete and
// delete[] are static whether declared so or not).
func (d *FuncDecl) HasThis() bool {
	if d.Class == nil || d.StaticMember {
		return false
	}
	switch d.Operator {
	case OpNew, OpNewArray, OpDelete, OpDeleteArray:
		return d.Special != OperatorFunc
	}
	return true
}

// ThisType is the type of d's implicit this parameter: a pointer to the
// class, qualified as the member function is (const S * for a const
// member function). It is nil for a function without this.
func (d *FuncDecl) ThisType() Type {
	if !d.HasThis() {
		return nil
	}
	var c Type = d.Class
	if d.Type != nil && (d.Type.Const || d.Type.Volatile) {
		c = &Qualified{Type: c, Const: d.Type.Const, Volatile: d.Type.Volatile}
	}
	return &Pointer{Elem: c}
}

// funcQualString is a member function type's trailing qualifiers
// (" const &&").
func funcQualString(f *Func) string {
	s := ""
	if f.Const {
		s += " const"
	}
	if f.Volatile {
		s += " volatile"
	}
	switch f.Ref {
	case LValueRef:
		s += " &"
	case RValueRef:
		s += " &&"
	}
	return s
}

// Substitute returns t with the template parameters in it replaced by
// their arguments (args[p.Index]): a type argument's type, and a
// non-type parameter used as a template argument by its value. A
// function's parameter of a pack type (Ts... a) expands to one parameter
// per element of the pack's argument. A class template specialization
// whose arguments change is a new *Struct with the same Tag, Scope and
// Parent, incomplete: the front end should replace it by its canonical
// specialization (the one with members) before layout. A parameter
// without an argument stays as it is. Substitute(Template.Signature) is
// the type a function template specialization has (FuncDecl.Type).
func Substitute(t Type, args []TemplateArg) Type {
	s := substituter{args: args}
	return s.typ(t)
}

// SubstituteClasses is Substitute where class asks for the instance of
// class template specialization orig (a Struct whose Template arguments
// name parameters) for the substituted arguments: a complete class, as
// the declaration parser instantiates it (nil: a Struct made here, which
// is not complete).
func SubstituteClasses(t Type, args []TemplateArg, class func(orig *Struct, args []TemplateArg) Type) Type {
	s := substituter{args: args, class: class}
	return s.typ(t)
}

type substituter struct {
	args  []TemplateArg
	class func(orig *Struct, args []TemplateArg) Type
}

func (s substituter) arg(p *TemplateParam) (TemplateArg, bool) {
	if p.Index < 0 || p.Index >= len(s.args) {
		return TemplateArg{}, false
	}
	return s.args[p.Index], true
}

func (s substituter) typ(t Type) Type {
	switch u := t.(type) {
	case *TemplateParam:
		if a, ok := s.arg(u); ok && a.Kind == TypeArg {
			return a.Type
		}
	case *Pointer:
		if e := s.typ(u.Elem); e != u.Elem {
			return &Pointer{Elem: e, Space: u.Space}
		}
	case *Reference:
		if e := s.typ(u.Elem); e != u.Elem {
			return &Reference{Elem: e, RValue: u.RValue}
		}
	case *Qualified:
		if e := s.typ(u.Type); e != u.Type {
			return &Qualified{Type: e, Const: u.Const, Volatile: u.Volatile, Restrict: u.Restrict}
		}
	case *Array:
		if e := s.typ(u.Elem); e != u.Elem {
			return &Array{Elem: e, Len: u.Len, Unsized: u.Unsized}
		}
	case *MemberPointer:
		c, e := s.typ(u.Class), s.typ(u.Elem)
		if c != u.Class || e != u.Elem {
			return &MemberPointer{Class: c, Elem: e}
		}
	case *Func:
		return s.fn(u)
	case *Struct:
		if u.Template == nil {
			return u
		}
		args, changed := s.templateArgs(u.Template.Args)
		if !changed {
			return u
		}
		if s.class != nil {
			if c := s.class(u, args); c != nil {
				return c
			}
		}
		return &Struct{Tag: u.Tag, Scope: u.Scope, Parent: u.Parent, Class: u.Class, Union: u.Union,
			Template: &TemplateInst{Args: args, Params: u.Template.Params}, Pos: u.Pos}
	}
	return t
}

func (s substituter) fn(f *Func) Type {
	out := &Func{Result: s.typ(f.Result), Variadic: f.Variadic, Const: f.Const, Volatile: f.Volatile, Ref: f.Ref}
	changed := out.Result != f.Result
	for _, p := range f.Params {
		if tp := PackIn(p.Type); tp != nil {
			if a, ok := s.arg(tp); ok && a.Kind == PackArg {
				// A pack expansion (Ts... a, const Ts &... a): one
				// parameter per element of the pack.
				for _, e := range a.Pack {
					args := append([]TemplateArg(nil), s.args...)
					args[tp.Index] = e
					elem := &TemplateParam{Name: tp.Name, Index: tp.Index}
					out.Params = append(out.Params, Param{Type: substituter{args: args, class: s.class}.typ(ReplaceParam(p.Type, tp, elem)), Pos: p.Pos})
				}
				changed = true
				continue
			}
		}
		pt := s.typ(p.Type)
		changed = changed || pt != p.Type
		out.Params = append(out.Params, Param{Name: p.Name, Type: pt, Pos: p.Pos})
	}
	if !changed {
		return f
	}
	return out
}

func (s substituter) templateArgs(args []TemplateArg) ([]TemplateArg, bool) {
	out := make([]TemplateArg, len(args))
	changed := false
	for i, a := range args {
		out[i] = a
		switch a.Kind {
		case TypeArg:
			out[i].Type = s.typ(a.Type)
			changed = changed || out[i].Type != a.Type
		case ParamArg:
			if v, ok := s.arg(a.Param); ok && (v.Kind == ValueArg || v.Kind == AddrArg) {
				out[i] = v
				changed = true
			}
		case PackArg:
			if p, ch := s.templateArgs(a.Pack); ch {
				out[i].Pack, changed = p, true
			}
		}
	}
	return out, changed
}

// PackIn is the template parameter pack that type t, a pattern of a pack
// expansion (Ts, const Ts &, Ts *), expands; nil if t names none.
func PackIn(t Type) *TemplateParam {
	return packIn(t, 0)
}

func packIn(t Type, depth int) *TemplateParam {
	if depth > 32 {
		return nil
	}
	switch u := t.(type) {
	case *TemplateParam:
		if u.Pack {
			return u
		}
	case *Pointer:
		return packIn(u.Elem, depth+1)
	case *Reference:
		return packIn(u.Elem, depth+1)
	case *Qualified:
		return packIn(u.Type, depth+1)
	case *Array:
		return packIn(u.Elem, depth+1)
	case *MemberPointer:
		if p := packIn(u.Class, depth+1); p != nil {
			return p
		}
		return packIn(u.Elem, depth+1)
	case *Func:
		for _, p := range u.Params {
			if tp := packIn(p.Type, depth+1); tp != nil {
				return tp
			}
		}
		return packIn(u.Result, depth+1)
	}
	return nil
}

// ReplaceParam returns t with template parameter p replaced by type r
// (the pattern of a pack expansion, for one element).
func ReplaceParam(t Type, p *TemplateParam, r Type) Type {
	return replaceParam(t, p, r, 0)
}

func replaceParam(t Type, p *TemplateParam, r Type, depth int) Type {
	if depth > 32 {
		return t
	}
	switch u := t.(type) {
	case *TemplateParam:
		if u == p {
			return r
		}
	case *Pointer:
		if e := replaceParam(u.Elem, p, r, depth+1); e != u.Elem {
			return &Pointer{Elem: e, Space: u.Space}
		}
	case *Reference:
		if e := replaceParam(u.Elem, p, r, depth+1); e != u.Elem {
			return &Reference{Elem: e, RValue: u.RValue}
		}
	case *Qualified:
		if e := replaceParam(u.Type, p, r, depth+1); e != u.Type {
			return &Qualified{Type: e, Const: u.Const, Volatile: u.Volatile, Restrict: u.Restrict}
		}
	case *Array:
		if e := replaceParam(u.Elem, p, r, depth+1); e != u.Elem {
			return &Array{Elem: e, Len: u.Len, Unsized: u.Unsized}
		}
	}
	return t
}

// SameSignature reports whether two declarations of a function declare
// the same parameter types and qualifiers (top-level cv-qualifiers of
// parameters do not count): an out-of-class definition matches its
// declaration so, and a using-declaration's base member is hidden so.
func SameSignature(a, b *Func) bool {
	if len(a.Params) != len(b.Params) || a.Variadic != b.Variadic || a.Const != b.Const ||
		a.Volatile != b.Volatile || a.Ref != b.Ref {
		return false
	}
	for i := range a.Params {
		x, y := a.Params[i].Type, b.Params[i].Type
		if q, ok := x.(*Qualified); ok {
			x = q.Type
		}
		if q, ok := y.(*Qualified); ok {
			y = q.Type
		}
		if TypeString(x, "") != TypeString(y, "") {
			return false
		}
	}
	return true
}

// HasDefaultInits reports whether one of fs has a default member
// initializer, also in a member of class type (recursively).
func HasDefaultInits(fs []*Field) bool {
	for _, f := range fs {
		if f.DefaultInit {
			return true
		}
		if st, ok := Unqualified(f.Type).(*Struct); ok && HasDefaultInits(st.Fields) {
			return true
		}
	}
	return false
}

// UnnamedWithDefaultInits reports whether t is an unnamed class (an
// anonymous union or struct, or the type of a member declared with one)
// with default member initializers (HasDefaultInits): it has no
// constructor of its own, and the enclosing class's constructors run
// them.
func UnnamedWithDefaultInits(t Type) bool {
	st, ok := Unqualified(t).(*Struct)
	return ok && st.Tag == "" && HasDefaultInits(st.Fields)
}

// ElemClass is the class of t, or of its elements when t is an array (of
// arrays) of a class, qualifiers aside.
func ElemClass(t Type) (*Struct, bool) {
	t = Unqualified(t)
	for a, ok := t.(*Array); ok; a, ok = t.(*Array) {
		t = Unqualified(a.Elem)
	}
	st, ok := t.(*Struct)
	return st, ok
}

// InDestruction reports whether f holds for a class whose destructor
// destroying an object of st runs ([class.dtor]): st itself, its bases
// and the classes of its members (of arrays' elements too), recursively.
func InDestruction(st *Struct, f func(*Struct) bool) bool {
	if f(st) {
		return true
	}
	for _, b := range st.Bases {
		if InDestruction(b.Type, f) {
			return true
		}
	}
	for _, fd := range st.Fields {
		if ms, ok := ElemClass(fd.Type); ok && InDestruction(ms, f) {
			return true
		}
	}
	return false
}

// UserDtor is st's user-provided destructor (not = default or = delete),
// or nil.
func UserDtor(st *Struct) *FuncDecl {
	for _, m := range st.Methods {
		if m.Special == Destructor && !m.Defaulted && !m.Deleted {
			return m
		}
	}
	return nil
}
