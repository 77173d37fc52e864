package calls_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/calls"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestCalls(t *testing.T) { vettest.Run(t, calls.Analyzer, "testdata/calls.ptx") }

// TestExtern checks two modules together: each disagreement is reported
// at the .extern declaration with the definition in the other module as
// related information.
func TestExtern(t *testing.T) {
	diags := vettest.Run(t, calls.Analyzer, "testdata/a.ptx", "testdata/b.ptx")
	if len(diags) != 5 {
		t.Errorf("%d diagnostics, want 5", len(diags))
	}
	for _, d := range diags {
		if len(d.Related) != 1 || !d.Related[0].Pos.IsValid() {
			t.Errorf("%s: want the definition's position as related information", d.Message)
		}
	}
}

// TestLinkErrors: a link error of package ptx/link (a name defined twice)
// is reported at the position it names, with the other one related.
func TestLinkErrors(t *testing.T) {
	diags := vettest.Run(t, calls.Analyzer, "testdata/dup1.ptx", "testdata/dup2.ptx")
	if len(diags) != 1 || len(diags[0].Related) != 1 {
		t.Errorf("want one diagnostic with a related position: %v", diags)
	}
}
