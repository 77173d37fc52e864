package emu

import (
	"math"
	"math/bits"
)

// classify splits a generic address into its state space and address.
func classify(a uint64) (Space, uint64) {
	switch {
	case a >= sharedWindow && a < sharedWindow+windowSize:
		return Shared, a - sharedWindow
	case a >= localWindow && a < localWindow+windowSize:
		return Local, a - localWindow
	case a >= constWindow && a < constWindow+windowSize:
		return Const, a - constWindow
	}
	return Global, a
}

// mem returns the n bytes at addr in space sp for lane, or faults.
func (w *warp) mem(f *frame, sp Space, addr uint64, n int, lane int, write bool) []byte {
	orig := addr
	if sp == Generic {
		sp, addr = classify(addr)
	}
	if addr&uint64(n-1) != 0 && n&(n-1) == 0 {
		w.fault(lane, "misaligned address 0x%x for a %d-byte %s access", orig, n, sp)
	}
	un := uint64(n)
	switch sp {
	case Global:
		if addr < nullLimit {
			w.fault(lane, "null pointer: address 0x%x", orig)
		}
		a := w.cache
		if a == nil || addr < a.base || addr+un > a.base+a.size {
			a = w.m.glob.find(addr)
			if a == nil || addr+un > a.base+a.size || addr+un < addr {
				w.fault(lane, "out-of-bounds %s access of %d bytes at 0x%x", sp, n, orig)
			}
			w.cache = a
		}
		if a.freed.Load() {
			w.fault(lane, "%s access of %d bytes at 0x%x: the memory was freed", sp, n, orig)
		}
		return a.data[addr-a.base:][:n]
	case Shared:
		if addr+un > uint64(len(w.b.shared)) {
			w.fault(lane, "out-of-bounds .shared access of %d bytes at 0x%x (the block has %d bytes)", n, addr, len(w.b.shared))
		}
		return w.b.shared[addr:][:n]
	case Local:
		if addr+un > w.localTop {
			w.fault(lane, "out-of-bounds .local access of %d bytes at 0x%x (the thread has %d bytes)", n, addr, w.localTop)
		}
		return w.local[lane][addr:][:n]
	case Const:
		if write {
			w.fault(lane, "write to .const memory at 0x%x", orig)
		}
		if addr+un > uint64(len(w.m.cnst)) {
			w.fault(lane, "out-of-bounds .const access of %d bytes at 0x%x", n, addr)
		}
		return w.m.cnst[addr:][:n]
	case Param:
		ps := uint64(f.fn.paramSz)
		if addr+un > ps {
			w.fault(lane, "out-of-bounds .param access of %d bytes at 0x%x", n, addr)
		}
		return f.param[uint64(lane)*ps+addr:][:n]
	}
	w.fault(lane, "bad state space")
	return nil
}

func (in *inst) address(f *frame, lane int) uint64 {
	a := uint64(in.off)
	if in.base >= 0 {
		a += f.regs[in.base][lane]
	}
	return a & uint64(in.aux)
}

// hLd: ld/ldu d or {d...}, [a]; in.aux is the address mask (32 or 64
// bits), in.t the type, in.vec the vector length.
func hLd(w *warp, f *frame, in *inst, m uint32) {
	size := in.t.bytes()
	n := size * int(in.vec)
	signed := in.t.signed()
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		addr := in.address(f, l)
		var buf []byte
		if a := w.cache; a != nil && (in.space == Global || in.space == Generic && addr >= globalBase) &&
			addr >= a.base && addr+uint64(n) <= a.base+a.size && addr&uint64(n-1) == 0 && !a.freed.Load() {
			buf = a.data[addr-a.base:][:n]
		} else {
			buf = w.mem(f, in.space, addr, n, l, false)
		}
		for i := int8(0); i < in.vec; i++ {
			d := in.d[i]
			v := get(buf[int(i)*size:], size)
			if signed {
				v = uint64(sext(v, in.t.w))
			}
			f.regs[d][l] = v & mask(f.fn.regW[d])
		}
	}
}

func hSt(w *warp, f *frame, in *inst, m uint32) {
	size := in.t.bytes()
	n := size * int(in.vec)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		addr := in.address(f, l)
		var buf []byte
		if a := w.stCache; a != nil && (in.space == Global || in.space == Generic && addr >= globalBase) &&
			addr >= a.base && addr+uint64(n) <= a.base+a.size && addr&uint64(n-1) == 0 && !a.freed.Load() {
			buf = a.data[addr-a.base:][:n]
		} else {
			buf = w.mem(f, in.space, addr, n, l, true)
			w.stCache = w.cache
		}
		for i := int8(0); i < in.vec; i++ {
			put(buf[int(i)*size:], size, f.src(in.s[i])[l])
		}
	}
}

// hAtom: atom/red; in.f2 or in.f3 (cas) computes the new value from the
// old one and the operands.
func hAtom(w *warp, f *frame, in *inst, m uint32) {
	size := in.t.bytes()
	b := f.src(in.s[0])
	var c *[32]uint64
	if in.f3 != nil {
		c = f.src(in.s[1])
	}
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		addr := in.address(f, l)
		sp := in.space
		if sp == Generic {
			sp, _ = classify(addr)
		}
		buf := w.mem(f, in.space, addr, size, l, true)
		if sp == Global {
			atomicLock(addr).Lock()
		}
		old := get(buf, size)
		var nv uint64
		if c != nil {
			nv = in.f3(old, b[l], c[l])
		} else {
			nv = in.f2(old, b[l])
		}
		put(buf, size, nv)
		if sp == Global {
			atomicLock(addr).Unlock()
		}
		if in.nd > 0 {
			f.regs[in.d[0]][l] = old
		}
	}
}

func atomOp(op string, t ty) func(a, b uint64) uint64 {
	mk := mask(t.w)
	switch op {
	case "exch":
		return func(a, b uint64) uint64 { return b & mk }
	case "inc":
		return func(a, b uint64) uint64 {
			if a&mk >= b&mk {
				return 0
			}
			return (a + 1) & mk
		}
	case "dec":
		return func(a, b uint64) uint64 {
			if a&mk == 0 || a&mk > b&mk {
				return b & mk
			}
			return (a - 1) & mk
		}
	case "add":
		switch {
		case t.k == 'f' && t.w == 32:
			// atom.add.f32 rounds to nearest and flushes subnormals.
			return func(a, b uint64) uint64 {
				x, y := ftz32(math.Float32frombits(uint32(a))), ftz32(math.Float32frombits(uint32(b)))
				return out32(x+y, true, false)
			}
		case t.k == 'f':
			return func(a, b uint64) uint64 {
				return out64(math.Float64frombits(a)+math.Float64frombits(b), false, a, b, 0)
			}
		case t.k == 'h' || t.k == 'H' || t.k == 'e' || t.k == 'E':
			h := halfOp(t, false, false, func(x []float64) (float64, float64) { return twoSum(x[0], x[1]) })
			return func(a, b uint64) uint64 { return h(a, b, 0) }
		}
		return intBin("add", t, false)
	case "and", "or", "xor":
		return intBin(op, ty{'b', t.w}, false)
	case "min", "max":
		if t.k == 'b' {
			t.k = 'u'
		}
		if t.k == 'f' {
			return floatBin(op, t, rn, false, false)
		}
		return intBin(op, t, false)
	}
	return nil
}

// SIMT instructions.

// laneMasks returns the membermask each executing lane (m) gives
// (masks: the operand's registers) and faults, as compute-sanitizer's
// synccheck, when a lane's mask does not name it, names a lane that does
// not run the instruction with it, or names one that gives another mask.
// Lanes may name different groups (the tiles of cooperative groups: lanes
// 0-3 0x0000000f, lanes 4-7 0x000000f0).
func (w *warp) laneMasks(masks *[32]uint64, m uint32) *[32]uint32 {
	var mm [32]uint32
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		ml := uint32(masks[l])
		mm[l] = ml
		if ml&(1<<l) == 0 {
			w.fault(l, "lane %d executes with membermask 0x%08x, which does not name it", l, ml)
		}
		if bad := ml &^ m; bad != 0 {
			lane := bits.TrailingZeros32(bad)
			if w.live&(1<<lane) == 0 || w.exited&(1<<lane) != 0 {
				w.fault(lane, "membermask 0x%08x names lane %d, which has exited or does not exist", ml, lane)
			}
			w.fault(lane, "membermask 0x%08x names lane %d, which is not active here", ml, lane)
		}
	}
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		for rest := mm[l]; rest != 0; rest &= rest - 1 {
			if k := bits.TrailingZeros32(rest); mm[k] != mm[l] {
				w.fault(l, "lane %d executes with membermask 0x%08x, lane %d, which it names, with 0x%08x", l, mm[l], k, mm[k])
			}
		}
	}
	return &mm
}

// hShfl: shfl.sync.mode.b32 d[|p], a, b, c, membermask; in.aux is the
// mode (0 up, 1 down, 2 bfly, 3 idx); in.vec is 1 for the non-.sync form.
func hShfl(w *warp, f *frame, in *inst, m uint32) {
	a, b, c := f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	if in.vec == 0 {
		w.laneMasks(f.src(in.s[3]), m)
	}
	var out, pv [32]uint64
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		bv, cv := b[l]&0x1f, c[l]
		clamp := cv & 0x1f
		seg := (cv >> 8) & 0x1f
		minLane := uint64(l) & seg
		maxLane := minLane | (clamp &^ seg)
		var j uint64
		var ok bool
		switch in.aux {
		case 0:
			j = uint64(l) - bv
			ok = int64(j) >= int64(maxLane)
		case 1:
			j = uint64(l) + bv
			ok = j <= maxLane
		case 2:
			j = uint64(l) ^ bv
			ok = j <= maxLane
		default:
			j = minLane | (bv &^ seg)
			ok = j <= maxLane
		}
		if !ok {
			j = uint64(l)
		}
		out[l] = a[j] & 0xffffffff
		if ok {
			pv[l] = 1
		}
	}
	d := &f.regs[in.d[0]]
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = out[l]
			if in.nd > 1 {
				f.regs[in.d[1]][l] = pv[l]
			}
		}
	}
}

// hVote: in.aux 0 all, 1 any, 2 uni, 3 ballot; in.t2.k 'n' negates a.
func hVote(w *warp, f *frame, in *inst, m uint32) {
	a := f.src(in.s[0])
	var mm *[32]uint32
	if in.vec == 0 {
		mm = w.laneMasks(f.src(in.s[1]), m)
	}
	var ballot uint32
	for l := range 32 {
		if m&(1<<l) != 0 {
			v := a[l] != 0
			if in.t2.k == 'n' {
				v = !v
			}
			if v {
				ballot |= 1 << l
			}
		}
	}
	d := &f.regs[in.d[0]]
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		g := m // the lanes voting with lane l
		if mm != nil {
			g = mm[l]
		}
		b := ballot & g
		var r uint64
		switch in.aux {
		case 0:
			r = b2u(b == g)
		case 1:
			r = b2u(b != 0)
		case 2:
			r = b2u(b == 0 || b == g)
		case 3:
			r = uint64(b)
		}
		d[l] = r
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// hMatch: match.sync.any/all; in.aux 0 any, 1 all.
func hMatch(w *warp, f *frame, in *inst, m uint32) {
	a := f.src(in.s[0])
	mm := w.laneMasks(f.src(in.s[1]), m)
	mk := mask(in.t.w)
	var res [32]uint64
	var all [32]uint64
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		var same uint32
		for k := range 32 {
			if mm[l]&(1<<k) != 0 && a[k]&mk == a[l]&mk {
				same |= 1 << k
			}
		}
		if in.aux == 0 {
			res[l] = uint64(same)
		} else if same == mm[l] {
			res[l], all[l] = uint64(mm[l]), 1
		}
	}
	for l := range 32 {
		if m&(1<<l) != 0 {
			f.regs[in.d[0]][l] = res[l]
			if in.nd > 1 {
				f.regs[in.d[1]][l] = all[l]
			}
		}
	}
}

func hActivemask(w *warp, f *frame, in *inst, m uint32) {
	d := &f.regs[in.d[0]]
	for l := range 32 {
		if m&(1<<l) != 0 {
			d[l] = uint64(m)
		}
	}
}

// hRedux: redux.sync.op; in.f2 combines.
func hRedux(w *warp, f *frame, in *inst, m uint32) {
	a := f.src(in.s[0])
	mm := w.laneMasks(f.src(in.s[1]), m)
	d := &f.regs[in.d[0]]
	var acc uint64
	var group uint32 // the lanes acc is the reduction of
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		if g := mm[l]; g != group {
			group, acc = g, 0
			first := true
			for k := range 32 {
				if g&(1<<k) != 0 {
					if first {
						acc, first = a[k]&0xffffffff, false
					} else {
						acc = in.f2(acc, a[k])
					}
				}
			}
		}
		d[l] = acc
	}
}

func hWarpSync(w *warp, f *frame, in *inst, m uint32) {
	w.laneMasks(f.src(in.s[0]), m)
}

func hNop(w *warp, f *frame, in *inst, m uint32) {}

// cvta: in.aux 0 to generic, 1 from generic; in.space the state space.
func hCvta(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	mk := mask(in.t.w)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		v := a[l]
		if in.aux == 0 {
			v = toGeneric(in.space, v)
		} else if sp, off := classify(v); sp == in.space {
			v = off
		} else if in.space != Global {
			v -= toGeneric(in.space, 0)
		}
		d[l] = v & mk
	}
}

func hIsspacep(w *warp, f *frame, in *inst, m uint32) {
	d, a := &f.regs[in.d[0]], f.src(in.s[0])
	for l := range 32 {
		if m&(1<<l) != 0 {
			sp, _ := classify(a[l])
			d[l] = b2u(sp == in.space)
		}
	}
}

// add.cc, addc, sub.cc, subc, mad.cc, madc with the carry flag: in.aux
// bit 0 subtract, bit 1 reads the carry, bit 2 writes it.
func hCarry(w *warp, f *frame, in *inst, m uint32) {
	d, a, b := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1])
	wd := uint(in.t.w)
	mk := mask(in.t.w)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		x, y := a[l]&mk, b[l]&mk
		var cin uint64
		if in.aux&2 != 0 {
			cin = w.carry[l]
		}
		var r, cout uint64
		if in.aux&1 == 0 {
			if wd == 64 {
				r, cout = bits.Add64(x, y, cin)
			} else {
				s := x + y + cin
				r, cout = s&mk, s>>wd&1
			}
		} else {
			// Subtraction: the flag holds the borrow.
			if wd == 64 {
				r, cout = bits.Sub64(x, y, cin)
			} else {
				s := x - y - cin
				r, cout = s&mk, s>>wd&1
			}
		}
		d[l] = r
		if in.aux&4 != 0 {
			w.carry[l] = cout
		}
	}
}

// hMadCarry: mad.cc and madc: d = (a*b).lo or .hi + c (+ the carry flag
// for madc); in.aux bit 1 reads the flag, bit 2 writes it; in.off 1 for
// .hi.
func hMadCarry(w *warp, f *frame, in *inst, m uint32) {
	d, a, b, c := &f.regs[in.d[0]], f.src(in.s[0]), f.src(in.s[1]), f.src(in.s[2])
	wd := uint(in.t.w)
	mk := mask(in.t.w)
	for l := range 32 {
		if m&(1<<l) == 0 {
			continue
		}
		var p uint64
		if in.off == 1 {
			p = mulHi(a[l], b[l], in.t)
		} else {
			p = a[l] * b[l] & mk
		}
		var cin uint64
		if in.aux&2 != 0 {
			cin = w.carry[l]
		}
		var r, cout uint64
		if wd == 64 {
			r, cout = bits.Add64(p, c[l], cin)
		} else {
			s := p + c[l]&mk + cin
			r, cout = s&mk, s>>wd&1
		}
		d[l] = r
		if in.aux&4 != 0 {
			w.carry[l] = cout
		}
	}
}
