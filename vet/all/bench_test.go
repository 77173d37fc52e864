package all_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ptxabi/ptxabi/internal/wcl"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// benchKernels is how many kernels the benchmark program instantiates:
// nvcc -G makes about 10 kB of PTX of each.
const benchKernels = 1200

var (
	benchOnce sync.Once
	benchFile string
	benchErr  error
)

// benchInput returns the name of a PTX file of at least 10 MB: the one
// $PTXABI_BENCH_PTX names, or nvcc -G output of a generated program of
// many kernels (printf, atomics, calls of device functions, shared
// memory), made once per test binary. Without nvcc the benchmark skips.
func benchInput(b *testing.B) string {
	if name := os.Getenv("PTXABI_BENCH_PTX"); name != "" {
		return name
	}
	oracle.Need(b, oracle.NVCC)
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "vetbench")
		if err != nil {
			benchErr = err
			return
		}
		var src strings.Builder
		src.WriteString(`#include <cstdio>
struct P { int a; double b; float4 v; };
template <int N> __device__ __noinline__ P step(P p, int i) { p.a += N * i; p.b = sin(p.b + N); p.v.x += p.a; return p; }
template <int N> __global__ void k(P *out, const int *in, float *f, int n) {
  __shared__ float sm[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  P p = out[i % n];
  for (int j = 0; j < n; j++) { p = step<N>(p, in[j]); sm[j % 128] += p.v.x; }
  __syncthreads();
  if (p.a > N) printf("k%d %d %f\n", N, p.a, p.b);
  atomicAdd(&f[i], sm[i % 128] + __shfl_down_sync(0xffffffff, p.v.y, 1));
  out[i] = p;
}
`)
		for i := 0; i < benchKernels; i++ {
			fmt.Fprintf(&src, "template __global__ void k<%d>(P *, const int *, float *, int);\n", i)
		}
		if err := os.WriteFile(filepath.Join(dir, "gen.cu"), []byte(src.String()), 0o666); err != nil {
			benchErr = err
			return
		}
		if _, err := oracle.Run(dir, oracle.NVCC, "-ptx", "-G", "-arch=sm_70", "-o", "gen.ptx", "gen.cu"); err != nil {
			benchErr = err
			return
		}
		benchFile = filepath.Join(dir, "gen.ptx")
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchFile
}

// BenchmarkVet reads, parses and checks a ≥ 10 MB nvcc -G file with every
// check, as ptxabi vet does. MB/s is the throughput; x-wc-l is the time of
// one check as a multiple of `wc -l` on the same file; live-heap/size the
// heap in use after a check, with the modules and the diagnostics alive,
// as a multiple of the file's size (a module checked in parts keeps only
// its skeleton; the peak, with a part's tree, is best seen as ptxabi vet's
// peak resident memory: scripts/bench-ptx.sh). It must find nothing.
func BenchmarkVet(b *testing.B) {
	name := benchInput(b)
	info, err := os.Stat(name)
	if err != nil {
		b.Fatal(err)
	}
	if info.Size() < 10<<20 {
		b.Fatalf("%s: %d bytes, want at least 10 MB", name, info.Size())
	}
	wc, err := wcl.Time(name)
	if err != nil {
		b.Skipf("wc -l: %v", err)
	}
	b.SetBytes(info.Size())
	b.ReportAllocs()
	var peak uint64
	for i := 0; b.Loop(); i++ {
		fset := token.NewFileSet()
		mods, err := vet.LoadFiles(fset, []string{name})
		if err != nil {
			b.Fatal(err)
		}
		diags, err := vet.Run(fset, mods, all.Analyzers)
		if err != nil {
			b.Fatal(err)
		}
		if len(diags) > 0 {
			b.Fatalf("%d diagnostics on nvcc's output, the first: %s: %s", len(diags), fset.Position(diags[0].Pos), diags[0].Message)
		}
		if i == 0 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = ms.HeapInuse
			runtime.KeepAlive(mods)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp)/float64(wc), "x-wc-l")
	b.ReportMetric(float64(peak)/float64(info.Size()), "live-heap/size")
}

// BenchmarkVetFiles checks four copies of the file as four modules of one
// program: run with -cpu 1,2,4 to see how the files spread over cores.
// cpu-ms/file is the processor time of the process (every goroutine's,
// the collector's too) a file: near-linear, it stays as the cores grow.
func BenchmarkVetFiles(b *testing.B) {
	name := benchInput(b)
	info, err := os.Stat(name)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var files []string
	for i := 0; i < 4; i++ {
		f := filepath.Join(dir, fmt.Sprintf("copy%d.ptx", i))
		if err := os.Symlink(name, f); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	b.SetBytes(4 * info.Size())
	start := processTime()
	for b.Loop() {
		fset := token.NewFileSet()
		mods, err := vet.LoadFiles(fset, files)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := vet.Run(fset, mods, all.Analyzers); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := processTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N)/float64(len(files))/1e6, "cpu-ms/file")
	}
}
