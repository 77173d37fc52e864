package debuginfo_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/debuginfo"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestDebugInfo(t *testing.T) {
	for _, f := range []string{"testdata/good.ptx", "testdata/bad.ptx", "testdata/malformed.ptx"} {
		t.Run(f, func(t *testing.T) { vettest.Run(t, debuginfo.Analyzer, f) })
	}
}
