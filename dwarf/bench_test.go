package dwarf

import (
	"io"
	"testing"
)

// BenchmarkReadGuide measures parsing the guide's example, decoding its
// sections and dumping them.
func BenchmarkReadGuide(b *testing.B) {
	src := mustRead(b, "testdata/guide_example.ptx")
	for b.Loop() {
		units, err := ReadPTX("g.ptx", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := Dump(io.Discard, units); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteGuide measures laying out the guide's example and printing
// its sections as PTX.
func BenchmarkWriteGuide(b *testing.B) {
	u := guideUnit(b)
	for b.Loop() {
		secs, err := u.Sections()
		if err != nil {
			b.Fatal(err)
		}
		_ = Text(secs)
	}
}
