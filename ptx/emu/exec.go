package emu

import (
	"fmt"
	"go/token"
	"math/bits"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// simtEntry is one entry of a warp's reconvergence stack (ARCHITECTURE
// practice 19): the lanes in mask run from pc until they reach rpc.
type simtEntry struct {
	pc, rpc int32
	mask    uint32
}

// frame is one activation of a function in a warp: the registers of its
// 32 lanes (structure of arrays), their parameter areas and its SIMT stack.
type frame struct {
	fn        *dfunc
	regs      [][32]uint64
	param     []byte // lane l's area is param[l*fn.paramSz:]
	localBase uint64
	stack     []simtEntry
	entryMask uint32
	call      *inst // the caller's call instruction
}

func (f *frame) src(o int32) *[32]uint64 {
	if o >= 0 {
		return &f.regs[o]
	}
	return &f.fn.pool[^o]
}

type warpState uint8

const (
	running warpState = iota
	waiting
	done
)

type warp struct {
	b        *block
	m        *Machine
	id       int
	tid      [32][3]uint32
	live     uint32 // lanes that exist
	exited   uint32
	frames   []*frame
	local    [32][]byte
	localTop uint64
	steps    int64
	counts   []int64
	state    warpState
	cache    *allocation // the allocation of the last global access
	stCache  *allocation // and of the last store
	cur      *inst
	barPC    *inst
	carry    [32]uint64
	pool     map[*dfunc][]*frame
	barFrame *frame
	barMask  uint32
}

type block struct {
	l       *launch
	ctaid   [3]uint32
	index   int
	shared  []byte
	warps   []*warp
	live    int
	bars    [16]barrier
	out     map[int][]byte
	outKeys []int
	running *warp
}

type barrier struct {
	arrived  int
	expected int // 0: the block's live threads
	waiting  []*warp
	red      uint64
	redOp    int
}

type launch struct {
	m        *Machine
	k        *dfunc
	grid     [3]int
	bdim     [3]int
	dyn      int
	params   []byte
	nthreads int
	limit    int64
	start    time.Time
}

// A Fault is a launch that failed: the instruction's position, the block
// and thread, and what happened, as compute-sanitizer reports it.
type Fault struct {
	Pos    token.Position
	Inst   string
	Block  [3]int
	Thread [3]int
	Msg    string
	// Assert is set for a failed assert; Msg is then the driver's line.
	Assert bool
}

func (f *Fault) Error() string {
	if f.Assert {
		return f.Msg
	}
	return fmt.Sprintf("%s: %s: %s (block (%d,%d,%d), thread (%d,%d,%d))", f.Pos, f.Inst, f.Msg,
		f.Block[0], f.Block[1], f.Block[2], f.Thread[0], f.Thread[1], f.Thread[2])
}

type faultPanic struct {
	lane   int
	msg    string
	assert bool
}

func (w *warp) fault(lane int, format string, args ...any) {
	panic(faultPanic{lane: lane, msg: fmt.Sprintf(format, args...)})
}

// Launch describes a kernel launch.
type Launch struct {
	Kernel string
	Grid   [3]int
	Block  [3]int
	Shared int      // dynamic shared memory in bytes
	Args   [][]byte // each parameter's bytes, in order
}

// Result is what a launch produced.
type Result struct {
	// Output is what the kernel printed, block by block (in block index
	// order) and, within a block, thread by thread (in linear order).
	Output []byte
	// Instructions counts thread-instructions: each executed instruction
	// once per active thread (guarded-off threads included).
	Instructions int64
	// WarpInstructions counts decoded instructions executed.
	WarpInstructions int64
	// Kinds counts thread-instructions by opcode.
	Kinds map[string]int64
	Wall  time.Duration
}

// Launch runs a kernel to completion. On a fault the result holds what was
// printed up to it, and the error is a *Fault.
func (m *Machine) Launch(cfg Launch) (res *Result, err error) {
	k := m.kernel(cfg.Kernel)
	if k == nil {
		return nil, fmt.Errorf("no kernel %s", cfg.Kernel)
	}
	params, err := packArgs(k, cfg.Args)
	if err != nil {
		return nil, err
	}
	for i := range 3 {
		if cfg.Grid[i] == 0 {
			cfg.Grid[i] = 1
		}
		if cfg.Block[i] == 0 {
			cfg.Block[i] = 1
		}
		if cfg.Grid[i] < 0 || cfg.Block[i] < 0 {
			return nil, fmt.Errorf("negative launch dimension")
		}
	}
	nthreads := cfg.Block[0] * cfg.Block[1] * cfg.Block[2]
	switch {
	case cfg.Block[0] > 1024 || cfg.Block[1] > 1024 || cfg.Block[2] > 64 || nthreads > 1024:
		return nil, fmt.Errorf("too many threads per block: %dx%dx%d (the limit is 1024, and 1024x1024x64 per dimension)", cfg.Block[0], cfg.Block[1], cfg.Block[2])
	case k.maxntid > 0 && nthreads > k.maxntid:
		return nil, fmt.Errorf("too many threads per block: %d, the kernel's .maxntid is %d", nthreads, k.maxntid)
	case k.reqntid[0] > 0 && (cfg.Block[0] != k.reqntid[0] || cfg.Block[1] != max(k.reqntid[1], 1) || cfg.Block[2] != max(k.reqntid[2], 1)):
		return nil, fmt.Errorf("block %v differs from the kernel's .reqntid %v", cfg.Block, k.reqntid)
	case cfg.Grid[0] > 1<<31-1 || cfg.Grid[1] > 65535 || cfg.Grid[2] > 65535:
		return nil, fmt.Errorf("grid %v too large", cfg.Grid)
	}
	shared := align(k.sharedEnd, 16) + cfg.Shared
	if cfg.Shared < 0 || shared > m.opts.SharedLimit {
		return nil, fmt.Errorf("too much shared memory: %d bytes static and %d dynamic, the limit is %d", k.sharedEnd, cfg.Shared, m.opts.SharedLimit)
	}
	l := &launch{m: m, k: k, grid: cfg.Grid, bdim: cfg.Block, dyn: cfg.Shared, params: params, nthreads: nthreads,
		limit: m.opts.StepLimit, start: time.Now()}
	nblocks := cfg.Grid[0] * cfg.Grid[1] * cfg.Grid[2]
	procs := m.opts.Procs
	if procs <= 0 {
		procs = runtime.GOMAXPROCS(0)
	}
	procs = min(procs, nblocks)
	outs := make([][]byte, nblocks)
	faults := make([]error, nblocks)
	var next atomic.Int64
	var failed atomic.Int64
	failed.Store(int64(nblocks))
	counts := make([]int64, len(m.kinds))
	var warpInst int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]int64, len(m.kinds))
			var steps int64
			var b *block
			for {
				i := next.Add(1) - 1
				if i >= int64(nblocks) || i > failed.Load() {
					break
				}
				var err error
				b, err = l.runBlock(int(i), local, b)
				if b != nil {
					for _, w := range b.warps {
						steps += w.steps
					}
					outs[i] = b.output()
				}
				if err != nil {
					faults[i] = err
					for {
						f := failed.Load()
						if i >= f || failed.CompareAndSwap(f, i) {
							break
						}
					}
				}
			}
			mu.Lock()
			for j, c := range local {
				counts[j] += c
			}
			warpInst += steps
			mu.Unlock()
		}()
	}
	wg.Wait()
	res = &Result{Kinds: map[string]int64{}, WarpInstructions: warpInst}
	last := nblocks - 1
	if f := failed.Load(); f < int64(nblocks) {
		last = int(f)
		err = faults[f]
	}
	for i := 0; i <= last; i++ {
		res.Output = append(res.Output, outs[i]...)
	}
	for j, c := range counts {
		if c != 0 {
			res.Kinds[m.kinds[j]] = c
			res.Instructions += c
		}
	}
	res.Wall = time.Since(l.start)
	return res, err
}

// runBlock sets up and runs block i; a failure outside the block's own
// run (which recovers its faults) is an internal error, never a crash.
func (l *launch) runBlock(i int, counts []int64, old *block) (b *block, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("internal error: block %d: %v\n%s", i, r, debug.Stack())
		}
	}()
	b = l.newBlock(i, counts, old)
	return b, b.run()
}

// newBlock sets up block i, reusing the memory of an earlier block run
// by the same goroutine when there is one.
func (l *launch) newBlock(i int, counts []int64, old *block) *block {
	g := l.grid
	ctaid := [3]uint32{uint32(i % g[0]), uint32(i / g[0] % g[1]), uint32(i / (g[0] * g[1]))}
	if old != nil {
		b := old
		b.index, b.ctaid, b.live = i, ctaid, l.nthreads
		clear(b.shared)
		b.bars = [16]barrier{}
		b.out, b.outKeys, b.running = nil, nil, nil
		for _, w := range b.warps {
			w.exited, w.steps, w.state, w.cache, w.stCache, w.cur, w.barPC, w.barFrame = 0, 0, running, nil, nil, nil, nil, nil
			w.carry = [32]uint64{}
			for lane := range 32 {
				clear(w.local[lane])
			}
			for _, f := range w.frames {
				w.pool[f.fn] = append(w.pool[f.fn], f)
			}
			w.frames = w.frames[:0]
			l.startWarp(w)
		}
		return b
	}
	b := &block{l: l, index: i, ctaid: ctaid}
	b.shared = make([]byte, align(l.k.sharedEnd, 16)+l.dyn)
	b.live = l.nthreads
	nw := (l.nthreads + 31) / 32
	for wi := range nw {
		w := &warp{b: b, m: l.m, id: wi, counts: counts, pool: map[*dfunc][]*frame{}}
		for lane := range 32 {
			t := wi*32 + lane
			if t >= l.nthreads {
				break
			}
			w.live |= 1 << lane
			w.tid[lane] = [3]uint32{uint32(t % l.bdim[0]), uint32(t / l.bdim[0] % l.bdim[1]), uint32(t / (l.bdim[0] * l.bdim[1]))}
		}
		l.startWarp(w)
		b.warps = append(b.warps, w)
	}
	return b
}

// startWarp gives a warp the kernel's frame.
func (l *launch) startWarp(w *warp) {
	w.localTop = uint64(align(l.m.moduleLocal, 16))
	f := w.newFrame(l.k, w.live)
	for lane := range 32 {
		if w.live&(1<<lane) != 0 {
			copy(f.param[lane*l.k.paramSz:], l.params)
		}
	}
	w.frames = append(w.frames, f)
}

func (b *block) output() []byte {
	if len(b.out) == 0 {
		return nil
	}
	sort.Ints(b.outKeys)
	var out []byte
	for _, k := range b.outKeys {
		out = append(out, b.out[k]...)
	}
	return out
}

const quantum = 4096

func (b *block) run() (err error) {
	defer func() {
		if r := recover(); r != nil {
			fp, ok := r.(faultPanic)
			if !ok {
				err = fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
				return
			}
			err = b.faultError(fp)
		}
	}()
	for {
		progress, all := false, true
		for _, w := range b.warps {
			if w.state == running {
				w.run(quantum)
				progress = true
			}
			if w.state != done {
				all = false
			}
		}
		if all {
			return nil
		}
		if !progress {
			return b.deadlock()
		}
	}
}

func (b *block) faultError(fp faultPanic) error {
	w := b.running
	f := &Fault{Msg: fp.msg, Assert: fp.assert, Block: [3]int{int(b.ctaid[0]), int(b.ctaid[1]), int(b.ctaid[2])}}
	if w != nil {
		if fp.lane >= 0 && fp.lane < 32 {
			t := w.tid[fp.lane]
			f.Thread = [3]int{int(t[0]), int(t[1]), int(t[2])}
		}
		if in := w.cur; in != nil {
			if b.l.m.fset != nil {
				f.Pos = b.l.m.fset.Position(in.pos)
			}
			f.Inst = in.name(b.l.m)
		}
	}
	return f
}

func (in *inst) name(m *Machine) string {
	if in.src != nil {
		return in.src.Opcode + strings.Join(in.src.Mods, "")
	}
	return m.kinds[in.kind]
}

func (b *block) deadlock() error {
	var parts []string
	var pos token.Position
	for _, w := range b.warps {
		if w.state != waiting {
			continue
		}
		if w.barPC != nil && !pos.IsValid() && b.l.m.fset != nil {
			pos = b.l.m.fset.Position(w.barPC.pos)
		}
		f := w.frames[len(w.frames)-1]
		var mask uint32
		if len(f.stack) > 0 {
			mask = f.stack[len(f.stack)-1].mask
		}
		lo, hi := -1, -1
		for lane := range 32 {
			if mask&(1<<lane) != 0 {
				if lo < 0 {
					lo = lane
				}
				hi = lane
			}
		}
		if lo >= 0 {
			part := fmt.Sprintf("warp %d threads %v-%v", w.id, w.tid[lo], w.tid[hi])
			if rest := w.live &^ w.exited &^ mask; rest != 0 {
				part += fmt.Sprintf(" (its lanes 0x%08x are on another path: a warp waits at a barrier as a whole)", rest)
			}
			parts = append(parts, part)
		}
	}
	return &Fault{Pos: pos, Inst: "bar.sync", Block: [3]int{int(b.ctaid[0]), int(b.ctaid[1]), int(b.ctaid[2])},
		Msg: fmt.Sprintf("deadlock: a barrier that the other threads of the block never reach; waiting: %s (%d threads still running)",
			strings.Join(parts, ", "), b.live)}
}

func (w *warp) newFrame(fn *dfunc, mask uint32) *frame {
	var f *frame
	if p := w.pool[fn]; len(p) > 0 {
		f = p[len(p)-1]
		w.pool[fn] = p[:len(p)-1]
		clear(f.regs)
		clear(f.param)
		f.stack = f.stack[:0]
	} else {
		f = &frame{fn: fn, regs: make([][32]uint64, fn.nregs), param: make([]byte, 32*fn.paramSz)}
	}
	f.entryMask = mask
	f.localBase = w.localTop
	if fn.localSz > 0 {
		w.localTop += uint64(fn.localSz)
		if w.localTop > maxLocal {
			w.fault(bits.TrailingZeros32(mask), "stack overflow: %d bytes of local memory per thread", w.localTop)
		}
		for lane := range 32 {
			if uint64(len(w.local[lane])) < w.localTop {
				n := max(w.localTop, 2*uint64(len(w.local[lane])))
				nb := make([]byte, n)
				copy(nb, w.local[lane])
				w.local[lane] = nb
			}
		}
		if fill := w.m.opts.LocalFill; fill != 0 {
			for lane := range 32 {
				b := w.local[lane][f.localBase:w.localTop]
				for i := range b {
					b[i] = fill
				}
			}
		}
	} else if w.localTop > 0 && len(w.local[0]) < int(w.localTop) {
		for lane := range 32 {
			if uint64(len(w.local[lane])) < w.localTop {
				nb := make([]byte, w.localTop)
				copy(nb, w.local[lane])
				w.local[lane] = nb
			}
		}
	}
	f.stack = append(f.stack, simtEntry{pc: 0, rpc: int32(len(fn.code)), mask: mask})
	b := w.b
	l := b.l
	for _, is := range fn.inits {
		r := &f.regs[is.slot]
		switch {
		case is.kind <= iTid+2:
			for lane := range 32 {
				r[lane] = uint64(w.tid[lane][is.kind-iTid])
			}
			continue
		}
		var v uint64
		switch is.kind {
		case iNtid, iNtid + 1, iNtid + 2:
			v = uint64(l.bdim[is.kind-iNtid])
		case iCtaid, iCtaid + 1, iCtaid + 2:
			v = uint64(b.ctaid[is.kind-iCtaid])
		case iNctaid, iNctaid + 1, iNctaid + 2:
			v = uint64(l.grid[is.kind-iNctaid])
		case iLaneid:
			for lane := range 32 {
				r[lane] = uint64(lane)
			}
			continue
		case iLanemaskEq, iLanemaskLe, iLanemaskLt, iLanemaskGe, iLanemaskGt:
			for lane := range 32 {
				bit := uint64(1) << lane
				switch is.kind {
				case iLanemaskEq:
					r[lane] = bit
				case iLanemaskLe:
					r[lane] = bit<<1 - 1
				case iLanemaskLt:
					r[lane] = bit - 1
				case iLanemaskGe:
					r[lane] = uint64(^uint32(bit - 1))
				case iLanemaskGt:
					r[lane] = uint64(^uint32(bit<<1 - 1))
				}
			}
			continue
		case iWarpid:
			v = uint64(w.id)
		case iNwarpid:
			v = 64
		case iSmid:
			v = uint64(b.index % 16)
		case iNsmid:
			v = 16
		case iGridid:
			v = 1
		case iDynSmem:
			v = uint64(l.dyn)
		case iTotalSmem:
			v = uint64(len(b.shared))
		case iLocalAddr:
			v = f.localBase + is.val
		case iConst:
			v = is.val
		case iDynShared:
			v = uint64(align(l.k.sharedEnd, 16))
		}
		for lane := range 32 {
			r[lane] = v
		}
	}
	return f
}

func guardMask(r *[32]uint64, neg bool) uint32 {
	var m uint32
	for lane := range 32 {
		if r[lane] != 0 {
			m |= 1 << lane
		}
	}
	if neg {
		m = ^m
	}
	return m
}

// run executes up to budget instructions of the warp.
func (w *warp) run(budget int) {
	w.b.running = w
	limit := w.b.l.limit
	for budget > 0 {
		nf := len(w.frames)
		if nf == 0 {
			w.state = done
			return
		}
		f := w.frames[nf-1]
		ns := len(f.stack)
		if ns == 0 {
			w.frameDone(f)
			continue
		}
		e := &f.stack[ns-1]
		if e.mask == 0 || e.pc == e.rpc {
			f.stack = f.stack[:ns-1]
			continue
		}
		pc := e.pc
		code := f.fn.code
		if int(pc) >= len(code) {
			w.retLanes(f, e.mask)
			continue
		}
		in := &code[pc]
		m := e.mask
		if in.guard >= 0 {
			m &= guardMask(&f.regs[in.guard], in.gneg)
		}
		w.steps++
		budget--
		w.counts[in.kind] += int64(bits.OnesCount32(e.mask))
		if w.steps > limit {
			w.cur = in
			w.fault(bits.TrailingZeros32(e.mask), "step limit of %d instructions per warp reached", limit)
		}
		switch in.op {
		case opALU:
			if m != 0 {
				w.cur = in
				in.exec(w, f, in, m)
			}
			e.pc++
		case opBra:
			switch {
			case m == e.mask:
				e.pc = in.target
			case m == 0:
				e.pc++
			default:
				rest := e.mask &^ m
				rc := in.reconv
				if rc == e.rpc {
					e.pc, e.mask = pc+1, rest
					f.stack = append(f.stack, simtEntry{in.target, rc, m})
				} else {
					e.pc = rc
					f.stack = append(f.stack, simtEntry{pc + 1, rc, rest}, simtEntry{in.target, rc, m})
				}
			}
		case opBrx:
			w.cur = in
			w.brx(f, e, in, m)
		case opCall:
			w.cur = in
			w.call(f, e, in, m)
		case opRet:
			e.pc++
			if m != 0 {
				w.retLanes(f, m)
			}
		case opExit:
			e.pc++
			if m != 0 {
				w.exitLanes(m)
			}
		case opTrap:
			if m != 0 {
				w.cur = in
				w.fault(bits.TrailingZeros32(m), "trap")
			}
			e.pc++
		case opBar:
			e.pc++
			if m != 0 {
				w.cur = in
				if !w.barrier(f, in, m) {
					return
				}
			}
		}
	}
}

func (w *warp) retLanes(f *frame, m uint32) {
	for i := range f.stack {
		f.stack[i].mask &^= m
	}
}

func (w *warp) exitLanes(m uint32) {
	m &^= w.exited
	w.exited |= m
	for _, f := range w.frames {
		w.retLanes(f, m)
	}
	w.b.live -= bits.OnesCount32(m)
	w.b.checkBarriers()
}

// frameDone pops a frame whose lanes have all returned.
func (w *warp) frameDone(f *frame) {
	w.frames = w.frames[:len(w.frames)-1]
	if len(w.frames) == 0 {
		w.exitLanes(w.live &^ w.exited)
		w.state = done
		w.pool[f.fn] = append(w.pool[f.fn], f)
		return
	}
	caller := w.frames[len(w.frames)-1]
	lanes := f.entryMask &^ w.exited
	ci := f.call.call
	for i, r := range ci.rets {
		if i >= len(f.fn.rets) {
			break
		}
		fr := f.fn.rets[i]
		n := min(r.size, fr.size)
		for lane := range 32 {
			if lanes&(1<<lane) != 0 {
				copy(caller.param[lane*caller.fn.paramSz+r.off:][:n], f.param[lane*f.fn.paramSz+fr.off:][:n])
			}
		}
	}
	for i := range caller.stack {
		caller.stack[i].mask &^= w.exited
	}
	w.localTop = f.localBase
	w.pool[f.fn] = append(w.pool[f.fn], f)
}

func (w *warp) brx(f *frame, e *simtEntry, in *inst, m uint32) {
	pc := e.pc
	if m == 0 {
		e.pc++
		return
	}
	idx := f.src(in.s[0])
	groups := map[int32]uint32{}
	var order []int32
	for lane := range 32 {
		if m&(1<<lane) == 0 {
			continue
		}
		i := idx[lane] & 0xffffffff
		if i >= uint64(len(in.tgts)) {
			w.fault(lane, "brx.idx index %d out of the %d targets", i, len(in.tgts))
		}
		t := in.tgts[i]
		if _, ok := groups[t]; !ok {
			order = append(order, t)
		}
		groups[t] |= 1 << lane
	}
	rest := e.mask &^ m
	if len(order) == 1 && rest == 0 {
		e.pc = order[0]
		return
	}
	rc := in.reconv
	e.pc = rc
	if rest != 0 {
		f.stack = append(f.stack, simtEntry{pc + 1, rc, rest})
	}
	for i := len(order) - 1; i >= 0; i-- {
		f.stack = append(f.stack, simtEntry{order[i], rc, groups[order[i]]})
	}
}

const maxCallDepth = 1024

// maxLocal is the local memory a thread may use (its stack included).
const maxLocal = 1 << 20

func (w *warp) call(f *frame, e *simtEntry, in *inst, m uint32) {
	pc := e.pc
	e.pc++
	if m == 0 {
		return
	}
	ci := in.call
	callee, sys := ci.callee, ci.sys
	if ci.ind {
		tv := f.src(in.s[0])
		l0 := bits.TrailingZeros32(m)
		t := tv[l0]
		var g uint32
		for lane := range 32 {
			if m&(1<<lane) != 0 && tv[lane] == t {
				g |= 1 << lane
			}
		}
		if g != m {
			f.stack = append(f.stack, simtEntry{pc, pc + 1, m &^ g})
			m = g
		}
		id := int64(t) - funcWindow
		n := int64(len(w.m.byID))
		switch {
		case id < 0 || id%8 != 0 || id/8 > n+4:
			w.fault(l0, "indirect call through 0x%x, not a function address", t)
		case id/8 < n:
			callee = w.m.byID[id/8]
		default:
			sys = int(id/8 - n)
		}
		if callee != nil && len(ci.args) != len(callee.formals) {
			w.fault(l0, "indirect call of %s with %d arguments, it has %d parameters", callee.name, len(ci.args), len(callee.formals))
		}
	}
	if callee == nil {
		w.syscall(f, in, m, sys)
		return
	}
	if len(w.frames) >= maxCallDepth {
		w.fault(bits.TrailingZeros32(m), "call stack overflow: %d nested calls", len(w.frames))
	}
	nf := w.newFrame(callee, m)
	for i, a := range ci.args {
		if i >= len(callee.formals) {
			break
		}
		fm := callee.formals[i]
		n := min(a.size, fm.size)
		for lane := range 32 {
			if m&(1<<lane) != 0 {
				copy(nf.param[lane*callee.paramSz+fm.off:][:n], f.param[lane*f.fn.paramSz+a.off:][:n])
			}
		}
	}
	nf.call = in
	w.frames = append(w.frames, nf)
}

// barrier makes lanes m arrive at the barrier of in; it reports whether
// the warp may go on.
func (w *warp) barrier(f *frame, in *inst, m uint32) bool {
	b := w.b
	id := f.src(in.s[0])[bits.TrailingZeros32(m)]
	if id >= 16 {
		w.fault(bits.TrailingZeros32(m), "barrier %d out of range 0..15", id)
	}
	bar := &b.bars[id]
	n := bits.OnesCount32(m)
	if in.vec == 1 {
		c := int(f.src(in.s[1])[bits.TrailingZeros32(m)])
		if c%32 != 0 || c <= 0 || c > b.l.nthreads+31 {
			w.fault(bits.TrailingZeros32(m), "barrier thread count %d is not a positive multiple of 32", c)
		}
		bar.expected = c
	}
	mode := in.aux // 0 sync, 1 arrive, 2 red
	if mode == 2 {
		pr := f.src(in.s[2])
		neg := in.t2.k == 'n'
		var cnt, all, any uint64
		all = 1
		for lane := range 32 {
			if m&(1<<lane) != 0 {
				v := pr[lane] != 0
				if neg {
					v = !v
				}
				if v {
					cnt++
					any = 1
				} else {
					all = 0
				}
			}
		}
		if bar.arrived == 0 {
			bar.redOp = int(in.off)
			switch in.off {
			case 1: // and
				bar.red = 1
			default:
				bar.red = 0
			}
		}
		switch in.off {
		case 0:
			bar.red += cnt
		case 1:
			bar.red &= all
		case 2:
			bar.red |= any
		}
	}
	bar.arrived += n
	if mode != 1 {
		w.state = waiting
		w.barPC = in
		w.barFrame = f
		w.barMask = m
		bar.waiting = append(bar.waiting, w)
	}
	b.checkBarriers()
	return w.state == running
}

func (b *block) checkBarriers() {
	for i := range b.bars {
		bar := &b.bars[i]
		if bar.arrived == 0 {
			continue
		}
		exp := bar.expected
		if exp == 0 {
			exp = b.live
		}
		if bar.arrived < exp {
			continue
		}
		for _, w := range bar.waiting {
			w.state = running
			if in := w.barPC; in != nil && in.aux == 2 {
				d := w.barFrame.regs[in.d[0]][:]
				for lane := range 32 {
					if w.barMask&(1<<lane) != 0 {
						d[lane] = bar.red
					}
				}
			}
			w.barPC = nil
		}
		bar.waiting = bar.waiting[:0]
		bar.arrived = 0
		bar.expected = 0
	}
}
