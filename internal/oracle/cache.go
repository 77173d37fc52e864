package oracle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

// The cache keeps the reference toolchain's answers between test runs
// (nvcc costs seconds a file), under os.UserCacheDir()/ptxabi/NAME.
// An entry is one file named by the SHA-256 of everything that made it
// (CacheKey): the tool's version, its flags and the sources. Entries are
// written whole (a temporary file renamed into place), so a reader in
// another test process never sees half of one, and two processes writing
// the same entry at once each rename a complete file over it.

// CacheDir is the directory of the cache name: $PTXABI_CACHE/name where
// that is set ("off" turns every cache off), else
// os.UserCacheDir()/ptxabi/name; "" when there is none.
func CacheDir(name string) string {
	d := os.Getenv("PTXABI_CACHE")
	switch d {
	case "off":
		return ""
	case "":
		u, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		d = filepath.Join(u, "ptxabi")
	}
	return filepath.Join(d, name)
}

// CacheKey is the SHA-256, in hexadecimal, of parts, each prefixed by its
// length so that no two lists of parts have the same key.
func CacheKey(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ToolID names the program that tool (looked up in $PATH) runs: the path
// it resolves to through links, its size and its modification time, so
// that a cache key holding it changes when the program is replaced
// (Version, its --version output, does not change when a package rebuilds
// it). Where tool is not found, ToolID is tool; where it cannot be
// examined, the path alone.
func ToolID(tool string) string {
	p, err := exec.LookPath(tool)
	if err != nil {
		return tool
	}
	p, _ = filepath.EvalSymlinks(p)
	fi, err := os.Stat(p)
	if err != nil {
		return p
	}
	return fmt.Sprintf("%s %d %d", p, fi.Size(), fi.ModTime().UnixNano())
}

var versions sync.Map // tool → *toolVersion

type toolVersion struct {
	once sync.Once
	out  string
	err  error
}

// Version is the output of tool --version (run once per process): the
// part of a cache key that says which compiler answered.
func Version(tool string) (string, error) {
	v, _ := versions.LoadOrStore(tool, new(toolVersion))
	tv := v.(*toolVersion)
	tv.once.Do(func() {
		out, err := Run("", tool, "--version")
		tv.out, tv.err = string(out), err
	})
	return tv.out, tv.err
}

// ReadCache returns the entry key of the cache directory dir; the error
// satisfies errors.Is(err, fs.ErrNotExist) where there is none.
func ReadCache(dir, key string) ([]byte, error) {
	return os.ReadFile(filepath.Join(dir, key))
}

// WriteCache stores data as the entry key of the cache directory dir: a
// temporary file in dir, renamed over the entry, so that the entry is
// either the old one, or absent, or all of data.
func WriteCache(dir, key string, data []byte) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "tmp-"+key+"-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, key))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// LockCache holds the lock of the entry key of the cache directory dir
// until the returned function is called: a process that is about to make
// an entry takes it, so that another process making the same entry at the
// same time waits and then reads it instead of running the tool again.
// Where the system has no file locks it holds nothing; correctness never
// depends on it (WriteCache is atomic), only the time spent.
func LockCache(dir, key string) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, key+".lock"), os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

// sealHeader begins a sealed entry: the SHA-256 and the size of the data
// that follows it.
const sealHeader = "ptxabi sealed cache entry\n"

// WriteSealed stores data as the entry key of dir, as WriteCache does,
// after a header of its size and SHA-256 that ReadSealed checks.
func WriteSealed(dir, key string, data []byte) error {
	sum := sha256.Sum256(data)
	head := fmt.Sprintf("%s%s %d\n", sealHeader, hex.EncodeToString(sum[:]), len(data))
	return WriteCache(dir, key, append([]byte(head), data...))
}

// ReadSealed returns the data of the sealed entry key of dir; the error
// satisfies errors.Is(err, fs.ErrNotExist) where there is none, and is
// ErrCorrupt where the entry is not whole (the caller makes it again).
func ReadSealed(dir, key string) ([]byte, error) {
	b, err := ReadCache(dir, key)
	if err != nil {
		return nil, err
	}
	rest, ok := bytes.CutPrefix(b, []byte(sealHeader))
	if !ok {
		return nil, ErrCorrupt
	}
	line, data, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, ErrCorrupt
	}
	sum := sha256.Sum256(data)
	if string(line) != fmt.Sprintf("%s %d", hex.EncodeToString(sum[:]), len(data)) {
		return nil, ErrCorrupt
	}
	return data, nil
}

// ErrCorrupt is ReadSealed's error for an entry that is not whole.
var ErrCorrupt = errors.New("cache entry does not match its SHA-256 and size")
