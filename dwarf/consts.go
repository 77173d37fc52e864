package dwarf

// The DWARF constants that the writer uses and that nvcc -G emits (DWARF
// version 2, with the few later codes nvcc uses), and the CUDA address
// classes of guide §5.2. This file is the one table of them: the String
// methods in names.go are generated from the comments here by
// internal/gennames (go generate), and a test checks that they agree.

//go:generate go run ./internal/gennames -o names.go consts.go

// Tag is a DIE's tag (DW_TAG_*).
type Tag uint16

// Tags.
const (
	TagArrayType             Tag = 0x01 // DW_TAG_array_type
	TagClassType             Tag = 0x02 // DW_TAG_class_type
	TagEnumerationType       Tag = 0x04 // DW_TAG_enumeration_type
	TagFormalParameter       Tag = 0x05 // DW_TAG_formal_parameter
	TagImportedDeclaration   Tag = 0x08 // DW_TAG_imported_declaration
	TagLabel                 Tag = 0x0a // DW_TAG_label
	TagLexicalBlock          Tag = 0x0b // DW_TAG_lexical_block
	TagMember                Tag = 0x0d // DW_TAG_member
	TagPointerType           Tag = 0x0f // DW_TAG_pointer_type
	TagReferenceType         Tag = 0x10 // DW_TAG_reference_type
	TagCompileUnit           Tag = 0x11 // DW_TAG_compile_unit
	TagStructureType         Tag = 0x13 // DW_TAG_structure_type
	TagSubroutineType        Tag = 0x15 // DW_TAG_subroutine_type
	TagTypedef               Tag = 0x16 // DW_TAG_typedef
	TagUnionType             Tag = 0x17 // DW_TAG_union_type
	TagUnspecifiedParameters Tag = 0x18 // DW_TAG_unspecified_parameters
	TagInheritance           Tag = 0x1c // DW_TAG_inheritance
	TagInlinedSubroutine     Tag = 0x1d // DW_TAG_inlined_subroutine
	TagSubrangeType          Tag = 0x21 // DW_TAG_subrange_type
	TagBaseType              Tag = 0x24 // DW_TAG_base_type
	TagConstType             Tag = 0x26 // DW_TAG_const_type
	TagEnumerator            Tag = 0x28 // DW_TAG_enumerator
	TagSubprogram            Tag = 0x2e // DW_TAG_subprogram
	TagTemplateTypeParameter Tag = 0x2f // DW_TAG_template_type_parameter
	TagVariable              Tag = 0x34 // DW_TAG_variable
	TagVolatileType          Tag = 0x35 // DW_TAG_volatile_type
	TagRestrictType          Tag = 0x37 // DW_TAG_restrict_type
	TagNamespace             Tag = 0x39 // DW_TAG_namespace
	TagImportedModule        Tag = 0x3a // DW_TAG_imported_module
	TagUnspecifiedType       Tag = 0x3b // DW_TAG_unspecified_type
	TagRvalueReferenceType   Tag = 0x42 // DW_TAG_rvalue_reference_type
)

// Attr is an attribute name (DW_AT_*).
type Attr uint16

// Attributes.
const (
	AttrSibling            Attr = 0x01   // DW_AT_sibling
	AttrLocation           Attr = 0x02   // DW_AT_location
	AttrName               Attr = 0x03   // DW_AT_name
	AttrByteSize           Attr = 0x0b   // DW_AT_byte_size
	AttrBitOffset          Attr = 0x0c   // DW_AT_bit_offset
	AttrBitSize            Attr = 0x0d   // DW_AT_bit_size
	AttrStmtList           Attr = 0x10   // DW_AT_stmt_list
	AttrLowPC              Attr = 0x11   // DW_AT_low_pc
	AttrHighPC             Attr = 0x12   // DW_AT_high_pc
	AttrLanguage           Attr = 0x13   // DW_AT_language
	AttrCompDir            Attr = 0x1b   // DW_AT_comp_dir
	AttrConstValue         Attr = 0x1c   // DW_AT_const_value
	AttrContainingType     Attr = 0x1d   // DW_AT_containing_type
	AttrInline             Attr = 0x20   // DW_AT_inline
	AttrLowerBound         Attr = 0x22   // DW_AT_lower_bound
	AttrProducer           Attr = 0x25   // DW_AT_producer
	AttrPrototyped         Attr = 0x27   // DW_AT_prototyped
	AttrUpperBound         Attr = 0x2f   // DW_AT_upper_bound
	AttrAbstractOrigin     Attr = 0x31   // DW_AT_abstract_origin
	AttrAccessibility      Attr = 0x32   // DW_AT_accessibility
	AttrAddressClass       Attr = 0x33   // DW_AT_address_class
	AttrArtificial         Attr = 0x34   // DW_AT_artificial
	AttrCallingConvention  Attr = 0x36   // DW_AT_calling_convention
	AttrCount              Attr = 0x37   // DW_AT_count
	AttrDataMemberLocation Attr = 0x38   // DW_AT_data_member_location
	AttrDeclColumn         Attr = 0x39   // DW_AT_decl_column
	AttrDeclFile           Attr = 0x3a   // DW_AT_decl_file
	AttrDeclLine           Attr = 0x3b   // DW_AT_decl_line
	AttrDeclaration        Attr = 0x3c   // DW_AT_declaration
	AttrEncoding           Attr = 0x3e   // DW_AT_encoding
	AttrExternal           Attr = 0x3f   // DW_AT_external
	AttrFrameBase          Attr = 0x40   // DW_AT_frame_base
	AttrSpecification      Attr = 0x47   // DW_AT_specification
	AttrType               Attr = 0x49   // DW_AT_type
	AttrRanges             Attr = 0x55   // DW_AT_ranges
	AttrCallColumn         Attr = 0x57   // DW_AT_call_column
	AttrCallFile           Attr = 0x58   // DW_AT_call_file
	AttrCallLine           Attr = 0x59   // DW_AT_call_line
	AttrObjectPointer      Attr = 0x64   // DW_AT_object_pointer
	AttrDataBitOffset      Attr = 0x6b   // DW_AT_data_bit_offset
	AttrConstExpr          Attr = 0x6c   // DW_AT_const_expr
	AttrEnumClass          Attr = 0x6d   // DW_AT_enum_class
	AttrLinkageName        Attr = 0x6e   // DW_AT_linkage_name
	AttrNoreturn           Attr = 0x87   // DW_AT_noreturn
	AttrAlignment          Attr = 0x88   // DW_AT_alignment
	AttrMIPSLinkageName    Attr = 0x2007 // DW_AT_MIPS_linkage_name
)

// Form is an attribute's encoding (DW_FORM_*).
type Form uint16

// Forms.
const (
	FormAddr        Form = 0x01 // DW_FORM_addr
	FormBlock2      Form = 0x03 // DW_FORM_block2
	FormBlock4      Form = 0x04 // DW_FORM_block4
	FormData2       Form = 0x05 // DW_FORM_data2
	FormData4       Form = 0x06 // DW_FORM_data4
	FormData8       Form = 0x07 // DW_FORM_data8
	FormString      Form = 0x08 // DW_FORM_string
	FormBlock       Form = 0x09 // DW_FORM_block
	FormBlock1      Form = 0x0a // DW_FORM_block1
	FormData1       Form = 0x0b // DW_FORM_data1
	FormFlag        Form = 0x0c // DW_FORM_flag
	FormSdata       Form = 0x0d // DW_FORM_sdata
	FormStrp        Form = 0x0e // DW_FORM_strp
	FormUdata       Form = 0x0f // DW_FORM_udata
	FormRefAddr     Form = 0x10 // DW_FORM_ref_addr
	FormRef1        Form = 0x11 // DW_FORM_ref1
	FormRef2        Form = 0x12 // DW_FORM_ref2
	FormRef4        Form = 0x13 // DW_FORM_ref4
	FormRef8        Form = 0x14 // DW_FORM_ref8
	FormRefUdata    Form = 0x15 // DW_FORM_ref_udata
	FormIndirect    Form = 0x16 // DW_FORM_indirect
	FormSecOffset   Form = 0x17 // DW_FORM_sec_offset
	FormExprloc     Form = 0x18 // DW_FORM_exprloc
	FormFlagPresent Form = 0x19 // DW_FORM_flag_present
)

// Op is a location-expression operation (DW_OP_*). The ranges lit0..lit31,
// reg0..reg31 and breg0..breg31 are named from their first code.
type Op uint8

// Operations.
const (
	OpAddr         Op = 0x03 // DW_OP_addr
	OpDeref        Op = 0x06 // DW_OP_deref
	OpConst1u      Op = 0x08 // DW_OP_const1u
	OpConst1s      Op = 0x09 // DW_OP_const1s
	OpConst2u      Op = 0x0a // DW_OP_const2u
	OpConst2s      Op = 0x0b // DW_OP_const2s
	OpConst4u      Op = 0x0c // DW_OP_const4u
	OpConst4s      Op = 0x0d // DW_OP_const4s
	OpConst8u      Op = 0x0e // DW_OP_const8u
	OpConst8s      Op = 0x0f // DW_OP_const8s
	OpConstu       Op = 0x10 // DW_OP_constu
	OpConsts       Op = 0x11 // DW_OP_consts
	OpDup          Op = 0x12 // DW_OP_dup
	OpDrop         Op = 0x13 // DW_OP_drop
	OpOver         Op = 0x14 // DW_OP_over
	OpSwap         Op = 0x16 // DW_OP_swap
	OpMinus        Op = 0x1c // DW_OP_minus
	OpPlus         Op = 0x22 // DW_OP_plus
	OpPlusUconst   Op = 0x23 // DW_OP_plus_uconst
	OpLit0         Op = 0x30 // DW_OP_lit0
	OpReg0         Op = 0x50 // DW_OP_reg0
	OpBreg0        Op = 0x70 // DW_OP_breg0
	OpRegx         Op = 0x90 // DW_OP_regx
	OpFbreg        Op = 0x91 // DW_OP_fbreg
	OpBregx        Op = 0x92 // DW_OP_bregx
	OpPiece        Op = 0x93 // DW_OP_piece
	OpDerefSize    Op = 0x94 // DW_OP_deref_size
	OpNop          Op = 0x96 // DW_OP_nop
	OpCallFrameCFA Op = 0x9c // DW_OP_call_frame_cfa
	OpStackValue   Op = 0x9f // DW_OP_stack_value
)

// Encoding is a base type's encoding (DW_ATE_*).
type Encoding uint8

// Base type encodings.
const (
	EncAddress      Encoding = 0x01 // DW_ATE_address
	EncBoolean      Encoding = 0x02 // DW_ATE_boolean
	EncComplexFloat Encoding = 0x03 // DW_ATE_complex_float
	EncFloat        Encoding = 0x04 // DW_ATE_float
	EncSigned       Encoding = 0x05 // DW_ATE_signed
	EncSignedChar   Encoding = 0x06 // DW_ATE_signed_char
	EncUnsigned     Encoding = 0x07 // DW_ATE_unsigned
	EncUnsignedChar Encoding = 0x08 // DW_ATE_unsigned_char
	EncUTF          Encoding = 0x10 // DW_ATE_UTF
)

// Lang is a source language (DW_LANG_*).
type Lang uint16

// Languages.
const (
	LangC89         Lang = 0x01 // DW_LANG_C89
	LangC           Lang = 0x02 // DW_LANG_C
	LangCPlusPlus   Lang = 0x04 // DW_LANG_C_plus_plus
	LangC99         Lang = 0x0c // DW_LANG_C99
	LangCPlusPlus11 Lang = 0x1a // DW_LANG_C_plus_plus_11
	LangC11         Lang = 0x1d // DW_LANG_C11
	LangCPlusPlus14 Lang = 0x21 // DW_LANG_C_plus_plus_14
)

// AddrClass is a CUDA address class, the value of DW_AT_address_class on
// every variable and parameter DIE (guide §5.2).
type AddrClass uint8

// The address classes of guide §5.2.
const (
	AddrCodeSpace       AddrClass = 1  // ADDR_code_space
	AddrRegSpace        AddrClass = 2  // ADDR_reg_space
	AddrSregSpace       AddrClass = 3  // ADDR_sreg_space
	AddrConstSpace      AddrClass = 4  // ADDR_const_space
	AddrGlobalSpace     AddrClass = 5  // ADDR_global_space
	AddrLocalSpace      AddrClass = 6  // ADDR_local_space
	AddrParamSpace      AddrClass = 7  // ADDR_param_space
	AddrSharedSpace     AddrClass = 8  // ADDR_shared_space
	AddrSurfSpace       AddrClass = 9  // ADDR_surf_space
	AddrTexSpace        AddrClass = 10 // ADDR_tex_space
	AddrTexSamplerSpace AddrClass = 11 // ADDR_tex_sampler_space
	AddrGenericSpace    AddrClass = 12 // ADDR_generic_space
)
