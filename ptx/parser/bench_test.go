package parser_test

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// benchInput is the file named by $PTXABI_BENCH_PTX (scripts/bench-ptx.sh
// makes one from nvcc -G output), or else the carried nvcc -G corpus
// repeated to 10 MB.
func benchInput(b *testing.B) []byte {
	if name := os.Getenv("PTXABI_BENCH_PTX"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	files, _ := filepath.Glob("testdata/corpus/nvcc-m64-G-*.ptx")
	if len(files) == 0 {
		b.Fatal("no nvcc -G corpus")
	}
	var buf bytes.Buffer
	for buf.Len() < 10<<20 {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			buf.Write(data)
		}
	}
	return buf.Bytes()
}

// BenchmarkParsePrint parses and prints a PTX file of at least 10 MB. Its
// MB/s is the throughput; peak-heap/size is the most heap in use during
// one parse and print, as a multiple of the file's size.
func BenchmarkParsePrint(b *testing.B) {
	src := benchInput(b)
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
}

// BenchmarkParse measures the parser alone.
func BenchmarkParse(b *testing.B) {
	src := benchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrint measures the printer alone, on a tree parsed once.
func BenchmarkPrint(b *testing.B) {
	src := benchInput(b)
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
}

// BenchmarkFormat measures printer.Format, which ptxabi fmt runs: the
// parser streams the module to the printer, with no tree. Its peak
// memory is best seen as ptxabi fmt's peak resident memory
// (scripts/bench-ptx.sh).
func BenchmarkFormat(b *testing.B) {
	src := benchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := printer.Format("bench.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
}
