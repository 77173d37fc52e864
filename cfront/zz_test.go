package cfront

import (
	"go/token"
	"testing"

	"github.com/ptxabi/ptxabi/cfront/pp"
	"github.com/ptxabi/ptxabi/target"
)

func BenchmarkPPOnly(b *testing.B) {
	src := genHeader(1500, false)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		p := pp.New(nil, token.NewFileSet())
		for _, m := range pp.Predefined(target.Default) {
			p.Define(m.Name, m.Body)
		}
		p.Push("gen.h", src)
		n = len(p.All())
	}
	b.ReportMetric(float64(n), "toks")
}
