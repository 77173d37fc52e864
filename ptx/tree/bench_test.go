package tree_test

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/internal/wcl"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/tree"
)

// benchInput is the file named by $PTXABI_BENCH_PTX (scripts/bench-ptx.sh
// makes one from nvcc -G output), or else the parser's carried nvcc -G
// corpus repeated to 10 MB, written to a temporary file. It returns the
// text and the file's name, for the ratio to wc -l (internal/wcl).
func benchInput(b *testing.B) (string, string) {
	if name := os.Getenv("PTXABI_BENCH_PTX"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return string(data), name
	}
	files, _ := filepath.Glob("../parser/testdata/corpus/nvcc-m64-G-*.ptx")
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
	name := filepath.Join(b.TempDir(), "bench.ptx")
	if err := os.WriteFile(name, buf.Bytes(), 0o666); err != nil {
		b.Fatal(err)
	}
	return buf.String(), name
}

// heapAlloc returns the bytes of live heap objects after a collection.
func heapAlloc() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkTree measures tree.Parse on a PTX file of at least 10 MB, on
// one goroutine: MB/s over wall time, cpu-MB/s over the process's
// processor time (run with -cpu 1, the figure of one core that other work
// on a shared machine does not lower), and x-wc-l. Its tree/size is the
// heap a File holds, its text counted once (the text is the caller's
// string, not copied: what the parse adds is the records), as a multiple
// of the file's size; lines/size is the table of lines that positions
// take once a node is made (token.File's, 8 bytes a line).
func BenchmarkTree(b *testing.B) {
	src, name := benchInput(b)
	before := heapAlloc()
	f, err := tree.Parse(token.NewFileSet(), "bench.ptx", src)
	if err != nil {
		b.Fatal(err)
	}
	records := heapAlloc() - before
	f.TokenFile()
	lines := heapAlloc() - before - records
	runtime.KeepAlive(f)
	f = nil
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := tree.Parse(token.NewFileSet(), "bench.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
	if d := cpuTime() - cpu0; cpu0 != 0 && d > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
	}
	size := float64(len(src))
	b.ReportMetric((size+float64(records))/size, "tree/size")
	b.ReportMetric(float64(lines)/size, "lines/size")
	wcl.Report(b, name)
}

// BenchmarkParseFile measures parser.ParseFile, which builds the whole
// ptx/ast tree, on the same input, as BenchmarkTree reports it: the
// figure Parse is compared with in the same run.
func BenchmarkParseFile(b *testing.B) {
	src, name := benchInput(b)
	data := []byte(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", data); err != nil {
			b.Fatal(err)
		}
	}
	if d := cpuTime() - cpu0; cpu0 != 0 && d > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
	}
	wcl.Report(b, name)
}
