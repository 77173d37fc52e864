package pp

import (
	"go/token"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bench"

	"github.com/ptxabi/ptxabi/cfront/internal/gen"
	"github.com/ptxabi/ptxabi/target"
)

// BenchmarkPreprocess preprocesses the generated headers of cfront's
// BenchmarkParseHeader (gen.Header, some 2 MB each) to a token slice, as
// cfront.ParseFile does. Run it on one core:
//
//	go test -run '^$' -bench Preprocess -benchmem -cpu 1 ./cfront/pp
func BenchmarkPreprocess(b *testing.B) {
	for _, bb := range gen.Inputs() {
		b.Run(bb.Name, func(b *testing.B) {
			b.SetBytes(int64(len(bb.Src)))
			b.ReportAllocs()
			n := 0
			cpu0 := bench.CPUTime()
			for b.Loop() {
				p := New(nil, token.NewFileSet())
				for _, m := range Predefined(target.Default) {
					p.Define(m.Name, m.Body)
				}
				p.Push("gen.h", bb.Src)
				n = len(p.Tokens().List)
				if err := p.Err(); err != nil {
					b.Fatal(err)
				}
			}
			gen.ReportCPU(b, len(bb.Src), cpu0)
			b.ReportMetric(float64(n), "tokens")
		})
	}
}

// BenchmarkLex is the lexer alone on the C header.
func BenchmarkLex(b *testing.B) {
	src := gen.Header(1500, false)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := bench.CPUTime()
	for b.Loop() {
		f := newSrcFile(token.NewFileSet(), "gen.h", src, false)
		l := newLexer(f)
		for l.next().Kind != EOF {
		}
	}
	gen.ReportCPU(b, len(src), cpu0)
}
