// Package strcopy copies strings into chunks of their own, so that a
// string kept from a big text (a name, a label) does not keep the whole
// text alive, and the copies cost one allocation a chunk rather than one
// a string. vet's skeleton and its debuginfo check keep names this way.
package strcopy

import "unsafe"

// Chunks copies strings into chunks of at least Size bytes. The zero
// value uses chunks of 16 KiB.
type Chunks struct {
	Size int
	buf  []byte
}

// Copy returns a copy of x, in the current chunk.
func (c *Chunks) Copy(x string) string {
	if x == "" {
		return ""
	}
	if len(c.buf)+len(x) > cap(c.buf) {
		size := c.Size
		if size == 0 {
			size = 16 << 10
		}
		c.buf = make([]byte, 0, max(size, len(x)))
	}
	c.buf = append(c.buf, x...)
	return unsafe.String(&c.buf[len(c.buf)-len(x)], len(x))
}
