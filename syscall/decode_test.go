package syscall

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

var (
	decodeSeed  = flag.Int64("decode.seed", 1, "seed of the random printf calls of TestDecodeC")
	decodeCount = flag.Int("decode.n", 3000, "random printf calls in TestDecodeC")
)

// arg is one printf argument of a test: its C expression, its type for
// PackPrintf and its bits.
type arg struct {
	c    string
	t    ctypes.Type
	bits uint64
}

// pack builds the vprintf buffer of args with PackPrintf's layout.
func pack(t *testing.T, args []arg) []byte {
	t.Helper()
	return packFor(t, t64, args)
}

func packFor(t *testing.T, tg target.Target, args []arg) []byte {
	t.Helper()
	var types []ctypes.Type
	for _, a := range args {
		types = append(types, a.t)
	}
	b, err := PackPrintf(tg, types)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, b.Size)
	for i, s := range b.Slots {
		switch s.Size {
		case 4:
			binary.LittleEndian.PutUint32(buf[s.Offset:], uint32(args[i].bits))
		case 8:
			binary.LittleEndian.PutUint64(buf[s.Offset:], args[i].bits)
		}
	}
	return buf
}

func intArg(v int64) arg { return arg{fmt.Sprintf("%d", v), ctypes.BasicOf(ctypes.Int), uint64(v)} }

func TestDecode(t *testing.T) {
	strs := map[uint64]string{0x1000: "hello", 0x2000: "wörld"}
	d := Decoder{Target: t64, ReadString: func(a uint64) (string, error) {
		s, ok := strs[a]
		if !ok {
			return "", fmt.Errorf("no string")
		}
		return s + "\x00junk", nil
	}}
	ptr := func(v uint64) arg { return arg{"", &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Char)}, v} }
	dbl := func(f float64) arg { return arg{"", ctypes.BasicOf(ctypes.Double), math.Float64bits(f)} }
	ll := func(v int64) arg { return arg{"", ctypes.BasicOf(ctypes.LongLong), uint64(v)} }
	tests := []struct {
		format string
		args   []arg
		want   string
		err    string
	}{
		{"hi\n", nil, "hi\n", ""},
		{"100%%", nil, "100%", ""},
		{"%d|%5d|%-5d|%05d|%+d|% d", []arg{intArg(-3), intArg(42), intArg(42), intArg(-42), intArg(7), intArg(7)}, "-3|   42|42   |-0042|+7| 7", ""},
		{"%hhd %hd %hhu", []arg{intArg(255), intArg(65535), intArg(-1)}, "-1 -1 255", ""},
		{"%x %X %#x %#o %o %.0d|", []arg{intArg(255), intArg(255), intArg(255), intArg(8), intArg(0), intArg(0)}, "ff FF 0xff 010 0 |", ""},
		{"%lld %llx", []arg{ll(-1), ll(-1)}, "-1 ffffffffffffffff", ""},
		{"%*d|%-*d|%.*d", []arg{intArg(4), intArg(1), intArg(3), intArg(2), intArg(3), intArg(5)}, "   1|2  |005", ""},
		{"%f %e %g %a", []arg{dbl(1.5), dbl(1.5), dbl(1.5), dbl(1.5)}, "1.500000 1.500000e+00 1.5 0x1.8p+0", ""},
		{"%c%c", []arg{intArg('o'), intArg('k')}, "ok", ""},
		{"%s %.3s %10s %s", []arg{ptr(0x1000), ptr(0x1000), ptr(0x2000), ptr(0)}, "hello hel     wörld (null)", ""},
		{"%p %p", []arg{ptr(0xdead), ptr(0)}, "0xdead (nil)", ""},
		{"%d %d %d", []arg{intArg(1)}, "", "argument 3 needs bytes 8 to 12 of a 8-byte buffer"},
		{"%n", []arg{ptr(0)}, "", "%n is not supported"},
		{"%y", nil, "", "unknown conversion"},
		{"%5", nil, "", "incomplete conversion"},
		{"%99999d", []arg{intArg(1)}, "", "width or precision over 65536"},
		{"%*d", []arg{intArg(1 << 30), intArg(1)}, "", "width or precision over 65536"},
		{"%s", []arg{ptr(0x3000)}, "", "reading the string at 0x3000"},
	}
	for _, tc := range tests {
		got, err := d.Decode(tc.format, pack(t, tc.args))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Decode(%q): error %v, want %q", tc.format, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Decode(%q) = %q, %v; want %q", tc.format, got, err, tc.want)
		}
	}
	// 32-bit addresses: long, size_t and pointers are 4 bytes.
	long := arg{"", ctypes.BasicOf(ctypes.Long), uint64(0xffffffff)}
	buf := packFor(t, t32, []arg{long, ll(-2), ptr(0xbeef), long, dbl(2)})
	if got, err := DecodeVprintf("%ld %lld %p %zu %g", buf, t32); err != nil || got != "-1 -2 0xbeef 4294967295 2" {
		t.Errorf("-m32: DecodeVprintf = %q, %v", got, err)
	}
	// Without a string reader %s prints the address.
	if got, err := DecodeVprintf("%s", pack(t, []arg{ptr(0x1000)}), t64); err != nil || got != "0x1000" {
		t.Errorf("DecodeVprintf(%%s) = %q, %v", got, err)
	}
}

// randCall makes one random printf call: its format and arguments.
func randCall(rng *rand.Rand, strs map[uint64]string) (string, []arg) {
	var f strings.Builder
	var args []arg
	n := 1 + rng.Intn(4)
	for i := 0; i < n; i++ {
		f.WriteString([]string{"", " ", "|", "x=", "%%"}[rng.Intn(5)])
		conv := "diuoxXfFeEgGaAcsp"[rng.Intn(17)]
		flags := ""
		allowed := "-+ #0"
		switch conv {
		case 'd', 'i':
			allowed = "-+ 0"
		case 'u':
			allowed = "-0"
		case 'c', 's', 'p':
			allowed = "-"
		}
		for _, fl := range allowed {
			if rng.Intn(4) == 0 {
				flags += string(fl)
			}
		}
		f.WriteString("%" + flags)
		switch rng.Intn(4) {
		case 1:
			f.WriteString(strconv.Itoa(rng.Intn(25)))
		case 2:
			f.WriteString("*")
			args = append(args, intArg(int64(rng.Intn(41)-20)))
		}
		if conv != 'c' && conv != 'p' {
			switch rng.Intn(5) {
			case 1:
				f.WriteString("." + strconv.Itoa(rng.Intn(18)))
			case 2:
				f.WriteString(".*")
				args = append(args, intArg(int64(rng.Intn(22)-3)))
			case 3:
				f.WriteString(".")
			}
		}
		switch conv {
		case 'd', 'i', 'u', 'o', 'x', 'X':
			type lenKind struct {
				mod, ctype string
				kind       ctypes.Kind
			}
			lk := []lenKind{{"", "int", ctypes.Int}, {"hh", "int", ctypes.Int}, {"h", "int", ctypes.Int}, {"l", "long", ctypes.Long},
				{"ll", "long long", ctypes.LongLong}, {"j", "long long", ctypes.LongLong}, {"z", "long", ctypes.Long}, {"t", "long", ctypes.Long}}[rng.Intn(8)]
			var v uint64
			switch rng.Intn(4) {
			case 0:
				v = uint64(rng.Intn(200) - 100)
			case 1:
				v = rng.Uint64()
			case 2:
				v = 0
			default:
				v = uint64(rng.Int63n(1 << uint(rng.Intn(62)+1)))
			}
			if lk.ctype == "int" {
				v = uint64(int64(int32(v)))
			}
			f.WriteString(lk.mod + string(conv))
			args = append(args, arg{fmt.Sprintf("(%s)%dLL", lk.ctype, int64(v)), ctypes.BasicOf(lk.kind), v})
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			var v float64
			switch rng.Intn(8) {
			case 0:
				v = []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, 2.2250738585072014e-308, math.MaxFloat64, 0.5, 1, 9.5, 0.05, 1e-5, 123456789}[rng.Intn(14)]
			case 1:
				v = math.Float64frombits(rng.Uint64())
			case 2:
				v = float64(rng.Intn(20000)-10000) / 8
			default:
				v = (rng.Float64() - 0.5) * math.Pow(10, float64(rng.Intn(40)-20))
			}
			f.WriteString(string(conv))
			c := fmt.Sprintf("D(0x%xULL)", math.Float64bits(v))
			args = append(args, arg{c, ctypes.BasicOf(ctypes.Double), math.Float64bits(v)})
		case 'c':
			v := int64(32 + rng.Intn(95))
			f.WriteString("c")
			args = append(args, intArg(v))
		case 's':
			keys := []uint64{0, 0x1000, 0x2000, 0x3000}
			a := keys[rng.Intn(len(keys))]
			f.WriteString("s")
			c := "(char*)0"
			if a != 0 {
				c = strconv.Quote(strs[a])
			}
			args = append(args, arg{c, &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Char)}, a})
		case 'p':
			a := uint64(0)
			if rng.Intn(4) > 0 {
				a = uint64(rng.Int63n(1 << 47))
			}
			f.WriteString("p")
			args = append(args, arg{fmt.Sprintf("(void*)0x%xULL", a), &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}, a})
		}
	}
	return f.String(), args
}

// TestDecodeC compares Decode with the host C library's printf: random
// calls are written into one C program, compiled once with gcc; each call's
// output must equal what Decode makes of the same arguments packed by
// PackPrintf.
func TestDecodeC(t *testing.T) {
	oracle.Need(t, "gcc")
	strs := map[uint64]string{0x1000: "hello", 0x2000: "", 0x3000: "a longer string, with commas"}
	d := Decoder{Target: t64, ReadString: func(a uint64) (string, error) { return strs[a], nil }}
	rng := rand.New(rand.NewSource(*decodeSeed))
	var src strings.Builder
	src.WriteString("#include <stdio.h>\n#include <string.h>\n")
	src.WriteString("static double D(unsigned long long u) { double d; memcpy(&d, &u, 8); return d; }\n")
	src.WriteString("int main(void) {\n")
	type call struct {
		format string
		args   []arg
	}
	var calls []call
	for i := 0; i < *decodeCount; i++ {
		f, args := randCall(rng, strs)
		calls = append(calls, call{f, args})
		var cs []string
		for _, a := range args {
			cs = append(cs, a.c)
		}
		fmt.Fprintf(&src, "\tprintf(%s%s); putchar(0);\n", strconv.Quote(f), strings.TrimSuffix(", "+strings.Join(cs, ", "), ", "))
	}
	src.WriteString("\treturn 0;\n}\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(src.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := oracle.Run(dir, "gcc", "-w", "-O0", "-o", "p", "p.c"); err != nil {
		t.Fatal(err)
	}
	out, err := oracle.Run(dir, filepath.Join(dir, "p"))
	if err != nil {
		t.Fatal(err)
	}
	outs := strings.Split(string(out), "\x00")
	if len(outs) != len(calls)+1 {
		t.Fatalf("%d outputs for %d calls", len(outs)-1, len(calls))
	}
	bad := 0
	for i, c := range calls {
		got, err := d.Decode(c.format, pack(t, c.args))
		if err != nil || got != outs[i] {
			var cs []string
			for _, a := range c.args {
				cs = append(cs, a.c)
			}
			t.Errorf("printf(%q, %s):\n C:      %q\n Decode: %q %v", c.format, strings.Join(cs, ", "), outs[i], got, err)
			if bad++; bad > 20 {
				t.Fatal("too many differences")
			}
		}
	}
	t.Logf("%d random printf calls decoded as the C library prints them", len(calls)-bad)
}

func FuzzDecode(f *testing.F) {
	f.Add("%d %s %5.2f %#x %*.*e", []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 248, 63})
	f.Add("%lld%%%a%p", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, format string, buf []byte) {
		// Never panics; an error is a fine answer.
		DecodeVprintf(format, buf, t64)
		DecodeVprintf(format, buf, t32)
	})
}
