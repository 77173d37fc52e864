// Package params defines the "params" check: the types of parameters and
// return values of .func, .entry and .callprototype declarations (guide
// §2.3).
package params

import (
	"fmt"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/vet"
)

// Analyzer is the params check.
var Analyzer = &vet.Analyzer{
	Name: "params",
	Doc: `parameter and return types against guide §2.3

An aggregate parameter ".param .align A .b8 x[N]" must have A in
{1, 2, 4, 8, 16, 32, 64, 128} (note D). No parameter or return value has a
16-bit floating-point type (.f16, .f16x2, .bf16, .bf16x2; note C). An
integral scalar parameter or return value of a .func is at least 32 bits
wide (note A: narrower values are extended to 32 bits); .entry
parameters are exempt, as nvcc declares them unpromoted. A texture,
sampler or surface is passed to a .func as a .b64 handle, never as
.texref, .samplerref or .surfref (note E).

N need not be a multiple of A: clang-14 declares a __half parameter as
".param .align 4 .b8 p[2]", which is valid PTX.`,
	Run: run,
}

// narrow are the integral types narrower than 32 bits.
var narrow = map[string]bool{".b8": true, ".u8": true, ".s8": true, ".b16": true, ".u16": true, ".s16": true}

// opaque are the opaque types of note E.
var opaque = map[string]bool{".texref": true, ".samplerref": true, ".surfref": true}

var validAligns = map[int]bool{1: true, 2: true, 4: true, 8: true, 16: true, 32: true, 64: true, 128: true}

func run(pass *vet.Pass) error {
	for _, d := range pass.Module.AST.Decls {
		f, ok := d.(*ast.Function)
		if !ok {
			continue
		}
		kind := ".func"
		if f.Entry {
			kind = ".entry"
		}
		check(pass, kind, f.Name, false, f.Params)
		check(pass, kind, f.Name, true, f.Return)
		if f.Body != nil {
			vet.Inspect(f.Body, func(s ast.Stmt, _ []*ast.Block) {
				if p, ok := s.(*ast.Prototype); ok {
					check(pass, ".callprototype", p.Name, false, p.Params)
					check(pass, ".callprototype", p.Name, true, p.Return)
				}
			})
		}
	}
	return nil
}

func check(pass *vet.Pass, kind, name string, ret bool, list []*ast.Variable) {
	what := "parameter"
	if ret {
		what = "return value"
	}
	for _, v := range list {
		if v.Space != ".param" && v.Space != "" {
			continue
		}
		for _, d := range v.Names {
			// The subject of a report, made only for one.
			subject := func() string { return fmt.Sprintf("%s %s of %s %s", what, d.Name, kind, name) }
			array := len(d.Dims) > 0
			switch {
			case array && v.Align != 0 && !validAligns[v.Align]:
				pass.Reportf(v.Start, "%s: alignment %d is not 1, 2, 4, 8, 16, 32, 64 or 128 (guide §2.3 note D)", subject(), v.Align)
			case !array && v.Vector == 0 && abi.ValidScalarParamType(v.Type) != nil:
				pass.Reportf(v.Start, "%s has type %s: 16-bit floating-point types cannot type a parameter or return value (guide §2.3 note C)", subject(), v.Type)
			case !array && v.Vector == 0 && kind != ".entry" && narrow[v.Type]:
				pass.Reportf(v.Start, "%s has type %s: integral values narrower than 32 bits are passed as 32-bit values (guide §2.3 note A)", subject(), v.Type)
			case kind != ".entry" && opaque[v.Type]:
				pass.Reportf(v.Start, "%s has type %s: textures, samplers and surfaces are passed as .b64 handles (guide §2.3 note E)", subject(), v.Type)
			}
		}
	}
}
