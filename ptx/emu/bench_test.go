package emu

import (
	"encoding/binary"
	"os"
	"testing"
)

// The benchmarks run nvcc's PTX (-O3 -fmad=false) of
// testdata/bench/bench.cu on one core and report thread-instructions per
// second (scripts/bench-emu.sh compares with a native build).
func benchKernel(b *testing.B, kernel string, grid, block [3]int, args func(m *Machine) [][]byte) {
	src, err := os.ReadFile("testdata/bench/bench.ptx")
	if err != nil {
		b.Fatal(err)
	}
	m := load(b, Options{Procs: 1}, string(src))
	a := args(m)
	var n int64
	b.ResetTimer()
	for b.Loop() {
		res, err := m.Launch(Launch{Kernel: kernel, Grid: grid, Block: block, Args: a})
		if err != nil {
			b.Fatal(err)
		}
		n += res.Instructions
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mthreadinst/s")
}

func u32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

func BenchmarkCompute(b *testing.B) {
	benchKernel(b, "compute", [3]int{16, 1, 1}, [3]int{256, 1, 1}, func(m *Machine) [][]byte {
		_, p := buffer(b, m, 4*16*256)
		return [][]byte{p, u32(500)}
	})
}

func BenchmarkStencil(b *testing.B) {
	const n = 1024
	benchKernel(b, "stencil", [3]int{n / 16, n / 16, 1}, [3]int{16, 16, 1}, func(m *Machine) [][]byte {
		_, in := buffer(b, m, 4*n*n)
		_, out := buffer(b, m, 4*n*n)
		return [][]byte{in, out, u32(n)}
	})
}
