package ir

import "strconv"

// ExpandAsm rewrites the operand references of inline PTX text t (an Asm's
// Template): each %N is replaced by operand(N), "%%" by escape, and a "%"
// before anything but a digit or "%" (a special register such as %laneid,
// which nvcc also leaves for ptxas to reject) is kept. It stops at the
// first N that operand does not know (ok false) and returns that N with
// ok false.
func ExpandAsm(t, escape string, operand func(n int) (string, bool)) (text string, bad int, ok bool) {
	var b []byte
	for i := 0; i < len(t); i++ {
		if t[i] != '%' || i+1 == len(t) {
			b = append(b, t[i])
			continue
		}
		if t[i+1] == '%' {
			b = append(b, escape...)
			i++
			continue
		}
		j := i + 1
		for j < len(t) && '0' <= t[j] && t[j] <= '9' {
			j++
		}
		if j == i+1 {
			b = append(b, '%')
			continue
		}
		n, _ := strconv.Atoi(t[i+1 : j])
		s, known := operand(n)
		if !known {
			return "", n, false
		}
		b = append(b, s...)
		i = j - 1
	}
	return string(b), 0, true
}
