package oracle

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestCacheKey(t *testing.T) {
	for _, c := range [][2][]string{
		{{"ab", "c"}, {"a", "bc"}},
		{{"a"}, {"a", ""}},
		{{"1:a;"}, {"a"}},
	} {
		if CacheKey(c[0]...) == CacheKey(c[1]...) {
			t.Errorf("%q and %q have the same key", c[0], c[1])
		}
	}
	if CacheKey("a", "b") != CacheKey("a", "b") {
		t.Error("the key of the same parts changes")
	}
}

func TestCacheDir(t *testing.T) {
	t.Setenv("PTXABI_CACHE", "off")
	if d := CacheDir("x"); d != "" {
		t.Errorf("PTXABI_CACHE=off: %q", d)
	}
	t.Setenv("PTXABI_CACHE", "/c")
	if d := CacheDir("x"); d != filepath.Join("/c", "x") {
		t.Errorf("PTXABI_CACHE=/c: %q", d)
	}
	t.Setenv("PTXABI_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	t.Setenv("HOME", "/home/u")
	if u, err := os.UserCacheDir(); err == nil {
		if d := CacheDir("x"); d != filepath.Join(u, "ptxabi", "x") {
			t.Errorf("default: %q, want under %q", d, u)
		}
	}
}

// TestSealed: a sealed entry is read back only when it is whole.
func TestSealed(t *testing.T) {
	dir := t.TempDir()
	data := []byte("line 1\n\nline 3\n")
	if err := WriteSealed(dir, "k", data); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSealed(dir, "k")
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %q, %v", got, err)
	}
	if _, err := ReadSealed(dir, "none"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("no entry: %v", err)
	}
	whole, _ := os.ReadFile(filepath.Join(dir, "k"))
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"cut short", whole[:len(whole)-1]},
		{"longer", append(bytes.Clone(whole), '\n')},
		{"a byte changed", bytes.Replace(whole, []byte("line 3"), []byte("line 4"), 1)},
		{"no header", data},
		{"header only", whole[:len(sealHeader)+10]},
	} {
		if err := os.WriteFile(filepath.Join(dir, "k"), c.data, 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadSealed(dir, "k"); err != ErrCorrupt {
			t.Errorf("%s: %v, want ErrCorrupt", c.name, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "tmp-") {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
}

// TestLockCache: a second holder of an entry's lock waits for the first.
func TestLockCache(t *testing.T) {
	if !haveLocks {
		t.Skip("LockCache holds no lock on this system")
	}
	dir := t.TempDir()
	unlock, err := LockCache(dir, "k")
	if err != nil {
		t.Fatal(err)
	}
	var second atomic.Bool
	done := make(chan error)
	go func() {
		u, err := LockCache(dir, "k")
		if err == nil {
			second.Store(true)
			u()
		}
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	if second.Load() {
		t.Error("the second holder did not wait for the first")
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !second.Load() {
		t.Error("the second holder never held the lock")
	}
}

// TestToolID checks that a tool's identity follows the program: it names
// the file a link resolves to, and changes when the file is rewritten.
func TestToolID(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(prog, filepath.Join(dir, "ptxabi-tool-link")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	t.Setenv("PATH", dir)
	const missing = "ptxabi-no-such-tool"
	if got := ToolID(missing); got != missing {
		t.Errorf("ToolID(%q) = %q, want the name", missing, got)
	}
	before := ToolID("ptxabi-tool-link")
	if !strings.HasPrefix(before, prog+" 10 ") {
		t.Errorf("ToolID = %q, want %q, its size and time", before, prog)
	}
	if err := os.WriteFile(prog, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if after := ToolID("ptxabi-tool-link"); after == before {
		t.Errorf("ToolID did not change when the program did: %q", after)
	}
}
