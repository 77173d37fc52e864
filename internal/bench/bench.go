// Package bench holds what the project's throughput benchmarks share: the
// big PTX input they read (a file that $PTXABI_BENCH_PTX names, as
// scripts/bench-ptx.sh makes one, or carried nvcc -G output repeated to
// 10 MB), the live heap after a collection (for tree and memory ratios),
// and the processor time of the process (for MB/s of one core's time,
// which other work on a shared machine does not lower).
package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Input returns the text and the name of a PTX file of at least 10 MB:
// the file $PTXABI_BENCH_PTX names, or else the files that glob matches
// (carried nvcc -G output) repeated to 10 MB and written to a temporary
// file, whose name a benchmark hands to internal/wcl.
func Input(b testing.TB, glob string) ([]byte, string) {
	b.Helper()
	if name := os.Getenv("PTXABI_BENCH_PTX"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return data, name
	}
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		b.Fatalf("no PTX input: $PTXABI_BENCH_PTX is not set and nothing matches %s", glob)
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
	return buf.Bytes(), name
}

// HeapAlloc returns the bytes of live heap objects after a collection.
func HeapAlloc() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
