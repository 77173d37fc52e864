package pp

import (
	"embed"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The built-in headers: the C library, CUDA's, and stand-ins for the C++
// standard library and common host libraries (see the package doc).
//
//go:embed include
var builtinHeaders embed.FS

// BuiltinPrefix starts the file names of the built-in headers as a
// token.FileSet records them ("<built-in>/cuda_runtime.h").
const BuiltinPrefix = "<built-in>/"

// CommandLine is the file name of macros defined by Define and Apply.
const CommandLine = "<command-line>"

// IsBuiltin reports whether filename, as a token.FileSet records it, is
// a built-in header or the command line rather than a file of the user's.
func IsBuiltin(filename string) bool {
	return strings.HasPrefix(filename, BuiltinPrefix) || filename == CommandLine
}

// Headers returns the built-in headers as a file system, by the names
// #include <...> gives them ("stdint.h", "cuda/barrier").
func Headers() fs.FS {
	sub, err := fs.Sub(builtinHeaders, "include")
	if err != nil {
		panic(err) // the directory is embedded
	}
	return sub
}

// readBuiltin returns the text of built-in header name.
func readBuiltin(name string) ([]byte, error) {
	if strings.Contains(name, "..") || path.IsAbs(name) {
		return nil, fmt.Errorf("'%s' is not a built-in header", name)
	}
	return builtinHeaders.ReadFile("include/" + name)
}

// builtinSize returns the size of built-in header name, without reading
// it; false when there is none.
func builtinSize(name string) (int, bool) {
	if strings.Contains(name, "..") || path.IsAbs(name) {
		return 0, false
	}
	f, err := builtinHeaders.Open("include/" + name)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return 0, false
	}
	return int(st.Size()), true
}

// builtinFile returns built-in header full (BuiltinPrefix and its name)
// as a file of fset: from lexedHeaders, or read and lexed now for a
// header added or changed since the table was written.
func builtinFile(fset *token.FileSet, full string) (*srcFile, error) {
	if h := lexedHeaderFor(full); h != nil {
		return h.srcFile(fset), nil
	}
	src, err := readBuiltin(full[len(BuiltinPrefix):])
	if err != nil {
		return nil, err
	}
	return newSrcFile(fset, full, src, true), nil
}

// Lookup returns the file that #include "name" (angled false) or
// #include <name> in file from would read, looking where the
// preprocessor looks (see the package doc), without reading it for the
// translation unit: its path, or BuiltinPrefix and name for a built-in
// header, and whether it is one of the host's (Config.SystemIncludeDirs).
// from is a file's name as Push was given it; "" or a built-in header
// has no directory of its own.
func (p *Preprocessor) Lookup(from, name string, angled bool) (file string, host bool, err error) {
	f := &ppFile{name: from, src: &srcFile{builtin: from == "" || IsBuiltin(from)}}
	if p.cfg.FS == nil {
		f.dir = filepath.Dir(from)
	} else {
		f.dir = path.Dir(from)
	}
	saved := p.fromHost
	defer func() { p.fromHost = saved }()
	p.fromHost = false
	file, _, _, err = p.find(f, name, angled)
	return file, p.fromHost, err
}

// find locates an included file: a quoted name relative to the including
// file first, then the -I directories, then the built-in headers; an
// angled name in the built-in headers first, then the -I directories.
func (p *Preprocessor) find(from *ppFile, name string, angled bool) (full string, src []byte, builtin bool, err error) {
	builtinHere := func() bool { // found, not read: include reads it (builtinFile)
		if _, ok := builtinSize(name); !ok {
			return false
		}
		full, src, builtin = BuiltinPrefix+name, nil, true
		return true
	}
	var dirs []string
	if !angled && from != nil && !from.src.builtin {
		dirs = append(dirs, from.dir)
	}
	if angled && builtinHere() {
		return
	}
	dirs = append(dirs, p.cfg.IncludeDirs...)
	for _, d := range dirs {
		var cand string
		if p.cfg.FS != nil {
			cand = path.Join(d, name)
			if path.IsAbs(name) {
				cand = name
			}
			b, e := fs.ReadFile(p.cfg.FS, cand)
			if e == nil {
				return cand, b, false, nil
			}
		} else {
			cand = filepath.Join(d, name)
			if filepath.IsAbs(name) {
				cand = name
			}
			b, e := os.ReadFile(cand)
			if e == nil {
				return cand, b, false, nil
			}
		}
	}
	if !angled && builtinHere() {
		return
	}
	if angled && p.cfg.FS == nil {
		for _, d := range p.cfg.SystemIncludeDirs {
			cand := filepath.Join(d, name)
			if b, e := os.ReadFile(cand); e == nil && !strings.Contains(name, "..") {
				p.fromHost = true
				return cand, b, false, nil
			}
		}
	}
	if angled {
		return "", nil, false, fmt.Errorf("'%s' file not found (searched the built-in headers and -I directories)", name)
	}
	return "", nil, false, fmt.Errorf("'%s' file not found", name)
}

// HostIncludeDirs returns the directories of the host where an installed
// CUDA toolkit and the C++ compiler keep their headers, those that exist,
// toolkit first: $CUDA_PATH/include, /usr/local/cuda/include,
// /usr/lib/cuda/include, then /usr/include/c++/N (the newest),
// /usr/include/x86_64-linux-gnu/c++/N, /usr/include/x86_64-linux-gnu and
// /usr/include. Config.SystemIncludeDirs takes them.
func HostIncludeDirs() []string {
	var cands []string
	if p := os.Getenv("CUDA_PATH"); p != "" {
		cands = append(cands, filepath.Join(p, "include"))
	}
	cands = append(cands, "/usr/local/cuda/include", "/usr/lib/cuda/include")
	if vs, _ := filepath.Glob("/usr/include/c++/*"); len(vs) > 0 {
		sort.Slice(vs, func(i, j int) bool { return versionLess(filepath.Base(vs[i]), filepath.Base(vs[j])) })
		v := vs[len(vs)-1]
		cands = append(cands, v, filepath.Join("/usr/include/x86_64-linux-gnu/c++", filepath.Base(v)))
	}
	cands = append(cands, "/usr/include/x86_64-linux-gnu", "/usr/include")
	var dirs []string
	for _, d := range cands {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// versionLess orders "9" before "11".
func versionLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x < y
	}
	return a < b
}
