package atomics_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/atomics"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestAtomics(t *testing.T) {
	for _, f := range []string{"testdata/sm70.ptx", "testdata/sm52.ptx"} {
		t.Run(f, func(t *testing.T) { vettest.Run(t, atomics.Analyzer, f) })
	}
}
