package emu

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
)

// maxString bounds the strings the system calls read (formats, %s
// arguments, assert messages).
const maxString = 1 << 16

// readString reads a NUL-terminated string at a generic address.
func (w *warp) readString(f *frame, addr uint64, lane int) (string, error) {
	var sb strings.Builder
	for i := uint64(0); i < maxString; i++ {
		c, err := w.tryByte(f, addr+i, lane)
		if err != nil {
			return sb.String(), err
		}
		if c == 0 {
			return sb.String(), nil
		}
		sb.WriteByte(c)
	}
	return sb.String(), fmt.Errorf("string at 0x%x longer than %d bytes", addr, maxString)
}

// tryByte reads one byte, returning a fault as an error.
func (w *warp) tryByte(f *frame, addr uint64, lane int) (c byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			fp, ok := r.(faultPanic)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%s", fp.msg)
		}
	}()
	return w.mem(f, Generic, addr, 1, lane, false)[0], nil
}

// argBytes returns the bytes from a generic address to the end of the
// object holding it (at most maxString).
func (w *warp) argBytes(f *frame, addr uint64, lane int) []byte {
	if addr == 0 {
		return nil
	}
	sp, a := classify(addr)
	var b []byte
	switch sp {
	case Global:
		al := w.m.glob.find(a)
		if al == nil || a >= al.base+al.size || al.freed.Load() {
			w.fault(lane, "vprintf arguments at 0x%x: not in any allocation", addr)
		}
		b = al.data[a-al.base : al.size]
	case Local:
		if a > w.localTop {
			w.fault(lane, "vprintf arguments at 0x%x: out of bounds", addr)
		}
		b = w.local[lane][a:w.localTop]
	case Shared:
		if a > uint64(len(w.b.shared)) {
			w.fault(lane, "vprintf arguments at 0x%x: out of bounds", addr)
		}
		b = w.b.shared[a:]
	case Const:
		if a > uint64(len(w.m.cnst)) {
			w.fault(lane, "vprintf arguments at 0x%x: out of bounds", addr)
		}
		b = w.m.cnst[a:]
	}
	if len(b) > maxString {
		b = b[:maxString]
	}
	return b
}

// syscall runs a system call of guide §3 for lanes m, in lane order.
func (w *warp) syscall(f *frame, in *inst, m uint32, sys int) {
	ci := in.call
	ps := f.fn.paramSz
	ptr := 8
	if w.m.addr == 32 {
		ptr = 4
	}
	arg := func(lane, i, size int) uint64 {
		if i >= len(ci.args) {
			w.fault(lane, "system call with %d arguments, expected more", len(ci.args))
		}
		a := ci.args[i]
		return get(f.param[lane*ps+a.off:], min(size, a.size))
	}
	ret := func(lane int, v uint64) {
		if len(ci.rets) > 0 {
			r := ci.rets[0]
			put(f.param[lane*ps+r.off:], min(r.size, 8), v)
		}
	}
	for lane := range 32 {
		if m&(1<<lane) == 0 {
			continue
		}
		switch sys {
		case 1: // vprintf
			fa := arg(lane, 0, ptr)
			if fa == 0 {
				ret(lane, uint64(0xffffffff))
				continue
			}
			format, err := w.readString(f, fa, lane)
			if err != nil {
				w.fault(lane, "vprintf format: %v", err)
			}
			buf := w.argBytes(f, arg(lane, 1, ptr), lane)
			dec := syscall.Decoder{Target: target.Target{AddressSize: w.m.addr, SM: w.m.opts.SM},
				ReadString: func(a uint64) (string, error) { return w.readString(f, a, lane) }}
			text, err := dec.Decode(format, buf)
			if err != nil {
				w.fault(lane, "vprintf: %v", err)
			}
			w.print(lane, text)
			ret(lane, uint64(countArgs(format)))
		case 2: // malloc
			n := arg(lane, 0, ptr)
			var p uint64
			if n > 0 {
				a, err := w.m.glob.alloc(n, 16, "", true)
				if err != nil {
					w.fault(lane, "malloc: %v", err)
				}
				if a != nil {
					p = a.base
				}
			}
			ret(lane, p)
		case 3: // free
			p := arg(lane, 0, ptr)
			if p != 0 && !w.m.glob.free(p) {
				w.fault(lane, "free of 0x%x, which malloc did not return or which was freed", p)
			}
		case 4: // __assertfail(message, file, line, function, charSize)
			msg, _ := w.readString(f, arg(lane, 0, ptr), lane)
			file, _ := w.readString(f, arg(lane, 1, ptr), lane)
			line := uint32(arg(lane, 2, 4))
			fn, _ := w.readString(f, arg(lane, 3, ptr), lane)
			b := w.b.ctaid
			t := w.tid[lane]
			panic(faultPanic{lane: lane, assert: true, msg: fmt.Sprintf("%s:%d: %s: block: [%d,%d,%d], thread: [%d,%d,%d] Assertion `%s` failed.",
				file, line, fn, b[0], b[1], b[2], t[0], t[1], t[2], msg)})
		default:
			w.fault(lane, "unknown system call")
		}
	}
}

// countArgs is what CUDA's printf returns: the number of arguments the
// format reads.
func countArgs(format string) int {
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		n++
		for j := i + 1; j < len(format) && format[j] != '%' && !strings.ContainsRune("diouxXcsfFeEgGaAp", rune(format[j])); j++ {
			if format[j] == '*' {
				n++
			}
		}
	}
	return n
}

func (w *warp) print(lane int, text string) {
	b := w.b
	t := w.id*32 + lane
	if b.out == nil {
		b.out = map[int][]byte{}
	}
	if _, ok := b.out[t]; !ok {
		b.outKeys = append(b.outKeys, t)
	}
	b.out[t] = append(b.out[t], text...)
}

var _ = bits.Len
