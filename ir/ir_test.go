package ir

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestRoundTrip parses every testdata/*.ir, checks it, and compares its
// printed form with the golden .golden file; the printed form parses back
// to itself.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ir")
	if len(files) == 0 {
		t.Fatal("no testdata/*.ir")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(file, string(src), target.Default)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckModule(m); err != nil {
				t.Fatal(err)
			}
			out := m.String()
			golden := strings.TrimSuffix(file, ".ir") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(out), 0o666)
			}
			want, _ := os.ReadFile(golden)
			if out != string(want) {
				t.Errorf("printed form differs from %s:\n%s", golden, out)
			}
			m2, err := Parse("printed", out, target.Default)
			if err != nil {
				t.Fatalf("printed form does not parse: %v\n%s", err, out)
			}
			if out2 := m2.String(); out2 != out {
				t.Errorf("print(parse(print)) differs:\n%s\nthen\n%s", out, out2)
			}
		})
	}
}
