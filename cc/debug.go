package cc

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/dwarf"
	"github.com/ptxabi/ptxabi/ir"
	ptxast "github.com/ptxabi/ptxabi/ptx/ast"
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

// live reports whether v is still a value of f.
func live(f *ir.Func, v *ir.Value) bool {
	return v.Block != nil && v.Block.Func == f && v.Block.IndexOf(v) >= 0
}

// addDebugInfo adds to mod what -g adds (guide chapter 5): "debug" on
// .target, the labels func_beginN and func_endN bracketing each
// function's code, and the .debug_info and .debug_abbrev sections of a
// compile unit with one subprogram per function, a kernel's formal
// parameters located at their .param symbols (address class
// ADDR_param_space, §5.2), a .func's at their local copies at -O0
// (ADDR_local_space; in registers above -O0, with no location), and its locals (ADDR_local_space; at -O0 located at their .local
// symbols, which ptxas turns into frame offsets; above -O0 they live in
// registers and have no location), types from package layout.
func (c *unit) addDebugInfo(mod *ptxast.Module, filename string) error {
	for _, d := range mod.Decls {
		if t, ok := d.(*ptxast.Target); ok {
			t.Names = append(t.Names, "debug")
		}
	}
	dir, _ := os.Getwd()
	if abs, err := filepath.Abs(filename); err == nil {
		dir = filepath.Dir(abs)
	}
	cu := dwarf.NewCompileUnit("ptxabi cc", dwarf.LangCPlusPlus, filepath.Base(filename), dir)
	types := &dwarf.Types{Sizes: dwarf.LayoutSizes(c.lay), Parent: cu}
	byName := map[string]*funcDebug{}
	for _, fd := range c.debug {
		byName[fd.fn.Name] = fd
	}
	n := 0
	addrBytes := c.addr / 8
	for _, d := range mod.Decls {
		pf, ok := d.(*ptxast.Function)
		if !ok || pf.Body == nil {
			continue
		}
		fd := byName[pf.Name]
		if fd == nil {
			continue
		}
		begin, end := fmt.Sprintf("func_begin%d", n), fmt.Sprintf("func_end%d", n)
		n++
		stmts := pf.Body.Stmts
		i := 0
		for i < len(stmts) {
			if _, ok := stmts[i].(*ptxast.Instruction); ok {
				break
			}
			i++
		}
		out := append([]ptxast.Stmt{}, stmts[:i]...)
		out = append(out, &ptxast.Label{Name: begin})
		out = append(out, stmts[i:]...)
		out = append(out, &ptxast.Label{Name: end})
		pf.Body.Stmts = out

		var result *dwarf.DIE
		if rt := fd.decl.Type.Result; !ctypes.IsVoid(rt) {
			r, err := types.TypeDIE(rt)
			if err != nil {
				return err
			}
			result = r
		}
		linkage := ""
		if pf.Name != fd.decl.Name {
			linkage = pf.Name
		}
		pos := c.fset.Position(fd.decl.Pos)
		sub := dwarf.NewSubprogram(fd.decl.Name, linkage, result, fd.fn.Linkage != abi.Internal, begin, end, pos.Line)
		cu.AddChild(sub)
		first := 0
		if fd.decl.HasThis() {
			first = 1
		}
		for k, p := range fd.body.Params {
			if p.Name == "" {
				continue
			}
			t, err := types.TypeDIE(p.Type)
			if err != nil {
				return err
			}
			if fd.decl.Kind == ctypes.GlobalFunc {
				// A kernel's parameter stays in .param memory.
				loc := dwarf.AddrLoc(fmt.Sprintf("%s_param_%d", pf.Name, k+first), 0, addrBytes)
				sub.AddChild(dwarf.NewVariable(dwarf.TagFormalParameter, p.Name, t, loc, dwarf.AddrParamSpace))
				continue
			}
			// A .func's parameters arrive in registers (ptxas gives every
			// .param symbol of a .func the same address): at -O0 the
			// parameter is at its local copy, otherwise it has no location.
			if slot := fd.slots[p]; slot != nil && slot.Op == ir.OpAlloca && c.cfg.Opt == 0 && live(fd.fn, slot) {
				loc := dwarf.AddrLoc(fmt.Sprintf("__local_%d", slot.ID), 0, addrBytes)
				sub.AddChild(dwarf.NewVariable(dwarf.TagFormalParameter, p.Name, t, loc, dwarf.AddrLocalSpace))
				continue
			}
			sub.AddChild(dwarf.NewDIE(dwarf.TagFormalParameter).
				Add(dwarf.AttrName, dwarf.FormString, p.Name).
				Add(dwarf.AttrType, dwarf.FormRef4, dwarf.Ref{Target: t}).
				Add(dwarf.AttrAddressClass, dwarf.FormData1, uint64(dwarf.AddrRegSpace)))
		}
		for _, v := range fd.body.Locals {
			if v.Name == "" {
				continue
			}
			t, err := types.TypeDIE(v.Type)
			if err != nil {
				return err
			}
			class := dwarf.AddrLocalSpace
			switch v.Space {
			case ctypes.SharedSpace:
				class = dwarf.AddrSharedSpace
			}
			if slot := fd.slots[v]; slot != nil && slot.Op == ir.OpAlloca && c.cfg.Opt == 0 && live(fd.fn, slot) {
				// Kept in local memory (keepDebugSlots): at its symbol.
				loc := dwarf.AddrLoc(fmt.Sprintf("__local_%d", slot.ID), 0, addrBytes)
				sub.AddChild(dwarf.NewVariable(dwarf.TagVariable, v.Name, t, loc, class))
				continue
			}
			sub.AddChild(dwarf.NewDIE(dwarf.TagVariable).
				Add(dwarf.AttrName, dwarf.FormString, v.Name).
				Add(dwarf.AttrType, dwarf.FormRef4, dwarf.Ref{Target: t}).
				Add(dwarf.AttrAddressClass, dwarf.FormData1, uint64(class)))
		}
	}
	u := &dwarf.Unit{AddressSize: addrBytes, Root: cu}
	secs, err := u.Sections()
	if err != nil {
		return err
	}
	for _, s := range dwarf.Nodes(secs) {
		mod.Decls = append(mod.Decls, s)
	}
	return nil
}
