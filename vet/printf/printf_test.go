package printf_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/printf"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestPrintf(t *testing.T) { vettest.Run(t, printf.Analyzer, "testdata/printf.ptx") }
