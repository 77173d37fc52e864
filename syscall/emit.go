package syscall

import (
	"fmt"
	"math"
	"strings"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/target"
)

// This file lowers the C library calls of guide §3 (printf, assert,
// malloc, free) to PTX syntax trees: calls of the system calls vprintf,
// __assertfail, malloc and free.

// Arg is an argument of a lowered call: its C type and the PTX operand
// that holds its value.
type Arg struct {
	// Type is the argument's C type, before any promotion or conversion.
	Type ctypes.Type
	// Operand holds the value. It is one of
	//   - a register ("%r1") of the caller's, holding a value of Type: a
	//     16- or 32-bit register for bool, the character types and short
	//     (nvcc uses 16-bit ones), a register as wide as Type otherwise
	//     (.f32 for float; .f64 for double and long double, which is a
	//     double on the device; the address size for pointers and long);
	//   - an immediate: an integer ("42", "-1", "0x2A") for an integral or
	//     pointer type, a floating-point number ("1.5", "0f3FC00000",
	//     "0d3FF8000000000000") for a floating-point type. It must be a
	//     value of Type; it is converted when the call is built;
	//   - a symbol ("buf") for a pointer, when Space names the state space
	//     of the variable it is the address of;
	//   - for __int128 and unsigned __int128, a pair of 64-bit registers
	//     or integers, the low half first ("{%rd1, %rd2}"), or an integer.
	Operand string
	// RegType, if set, is the PTX type of Operand's register (".b32",
	// ".s16", ".f32", ...). A register narrower or wider than Type is then
	// an error, not a silent truncation, and a bool may be held in a
	// predicate (".pred").
	RegType string
	// Space is, for a pointer, the state space of the address that
	// Operand holds. A generic address (GenericSpace) is passed as it is;
	// any other is converted to a generic one with cvta first: vprintf and
	// free take generic pointers (guide §3).
	Space ctypes.Space
}

// Builder lowers calls of printf, assert, malloc and free for one PTX
// module. Each lowering returns a { } scope for a function body; the
// module-level declarations the scopes need (the .extern .func prototypes
// of guide §3 and the strings, as .global .b8 arrays) accumulate in the
// Builder, and Decls returns them. The names the Builder makes (registers,
// symbols, labels) are fresh within the Builder. A Builder is not safe for
// concurrent use.
type Builder struct {
	Target target.Target
	// Prefix begins every name the builder makes: registers %<Prefix>_r0,
	// %<Prefix>_rd0, ..., strings $<Prefix>_str0, argument buffers
	// $<Prefix>_va0, labels $<Prefix>_L0. Letters, digits and '_' only;
	// empty means "sys".
	Prefix string

	used    map[string]bool
	strings []ast.Decl
	strSyms map[string]string
	counts  map[string]int
}

// NewBuilder returns a Builder for target t.
func NewBuilder(t target.Target) *Builder { return &Builder{Target: t} }

// MaxPrintfArgs is the most arguments, besides the format, that the CUDA
// driver's printf prints (CUDA C++ Programming Guide, "Formatted Output":
// further arguments are ignored). Printf rejects more.
const MaxPrintfArgs = 32

// Printf lowers printf(format, args...) (guide §3): the format becomes a
// .global .b8 string, the arguments are promoted (C's default argument
// promotions) and stored with st.local at PackPrintf's offsets in a .local
// buffer, and vprintf is called with the generic addresses of both (a null
// valist when there are no arguments). vprintf's status is loaded into the
// 32-bit register status, unless status is empty.
//
// The format is checked as the driver will read it: each conversion
// (and each "*" width or precision) must have an argument of its class
// (integer, floating-point, pointer) and size, so that the driver reads
// the buffer at the offsets it was written at. Arguments beyond the last
// conversion are allowed, as in C. Aggregates cannot be passed to printf.
func (b *Builder) Printf(format string, args []Arg, status string) (*ast.Block, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	if len(args) > MaxPrintfArgs {
		return nil, fmt.Errorf("printf with %d arguments: the driver prints at most %d besides the format", len(args), MaxPrintfArgs)
	}
	if strings.IndexByte(format, 0) >= 0 {
		return nil, fmt.Errorf("printf format %q contains a NUL byte", format)
	}
	types := make([]ctypes.Type, len(args))
	for i, a := range args {
		if a.Type == nil {
			return nil, fmt.Errorf("printf argument %d has no type", i+1)
		}
		types[i] = a.Type
	}
	buf, err := PackPrintf(b.Target, types)
	if err != nil {
		return nil, err
	}
	if err := checkFormat(format, b.Target, buf.Slots); err != nil {
		return nil, err
	}
	if status != "" {
		if err := checkReg(status); err != nil {
			return nil, fmt.Errorf("printf status: %v", err)
		}
	}
	e := b.emitter()
	var va string
	if len(buf.Slots) > 0 {
		va = b.fresh("$", "va")
		// The buffer holds each slot at its natural alignment: it is
		// aligned to the largest, and to at least PackPrintf's alignment.
		align := buf.Align
		for _, s := range buf.Slots {
			align = max(align, s.Align)
		}
		e.locals = append(e.locals, &ast.Variable{Space: ".local", Align: int(align), Type: ".b8",
			Names: []*ast.Declarator{{Name: va, Dims: []int64{buf.Size}}}})
	}
	for i, s := range buf.Slots {
		a := args[i]
		src, err := e.scalarOf(a.Type)
		if err != nil {
			return nil, fmt.Errorf("printf argument %d: %v", i+1, err)
		}
		dst, err := e.scalarOf(s.Promoted)
		if err != nil {
			return nil, fmt.Errorf("printf argument %d: %v", i+1, err)
		}
		vals, err := e.convert(a, src, dst)
		if err != nil {
			return nil, fmt.Errorf("printf argument %d (%s): %v", i+1, a.Type, err)
		}
		typ := dst.storeType()
		for j, v := range vals {
			e.ins("st.local"+typ, ast.Addr(va, s.Offset+int64(8*j)), v)
		}
	}
	fmtAddr := e.global(b.stringSym(format))
	var valist ast.Expr = ast.IntLit(0)
	if va != "" {
		r := e.temp(e.ptrReg())
		e.ins("cvta.local"+e.ptrType(), ast.Reg(r), ast.Reg(va))
		valist = ast.Reg(r)
	}
	e.call(prototype(b.Target, "vprintf"), status, fmtAddr, valist)
	return e.block(), nil
}

// Assertion is an assert(expr) of CUDA's assert.h.
type Assertion struct {
	// Cond is the value of expr: where it is zero (false), __assertfail is
	// called. Its Type may be any scalar type; a bool may be held in a
	// predicate register (RegType ".pred"). A zero Cond (no Type) calls
	// __assertfail unconditionally: for a caller that has branched already.
	Cond Arg
	// Message is the text of expr; File, Line and Function where the
	// assert is (nvcc passes __FILE__, __LINE__ and the function's
	// __PRETTY_FUNCTION__, as "void k(int)").
	Message, File string
	Line          int64
	Function      string
}

// Assert lowers assert(expr) (guide §3): where Cond is false, a call of
// __assertfail(message, file, line, function, 1) with the strings in
// .global memory, passed as generic addresses. An immediate Cond is
// decided when the call is built: a true one gives an empty scope.
func (b *Builder) Assert(a Assertion) (*ast.Block, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	for _, s := range []struct{ what, s string }{{"message", a.Message}, {"file", a.File}, {"function", a.Function}} {
		if strings.IndexByte(s.s, 0) >= 0 {
			return nil, fmt.Errorf("assert %s %q contains a NUL byte", s.what, s.s)
		}
	}
	if a.Line < 0 || a.Line > math.MaxUint32 {
		return nil, fmt.Errorf("assert line %d is not a 32-bit unsigned number", a.Line)
	}
	e := b.emitter()
	var skip string
	if a.Cond.Type != nil {
		p, always, err := e.truth(a.Cond)
		if err != nil {
			return nil, fmt.Errorf("assert condition (%s): %v", a.Cond.Type, err)
		}
		switch always {
		case 1:
			return &ast.Block{}, nil
		case -1:
			skip = b.fresh("$", "L")
			e.body = append(e.body, &ast.Instruction{Guard: p, Opcode: "bra", Operands: []ast.Expr{ast.Reg(skip)}})
		}
	}
	msg := e.global(b.stringSym(a.Message))
	file := e.global(b.stringSym(a.File))
	fn := e.global(b.stringSym(a.Function))
	e.call(prototype(b.Target, "__assertfail"), "", msg, file, ast.IntLit(a.Line), fn, ast.IntLit(1))
	if skip != "" {
		e.body = append(e.body, &ast.Label{Name: skip})
	}
	return e.block(), nil
}

// Malloc lowers ptr = malloc(size) (guide §3): size, of any integral type,
// is converted to size_t (unsigned, as wide as an address) and the
// pointer malloc returns, a generic address, is loaded into the register
// ptr (of the address size), unless ptr is empty.
func (b *Builder) Malloc(size Arg, ptr string) (*ast.Block, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	if ptr != "" {
		if err := checkReg(ptr); err != nil {
			return nil, fmt.Errorf("malloc result: %v", err)
		}
	}
	if size.Type == nil {
		return nil, fmt.Errorf("malloc size has no type")
	}
	e := b.emitter()
	src, err := e.scalarOf(size.Type)
	if err == nil && src.class != sInt {
		err = fmt.Errorf("malloc's size must have an integral type")
	}
	if err != nil {
		return nil, fmt.Errorf("malloc size (%s): %v", size.Type, err)
	}
	v, err := e.convert(size, src, scalar{class: sInt, bits: b.Target.AddressSize})
	if err != nil {
		return nil, fmt.Errorf("malloc size (%s): %v", size.Type, err)
	}
	e.call(prototype(b.Target, "malloc"), ptr, v[0])
	return e.block(), nil
}

// Free lowers free(ptr) (guide §3): ptr is a pointer (or a null pointer
// constant) passed as a generic address.
func (b *Builder) Free(ptr Arg) (*ast.Block, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	if ptr.Type == nil {
		return nil, fmt.Errorf("free argument has no type")
	}
	e := b.emitter()
	src, err := e.scalarOf(ptr.Type)
	if err == nil && src.class != sPtr {
		err = fmt.Errorf("free takes a pointer")
	}
	if err != nil {
		return nil, fmt.Errorf("free argument (%s): %v", ptr.Type, err)
	}
	v, err := e.convert(ptr, src, src)
	if err != nil {
		return nil, fmt.Errorf("free argument (%s): %v", ptr.Type, err)
	}
	e.call(prototype(b.Target, "free"), "", v[0])
	return e.block(), nil
}

// Decls returns the module-level declarations that the scopes built so far
// need: the prototypes (guide §3) of the system calls they call, in the
// guide's order, then the strings in the order they were made.
func (b *Builder) Decls() []ast.Decl {
	var out []ast.Decl
	for _, p := range Prototypes(b.Target) {
		if b.used[p.Name] {
			out = append(out, p.Func())
		}
	}
	return append(out, b.strings...)
}

// Module returns a whole module: .version, .target and .address_size for
// the Builder's target, Decls, then funcs.
func (b *Builder) Module(funcs ...*ast.Function) *ast.Module {
	t := b.Target
	m := &ast.Module{Decls: []ast.Decl{
		&ast.Version{Major: t.PTX.Major, Minor: t.PTX.Minor},
		&ast.Target{Names: []string{t.Arch()}},
		&ast.AddressSize{Size: t.AddressSize},
	}}
	m.Decls = append(m.Decls, b.Decls()...)
	for _, f := range funcs {
		m.Decls = append(m.Decls, f)
	}
	return m
}

func (b *Builder) check() error {
	if b.Target.AddressSize != 32 && b.Target.AddressSize != 64 {
		return fmt.Errorf("address size must be 32 or 64, not %d", b.Target.AddressSize)
	}
	if b.Prefix != "" && strings.Trim(b.Prefix, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
		return fmt.Errorf("name prefix %q: letters, digits and '_' only", b.Prefix)
	}
	return nil
}

// fresh returns a new name: sigil, the prefix, '_', kind and a number.
func (b *Builder) fresh(sigil, kind string) string {
	if b.counts == nil {
		b.counts = map[string]int{}
	}
	prefix := b.Prefix
	if prefix == "" {
		prefix = "sys"
	}
	n := b.counts[sigil+kind]
	b.counts[sigil+kind] = n + 1
	return fmt.Sprintf("%s%s_%s%d", sigil, prefix, kind, n)
}

// stringSym returns the symbol of a .global .b8 array holding s and a NUL,
// declaring it the first time.
func (b *Builder) stringSym(s string) string {
	if sym, ok := b.strSyms[s]; ok {
		return sym
	}
	if b.strSyms == nil {
		b.strSyms = map[string]string{}
	}
	sym := b.fresh("$", "str")
	b.strSyms[s] = sym
	init := &ast.Braces{}
	for i := 0; i <= len(s); i++ {
		c := byte(0)
		if i < len(s) {
			c = s[i]
		}
		init.Elems = append(init.Elems, ast.UintLit(uint64(c)))
	}
	b.strings = append(b.strings, &ast.Variable{Space: ".global", Align: 1, Type: ".b8",
		Names: []*ast.Declarator{{Name: sym, Dims: []int64{int64(len(s) + 1)}, Init: init}}})
	return sym
}

// checkReg checks that s names a register.
func checkReg(s string) error {
	op, err := parseOperand(s)
	if err != nil {
		return err
	}
	if op.kind != opReg {
		return fmt.Errorf("%q is not a register", s)
	}
	return nil
}

// emitter builds one scope.
type emitter struct {
	b      *Builder
	l      *layout.Layouter
	regs   map[string][]*ast.Declarator // temporaries by register type
	locals []ast.Stmt
	body   []ast.Stmt
}

// regTypes are the types of temporaries, in the order they are declared,
// with the kind of their names.
var regTypes = []struct{ typ, kind string }{{".pred", "p"}, {".b32", "r"}, {".b64", "rd"}, {".f64", "fd"}}

func (b *Builder) emitter() *emitter {
	return &emitter{b: b, l: layout.New(b.Target), regs: map[string][]*ast.Declarator{}}
}

// temp returns a fresh register of PTX type typ (one of regTypes).
func (e *emitter) temp(typ string) string {
	for _, rt := range regTypes {
		if rt.typ == typ {
			name := e.b.fresh("%", rt.kind)
			e.regs[typ] = append(e.regs[typ], &ast.Declarator{Name: name})
			return name
		}
	}
	panic("syscall: no temporaries of type " + typ)
}

func (e *emitter) ins(name string, ops ...ast.Expr) {
	e.body = append(e.body, ast.NewInstruction(name, ops...))
}

// ptrType is ".u32" or ".u64", the type of cvta for the address size;
// ptrReg the type of a temporary holding an address.
func (e *emitter) ptrType() string { return fmt.Sprintf(".u%d", e.b.Target.AddressSize) }
func (e *emitter) ptrReg() string  { return fmt.Sprintf(".b%d", e.b.Target.AddressSize) }

// global returns a register holding the generic address of the .global
// symbol sym.
func (e *emitter) global(sym string) ast.Expr {
	r := e.temp(e.ptrReg())
	e.ins("cvta.global"+e.ptrType(), ast.Reg(r), ast.Reg(sym))
	return ast.Reg(r)
}

// call calls system call p with args and loads its result into ret
// unless ret is empty: the call sequence is package abi's (one writer of
// call sequences), a { } scope declaring param0, param1... and retval0
// as nvcc names them, numbered by the Builder's callseq counter.
func (e *emitter) call(p Prototype, ret string, args ...ast.Expr) {
	e.b.use(p.Name)
	decl := p.ABIDecl(e.b.Target)
	c := &abi.Call{Callee: decl, Uni: true, Ret: abi.Value{Reg: ret}, Seq: e.b.next("callseq")}
	for _, a := range args {
		c.Args = append(c.Args, abi.Value{Reg: operandText(a)})
	}
	stmts, err := c.Stmts()
	if err != nil {
		panic("syscall: internal error: " + err.Error())
	}
	e.body = append(e.body, stmts...)
}

// operandText is the text of a register, symbol or integer operand, as
// abi.Value takes it.
func operandText(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.Lit:
		return x.Value
	case *ast.Unary:
		if x.Op == "-" {
			return "-" + operandText(x.X)
		}
	}
	panic(fmt.Sprintf("syscall: internal error: operand %T", x))
}

// next returns the next number of the Builder's counter named kind.
func (b *Builder) next(kind string) int {
	if b.counts == nil {
		b.counts = map[string]int{}
	}
	n := b.counts[kind]
	b.counts[kind] = n + 1
	return n
}

func (b *Builder) use(name string) {
	if b.used == nil {
		b.used = map[string]bool{}
	}
	b.used[name] = true
}

// block returns the scope: the temporaries, the .local buffer, the body.
func (e *emitter) block() *ast.Block {
	blk := &ast.Block{}
	for _, rt := range regTypes {
		if ds := e.regs[rt.typ]; len(ds) > 0 {
			blk.Stmts = append(blk.Stmts, &ast.Variable{Space: ".reg", Type: rt.typ, Names: ds})
		}
	}
	blk.Stmts = append(blk.Stmts, e.locals...)
	blk.Stmts = append(blk.Stmts, e.body...)
	return blk
}
