package parser_test

import "github.com/ptxabi/ptxabi/internal/astdiff"

// diffTrees compares two syntax trees ignoring positions and returns a
// description of the first difference, or "".
func diffTrees(a, b any) string {
	return astdiff.Diff(a, b, "module", astdiff.Options{})
}
