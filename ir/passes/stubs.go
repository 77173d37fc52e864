package passes

import "github.com/ptxabi/ptxabi/ir"

func SCCP(f *ir.Func)           {}
func DCE(f *ir.Func)            {}
func AddrSpace(f *ir.Func)      {}
func CSE(f *ir.Func)            {}
func LICM(f *ir.Func)           {}
func StrengthReduce(f *ir.Func) {}
