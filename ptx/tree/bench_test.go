package tree_test

import (
	"go/token"
	"runtime"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bench"
	"github.com/ptxabi/ptxabi/internal/wcl"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/tree"
)

// BenchmarkTree measures tree.Parse on a PTX file of at least 10 MB, on
// one goroutine: MB/s over wall time, cpu-MB/s over the process's
// processor time (run with -cpu 1, the figure of one core that other work
// on a shared machine does not lower), and x-wc-l. Its tree/size is the
// heap a File holds, its text counted once (the text is the caller's
// string, not copied: what the parse adds is the records), as a multiple
// of the file's size; lines/size is the table of lines that positions
// take once a node is made (token.File's, 8 bytes a line).
func BenchmarkTree(b *testing.B) {
	data, name := bench.Input(b, "../parser/testdata/corpus/nvcc-m64-G-*.ptx")
	src := string(data)
	before := bench.HeapAlloc()
	f, err := tree.Parse(token.NewFileSet(), "bench.ptx", src)
	if err != nil {
		b.Fatal(err)
	}
	records := bench.HeapAlloc() - before
	f.TokenFile()
	lines := bench.HeapAlloc() - before - records
	runtime.KeepAlive(f)
	f = nil
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := bench.CPUTime()
	for b.Loop() {
		if _, err := tree.Parse(token.NewFileSet(), "bench.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
	if d := bench.CPUTime() - cpu0; cpu0 != 0 && d > 0 {
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
	data, name := bench.Input(b, "../parser/testdata/corpus/nvcc-m64-G-*.ptx")
	src := string(data)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := bench.CPUTime()
	for b.Loop() {
		if _, err := parser.ParseFile(token.NewFileSet(), "bench.ptx", data); err != nil {
			b.Fatal(err)
		}
	}
	if d := bench.CPUTime() - cpu0; cpu0 != 0 && d > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
	}
	wcl.Report(b, name)
}
