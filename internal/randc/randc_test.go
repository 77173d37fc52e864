package randc

import (
	"os"
	"testing"
)

// TestGenerateDeterministic: the same seed gives the same program, and
// different seeds different ones.
func TestGenerateDeterministic(t *testing.T) {
	a := Generate(7, "p7", AllFeatures)
	b := Generate(7, "p7", AllFeatures)
	c := Generate(8, "p7", AllFeatures)
	if a.Body != b.Body {
		t.Fatal("seed 7 gave two programs")
	}
	if a.Body == c.Body {
		t.Fatal("seeds 7 and 8 gave the same program")
	}
	if d := os.Getenv("RANDC_DUMP"); d != "" {
		os.WriteFile(d, []byte(a.Source()), 0o666)
	}
}
