package parser

// NoFast turns the fast paths of fast.go off, for the tests that compare
// them with the general parser.
var NoFast = &noFast
