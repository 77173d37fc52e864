package randc

import (
	"fmt"
	"strings"
)

func (g *gen) indent() string { return strings.Repeat("\t", g.depth) }

func (g *gen) line(format string, args ...any) {
	g.out.WriteString(g.indent())
	fmt.Fprintf(&g.out, format, args...)
	g.out.WriteByte('\n')
}

// lvalueBits picks something writable in scope, of scalar type, and says
// whether it is a bit field.
func (g *gen) lvalueBits() (string, *ctype, bool) {
	vs := g.visible(func(v *variable) bool { return !v.ro })
	if len(vs) == 0 {
		return "", nil, false
	}
	v := vs[g.r.n(len(vs))]
	switch {
	case v.st != nil:
		fd := v.st.fields[g.r.n(len(v.st.fields))]
		if v.n > 0 {
			return fmt.Sprintf("%s[%s].%s", v.name, g.index(v.n), fd.name), fd.t, fd.bits > 0
		}
		return v.name + "." + fd.name, fd.t, fd.bits > 0
	case v.ptr, v.n > 0:
		return fmt.Sprintf("%s[%s]", v.name, g.index(v.n)), v.t, false
	}
	return v.name, v.t, false
}

// assign is an assignment statement's text (without the semicolon).
func (g *gen) assign() string {
	lv, t, bits := g.lvalueBits()
	if lv == "" {
		return "(void)0"
	}
	// a bit field cannot be the operand of ++ or have its address taken,
	// but compound assignment is fine
	switch {
	case t.bool_:
		return fmt.Sprintf("%s = %s", lv, g.expr(tBool, 3))
	case t.float:
		if g.r.p(50) {
			op := []string{"+=", "-=", "*=", "/="}[g.r.n(4)]
			return fmt.Sprintf("%s %s %s", lv, op, g.expr(t, 3))
		}
		if g.r.p(20) && (!bits || g.f.BitFieldIncDec) {
			return fmt.Sprintf("%s++", lv)
		}
	default:
		if g.r.p(55) {
			// the right operand converted to the wide unsigned type: the
			// arithmetic is unsigned, the conversion back wraps
			w := t.wide
			switch g.r.n(6) {
			case 0, 1, 2:
				op := []string{"+=", "-=", "*=", "&=", "|=", "^="}[g.r.n(6)]
				return fmt.Sprintf("%s %s (%s)%s", lv, op, w, g.paren(g.pickScalarInt(), 3))
			case 3:
				op := []string{"/=", "%="}[g.r.n(2)]
				return fmt.Sprintf("%s %s ((%s)%s | 1u)", lv, op, w, g.paren(g.pickScalarInt(), 3))
			case 4:
				if t.signed {
					return fmt.Sprintf("%s >>= ((unsigned)%s & %du)", lv, g.paren(tUInt, 2), t.shiftMask())
				}
				op := []string{"<<=", ">>="}[g.r.n(2)]
				return fmt.Sprintf("%s %s ((unsigned)%s & %du)", lv, op, g.paren(tUInt, 2), t.shiftMask())
			default:
				if (t.size < 4 || !t.signed) && (!bits || g.f.BitFieldIncDec) {
					return fmt.Sprintf("%s%s", lv, []string{"++", "--"}[g.r.n(2)])
				}
			}
		}
	}
	return fmt.Sprintf("%s = %s", lv, g.expr(t, 3))
}

func (g *gen) pickScalarInt() *ctype { return intTypes[g.r.n(len(intTypes))] }

// cond is a condition, sometimes with side effects in && || ?:.
func (g *gen) cond() string {
	if g.f.SideEffect && g.r.p(30) {
		switch g.r.n(3) {
		case 0:
			return fmt.Sprintf("(%s && ((%s), %s))", g.expr(tBool, 2), g.assign(), g.expr(tBool, 2))
		case 1:
			return fmt.Sprintf("(%s || ((%s), %s))", g.expr(tBool, 2), g.assign(), g.expr(tBool, 2))
		default:
			return fmt.Sprintf("(%s ? ((%s), %s) : %s)", g.expr(tBool, 2), g.assign(), g.expr(tBool, 2), g.expr(tBool, 2))
		}
	}
	return g.expr(tBool, 3)
}

// block writes a braced block of n statements.
func (g *gen) block(n int) {
	g.line("{")
	g.depth++
	g.push()
	for i := 0; i < n && g.stmts > 0; i++ {
		g.stmt()
	}
	g.pop()
	g.depth--
	g.line("}")
}

func (g *gen) decl() {
	t := g.pickScalarType()
	switch {
	case g.f.Structs && len(g.structs) > 0 && g.r.p(25):
		s := g.structs[g.r.n(len(g.structs))]
		v := &variable{name: g.fresh("s"), st: s}
		if g.f.Arrays && g.r.p(25) {
			v.n = 2
			g.line("%s %s[2] = {%s, %s};", s.name, v.name, g.structValue(s, 2), g.structValue(s, 2))
		} else {
			g.line("%s %s = %s;", s.name, v.name, g.structValue(s, 2))
		}
		g.declare(v)
	case g.f.Arrays && g.r.p(25):
		n := []int{2, 4, 8}[g.r.n(3)]
		v := &variable{name: g.fresh("a"), t: t, n: n}
		var init []string
		for i := 0; i < n; i++ {
			init = append(init, g.expr(t, 1))
		}
		g.line("%s %s[%d] = {%s};", t.name, v.name, n, strings.Join(init, ", "))
		g.declare(v)
		if g.r.p(30) && !t.bool_ {
			// a loop over it with a pointer
			q := g.fresh("q")
			acc := &variable{name: g.fresh("v"), t: t}
			g.line("%s %s = %s;", t.name, acc.name, g.constant(t))
			if t.float {
				g.line("for (%s *%s = %s; %s < %s + %d; %s++) %s += *%s;", t.name, q, v.name, q, v.name, n, q, acc.name, q)
			} else {
				g.line("for (%s *%s = %s + %d; %s != %s; ) %s ^= (%s)*--%s * 3u;", t.name, q, v.name, n, q, v.name, acc.name, t.wide, q)
			}
			g.declare(acc)
		}
		if g.r.p(50) {
			// a pointer into it, and pointer arithmetic
			k := g.r.n(n)
			p := &variable{name: g.fresh("p"), t: t, ptr: true, n: n - k}
			g.line("%s *%s = %s + %d;", t.name, p.name, v.name, k)
			g.declare(p)
			if n-k > 1 && g.r.p(50) {
				g.line("%s = %s + 1;", p.name, p.name)
				p.n--
				g.line("%s[%d] = %s;", v.name, g.r.n(n), g.convert(fmt.Sprintf("(%s - %s)", p.name, v.name), tLL, t))
			}
		}
	default:
		v := &variable{name: g.fresh("v"), t: t}
		g.line("%s %s = %s;", t.name, v.name, g.expr(t, 3))
		g.declare(v)
	}
}

func (g *gen) stmt() {
	g.stmts--
	nest := g.depth < 5
	switch k := g.r.n(20); {
	case k < 4:
		g.decl()
	case k < 9:
		g.line("%s;", g.assign())
	case k < 11 && nest:
		g.line("if (%s)", g.cond())
		g.block(1 + g.r.n(3))
		if g.r.p(50) {
			g.line("else")
			g.block(1 + g.r.n(3))
		}
	case k < 13 && nest:
		g.loop()
	case k == 13 && nest && g.f.Switch:
		g.switchStmt()
	case k == 14 && nest && g.f.Goto:
		g.gotoStmt()
	case k == 15 && g.inLoop > 0:
		g.line("if (%s) %s;", g.expr(tBool, 2), []string{"break", "continue"}[g.r.n(2)])
	case k == 16 && g.f.SideEffect:
		v := &variable{name: g.fresh("v"), t: tUInt}
		g.line("unsigned %s = %s;", v.name, g.cond())
		g.declare(v)
	case k == 17 && nest:
		g.block(1 + g.r.n(3))
	case k == 18 && len(g.procs) > 0:
		g.procCall()
	default:
		g.line("%s;", g.assign())
	}
}

func (g *gen) loop() {
	n := 1 + g.r.n(5)
	i := &variable{name: g.fresh("i"), t: tInt, ro: true}
	g.inLoop++
	switch g.r.n(3) {
	case 0:
		g.line("for (int %s = 0; %s < %d; %s++)", i.name, i.name, n, i.name)
		g.push()
		g.declare(i)
		g.block(1 + g.r.n(3))
		g.pop()
	case 1:
		g.line("{")
		g.depth++
		g.line("unsigned %s = %du;", i.name, n)
		g.line("while (%s-- > 0u)", i.name)
		g.push()
		i.t = tUInt
		g.declare(i)
		g.block(1 + g.r.n(3))
		g.pop()
		g.depth--
		g.line("}")
	default:
		g.line("{")
		g.depth++
		g.line("int %s = 0;", i.name)
		g.line("do")
		g.push()
		g.declare(i)
		g.block(1 + g.r.n(3))
		g.pop()
		g.line("while (++%s < %d);", i.name, n)
		g.depth--
		g.line("}")
	}
	g.inLoop--
}

func (g *gen) switchStmt() {
	g.line("switch (%s & 7u) {", g.paren(tUInt, 2))
	saved := g.inLoop
	g.inLoop = 0 // a break here leaves the switch: fine, but continue would not
	for c := 0; c < 8; c++ {
		if g.r.p(40) {
			continue
		}
		if c == 7 {
			g.line("default:")
		} else {
			g.line("case %d:", c)
		}
		g.depth++
		g.line("{")
		g.depth++
		g.push()
		for j := 0; j < 1+g.r.n(2); j++ {
			g.line("%s;", g.assign())
		}
		g.pop()
		g.depth--
		g.line("}")
		if g.r.p(60) {
			g.line("break;")
		}
		g.depth--
	}
	g.inLoop = saved
	g.line("}")
}

// gotoStmt is a forward goto over statements without declarations, or a
// backward one making a bounded loop.
func (g *gen) gotoStmt() {
	l := g.fresh("L")
	if g.r.p(50) {
		g.line("{")
		g.depth++
		g.line("if (%s) goto %s;", g.cond(), l)
		for j := 0; j < 1+g.r.n(3); j++ {
			g.line("%s;", g.assign())
		}
		g.depth--
		g.line("%s:;", l)
		g.line("}")
		return
	}
	c := g.fresh("c")
	g.line("{")
	g.depth++
	g.line("unsigned %s = 0u;", c)
	g.line("%s:", l)
	g.line("{")
	g.depth++
	g.push()
	for j := 0; j < 1+g.r.n(3); j++ {
		g.line("%s;", g.assign())
	}
	g.pop()
	g.depth--
	g.line("}")
	g.line("if (++%s < %du) goto %s;", c, 1+g.r.n(3), l)
	g.depth--
	g.line("}")
}

// function writes a __device__ function with scalar and struct
// parameters, returning a scalar or a struct.
func (g *gen) function() {
	f := &fnc{name: g.fresh("f")}
	if g.f.Structs && len(g.structs) > 0 && g.r.p(35) {
		f.sret = g.structs[g.r.n(len(g.structs))]
	} else {
		f.ret = g.pickScalarType()
	}
	g.push()
	var ps []string
	for i := 0; i < 1+g.r.n(4); i++ {
		p := &variable{name: fmt.Sprintf("x%d", i)}
		if g.f.Structs && len(g.structs) > 0 && g.r.p(25) {
			p.st = g.structs[g.r.n(len(g.structs))]
			ps = append(ps, p.st.name+" "+p.name)
		} else {
			p.t = g.pickScalarType()
			ps = append(ps, p.t.name+" "+p.name)
		}
		f.params = append(f.params, p)
		g.declare(p)
	}
	attr := []string{"", "__noinline__ ", "__forceinline__ "}[g.r.n(3)]
	rt := ""
	if f.sret != nil {
		rt = f.sret.name
	} else {
		rt = f.ret.name
	}
	g.emit("__device__ %s%s %s(%s)\n", attr, rt, f.name, strings.Join(ps, ", "))
	g.inFunc = f
	g.body(6+g.r.n(8), func() {
		if f.sret != nil {
			g.line("return %s;", g.structValue(f.sret, 2))
		} else {
			g.line("return %s;", g.expr(f.ret, 3))
		}
	})
	g.inFunc = nil
	g.pop()
	g.funcs = append(g.funcs, f)
}

func (g *gen) body(n int, end func()) {
	g.line("{")
	g.depth++
	g.push()
	g.stmts = n
	for g.stmts > 0 {
		g.stmt()
	}
	end()
	g.pop()
	g.depth--
	g.line("}")
}

// recursive writes P_rec(d, x): recursion of depth d (at most 7).
func (g *gen) recursive() {
	g.emit("__device__ __noinline__ unsigned %s_rec(unsigned d, unsigned x)\n", g.p)
	g.push()
	g.declare(&variable{name: "d", t: tUInt, ro: true})
	g.declare(&variable{name: "x", t: tUInt})
	g.inRec = true
	defer func() { g.inRec = false }()
	g.body(2+g.r.n(4), func() {
		g.line("if (d == 0u) return x;")
		g.line("return %s_rec(d - 1u, %s) %s %s;", g.p, g.expr(tUInt, 2), []string{"+", "^", "*"}[g.r.n(3)], g.expr(tUInt, 2))
	})
	g.pop()
	g.emit("\n")
}

// binaryFunction writes a function of type unsigned(unsigned, unsigned)
// for the function-pointer table.
func (g *gen) binaryFunction() {
	name := g.fresh("b")
	g.emit("__device__ unsigned %s(unsigned x, unsigned y)\n", name)
	g.push()
	g.declare(&variable{name: "x", t: tUInt})
	g.declare(&variable{name: "y", t: tUInt})
	saved := g.funcs
	g.funcs = nil
	g.body(1+g.r.n(3), func() { g.line("return %s;", g.expr(tUInt, 3)) })
	g.funcs = saved
	g.pop()
	g.fptrs = append(g.fptrs, name)
}

func (g *gen) structMakers() {
	for _, s := range g.structs {
		var ps, as []string
		for i, fd := range s.fields {
			ps = append(ps, fmt.Sprintf("%s a%d", fd.t.name, i))
			as = append(as, fmt.Sprintf("r.%s = a%d;", fd.name, i))
		}
		g.emit("__device__ %s %s_make(%s)\n{\n\t%s r;\n\t%s\n\treturn r;\n}\n", s.name, s.name, strings.Join(ps, ", "), s.name, strings.Join(as, "\n\t"))
	}
}

// hash writes the statements folding every variable in scope into h.
func (g *gen) hash(h string) {
	for _, v := range g.visible(func(v *variable) bool { return !v.ptr }) {
		n := max(v.n, 1)
		for i := 0; i < n; i++ {
			e := v.name
			if v.n > 0 {
				e = fmt.Sprintf("%s[%d]", v.name, i)
			}
			if v.st != nil {
				for _, fd := range v.st.fields {
					g.line("%s = rc_mix(%s, %s);", h, h, hashOf(e+"."+fd.name, fd.t))
				}
				continue
			}
			g.line("%s = rc_mix(%s, %s);", h, h, hashOf(e, v.t))
		}
	}
}

func hashOf(e string, t *ctype) string {
	switch t {
	case tFloat:
		return "rc_hf(" + e + ")"
	case tDouble:
		return "rc_hd(" + e + ")"
	}
	return "(unsigned long long)(" + e + ")"
}

func (g *gen) kernel() {
	if g.f.FuncPtrs && len(g.fptrs) > 0 {
		for len(g.fptrs)&(len(g.fptrs)-1) != 0 {
			g.fptrs = append(g.fptrs, g.fptrs[0])
		}
		g.emit("__device__ unsigned (*const %s_fp[%d])(unsigned, unsigned) = {%s};\n", g.p, len(g.fptrs), strings.Join(g.fptrs, ", "))
		g.fpReady = true
	}
	g.emit("extern \"C\" __global__ void %s(const unsigned *in, unsigned long long *out)\n{\n", g.p)
	g.depth = 1
	g.push()
	g.line("unsigned tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x;")
	g.line("unsigned x0 = in[gid], x1 = in[(gid + 1u) %% %du];", In)
	tid := &variable{name: "tid", t: tUInt, ro: true}
	g.declare(tid)
	g.declare(&variable{name: "x0", t: tUInt})
	g.declare(&variable{name: "x1", t: tUInt})
	if g.f.Shared {
		g.line("__shared__ unsigned sh[%d];", Block)
		g.line("sh[tid] = x0 ^ (x1 << 3);")
		g.line("__syncthreads();")
		g.line("unsigned x2 = sh[(tid + %du) %% %du];", 1+g.r.n(Block-1), Block)
		g.declare(&variable{name: "x2", t: tUInt})
	}
	if g.f.Globals {
		g.line("%s_gt[gid] = x0 + 1u;", g.p)
	}
	g.stmts = 12 + g.r.n(14)
	for g.stmts > 0 {
		g.stmt()
	}
	g.line("unsigned long long h = %dULL;", g.r.n(1000))
	if g.f.Globals {
		g.line("h = rc_mix(h, %s_gt[gid]);", g.p)
	}
	g.hash("h")
	if g.f.Printf {
		format, args := g.p+" %llu", []string{"h"}
		vs := g.visible(func(v *variable) bool { return v.st == nil && v.n == 0 && !v.ptr })
		for i := 0; i < 4 && len(vs) > 0; i++ {
			v := vs[g.r.n(len(vs))]
			f, a := printfArg(v.name, v.t)
			format += " " + f
			args = append(args, a)
		}
		g.line("if (gid == %du || gid == %du) printf(\"%s\\n\", %s);", g.r.n(Out), g.r.n(Out), format, strings.Join(args, ", "))
	}
	g.line("out[gid] = h;")
	g.pop()
	g.depth = 0
	g.emit("}\n\n")
}

// procedure writes a void function whose first parameter is a pointer
// it reads and writes through, as p[0] (an array of one).
func (g *gen) procedure() {
	f := &fnc{name: g.fresh("q"), ret: g.pickScalarType()}
	g.push()
	p := &variable{name: "p", t: f.ret, ptr: true, n: 1}
	g.declare(p)
	ps := []string{f.ret.name + " *p"}
	for i := 0; i < 1+g.r.n(2); i++ {
		v := &variable{name: fmt.Sprintf("x%d", i), t: g.pickScalarType()}
		f.params = append(f.params, v)
		g.declare(v)
		ps = append(ps, v.t.name+" "+v.name)
	}
	g.emit("__device__ %svoid %s(%s)\n", []string{"", "__noinline__ "}[g.r.n(2)], f.name, strings.Join(ps, ", "))
	g.body(2+g.r.n(5), func() { g.line("*p = %s;", g.expr(f.ret, 2)) })
	g.pop()
	g.procs = append(g.procs, f)
}

// procCall calls a procedure with the address of a variable, an array
// element or a member of its pointer's type.
func (g *gen) procCall() {
	f := g.procs[g.r.n(len(g.procs))]
	var cands []string
	for _, v := range g.visible(func(v *variable) bool { return !v.ro }) {
		switch {
		case v.st != nil:
			for _, fd := range v.st.fields {
				if fd.t == f.ret && fd.bits == 0 {
					if v.n > 0 {
						cands = append(cands, fmt.Sprintf("&%s[%s].%s", v.name, g.index(v.n), fd.name))
					} else {
						cands = append(cands, "&"+v.name+"."+fd.name)
					}
				}
			}
		case v.t != f.ret:
		case v.ptr:
			cands = append(cands, fmt.Sprintf("%s + %s", v.name, g.index(v.n)))
		case v.n > 0:
			cands = append(cands, fmt.Sprintf("&%s[%s]", v.name, g.index(v.n)))
		default:
			cands = append(cands, "&"+v.name)
		}
	}
	if len(cands) == 0 {
		v := &variable{name: g.fresh("v"), t: f.ret}
		g.line("%s %s = %s;", v.t.name, v.name, g.expr(v.t, 2))
		g.declare(v)
		cands = append(cands, "&"+v.name)
	}
	args := []string{cands[g.r.n(len(cands))]}
	for _, p := range f.params {
		args = append(args, g.expr(p.t, 2))
	}
	g.line("%s(%s);", f.name, strings.Join(args, ", "))
}

// printfArg is the conversion and the argument that print x of type t
// (a NaN as 0: its sign is not the compilers' to agree on).
func printfArg(x string, t *ctype) (string, string) {
	switch {
	case t.float:
		return "%g", fmt.Sprintf("(%s != %s ? 0.0 : %s)", x, x, x)
	case t.bool_ || t.signed && t.size < 4 || t == tInt:
		return "%d", "(int)" + x
	case t.size < 4 || t == tUInt:
		return "%x", "(unsigned)" + x
	case t == tLong:
		return "%ld", x
	case t == tULong:
		return "%lu", x
	case t == tLL:
		return "%lld", x
	}
	return "%llx", x
}
