package emu

// ty is a PTX fundamental type: its kind and width in bits.
type ty struct {
	k byte  // 'b' 'u' 's' 'f' 'p' (pred), 'h' (.f16), 'H' (.f16x2), 'e' (.bf16), 'E' (.bf16x2)
	w uint8 // bits
}

var (
	tyNone = ty{}
	tyPred = ty{'p', 1}
	tyU32  = ty{'u', 32}
	tyS32  = ty{'s', 32}
	tyU64  = ty{'u', 64}
	tyB32  = ty{'b', 32}
	tyF32  = ty{'f', 32}
	tyF64  = ty{'f', 64}
)

// parseType reads ".u32", ".f16x2", ".pred"...; ok is false for anything
// else.
func parseType(s string) (ty, bool) {
	switch s {
	case ".pred":
		return tyPred, true
	case ".f16":
		return ty{'h', 16}, true
	case ".f16x2":
		return ty{'H', 32}, true
	case ".bf16":
		return ty{'e', 16}, true
	case ".bf16x2":
		return ty{'E', 32}, true
	}
	if len(s) < 3 || s[0] != '.' {
		return tyNone, false
	}
	k := s[1]
	switch k {
	case 'b', 'u', 's', 'f':
	default:
		return tyNone, false
	}
	var w uint8
	switch s[2:] {
	case "8":
		w = 8
	case "16":
		w = 16
	case "32":
		w = 32
	case "64":
		w = 64
	default:
		return tyNone, false
	}
	if k == 'f' && w < 32 {
		return tyNone, false
	}
	return ty{k, w}, true
}

func (t ty) signed() bool { return t.k == 's' }
func (t ty) float() bool  { return t.k == 'f' }
func (t ty) bytes() int   { return int(t.w+7) / 8 }

func (t ty) String() string {
	switch t.k {
	case 'p':
		return ".pred"
	case 'h':
		return ".f16"
	case 'H':
		return ".f16x2"
	case 'e':
		return ".bf16"
	case 'E':
		return ".bf16x2"
	case 0:
		return "(none)"
	}
	return "." + string(t.k) + itoa(int(t.w))
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// mask returns the bits of a width.
func mask(w uint8) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// sext sign-extends the low w bits of v.
func sext(v uint64, w uint8) int64 {
	s := 64 - uint(w)
	return int64(v<<s) >> s
}

// ext extends v of type t to 64 bits: sign-extended for signed types.
func (t ty) ext(v uint64) uint64 {
	if t.k == 's' {
		return uint64(sext(v, t.w))
	}
	return v & mask(t.w)
}

// mods is an instruction's modifiers, looked up by name.
type mods []string

func (m mods) has(s string) bool {
	for _, x := range m {
		if x == s {
			return true
		}
	}
	return false
}

// types returns the modifiers that are types, in order.
func (m mods) types() []ty {
	var out []ty
	for _, x := range m {
		if t, ok := parseType(x); ok {
			out = append(out, t)
		}
	}
	return out
}

// first returns the first modifier of the list present, or "".
func (m mods) first(list ...string) string {
	for _, x := range m {
		for _, l := range list {
			if x == l {
				return x
			}
		}
	}
	return ""
}
