package ir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/abi"
)

// The text form, one item a line ("//" begins a comment):
//
//	global shared @buf align 4 size 1024
//	global visible global @counter align 4 size 4
//	global global @fmt align 1 = "x=%d\n\x00"
//	declare @vprintf(ptr, ptr) -> i32
//	func entry @saxpy(%n i32, %a f32, %x ptr restrict const, %y ptr) {
//	b0:
//		%i = sreg u32 tid.x
//		%c = const i32 5
//		%p = cmp.lt pred %i, %c
//		%v = load f32 %x align 4 nc
//		store %y, %v align 4
//		%r = call i32 @foo(%a, %b) loc 1:12:5
//		%q = phi i32 [b0: %a], [b1: %b]
//		%n = intrinsic u32 popc.b32(%x) pure
//		%o = intrinsic u32 atom.global.add.u32([%g], %x)
//		%l = asm u32 "mov.u32 %0, %%laneid;" ("=r")()
//		br %p, b1, b2
//	b1:
//		ret
//	}
//
// "file "name.cu"" lines name the files of positions ("loc FILE:LINE:COL",
// FILE counting from 1). Function linkage is "internal", "weak" or "extern" after func (visible
// when absent); "noinline" may follow the signature.

// String is the text form of m.
func (m *Module) String() string {
	var b strings.Builder
	m.Fprint(&b)
	return b.String()
}

// Fprint writes the text form of m to w.
func (m *Module) Fprint(w io.Writer) error {
	var b strings.Builder
	for _, f := range m.Files {
		fmt.Fprintf(&b, "file %s\n", strconv.Quote(f))
	}
	for _, g := range m.Globals {
		b.WriteString(g.String())
		b.WriteByte('\n')
	}
	for i, f := range m.Funcs {
		if i > 0 || len(m.Globals) > 0 || len(m.Files) > 0 {
			if !f.IsDecl() || i == 0 || !m.Funcs[i-1].IsDecl() {
				b.WriteByte('\n')
			}
		}
		b.WriteString(f.String())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (g *Var) String() string {
	var b strings.Builder
	b.WriteString("global ")
	if g.Extern {
		b.WriteString("extern ")
	}
	if g.Visible {
		b.WriteString("visible ")
	}
	if g.Weak {
		b.WriteString("weak ")
	}
	if g.Opaque != "" {
		fmt.Fprintf(&b, "%s @%s %s", g.Space, g.Name, g.Opaque)
		return b.String()
	}
	fmt.Fprintf(&b, "%s @%s align %d", g.Space, g.Name, g.Align)
	switch {
	case g.Extern && g.Size > 0:
		fmt.Fprintf(&b, " size %d", g.Size)
	case g.Extern:
	case g.Init != nil:
		fmt.Fprintf(&b, " = %s", strconv.Quote(string(g.Init)))
	default:
		fmt.Fprintf(&b, " size %d", g.Size)
	}
	return b.String()
}

var linkageWords = sync.OnceValue(func() map[abi.Linkage]string {
	return map[abi.Linkage]string{abi.Internal: "internal ", abi.Weak: "weak ", abi.Extern: "extern "}
})

// String is the text form of f.
func (f *Func) String() string {
	var b strings.Builder
	if f.IsDecl() {
		b.WriteString("declare ")
		if f.Kind == abi.Entry {
			b.WriteString("entry ")
		}
	} else {
		b.WriteString("func ")
		b.WriteString(linkageWords()[f.Linkage])
		if f.Kind == abi.Entry {
			b.WriteString("entry ")
		}
	}
	fmt.Fprintf(&b, "@%s(", f.Name)
	for i, t := range f.ParamTypes {
		if i > 0 {
			b.WriteString(", ")
		}
		if f.IsDecl() {
			b.WriteString(t.String())
			continue
		}
		p := f.Params[i]
		fmt.Fprintf(&b, "%s %s", p.Ref(), t)
		b.WriteString(flagString(p.Flags))
	}
	b.WriteString(")")
	if f.Result.Kind != Void {
		fmt.Fprintf(&b, " -> %s", f.Result)
	}
	if f.NoInline {
		b.WriteString(" noinline")
	}
	if f.IsDecl() {
		b.WriteString("\n")
		return b.String()
	}
	b.WriteString(" {\n")
	for _, blk := range f.Blocks {
		switch blk.Unroll {
		case 0:
			fmt.Fprintf(&b, "%s:\n", blk.Label())
		case UnrollFull:
			fmt.Fprintf(&b, "%s: unroll full\n", blk.Label())
		default:
			fmt.Fprintf(&b, "%s: unroll %d\n", blk.Label(), blk.Unroll)
		}
		for _, v := range blk.Values {
			fmt.Fprintf(&b, "\t%s\n", v.LongString())
		}
		b.WriteString("\t" + blk.endString() + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func flagString(fl MemFlags) string {
	s := ""
	for _, n := range flagNames() {
		if fl.has(n.f) {
			s += " " + n.name
		}
	}
	return s
}

// Label is the block's name in the text form.
func (b *Block) Label() string {
	if b.Name != "" {
		return b.Name
	}
	return "b" + strconv.Itoa(b.ID)
}

func (b *Block) endString() string {
	switch b.Kind {
	case Jump:
		if len(b.Succs) == 1 {
			return "jmp " + b.Succs[0].Label()
		}
	case If:
		if len(b.Succs) == 2 && b.Control != nil {
			return fmt.Sprintf("br %s, %s, %s", b.Control.Ref(), b.Succs[0].Label(), b.Succs[1].Label())
		}
	case Return:
		if b.Control != nil {
			return "ret " + b.Control.Ref()
		}
		return "ret"
	}
	return "<bad block end>"
}

// Ref is how the text form names v: %name or %ID.
func (v *Value) Ref() string {
	if v.Name != "" {
		return "%" + v.Name
	}
	return "%" + strconv.Itoa(v.ID)
}

func (v *Value) String() string { return v.Ref() }

// LongString is v's line in the text form.
func (v *Value) LongString() string {
	var b strings.Builder
	if v.Type.Kind != Void {
		b.WriteString(v.Ref() + " = ")
	}
	b.WriteString(v.Op.String())
	if v.Op == OpCmp {
		b.WriteString("." + v.Cond().String())
	}
	switch v.Op {
	case OpStore, OpBarrier:
	case OpIntrinsic, OpAsm:
		if v.Type.Kind != Void {
			b.WriteString(" " + v.Type.String())
		}
	default:
		b.WriteString(" " + v.Type.String())
	}
	args := func(vs []*Value) {
		for i, a := range vs {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + a.Ref())
		}
	}
	switch v.Op {
	case OpConst:
		b.WriteString(" " + ConstString(v.Type, v.AuxInt))
	case OpSreg:
		fmt.Fprintf(&b, " %v", v.Aux)
	case OpAddr:
		fmt.Fprintf(&b, " @%v", v.Aux)
	case OpAlloca:
		fmt.Fprintf(&b, " %d", v.AuxInt)
	case OpCall, OpICall:
		callee := "@?"
		if f := v.Callee(); f != nil {
			callee = "@" + f.Name
		}
		as := v.Args
		if v.Op == OpICall {
			fmt.Fprintf(&b, " %s", v.Args[0].Ref())
			as = v.Args[1:]
		} else {
			b.WriteString(" " + callee)
		}
		b.WriteString("(")
		for i, a := range as {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Ref())
		}
		b.WriteString(")")
		if v.Op == OpICall {
			b.WriteString(" " + callee)
		}
	case OpIntrinsic:
		in, _ := v.Aux.(*Intrinsic)
		if in == nil {
			b.WriteString(" ?()")
			break
		}
		b.WriteString(" " + in.Name + "(")
		for i, a := range v.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			if in.Addr&(1<<i) != 0 {
				b.WriteString("[" + a.Ref() + "]")
			} else {
				b.WriteString(a.Ref())
			}
		}
		b.WriteString(")")
		if in.Pure {
			b.WriteString(" pure")
		}
	case OpAsm:
		a, _ := v.Aux.(*Asm)
		if a == nil {
			b.WriteString(" ?")
			break
		}
		b.WriteString(" " + strconv.Quote(a.Template) + " (")
		for i, c := range a.Constraints {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(c))
		}
		b.WriteString(")(")
		for i, x := range v.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(x.Ref())
		}
		b.WriteString(")")
	case OpPack:
		ps, _ := v.Aux.(*Pieces)
		for i, a := range v.Args {
			if i > 0 {
				b.WriteString(",")
			}
			off := "?"
			if ps != nil && i < len(ps.Offsets) {
				off = strconv.FormatInt(ps.Offsets[i], 10)
			}
			fmt.Fprintf(&b, " [%s: %s]", off, a.Ref())
		}
	case OpExtract:
		fmt.Fprintf(&b, " %s, %d", v.Args[0].Ref(), v.AuxInt)
	case OpPhi:
		for i, a := range v.Args {
			if i > 0 {
				b.WriteString(",")
			}
			pred := "?"
			if v.Block != nil && i < len(v.Block.Preds) {
				pred = v.Block.Preds[i].Label()
			}
			fmt.Fprintf(&b, " [%s: %s]", pred, a.Ref())
		}
	default:
		args(v.Args)
	}
	if v.Align != 0 {
		fmt.Fprintf(&b, " align %d", v.Align)
	}
	b.WriteString(flagString(v.Flags))
	if v.Pos != (Pos{}) {
		fmt.Fprintf(&b, " loc %d:%d:%d", v.Pos.File, v.Pos.Line, v.Pos.Col)
	}
	return b.String()
}

// ConstString is the text of a constant of type t: an integer, or a
// float in Go's shortest form ("1.5", "+Inf", "NaN").
func ConstString(t Type, aux int64) string {
	switch t.Kind {
	case Float:
		return strconv.FormatFloat(math.Float64frombits(uint64(aux)), 'g', -1, 64)
	case Pred:
		if aux != 0 {
			return "1"
		}
		return "0"
	case Int:
		if !t.Signed && t.Bits == 64 {
			return strconv.FormatUint(uint64(aux), 10)
		}
	}
	return strconv.FormatInt(aux, 10)
}

// Normalize returns integer x truncated to t's width and extended by t's
// signedness: the form a constant of type t keeps in AuxInt.
func Normalize(t Type, x int64) int64 {
	switch t.Kind {
	case Pred:
		if x != 0 {
			return 1
		}
		return 0
	case Int:
		if t.Bits == 64 {
			return x
		}
		sh := 64 - uint(t.Bits)
		if t.Signed {
			return x << sh >> sh
		}
		return int64(uint64(x) << sh >> sh)
	case Float:
		if t.Bits == 32 {
			return int64(math.Float64bits(float64(float32(math.Float64frombits(uint64(x))))))
		}
	}
	return x
}
