package params_test

import (
	"testing"

	"github.com/ptxabi/ptxabi/vet/params"
	"github.com/ptxabi/ptxabi/vet/vettest"
)

func TestParams(t *testing.T) { vettest.Run(t, params.Analyzer, "testdata/params.ptx") }
