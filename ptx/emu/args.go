package emu

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// An Arg is a kernel argument as `ptxabi run -arg` gives it: a scalar or an
// aggregate's bytes (Scalar), or a global buffer (IsBuffer) whose initial
// contents are Buffer and whose address the parameter receives.
type Arg struct {
	Scalar   []byte
	Buffer   []byte
	IsBuffer bool
}

func parseCInt(v string, bits int, signed bool) (uint64, error) {
	s := strings.TrimRight(v, "uUlL")
	neg := strings.HasPrefix(s, "-")
	var u uint64
	var err error
	if neg {
		var n int64
		n, err = strconv.ParseInt(s, 0, 64)
		if err == nil && bits < 64 && n < -(int64(1)<<(bits-1)) {
			err = errors.New("out of range")
		}
		u = uint64(n)
	} else {
		u, err = strconv.ParseUint(strings.TrimPrefix(s, "+"), 0, 64)
		if err == nil && bits < 64 && u >= 1<<bits {
			err = errors.New("out of range")
		}
	}
	if err != nil {
		return 0, fmt.Errorf("%q is not a %d-bit integer", v, bits)
	}
	return u, nil
}

// ParseArg parses one argument spec:
//
//	s8:V u8:V s16:V u16:V s32:V u32:V s64:V u64:V f32:V f64:V
//	                a scalar; V in C syntax (-3, 0x10, 1.5)
//	file:PATH       a global buffer holding the file's bytes
//	zero:N          a global buffer of N zero bytes
//	bytes:HEX       an aggregate parameter's bytes
func ParseArg(spec string) (Arg, error) {
	kind, val, ok := strings.Cut(spec, ":")
	if !ok {
		return Arg{}, fmt.Errorf("%q: expected KIND:VALUE", spec)
	}
	put := func(v uint64, n int) Arg {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint64(b, v)
		return Arg{Scalar: b[:n]}
	}
	switch kind {
	case "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64":
		bits, _ := strconv.Atoi(kind[1:])
		v, err := parseCInt(val, bits, kind[0] == 's')
		if err != nil {
			return Arg{}, fmt.Errorf("%s: %v", spec, err)
		}
		return put(v, bits/8), nil
	case "f32", "f64":
		f, err := strconv.ParseFloat(strings.TrimRight(val, "fFlL"), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return Arg{}, fmt.Errorf("%s: %q is not a number", spec, val)
		}
		if kind == "f32" {
			return put(uint64(math.Float32bits(float32(f))), 4), nil
		}
		return put(math.Float64bits(f), 8), nil
	case "file":
		b, err := os.ReadFile(val)
		if err != nil {
			return Arg{}, fmt.Errorf("%s: %v", spec, err)
		}
		return Arg{Buffer: b, IsBuffer: true}, nil
	case "zero":
		n, err := strconv.ParseInt(val, 0, 64)
		if err != nil || n < 0 || n > 1<<32 {
			return Arg{}, fmt.Errorf("%s: expected a size in bytes", spec)
		}
		return Arg{Buffer: make([]byte, n), IsBuffer: true}, nil
	case "bytes":
		b, err := hex.DecodeString(strings.ReplaceAll(val, " ", ""))
		if err != nil {
			return Arg{}, fmt.Errorf("%s: %v", spec, err)
		}
		return Arg{Scalar: b}, nil
	}
	return Arg{}, fmt.Errorf("%q: unknown kind %s (s8 u8 s16 u16 s32 u32 s64 u64 f32 f64 file zero bytes)", spec, kind)
}
