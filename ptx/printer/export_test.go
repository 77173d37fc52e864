package printer

// SetPieces sets the least size of a piece of Format's cutting of big
// files (formatPieces), the goroutines that format them and the pieces
// for each, and returns a function that puts them back.
func SetPieces(min, procs, per int) (restore func()) {
	m, f, k := minPiece, maxProcs, piecesPer
	minPiece, maxProcs, piecesPer = min, func(int) int { return procs }, per
	return func() { minPiece, maxProcs, piecesPer = m, f, k }
}

// SetChunks sets the size of the chunks that the pieces of FormatPieces
// print into, the first included, and the room kept after each line, and
// returns a function that puts them back.
func SetChunks(chunk, line int) (restore func()) {
	c, f, l := chunkSize, firstChunk, lineRoom
	chunkSize, firstChunk, lineRoom = chunk, func(int) int { return chunk }, line
	return func() { chunkSize, firstChunk, lineRoom = c, f, l }
}
