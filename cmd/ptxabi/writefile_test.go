package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteFileAtomicDevice checks that -o naming a device or a pipe
// (-o /dev/null) writes into it rather than replacing it with a regular
// file: a named pipe stands for the device.
func TestWriteFileAtomicDevice(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// The reading end, opened first without waiting for a writer.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Skipf("open the pipe: %v", err)
	}
	defer r.Close()
	if err := writeFileAtomic(fifo, []byte("ptx\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); string(b) != "ptx\n" {
		t.Errorf("read %q from the pipe, want %q", b, "ptx\n")
	}
	fi, err := os.Lstat(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe is now %v", fi.Mode())
	}
}
