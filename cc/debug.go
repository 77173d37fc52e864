package cc

import (
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/ir"
)

// funcDebug is what the DWARF writer needs of one function: its IR
// function, declaration and body, and the address of each local
// variable and parameter as lowered (before the passes).
type funcDebug struct {
	fn    *ir.Func
	decl  *ctypes.FuncDecl
	body  *ast.FuncBody
	slots map[*ast.Var]*ir.Value
}
