package parser

// NoFast turns the fast paths of fast.go off, for the tests that compare
// them with the general parser.
var NoFast = &noFast

// CheckCanon is checkCanon: on in the tests, off in the benchmarks.
var CheckCanon = &checkCanon

func init() { checkCanon = true }
