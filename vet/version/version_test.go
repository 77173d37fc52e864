package version_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/version"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestVersion(t *testing.T) {
	for _, f := range []string{"testdata/version.ptx", "testdata/sm.ptx", "testdata/old.ptx"} {
		t.Run(f, func(t *testing.T) { vettest.Run(t, version.Analyzer, f) })
	}
}
