package dwarf

// Constructors for the DIEs a PTX producer writes (guide §5.1), with the
// forms nvcc -G uses for them.

// NewCompileUnit returns a DW_TAG_compile_unit DIE with DW_AT_producer,
// DW_AT_language, DW_AT_name, DW_AT_stmt_list (the label .debug_line: ptxas
// makes that section from .file and .loc) and DW_AT_comp_dir.
func NewCompileUnit(producer string, lang Lang, name, compDir string) *DIE {
	return NewDIE(TagCompileUnit).
		Add(AttrProducer, FormString, producer).
		Add(AttrLanguage, FormData1, uint64(lang)).
		Add(AttrName, FormString, name).
		Add(AttrStmtList, FormData4, Label{Name: DebugLine}).
		Add(AttrCompDir, FormString, compDir)
}

// NewSubprogram returns a DW_TAG_subprogram DIE with its attributes in the
// order nvcc -G writes them: DW_AT_low_pc and DW_AT_high_pc as the labels
// begin and end that bracket the function's body in the PTX,
// DW_AT_frame_base DW_OP_call_frame_cfa, DW_AT_MIPS_linkage_name when
// linkageName is not empty (the mangled PTX name, guide §7), DW_AT_name,
// DW_AT_decl_line when line is not 0, DW_AT_type unless result is nil
// (void), and DW_AT_external for a .visible function. The order matters to
// the CUDA 13 ptxas (driver 580): with DW_AT_MIPS_linkage_name before
// DW_AT_low_pc, it crashes on some modules whose functions have variables in
// .local memory (cc/testdata/corpus funcptr.cu, classes_nontrivial_calls.cu
// and templates_dependent_names.cu at -g); ptxas 11.8 takes either order.
func NewSubprogram(name, linkageName string, result *DIE, external bool, begin, end string, line int) *DIE {
	d := NewDIE(TagSubprogram).
		Add(AttrLowPC, FormAddr, Label{Name: begin}).
		Add(AttrHighPC, FormAddr, Label{Name: end}).
		Add(AttrFrameBase, FormBlock1, Bytes(byte(OpCallFrameCFA)))
	if linkageName != "" {
		d.Add(AttrMIPSLinkageName, FormString, linkageName)
	}
	d.Add(AttrName, FormString, name)
	if line != 0 {
		d.Add(AttrDeclLine, FormData4, uint64(line))
	}
	if result != nil {
		d.Add(AttrType, FormRef4, Ref{Target: result})
	}
	if external {
		d.Add(AttrExternal, FormFlag, uint64(1))
	}
	return d
}

// NewVariable returns a DW_TAG_variable or DW_TAG_formal_parameter DIE
// (tag) with DW_AT_name, DW_AT_type, DW_AT_location loc (RegLoc for a
// register, AddrLoc for a symbol in memory) and the DW_AT_address_class
// that guide §5.2 requires on every variable and parameter.
func NewVariable(tag Tag, name string, typ *DIE, loc Block, class AddrClass) *DIE {
	return NewDIE(tag).
		Add(AttrName, FormString, name).
		Add(AttrType, FormRef4, Ref{Target: typ}).
		Add(AttrLocation, FormBlock1, loc).
		Add(AttrAddressClass, FormData1, uint64(class))
}
