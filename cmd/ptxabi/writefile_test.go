package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileAtomic: a regular file is replaced through a rename; a
// device is written in place, not replaced by a file (-o /dev/null); a
// symbolic link keeps pointing at the file, which gets the data.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		setup func() string // returns the path to write
		check func(path string)
	}{
		{"new file", func() string { return filepath.Join(dir, "a.ptx") }, func(p string) {
			if b, _ := os.ReadFile(p); string(b) != "data" {
				t.Errorf("%s holds %q", p, b)
			}
		}},
		{"device", func() string { return os.DevNull }, func(p string) {
			fi, err := os.Stat(p)
			if err != nil || fi.Mode()&os.ModeDevice == 0 {
				t.Errorf("%s is no longer a device: %v %v", p, fi.Mode(), err)
			}
		}},
		{"symlink", func() string {
			target := filepath.Join(dir, "target.ptx")
			os.WriteFile(target, []byte("old"), 0o666)
			link := filepath.Join(dir, "link.ptx")
			if err := os.Symlink(target, link); err != nil {
				t.Skip(err)
			}
			return link
		}, func(p string) {
			if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("%s is no longer a link", p)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "target.ptx")); string(b) != "data" {
				t.Errorf("the link's target holds %q", b)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.setup()
			if err := writeFileAtomic(p, []byte("data"), 0o666); err != nil {
				t.Fatal(err)
			}
			tc.check(p)
		})
	}
}
