package printer

// SetPieces sets the least size of a piece of Format's cutting of big
// files (formatPieces), the goroutines that format them and the pieces
// for each, and returns a function that puts them back.
func SetPieces(min, procs, per int) (restore func()) {
	m, f, k := minPiece, maxProcs, piecesPer
	minPiece, maxProcs, piecesPer = min, func(int) int { return procs }, per
	return func() { minPiece, maxProcs, piecesPer = m, f, k }
}
