// Package ptxcorpus makes the PTX-syntax corpus that the tests of the
// packages reading PTX hold themselves to: the output of nvcc (-m64 and
// -m32, with and without -G, every architecture nvcc 11.8 knows,
// relocatable device code) and of clang-14 (-O0 and -O3, with and without
// -g) for a set of CUDA programs (Programs). It is what nvcc and clang
// write for the constructs of the guide: parameters and calls (§2, §3),
// system calls (§3), atomics (§4) and DWARF sections (§5).
//
// The corpus is made once and kept: each configuration's PTX files are one
// entry of the cache os.UserCacheDir()/ptxabi/ptxcorpus (see
// oracle.CacheDir), named by the hash of the programs' sources, the
// configuration's flags and the compiler's version (tool --version). An
// entry carries a manifest of its files' sizes and SHA-256 sums; one that
// does not match it is made again, never used.
package ptxcorpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// A Flavour is one compiler configuration of the corpus.
type Flavour struct {
	Name        string
	Tool        string // oracle.NVCC or oracle.Clang
	Arch        string // sm_XX
	AddressSize int    // 32 or 64
	Args        []string
}

// Flavours returns the configurations: nvcc -m64/-m32, with and without
// -G, for sm_52, sm_70 and sm_90 (no 32-bit sm_90: nvcc 11.8 refuses it),
// -m64 for every other architecture nvcc 11.8 knows (-G on two),
// -rdc=true, and clang-14 at -O0 and -O3, with and without -g.
func Flavours() []Flavour {
	var fl []Flavour
	for _, m := range []string{"-m64", "-m32"} {
		for _, g := range []string{"", "-G"} {
			for _, a := range []string{"sm_52", "sm_70", "sm_90"} {
				if m == "-m32" && a == "sm_90" {
					continue
				}
				f := nvcc("nvcc"+m+g+"-"+a, a, m, g)
				fl = append(fl, f)
			}
		}
	}
	for _, a := range []string{"sm_35", "sm_50", "sm_53", "sm_60", "sm_61", "sm_62", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89"} {
		fl = append(fl, nvcc("nvcc-m64-"+a, a, "-m64", "-Wno-deprecated-gpu-targets"))
	}
	for _, a := range []string{"sm_80", "sm_89"} {
		fl = append(fl, nvcc("nvcc-m64-G-"+a, a, "-m64", "-G"))
	}
	// Relocatable device code: .extern declarations of other modules'
	// functions.
	for _, g := range []string{"", "-G"} {
		f := nvcc("nvcc-m64-rdc"+g+"-sm_70", "sm_70", "-m64")
		f.Args = append([]string{"-ptx", "-m64", "-rdc=true", "-arch=sm_70"}, strings.Fields(g)...)
		fl = append(fl, f)
	}
	for _, o := range []string{"", "-O3"} {
		for _, g := range []string{"", "-g"} {
			f := Flavour{Name: "clang" + o + g + "-sm_70", Tool: oracle.Clang, Arch: "sm_70", AddressSize: 64, Args: oracle.ClangCUDAArgs("sm_70")}
			f.Args = append(f.Args, strings.Fields(o+" "+g)...)
			fl = append(fl, f)
		}
	}
	return fl
}

// nvcc is the flavour nvcc -ptx m -arch=arch extra....
func nvcc(name, arch, m string, extra ...string) Flavour {
	f := Flavour{Name: name, Tool: oracle.NVCC, Arch: arch, AddressSize: 64, Args: []string{"-ptx", m, "-arch=" + arch}}
	if m == "-m32" {
		f.AddressSize = 32
	}
	for _, e := range extra {
		if e != "" {
			f.Args = append(f.Args, e)
		}
	}
	return f
}

// ProgramDirs are the directories, relative to the module's root, whose
// .cu files are the programs of the corpus: the parser's and vet's.
var ProgramDirs = []string{"ptx/parser/testdata/cu", "vet/all/testdata/cu"}

// Programs returns the paths of the corpus programs: the .cu files of
// ProgramDirs, found from the module's root above the working directory
// (a test's is its package's directory).
func Programs() ([]string, error) {
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			return nil, errors.New("ptxcorpus: no go.mod above the working directory")
		}
		root = up
	}
	var srcs []string
	for _, d := range ProgramDirs {
		m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(d), "*.cu"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("ptxcorpus: no CUDA programs in %s", d)
		}
		srcs = append(srcs, m...)
	}
	return srcs, nil
}

// A File is one PTX file of the corpus.
type File struct {
	Flavour string
	Program string // the program's file name without .cu
	Name    string // flavour-program.ptx
	Src     []byte
}

// Stats counts what Build did, flavour by flavour.
type Stats struct {
	Compiled  int // entries made by running the compiler
	Cached    int // entries read from the cache
	Corrupt   int // entries found not to match their manifest, made again
	WriteErrs []error
}

// Generate returns the PTX files of the flavours fls for every program,
// in the order of fls and, within a flavour, of the programs' names. Each
// flavour is built once per test binary, from the cache where it holds
// it. It skips t, naming the tool, when a flavour's compiler is missing.
func Generate(t testing.TB, fls []Flavour) []File {
	t.Helper()
	// nvcc first: its version names every entry (clang compiles against
	// the CUDA installation's headers).
	need := []string{oracle.NVCC}
	for _, f := range fls {
		if !slices.Contains(need, f.Tool) {
			need = append(need, f.Tool)
		}
	}
	oracle.Need(t, need...)
	srcs, err := Programs()
	if err != nil {
		t.Fatal(err)
	}
	files, err := eachFlavour(fls, func(f Flavour) ([]File, error) {
		v, _ := built.LoadOrStore(f.Name, new(memo))
		m := v.(*memo)
		m.once.Do(func() {
			m.files, m.err = buildFlavour(oracle.CacheDir("ptxcorpus"), f, srcs, &m.st)
		})
		for _, err := range m.st.WriteErrs {
			t.Logf("ptxcorpus: %s not kept in the cache: %v", f.Name, err)
		}
		return m.files, m.err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("ptxcorpus: no PTX files")
	}
	return files
}

type memo struct {
	once  sync.Once
	files []File
	st    Stats
	err   error
}

var built sync.Map // flavour name → *memo

// sem bounds the compilers this process runs at once.
var sem = make(chan bool, 2)

// Build returns the PTX files of the flavours fls for the programs srcs,
// as Generate does, with the cache in dir ("" for none), and what it did.
func Build(dir string, fls []Flavour, srcs []string) ([]File, Stats, error) {
	var st Stats
	var mu sync.Mutex
	files, err := eachFlavour(fls, func(f Flavour) ([]File, error) {
		var s Stats
		files, err := buildFlavour(dir, f, srcs, &s)
		mu.Lock()
		st.Compiled += s.Compiled
		st.Cached += s.Cached
		st.Corrupt += s.Corrupt
		st.WriteErrs = append(st.WriteErrs, s.WriteErrs...)
		mu.Unlock()
		return files, err
	})
	return files, st, err
}

// eachFlavour runs build for each of fls at the same time and returns
// their files in the order of fls, or the first error in that order.
func eachFlavour(fls []Flavour, build func(Flavour) ([]File, error)) ([]File, error) {
	out := make([][]File, len(fls))
	errs := make([]error, len(fls))
	var wg sync.WaitGroup
	for i, f := range fls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = build(f)
		}()
	}
	wg.Wait()
	var files []File
	for i := range fls {
		if errs[i] != nil {
			return nil, errs[i]
		}
		files = append(files, out[i]...)
	}
	return files, nil
}

// entryKey names the cache entry of f for the programs: their names and
// sources, f's tool, name and flags, and the versions of nvcc and of f's
// tool (clang compiles against the CUDA installation's headers).
func entryKey(f Flavour, srcs []string) (string, error) {
	parts := []string{"ptxcorpus 1", f.Name, f.Tool, strings.Join(f.Args, "\x00")}
	for _, tool := range []string{oracle.NVCC, f.Tool} {
		v, err := oracle.Version(tool)
		if err != nil {
			return "", err
		}
		parts = append(parts, v)
	}
	for _, s := range srcs {
		data, err := os.ReadFile(s)
		if err != nil {
			return "", err
		}
		parts = append(parts, filepath.Base(s), string(data))
	}
	return oracle.CacheKey(parts...), nil
}

// buildFlavour returns f's files: the cache entry where it is whole, else
// the compiler's output, then stored.
func buildFlavour(dir string, f Flavour, srcs []string, st *Stats) ([]File, error) {
	sem <- true
	defer func() { <-sem }()
	if dir == "" {
		st.Compiled++
		return compileTemp(f, srcs)
	}
	key, err := entryKey(f, srcs)
	if err != nil {
		return nil, err
	}
	corrupt := false
	read := func() ([]File, bool) {
		data, err := oracle.ReadCache(dir, key)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, false
		}
		if err == nil {
			var files []File
			if files, err = decode(data, f.Name, len(srcs)); err == nil {
				return files, true
			}
		}
		corrupt = true
		return nil, false
	}
	if files, ok := read(); ok {
		st.Cached++
		return files, nil
	}
	// Another process may be making this entry: wait for it, then look
	// again.
	if unlock, err := oracle.LockCache(dir, key); err == nil {
		defer unlock()
		if files, ok := read(); ok {
			st.Cached++
			return files, nil
		}
	}
	if corrupt {
		st.Corrupt++
	}
	files, err := compileTemp(f, srcs)
	if err != nil {
		return nil, err
	}
	st.Compiled++
	if err := oracle.WriteCache(dir, key, encode(files)); err != nil {
		st.WriteErrs = append(st.WriteErrs, err)
	}
	return files, nil
}

// compileTemp compiles the programs with f in a new temporary directory.
func compileTemp(f Flavour, srcs []string) ([]File, error) {
	tmp, err := os.MkdirTemp("", "ptxcorpus-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	return Compile(filepath.Join(tmp, f.Name), f, srcs)
}

// Compile compiles the programs srcs with f in one invocation of f's
// compiler in the directory dir (made if missing; the debug information
// of -G and -g names it) and returns the PTX files in the order of the
// programs' names. It uses no cache: -update flags that commit files
// name a fixed directory.
func Compile(dir string, f Flavour, srcs []string) ([]File, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	var names []string
	for _, s := range srcs {
		data, err := os.ReadFile(s)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(s)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o666); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	if _, err := oracle.Run(dir, f.Tool, append(append([]string{}, f.Args...), names...)...); err != nil {
		return nil, err
	}
	var out []File
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".ptx") && !strings.HasSuffix(name, ".s") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		base, _, _ := strings.Cut(name, ".")
		base, _, _ = strings.Cut(base, "-cuda-")
		out = append(out, File{Flavour: f.Name, Program: base, Name: f.Name + "-" + base + ".ptx", Src: data})
	}
	if len(out) != len(srcs) {
		return nil, fmt.Errorf("%s: %d PTX files for %d programs", f.Name, len(out), len(srcs))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Program < out[j].Program })
	return out, nil
}

// An entry is a manifest, then the files' contents one after the other:
//
//	ptxcorpus entry 1
//	FLAVOUR N
//	SHA256 SIZE PROGRAM    (N lines)
//	(an empty line)
//	CONTENTS
const entryHeader = "ptxcorpus entry 1\n"

func encode(files []File) []byte {
	var b bytes.Buffer
	b.WriteString(entryHeader)
	flavour := ""
	if len(files) > 0 {
		flavour = files[0].Flavour
	}
	fmt.Fprintf(&b, "%s %d\n", flavour, len(files))
	for _, f := range files {
		sum := sha256.Sum256(f.Src)
		fmt.Fprintf(&b, "%s %d %s\n", hex.EncodeToString(sum[:]), len(f.Src), f.Program)
	}
	b.WriteString("\n")
	for _, f := range files {
		b.Write(f.Src)
	}
	return b.Bytes()
}

// decode reads an entry of flavour's n files, checking it against its
// manifest: the header, the count, every size and sum, and nothing after
// the last file.
func decode(data []byte, flavour string, n int) ([]File, error) {
	bad := func(what string) ([]File, error) {
		return nil, fmt.Errorf("ptxcorpus: cache entry of %s: %s", flavour, what)
	}
	rest, ok := bytes.CutPrefix(data, []byte(entryHeader))
	if !ok {
		return bad("no header")
	}
	manifest, contents, ok := bytes.Cut(rest, []byte("\n\n"))
	if !ok {
		return bad("no end of manifest")
	}
	lines := strings.Split(string(manifest), "\n")
	if lines[0] != flavour+" "+strconv.Itoa(n) || len(lines) != n+1 {
		return bad(fmt.Sprintf("manifest is not of %d files of %s", n, flavour))
	}
	var files []File
	for _, l := range lines[1:] {
		fields := strings.Fields(l)
		if len(fields) != 3 {
			return bad("manifest line " + strconv.Quote(l))
		}
		size, err := strconv.Atoi(fields[1])
		if err != nil || size < 0 || size > len(contents) {
			return bad("size of " + fields[2])
		}
		src := contents[:size:size]
		contents = contents[size:]
		sum := sha256.Sum256(src)
		if hex.EncodeToString(sum[:]) != fields[0] {
			return bad("SHA-256 of " + fields[2])
		}
		files = append(files, File{Flavour: flavour, Program: fields[2], Name: flavour + "-" + fields[2] + ".ptx", Src: src})
	}
	if len(contents) != 0 {
		return bad(fmt.Sprintf("%d bytes after the last file", len(contents)))
	}
	return files, nil
}
