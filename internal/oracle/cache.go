package oracle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
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
