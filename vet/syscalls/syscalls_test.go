package syscalls_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/syscalls"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestSyscalls(t *testing.T) {
	for _, f := range []string{"testdata/m64.ptx", "testdata/m32.ptx"} {
		t.Run(f, func(t *testing.T) { vettest.Run(t, syscalls.Analyzer, f) })
	}
}
