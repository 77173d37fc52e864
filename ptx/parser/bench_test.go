package parser_test

import (
	"bytes"
	"go/token"
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bench"
	"github.com/ptxabi/ptxabi/internal/bigmem"
	"github.com/ptxabi/ptxabi/internal/wcl"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// benchInput is bench.Input on the carried nvcc -G corpus, with the
// tests' check of the fast paths' operand layout off: it is no part of the
// work measured.
func benchInput(b *testing.B) ([]byte, string) {
	*parser.CheckCanon = false
	return bench.Input(b, "testdata/corpus/nvcc-m64-G-*.ptx")
}

// BenchmarkParsePrint parses and prints a PTX file of at least 10 MB. Its
// MB/s is the throughput; peak-heap/size is the most heap in use during
// one parse and print, as a multiple of the file's size.
func BenchmarkParsePrint(b *testing.B) {
	src, name := benchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var peak uint64
	for i := 0; b.Loop(); i++ {
		m, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", src)
		if err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		out.Grow(len(src) + len(src)/4)
		if err := printer.Fprint(&out, m); err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			// The heap at its fullest: source, tree and output all live.
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = ms.HeapInuse
			runtime.KeepAlive(m)
		}
	}
	b.ReportMetric(float64(peak)/float64(len(src)), "peak-heap/size")
	wcl.Report(b, name)
}

// BenchmarkParse measures the parser alone, building the whole tree
// (ParseFile). Its tree/size is the heap the parse leaves in use, as a
// multiple of the file's size: the tree, the parser's copy of the source
// that its strings share, and the FileSet's table of lines.
func BenchmarkParse(b *testing.B) {
	src, name := benchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var tree uint64
	for i := 0; b.Loop(); i++ {
		var before uint64
		if i == 0 {
			before = bench.HeapAlloc()
		}
		m, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", src)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			tree = bench.HeapAlloc() - before
			runtime.KeepAlive(m)
		}
	}
	b.ReportMetric(float64(tree)/float64(len(src)), "tree/size")
	wcl.Report(b, name)
}

// BenchmarkStream measures the parser handing the module over piece by
// piece (Stream) to a handler that does nothing: the parsing under
// printer.Format (ptxabi fmt) and the DWARF reader, with no tree.
func BenchmarkStream(b *testing.B) {
	src, name := benchInput(b)
	text := string(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if err := parser.Stream(nil, "bench.ptx", text, discard{}); err != nil {
			b.Fatal(err)
		}
	}
	wcl.Report(b, name)
}

// BenchmarkSkim measures SkimPart over the whole file, with a handler
// that does nothing: what ptxabi vet reads a big file's skeleton with.
func BenchmarkSkim(b *testing.B) {
	src, name := benchInput(b)
	text := string(src)
	file := token.NewFileSet().AddFile("bench.ptx", -1, len(text))
	file.SetLinesForContent(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if err := parser.SkimPart(file, text, 0, len(text), discard{}); err != nil {
			b.Fatal(err)
		}
	}
	wcl.Report(b, name)
}

// discard is a parser.Handler that drops what it is handed.
type discard struct{}

func (discard) Decl(ast.Decl)               {}
func (discard) Section(*ast.Section)        {}
func (discard) SectionItem(ast.SectionItem) {}
func (discard) EndSection(*ast.Section)     {}

// BenchmarkPrint measures the printer alone, on a tree parsed once.
func BenchmarkPrint(b *testing.B) {
	src, name := benchInput(b)
	m, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/4)
	for b.Loop() {
		out.Reset()
		if err := printer.Fprint(&out, m); err != nil {
			b.Fatal(err)
		}
	}
	wcl.Report(b, name)
}

// BenchmarkFormat measures printer.FormatPieces as ptxabi fmt runs it:
// the parser streams the module to the printer, with no tree, and the
// output's pieces are kept, in memory of internal/bigmem, until the whole
// file has parsed. Its peak memory is best seen as ptxabi fmt's peak
// resident memory (scripts/bench-ptx.sh).
func BenchmarkFormat(b *testing.B) {
	src, name := benchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var pieces [][]byte
	for b.Loop() {
		dst := bigmem.Alloc(len(src) + len(src)/8)
		pieces = pieces[:0]
		err := printer.FormatPieces(dst[:0], "bench.ptx", src, func(out []byte) error {
			pieces = append(pieces, out)
			return nil
		})
		bigmem.Free(dst)
		if err != nil {
			b.Fatal(err)
		}
	}
	wcl.Report(b, name)
}
