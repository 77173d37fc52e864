package bigmem

import "syscall"

// alloc maps n bytes of anonymous memory, asking for huge pages
// (transparent huge pages: madvise), or returns nil.
func alloc(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil
	}
	syscall.Madvise(b, syscall.MADV_HUGEPAGE) // a hint: without it, pages of 4 KiB
	return b
}

func free(b []byte) { syscall.Munmap(b) }
