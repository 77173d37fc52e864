package cfront

import (
	"go/token"
	"testing"

	"github.com/ptxabi/ptxabi/internal/bench"

	"github.com/ptxabi/ptxabi/cfront/internal/gen"
	"github.com/ptxabi/ptxabi/cfront/pp"
)

// BenchmarkParseHeader reads a generated header of some 2 MB (gen.Header):
// the front end's throughput (preprocessor and declaration parser) on
// input the size of a big interop header, C declarations (C) and the same
// with C++ classes, namespaces and a class template in each group (C++).
// Run it on one core:
//
//	go test -run '^$' -bench ParseHeader -benchmem -cpu 1 ./cfront
func BenchmarkParseHeader(b *testing.B) {
	for _, bb := range gen.Inputs() {
		b.Run(bb.Name, func(b *testing.B) {
			if _, err := ParseFile(testConfig(64), token.NewFileSet(), "gen.h", bb.Src); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(bb.Src)))
			b.ReportAllocs()
			cpu0 := bench.CPUTime()
			for b.Loop() {
				if _, err := ParseFile(testConfig(64), token.NewFileSet(), "gen.h", bb.Src); err != nil {
					b.Fatal(err)
				}
			}
			gen.ReportCPU(b, len(bb.Src), cpu0)
		})
	}
}

// BenchmarkParser is the declaration parser alone, on the tokens of the C
// header of BenchmarkParseHeader (preprocessed once, before timing).
func BenchmarkParser(b *testing.B) {
	src := gen.Header(1500, false)
	cfg := testConfig(64)
	fset := token.NewFileSet()
	p := pp.New(&pp.Config{IncludeDirs: cfg.IncludeDirs}, fset)
	for _, m := range pp.Predefined(cfg.Target) {
		p.Define(m.Name, m.Body)
	}
	p.Push("gen.h", src)
	if err := p.PushBuiltin("cuda_runtime.h"); err != nil {
		b.Fatal(err)
	}
	toks := p.Tokens()
	if err := p.Err(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := bench.CPUTime()
	for b.Loop() {
		d := &diag{fset: fset}
		ps := newParser(cfg, cfg.Target, d, toks)
		ps.parseFile()
		if len(d.errs) > 0 {
			b.Fatal(d.errs)
		}
	}
	gen.ReportCPU(b, len(src), cpu0)
}
