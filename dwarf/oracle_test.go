package dwarf

import (
	"bytes"
	"fmt"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// cubinDWARF assembles ptx with ptxas -g (for the architecture of its
// .target) and returns the errors that
// llvm-dwarfdump-14 --verify reports and its --debug-info text. One error
// is expected and dropped: ptxas puts each function in its own text
// section at address 0, so two subprograms always have "overlapping
// address ranges" in a cubin.
func cubinDWARF(t *testing.T, ptx string) (verifyErrs []string, dump string) {
	t.Helper()
	dir := t.TempDir()
	cubin := filepath.Join(dir, "out.cubin")
	flags := []string{"-g"}
	if strings.Contains(ptx, ".address_size 32") {
		flags = append(flags, "-m32") // ptxas -g wants the host size to match
	}
	arch := "sm_52"
	if m := targetLine.FindStringSubmatch(ptx); m != nil {
		arch = m[1]
	}
	if err := oracle.Assemble(ptx, arch, cubin, flags...); err != nil {
		t.Fatalf("ptxas: %v\n%s", err, ptx)
	}
	cmd := exec.Command(oracle.LLVMDwarfdump, "--verify", cubin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // a non-zero exit is judged by the messages
	for _, block := range strings.Split(out.String(), "\nerror: ")[1:] {
		msg := strings.SplitN(block, "\n", 2)[0]
		if strings.HasPrefix(msg, "DIEs have overlapping address ranges") {
			continue
		}
		verifyErrs = append(verifyErrs, msg)
	}
	if strings.Contains(out.String(), "Errors detected") && len(verifyErrs) == 0 &&
		!strings.Contains(out.String(), "overlapping address ranges") {
		verifyErrs = append(verifyErrs, out.String())
	}
	// llvm-dwarfdump-14 exits 1 on some 32-bit cubins of nvcc -G output
	// ("unexpected end of data" in another section) after printing
	// .debug_info in full: judge by what it printed.
	cmd = exec.Command(oracle.LLVMDwarfdump, "--debug-info", cubin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil && *verbose {
		t.Logf("llvm-dwarfdump-14 --debug-info: %v: %s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "DW_TAG_compile_unit") {
		t.Fatalf("llvm-dwarfdump-14 --debug-info shows no compile unit: %s", stderr.String())
	}
	return verifyErrs, stdout.String()
}

var (
	targetLine = regexp.MustCompile(`(?m)^\s*\.target\s+(sm_\d+a?)`)
	dieLine    = regexp.MustCompile(`^0x[0-9a-f]+: +(DW_TAG_\w+)`)
	nameLine   = regexp.MustCompile(`^ +DW_AT_name\t\("(.*)"\)`)
	classLine  = regexp.MustCompile(`^ +DW_AT_address_class\t\((\w+)\)`)
)

// dieSummary lists the DIEs of a --debug-info text (llvm-dwarfdump's or
// Dump's) as "TAG name class=N", in order.
func dieSummary(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if m := dieLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
			continue
		}
		if len(out) == 0 {
			continue
		}
		if m := nameLine.FindStringSubmatch(l); m != nil {
			out[len(out)-1] += " " + m[1]
		}
		if m := classLine.FindStringSubmatch(l); m != nil {
			v := m[1]
			if n, err := strconv.ParseUint(v, 0, 8); err == nil {
				v = AddrClass(n).String()
			}
			out[len(out)-1] += " class=" + v
		}
	}
	return out
}

// checkAgainstLLVM decodes the sections of ptx with the reader and with
// ptxas + llvm-dwarfdump-14 and compares the DIE lists.
// With verify, llvm-dwarfdump-14 --verify must find no errors (for what
// we emit; nvcc's own -m32 output already fails it: "unexpected end of
// data" outside .debug_info).
func checkAgainstLLVM(t *testing.T, name, ptx string, verify bool) (ours, llvm string) {
	t.Helper()
	units, err := ReadPTX(name, []byte(ptx))
	if err != nil {
		t.Fatal(err)
	}
	if len(units) == 0 {
		t.Fatalf("%s: no .debug_info", name)
	}
	var b strings.Builder
	if err := Dump(&b, units); err != nil {
		t.Fatal(err)
	}
	verrs, dump := cubinDWARF(t, ptx)
	if verify && len(verrs) > 0 {
		t.Errorf("%s: llvm-dwarfdump --verify: %q", name, verrs)
	} else if len(verrs) > 0 && *verbose {
		t.Logf("%s: llvm-dwarfdump --verify (not ours to fix): %q", name, verrs)
	}
	g, w := dieSummary(b.String()), dieSummary(dump)
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("%s: DIEs differ:\n--- ours\n%s\n--- llvm-dwarfdump\n%s", name, strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
	return b.String(), dump
}

// TestOracleGuideExample: the guide's own example through ptxas and
// llvm-dwarfdump.
func TestOracleGuideExample(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.LLVMDwarfdump)
	src, err := os.ReadFile("testdata/guide_example.ptx")
	if err != nil {
		t.Fatal(err)
	}
	_, dump := checkAgainstLLVM(t, "guide_example.ptx", string(src), true)
	for _, want := range []string{`"_Z3fooii"`, `"_Z4testPi"`, "DW_OP_regx 0x257231", "DW_AT_address_class\t(0x07)"} {
		if !strings.Contains(dump, want) {
			t.Errorf("llvm-dwarfdump shows no %s", want)
		}
	}
}

// TestOracleWriter: what the writer emits, for the guide's example and
// for the richer unit in both address sizes, through ptxas and
// llvm-dwarfdump.
func TestOracleWriter(t *testing.T) {
	oracle.Need(t, oracle.PTXAS, oracle.LLVMDwarfdump)
	src, err := os.ReadFile("testdata/guide_example.ptx")
	if err != nil {
		t.Fatal(err)
	}
	// The guide's code as a syntax tree, with the writer's sections
	// appended as nodes and the whole printed by ptx/printer.
	m, err := parser.ParseFile(token.NewFileSet(), "guide.ptx", src[:bytes.Index(src, []byte(".section"))])
	if err != nil {
		t.Fatal(err)
	}
	gsecs, err := guideUnit(t).Sections()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range Nodes(gsecs) {
		m.Decls = append(m.Decls, n)
	}
	cases := map[string]string{"guide": printer.String(m)}
	for _, size := range []int{4, 8} {
		secs, err := richUnit(t, size).Sections()
		if err != nil {
			t.Fatal(err)
		}
		cases[fmt.Sprintf("rich%d", 8*size)] = richPTX(secs, size)
	}
	for name, ptx := range cases {
		t.Run(name, func(t *testing.T) {
			ours, dump := checkAgainstLLVM(t, name+".ptx", ptx, true)
			if *verbose {
				t.Logf("ours:\n%s\nllvm-dwarfdump-14 --debug-info:\n%s", ours, dump)
			}
			// The pc range of each subprogram is a real one.
			lo := regexp.MustCompile(`DW_AT_low_pc\t\((0x[0-9a-f]+)\)\n +DW_AT_high_pc\t\((0x[0-9a-f]+)\)`)
			ms := lo.FindAllStringSubmatch(dump, -1)
			if len(ms) == 0 {
				t.Errorf("no pc ranges in\n%s", dump)
			}
			for _, m := range ms {
				a, _ := strconv.ParseUint(m[1], 0, 64)
				b, _ := strconv.ParseUint(m[2], 0, 64)
				if b <= a {
					t.Errorf("empty pc range %s..%s", m[1], m[2])
				}
			}
			if strings.HasPrefix(name, "rich") {
				for _, want := range []string{"DW_AT_bit_size\t(0x1e)", "DW_AT_bit_offset\t(0x02)", `"rec_t"`, "DW_TAG_union_type", "DW_TAG_subroutine_type", "DW_TAG_const_type", "DW_AT_address_class\t(0x08)", "DW_AT_address_class\t(0x04)", "DW_AT_address_class\t(0x06)", "DW_AT_address_class\t(0x05)"} {
					if !strings.Contains(dump, want) {
						t.Errorf("llvm-dwarfdump shows no %s", want)
					}
				}
			}
		})
	}
}

// nvccPrograms are compiled with nvcc -G; the reader must decode their
// debug sections as llvm-dwarfdump decodes the cubin ptxas makes of them.
var nvccPrograms = []string{
	`struct S { int a:3; int b:5; float f; };
__device__ __noinline__ int foo(int i, int j) { return i + j; }
__global__ void test(int *p, S s) { __shared__ int sh[4]; sh[0] = s.a; *p = foo(1, 2) + sh[0]; }
`,
	`#include <cuda_fp16.h>
typedef struct { double d; char c[3]; } T;
union U { int i; float f; };
__constant__ float coef[8];
__device__ T gt;
enum Color { Red, Green = 5 };
__device__ float apply(float (*f)(float), float x) { return f(x); }
__device__ float sq(float x) { return x * x; }
__global__ void k(const float4 *in, float *out, U u, Color c, int n) {
	extern __shared__ float buf[];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float4 v = in[i];
		buf[threadIdx.x] = v.x + coef[i & 7] + u.f + (float)c;
		__syncthreads();
		out[i] = apply(sq, buf[threadIdx.x]) + (float)gt.d;
	}
}
`,
	`template <typename T> __device__ T twice(T x) { return x + x; }
namespace ns { struct P { long long a; unsigned short b; }; }
__global__ void t(ns::P *p, volatile int *flag, double *d) {
	int local[5];
	for (int j = 0; j < 5; j++) local[j] = twice(j);
	p->a = local[threadIdx.x % 5];
	*flag = 1;
	*d = twice(*d);
}
`,
	`#include <cstdio>
class Acc {
public:
	__device__ Acc(int s) : sum(s) {}
	__device__ void add(const int &v) { sum += v; }
	__device__ int get() const { return sum; }
private:
	int sum;
};
__global__ void acc(int *out, cudaTextureObject_t tex, unsigned long long *cnt) {
	Acc a(threadIdx.x);
	for (int j = 0; j < 3; j++) { int &r = out[j]; a.add(r); }
	atomicAdd(cnt, 1ULL);
	out[0] = a.get() + (int)tex1Dfetch<float>(tex, 0);
	if (threadIdx.x == 0) printf("%d\n", a.get());
}
`,
	`struct alignas(16) V { float x, y, z; };
__device__ __forceinline__ float dot(V a, V b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
extern "C" __global__ void cfun(V *v, bool *flag, char c, short s, long l) {
	{ float d = dot(v[0], v[1]); v[2].x = d; }
	*flag = depth(c + s + (int)l) > 3;
}
`,
}

// nvccFlavours are the nvcc configurations TestOracleNvcc compiles with
// -G (nvcc 11.8 has no 32-bit mode for sm_90).
var nvccFlavours = []struct {
	m    int
	arch string
}{{64, "sm_52"}, {64, "sm_70"}, {64, "sm_90"}, {32, "sm_52"}, {32, "sm_70"}}

// TestOracleNvcc compiles the nvccPrograms and the sources of the PTX
// parser's corpus (ptx/parser/testdata/cu) with nvcc -G for -m64 and -m32
// and each architecture of nvccFlavours. The reader must decode every
// file, and decode the DIEs that llvm-dwarfdump-14 decodes in the cubin
// ptxas -g makes of it.
func TestOracleNvcc(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	srcs := map[string][]byte{}
	for i, p := range nvccPrograms {
		srcs[fmt.Sprintf("prog%d.cu", i)] = []byte(p)
	}
	cus, _ := filepath.Glob("../ptx/parser/testdata/cu/*.cu")
	if len(cus) == 0 {
		t.Fatal("no ../ptx/parser/testdata/cu sources")
	}
	for _, c := range cus {
		srcs[filepath.Base(c)] = mustRead(t, c)
	}
	names := slices.Sorted(maps.Keys(srcs))
	llvm := oracle.Have(oracle.PTXAS) && oracle.Have(oracle.LLVMDwarfdump)
	if !llvm {
		t.Log("ptxas or llvm-dwarfdump-14 not found: decoding without the comparison")
	}
	var mu sync.Mutex
	var files, units, dies, compared int
	t.Run("flavours", func(t *testing.T) {
		for _, fl := range nvccFlavours {
			t.Run(fmt.Sprintf("m%d-%s", fl.m, fl.arch), func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				for _, n := range names {
					if err := os.WriteFile(filepath.Join(dir, n), srcs[n], 0o666); err != nil {
						t.Fatal(err)
					}
				}
				args := append([]string{"-ptx", "-G", oracle.MArg(fl.m), "-arch=" + fl.arch}, names...)
				if _, err := oracle.Run(dir, oracle.NVCC, args...); err != nil {
					t.Fatal(err)
				}
				for _, n := range names {
					file := strings.TrimSuffix(n, ".cu") + ".ptx"
					ptx := mustRead(t, filepath.Join(dir, file))
					us, err := ReadPTX(file, ptx)
					if err != nil {
						t.Errorf("%v", err)
						continue
					}
					n := 0
					for _, u := range us {
						n += u.Root.Count()
					}
					if len(us) == 0 || n < 5 {
						t.Errorf("%s: %d units, %d DIEs", file, len(us), n)
					}
					agree := 0
					if llvm {
						ours, _ := checkAgainstLLVM(t, file, string(ptx), false)
						agree = len(dieSummary(ours))
					}
					if *verbose {
						t.Logf("%s: %d DIEs", file, n)
					}
					mu.Lock()
					files++
					units += len(us)
					dies += n
					compared += agree
					mu.Unlock()
				}
			})
		}
	})
	t.Logf("nvcc -G: %d files (%d programs, %d flavours) decoded: %d units, %d DIEs; %d DIEs agree with llvm-dwarfdump-14",
		files, len(names), len(nvccFlavours), units, dies, compared)
}
