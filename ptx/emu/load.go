package emu

import (
	"fmt"
	"go/token"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/link"
)

// Options configure a Machine. The zero value gives the driver's defaults.
type Options struct {
	// HeapSize is the device heap malloc draws on; 0 means 8 MiB, the
	// driver's default (cudaLimitMallocHeapSize).
	HeapSize int64
	// StepLimit is how many instructions one warp may execute in a launch
	// before the launch fails; 0 means 1e9.
	StepLimit int64
	// SharedLimit is the shared memory a block may use, static and
	// dynamic; 0 means 48 KiB, the limit without an opt-in.
	SharedLimit int
	// Procs is how many goroutines run blocks; 0 means GOMAXPROCS.
	Procs int
	// SM is the architecture the special registers report (%smid...);
	// 0 means 52.
	SM int
	// LocalFill is the byte a function's local memory holds on entry.
	// On a GPU it holds whatever was there before; a nonzero fill makes a
	// read of local memory the program never wrote visible in its results
	// (0, the default, leaves a new frame's memory as the last call left
	// it, zero at first).
	LocalFill byte
}

// A Machine holds linked, decoded modules and the device memory they use.
type Machine struct {
	fset  *token.FileSet
	opts  Options
	prog  *link.Program
	addr  int // address size: 32 or 64
	glob  *globalMemory
	cnst  []byte
	funcs map[*ast.Function]*dfunc
	byID  []*dfunc
	vars  map[*link.Symbol]varAddr

	sharedStatic int // module variables and the .funcs' own
	fnShared     map[*ast.Declarator]uint64
	moduleLocal  int
	dynShared    map[int]map[string]bool // extern unsized .shared arrays, by module
	kinds        []string                // names of instruction kinds, for counts
	kindIdx      map[string]int32
}

// varAddr is where a module variable lives.
type varAddr struct {
	space Space
	addr  uint64 // in its state space
	alloc *allocation
}

// Error is a load error or a fault, with the position it names.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

type bailout struct{ err error }

func (m *Machine) errorf(pos token.Pos, format string, args ...any) {
	var p token.Position
	if m.fset != nil && pos.IsValid() {
		p = m.fset.Position(pos)
	}
	panic(bailout{&Error{Pos: p, Msg: fmt.Sprintf(format, args...)}})
}

// systemCalls are the functions of guide §3 that the executor provides
// when no module defines them.
var systemCalls = sync.OnceValue(func() map[string]int {
	return map[string]int{"vprintf": 1, "malloc": 2, "free": 3, "__assertfail": 4}
})

const funcWindow = 0x0400_0000 // function "addresses" for indirect calls

// Load links modules (as nvlink would) and decodes their functions.
func Load(fset *token.FileSet, mods []*ast.Module, opts Options) (m *Machine, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				m, err = nil, fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
				return
			}
			m, err = nil, b.err
		}
	}()
	if opts.HeapSize == 0 {
		opts.HeapSize = 8 << 20
	}
	if opts.StepLimit == 0 {
		opts.StepLimit = 1e9
	}
	if opts.SharedLimit == 0 {
		opts.SharedLimit = 48 << 10
	}
	if opts.SM == 0 {
		opts.SM = 52
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("no modules to load")
	}
	prog, err := link.Link(fset, mods)
	if err != nil {
		return nil, err
	}
	m = &Machine{fset: fset, opts: opts, prog: prog, addr: 64, funcs: map[*ast.Function]*dfunc{},
		vars: map[*link.Symbol]varAddr{}, kindIdx: map[string]int32{}}
	for i, mod := range mods {
		size := 64
		for _, d := range mod.Decls {
			if a, ok := d.(*ast.AddressSize); ok {
				size = a.Size
			}
		}
		if i == 0 {
			m.addr = size
		} else if size != m.addr {
			m.errorf(0, "modules mix .address_size %d and %d", m.addr, size)
		}
	}
	m.dynShared = map[int]map[string]bool{}
	for mi, mod := range mods {
		for _, d := range mod.Decls {
			if v, ok := d.(*ast.Variable); ok && v.Space == ".shared" && has(v.Linkage, ".extern") {
				for _, n := range v.Names {
					if len(n.Dims) > 0 && n.Dims[0] < 0 {
						if m.dynShared[mi] == nil {
							m.dynShared[mi] = map[string]bool{}
						}
						m.dynShared[mi][n.Name] = true
					}
				}
			}
		}
	}
	for _, r := range prog.Unresolved {
		if r.Func != nil && systemCalls()[r.Name] != 0 || r.Func == nil && m.dynShared[r.Module][r.Name] {
			continue
		}
		m.errorf(r.Pos, "unresolved external %s", r.Name)
	}
	m.glob = newGlobalMemory(m.addr)
	m.glob.heapLimit = uint64(opts.HeapSize)
	// Lay out the module variables, then initialize them (initializers may
	// name any symbol), then decode the functions.
	for mi, mod := range mods {
		for _, d := range mod.Decls {
			if v, ok := d.(*ast.Variable); ok && !has(v.Linkage, ".extern") {
				for _, n := range v.Names {
					s := prog.Lookup(mi, n.Name)
					if s == nil || s.Decl != n {
						continue // a .common or .weak loser
					}
					m.layoutVar(s)
				}
			}
		}
	}
	for mi, mod := range mods {
		for _, d := range mod.Decls {
			if f, ok := d.(*ast.Function); ok && f.Body != nil {
				s := prog.Lookup(mi, f.Name)
				if s == nil || s.Func != f {
					continue
				}
				df := &dfunc{name: f.Name, ast: f, mod: mi, id: len(m.byID)}
				m.funcs[f] = df
				m.byID = append(m.byID, df)
			}
		}
	}
	for mi, mod := range mods {
		for _, d := range mod.Decls {
			if v, ok := d.(*ast.Variable); ok && !has(v.Linkage, ".extern") {
				for _, n := range v.Names {
					if s := prog.Lookup(mi, n.Name); s != nil && s.Decl == n && n.Init != nil {
						m.initVar(s)
					}
				}
			}
		}
	}
	for _, df := range m.byID {
		m.prepareParams(df)
	}
	m.layoutFunctionShared()
	for _, df := range m.byID {
		m.decodeFunc(df)
	}
	return m, nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func align(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

func varAlign(v *ast.Variable) int {
	if v.Align > 0 {
		return v.Align
	}
	n := int(link.TypeSize(v.Type))
	if v.Vector > 0 {
		n *= v.Vector
	}
	if n == 0 {
		n = 1
	}
	return n
}

// maxObject bounds one variable's size, so that a bad declaration is an
// error rather than an exhausted host.
const maxObject = 1 << 28

func declSize(v *ast.Variable, d *ast.Declarator) int {
	n := int(link.TypeSize(v.Type))
	if v.Vector > 0 {
		n *= v.Vector
	}
	for _, dim := range d.Dims {
		if dim < 0 {
			// An unsized array takes its size from its initializer.
			if b, ok := d.Init.(*ast.Braces); ok {
				dim = int64(len(b.Elems))
			} else {
				dim = 0
			}
		}
		if dim > maxObject || n*int(dim) > maxObject {
			return maxObject + 1
		}
		n *= int(dim)
	}
	return n
}

func (m *Machine) layoutVar(s *link.Symbol) {
	v, d := s.Var, s.Decl
	size, al := declSize(v, d), varAlign(v)
	if size > maxObject || al > 1<<16 {
		m.errorf(d.NamePos, "%s is too large (%d bytes, aligned to %d)", d.Name, size, al)
	}
	switch v.Space {
	case ".global":
		a, err := m.glob.alloc(uint64(max(size, 1)), uint64(max(al, 16)), s.Name, false)
		if err != nil {
			m.errorf(d.NamePos, "%v", err)
		}
		a.size = uint64(size)
		m.vars[s] = varAddr{space: Global, addr: a.base, alloc: a}
	case ".const":
		off := align(len(m.cnst), al)
		if off+size > 64<<10 {
			m.errorf(d.NamePos, "constant memory over 64 KiB")
		}
		m.cnst = append(m.cnst, make([]byte, off+size-len(m.cnst))...)
		m.vars[s] = varAddr{space: Const, addr: uint64(off)}
	case ".shared":
		if len(d.Dims) > 0 && d.Dims[0] < 0 && has(v.Linkage, ".extern") {
			return
		}
		off := align(m.sharedStatic, al)
		m.sharedStatic = off + size
		m.vars[s] = varAddr{space: Shared, addr: uint64(off)}
	case ".local":
		off := align(m.moduleLocal, al)
		m.moduleLocal = off + size
		if m.moduleLocal > maxLocal {
			m.errorf(d.NamePos, "module .local variables over %d bytes", maxLocal)
		}
		m.vars[s] = varAddr{space: Local, addr: uint64(off)}
	default:
		m.errorf(d.NamePos, "module variable in %s is not supported", v.Space)
	}
}

// predefinedConstants are PTX's predefined identifiers that name a
// constant (PTX ISA §5.4.3): WARP_SZ, the warp size, which nvcc's
// headers move into a register (mov.u32 %r, WARP_SZ) for the shuffles'
// default width.
var predefinedConstants = sync.OnceValue(func() map[string]uint64 {
	return map[string]uint64{"WARP_SZ": 32}
})

// symbolValue returns the value of a symbol used as an operand or in an
// initializer: its address in its state space (a function's address for
// indirect calls), and the space.
func (m *Machine) symbolValue(mod int, name string, pos token.Pos) (uint64, Space, bool) {
	s := m.prog.Lookup(mod, name)
	if s == nil && m.dynShared[mod][name] {
		// Dynamic shared memory starts after the kernel's static shared
		// memory: its address is known at launch (see dynSharedBase).
		return 0, dynSpace, true
	}
	if s == nil {
		if v, ok := predefinedConstants()[name]; ok {
			return v, Generic, true
		}
		if systemCalls()[name] != 0 {
			return funcWindow + uint64(len(m.byID)+systemCalls()[name])*8, Generic, true
		}
		return 0, 0, false
	}
	if s.Func != nil {
		return funcWindow + uint64(m.funcs[s.Func].id)*8, Generic, true
	}
	va, ok := m.vars[s]
	if !ok {
		return 0, 0, false
	}
	return va.addr, va.space, true
}

// toGeneric converts a state-space address to a generic one.
func toGeneric(sp Space, a uint64) uint64 {
	switch sp {
	case Shared:
		return a + sharedWindow
	case Local:
		return a + localWindow
	case Const:
		return a + constWindow
	}
	return a
}

func (m *Machine) initVar(s *link.Symbol) {
	v, d := s.Var, s.Decl
	va := m.vars[s]
	var buf []byte
	switch va.space {
	case Global:
		buf = va.alloc.data
	case Const:
		buf = m.cnst[va.addr : va.addr+uint64(declSize(v, d))]
	default:
		m.errorf(d.NamePos, "initializer of a %s variable", v.Space)
	}
	t, ok := parseType(v.Type)
	if !ok {
		m.errorf(v.Start, "variable type %s is not supported", v.Type)
	}
	size := t.bytes()
	var elems []ast.Expr
	var flat func(e ast.Expr)
	flat = func(e ast.Expr) {
		if b, ok := e.(*ast.Braces); ok {
			for _, x := range b.Elems {
				flat(x)
			}
			return
		}
		elems = append(elems, e)
	}
	flat(d.Init)
	if len(elems)*size > len(buf) {
		m.errorf(d.NamePos, "initializer of %s has %d elements, more than its size", d.Name, len(elems))
	}
	for i, e := range elems {
		val := m.constExpr(s.Module, e, t)
		put(buf[i*size:], size, val)
	}
}

// constExpr evaluates an initializer or immediate operand as type t.
func (m *Machine) constExpr(mod int, e ast.Expr, t ty) uint64 {
	switch e := e.(type) {
	case *ast.Lit:
		return m.literal(e, t)
	case *ast.Unary:
		v := m.constExpr(mod, e.X, t)
		switch e.Op {
		case "-":
			if t.float() {
				if t.w == 32 {
					return v ^ 1<<31
				}
				return v ^ 1<<63
			}
			return -v
		case "~":
			return ^v
		case "!":
			if v == 0 {
				return 1
			}
			return 0
		}
	case *ast.Paren:
		if len(e.Elems) == 1 {
			return m.constExpr(mod, e.Elems[0], t)
		}
	case *ast.Ident:
		v, sp, ok := m.symbolValue(mod, e.Name, e.NamePos)
		if !ok {
			m.errorf(e.NamePos, "undefined symbol %s", e.Name)
		}
		return toGeneric(sp, v)
	case *ast.CallExpr:
		if e.Fun.Name == "generic" && len(e.Args) == 1 {
			return m.constExpr(mod, e.Args[0], t)
		}
	case *ast.Binary:
		a, b := m.constExpr(mod, e.X, tyU64), m.constExpr(mod, e.Y, tyU64)
		switch e.Op {
		case "+":
			return a + b
		case "-":
			return a - b
		case "*":
			return a * b
		case "&":
			return a & b
		case "|":
			return a | b
		case "^":
			return a ^ b
		case "<<":
			return a << (b & 63)
		case ">>":
			return a >> (b & 63)
		}
	}
	m.errorf(e.Pos(), "constant expression not supported")
	return 0
}

// literal converts a literal to the bits of type t.
func (m *Machine) literal(l *ast.Lit, t ty) uint64 {
	switch l.Kind {
	case ast.Int:
		v, ok := ast.ParseInt(l.Value)
		if !ok {
			m.errorf(l.ValuePos, "bad integer %s", l.Value)
		}
		if t.float() {
			if t.w == 32 {
				return uint64(math.Float32bits(float32(int64(v))))
			}
			return math.Float64bits(float64(int64(v)))
		}
		return v
	case ast.Float:
		var f float64
		s := l.Value
		switch {
		case len(s) == 10 && (s[:2] == "0f" || s[:2] == "0F"):
			b, err := strconv.ParseUint(s[2:], 16, 32)
			if err != nil {
				m.errorf(l.ValuePos, "bad float %s", s)
			}
			if t.float() && t.w == 32 || !t.float() {
				return b
			}
			f = float64(math.Float32frombits(uint32(b)))
		case len(s) == 18 && (s[:2] == "0d" || s[:2] == "0D"):
			b, err := strconv.ParseUint(s[2:], 16, 64)
			if err != nil {
				m.errorf(l.ValuePos, "bad float %s", s)
			}
			if t.float() && t.w == 64 || !t.float() {
				return b
			}
			f = math.Float64frombits(b)
		default:
			var err error
			f, err = strconv.ParseFloat(strings.TrimSuffix(s, "f"), 64)
			if err != nil {
				m.errorf(l.ValuePos, "bad float %s", s)
			}
		}
		if t.w == 32 {
			return uint64(math.Float32bits(float32(f)))
		}
		return math.Float64bits(f)
	}
	m.errorf(l.ValuePos, "a string is not a value")
	return 0
}

// Alloc allocates n bytes of global memory (as cudaMalloc does: aligned
// to 256 bytes, zeroed) and returns the address.
func (m *Machine) Alloc(n int) (uint64, error) {
	a, err := m.glob.alloc(uint64(max(n, 1)), 256, "", false)
	if err != nil {
		return 0, err
	}
	a.size = uint64(n)
	return a.base, nil
}

// Write copies data to global memory at addr.
func (m *Machine) Write(addr uint64, data []byte) error {
	b, err := m.glob.bytes(addr, uint64(len(data)))
	if err != nil {
		return err
	}
	copy(b, data)
	return nil
}

// Read copies n bytes of global memory at addr.
func (m *Machine) Read(addr uint64, n int) ([]byte, error) {
	b, err := m.glob.bytes(addr, uint64(n))
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), b...), nil
}

// AddressSize is 32 or 64, from the modules' .address_size.
func (m *Machine) AddressSize() int { return m.addr }

// A KernelParam is one parameter of a kernel.
type KernelParam struct {
	Name  string
	Size  int
	Align int
	Type  string // ".u64", ".b8" (an aggregate)...
}

// Kernel returns the parameters of the kernel name, or an error if no
// module defines an .entry of that name.
func (m *Machine) Kernel(name string) ([]KernelParam, error) {
	df := m.kernel(name)
	if df == nil {
		return nil, fmt.Errorf("no kernel %s", name)
	}
	var out []KernelParam
	for i, p := range df.ast.Params {
		out = append(out, KernelParam{Name: p.Names[0].Name, Size: df.formals[i].size, Align: df.formals[i].align, Type: p.Type})
	}
	return out, nil
}

func (m *Machine) kernel(name string) *dfunc {
	for _, df := range m.byID {
		if df.name == name && df.ast.Entry {
			return df
		}
	}
	return nil
}

// packArgs lays out kernel argument values (each the bytes of one
// parameter) as the kernel's parameter space.
func packArgs(df *dfunc, args [][]byte) ([]byte, error) {
	if len(args) != len(df.formals) {
		return nil, fmt.Errorf("kernel %s has %d parameters, %d arguments given", df.name, len(df.formals), len(args))
	}
	buf := make([]byte, df.paramSize)
	for i, f := range df.formals {
		if len(args[i]) != f.size {
			return nil, fmt.Errorf("kernel %s: parameter %d is %d bytes, argument is %d", df.name, i, f.size, len(args[i]))
		}
		copy(buf[f.off:], args[i])
	}
	return buf, nil
}

// dynSpace marks the dynamic shared array: its address depends on the
// kernel launched.
const dynSpace Space = 255

// layoutFunctionShared places the .shared variables declared in function
// bodies: those of .funcs after the module's, then each kernel's own from
// there, overlapping between kernels (a launch runs one), so that a
// kernel's static shared memory is what the driver would count.
func (m *Machine) layoutFunctionShared() {
	m.fnShared = map[*ast.Declarator]uint64{}
	var walk func(b *ast.Block, end *int)
	walk = func(b *ast.Block, end *int) {
		for _, st := range b.Stmts {
			switch st := st.(type) {
			case *ast.Block:
				walk(st, end)
			case *ast.Variable:
				if st.Space != ".shared" {
					continue
				}
				for _, n := range st.Names {
					size, al := declSize(st, n), varAlign(st)
					if size > maxObject || al > 1<<16 {
						m.errorf(n.NamePos, "%s too large", n.Name)
					}
					off := align(*end, al)
					m.fnShared[n] = uint64(off)
					*end = off + size
				}
			}
		}
	}
	for _, df := range m.byID {
		if !df.ast.Entry {
			walk(df.ast.Body, &m.sharedStatic)
		}
	}
	for _, df := range m.byID {
		df.sharedEnd = m.sharedStatic
		if df.ast.Entry {
			walk(df.ast.Body, &df.sharedEnd)
		}
	}
	if m.sharedStatic > maxObject {
		m.errorf(0, "static shared memory too large")
	}
}
