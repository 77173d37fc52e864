package cfront

import (
	"flag"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	mutSeed  = flag.Int64("mutseed", 1, "seed of TestMutations")
	mutCount = flag.Int("mutcount", 1500, "number of inputs TestMutations tries")
)

// TestMutations parses randomly damaged copies of the test inputs
// (deterministic for a seed): the front end must report errors, never
// panic or fail an invariant.
func TestMutations(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.cu")
	e2, _ := filepath.Glob("testdata/errors/*.cu")
	files = append(files, e2...)
	var srcs [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	r := rand.New(rand.NewSource(*mutSeed))
	const alphabet = "(){}[];:,#*&<>=\n x1\"'\\"
	for n := 0; n < *mutCount; n++ {
		src := append([]byte(nil), srcs[r.Intn(len(srcs))]...)
		for k := 0; k < 1+r.Intn(5); k++ {
			i := r.Intn(len(src))
			switch r.Intn(3) {
			case 0:
				src = append(src[:i], src[min(len(src), i+1+r.Intn(8)):]...)
			case 1:
				src[i] = alphabet[r.Intn(len(alphabet))]
			case 2:
				j := r.Intn(len(src))
				src = append(src[:i], append(append([]byte(nil), src[j:min(len(src), j+10)]...), src[i:]...)...)
			}
			if len(src) == 0 {
				src = []byte("x")
			}
		}
		cfg := testConfig(64)
		_, err := ParseFile(cfg, token.NewFileSet(), "testdata/mutated.cu", src)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("seed %d input %d: %v\ninput:\n%s", *mutSeed, n, err, src)
		}
	}
}
