//go:build !linux

package bigmem

func alloc(n int) (b, mapping []byte) { return nil, nil }

func free(mapping []byte) {}
