// Package ctypes is the C/CUDA C++ type graph that the front end builds and
// that layout (guide §1), abi (§2.3), mangle (§7) and dwarf (§5) read.
//
// It holds no sizes: those depend on the target and are computed by package
// layout alone. A type is one of *Basic, *Pointer, *Reference, *Array,
// *Struct (also unions and classes), *Enum, *Vector (CUDA's built-in vector
// types), *Handle (texture, surface and sampler objects, §1.4), *Func,
// *Typedef and *Qualified (const/volatile on any of these); and for C++,
// *MemberPointer (pointers to members) and *TemplateParam (a template's
// parameter in its declared signature). cxx.go describes how classes,
// member functions, operators and templates are recorded.
package ctypes

import (
	"fmt"
	"go/token"
	"strings"
)

// Type is a C type.
type Type interface {
	// String is the type in C declaration syntax, without a declarator
	// name ("int *", "struct S", "float4").
	String() string
	isType()
}

// Kind is a fundamental (basic) C type.
type Kind int

// The fundamental types. Plain char is its own kind, as in C (it mangles
// differently from signed char and unsigned char); on the nvptx targets it
// is signed.
const (
	Void Kind = iota
	Bool
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Int128
	UInt128
	Half     // __half (CUDA's cuda_fp16.h class, 2 bytes)
	BFloat16 // __nv_bfloat16 (cuda_bf16.h, 2 bytes)
	Float
	Double
	LongDouble
	WChar
	Char16
	Char32
	NullPtr // decltype(nullptr)
	numKinds
)

var kindNames = [numKinds]string{
	Void: "void", Bool: "bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned int",
	Long: "long", ULong: "unsigned long", LongLong: "long long", ULongLong: "unsigned long long",
	Int128: "__int128", UInt128: "unsigned __int128", Half: "__half", BFloat16: "__nv_bfloat16",
	Float: "float", Double: "double", LongDouble: "long double",
	WChar: "wchar_t", Char16: "char16_t", Char32: "char32_t", NullPtr: "decltype(nullptr)",
}

func (k Kind) String() string {
	if k >= 0 && k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// IsInteger reports whether k is an integral type (bool and the character
// types included).
func (k Kind) IsInteger() bool {
	switch k {
	case Bool, Char, SChar, UChar, Short, UShort, Int, UInt, Long, ULong,
		LongLong, ULongLong, Int128, UInt128, WChar, Char16, Char32:
		return true
	}
	return false
}

// IsSigned reports whether k is a signed integral type. Plain char is
// signed on the nvptx targets; wchar_t is a signed 32-bit type there.
func (k Kind) IsSigned() bool {
	switch k {
	case Char, SChar, Short, Int, Long, LongLong, Int128, WChar:
		return true
	}
	return false
}

// IsFloat reports whether k is a floating-point type.
func (k Kind) IsFloat() bool {
	switch k {
	case Half, BFloat16, Float, Double, LongDouble:
		return true
	}
	return false
}

// Basic is a fundamental type.
type Basic struct{ Kind Kind }

// Predeclared basic types, one value per kind.
var basics [numKinds]*Basic

func init() {
	for k := range basics {
		basics[k] = &Basic{Kind(k)}
	}
}

// BasicOf returns the shared *Basic of kind k.
func BasicOf(k Kind) *Basic { return basics[k] }

func (b *Basic) String() string { return b.Kind.String() }

// Space is a PTX state space that a pointer's declaration names (guide §2.3
// note B). GenericSpace is the default: a pointer declared without a space holds
// a generic address.
type Space int

// State spaces a pointer can point into.
const (
	GenericSpace Space = iota
	GlobalSpace
	SharedSpace
	ConstSpace
	LocalSpace
	ParamSpace
)

var spaceNames = [...]string{"generic", "global", "shared", "const", "local", "param"}

func (s Space) String() string { return spaceNames[s] }

// Pointer is a pointer to Elem.
type Pointer struct {
	Elem  Type
	Space Space
}

func (p *Pointer) String() string { return declString(p, "") }

// Reference is a C++ lvalue (or, with RValue, rvalue) reference.
type Reference struct {
	Elem   Type
	RValue bool
}

func (r *Reference) String() string { return declString(r, "") }

// Array is Elem[Len]; an array with Unsized set is a flexible array member
// or an incomplete array (Elem[]), and Len is 0.
type Array struct {
	Elem    Type
	Len     int64
	Unsized bool
}

func (a *Array) String() string { return declString(a, "") }

// Field is a member of a struct or union.
type Field struct {
	// Name is empty for an unnamed bit field and for an anonymous struct
	// or union member.
	Name string
	Type Type
	// BitField marks a bit field; BitWidth is its width (0 for a
	// zero-width bit field).
	BitField bool
	BitWidth int
	// Align is an explicit alignment requested on the member
	// (_Alignas, alignas, __attribute__((aligned)), __align__); 0 if none.
	// AlignPacked-style requests below the natural alignment are recorded
	// here as written: layout decides what they mean.
	Align int64
	// Packed is set by __attribute__((packed)) on the member.
	Packed bool
	// Access is the member's access specifier (C++).
	Access Access
	// DefaultInit is set when the member has a default member initializer
	// (int x = 3;): the class's default constructor is then not trivial,
	// which makes it a non-POD for layout (Itanium C++ ABI §1.1).
	DefaultInit bool
	Pos         token.Pos
}

// Anonymous reports whether f is an anonymous struct or union member,
// whose own members belong to the enclosing aggregate.
func (f *Field) Anonymous() bool {
	if f.Name != "" || f.BitField {
		return false
	}
	_, ok := Unqualified(f.Type).(*Struct)
	return ok
}

// Struct is a struct, class or union.
type Struct struct {
	Tag   string   // empty for an unnamed struct
	Scope []string // enclosing namespaces and classes, outermost first
	Union bool
	Class bool // declared with the class keyword (matters for messages only)
	// Complete is false for a declared-only struct (struct S;).
	Complete bool
	Fields   []*Field
	// Align is an explicit alignment on the type itself
	// (struct __align__(16) S, __attribute__((aligned(16)))); 0 if none.
	Align int64
	// NonTrivial marks a class that is not trivially copyable (it has a
	// user-provided copy constructor or destructor). Such a class is passed
	// by invisible reference (Itanium C++ ABI §3.1.2), a rule abi follows.
	NonTrivial bool
	// Packed is set by __attribute__((packed)) on the type: members are
	// laid out without padding (alignment 1) unless they request more.
	Packed bool
	// Pack is the #pragma pack value in effect where the struct was
	// defined (0 if none): members' natural alignment is capped at Pack.
	// nvcc, like GCC, still honours an aligned attribute on a member.
	Pack int64
	// LinkageName is, for an unnamed class, the first typedef name declared
	// for it (typedef struct { ... } T;): C++ uses it as the class's name
	// for linkage, so it is the name that mangles.
	LinkageName string

	// C++ (see cxx.go for how the front end fills these in).

	// Bases are the base classes, in declaration order.
	Bases []*Base
	// Methods are the member functions declared in the class: ordinary
	// ones, static ones, constructors, destructors, operators and
	// conversion functions, in declaration order. Each has Class set to s.
	Methods []*FuncDecl
	// UsingBases are the members of bases that using-declarations in the
	// class name (using Base::f;), by name: the bases whose member
	// functions of that name join the class's own in overload
	// resolution (those the class declares with the same parameters
	// hide them).
	UsingBases map[string][]*Struct
	// StaticVars are the static data members, each with Class set to s.
	StaticVars []*VarDecl
	// Nested are the classes, enums and typedefs declared in the class.
	Nested []Type
	// Parent is the class that s is nested in (nil at namespace scope);
	// Scope then ends with Parent's Scope and Tag.
	Parent *Struct
	// Template is set when s is a specialization of a class template: Tag
	// is the template's name, Template.Args its arguments.
	Template *TemplateInst
	// UserCtor is set when it declares a
	// constructor (which makes it a non-POD for layout, Itanium C++ ABI
	// §1.1), UserCopy when it declares a copy constructor, copy assignment
	// or destructor. The front end may set them without listing Methods.
	UserCtor, UserCopy bool

	Pos token.Pos
}

func (s *Struct) String() string {
	kw := "struct"
	if s.Union {
		kw = "union"
	} else if s.Class {
		kw = "class"
	}
	if s.Tag == "" {
		return kw + " <anonymous>"
	}
	return kw + " " + s.Name()
}

// Name is the class's qualified name as C++ prints it, with template
// arguments: "ns::Array<float, 3>::Inner".
func (s *Struct) Name() string {
	id := s.Tag
	if s.Template != nil {
		id += ArgsString(s.Template.Args)
	}
	if s.Parent != nil {
		return s.Parent.Name() + "::" + id
	}
	return qualifiedName(s.Scope, id)
}

// Enumerator is one constant of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// Enum is an enumeration type.
type Enum struct {
	Tag        string
	Scope      []string
	Underlying Kind // the integral type that holds it
	// Fixed is set when the underlying type was written (enum E : short).
	Fixed    bool
	Scoped   bool // enum class
	Values   []Enumerator
	Pos      token.Pos
	Complete bool
	// LinkageName is, for an unnamed enum, the first typedef name declared
	// for it: its name for linkage (mangling), as for Struct.
	LinkageName string
	// Parent is the class the enum is declared in, nil at namespace scope.
	Parent *Struct
}

func (e *Enum) String() string {
	if e.Tag == "" {
		return "enum <anonymous>"
	}
	if e.Parent != nil {
		return "enum " + e.Parent.Name() + "::" + e.Tag
	}
	return "enum " + qualifiedName(e.Scope, e.Tag)
}

// Vector is one of CUDA's built-in vector types (char1 .. double4, declared
// in vector_types.h as structs with members x, y, z, w). Its alignment is the
// one CUDA's headers give it, recorded in Align; guide §1.2 gives the rule
// for native vectors (odd n: alignof(elem); even n: n*alignof(elem)), which
// the headers follow up to 16 bytes.
type Vector struct {
	Name  string // "float4"
	Elem  Kind
	Len   int   // 1 to 4
	Align int64 // from CUDA's vector_types.h
}

func (v *Vector) String() string { return v.Name }

// VectorMembers are the member names of a vector type, in order.
var VectorMembers = [4]string{"x", "y", "z", "w"}

// HandleKind tells which opaque object a handle refers to (guide §1.4).
type HandleKind int

// Opaque object kinds.
const (
	Texture HandleKind = iota
	Surface
	Sampler
)

var handleNames = [...]string{"texture", "surface", "sampler"}

func (k HandleKind) String() string { return handleNames[k] }

// Handle is a 64-bit handle to a texture, surface or sampler (guide §1.4,
// §2.3 note E): CUDA's cudaTextureObject_t and cudaSurfaceObject_t. In CUDA
// C++ these are typedefs of unsigned long long, which is how they mangle.
type Handle struct {
	Kind HandleKind
	Name string // the typedef name the source used
}

func (h *Handle) String() string { return h.Name }

// Param is a function parameter.
type Param struct {
	Name string
	Type Type
	Pos  token.Pos
}

// Func is a function type.
type Func struct {
	Result   Type // *Basic{Void} for void
	Params   []Param
	Variadic bool
	// Const, Volatile and Ref are a member function's qualifiers (void f()
	// const &): they qualify the implicit object parameter. They are set
	// on a FuncDecl's Type and in a pointer to member function's Elem.
	Const, Volatile bool
	Ref             RefQualifier
}

func (f *Func) String() string { return declString(f, "") }

// Typedef is a named alias of Type.
type Typedef struct {
	Name  string
	Scope []string
	Type  Type
	// Parent is the class the typedef is declared in, nil at namespace scope.
	Parent *Struct
	// Align is an alignment requested on the typedef
	// (typedef int T __attribute__((aligned(8)))); 0 if none. As in GCC, it
	// replaces the alignment of Type for objects declared with the typedef.
	Align int64
	Pos   token.Pos
}

func (t *Typedef) String() string { return qualifiedName(t.Scope, t.Name) }

// Qualified is Type with cv-qualifiers.
type Qualified struct {
	Type     Type
	Const    bool
	Volatile bool
	Restrict bool
}

func (q *Qualified) String() string { return declString(q, "") }

func (*Basic) isType()     {}
func (*Pointer) isType()   {}
func (*Reference) isType() {}
func (*Array) isType()     {}
func (*Struct) isType()    {}
func (*Enum) isType()      {}
func (*Vector) isType()    {}
func (*Handle) isType()    {}
func (*Func) isType()      {}
func (*Typedef) isType()   {}
func (*Qualified) isType() {}

// Unqualified strips qualifiers and typedefs: the type that layout and abi
// reason about.
func Unqualified(t Type) Type {
	for {
		switch u := t.(type) {
		case *Qualified:
			t = u.Type
		case *Typedef:
			t = u.Type
		default:
			return t
		}
	}
}

// IsVoid reports whether t is (possibly qualified) void.
func IsVoid(t Type) bool {
	b, ok := Unqualified(t).(*Basic)
	return ok && b.Kind == Void
}

// IsIntegral reports whether t is (possibly qualified) of an integer type
// or an enumeration.
func IsIntegral(t Type) bool {
	switch u := Unqualified(t).(type) {
	case *Basic:
		return u.Kind.IsInteger()
	case *Enum:
		return true
	}
	return false
}

// FuncKind is how CUDA C++ exposes a function.
type FuncKind int

// Function kinds: a __device__ function is a PTX .func, a __global__ one a
// PTX .entry (a kernel); __host__-only functions have no PTX.
const (
	DeviceFunc FuncKind = iota
	GlobalFunc
	HostFunc
)

var funcKindNames = [...]string{"device", "global", "host"}

func (k FuncKind) String() string { return funcKindNames[k] }

// AnonymousNamespace is the name an unnamed namespace has in a Scope, as
// c++filt prints it.
const AnonymousNamespace = "(anonymous namespace)"

// FuncDecl is a function declared or defined in a source file.
//
// A member function has Class set; Scope then lists the enclosing
// namespaces and classes (Class's Scope and Tag last), and Type's Const,
// Volatile and Ref are the qualifiers of its implicit this. Type lists the
// declared parameters only: this is implicit (ThisType).
type FuncDecl struct {
	// Name is the identifier; for a constructor the class's name, for a
	// destructor "~" and the class's name, for an operator "operator"
	// and its spelling ("operator+", "operator new"), for a conversion
	// function "operator " and the type.
	Name    string
	Scope   []string // enclosing namespaces (and classes, for a member), outermost first
	Type    *Func
	Kind    FuncKind
	ExternC bool // extern "C": not mangled
	Static  bool // internal linkage
	Defined bool // has a body
	// Attributes written on the declaration: "noinline", "forceinline",
	// "host" (also __host__ __device__), "noreturn".
	Attrs []string
	// Bounds are a kernel's __launch_bounds__ and __maxnreg__.
	Bounds LaunchBounds

	// C++ members (see cxx.go).

	// Class is the class d is a member of; nil for a namespace-scope
	// function (friends included).
	Class *Struct
	// Special tells a constructor, destructor, operator, conversion
	// function or literal operator from an ordinary function; Operator
	// says which operator (see OperatorFor: unary and binary minus differ),
	// LiteralSuffix a literal operator's suffix ("_km").
	Special       SpecialKind
	Operator      Operator
	LiteralSuffix string
	// StaticMember marks a static member function: it has no this.
	StaticMember bool
	// Virtual is set for a virtual member function (declared virtual or
	// overriding one); Pure for one declared = 0.
	Virtual, Pure bool
	// Defaulted and Deleted mark a special member declared = default or
	// = delete: such a constructor is not user-provided.
	Defaulted, Deleted bool
	// Implicit marks the default constructor the compiler defines for a
	// class that declares none and needs one (it has default member
	// initializers, or bases or members whose default constructors do
	// something): inline, __host__ __device__, not user-provided (it is
	// Defaulted too), in the class's Methods but no File's Funcs.
	Implicit bool
	Access   Access
	// Template is set when d is a specialization of a function template.
	Template *TemplateInst

	Pos token.Pos
}

// LaunchBounds are a kernel's __launch_bounds__(MaxThreads, MinBlocks,
// MaxClusterBlocks) and __maxnreg__(MaxRegs), indexed by those constants;
// 0 where not given. nvcc writes them as .maxntid, .minnctapersm,
// .maxclusterrank and .maxnreg.
type LaunchBounds [4]int64

// The indices of LaunchBounds.
const (
	MaxThreads = iota
	MinBlocks
	MaxClusterBlocks
	MaxRegs
)

// Merge sets the bounds that o gives (those not 0).
func (b *LaunchBounds) Merge(o LaunchBounds) {
	for i, v := range o {
		if v != 0 {
			b[i] = v
		}
	}
}

// HasAttr reports whether d carries the attribute.
func (d *FuncDecl) HasAttr(name string) bool {
	for _, a := range d.Attrs {
		if a == name {
			return true
		}
	}
	return false
}

// InternalLinkage reports whether d has internal linkage: it is static or
// declared in an unnamed namespace.
func (d *FuncDecl) InternalLinkage() bool {
	if d.Static {
		return true
	}
	for _, s := range d.Scope {
		if s == AnonymousNamespace {
			return true
		}
	}
	return false
}

// QualifiedName is the source name with its namespaces ("ns::f").
func (d *FuncDecl) QualifiedName() string { return qualifiedName(d.Scope, d.Name) }

// VarDecl is a variable declared at file scope, or a static data member
// of a class (Class set; Scope then ends with the class's Scope and Tag).
type VarDecl struct {
	Name  string
	Scope []string
	Class *Struct
	// Template is set for a specialization of a variable template.
	Template *TemplateInst
	Type     Type
	// Space is where CUDA puts it: GlobalSpace for __device__, ConstSpace
	// for __constant__, SharedSpace for __shared__, GenericSpace for a host
	// variable.
	Space   Space
	ExternC bool
	Extern  bool
	Static  bool
	// Inline marks an inline variable (C++17 [dcl.inline]), which
	// every module that uses it defines: nvcc emits it .weak.
	Inline bool
	Pos    token.Pos
}

// InternalLinkage reports whether v has internal linkage (C++17
// [basic.link]/3): it is static, declared in an unnamed namespace, or
// const-qualified and neither inline nor extern.
func (v *VarDecl) InternalLinkage() bool {
	if v.Static {
		return true
	}
	for _, s := range v.Scope {
		if s == AnonymousNamespace {
			return true
		}
	}
	t := v.Type
	for {
		a, ok := t.(*Array)
		if !ok {
			break
		}
		t = a.Elem
	}
	if q, ok := t.(*Qualified); ok && q.Const && !q.Volatile && !v.Inline && !v.Extern && !v.ExternC {
		return true
	}
	return false
}

func qualifiedName(scope []string, name string) string {
	if len(scope) == 0 {
		return name
	}
	return strings.Join(scope, "::") + "::" + name
}

// TypeString is t declaring name, in C syntax: TypeString(int[4], "a") is
// "int a[4]".
func TypeString(t Type, name string) string { return declString(t, name) }

// declString writes t as a C declaration of name (which may be empty).
func declString(t Type, name string) string { return declString0(t, name, false) }

// CXXString is t declaring name in C++ syntax, as c++filt prints types:
// classes and enums without their keyword ("ns::S *").
func CXXString(t Type, name string) string { return declString0(t, name, true) }

func declString0(t Type, name string, cxx bool) string {
	// inner accumulates the declarator from the name outwards.
	inner := name
	for {
		switch u := t.(type) {
		case *Pointer:
			inner = "*" + inner
			t = u.Elem
			continue
		case *MemberPointer:
			inner = declString0(u.Class, "", true) + "::*" + inner
			t = u.Elem
			continue
		case *Reference:
			if u.RValue {
				inner = "&&" + inner
			} else {
				inner = "&" + inner
			}
			t = u.Elem
			continue
		case *Qualified:
			// Qualifiers written around qualifiers merge; qualifiers on an
			// array qualify its elements, and are written there.
			for inner, ok := u.Type.(*Qualified); ok; inner, ok = u.Type.(*Qualified) {
				u = &Qualified{Type: inner.Type, Const: u.Const || inner.Const,
					Volatile: u.Volatile || inner.Volatile, Restrict: u.Restrict || inner.Restrict}
			}
			if a, ok := u.Type.(*Array); ok {
				t = &Array{Elem: &Qualified{Type: a.Elem, Const: u.Const, Volatile: u.Volatile, Restrict: u.Restrict},
					Len: a.Len, Unsized: a.Unsized}
				continue
			}
			q := qualString(u)
			_, isPtr := u.Type.(*Pointer)
			if _, isMP := u.Type.(*MemberPointer); isPtr || isMP {
				inner = " " + q + " " + strings.TrimLeft(inner, " ")
				t = u.Type
				continue
			}
			return strings.TrimRight(q+" "+declString0(u.Type, inner, cxx), " ")
		case *Array:
			if strings.HasPrefix(inner, "*") || strings.HasPrefix(inner, "&") || strings.Contains(inner, "::*") {
				inner = "(" + inner + ")"
			}
			if u.Unsized {
				inner += "[]"
			} else {
				inner += fmt.Sprintf("[%d]", u.Len)
			}
			t = u.Elem
			continue
		case *Func:
			if strings.HasPrefix(inner, "*") || strings.HasPrefix(inner, "&") || strings.Contains(inner, "::*") {
				inner = "(" + inner + ")"
			}
			var ps []string
			for _, p := range u.Params {
				ps = append(ps, declString0(p.Type, "", cxx))
			}
			if u.Variadic {
				ps = append(ps, "...")
			}
			if len(ps) == 0 {
				ps = []string{"void"}
			}
			inner += "(" + strings.Join(ps, ", ") + ")" + funcQualString(u)
			t = u.Result
			continue
		}
		base := t.String()
		if cxx {
			switch u := t.(type) {
			case *Struct:
				if u.Tag != "" {
					base = u.Name()
				}
			case *Enum:
				if u.Tag != "" {
					base = strings.TrimPrefix(base, "enum ")
				}
			}
		}
		if inner == "" {
			return base
		}
		if strings.HasPrefix(inner, "*") || strings.HasPrefix(inner, "&") {
			return base + " " + inner
		}
		if strings.HasPrefix(inner, "[") {
			return base + inner
		}
		return base + " " + inner
	}
}

func qualString(q *Qualified) string {
	var parts []string
	if q.Const {
		parts = append(parts, "const")
	}
	if q.Volatile {
		parts = append(parts, "volatile")
	}
	if q.Restrict {
		parts = append(parts, "__restrict__")
	}
	return strings.Join(parts, " ")
}

// File is what the front end found in one translation unit, in source
// order within each list.
type File struct {
	Types []Type // named structs, unions, enums and typedefs, in declaration order
	Funcs []*FuncDecl
	Vars  []*VarDecl
}

// Lookup returns the named type: a typedef name, a tag ("S", also
// "struct S"), or a built-in vector or handle name. It returns nil when
// nothing has that name.
func (f *File) Lookup(name string) Type {
	name = strings.TrimSpace(name)
	for _, kw := range []string{"struct ", "union ", "class ", "enum "} {
		name = strings.TrimPrefix(name, kw)
	}
	for _, t := range f.Types {
		switch u := t.(type) {
		case *Struct:
			if u.Tag == name || qualifiedName(u.Scope, u.Tag) == name {
				return u
			}
		case *Enum:
			if u.Tag == name || qualifiedName(u.Scope, u.Tag) == name {
				return u
			}
		case *Typedef:
			if u.Name == name || qualifiedName(u.Scope, u.Name) == name {
				return u
			}
		}
	}
	return nil
}
