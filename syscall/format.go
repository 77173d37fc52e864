package syscall

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/target"
)

// spec is one conversion specification: %[flags][width][.precision][length]conv.
type spec struct {
	minus, plus, space, hash, zero bool
	width                          int // -1: none
	prec                           int // -1: none
	// starWidth and starPrec are set for a width or precision of "*",
	// which printf reads from an int argument before the value.
	starWidth, starPrec bool
	length              string
	conv                byte
}

// lengths are the length modifiers glibc accepts, longest first.
var lengths = []string{"hh", "ll", "h", "l", "L", "q", "j", "z", "Z", "t"}

// scanSpec reads the conversion specification that starts at the '%' at
// format[i] (not "%%") and returns it and its length in bytes. It reports
// a specification that the format ends inside.
func scanSpec(format string, i int) (spec, int, error) {
	start := i
	i++
	s := spec{width: -1, prec: -1}
flags:
	for ; i < len(format); i++ {
		switch format[i] {
		case '-':
			s.minus = true
		case '+':
			s.plus = true
		case ' ':
			s.space = true
		case '#':
			s.hash = true
		case '0':
			s.zero = true
		default:
			break flags
		}
	}
	if i < len(format) && format[i] == '*' {
		s.starWidth = true
		i++
	} else {
		n, j := digits(format, i)
		if j > i {
			s.width = n
		}
		i = j
	}
	if i < len(format) && format[i] == '.' {
		i++
		if i < len(format) && format[i] == '*' {
			s.starPrec = true
			i++
		} else {
			s.prec, i = digits(format, i)
		}
	}
	for _, l := range lengths {
		if strings.HasPrefix(format[i:], l) {
			s.length = l
			i += len(l)
			break
		}
	}
	if i >= len(format) {
		return s, 0, fmt.Errorf("format offset %d: incomplete conversion %q", start, format[start:])
	}
	s.conv = format[i]
	return s, i + 1 - start, nil
}

func digits(s string, i int) (int, int) {
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if n < 1<<20 {
			n = n*10 + int(s[i]-'0')
		}
	}
	return n, i
}

// argClass is the kind of argument a conversion reads.
type argClass int

const (
	argInt     argClass = iota // d i u o x X c, and a "*" width or precision
	argFloat                   // f F e E g G a A: a double
	argPointer                 // s p
)

func (c argClass) String() string {
	return [...]string{"an integer", "a floating-point number", "a pointer"}[c]
}

// convArg returns the class and the size in bytes of the argument that
// conversion s, written text, reads, for pointers of ptrSize bytes; or the
// reason the driver cannot print it.
func convArg(s spec, text string, ptrSize int) (argClass, int, error) {
	switch s.conv {
	case 'd', 'i', 'u', 'o', 'x', 'X':
		switch s.length {
		case "l", "z", "Z", "t":
			return argInt, ptrSize, nil // long, size_t and ptrdiff_t have the address size
		case "ll", "q", "j", "L":
			return argInt, 8, nil
		}
		return argInt, 4, nil
	case 'c':
		if s.length == "l" {
			return 0, 0, fmt.Errorf("%%lc is not supported")
		}
		return argInt, 4, nil
	case 's':
		if s.length == "l" {
			return 0, 0, fmt.Errorf("%%ls is not supported")
		}
		return argPointer, ptrSize, nil
	case 'p':
		return argPointer, ptrSize, nil
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		return argFloat, 8, nil // float is promoted to double; long double is double on the device
	case 'n':
		return 0, 0, fmt.Errorf("%%n is not supported")
	}
	return 0, 0, fmt.Errorf("unknown conversion %q", text)
}

// FormatArg is one argument that a printf format reads from the vprintf
// buffer (guide §3): the conversion that reads it, where that conversion
// starts in the format, and the argument's kind and size in bytes.
type FormatArg struct {
	Conv   string // "%5.2f"; "*" arguments name their conversion
	Offset int    // of the conversion in the format
	Float  bool   // a double (f F e E g G a A)
	Ptr    bool   // a pointer (s p)
	Size   int
	// Star is set for the int that a "*" width or precision reads.
	Star bool
}

// Kind names the argument's kind: "an integer", "a floating-point
// number" or "a pointer".
func (a FormatArg) Kind() string {
	switch {
	case a.Float:
		return argFloat.String()
	case a.Ptr:
		return argPointer.String()
	}
	return argInt.String()
}

// FormatArgs returns the arguments that the conversions of format read,
// in order, for pointers of t's address size, as the driver's vprintf
// reads them (the rules of Printf). A format it cannot print (%n, an
// unknown conversion, one the format ends inside) is an error.
func FormatArgs(format string, t target.Target) ([]FormatArg, error) {
	var out []FormatArg
	err := eachConversion(format, int(t.PointerSize()), func(start int, conv string, s spec, class argClass, size int) error {
		if s.starWidth {
			out = append(out, FormatArg{Conv: conv, Offset: start, Size: 4, Star: true})
		}
		if s.starPrec {
			out = append(out, FormatArg{Conv: conv, Offset: start, Size: 4, Star: true})
		}
		out = append(out, FormatArg{Conv: conv, Offset: start, Float: class == argFloat, Ptr: class == argPointer, Size: size})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// formatError is an error in a format itself, as eachConversion finds it.
type formatError struct{ err error }

func (e formatError) Error() string { return e.err.Error() }

// eachConversion calls f for each conversion of format ("%%" is none), in
// order: where it starts, its text, its parsed spec, and the class and
// size in bytes of the argument it reads for pointers of ptrSize bytes. An
// error in the format (formatError) or from f stops it.
func eachConversion(format string, ptrSize int, f func(start int, conv string, s spec, class argClass, size int) error) error {
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i += 2
			continue
		}
		start := i
		s, w, err := scanSpec(format, i)
		if err != nil {
			return formatError{err}
		}
		i += w
		conv := format[start:i]
		class, size, err := convArg(s, conv, ptrSize)
		if err != nil {
			return formatError{fmt.Errorf("format offset %d: %v", start, err)}
		}
		if err := f(start, conv, s, class, size); err != nil {
			return err
		}
	}
	return nil
}
