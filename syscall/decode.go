package syscall

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ptxabi/ptxabi/target"
)

// Decoder turns a printf format and the vprintf argument buffer that
// PackPrintf lays out (guide §3) into the text that the driver prints. The
// conversions follow C's printf as the host C library (glibc) implements
// it: the driver formats device printf on the host.
type Decoder struct {
	// Target gives the sizes of long, size_t, ptrdiff_t and pointers.
	Target target.Target
	// ReadString, if not nil, reads the NUL-terminated string at a device
	// address, for %s. Without it %s prints the address as %p does; a
	// null pointer prints "(null)" either way.
	ReadString func(addr uint64) (string, error)
}

// DecodeVprintf decodes buf as the arguments of format for target t, with
// %s printing addresses (see Decoder).
func DecodeVprintf(format string, buf []byte, t target.Target) (string, error) {
	d := Decoder{Target: t}
	return d.Decode(format, buf)
}

// MaxWidth is the largest field width and precision Decode accepts; a
// larger one (usually a misread buffer) is an error rather than megabytes
// of padding.
const MaxWidth = 1 << 16

// Decode formats buf according to format. It reports a format it cannot
// read (with the byte offset of the conversion), an unsupported conversion
// (%n, %ls, %lc) and a buffer too short for the arguments.
func (d *Decoder) Decode(format string, buf []byte) (string, error) {
	var out strings.Builder
	off := 0 // next byte of buf
	arg := 0
	next := func(size int) (uint64, error) {
		arg++
		off = (off + size - 1) / size * size
		if off+size > len(buf) {
			return 0, fmt.Errorf("argument %d needs bytes %d to %d of a %d-byte buffer", arg, off, off+size, len(buf))
		}
		var v uint64
		switch size {
		case 4:
			v = uint64(binary.LittleEndian.Uint32(buf[off:]))
		case 8:
			v = binary.LittleEndian.Uint64(buf[off:])
		}
		off += size
		return v, nil
	}
	ptrSize := int(d.Target.PointerSize())
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			out.WriteByte(c)
			i++
			continue
		}
		start := i
		if i+1 < len(format) && format[i+1] == '%' {
			out.WriteByte('%')
			i += 2
			continue
		}
		s, n, err := scanSpec(format, i)
		if err != nil {
			return out.String(), err
		}
		i += n
		if s.starWidth {
			v, err := next(4)
			if err != nil {
				return out.String(), fmt.Errorf("format offset %d: width: %v", start, err)
			}
			w := int(int32(v))
			if w < 0 {
				s.minus, w = true, -w
			}
			s.width = w
		}
		if s.starPrec {
			v, err := next(4)
			if err != nil {
				return out.String(), fmt.Errorf("format offset %d: precision: %v", start, err)
			}
			s.prec = int(int32(v))
			if s.prec < 0 {
				s.prec = -1 // as if omitted
			}
		}
		if s.width > MaxWidth || s.prec > MaxWidth {
			return out.String(), fmt.Errorf("format offset %d: width or precision over %d", start, MaxWidth)
		}
		_, size, err := convArg(s, format[start:i], ptrSize)
		if err != nil {
			return out.String(), fmt.Errorf("format offset %d: %v", start, err)
		}
		v, err := next(size)
		if err != nil {
			return out.String(), fmt.Errorf("format offset %d: %v", start, err)
		}
		var text string
		switch s.conv {
		case 'd', 'i', 'u', 'o', 'x', 'X':
			text = formatInt(s, v, size)
		case 'c':
			text = pad(s, "", string([]byte{byte(v)}), false)
		case 's':
			var str string
			switch {
			case v == 0:
				str = "(null)"
				if s.prec >= 0 && s.prec < len(str) {
					str = "" // glibc prints nothing rather than a cut "(null)"
				}
			case d.ReadString != nil:
				str, err = d.ReadString(v)
				if err != nil {
					return out.String(), fmt.Errorf("format offset %d: reading the string at %#x: %v", start, v, err)
				}
				if i := strings.IndexByte(str, 0); i >= 0 {
					str = str[:i]
				}
				if s.prec >= 0 && s.prec < len(str) {
					str = str[:s.prec]
				}
			default:
				str = "0x" + strconv.FormatUint(v, 16)
			}
			text = pad(s, "", str, false)
		case 'p':
			if v == 0 {
				text = pad(s, "", "(nil)", false)
			} else {
				s.hash = true
				s.conv = 'x'
				text = formatInt(s, v, ptrSize)
			}
		default: // convArg accepts only floating-point conversions besides
			text = formatFloat(s, math.Float64frombits(v))
		}
		out.WriteString(text)
	}
	return out.String(), nil
}

// pad applies the width: sign (or prefix) and body, padded with spaces on
// the left, on the right ('-'), or with zeros between them ('0', when
// zeroOK).
func pad(s spec, sign, body string, zeroOK bool) string {
	n := len(sign) + len(body)
	if s.width <= n {
		return sign + body
	}
	fill := s.width - n
	switch {
	case s.minus:
		return sign + body + strings.Repeat(" ", fill)
	case s.zero && zeroOK:
		return sign + strings.Repeat("0", fill) + body
	}
	return strings.Repeat(" ", fill) + sign + body
}

// formatInt formats an integer conversion of a size-byte argument.
func formatInt(s spec, raw uint64, size int) string {
	// Narrow to the type of the length modifier.
	bits := size * 8
	switch s.length {
	case "hh":
		bits = 8
	case "h":
		bits = 16
	}
	if bits < 64 {
		raw &= 1<<bits - 1
	}
	sign, digitsStr := "", ""
	switch s.conv {
	case 'd', 'i':
		v := int64(raw<<(64-bits)) >> (64 - bits) // sign-extend
		neg := v < 0
		mag := uint64(v)
		if neg {
			mag = -mag
			sign = "-"
		} else if s.plus {
			sign = "+"
		} else if s.space {
			sign = " "
		}
		digitsStr = strconv.FormatUint(mag, 10)
	case 'u':
		digitsStr = strconv.FormatUint(raw, 10)
	case 'o':
		digitsStr = strconv.FormatUint(raw, 8)
	case 'x', 'X':
		digitsStr = strconv.FormatUint(raw, 16)
		if s.hash && raw != 0 {
			sign = "0x"
		}
	}
	if s.prec == 0 && raw == 0 {
		digitsStr = ""
	}
	if s.prec > len(digitsStr) {
		digitsStr = strings.Repeat("0", s.prec-len(digitsStr)) + digitsStr
	}
	if s.conv == 'o' && s.hash && !strings.HasPrefix(digitsStr, "0") {
		digitsStr = "0" + digitsStr
	}
	if s.conv == 'X' {
		sign, digitsStr = strings.ToUpper(sign), strings.ToUpper(digitsStr)
	}
	return pad(s, sign, digitsStr, s.prec < 0)
}

// formatFloat formats a floating-point conversion.
func formatFloat(s spec, v float64) string {
	upper := s.conv >= 'A' && s.conv <= 'Z'
	sign := ""
	if math.Signbit(v) {
		sign = "-"
	} else if s.plus {
		sign = "+"
	} else if s.space {
		sign = " "
	}
	a := math.Abs(v)
	var body string
	switch {
	case math.IsInf(v, 0):
		body = "inf"
	case math.IsNaN(v):
		body = "nan"
	}
	if body != "" {
		if upper {
			body = strings.ToUpper(body)
		}
		return pad(s, sign, body, false)
	}
	prec := s.prec
	switch s.conv {
	case 'f', 'F':
		if prec < 0 {
			prec = 6
		}
		body = strconv.FormatFloat(a, 'f', prec, 64)
		if s.hash && prec == 0 {
			body += "."
		}
	case 'e', 'E':
		if prec < 0 {
			prec = 6
		}
		body = formatE(a, prec, s.hash)
	case 'g', 'G':
		if prec < 0 {
			prec = 6
		}
		if prec == 0 {
			prec = 1
		}
		e := strconv.FormatFloat(a, 'e', prec-1, 64)
		x, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
		if prec > x && x >= -4 {
			body = strconv.FormatFloat(a, 'f', prec-1-x, 64)
			if s.hash && !strings.Contains(body, ".") {
				body += "."
			}
			if !s.hash {
				body = trimZeros(body)
			}
		} else {
			body = formatE(a, prec-1, s.hash)
			if !s.hash {
				k := strings.IndexByte(body, 'e')
				body = trimZeros(body[:k]) + body[k:]
			}
		}
	case 'a', 'A':
		body = formatHex(a, prec, s.hash)
		sign += "0x"
	}
	if upper {
		sign, body = strings.ToUpper(sign), strings.ToUpper(body)
	}
	return pad(s, sign, body, true)
}

// formatE is C's %e body: d.ddde±dd.
func formatE(a float64, prec int, hash bool) string {
	body := strconv.FormatFloat(a, 'e', prec, 64)
	if hash && prec == 0 {
		k := strings.IndexByte(body, 'e')
		body = body[:k] + "." + body[k:]
	}
	return body
}

// trimZeros removes trailing zeros of a fraction, and its point if bare.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// formatHex is glibc's %a body without "0x": h.hhhp±d, a normal number
// with leading digit 1, a subnormal one with 0 and exponent -1022, the
// mantissa rounded to prec hex digits (to nearest, ties to even) or, with
// no precision, with its trailing zeros removed.
func formatHex(a float64, prec int, hash bool) string {
	bits := math.Float64bits(a)
	exp := int(bits>>52) & 0x7ff
	mant := bits & (1<<52 - 1)
	lead := uint64(1)
	if exp == 0 {
		if mant == 0 {
			lead, exp = 0, 0
		} else {
			lead, exp = 0, -1022
		}
	} else {
		exp -= 1023
	}
	if a == 0 {
		exp = 0
	}
	if prec >= 0 && prec < 13 {
		shift := uint(4 * (13 - prec))
		full := lead<<52 | mant
		rem := full & (1<<shift - 1)
		full >>= shift
		half := uint64(1) << (shift - 1)
		if rem > half || (rem == half && full&1 == 1) {
			full++
		}
		lead = full >> (4 * uint(prec))
		mant = full & (1<<(4*uint(prec)) - 1)
		frac := ""
		if prec > 0 {
			frac = fmt.Sprintf("%0*x", prec, mant)
		}
		return hexBody(lead, frac, exp, hash || prec > 0)
	}
	frac := fmt.Sprintf("%013x", mant)
	if prec < 0 {
		frac = strings.TrimRight(frac, "0")
	} else {
		frac += strings.Repeat("0", prec-13)
	}
	return hexBody(lead, frac, exp, hash || frac != "")
}

func hexBody(lead uint64, frac string, exp int, point bool) string {
	s := strconv.FormatUint(lead, 16)
	if point {
		s += "." + frac
	}
	return fmt.Sprintf("%sp%+d", s, exp)
}
