// Package all lists every check of ptxabi vet, in the order of the
// guide's chapters.
package all

import (
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/atomics"
	"github.com/ptxabi/ptxabi/vet/calls"
	"github.com/ptxabi/ptxabi/vet/debuginfo"
	"github.com/ptxabi/ptxabi/vet/params"
	"github.com/ptxabi/ptxabi/vet/printf"
	"github.com/ptxabi/ptxabi/vet/syscalls"
	"github.com/ptxabi/ptxabi/vet/version"
)

// Analyzers are the checks, in the order of the guide's chapters.
var Analyzers = []*vet.Analyzer{
	version.Analyzer,
	params.Analyzer,
	syscalls.Analyzer,
	printf.Analyzer,
	calls.Analyzer,
	atomics.Analyzer,
	debuginfo.Analyzer,
}
