//go:build !linux

package bigmem

import "os"

func alloc(n int) (b, mapping []byte) { return nil, nil }

func free(mapping []byte) {}

func mapFile(f *os.File, n int) []byte { return nil }

// hugePageSize is more than any buffer: no huge pages here.
const hugePageSize = int(^uint(0) >> 1)

func adviseHuge(b []byte) bool { return false }
