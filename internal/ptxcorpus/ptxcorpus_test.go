package ptxcorpus

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

func TestFlavourNames(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Flavours() {
		if seen[f.Name] {
			t.Errorf("flavour %s twice", f.Name)
		}
		seen[f.Name] = true
		if f.Arch == "" || (f.AddressSize != 32 && f.AddressSize != 64) {
			t.Errorf("%s: arch %q, address size %d", f.Name, f.Arch, f.AddressSize)
		}
		joined := " " + strings.Join(f.Args, " ") + " "
		if f.Tool == oracle.NVCC && (!strings.Contains(joined, " -arch="+f.Arch+" ") || !strings.Contains(joined, " -m"+map[int]string{32: "32", 64: "64"}[f.AddressSize]+" ")) {
			t.Errorf("%s: flags %q do not say %s, %d bits", f.Name, f.Args, f.Arch, f.AddressSize)
		}
	}
	if len(seen) != 30 {
		t.Errorf("%d flavours, want 30", len(seen))
	}
}

func TestPrograms(t *testing.T) {
	srcs, err := Programs()
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) < 7 {
		t.Errorf("%d programs: %q", len(srcs), srcs)
	}
}

// TestDecode: an entry is used only when it is exactly what its manifest
// says.
func TestDecode(t *testing.T) {
	files := []File{
		{Flavour: "nvcc-m64-sm_70", Program: "a", Name: "nvcc-m64-sm_70-a.ptx", Src: []byte(".version 7.8\n")},
		{Flavour: "nvcc-m64-sm_70", Program: "b", Name: "nvcc-m64-sm_70-b.ptx", Src: []byte("\n\n.target sm_70\n\n")},
	}
	good := encode(files)
	got, err := decode(good, "nvcc-m64-sm_70", 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		if got[i].Name != files[i].Name || got[i].Program != files[i].Program || !bytes.Equal(got[i].Src, files[i].Src) {
			t.Errorf("file %d: %+v, want %+v", i, got[i], files[i])
		}
	}
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 1
		return b
	}
	for _, c := range []struct {
		name    string
		data    []byte
		flavour string
		n       int
		want    string
	}{
		{"empty", nil, "nvcc-m64-sm_70", 2, "no header"},
		{"truncated", good[:len(good)-1], "nvcc-m64-sm_70", 2, "size of b"},
		{"cut in the manifest", good[:len(entryHeader)+30], "nvcc-m64-sm_70", 2, "no end of manifest"},
		{"longer", append(bytes.Clone(good), 'x'), "nvcc-m64-sm_70", 2, "1 bytes after the last file"},
		{"a byte changed", flip(len(good) - 3), "nvcc-m64-sm_70", 2, "SHA-256 of b"},
		{"another flavour's", good, "nvcc-m32-sm_70", 2, "manifest is not of 2 files"},
		{"fewer programs", good, "nvcc-m64-sm_70", 3, "manifest is not of 3 files"},
	} {
		_, err := decode(c.data, c.flavour, c.n)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestCache builds one flavour of one program into an empty cache, reads
// it back without the compiler, and makes again an entry whose content
// changed, one cut short, and one whose program changed.
func TestCache(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	srcs, err := Programs()
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(t.TempDir(), filepath.Base(srcs[0]))
	orig, err := os.ReadFile(srcs[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prog, orig, 0o666); err != nil {
		t.Fatal(err)
	}
	var fl Flavour
	for _, f := range Flavours() {
		if f.Name == "nvcc-m64-sm_70" {
			fl = f
		}
	}
	dir := t.TempDir()
	build := func(what string, want Stats) []File {
		t.Helper()
		files, st, err := Build(dir, []Flavour{fl}, []string{prog})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if st.Compiled != want.Compiled || st.Cached != want.Cached || st.Corrupt != want.Corrupt || len(st.WriteErrs) != 0 {
			t.Errorf("%s: %+v, want %+v", what, st, want)
		}
		if len(files) != 1 {
			t.Fatalf("%s: %d files", what, len(files))
		}
		return files
	}
	first := build("empty cache", Stats{Compiled: 1})
	entries, _ := filepath.Glob(filepath.Join(dir, "*"))
	var entry string
	for _, e := range entries {
		if !strings.HasSuffix(e, ".lock") {
			if entry != "" {
				t.Fatalf("more than one file in the cache: %q", entries)
			}
			entry = e
		}
	}
	second := build("warm cache", Stats{Cached: 1})
	if !bytes.Equal(first[0].Src, second[0].Src) || first[0].Name != second[0].Name {
		t.Errorf("the cache's file differs from the compiler's")
	}
	data, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"a byte changed", append(bytes.Clone(data[:len(data)-10]), append([]byte{data[len(data)-10] ^ 0x20}, data[len(data)-9:]...)...)},
		{"cut short", data[:len(data)/2]},
		{"empty", nil},
	} {
		if err := os.WriteFile(entry, c.data, 0o666); err != nil {
			t.Fatal(err)
		}
		again := build(c.name, Stats{Compiled: 1, Corrupt: 1})
		if !bytes.Equal(again[0].Src, first[0].Src) {
			t.Errorf("%s: the file made again differs from the first", c.name)
		}
		build(c.name+", then read", Stats{Cached: 1})
	}
	if err := os.WriteFile(prog, append(bytes.Clone(orig), "\n// changed\n"...), 0o666); err != nil {
		t.Fatal(err)
	}
	build("program changed", Stats{Compiled: 1})
	build("program changed, then read", Stats{Cached: 1})
}

// TestCacheRace has two builders make the same entry at once: one runs
// the compiler, the other waits for it and reads its entry, and the cache
// is left with whole entries only.
func TestCacheRace(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	srcs, err := Programs()
	if err != nil {
		t.Fatal(err)
	}
	fl := Flavours()[0]
	dir := t.TempDir()
	var wg sync.WaitGroup
	var stats [2]Stats
	var files [2][]File
	var errs [2]error
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			files[i], stats[i], errs[i] = Build(dir, []Flavour{fl}, srcs[:1])
		}()
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
	}
	if c := stats[0].Compiled + stats[1].Compiled; c != 1 {
		t.Errorf("compiled %d times, want once: %+v", c, stats)
	}
	if !bytes.Equal(files[0][0].Src, files[1][0].Src) {
		t.Errorf("the two builders' files differ")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "tmp-") {
			t.Errorf("temporary file %s left in the cache", e.Name())
		}
	}
}
