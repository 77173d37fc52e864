// Package ptxgen selects PTX instructions for IR functions (package ir):
// it builds a ptx/ast module, which package ptx/printer prints. Each value
// gets a virtual register of its type's class (.pred %p, .b16 %rs, .b32 %r,
// .b64 %rd, .f32 %f, .f64 %fd, as nvcc names them); phis become copies at
// the end of their predecessors (critical edges are split first); kernel
// and function declarations and call sequences follow package abi's
// lowering (guide §2.3), so a module compiled here links with nvcc's.
package ptxgen

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
	"github.com/ptxabi/ptxabi/ptx/ast"
)

// Error is a construct of the IR that ptxgen cannot select instructions
// for, naming it.
type Error struct {
	Func string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("@%s: %s", e.Func, e.Msg) }

type bailout struct{ err error }

// Options tune the PTX written.
type Options struct {
	// LineInfo writes .file for m.Files and .loc before the instructions
	// of each value with a position (nvcc's -lineinfo).
	LineInfo bool
	// NoContract writes floating-point add, sub and mul with the .rn
	// rounding modifier, so that ptxas does not fuse a mul and an add into
	// an fma (nvcc -fmad=false). Plain, they may be fused.
	NoContract bool
}

// Module is Generate with no options.
func Module(m *ir.Module) (*ast.Module, error) { return Generate(m, Options{}) }

// Generate selects instructions for every function of m and returns the
// PTX module: .version, .target and .address_size of m.Target, the .extern
// declarations of the functions m declares, its variables, and its
// functions. The functions of m are changed: their critical edges are split.
func Generate(m *ir.Module, opts Options) (mod *ast.Module, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			mod, err = nil, b.err
		}
	}()
	t := m.Target
	if err := t.Validate(); err != nil {
		return nil, err
	}
	mod = &ast.Module{Decls: []ast.Decl{
		&ast.Version{Major: t.PTX.Major, Minor: t.PTX.Minor},
		&ast.Target{Names: []string{t.Arch()}},
		&ast.AddressSize{Size: t.AddressSize},
	}}
	if opts.LineInfo {
		for i, name := range m.Files {
			mod.Decls = append(mod.Decls, &ast.File{Index: i + 1, Name: name})
		}
	}
	called := map[*ir.Func]bool{}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if v.Op == ir.OpCall {
					called[v.Callee()] = true
				}
				if name, ok := v.Aux.(string); ok && v.Op == ir.OpAddr && m.Func(name) != nil {
					called[m.Func(name)] = true // its address is taken: declared before use
				}
			}
		}
	}
	for _, g := range m.Globals {
		for _, r := range g.Relocs {
			if f := m.Func(r.Sym); f != nil && f.IsDecl() {
				called[f] = true // an address in an initializer: declared before it
			}
		}
	}
	// Declarations come first: the callees that m only declares, then the
	// functions it defines and calls (so that the order of definitions
	// does not matter).
	for _, f := range m.Funcs {
		if f.IsDecl() && called[f] {
			d := decl(f)
			fn := funcHeader(d)
			fn.Linkage = []string{".extern"}
			mod.Decls = append(mod.Decls, fn)
		}
	}
	// Functions whose addresses initialize variables are declared before
	// the variables.
	early := map[*ir.Func]bool{}
	for _, g := range m.Globals {
		for _, r := range g.Relocs {
			if f := m.Func(r.Sym); f != nil && !f.IsDecl() && !early[f] {
				early[f] = true
				mod.Decls = append(mod.Decls, funcHeader(decl(f)))
			}
		}
	}
	for _, g := range m.Globals {
		v, err := global(m, g)
		if err != nil {
			return nil, err
		}
		mod.Decls = append(mod.Decls, v)
	}
	for _, f := range m.Funcs {
		if !f.IsDecl() && called[f] && !early[f] {
			mod.Decls = append(mod.Decls, funcHeader(decl(f)))
		}
	}
	fns, err := functions(m, opts)
	if err != nil {
		return nil, err
	}
	mod.Decls = append(mod.Decls, fns...)
	return mod, nil
}

// parallelValues is the size of a module, in IR values, from which its
// functions are generated on several goroutines: below it, starting
// them (and the threads that run them) costs more than it saves.
var parallelValues = 2000

// parallel reports whether m's functions are generated on several
// goroutines.
func parallel(m *ir.Module) bool {
	if runtime.GOMAXPROCS(0) == 1 {
		return false
	}
	n := 0
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			n += len(b.Values)
		}
		if n >= parallelValues {
			return true
		}
	}
	return false
}

// functions generates the functions m defines, in m's order, on up to
// GOMAXPROCS goroutines when m is large enough, each taking the next
// function in order: a function's generation reads only it and the
// declarations of the functions it calls (computed here first, as
// Func.Decl remembers them). A goroutine carries from one function to the
// next what outlives none of them (see takeOver). The error, or a
// panic, is that of the first function that fails, as if they were
// generated one by one.
func functions(m *ir.Module, opts Options) ([]ast.Decl, error) {
	for _, f := range m.Funcs {
		f.Decl() // remembered; an error is reported where it is needed
		for _, b := range f.Blocks {
			for _, v := range b.Values {
				if g := v.Callee(); g != nil && (v.Op == ir.OpCall || v.Op == ir.OpICall) {
					g.Decl()
				}
			}
		}
	}
	out := make([]ast.Decl, len(m.Funcs))
	errs := make([]error, len(m.Funcs))
	panics := make([]any, len(m.Funcs))
	one := func(i int, f *ir.Func, carry *gen) {
		defer func() {
			if r := recover(); r != nil {
				panics[i] = r
			}
		}()
		if err := ir.Check(f); err != nil {
			errs[i] = fmt.Errorf("internal error: invalid IR: %v", err)
			return
		}
		g := &gen{f: f, fidx: i, addrBits: m.Target.AddressSize, opts: opts}
		g.takeOver(carry)
		out[i] = g.function()
		carry.takeOver(g)
	}
	var next atomic.Int64 // the index of the next function to generate
	work := func() {
		carry := &gen{}
		for {
			i := int(next.Add(1) - 1)
			if i >= len(m.Funcs) {
				return
			}
			if f := m.Funcs[i]; !f.IsDecl() {
				one(i, f, carry)
			}
		}
	}
	if parallel(m) {
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(work)
		}
		wg.Wait()
	} else {
		work()
	}
	var fns []ast.Decl
	for i, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		if errs[i] != nil {
			return nil, errs[i]
		}
		if panics[i] != nil {
			panic(panics[i])
		}
		fns = append(fns, out[i])
	}
	return fns, nil
}

// takeOver gives g what h's function left that outlives no function:
// the opcodes split, the unused rest of the blocks of instructions,
// operand slots and identifiers, and the memory of the tables by value
// ID.
func (g *gen) takeOver(h *gen) {
	g.opcodes, g.instrs, g.operands, g.idents = h.opcodes, h.instrs, h.operands, h.idents
	g.reg, g.users, g.addrOnly = h.reg, h.users, h.addrOnly
}

func decl(f *ir.Func) *abi.Decl {
	d, err := f.Decl()
	if err != nil {
		panic(bailout{&Error{f.Name, err.Error()}})
	}
	return d
}

func global(m *ir.Module, g *ir.Var) (*ast.Variable, error) {
	if g.Opaque != "" {
		// A texture or surface reference: ".global .texref name;".
		v := &ast.Variable{Space: g.Space.Mod(), Type: "." + g.Opaque, Names: []*ast.Declarator{{Name: g.Name}}}
		v.Linkage = varLinkage(g)
		return v, nil
	}
	v := &ast.Variable{Space: g.Space.Mod(), Align: int(g.Align), Type: ".b8"}
	d := &ast.Declarator{Name: g.Name, Dims: []int64{g.Size}}
	if len(g.Relocs) > 0 {
		// Address-sized words: integers from Init's bytes, or
		// generic(var)+addend, or a function's name.
		w := int64(m.Target.AddressSize / 8)
		if g.Size%w != 0 || g.Align < w {
			return nil, &Error{g.Name, "a variable initialized with addresses must be a whole number of aligned address-sized words"}
		}
		v.Type = fmt.Sprintf(".u%d", w*8)
		d.Dims = []int64{g.Size / w}
		relocs := map[int64]ir.Reloc{}
		for _, r := range g.Relocs {
			if r.Offset%w != 0 {
				return nil, &Error{g.Name, fmt.Sprintf("an address at offset %d is not aligned to %d", r.Offset, w)}
			}
			relocs[r.Offset] = r
		}
		var elems []ast.Expr
		for off := int64(0); off < g.Size; off += w {
			if r, ok := relocs[off]; ok {
				var e ast.Expr
				if m.Func(r.Sym) != nil {
					e = &ast.Ident{Name: r.Sym}
				} else {
					e = &ast.CallExpr{Fun: &ast.Ident{Name: "generic"}, Args: []ast.Expr{&ast.Ident{Name: r.Sym}}}
				}
				if r.Addend != 0 {
					e = &ast.Binary{X: e, Op: "+", Y: ast.IntLit(r.Addend)}
				}
				elems = append(elems, e)
				continue
			}
			var x uint64
			for i := w - 1; i >= 0; i-- {
				x <<= 8
				if g.Init != nil {
					x |= uint64(g.Init[off+i])
				}
			}
			elems = append(elems, ast.UintLit(x))
		}
		d.Init = &ast.Braces{Elems: elems}
		v.Linkage = varLinkage(g)
		v.Names = []*ast.Declarator{d}
		return v, nil
	}
	v.Linkage = varLinkage(g)
	if g.Extern {
		v.Linkage = []string{".extern"}
		if g.Size == 0 {
			d.Dims = []int64{-1}
		}
	} else if g.Init != nil {
		var elems []ast.Expr
		for _, c := range g.Init {
			elems = append(elems, ast.UintLit(uint64(c)))
		}
		d.Init = &ast.Braces{Elems: elems}
	}
	v.Names = []*ast.Declarator{d}
	return v, nil
}

// gen selects the instructions of one function.
type gen struct {
	f        *ir.Func
	fidx     int
	addrBits int
	decl     *abi.Decl
	regs     regs
	reg      []string // by value ID: the register of each value that has one
	users    *ir.UseLists
	addrOnly []int8     // by value ID: onlyAddress's answer, 0 not yet known (addrNo, addrYes)
	locals   []ast.Stmt // .local variables of the allocas
	body     []ast.Stmt
	callSeq  int
	opts     Options
	lastPos  ir.Pos
	idents   []ast.Ident // see ident
	// instrs and operands are instructions and operand slots allocated
	// in blocks (ins).
	instrs   []ast.Instruction
	operands []ast.Expr
	size     int // the function's values, for the size of those blocks
	opcodes  map[string]splitName
}

// blockSize is the number of instructions (identifiers, half the
// operand slots) a block allocates: about what the function needs, up
// to 512.
func (g *gen) blockSize() int {
	if g.size == 0 {
		for _, b := range g.f.Blocks {
			g.size += len(b.Values)
		}
		g.size = max(g.size, 1)
	}
	return min(max(16, g.size+g.size/2), 512)
}

func (g *gen) fail(format string, args ...any) {
	panic(bailout{&Error{g.f.Name, fmt.Sprintf(format, args...)}})
}

func (g *gen) ins(name string, ops ...ast.Expr) *ast.Instruction {
	if len(g.instrs) == 0 {
		g.instrs = make([]ast.Instruction, g.blockSize())
	}
	in := &g.instrs[0]
	g.instrs = g.instrs[1:]
	in.Opcode, in.Mods = g.splitOpcode(name)
	if len(ops) > 0 {
		if len(g.operands) < len(ops) {
			g.operands = make([]ast.Expr, max(2*g.blockSize(), len(ops)))
		}
		in.Operands = g.operands[:len(ops):len(ops)]
		g.operands = g.operands[len(ops):]
		copy(in.Operands, ops)
	}
	g.body = append(g.body, in)
	return in
}

// splitOpcode is ast.SplitOpcode, remembered for the function: code
// generation names a few dozen instructions, hundreds of times. The
// modifier lists are shared, their capacity their length.
func (g *gen) splitOpcode(name string) (string, []string) {
	if sp, ok := g.opcodes[name]; ok {
		return sp.op, sp.mods
	}
	op, mods := ast.SplitOpcode(name)
	mods = mods[:len(mods):len(mods)]
	if g.opcodes == nil {
		g.opcodes = map[string]splitName{}
	}
	g.opcodes[name] = splitName{op, mods}
	return op, mods
}

type splitName struct {
	op   string
	mods []string
}

func (g *gen) label(b *ir.Block) string {
	return "$L__BB" + strconv.Itoa(g.fidx) + "_" + strconv.Itoa(b.ID)
}

func (g *gen) function() *ast.Function {
	f := g.f
	g.decl = decl(f)
	if len(g.decl.Params) != len(f.Params) || (g.decl.Ret == nil) != (f.Result.Kind == ir.Void) {
		g.fail("the declaration has %d parameters and the IR function %d (a class that is not trivially copyable is passed and returned through a pointer parameter)", len(g.decl.Params), len(f.Params))
	}
	for i, t := range f.ParamTypes {
		p := g.decl.Params[i]
		f16 := t.Kind == ir.Float && t.Bits == 16
		if p.Hidden && !t.IsPtr() || !p.Hidden && (t.Kind == ir.Agg) != p.IsAggregate() && !f16 {
			g.fail("parameter %d is %s in the IR but %s in its declaration: not supported", i, t, p.PTXType())
		}
	}
	splitCriticalEdges(f)
	g.reg = ir.Zeroed(g.reg, f.NumValues())
	if g.users == nil {
		g.users = &ir.UseLists{}
	}
	g.users.Build(f, false)
	g.addrOnly = ir.Zeroed(g.addrOnly, f.NumValues())
	// Registers for every value that has one.
	for _, p := range f.Params {
		if p.Type.Space != ir.Param {
			g.reg[p.ID] = g.regs.fresh(classOf(p.Type))
		}
	}
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			if v.Type.Kind != ir.Void && v.Type.Kind != ir.Agg && v.Op != ir.OpConst && !g.folded(v) {
				g.reg[v.ID] = g.regs.fresh(classOf(v.Type))
			}
		}
	}
	g.prologue()
	for i, b := range f.Blocks {
		if i > 0 {
			g.body = append(g.body, &ast.Label{Name: g.label(b)})
			if b.Unroll == 1 {
				// #pragma unroll 1, as nvcc writes it: first in the
				// loop's header, so that ptxas does not unroll it
				// either (PTX ISA, "Performance-tuning directives").
				// (Before the first block it would apply to every
				// loop of the function.)
				g.body = append(g.body, &ast.Directive{Name: ".pragma", Args: []ast.Expr{ast.StringLit("nounroll")}, Semi: true})
			}
		}
		for _, v := range b.Values {
			if g.opts.LineInfo && v.Pos != (ir.Pos{}) && v.Pos != g.lastPos {
				g.body = append(g.body, &ast.Loc{File: v.Pos.File, Line: v.Pos.Line, Column: v.Pos.Col})
				g.lastPos = v.Pos
			}
			g.value(v)
		}
		var next *ir.Block
		if i+1 < len(f.Blocks) {
			next = f.Blocks[i+1]
		}
		g.end(b, next)
	}
	fn := funcHeader(g.decl)
	fn.Directives = append(fn.Directives, boundsDirectives(f.Bounds)...)
	var stmts []ast.Stmt
	stmts = append(stmts, g.locals...)
	stmts = append(stmts, g.regs.decls()...)
	fn.Body = &ast.Block{Stmts: append(stmts, g.body...)}
	return fn
}

// boundsDirectives are a kernel's performance directives as nvcc writes
// them for __launch_bounds__(T, B, C) and __maxnreg__(R): .maxntid T, 1,
// 1; .minnctapersm B; .maxclusterrank C; .maxnreg R.
func boundsDirectives(b ctypes.LaunchBounds) []*ast.Directive {
	var ds []*ast.Directive
	for i, name := range [...]string{ctypes.MaxThreads: ".maxntid", ctypes.MinBlocks: ".minnctapersm", ctypes.MaxClusterBlocks: ".maxclusterrank", ctypes.MaxRegs: ".maxnreg"} {
		if b[i] == 0 {
			continue
		}
		d := &ast.Directive{Name: name, Args: []ast.Expr{ast.IntLit(b[i])}}
		if i == ctypes.MaxThreads {
			d.Args = append(d.Args, ast.IntLit(1), ast.IntLit(1))
		}
		ds = append(ds, d)
	}
	return ds
}

// folded reports a pointer that needs no register: a ptr.param (an
// aggregate parameter) plus constant offsets, which only addresses
// ld.param; or an alloca, a variable's address, or any of those or a
// pointer in a register plus constant offsets, used only as the address of
// loads and stores, which name the symbol or register and the offset
// ([__local_3+8], [buf+4], [%rd2+8]).
func (g *gen) folded(v *ir.Value) bool {
	base, _, ok := g.constOffset(v)
	if ok && base.Op == ir.OpParam && base.Type.Space == ir.Param {
		return true
	}
	if !ok || !g.onlyAddress(v) {
		return false
	}
	// A symbol, or a register plus a constant ([%rd2+8]).
	return base.Op == ir.OpAlloca || base.Op == ir.OpAddr || base != v && v.Op == ir.OpPtrAdd
}

// onlyAddress reports whether every use of v is as the address of a load
// or store, or as the base of a constant-offset ptradd that is itself used
// only so.
func (g *gen) onlyAddress(v *ir.Value) bool {
	if v.ID >= len(g.addrOnly) {
		return true // made after the tables: no uses recorded
	}
	if r := g.addrOnly[v.ID]; r != 0 {
		return r == addrYes
	}
	g.addrOnly[v.ID] = addrNo // cycles (through phis) are not addresses
	r := true
	for _, u := range g.users.Of(v) {
		switch {
		case u == nil:
			r = false
		case u.Op == ir.OpLoad:
		case u.Op == ir.OpStore && u.Args[1] != v:
		case u.Op == ir.OpPtrAdd && u.Args[0] == v && isConst(u.Args[1]) && g.onlyAddress(u):
		default:
			r = false
		}
	}
	if r {
		g.addrOnly[v.ID] = addrYes
	}
	return r
}

// The answers of onlyAddress, by value ID.
const (
	addrNo  = 1
	addrYes = 2
)

// regOf is the register of v, or "" when it has none.
func (g *gen) regOf(v *ir.Value) string {
	if v.ID < len(g.reg) {
		return g.reg[v.ID]
	}
	return ""
}

func isConst(v *ir.Value) bool { _, ok := v.Const(); return ok }

// constOffset walks ptradds of constant offsets from v down to their base.
func (g *gen) constOffset(v *ir.Value) (*ir.Value, int64, bool) {
	var off int64
	for v.Op == ir.OpPtrAdd {
		c, ok := v.Args[1].Const()
		if !ok {
			if v.Type.Space == ir.Param {
				g.fail("the address of an aggregate parameter plus a variable offset is not supported")
			}
			return v, off, true
		}
		off += c
		v = v.Args[0]
	}
	return v, off, true
}

// address is the [operand] of a load or store through p, folding constant
// offsets into symbols (allocas, variables, aggregate parameters) and
// registers.
func (g *gen) address(p *ir.Value) *ast.Address { return ast.Addr(g.addrOf(p)) }

// addrOf is the base (a register or symbol) and offset of address p.
func (g *gen) addrOf(p *ir.Value) (string, int64) {
	base, off, _ := g.constOffset(p)
	switch {
	case base.Op == ir.OpParam && base.Type.Space == ir.Param:
		return g.decl.Params[base.AuxInt].Name, off
	case base.Op == ir.OpAlloca:
		return g.localName(base), off
	case base.Op == ir.OpAddr:
		return base.Aux.(string), off
	}
	return g.use(base), off
}

func (g *gen) localName(v *ir.Value) string { return "__local_" + strconv.Itoa(v.ID) }

// use is the register holding v (a constant is moved into a fresh one).
func (g *gen) use(v *ir.Value) string {
	if r := g.regOf(v); r != "" {
		return r
	}
	if v.Op == ir.OpConst {
		r := g.regs.fresh(classOf(v.Type))
		g.ins("mov"+bitsOrTyped(v.Type), g.ident(r), imm(v))
		return r
	}
	g.fail("internal error: %s has no register", v.Ref())
	return ""
}

func bitsOrTyped(t ir.Type) string {
	if t.Kind == ir.Float && t.Bits > 16 {
		return typeSuffix(t)
	}
	if t.Kind == ir.Int && t.Bits == 8 {
		return ".b16"
	}
	return bitsSuffix(t)
}

// operand is v as an instruction operand: an immediate for a constant.
func (g *gen) operand(v *ir.Value) ast.Expr {
	if v.Op == ir.OpConst && !(v.Type.Kind == ir.Float && v.Type.Bits == 16) && v.Type.Kind != ir.Pred {
		return imm(v)
	}
	return g.ident(g.use(v))
}

// imm is the immediate of a constant: decimal for integers, 0fXXXXXXXX and
// 0dXXXXXXXXXXXXXXXX for floats (exact, as nvcc writes them).
func imm(v *ir.Value) ast.Expr {
	switch v.Type.Kind {
	case ir.Float:
		x := math.Float64frombits(uint64(v.AuxInt))
		switch v.Type.Bits {
		case 32:
			return &ast.Lit{Kind: ast.Float, Value: fmt.Sprintf("0f%08X", math.Float32bits(float32(x)))}
		case 16:
			return &ast.Lit{Kind: ast.Int, Value: fmt.Sprintf("0x%04X", f16bits(float32(x)))}
		}
		return &ast.Lit{Kind: ast.Float, Value: fmt.Sprintf("0d%016X", math.Float64bits(x))}
	case ir.Pred:
		return ast.IntLit(v.AuxInt)
	}
	if !v.Type.Signed && v.AuxInt < 0 {
		return ast.UintLit(uint64(v.AuxInt) & (1<<v.Type.Bits - 1))
	}
	if v.Type.Bits == 8 && !v.Type.Signed {
		return ast.IntLit(v.AuxInt & 0xff)
	}
	return ast.IntLit(v.AuxInt)
}

// f16bits converts to IEEE half precision, rounding to nearest even.
func f16bits(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case b&0x7fffffff == 0:
		return sign
	case int(b>>23&0xff) == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		h := mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || rem == half && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++
	}
	return sign | uint16(h)
}

// end writes the branch (and the phi copies) that end block b; next is the
// block laid out after it.
func (g *gen) end(b *ir.Block, next *ir.Block) {
	switch b.Kind {
	case ir.Jump:
		s := b.Succs[0]
		g.phiCopies(b, s)
		if s != next {
			g.ins("bra.uni", g.ident(g.label(s)))
		}
	case ir.If:
		p := g.use(b.Control)
		t, e := b.Succs[0], b.Succs[1]
		switch {
		case e == next:
			in := g.ins("bra", g.ident(g.label(t)))
			in.Guard = p
		case t == next:
			in := g.ins("bra", g.ident(g.label(e)))
			in.Guard, in.GuardNeg = p, true
		default:
			in := g.ins("bra", g.ident(g.label(t)))
			in.Guard = p
			g.ins("bra.uni", g.ident(g.label(e)))
		}
	case ir.Return:
		if b.Control != nil {
			g.storeRet(b.Control)
		}
		g.ins("ret")
	}
}

// phiCopies moves the arguments of s's phis that come from b into the
// phis' registers: at once, through temporaries, when an argument is
// itself one of the phis (a swap).
func (g *gen) phiCopies(b, s *ir.Block) {
	phis := s.Phis()
	if len(phis) == 0 {
		return
	}
	i := s.PredIndex(b)
	conflict := false
	for _, phi := range phis {
		if a := phi.Args[i]; a.Op == ir.OpPhi && a.Block == s && a != phi {
			conflict = true
		}
	}
	var srcs []ast.Expr
	for _, phi := range phis {
		a := phi.Args[i]
		if a == phi {
			srcs = append(srcs, nil)
			continue
		}
		src := g.operand(a)
		if conflict {
			t := g.regs.fresh(classOf(phi.Type))
			g.ins("mov"+movSuffix(phi.Type), g.ident(t), src)
			src = g.ident(t)
		}
		srcs = append(srcs, src)
	}
	for j, phi := range phis {
		if srcs[j] != nil {
			g.ins("mov"+movSuffix(phi.Type), g.ident(g.regOf(phi)), srcs[j])
		}
	}
}

func movSuffix(t ir.Type) string {
	switch {
	case t.Kind == ir.Pred:
		return ".pred"
	case t.Kind == ir.Float && t.Bits > 16:
		return typeSuffix(t)
	case t.Bits <= 16:
		return ".b16"
	}
	return bitsSuffix(t)
}

// splitCriticalEdges puts an empty block on every edge from a block with
// several successors to one with phis (several predecessors, or one left
// after a pass removed the others), where phi copies could not go
// otherwise: a conditional branch writes none.
func splitCriticalEdges(f *ir.Func) {
	for _, b := range append([]*ir.Block(nil), f.Blocks...) {
		if len(b.Succs) < 2 {
			continue
		}
		for i, s := range b.Succs {
			if len(s.Phis()) == 0 {
				continue
			}
			n := f.NewBlock()
			n.Kind = ir.Jump
			b.Succs[i] = n
			n.Preds = []*ir.Block{b}
			n.Succs = []*ir.Block{s}
			s.Preds[s.PredIndex(b)] = n
		}
	}
}

// varLinkage is the linkage directive of module variable g: .visible,
// .weak or none.
func varLinkage(g *ir.Var) []string {
	switch {
	case g.Weak:
		return []string{".weak"}
	case g.Visible:
		return []string{".visible"}
	}
	return nil
}
