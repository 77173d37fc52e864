package bigmem

import (
	"os"
	"syscall"
	"unsafe"
)

// hugePage is the size of a huge page on the machines ptxabi runs on
// (x86-64 and arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// alloc maps anonymous memory for n bytes and asks for huge pages
// (transparent huge pages, madvise), or returns nil. The buffer starts at
// a huge page's boundary: the kernel puts huge pages only at such
// boundaries, and an unaligned mapping would have small pages at both
// ends, nor does the buffer end before the end of its last huge page
// (the mapping goes on to it). mapping is what free unmaps.
func alloc(n int) (b, mapping []byte) {
	whole := (n + hugePage - 1) / hugePage * hugePage
	m, err := syscall.Mmap(-1, 0, whole+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil
	}
	off := int((hugePage - uintptr(unsafe.Pointer(unsafe.SliceData(m)))%hugePage) % hugePage)
	b = m[off : off+n : off+n]
	// A hint: without it, small pages. The huge pages go up to the end
	// of the last that b reaches into, as they come whole.
	syscall.Madvise(m[off:off+whole], syscall.MADV_HUGEPAGE)
	return b, m
}

func free(mapping []byte) { syscall.Munmap(mapping) }

// hugePageSize is hugePage where the system has huge pages.
const hugePageSize = hugePage

// adviseHuge asks for huge pages for the huge pages that b covers whole,
// and reports whether the system took the advice.
func adviseHuge(b []byte) bool {
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	beg := (p + hugePage - 1) &^ (hugePage - 1)
	end := (p + uintptr(len(b))) &^ (hugePage - 1)
	if beg >= end {
		return false
	}
	return syscall.Madvise(b[beg-p:end-p], syscall.MADV_HUGEPAGE) == nil
}

// mapFile maps n bytes of f read-only, or returns nil.
func mapFile(f *os.File, n int) []byte {
	b, err := syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil
	}
	return b
}
