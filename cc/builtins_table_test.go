package cc

import (
	"sort"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/sema"
)

// TestBuiltinTables checks the two halves of the prelude against each
// other: sema.Builtins (the calls the front end marks as built-ins) and
// builtins (how this package lowers them). A lowering of a name sema does
// not mark is dead code; a marked name without a lowering is an error at
// compile time, and must be listed in notLowered with that reason. Every
// marked name is declared by the prelude (the built-in headers with
// __PTXABI_DEVICE_BUILTINS), which gives it its C type.
func TestBuiltinTables(t *testing.T) {
	var unmarked, missing []string
	for n := range builtins {
		if !sema.Builtins[n] {
			unmarked = append(unmarked, n)
		}
	}
	for n := range sema.Builtins {
		if builtins[n] == nil && !notLowered[n] {
			missing = append(missing, n)
		}
	}
	for n := range notLowered {
		if builtins[n] != nil {
			t.Errorf("%s is lowered now: remove it from notLowered", n)
		}
	}
	declared := preludeFuncs(t)
	for n := range headerFuncs(t, "#include <cuda_fp16.h>\n#include <assert.h>\n") {
		declared[n] = true
	}
	var undeclared []string
	for n := range sema.Builtins {
		if !declared[n] {
			undeclared = append(undeclared, n)
		}
	}
	sort.Strings(undeclared)
	if len(undeclared) > 0 {
		t.Errorf("built-ins the prelude does not declare: %q", undeclared)
	}
	sort.Strings(unmarked)
	sort.Strings(missing)
	if len(unmarked) > 0 {
		t.Errorf("lowerings of names sema.Builtins does not mark: %q", unmarked)
	}
	if len(missing) > 0 {
		t.Errorf("built-ins without a lowering (add one, or list them in notLowered): %q", missing)
	}
}

// notLowered are the built-ins sema marks that this package does not
// lower yet: a call of one is the error "built-in NAME is not supported
// by ptxabi cc yet" at its position.
var notLowered = map[string]bool{}
