// Package kernels is the executor's correctness corpus: small, race-free
// CUDA kernels under testdata/, each with a machine-readable header, and the
// machinery that runs them two ways — compiled to PTX and executed by
// `ptxabi run` (issue 13's contract), and compiled by the host C++ compiler
// with a shim (testdata/host/shim.h) as the reference — so that tests compare
// the two byte for byte. Only tests use this package.
//
// A kernel file's header is a run of lines "//@ key: value" (see Parse):
//
//	//@ kernel: NAME         the extern "C" kernel to launch
//	//@ grid: X[,Y[,Z]]      the grid
//	//@ block: X[,Y[,Z]]     the block
//	//@ shared: BYTES        dynamic shared memory (default 0)
//	//@ arg: SPEC            the next parameter (repeated, in order)
//	//@ tags: fp             the result depends on floating-point contraction
//	//@ tags: approx         the result uses .approx instructions, which the
//	                         executor computes within the PTX ISA's bounds
//	                         but not bit for bit as a GPU does
//	//@ tags: jit-redux      nvcc's PTX has redux.sync over lanes whose
//	                         member masks differ, which the driver's
//	                         compiler has reduced together (internal/gpucheck
//	                         Apart)
//	//@ fails: TEXT          the launch must fail with TEXT on standard error
//
// An arg SPEC is one of `ptxabi run`'s -arg forms (s8:V … f64:V, zero:N,
// bytes:HEX, file:PATH) or a generated input buffer, written to a file and
// passed as file:PATH: gen:T:N (N elements of type T, one of s8 u8 s16 u16
// s32 u32 s64 u64 f32 f64, pseudo-random but fixed per kernel and argument),
// gen:T:N:LO:HI (integers in [LO,HI); for f32/f64, multiples of 1/64 in
// [LO,HI)), or gen:T:N:bits (raw random bits, integer types only).
// Without a range, integers are in [0,1000) ([-1000,1000) if signed) and
// floating-point values in [-4,4).
package kernels

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A Kernel is one corpus file and its header.
type Kernel struct {
	File   string // path of the .cu file
	Name   string
	Grid   [3]int
	Block  [3]int
	Shared int
	Args   []string // the header's arg specs, in order
	Tags   []string
	Fails  string // expected text on standard error, for a launch that must fail
	Source []byte
}

// FP reports whether the kernel's results depend on floating-point
// contraction (tag "fp"): such kernels are compared exactly only where the
// producer does not contract (nvcc -fmad=false, clang -ffp-contract=off).
func (k *Kernel) FP() bool {
	for _, t := range k.Tags {
		if t == "fp" {
			return true
		}
	}
	return false
}

// Approx reports whether the kernel's results use .approx instructions
// (tag "approx"): the executor's are within the PTX ISA's bounds, not
// bit-equal to a GPU's, so a comparison with the hardware reports them
// apart (internal/gpucheck).
func (k *Kernel) Approx() bool { return slices.Contains(k.Tags, "approx") }

// Load parses every *.cu file in dir, sorted by name.
func Load(dir string) ([]*Kernel, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.cu"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var ks []*Kernel
	seen := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		k, err := Parse(f, src)
		if err != nil {
			return nil, err
		}
		if prev, ok := seen[k.Name]; ok {
			return nil, fmt.Errorf("%s: kernel %s already defined in %s", f, k.Name, prev)
		}
		seen[k.Name] = f
		ks = append(ks, k)
	}
	return ks, nil
}

// Parse reads a kernel file's header.
func Parse(file string, src []byte) (*Kernel, error) {
	k := &Kernel{File: file, Source: src, Grid: [3]int{1, 1, 1}, Block: [3]int{1, 1, 1}}
	have := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if !strings.HasPrefix(text, "//@") {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d:1: %s", file, line, fmt.Sprintf(format, args...))
		}
		key, val, ok := strings.Cut(strings.TrimSpace(text[3:]), ":")
		if !ok {
			return nil, errf("expected //@ key: value")
		}
		val = strings.TrimSpace(val)
		if have[key] && key != "arg" {
			return nil, errf("%s given twice", key)
		}
		have[key] = true
		var err error
		switch key {
		case "kernel":
			if !regexp.MustCompile(`^[A-Za-z_]\w*$`).MatchString(val) {
				return nil, errf("bad kernel name %q", val)
			}
			k.Name = val
		case "grid":
			k.Grid, err = parseDim(val)
		case "block":
			k.Block, err = parseDim(val)
		case "shared":
			k.Shared, err = strconv.Atoi(val)
		case "arg":
			err = checkArg(val)
			k.Args = append(k.Args, val)
		case "tags":
			k.Tags = strings.Fields(strings.ReplaceAll(val, ",", " "))
		case "fails":
			k.Fails = val
		default:
			return nil, errf("unknown key %q (want kernel, grid, block, shared, arg, tags or fails)", key)
		}
		if err != nil {
			return nil, errf("%s: %v", key, err)
		}
	}
	for _, key := range []string{"kernel", "grid", "block"} {
		if !have[key] {
			return nil, fmt.Errorf("%s:1:1: header lacks //@ %s:", file, key)
		}
	}
	return k, nil
}

func parseDim(s string) ([3]int, error) {
	d := [3]int{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("more than three dimensions in %q", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return d, fmt.Errorf("bad dimension %q", p)
		}
		d[i] = n
	}
	return d, nil
}

// DimString writes d as X,Y,Z.
func DimString(d [3]int) string { return fmt.Sprintf("%d,%d,%d", d[0], d[1], d[2]) }

var scalarKinds = map[string]bool{"s8": true, "u8": true, "s16": true, "u16": true, "s32": true, "u32": true,
	"s64": true, "u64": true, "f32": true, "f64": true}

// elemSize is the size of a gen element type.
var elemSize = map[string]int{"s8": 1, "u8": 1, "s16": 2, "u16": 2, "s32": 4, "u32": 4, "s64": 8, "u64": 8, "f32": 4, "f64": 8}

func checkArg(spec string) error {
	kind, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return fmt.Errorf("bad arg %q", spec)
	}
	switch {
	case scalarKinds[kind], kind == "file", kind == "bytes":
		return nil
	case kind == "zero":
		_, err := strconv.ParseUint(rest, 0, 32)
		return err
	case kind == "gen":
		_, err := genBytes("", 0, rest)
		return err
	}
	return fmt.Errorf("unknown arg kind %q", kind)
}

// IsBuffer reports whether arg spec i is a global buffer (its contents are
// written back and compared).
func IsBuffer(spec string) bool {
	kind, _, _ := strings.Cut(spec, ":")
	return kind == "file" || kind == "zero" || kind == "gen"
}

// RunArgs returns the kernel's arguments in `ptxabi run -arg` form, writing
// each generated buffer to dir/NAME.argK.in and passing it as file:PATH.
func (k *Kernel) RunArgs(dir string) ([]string, error) {
	var out []string
	for i, spec := range k.Args {
		kind, rest, _ := strings.Cut(spec, ":")
		if kind != "gen" {
			out = append(out, spec)
			continue
		}
		data, err := genBytes(k.Name, i, rest)
		if err != nil {
			return nil, fmt.Errorf("%s: arg %d: %v", k.File, i, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s.arg%d.in", k.Name, i))
		if err := os.WriteFile(path, data, 0o666); err != nil {
			return nil, err
		}
		out = append(out, "file:"+path)
	}
	return out, nil
}

// genBytes makes the buffer that "gen:REST" describes, seeded by the kernel
// name and argument position.
func genBytes(name string, pos int, rest string) ([]byte, error) {
	f := strings.Split(rest, ":")
	if len(f) != 2 && len(f) != 3 && len(f) != 4 {
		return nil, fmt.Errorf("want gen:T:N[:LO:HI|:bits], have gen:%s", rest)
	}
	typ := f[0]
	size, ok := elemSize[typ]
	if !ok {
		return nil, fmt.Errorf("unknown element type %q", typ)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 0 {
		return nil, fmt.Errorf("bad element count %q", f[1])
	}
	signed := typ[0] == 's' || typ[0] == 'f'
	float := typ[0] == 'f'
	bits := len(f) == 3
	if bits && (f[2] != "bits" || float) {
		return nil, fmt.Errorf("want :bits for an integer type, have %q", f[2])
	}
	lo, hi := int64(0), int64(1000)
	if signed {
		lo = -1000
	}
	if float {
		lo, hi = -4, 4
	}
	if len(f) == 4 {
		if lo, err = strconv.ParseInt(f[2], 0, 64); err != nil {
			return nil, fmt.Errorf("bad low bound %q", f[2])
		}
		if hi, err = strconv.ParseInt(f[3], 0, 64); err != nil {
			return nil, fmt.Errorf("bad high bound %q", f[3])
		}
		if hi <= lo {
			return nil, fmt.Errorf("empty range [%d,%d)", lo, hi)
		}
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", name, pos)
	r := rng{h.Sum64()}
	buf := make([]byte, n*size)
	for i := 0; i < n; i++ {
		x := r.next()
		var v uint64
		switch {
		case bits:
			v = x
		case float:
			span := uint64(hi-lo) * 64
			fv := float64(lo) + float64(x%span)/64
			if typ == "f32" {
				v = uint64(math.Float32bits(float32(fv)))
			} else {
				v = math.Float64bits(fv)
			}
		default:
			v = uint64(lo) + x%uint64(hi-lo)
		}
		switch size {
		case 1:
			buf[i] = byte(v)
		case 2:
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(v))
		case 4:
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(v))
		case 8:
			binary.LittleEndian.PutUint64(buf[8*i:], v)
		}
	}
	return buf, nil
}

// rng is splitmix64: small, fixed, and the same on every machine.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// externShared matches a dynamic shared array's declaration.
var externShared = regexp.MustCompile(`extern\s+__shared__\s+(?:__align__\(\d+\)\s+)?([^;\[]*?)\s*(\w+)\s*\[\s*\]\s*;`)

// HostSource returns the host reference's C++ source: the kernel file with
// each `extern __shared__ T name[];` turned into a pointer to the shim's
// dynamic shared buffer, followed by the main that launches the kernel.
func (k *Kernel) HostSource() string {
	src := externShared.ReplaceAllString(string(k.Source), "$1 *const $2 = ($1 *)refDynShared();")
	var a []string
	for i := range k.Args {
		a = append(a, fmt.Sprintf("a[%d]", i))
	}
	call := k.Name
	if len(a) > 0 {
		call += ", " + strings.Join(a, ", ")
	}
	return fmt.Sprintf("#line 1 %q\n%s\nREF_MAIN(%s)\n", filepath.Base(k.File), src, call)
}

// A Result is what one launch produced: the buffer arguments' final bytes
// (by argument position), the printf output and, for a failed launch, its
// standard error.
type Result struct {
	Buffers map[int][]byte
	Stdout  []byte
	Stderr  []byte
	Failed  bool
}

// ReadBuffers reads dir/argK.bin for every buffer argument of k.
func (k *Kernel) ReadBuffers(dir string) (map[int][]byte, error) {
	m := map[int][]byte{}
	for i, spec := range k.Args {
		if !IsBuffer(spec) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("arg%d.bin", i)))
		if err != nil {
			return nil, err
		}
		m[i] = b
	}
	return m, nil
}

// Diff describes how got differs from want, or returns "" when they are
// equal: every buffer byte for byte, and the printf output as a multiset of
// lines (the order between threads is the executor's choice).
func (k *Kernel) Diff(want, got *Result) string {
	var d []string
	for i := range k.Args {
		w, ok := want.Buffers[i]
		if !ok {
			continue
		}
		g := got.Buffers[i]
		if bytes.Equal(w, g) {
			continue
		}
		if len(w) != len(g) {
			d = append(d, fmt.Sprintf("arg%d: %d bytes, want %d", i, len(g), len(w)))
			continue
		}
		off := 0
		for off < len(w) && w[off] == g[off] {
			off++
		}
		ndiff := 0
		for j := range w {
			if w[j] != g[j] {
				ndiff++
			}
		}
		lo := off &^ 7
		hi := min(lo+16, len(w))
		d = append(d, fmt.Sprintf("arg%d (%s): %d bytes differ, first at offset %d: got % x, want % x", i, k.Args[i], ndiff, off, g[lo:hi], w[lo:hi]))
	}
	wl, gl := sortedLines(want.Stdout), sortedLines(got.Stdout)
	if wl != gl {
		d = append(d, fmt.Sprintf("printf output differs:\n--- got (sorted)\n%s--- want (sorted)\n%s", gl, wl))
	}
	return strings.Join(d, "\n")
}

func sortedLines(b []byte) string {
	s := string(b)
	if s == "" {
		return ""
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if !strings.HasSuffix(lines[len(lines)-1], "\n") {
		lines[len(lines)-1] += "\n"
	}
	sort.Strings(lines)
	return strings.Join(lines, "")
}
