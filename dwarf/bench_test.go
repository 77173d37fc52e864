package dwarf

import (
	"go/token"
	"io"
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bench"

	"github.com/ptxabi/ptxabi/internal/wcl"
	"github.com/ptxabi/ptxabi/ptx/parser"
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

// BenchmarkReadPTX measures what ptxabi dwarf does with a big nvcc -G
// file: ReadPTX (parse, flatten, decode) and Dump. The file is the one
// named by $PTXABI_BENCH_PTX (scripts/bench-ptx.sh makes a 10 MB one),
// or else the carried nvcc -G file with the most debug information. Its
// units/size is the heap the decoded units hold, as a multiple of the
// file's size; x-wc-l is the time over that of wc -l on the file.
func BenchmarkReadPTX(b *testing.B) {
	name := os.Getenv("PTXABI_BENCH_PTX")
	if name == "" {
		name = "../ptx/parser/testdata/corpus/nvcc-m64-G-sm_70-globals.ptx"
	}
	src := mustRead(b, name)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var held uint64
	for i := 0; b.Loop(); i++ {
		var before uint64
		if i == 0 {
			before = bench.HeapAlloc()
		}
		units, err := ReadPTX(name, src)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			held = bench.HeapAlloc() - before
		}
		if err := Dump(io.Discard, units); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(held)/float64(len(src)), "units/size")
	wcl.Report(b, name)
}

// BenchmarkReadModule measures decoding the debug sections of a parsed
// module (ReadModule), as a checker holding the tree does, against
// FromModule and File.Read; MB/s is of the PTX file.
func BenchmarkReadModule(b *testing.B) {
	name := os.Getenv("PTXABI_BENCH_PTX")
	if name == "" {
		name = "../ptx/parser/testdata/corpus/nvcc-m64-G-sm_70-globals.ptx"
	}
	src := mustRead(b, name)
	fset := token.NewFileSet()
	m, err := parser.ParseFile(fset, name, src)
	if err != nil {
		b.Fatal(err)
	}
	for _, way := range []string{"ReadModule", "FromModule"} {
		b.Run(way, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if way == "ReadModule" {
					_, err = ReadModule(fset, m)
				} else {
					var f *File
					if f, err = FromModule(fset, m); err == nil {
						_, err = f.Read()
					}
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
