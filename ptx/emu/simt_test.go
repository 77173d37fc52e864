package emu

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// simtReference computes testdata/simt.cu's out and bits on the host.
func simtReference(grid, block int) (out []int32, bitsOut []uint32) {
	n := grid * block
	out = make([]int32, 2048)
	bitsOut = make([]uint32, n)
	for g := range n {
		t := g % block
		lane := t % 32
		wbase := g - lane
		x := int32(wbase + (lane ^ 3))
		if lane >= 2 {
			x += int32(g-2) * 3
		} else {
			x += int32(g) * 3
		}
		x += int32(wbase+lane/16*16+7) * 5
		sum := int32(0)
		for l := range 32 {
			sum += int32(t - lane + l)
		}
		red := sum + int32(wbase+31) + -1
		x += red * 7
		cnt := 0
		for i := range block {
			if i%3 == 0 {
				cnt++
			}
		}
		x += int32(cnt*11 + 13 + 17)
		out[g] = x
		var m uint32
		for l := range 32 {
			if (t-lane+l)/5 == t/5 {
				m |= 1 << l
			}
		}
		b := ^m
		if t&1 == 1 {
			b += 1 + 2 // the active mask, __all_sync
			if t < 32 {
				b += 4 // __any_sync(t == 3)
			}
		}
		bitsOut[g] = b
	}
	for b := range grid {
		var or int32
		for t := range block {
			or |= 1 << (t % 31)
		}
		out[1000+4*b], out[1001+4*b], out[1002+4*b], out[1003+4*b] = int32(block), int32(b*block+block-1), or, int32(block%10)
	}
	return
}

func runSIMT(t *testing.T, ptx string) {
	m := load(t, Options{}, ptx)
	const grid, block = 2, 64
	oa, op := buffer(t, m, 8192)
	ba, bp := buffer(t, m, 4*grid*block)
	fa, fp := buffer(t, m, 4)
	da, dp := buffer(t, m, 8)
	ua, up := buffer(t, m, 56)
	init := make([]byte, 56)
	for i := 40; i < 48; i++ {
		init[i] = 0xff
	}
	if err := m.Write(ua, init); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Launch(Launch{Kernel: "_Z4simtPiPjPfPdPy", Grid: [3]int{grid, 1, 1}, Block: [3]int{block, 1, 1}, Args: [][]byte{op, bp, fp, dp, up}}); err != nil {
		t.Fatal(err)
	}
	out, bits := simtReference(grid, block)
	ob, bb := read(t, m, oa, 8192), read(t, m, ba, 4*grid*block)
	for i := range out {
		if g := int32(binary.LittleEndian.Uint32(ob[4*i:])); g != out[i] {
			t.Errorf("out[%d] = %d, want %d", i, g, out[i])
		}
	}
	for i := range bits {
		if g := binary.LittleEndian.Uint32(bb[4*i:]); g != bits[i] {
			t.Errorf("bits[%d] = %#x, want %#x", i, g, bits[i])
		}
	}
	if g := math.Float32frombits(binary.LittleEndian.Uint32(read(t, m, fa, 4))); g != 32 {
		t.Errorf("atomicAdd float: %v", g)
	}
	if g := math.Float64frombits(binary.LittleEndian.Uint64(read(t, m, da, 8))); g != 64 {
		t.Errorf("atomicAdd double: %v", g)
	}
	ub := read(t, m, ua, 56)
	want := []uint64{8128, 0xffffff81, 1, 5, 0, 0xffffffff00000000, 74}
	if g := binary.LittleEndian.Uint64(ub[16:]); g == 65 {
		want[2] = 65 // block 1's first thread won the compare-and-swap
	}
	for i, w := range want {
		if g := binary.LittleEndian.Uint64(ub[8*i:]); g != w {
			t.Errorf("u64[%d] = %#x, want %#x", i, g, w)
		}
	}
}

// TestSIMT runs shuffles, votes, match, redux, activemask, __syncwarp,
// __syncthreads_count/and/or and every kind of atomic (testdata/simt.cu)
// against a host reference.
func TestSIMT(t *testing.T) {
	b, err := os.ReadFile("testdata/simt_sm80.ptx")
	if err != nil {
		t.Fatal(err)
	}
	runSIMT(t, string(b))
	src, err := os.ReadFile("testdata/simt.cu")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		m     int
		flags []string
	}{{64, []string{"-arch=sm_80", "-G"}}, {32, []string{"-arch=sm_80", "-O3"}}} {
		t.Run(v.flags[1]+"-m"+itoa(v.m), func(t *testing.T) {
			if testing.Short() {
				t.Skip("nvcc in -short mode")
			}
			runSIMT(t, oracle.CompilePTX(t, string(src), v.m, v.flags...))
		})
	}
}
