package cc

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestMutants compiles corpus programs with a line deleted, duplicated or
// cut short (deterministic, a few per program): the compiler returns PTX
// or an error, never panics. (FuzzCompile explores further.)
func TestMutants(t *testing.T) {
	n := 6
	if os.Getenv("CC_MUTANTS") != "" {
		fmt.Sscan(os.Getenv("CC_MUTANTS"), &n)
	}
	if testing.Short() {
		n = 2
	}
	var files []string
	for _, dir := range []string{"../internal/kernels/testdata", "testdata/corpus"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.cu"))
		files = append(files, fs...)
	}
	rng := rand.New(rand.NewSource(1))
	count, rejected := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(src, []byte("\n"))
		for k := 0; k < n; k++ {
			i := rng.Intn(len(lines))
			var out [][]byte
			out = append(out, lines[:i]...)
			switch k % 3 {
			case 0: // delete line i
			case 1: // duplicate it
				out = append(out, lines[i], lines[i])
			case 2: // cut it short
				l := lines[i]
				out = append(out, l[:rng.Intn(len(l)+1)])
			}
			out = append(out, lines[min(i+1, len(lines)):]...)
			mut := bytes.Join(out, []byte("\n"))
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s mutant %d (line %d): panic: %v\n%s", file, k, i+1, r, debug.Stack())
					}
				}()
				count++
				if _, err := Compile(&Config{Opt: 3, Check: true}, file, mut); err != nil {
					rejected++
					if strings.Contains(err.Error(), "internal error") {
						t.Errorf("%s mutant %d (line %d): %v", file, k, i+1, err)
					}
				}
			}()
		}
	}
	t.Logf("%d mutants compiled without a panic (%d rejected with an error)", count, rejected)
}
