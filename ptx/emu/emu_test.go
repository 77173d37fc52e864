package emu

import (
	"encoding/binary"
	"go/token"
	"math"
	"math/big"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/parser"
)

// load parses and loads PTX sources.
func load(t testing.TB, opts Options, srcs ...string) *Machine {
	t.Helper()
	fset := token.NewFileSet()
	var mods []*ast.Module
	for i, s := range srcs {
		m, err := parser.ParseString(fset, "m"+string(rune('0'+i))+".ptx", s)
		if err != nil {
			t.Fatal(err)
		}
		mods = append(mods, m)
	}
	m, err := Load(fset, mods, opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func ptrArg(m *Machine, a uint64) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, a)
	return b[:m.AddressSize()/8]
}

func buffer(t testing.TB, m *Machine, n int) (uint64, []byte) {
	a, err := m.Alloc(n)
	if err != nil {
		t.Fatal(err)
	}
	return a, ptrArg(m, a)
}

func read(t testing.TB, m *Machine, a uint64, n int) []byte {
	b, err := m.Read(a, n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mixReference computes what testdata/mix.cu stores, on the host.
func mixReference(grid, block int) (out []int32, fo []float32, dout []float64, cnt [3]uint64) {
	n := grid * block
	fib := func(n int) int {
		a, b := 0, 1
		for range n {
			a, b = b, a+b
		}
		return a
	}
	for t := 0; t < n; t++ {
		b0 := t / block * block
		v := int32(0)
		for i := 0; i < block; i++ {
			v += int32(b0 + i)
		}
		lane := t % 32
		if lane < 31 {
			v += int32(t + 1)
		} else {
			v += int32(t)
		}
		v += 16 // the ballot of t&1 over a warp
		v += int32(bits.LeadingZeros32(uint32(t + 1)))
		v += int32(bits.Reverse32(uint32(t)))
		if t != 0 {
			v += int32(bits.TrailingZeros32(uint32(t)) + 1)
		}
		if t%3 == 0 {
			v += int32(fib(t % 10))
		}
		if t&1 == 0 {
			v += int32(t) * int32(t)
		} else {
			v += int32(t) * int32(t) * int32(t)
		}
		out = append(out, v)
		fo = append(fo, float32(t)*1.75)
		h := new(big.Float).SetPrec(11).SetMode(big.ToNearestEven).SetFloat64(float64(float32(t) * float32(0.1)))
		hv, _ := h.Float64()
		dout = append(dout, float64(t)/3+math.Sqrt(float64(t))+hv)
	}
	cnt[0] = uint64(n)
	cnt[1] = uint64(n - 1)
	return
}

func runMix(t *testing.T, ptx string) {
	m := load(t, Options{}, ptx)
	const grid, block = 2, 64
	n := grid * block
	oa, op := buffer(t, m, 4*n)
	fa, fp := buffer(t, m, 4*n)
	da, dp := buffer(t, m, 8*n)
	ca, cp := buffer(t, m, 24)
	res, err := m.Launch(Launch{Kernel: "_Z1kPiPfPdPy", Grid: [3]int{grid, 1, 1}, Block: [3]int{block, 1, 1}, Args: [][]byte{op, fp, dp, cp}})
	if err != nil {
		t.Fatal(err)
	}
	out, fo, dout, cnt := mixReference(grid, block)
	ob, fb, db, cb := read(t, m, oa, 4*n), read(t, m, fa, 4*n), read(t, m, da, 8*n), read(t, m, ca, 24)
	for i := range n {
		if g := int32(binary.LittleEndian.Uint32(ob[4*i:])); g != out[i] {
			t.Errorf("out[%d] = %d, want %d", i, g, out[i])
		}
		if g := math.Float32frombits(binary.LittleEndian.Uint32(fb[4*i:])); g != fo[i] {
			t.Errorf("fo[%d] = %v, want %v", i, g, fo[i])
		}
		if g := math.Float64frombits(binary.LittleEndian.Uint64(db[8*i:])); g != dout[i] {
			t.Errorf("dout[%d] = %v, want %v", i, g, dout[i])
		}
	}
	for i := range 3 {
		if g := binary.LittleEndian.Uint64(cb[8*i:]); g != cnt[i] {
			t.Errorf("cnt[%d] = %d, want %d", i, g, cnt[i])
		}
	}
	if want := "t=5 v=" + itoa(int(out[5])) + " str  1.67\n"; string(res.Output) != want {
		t.Errorf("printed %q, want %q", res.Output, want)
	}
}

// TestMix runs nvcc's PTX of testdata/mix.cu (shared memory, barriers,
// shuffles, votes, recursion, function pointers, structs returned,
// atomics, malloc/free, printf, doubles and halves) against a host
// reference: the recorded PTX always, and fresh nvcc output for more
// architectures and flags when nvcc is installed.
func TestMix(t *testing.T) {
	for _, f := range []string{"mix_m64_O3.ptx", "mix_m32_G.ptx"} {
		t.Run(f, func(t *testing.T) {
			b, err := os.ReadFile("testdata/" + f)
			if err != nil {
				t.Fatal(err)
			}
			runMix(t, string(b))
		})
	}
	src, err := os.ReadFile("testdata/mix.cu")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		m     int
		flags []string
	}{
		{64, []string{"-arch=sm_52", "-O3"}},
		{32, []string{"-arch=sm_70"}},
		{64, []string{"-arch=sm_80", "-G"}},
		{32, []string{"-arch=sm_52", "-G"}},
	} {
		t.Run("nvcc"+strings.Join(v.flags, "")+"-m"+itoa(v.m), func(t *testing.T) {
			if testing.Short() {
				t.Skip("nvcc in -short mode")
			}
			runMix(t, oracle.CompilePTX(t, string(src), v.m, v.flags...))
		})
	}
}

func newFset() *token.FileSet { return token.NewFileSet() }

func parseOne(fset *token.FileSet, src string) ([]*ast.Module, error) {
	m, err := parser.ParseString(fset, "m0.ptx", src)
	return []*ast.Module{m}, err
}

// TestDeterminism: the output and memory of a launch do not depend on the
// number of goroutines running blocks.
func TestDeterminism(t *testing.T) {
	src, err := os.ReadFile("testdata/mix_m64_O3.ptx")
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	var firstOut string
	for _, procs := range []int{1, 2, 5} {
		m := load(t, Options{Procs: procs}, string(src))
		var args [][]byte
		var addrs []uint64
		for _, n := range []int{4 * 256, 4 * 256, 8 * 256, 24} {
			a, p := buffer(t, m, n)
			args = append(args, p)
			addrs = append(addrs, a)
		}
		res, err := m.Launch(Launch{Kernel: "_Z1kPiPfPdPy", Grid: [3]int{8, 1, 1}, Block: [3]int{32, 1, 1}, Args: args})
		if err != nil {
			t.Fatal(err)
		}
		got := append(read(t, m, addrs[0], 1024), read(t, m, addrs[2], 2048)...)
		if first == nil {
			first, firstOut = got, string(res.Output)
			continue
		}
		if string(got) != string(first) || string(res.Output) != firstOut {
			t.Errorf("procs %d: results differ from procs 1", procs)
		}
	}
}

func runClang(t *testing.T, ptx string) {
	m := load(t, Options{}, ptx)
	const n = 100
	oa, op := buffer(t, m, 4*128)
	fa, fp := buffer(t, m, 4*128)
	res, err := m.Launch(Launch{Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{64, 1, 1}, Args: [][]byte{op, fp, u32(n)}})
	if err != nil {
		t.Fatal(err)
	}
	ob, fb := read(t, m, oa, 4*128), read(t, m, fa, 4*128)
	for g := range 128 {
		wantO, wantF := int32(0), float32(0)
		if g < n {
			wantO = int32(bits.OnesCount32(uint32(g)) + g*8/7)
			base := g - g%64
			for i := 0; i <= g%64; i++ {
				wantF += float32(base+i) * 1.5
			}
		}
		if got := int32(binary.LittleEndian.Uint32(ob[4*g:])); got != wantO {
			t.Errorf("out[%d] = %d, want %d", g, got, wantO)
		}
		if got := math.Float32frombits(binary.LittleEndian.Uint32(fb[4*g:])); got != wantF {
			t.Errorf("f[%d] = %v, want %v", g, got, wantF)
		}
	}
	if string(res.Output) != "clang 3 0.5\n" {
		t.Errorf("printed %q", res.Output)
	}
}

// TestClang runs clang-14's PTX of testdata/clang.cu (recorded, and fresh
// when clang-14 is installed, for -m32 too).
func TestClang(t *testing.T) {
	b, err := os.ReadFile("testdata/clang_sm52.ptx")
	if err != nil {
		t.Fatal(err)
	}
	runClang(t, string(b))
	for _, v := range []struct{ arch, m string }{{"sm_70", "-m64"}, {"sm_52", "-m32"}} {
		t.Run(v.arch+v.m, func(t *testing.T) {
			oracle.Need(t, oracle.Clang)
			if testing.Short() {
				t.Skip("clang in -short mode")
			}
			src, err := filepath.Abs("testdata/clang.cu")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if _, err := oracle.Run(dir, oracle.Clang, "--cuda-device-only", "-S", "--cuda-gpu-arch="+v.arch, "-nocudalib", "-nocudainc", "-O2", v.m, src, "-o", "out.ptx"); err != nil {
				t.Fatal(err)
			}
			out, err := os.ReadFile(filepath.Join(dir, "out.ptx"))
			if err != nil {
				t.Fatal(err)
			}
			runClang(t, string(out))
		})
	}
}

// TestMallocExhausted: malloc returns null once the heap is used up, and
// memory freed can be allocated again.
func TestMallocExhausted(t *testing.T) {
	src := header + `.extern .func (.param .b64 r) malloc(.param .b64 n);
.extern .func free(.param .b64 p);
.visible .entry k(.param .u64 p)
{
.reg .b64 %rd<6>;
ld.param.u64 %rd1, [p];
{ .param .b64 n; .param .b64 r; st.param.b64 [n], 48; call.uni (r), malloc, (n); ld.param.b64 %rd2, [r]; }
{ .param .b64 n; .param .b64 r; st.param.b64 [n], 48; call.uni (r), malloc, (n); ld.param.b64 %rd3, [r]; }
{ .param .b64 q; st.param.b64 [q], %rd2; call.uni free, (q); }
{ .param .b64 n; .param .b64 r; st.param.b64 [n], 48; call.uni (r), malloc, (n); ld.param.b64 %rd4, [r]; }
st.u64 [%rd4], %rd4;
st.global.u64 [%rd1], %rd2;
st.global.u64 [%rd1+8], %rd3;
st.global.u64 [%rd1+16], %rd4;
ret;
}
`
	m := load(t, Options{HeapSize: 64}, src)
	a, p := buffer(t, m, 24)
	if _, err := m.Launch(Launch{Kernel: "k", Args: [][]byte{p}}); err != nil {
		t.Fatal(err)
	}
	got := read(t, m, a, 24)
	p1, p2, p3 := binary.LittleEndian.Uint64(got), binary.LittleEndian.Uint64(got[8:]), binary.LittleEndian.Uint64(got[16:])
	if p1 == 0 || p2 != 0 || p3 == 0 || p3 == p1 || p1%16 != 0 {
		t.Errorf("malloc gave %#x, %#x, then %#x after free; want non-null, null, a new non-null block", p1, p2, p3)
	}
}
