package cfront

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestOracleValid checks that what the golden tests accept is CUDA: nvcc
// compiles every testdata/*.cu, for -m64 and -m32, in one invocation each.
func TestOracleValid(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	files, _ := filepath.Glob("testdata/*.cu")
	inc, _ := filepath.Abs("testdata/include")
	var abs []string
	for _, f := range files {
		a, _ := filepath.Abs(f)
		abs = append(abs, a)
	}
	for _, addr := range []int{64, 32} {
		dir := t.TempDir()
		args := append([]string{oracle.MArg(addr), "-ptx", "-I", inc}, abs...)
		if _, err := oracle.Run(dir, oracle.NVCC, args...); err != nil {
			t.Errorf("nvcc rejects an input that cfront accepts: %v", err)
		}
	}
	t.Logf("%d valid inputs compiled by nvcc for -m64 and -m32", len(files))
}

var nvccErrorRx = regexp.MustCompile(`(?m)^[^\n(]*\((\d+)\): error`)

// TestOracleInvalid checks that nvcc rejects each line of
// testdata/errors/nvcc*.cu marked ERROR, and no other line (TestErrors
// checks that cfront reports the same lines). One nvcc run per file.
func TestOracleInvalid(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	files, _ := filepath.Glob("testdata/errors/nvcc*.cu")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	cases := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]bool{}
		for i, l := range strings.Split(string(src), "\n") {
			if errorRx.MatchString(l) {
				want[i+1] = true
			}
		}
		cases += len(want)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "in.cu"), src, 0o666); err != nil {
			t.Fatal(err)
		}
		_, err = oracle.Run(dir, oracle.NVCC, "-m64", "-ptx", "in.cu")
		if err == nil {
			t.Errorf("%s: nvcc accepts it", file)
			continue
		}
		got := map[int]bool{}
		for _, m := range nvccErrorRx.FindAllStringSubmatch(err.Error(), -1) {
			n, _ := strconv.Atoi(m[1])
			got[n] = true
		}
		for l := range want {
			if !got[l] {
				t.Errorf("%s:%d: nvcc reports no error here", file, l)
			}
		}
		for l := range got {
			if !want[l] {
				t.Errorf("%s:%d: nvcc reports an error not marked ERROR", file, l)
			}
		}
	}
	t.Logf("%d invalid declarations rejected by both nvcc and cfront", cases)
}

// TestOracleVectorAlign checks the alignment of every built-in vector
// type against nvcc: one generated file of static_asserts per address size.
func TestOracleVectorAlign(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	n := 0
	for _, addr := range []int{64, 32} {
		tg := target.Default
		tg.AddressSize = addr
		var b strings.Builder
		for _, e := range vectorElems {
			for l := 1; l <= 4; l++ {
				name := e.prefix + strconv.Itoa(l)
				v := BuiltinType(tg, name).(*ctypes.Vector)
				fmt.Fprintf(&b, "static_assert(alignof(%s) == %d, \"%s\");\n", name, v.Align, name)
				n++
			}
		}
		oracle.CompilePTX(t, b.String(), addr)
	}
	t.Logf("%d vector alignments confirmed by nvcc", n)
}
