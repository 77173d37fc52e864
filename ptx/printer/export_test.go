package printer

// SetPieces sets the least size of a piece and the most pieces of
// Format's cutting of big files (formatPieces), and returns a function
// that puts them back.
func SetPieces(min, most int) (restore func()) {
	m, f := minPiece, maxPieces
	minPiece, maxPieces = min, func(int) int { return most }
	return func() { minPiece, maxPieces = m, f }
}
