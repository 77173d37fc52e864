package printer_test

import (
	"bytes"
	"fmt"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bigmem"
	"github.com/ptxabi/ptxabi/ptx/parser"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// TestFormatPieces checks that the pieces FormatPieces emits join to what
// String prints of the parsed tree, or that it fails as ParseFile does, over the golden inputs
// and the parser's corpus cut at every line "}" after 64 bytes, with dst
// of no room, of too little and of enough, in chunks of the usual size
// and in chunks so small that a piece's printer takes a new one at almost
// every line; the files as they are, cut short, and with comments and
// blank lines put in (see TestFormatStream); and that a file cut in
// pieces is emitted in more than one.
func TestFormatPieces(t *testing.T) {
	defer printer.SetPieces(64, 3, 5)()
	t.Run("chunks", testFormatPieces)
	defer printer.SetChunks(16, 8)()
	t.Run("small chunks", testFormatPieces)
}

func testFormatPieces(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ptx")
	corpus, _ := filepath.Glob("../parser/testdata/corpus/*.ptx")
	several := false
	for _, f := range append(files, corpus...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for k, src := range [][]byte{data, data[:len(data)/2], withComments(r, data), withBlanks(r, data)} {
			// What the printer prints of the tree, which goes through
			// no pieces nor chunks.
			var want []byte
			m, werr := parser.ParseFile(token.NewFileSet(), f, src)
			if werr == nil {
				want = []byte(printer.String(m))
			}
			for _, room := range []int{0, len(src) / 2, 2 * len(src)} {
				var got []byte
				n := 0
				err := printer.FormatPieces(make([]byte, 0, room), f, src, func(b []byte) error {
					got = append(got, b...)
					n++
					return nil
				})
				if fmt.Sprint(err) != fmt.Sprint(werr) {
					t.Fatalf("%s (%d, room %d): FormatPieces: %v\nParseFile: %v", f, k, room, err, werr)
				}
				if err == nil && !bytes.Equal(got, want) {
					t.Fatalf("%s (%d, room %d): FormatPieces and Format differ", f, k, room)
				}
				several = several || err == nil && n > 1
			}
		}
	}
	if !several {
		t.Error("no file was emitted in more than one piece")
	}
}

// TestFormatPiecesEmitError checks that an error of emit stops
// FormatPieces, which returns it.
func TestFormatPiecesEmitError(t *testing.T) {
	defer printer.SetPieces(64, 3, 5)()
	src, err := os.ReadFile("../parser/testdata/corpus/nvcc-m64-G-sm_70-half.ptx")
	if err != nil {
		t.Skip(err)
	}
	stop := fmt.Errorf("stop")
	calls := 0
	err = printer.FormatPieces(nil, "f.ptx", src, func([]byte) error {
		calls++
		return stop
	})
	if err != stop || calls != 1 {
		t.Errorf("FormatPieces: %v after %d calls of emit, want %v after 1", err, calls, stop)
	}
}

// TestFormatPiecesShrunk checks that a mapped file that shrinks while it
// is formatted gives an error, not a crash, in pieces and whole.
func TestFormatPiecesShrunk(t *testing.T) {
	body := ".version 7.8\n.target sm_70\n.address_size 64\n" +
		strings.Repeat(".visible .entry k()\n{\n\tret;\n}\n", 100000)
	for _, pieces := range []bool{true, false} {
		restore := printer.SetPieces(1<<30, 1, 1) // whole
		if pieces {
			printer.SetPieces(1<<16, 2, 4)
		}
		name := filepath.Join(t.TempDir(), "k.ptx")
		if err := os.WriteFile(name, []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
		src, err := bigmem.MapFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(name, 0); err != nil {
			t.Fatal(err)
		}
		err = printer.FormatPieces(nil, name, src, func([]byte) error { return nil })
		bigmem.Free(src)
		restore()
		if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
			t.Errorf("pieces %v: FormatPieces of a file truncated: %v", pieces, err)
		}
	}
}
