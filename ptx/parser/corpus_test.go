package parser_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/corpus from nvcc and clang-14 output of testdata/cu")

// checkFile parses src, checks that the fast paths agree with the general
// parser, that it has no errors, that printing is
// idempotent, and that the printed module parses to the same tree. It
// returns the printed text.
func checkFile(t *testing.T, name string, src []byte) []byte {
	t.Helper()
	if d := parseBothWays(src); d != "" {
		t.Errorf("%s: the fast paths and the general parser differ: %s", name, d)
	}
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, name, src)
	if err != nil {
		t.Errorf("%s: parse: %v", name, err)
		return nil
	}
	out := []byte(printer.String(m))
	m2, err := parser.ParseFile(fset, name+" (formatted)", out)
	if err != nil {
		t.Errorf("%s: formatted output does not parse: %v", name, err)
		return nil
	}
	if d := diffTrees(m, m2); d != "" {
		t.Errorf("%s: printing changed the tree: %s", name, d)
	}
	out2 := []byte(printer.String(m2))
	if !bytes.Equal(out, out2) {
		t.Errorf("%s: fmt is not idempotent", name)
	}
	return out
}

// TestCarriedCorpus checks the committed nvcc and clang output.
func TestCarriedCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.ptx")
	if len(files) < 5 {
		t.Fatalf("carried corpus missing: %d files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkFile(t, f, src)
	}
}

// flavours are the configurations of the corpus (internal/ptxcorpus)
// this package's test takes: nvcc -m64 and -m32, with and without -G, for
// sm_52, sm_70 and sm_90, and clang-14 with and without -g.
var flavours = []string{
	"nvcc-m64-sm_52", "nvcc-m64-sm_70", "nvcc-m64-sm_90",
	"nvcc-m64-G-sm_52", "nvcc-m64-G-sm_70", "nvcc-m64-G-sm_90",
	"nvcc-m32-sm_52", "nvcc-m32-sm_70",
	"nvcc-m32-G-sm_52", "nvcc-m32-G-sm_70",
	"clang-sm_70", "clang-g-sm_70",
}

// sassFlavours are those whose files ptxas assembles before and after
// formatting; carriedFlavours those whose files testdata/corpus holds.
var (
	sassFlavours    = map[string]bool{"nvcc-m64-sm_70": true, "nvcc-m64-G-sm_90": true, "nvcc-m32-sm_52": true, "nvcc-m32-G-sm_70": true, "clang-sm_70": true, "clang-g-sm_70": true}
	carriedFlavours = map[string]bool{"nvcc-m64-sm_70": true, "nvcc-m32-sm_52": true, "nvcc-m64-G-sm_70": true, "clang-sm_70": true, "clang-g-sm_70": true}
)

// corpusFlavours returns the flavours of the list, less clang's where
// clang-14 is missing (logged).
func corpusFlavours(t *testing.T) []ptxcorpus.Flavour {
	byName := map[string]ptxcorpus.Flavour{}
	for _, f := range ptxcorpus.Flavours() {
		byName[f.Name] = f
	}
	var fls []ptxcorpus.Flavour
	for _, n := range flavours {
		f, ok := byName[n]
		if !ok {
			t.Fatalf("no flavour %s in internal/ptxcorpus", n)
		}
		if !oracle.Have(f.Tool) {
			t.Logf("%s skipped: %s not found on PATH", f.Name, f.Tool)
			continue
		}
		fls = append(fls, f)
	}
	return fls
}

// ownPrograms returns the paths of testdata/cu's programs.
func ownPrograms(t *testing.T) []string {
	srcs, _ := filepath.Glob("testdata/cu/*.cu")
	if len(srcs) == 0 {
		t.Fatal("no testdata/cu programs")
	}
	for i, s := range srcs {
		abs, err := filepath.Abs(s)
		if err != nil {
			t.Fatal(err)
		}
		srcs[i] = abs
	}
	return srcs
}

// TestGeneratedCorpus takes the corpus files of testdata/cu's programs in
// the configurations of flavours (nvcc, both address sizes, with and
// without -G, sm_52/70/90, and clang-14), checks that every file parses
// and formats idempotently, and for a subset that ptxas makes the same
// SASS of the formatted file as of the original. With -update-corpus it
// writes the carried flavours' files to testdata/corpus, compiled in a
// fixed directory (the debug information of -G and -g names it).
func TestGeneratedCorpus(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVDISASM)
	srcs := ownPrograms(t)
	own := map[string]bool{}
	for _, s := range srcs {
		own[strings.TrimSuffix(filepath.Base(s), ".cu")] = true
	}
	fls := corpusFlavours(t)
	byName := map[string]ptxcorpus.Flavour{}
	for _, f := range fls {
		byName[f.Name] = f
	}
	perFlavour := map[string]int{}
	var sassJobs []sassJob
	total := 0
	for _, f := range ptxcorpus.Generate(t, fls) {
		if !own[f.Program] {
			continue // vet's programs: ptx/tree and vet/all check those
		}
		perFlavour[f.Flavour]++
		total++
		name := f.Flavour + "/" + f.Program
		out := checkFile(t, name+".ptx", f.Src)
		if out != nil && sassFlavours[f.Flavour] {
			fl := byName[f.Flavour]
			sassJobs = append(sassJobs, sassJob{name: name, arch: fl.Arch, m32: fl.AddressSize == 32, orig: f.Src, formatted: out})
		}
	}
	for _, f := range fls {
		if perFlavour[f.Name] != len(srcs) {
			t.Errorf("%s: %d PTX files for %d programs", f.Name, perFlavour[f.Name], len(srcs))
		}
	}
	t.Logf("parsed and formatted %d generated PTX files", total)
	compareSASS(t, sassJobs)
	if *updateCorpus {
		for _, f := range fls {
			if !carriedFlavours[f.Name] {
				continue
			}
			dir := filepath.Join(os.TempDir(), "ptxabi-corpus", f.Name)
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			files, err := ptxcorpus.Compile(dir, f, srcs)
			if err != nil {
				t.Fatal(err)
			}
			for _, pf := range files {
				if err := os.WriteFile(filepath.Join("testdata", "corpus", pf.Name), pf.Src, 0o666); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

var sharedSymbolSuffix = regexp.MustCompile(`(\$[\w$]*?)__[0-9]+\b`)

type sassJob struct {
	name            string
	arch            string
	m32             bool
	orig, formatted []byte
}

// compareSASS assembles both versions of each job with ptxas and compares
// the cubins, or where they differ the SASS listings. ptxas's and
// nvdisasm's answers are kept in the cache (oracle.CacheDir("ptxas")),
// named by the tool's version, its flags and the exact input.
func compareSASS(t *testing.T, jobs []sassJob) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	errs := make([]string, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			m := "-m64"
			if j.m32 {
				m = "-m32"
			}
			var cubin [2][]byte
			for k, text := range [][]byte{j.orig, j.formatted} {
				// The same file name in two directories, so that
				// identical code gives identical cubins.
				d := filepath.Join(dir, fmt.Sprintf("j%d-%d", i, k))
				out, err := cachedRun(d, oracle.PTXAS, []string{m, "-c", "-arch=" + j.arch, "-o", "out.cubin", "in.ptx"}, "in.ptx", text, "out.cubin")
				if err != nil {
					errs[i] = err.Error()
					return
				}
				cubin[k] = out
			}
			if bytes.Equal(cubin[0], cubin[1]) {
				return // the same cubin: the same SASS
			}
			var sass [2][]byte
			for k, obj := range cubin {
				// nvdisasm -c prints the SASS cuobjdump -sass does, in
				// seconds where cuobjdump takes minutes on -G cubins.
				d := filepath.Join(dir, fmt.Sprintf("j%d-%d-sass", i, k))
				out, err := cachedRun(d, oracle.NVDISASM, []string{"-c", "in.cubin"}, "in.cubin", obj, "")
				if err != nil {
					errs[i] = err.Error()
					return
				}
				// ptxas numbers the relocation symbols of .shared
				// variables ($__bufs__32) with an internal counter that
				// depends on the source layout, not its meaning.
				sass[k] = sharedSymbolSuffix.ReplaceAll(out, []byte("$1__N"))
			}
			if !bytes.Equal(sass[0], sass[1]) {
				errs[i] = "SASS of the formatted file differs from the original's"
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("%s: %s", jobs[i].name, e)
		}
	}
	t.Logf("compared ptxas SASS of %d original/formatted pairs", len(jobs))
}

// cachedRun writes input as the file in of a new directory d, runs tool
// with args there and returns the file out it writes (its standard output
// where out is ""). The answer is kept in the cache, named by the tool's
// version, args and input; an entry that is not whole is made again.
func cachedRun(d, tool string, args []string, in string, input []byte, out string) ([]byte, error) {
	version, err := oracle.Version(tool)
	if err != nil {
		return nil, err
	}
	cache := oracle.CacheDir("ptxas")
	key := oracle.CacheKey("ptx/parser cachedRun 1", tool, version, strings.Join(args, "\x00"), in, out, string(input))
	if cache != "" {
		if b, err := oracle.ReadSealed(cache, key); err == nil {
			return b, nil
		}
	}
	if err := os.MkdirAll(d, 0o777); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(d, in), input, 0o666); err != nil {
		return nil, err
	}
	b, err := oracle.Run(d, tool, args...)
	if err != nil {
		return nil, err
	}
	if out != "" {
		if b, err = os.ReadFile(filepath.Join(d, out)); err != nil {
			return nil, err
		}
	}
	if cache != "" {
		oracle.WriteSealed(cache, key, b) // a failure only costs time
	}
	return b, nil
}
