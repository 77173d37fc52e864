package syscall

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ptx/ast"
	"github.com/ptxabi/ptxabi/ptx/printer"
)

// FuzzLowering builds printf, assert, malloc and free calls from a format,
// operands (separated by ';') and bytes choosing each argument's type,
// register type and state space. The lowerings must never panic; a printf
// that lowers has a format the decoder reads within the buffer, and every
// module that lowers parses back as printed.
func FuzzLowering(f *testing.F) {
	f.Add("%d %f %s\n", "%r1;0d3FF0000000000000;%rd2", []byte{5, 0, 0, 13, 0, 0, 20, 0, 1}, true)
	f.Add("%c%lld%p", "300;-1;gvar", []byte{0, 0, 0, 9, 2, 0, 21, 0, 1}, false)
	f.Add("%*.*e|%%|%hhx", "7;%r2;0f3F800000;%h1", []byte{5, 0, 0, 5, 1, 0, 12, 3, 0, 0, 2, 0}, true)
	f.Add("x", "{%rd1, 5};%p1", []byte{22, 0, 0, 11, 3, 0}, true)
	regTypes := []string{"", ".b32", ".s16", ".pred", ".f64", ".b64", ".u8"}
	spaces := []ctypes.Space{ctypes.GenericSpace, ctypes.GlobalSpace, ctypes.SharedSpace, ctypes.ConstSpace, ctypes.LocalSpace, ctypes.ParamSpace}
	f.Fuzz(func(t *testing.T, format, ops string, sel []byte, m64 bool) {
		tg := t32
		if m64 {
			tg = t64
		}
		var args []Arg
		for i, op := range strings.Split(ops, ";") {
			if 3*i+2 >= len(sel) || i > MaxPrintfArgs {
				break
			}
			args = append(args, Arg{
				Type:    argKinds[int(sel[3*i])%len(argKinds)].t,
				Operand: op,
				RegType: regTypes[int(sel[3*i+1])%len(regTypes)],
				Space:   spaces[int(sel[3*i+2])%len(spaces)],
			})
		}
		b := NewBuilder(tg)
		var scopes []ast.Stmt
		if blk, err := b.Printf(format, args, "%r0"); err == nil {
			scopes = append(scopes, blk)
			var types []ctypes.Type
			for _, a := range args {
				types = append(types, a.Type)
			}
			buf, err := PackPrintf(tg, types)
			if err != nil {
				t.Fatalf("Printf lowered arguments that PackPrintf rejects: %v", err)
			}
			if _, err := DecodeVprintf(format, make([]byte, buf.Size), tg); err != nil {
				t.Fatalf("Printf accepted format %q that the decoder rejects with %d bytes: %v", format, buf.Size, err)
			}
		}
		if len(args) > 0 {
			if blk, err := b.Assert(Assertion{Cond: args[0], Message: format, File: ops, Line: int64(len(sel))}); err == nil {
				scopes = append(scopes, blk)
			}
			if blk, err := b.Malloc(args[0], "%rd0"); err == nil {
				scopes = append(scopes, blk)
			}
			if blk, err := b.Free(args[len(args)-1]); err == nil {
				scopes = append(scopes, blk)
			}
		}
		roundTrip(t, "fuzz", printer.String(module(b, kernel("k", scopes...))))
	})
}
