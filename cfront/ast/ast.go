// Package ast is the syntax tree of C and CUDA C++ function bodies:
// statements and expressions, as package cfront/parser reads them and
// package cfront/sema types them. Declarations at namespace and class
// scope are not in this tree: package cfront turns them into the type
// graph of package ctypes, and a Body names its function by its
// *ctypes.FuncDecl.
//
// Every node has a position (go/token.Pos in the FileSet the front end
// was given). After sema (cfront/sema.Check), the tree is typed:
//
//   - every Expr's Info() holds its ctypes.Type (never a *ctypes.Reference:
//     an expression of reference type is an lvalue of the referred type,
//     as in C++ [expr.type]), whether it is an lvalue, and, for a constant
//     expression, its value (a go/constant.Value: Int for integral, enum,
//     bool and pointer-null constants, Float for floating ones);
//
//   - implicit conversions are explicit: an *ImplicitCast node whose Kind
//     says which (lvalue-to-rvalue, array-to-pointer decay, integral
//     promotion, usual arithmetic conversion, ...) wraps the converted
//     operand, so a consumer never has to apply C's conversion rules again;
//     the operands of a Binary operator have, after sema, the operator's
//     operand type, except for pointer arithmetic (the pointer is X, the
//     promoted integer Y; p - q of two pointers yields ptrdiff_t), shifts
//     (each operand promoted on its own; the result has X's type) and &&,
//     || (both bool);
//
//   - names are resolved: an *Ident's Obj is the *Var (a local variable or
//     parameter), *Global, *Function, *EnumConst it denotes; a member of
//     the enclosing class named without this-> becomes a *Member of an
//     implicit *This;
//
//   - calls are resolved: a *Call's Func is the *ctypes.FuncDecl that
//     overload resolution chose (nil for an indirect call through a
//     function pointer), Recv the object pointer of a member function
//     call, Args the arguments converted to the parameters' types;
//     an operator of a class type (a + b with operator+) becomes a
//     *Call whose Operator is set; Builtin names a device built-in
//     (__syncthreads, atomicAdd, sqrtf, ...) that code generation lowers
//     itself instead of calling it.
//
//   - initialization is explicit: a VarDecl's, GlobalInit's or
//     ReturnStmt's expression has the initialized type; a class with
//     constructors is initialized by a *Call with Ctor set; an *InitList
//     after sema is an aggregate's members (or elements) in order, nested
//     for sub-aggregates, possibly fewer than there are members (the rest
//     are zero-initialized; an empty list is zero-initialization); a
//     char array initialized by a string literal keeps the *BasicLit;
//     an argument or initializer bound to a reference is the lvalue
//     itself (not loaded), or, for a const reference bound to an rvalue,
//     the converted rvalue (the code generator makes the temporary).
//
// What the front end does not support is an error naming the construct
// at its position, never a node dropped silently: new and delete,
// throw and try, and the constructs package sema lists.
// Sema replaces some nodes by what they mean: a *Lambda by its closure
// object, a *RangeForStmt by its expansion, a *StaticAssert by an
// *EmptyStmt.
//
// The tree is printed by Fprint in a compact form (golden files of
// packages cfront/parser and cfront/sema show it on real kernels).
package ast

import (
	"go/constant"
	"go/token"

	"github.com/ptxabi/ptxabi/ctypes"
)

// Node is a node of the tree.
type Node interface {
	Pos() token.Pos
}

// Info is what sema records on an expression.
type Info struct {
	// Type is the expression's type (a reference-typed expression has the
	// referred type and is an lvalue).
	Type ctypes.Type
	// LValue reports whether the expression designates an object (or a
	// function) rather than a value.
	LValue bool
	// Value is the expression's value when it is a constant expression
	// that sema evaluated; nil otherwise.
	Value constant.Value
	// NegZero marks a floating constant whose value is negative zero:
	// Value is then 0 (go/constant has no -0.0; IEEE and nvcc do).
	NegZero bool
}

// Typed is embedded in every expression node.
type Typed struct{ I Info }

// Info returns the expression's type information.
func (t *Typed) Info() *Info { return &t.I }

// Expr is an expression.
type Expr interface {
	Node
	Info() *Info
	exprNode()
}

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

// ---------------------------------------------------------------------
// Objects: what a name denotes.

// Object is what an identifier denotes after sema: *Var, *Global,
// *Function, *EnumConst.
type Object interface{ object() }

// Var is a local variable or a parameter of the function being compiled.
// Declaration and uses share the pointer.
type Var struct {
	Name string
	Type ctypes.Type
	// Param is the index of the parameter in the function's parameter
	// list; -1 for a local variable.
	Param int
	// Static marks a static local (one object for all calls, initialized
	// once as a global is); Space is where a __shared__ local lives.
	Static bool
	Space  ctypes.Space
	// Extern marks extern __shared__ T x[]: the block's dynamic shared
	// memory (its size is the launch's).
	Extern bool
	// Destroyed marks a local object (or array) of a class whose
	// destruction runs code (a user-provided destructor, its own, its
	// bases' or its members'): the code generator destroys it where it
	// leaves its scope.
	Destroyed bool
	Pos       token.Pos
}

// Global is a variable declared at namespace scope or a static data
// member. Decl is the front end's declaration (for a built-in variable
// such as threadIdx, a declaration made for it: Builtin is then set).
type Global struct {
	Decl    *ctypes.VarDecl
	Builtin bool
}

// Function is a function named as a value (its address taken, or
// called: a Call records the chosen overload itself).
type Function struct{ Decl *ctypes.FuncDecl }

// EnumConst is an enumerator, or an integral constant declared at
// namespace scope (const int N = 4;), with its value.
type EnumConst struct {
	Name  string
	Type  ctypes.Type
	Value int64
}

func (*Var) object()       {}
func (*Global) object()    {}
func (*Function) object()  {}
func (*EnumConst) object() {}

// ---------------------------------------------------------------------
// Operators.

// Op is an operator of a Unary, Binary or Assign node.
type Op int

// The operators. NoOp is the plain assignment's.
const (
	NoOp Op = iota
	// Binary.
	Add
	Sub
	Mul
	Div
	Rem
	Shl
	Shr
	And
	Or
	Xor
	LAnd
	LOr
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	Comma
	// Unary.
	Neg     // -x
	Plus    // +x
	Not     // ~x
	LNot    // !x
	Addr    // &x
	Deref   // *x
	PreInc  // ++x
	PreDec  // --x
	PostInc // x++
	PostDec // x--
	numOps
)

var opNames = [numOps]string{
	NoOp: "=", Add: "+", Sub: "-", Mul: "*", Div: "/", Rem: "%", Shl: "<<", Shr: ">>",
	And: "&", Or: "|", Xor: "^", LAnd: "&&", LOr: "||", Eq: "==", Ne: "!=", Lt: "<",
	Le: "<=", Gt: ">", Ge: ">=", Comma: ",", Neg: "-", Plus: "+", Not: "~", LNot: "!",
	Addr: "&", Deref: "*", PreInc: "++", PreDec: "--", PostInc: "++", PostDec: "--",
}

func (o Op) String() string {
	if o >= 0 && o < numOps {
		return opNames[o]
	}
	return "Op(?)"
}

// BinaryOps maps a binary operator's spelling to its Op.
var BinaryOps = map[string]Op{
	"+": Add, "-": Sub, "*": Mul, "/": Div, "%": Rem, "<<": Shl, ">>": Shr,
	"&": And, "|": Or, "^": Xor, "&&": LAnd, "||": LOr, "==": Eq, "!=": Ne,
	"<": Lt, "<=": Le, ">": Gt, ">=": Ge, ",": Comma,
}

// AssignOps maps an assignment operator's spelling to its Op (NoOp for =).
var AssignOps = map[string]Op{
	"=": NoOp, "+=": Add, "-=": Sub, "*=": Mul, "/=": Div, "%=": Rem,
	"<<=": Shl, ">>=": Shr, "&=": And, "|=": Or, "^=": Xor,
}

// IsComparison reports whether o yields a bool from two operands.
func (o Op) IsComparison() bool { return o >= Eq && o <= Ge }

// ---------------------------------------------------------------------
// Expressions.

// Ident is a name, possibly qualified (ns::x, ::x, S::count).
type Ident struct {
	Typed
	NamePos token.Pos
	// Qual are the qualifiers written before the name (["ns"] for ns::x,
	// [""] for ::x).
	Qual []string
	// QualType is a qualifier that names a class with template arguments
	// (Array<int, 3>::size); Qual is then empty.
	QualType *TypeName
	Name     string
	// TemplateArgs are explicit template arguments (f<float>), types or
	// constant expressions; nil when none were written.
	TemplateArgs []TemplateArg
	// Obj is what the name denotes (sema).
	Obj Object
}

// TemplateArg is an explicit template argument: a type or an expression.
type TemplateArg struct {
	Type *TypeName
	Expr Expr
}

// LitKind says which literal a BasicLit is.
type LitKind int

// Literal kinds.
const (
	IntLit LitKind = iota
	FloatLit
	CharLit
	StringLit
	BoolLit    // true, false
	NullptrLit // nullptr
)

// BasicLit is a literal. Value is its text as written (adjacent string
// literals are one BasicLit; Value is then their texts joined by a
// space); sema sets Info().Value (for a string literal, its bytes as a
// constant.String without the terminating NUL).
type BasicLit struct {
	Typed
	ValuePos token.Pos
	Kind     LitKind
	Value    string
}

// Unary is a prefix or postfix operator: - + ~ ! & * ++ --.
type Unary struct {
	Typed
	OpPos token.Pos
	Op    Op
	X     Expr
}

// Binary is a binary operator, the comma included. && and || evaluate
// their second operand only when needed.
type Binary struct {
	Typed
	OpPos token.Pos
	Op    Op
	X, Y  Expr
}

// Assign is an assignment (Op NoOp) or a compound assignment (x += y:
// Op Add). After sema, for a compound assignment, Y has the type that
// the operation is computed in (CompType) and the result is converted
// back to X's type on the store.
type Assign struct {
	Typed
	OpPos    token.Pos
	Op       Op
	X, Y     Expr
	CompType ctypes.Type // compound: the type x op y is computed in
}

// Cond is c ? x : y.
type Cond struct {
	Typed
	Question token.Pos
	C, X, Y  Expr
}

// CastKind says how an explicit cast was written.
type CastKind int

// Explicit cast forms.
const (
	CCast           CastKind = iota // (T)x
	FunctionalCast                  // T(x)
	StaticCast                      // static_cast<T>(x)
	ReinterpretCast                 // reinterpret_cast<T>(x)
	ConstCast                       // const_cast<T>(x)
)

var castNames = [...]string{"c", "functional", "static_cast", "reinterpret_cast", "const_cast"}

func (k CastKind) String() string { return castNames[k] }

// Cast is an explicit conversion to Type. After sema, X is already
// converted (ImplicitCast nodes inside say how); the Cast's own type is
// Type.Type.
type Cast struct {
	Typed
	Lparen token.Pos
	Kind   CastKind
	Type   *TypeName
	X      Expr
}

// ConvKind is the kind of an implicit conversion.
type ConvKind int

// Implicit conversions, as C and C++ apply them.
const (
	LValueToRValue     ConvKind = iota // load the value of an lvalue
	ArrayToPointer                     // decay of an array to a pointer to its first element
	FunctionToPointer                  // a function designator to its address
	IntegralPromotion                  // char, short, bool, bit field, enum to int (or unsigned)
	IntegralConversion                 // between integer types (widening, narrowing, sign change)
	FloatingPromotion                  // float to double
	FloatingConversion                 // between floating types
	IntToFloat                         // integer to floating
	FloatToInt                         // floating to integer (truncation)
	PointerToBool                      // a pointer compared with null
	IntToBool                          // an integer or enum compared with zero
	FloatToBool                        // a floating value compared with zero
	NullToPointer                      // a null pointer constant to a pointer type
	PointerConversion                  // T* to void*, void* to T* (C), between object pointers with a cast
	IntToPointer                       // an integer to a pointer (cast)
	PointerToInt                       // a pointer to an integer (cast)
	DerivedToBase                      // an object or pointer of a derived class to its base
	BaseToDerived                      // a base class pointer to a derived one (static_cast)
	Qualification                      // adds const or volatile
	ToVoid                             // (void)x: the value is discarded
	BitCast                            // reinterpret_cast between types of one size
	numConvs
)

var convNames = [numConvs]string{
	"lvalue-to-rvalue", "array-to-pointer", "function-to-pointer", "integral-promotion",
	"integral-conversion", "floating-promotion", "floating-conversion", "int-to-float",
	"float-to-int", "pointer-to-bool", "int-to-bool", "float-to-bool", "null-to-pointer",
	"pointer-conversion", "int-to-pointer", "pointer-to-int", "derived-to-base",
	"base-to-derived", "qualification", "to-void", "bitcast",
}

func (k ConvKind) String() string {
	if k >= 0 && k < numConvs {
		return convNames[k]
	}
	return "ConvKind(?)"
}

// ImplicitCast is a conversion that sema inserted. Its type is the
// converted-to type; for DerivedToBase, Path lists the base classes
// crossed, outermost first (an object of a derived class converts to its
// base subobject: an lvalue stays an lvalue).
type ImplicitCast struct {
	Typed
	Kind ConvKind
	X    Expr
	Path []*ctypes.Base
}

// Sizeof is sizeof or alignof (_Alignof, __alignof__) of a type (Type
// set) or of an expression (X set, not evaluated). After sema its value
// is in Info().Value.
type Sizeof struct {
	Typed
	OpPos token.Pos
	Align bool
	Type  *TypeName
	X     Expr
}

// Offsetof is offsetof(Type, designator): the byte offset of a member
// of a class, a member's member (a.b) or an array element (a[2]). After
// sema its value is in Info().Value.
type Offsetof struct {
	Typed
	OpPos token.Pos
	Type  *TypeName
	// Path is the designator: a member name, or an element Index (a
	// constant expression).
	Path []OffsetofStep
}

// OffsetofStep is one step of an offsetof designator: .Name or [Index].
type OffsetofStep struct {
	Name  string
	Index Expr
}

// Call is a function call, a kernel launch, or (after sema) an operator
// of a class type or a constructor call that sema made explicit.
type Call struct {
	Typed
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	// Launch holds a kernel launch's <<<grid, block[, shared[, stream]]>>>
	// configuration: allowed in host code only.
	Launch []Expr
	// Sema:
	// Func is the called function (nil for an indirect call through the
	// value of Fun).
	Func *ctypes.FuncDecl
	// Recv is, for a non-static member function, the pointer to the
	// object it is called on (this of the call). When the object is a
	// temporary (a class rvalue: (a + b).f(), a + b + c), Recv is an
	// Addr *Unary of that rvalue: the code generator materializes the
	// temporary and passes its address.
	Recv Expr
	// Operator is set when the call is an overloaded operator written as
	// an operator expression (a + b).
	Operator bool
	// Ctor is set when the call constructs Info().Type's object (T(a, b),
	// T x(a, b)) with constructor Func.
	Ctor bool
	// Builtin is the name of the device built-in called, "" for an
	// ordinary function (see sema.IsBuiltin).
	Builtin string
}

// Member is x.name or x->name. After sema, for a data member, Field is
// the member and Struct the class that declares it (X having been
// converted to that class by DerivedToBase where it is a base); an
// anonymous struct or union member's own members are reached through
// Path (the anonymous members crossed, outermost first). For a CUDA
// vector type (float4) Field is nil and VecIndex the component (x 0, y
// 1, z 2, w 3). For a member function, Method is set (only as a Call's
// Fun).
type Member struct {
	Typed
	X     Expr
	Arrow bool
	Dot   token.Pos
	// Qual names the class whose member is meant, x.Base::name (["Base"];
	// ["ns", "Base"] for x.ns::Base::name): the object's class or a base
	// of it. A member function named so is called without dynamic
	// dispatch.
	Qual []string
	Name string
	// TemplateArgs are the explicit template arguments of a member
	// function template (s.tr<true, false>(x)); nil when none were
	// written.
	TemplateArgs []TemplateArg
	Field        *ctypes.Field
	Struct       *ctypes.Struct
	Path         []*ctypes.Field
	VecIndex     int
	Method       *ctypes.FuncDecl
	// Static is set for a static data member named through an object.
	Static *Global
}

// Binding initializes the name Index of a structured binding
// declaration with Count names (auto [a, b] = e; C++17
// [dcl.struct.bind]), which is a reference to an element of the
// variable Of names: the Index-th non-static data member of its class,
// or its array's element Index. Sema replaces it with that *Member or
// *Index; a checked tree has none.
type Binding struct {
	Typed
	Of           *Ident
	Index, Count int
	Lbrack       token.Pos
}

// Index is x[i]. After sema X is a pointer and I an integer (the
// operands of i[x] are swapped).
type Index struct {
	Typed
	X      Expr
	Lbrack token.Pos
	I      Expr
}

// This is the this pointer of a member function (Implicit when sema made
// it for a member named without this->).
type This struct {
	Typed
	ThisPos  token.Pos
	Implicit bool
}

// Lambda is a lambda expression, [captures](params) mutable -> T {body}.
// Sema replaces it by its closure object: an *InitList of the closure
// class, which has a member for each variable captured (its value, or
// its address for a capture by reference) and the call operator, a
// member function whose checked body sema returns with the others.
type Lambda struct {
	Typed
	Lbrack token.Pos
	// Default is the capture default: "", "=" or "&".
	Default  string
	Captures []LambdaCapture
	Params   []*Var
	Mutable  bool
	// Result is the type after ->; nil when the returns deduce it.
	Result *TypeName
	Body   *Block
	// ParamForms are, for a generic lambda, each parameter's declared
	// form with auto as a placeholder ("auto", "const auto &", "auto &&";
	// "" for a parameter with a type); nil when no parameter is auto.
	// Sema checks a generic lambda's body once per call's argument
	// types, each time on a tree read again from the body's tokens:
	// Start is the index of the lambda's '[' in them.
	ParamForms []string
	Start      int
}

// LambdaCapture is one explicit capture: name, &name, this, or an
// init-capture (name = Init, &name = Init).
type LambdaCapture struct {
	NamePos token.Pos
	Name    string
	ByRef   bool
	Init    Expr
}

// InitList is a braced initializer { a, b, ... } or a braced functional
// form T{a, b}. After sema its type is the initialized object's and Elems
// are converted to the element or member types in order (nested lists
// for nested aggregates; brace elision is made explicit).
type InitList struct {
	Typed
	Lbrace token.Pos
	Elems  []Expr
	Rbrace token.Pos
	// Type is the type written in T{...}; nil for a plain list.
	Type *TypeName
	// Paren marks the argument list of a direct initializer, T x(a, b):
	// sema makes it a constructor Call for a class type and the
	// converted single argument otherwise.
	Paren bool
}

// New is a new-expression, new T, new T(args), new T{...} or new T[n]
// (C++ [expr.new]), lowered to the guide's malloc system call (§3.2). The
// parser reads the type's specifiers and pointer operators; Len is the
// array bound of new T[n] (nil for one object); Init is the initializer:
// an InitList (Paren for (args)), or nil. Placement holds the arguments of
// new (args) T, the placement form; Global marks ::new.
//
// After sema, Info().Type is a pointer to the allocated type (to the
// element for new T[n]), Len the count converted to size_t, Size the
// size of T (a size_t constant: the byte count of one object, or of an
// element), Cookie whether new T[n] stores the count before the elements
// (a class with a destructor that runs code; nvcc's array cookie), and
// Init is converted like a variable's initializer (a constructor Call for
// a class with constructors, nil where the object is left uninitialized).
// For new T[n], Init is the constructor Call run on each element, or an
// empty InitList of type T where the elements are zeroed (new T[n]()).
type New struct {
	Typed
	NewPos    token.Pos
	Global    bool
	Placement []Expr
	Type      *TypeName
	Len       Expr
	Init      Expr
	// Sema:
	Elem   ctypes.Type
	Size   Expr
	Cookie bool
}

// Delete is a delete-expression, delete p or delete[] p (C++
// [expr.delete]), lowered to the guide's free system call (§3.3). After
// sema, X is the converted pointer (Global marks ::delete) and Dtor the destructor to run first
// (nil when destroying the object runs no code).
type Delete struct {
	Typed
	DeletePos token.Pos
	Global    bool
	Array     bool
	X         Expr
	// Sema:
	Dtor *ctypes.FuncDecl
}

// TypeName is a type written in a body (in a cast, sizeof, a template
// argument, a declaration): the parser resolves it through the front
// end's scopes.
type TypeName struct {
	TypePos token.Pos
	Type    ctypes.Type
	// Decltypes are the decltype(e) in Type that sema resolves.
	Decltypes []*Decltype
}

// Decltype is decltype(e) in a type read in a body, where the type of e
// is sema's to tell: Type stands for it in the types built around it, a
// typedef whose Type sema sets ([dcl.type.simple]: an id-expression's or
// member's declared type, T& for another lvalue, T for an rvalue).
type Decltype struct {
	Type *ctypes.Typedef
	Expr Expr
	// Paren marks a parenthesized operand, decltype((x)): an lvalue's
	// type is then a reference even for a name or a member.
	Paren bool
}

// Pos methods.

func (x *Ident) Pos() token.Pos    { return x.NamePos }
func (x *BasicLit) Pos() token.Pos { return x.ValuePos }
func (x *Unary) Pos() token.Pos {
	if x.Op == PostInc || x.Op == PostDec {
		return x.X.Pos()
	}
	return x.OpPos
}
func (x *Binary) Pos() token.Pos       { return x.X.Pos() }
func (x *Assign) Pos() token.Pos       { return x.X.Pos() }
func (x *Cond) Pos() token.Pos         { return x.C.Pos() }
func (x *Cast) Pos() token.Pos         { return x.Lparen }
func (x *ImplicitCast) Pos() token.Pos { return x.X.Pos() }
func (x *Sizeof) Pos() token.Pos       { return x.OpPos }
func (x *Offsetof) Pos() token.Pos     { return x.OpPos }
func (x *Call) Pos() token.Pos         { return x.Fun.Pos() }
func (x *Member) Pos() token.Pos       { return x.X.Pos() }
func (x *Index) Pos() token.Pos        { return x.X.Pos() }
func (x *Binding) Pos() token.Pos      { return x.Of.Pos() }
func (x *This) Pos() token.Pos         { return x.ThisPos }
func (x *InitList) Pos() token.Pos     { return x.Lbrace }
func (x *Lambda) Pos() token.Pos       { return x.Lbrack }
func (x *TypeName) Pos() token.Pos     { return x.TypePos }
func (x *New) Pos() token.Pos          { return x.NewPos }
func (x *Delete) Pos() token.Pos       { return x.DeletePos }

func (*Ident) exprNode()        {}
func (*BasicLit) exprNode()     {}
func (*Unary) exprNode()        {}
func (*Binary) exprNode()       {}
func (*Assign) exprNode()       {}
func (*Cond) exprNode()         {}
func (*Cast) exprNode()         {}
func (*ImplicitCast) exprNode() {}
func (*Sizeof) exprNode()       {}
func (*Offsetof) exprNode()     {}
func (*Call) exprNode()         {}
func (*Member) exprNode()       {}
func (*Index) exprNode()        {}
func (*Binding) exprNode()      {}
func (*This) exprNode()         {}
func (*InitList) exprNode()     {}
func (*Lambda) exprNode()       {}
func (*New) exprNode()          {}
func (*Delete) exprNode()       {}

// ---------------------------------------------------------------------
// Statements.

// Block is { stmts }.
type Block struct {
	Lbrace token.Pos
	List   []Stmt
	Rbrace token.Pos
}

// DeclStmt declares local variables (int i = 0, *p;), or local types
// (a typedef or a struct defined in the body: Vars is then empty).
type DeclStmt struct {
	DeclPos token.Pos
	Vars    []*VarDecl
	// Decltypes are the decltype(e) in the types of the typedefs it
	// declares (typedef decltype(e) T;), which sema resolves here.
	Decltypes []*Decltype
}

// VarDecl is one declarator of a DeclStmt: Var with its initializer.
// Init is nil (no initializer), an expression (= x; after sema converted
// to Var's type), an *InitList (= {...} or {...}), or, for a class type
// initialized by a constructor (T x(a, b);), a *Call with Ctor set.
type VarDecl struct {
	Var  *Var
	Init Expr
	// Auto is set for a variable declared with auto (const auto, auto &,
	// auto *): the parser leaves Var.Type nil and sema deduces it from
	// Init as C++ deduces a template argument; AutoType is the declared
	// form with auto as a placeholder: "auto", "const auto", "auto &",
	// "const auto &", "auto *", "const auto *".
	Auto     bool
	AutoType string
	// Decltypes are the decltype(e) in Var's type (decltype(e) x,
	// decltype(e) *p) that sema resolves before it declares Var: the
	// declaration parser knows the types of only some expressions, and
	// not an auto variable's.
	Decltypes []*Decltype
}

// ExprStmt is an expression evaluated for its effects.
type ExprStmt struct{ X Expr }

// EmptyStmt is ;.
type EmptyStmt struct{ Semi token.Pos }

// IfStmt is if (Init; Cond) Then else Else (Else may be nil). A
// condition that declares a variable (if (int n = f())) has the
// declaration in Init and Cond reading the variable. (An
// init-statement, if (x; cond), is the block { x; if (cond) ... }.)
// Constexpr marks if constexpr (C++17 [stmt.if]/2): sema evaluates
// Cond and, in a template instance, checks only the branch it takes;
// in a checked tree the branch not taken is nil (Then an empty
// statement) and Cond is the constant.
type IfStmt struct {
	If        token.Pos
	Constexpr bool
	Init      Stmt
	Cond      Expr
	Then      Stmt
	Else      Stmt
}

// ForStmt is for (Init; Cond; Post) Body; any of the three may be nil.
type ForStmt struct {
	For    token.Pos
	Init   Stmt
	Cond   Expr
	Post   Expr
	Body   Stmt
	Unroll *Unroll // the #pragma unroll before the loop, or nil
}

// Unroll is the #pragma unroll [Count] before a loop (CUDA C++
// Programming Guide, "#pragma unroll"): without Count, the loop is to be
// unrolled fully where its trip count is a constant; with it, Count
// times (1: not at all). Count is an integral constant expression; sema
// sets Times to its value, or to 0 when the pragma is ignored (a count
// of zero or less, as nvcc ignores it), and to -1 without Count.
type Unroll struct {
	Pragma token.Pos
	Count  Expr
	Times  int64
}

// RangeForStmt is a range-based for, for (Var : Range) Body. The parser
// puts it alone in a *Block (its scope); sema replaces it there by its
// expansion ([stmt.ranged]): the range bound to a reference, the begin
// and end iterators (the array and its end, or the range's begin() and
// end()), a ForStmt over them whose body declares Var from *begin. A
// checked tree has none.
type RangeForStmt struct {
	For    token.Pos
	Var    *VarDecl
	Range  Expr
	Body   Stmt
	Unroll *Unroll
}

// WhileStmt is while (Cond) Body.
type WhileStmt struct {
	While  token.Pos
	Init   Stmt // a declaration in the condition, or nil
	Cond   Expr
	Body   Stmt
	Unroll *Unroll
}

// DoStmt is do Body while (Cond);.
type DoStmt struct {
	Do     token.Pos
	Body   Stmt
	Cond   Expr
	Unroll *Unroll
}

// SwitchStmt is switch (Cond) Body. Cases are the case and default
// labels of its body, in order (each is also in the body where it was
// written); after sema each case's Value is its converted constant.
type SwitchStmt struct {
	Switch token.Pos
	Init   Stmt
	Cond   Expr
	Body   *Block
	Cases  []*CaseStmt
}

// CaseStmt is case X: Stmt or default: Stmt (X nil). Value is the case
// constant after sema, converted to the promoted type of the condition.
type CaseStmt struct {
	Case  token.Pos
	X     Expr
	Value int64
	// Hi is the end of a GNU case range, case X ... Hi: (nil for one
	// value), HiValue its value: the case takes Value through HiValue.
	Hi      Expr
	HiValue int64
	Stmt    Stmt
}

// BranchStmt is break, continue or goto Label.
type BranchStmt struct {
	TokPos token.Pos
	Tok    string // "break", "continue", "goto"
	Label  string
}

// LabeledStmt is Label: Stmt.
type LabeledStmt struct {
	LabelPos token.Pos
	Label    string
	Stmt     Stmt
}

// ReturnStmt is return X; (X nil for return;). After sema X is converted
// to the function's result type.
type ReturnStmt struct {
	Return token.Pos
	X      Expr
}

// AsmStmt is inline PTX: asm [volatile] ("template" : outputs : inputs :
// clobbers);. Template is the concatenated string (escapes decoded).
type AsmStmt struct {
	Asm      token.Pos
	Volatile bool
	Template string
	Outputs  []AsmOperand
	Inputs   []AsmOperand
	Clobbers []string
}

// AsmOperand is "constraint"(expr). For an output, Constraint starts
// with = or + (read-write); its letter says the register kind as nvcc
// takes it: h (16-bit), r (32-bit), l (64-bit), f (f32), d (f64), n
// (immediate), c (8-bit, sm_90).
type AsmOperand struct {
	Constraint string
	X          Expr
}

// StaticAssert is static_assert(Cond, "Msg"); in a body. Sema checks
// it and replaces it by an *EmptyStmt: a checked tree has none.
type StaticAssert struct {
	Assert token.Pos
	Cond   Expr
	Msg    string
}

func (s *StaticAssert) Pos() token.Pos { return s.Assert }
func (*StaticAssert) stmtNode()        {}

func (s *Block) Pos() token.Pos        { return s.Lbrace }
func (s *DeclStmt) Pos() token.Pos     { return s.DeclPos }
func (s *ExprStmt) Pos() token.Pos     { return s.X.Pos() }
func (s *EmptyStmt) Pos() token.Pos    { return s.Semi }
func (s *IfStmt) Pos() token.Pos       { return s.If }
func (s *ForStmt) Pos() token.Pos      { return s.For }
func (s *WhileStmt) Pos() token.Pos    { return s.While }
func (s *RangeForStmt) Pos() token.Pos { return s.For }
func (s *DoStmt) Pos() token.Pos       { return s.Do }
func (s *SwitchStmt) Pos() token.Pos   { return s.Switch }
func (s *CaseStmt) Pos() token.Pos     { return s.Case }
func (s *BranchStmt) Pos() token.Pos   { return s.TokPos }
func (s *LabeledStmt) Pos() token.Pos  { return s.LabelPos }
func (s *ReturnStmt) Pos() token.Pos   { return s.Return }
func (s *AsmStmt) Pos() token.Pos      { return s.Asm }

func (*Block) stmtNode()        {}
func (*DeclStmt) stmtNode()     {}
func (*ExprStmt) stmtNode()     {}
func (*EmptyStmt) stmtNode()    {}
func (*IfStmt) stmtNode()       {}
func (*ForStmt) stmtNode()      {}
func (*WhileStmt) stmtNode()    {}
func (*RangeForStmt) stmtNode() {}
func (*DoStmt) stmtNode()       {}
func (*SwitchStmt) stmtNode()   {}
func (*CaseStmt) stmtNode()     {}
func (*BranchStmt) stmtNode()   {}
func (*LabeledStmt) stmtNode()  {}
func (*ReturnStmt) stmtNode()   {}
func (*AsmStmt) stmtNode()      {}

// ---------------------------------------------------------------------
// Functions.

// FuncBody is a function definition's body.
type FuncBody struct {
	// Decl is the function the body defines.
	Decl *ctypes.FuncDecl
	// Params are the parameters as local variables, in order (an unnamed
	// parameter has an empty Name).
	Params []*Var
	// Inits are a constructor's member and base initializers, in the
	// order written.
	Inits []*CtorInit
	Body  *Block
	// Locals are every local variable the body declares (sema), in
	// order of declaration; static locals included.
	Locals []*Var
}

// CtorInit is one member or base initializer of a constructor (: x(a),
// Base(b)). After sema Field or Base is set and Init converts the
// arguments (a Call with Ctor set for a class type).
type CtorInit struct {
	NamePos token.Pos
	Name    string
	// Type is the base a name with template arguments names
	// (detail::base<T>(x)); nil otherwise.
	Type   ctypes.Type
	Args   []Expr
	Braced bool
	Field  *ctypes.Field
	Base   *ctypes.Base
	// Delegate marks a delegating constructor's initializer (S(int x) :
	// S(x, 0) {}): Init constructs the whole object, and it is the only
	// initializer.
	Delegate bool
	Init     Expr
}

// Pos is the body's opening brace.
func (f *FuncBody) Pos() token.Pos { return f.Body.Lbrace }

// GlobalInit is the initializer of a variable declared at namespace
// scope (a __device__, __constant__ or host variable). After sema Init
// is converted to the variable's type like a local's initializer (an
// expression, an *InitList, or a constructor *Call) and is a constant
// initializer: constants, addresses of globals and functions, and lists
// of those.
type GlobalInit struct {
	Var  *ctypes.VarDecl
	Init Expr
}
