// Package abi lowers C/CUDA C++ function types to their PTX declarations and
// writes the PTX of calls to them: guide chapter 2, §2.3 "Parameter Passing"
// (the source type -> PTX type table and its notes A to E).
//
// Lower turns a *ctypes.FuncDecl into a *Decl, a printable value: the kind
// (.func or .entry), the linkage, the return parameter (func_retval0, nil for
// void) and the parameters (NAME_param_N). Decl.String prints it in nvcc's
// exact text form; Param.PTXType gives one parameter's type without its name
// (".b32", ".align 8 .b8[16]"), the short form of the -json contract.
// Call and Prototype build call sequences and .callprototype directives as
// ptx/ast nodes (Call.Stmts, Decl.PrototypeNode), and print them through
// ptx/printer as nvcc lays them out (Call.PTX, Decl.Prototype).
//
// # Algorithm
//
// Sizes and alignments come from package layout (guide chapter 1). Each
// parameter, and the return value, is lowered by these steps:
//
//  1. Typedefs and cv-qualifiers are dropped. An array parameter decays to a
//     pointer to its element, a function parameter to a function pointer.
//     A reference is passed as a pointer to what it refers to.
//  2. An enum is lowered as its underlying integral type.
//  3. A fundamental type of a .func (device function) is looked up in
//     scalarRules: an integral type of 8 to 32 bits is a 32-bit parameter
//     (guide table, row 1), extended by sign when signed and by zero when
//     unsigned when narrower than 32 bits (note A; bool zero-extends), and
//     recorded as Param.Ext; a 64-bit integral is 64-bit (row 2); float is
//     32-bit, double 64-bit (rows 5, 6).
//  4. A pointer is a parameter of the address size (rows 3, 4), holding a
//     generic address unless the pointer type names a state space (note B),
//     recorded as Param.Space; a kernel parameter with a state space is
//     printed with PTX's .ptr.SPACE.align N attribute.
//  5. A struct, union or CUDA vector type is .align A .b8 name[SIZE] with the
//     layout's alignment and size (row 7, note D); N12 gives the one case
//     where nvcc's size differs from the layout's.
//  6. A texture, surface or sampler handle is .b64 (row 8, note E).
//  7. A class that is not trivially copyable (ctypes.Struct.NonTrivial, a
//     user-provided copy or move constructor or destructor, virtual
//     functions, or a base, member or array element of it that is not) is
//     passed to a
//     .func by invisible reference (Itanium C++ ABI §3.1.2): a pointer
//     parameter holding the address of a caller-made copy (Param.Hidden).
//     Returned, it goes through a hidden first pointer parameter
//     (NAME_param_0, Param.Hidden) and the function has no func_retval0.
//  8. The return value is func_retval0, lowered as a parameter (steps 1 to
//     7); void has none. A kernel returns void.
//  9. A variadic function, a host function, a void or incomplete parameter,
//     and an array or function return are errors.
//  10. A non-static member function (constructors and destructors
//     included) takes its implicit this, a pointer, as the first parameter,
//     after the hidden return pointer where there is one (nvcc 11.8:
//     S S::operator+(const S&) const with a non-trivial S is (return
//     pointer, this, other)). A constructor or destructor is one .func per
//     variant symbol (C1/C2, D1/D2, D0), each with the same parameters.
//     A member function cannot be a kernel.
//  11. A pointer to data member is a ptrdiff_t (.b32/.b64 as a pointer); a
//     pointer to member function is two of them, an aggregate .align P .b8
//     name[2P] (Itanium C++ ABI §2.3).
//
// # Where nvcc is followed rather than the table
//
// nvcc 11.8 is the reference where the guide is silent or differs; the
// differential tests (oracle_test.go) compare every rule with it, -m64 and
// -m32. Each point is cited by its number in rules.go and the tests:
//
//	N1. .func scalar parameters and return values are printed .b32/.b64, not
//	    .u32/.s32/.u64/.s64/.f32/.f64 as in the table (same size and
//	    alignment; NOTES.md errata). Signedness survives only as Param.Ext.
//	N2. .entry (kernel) parameters keep their unpromoted size (no note A
//	    extension), unsigned:
//	    bool and the char types .u8, short and char16_t .u16, int, wchar_t and
//	    char32_t .u32, long .u32/.u64 by address size, long long .u64, float
//	    .f32, double .f64; signed types print .u too. Pointers are .u32/.u64
//	    and handles .u64, with no .ptr attribute.
//	N3. A non-trivially-copyable class is a hidden pointer in a .func (step
//	    7), but a kernel takes it by value as bytes (.align A .b8[SIZE]).
//	N4. An empty struct is .align 1 .b8 name[1] (C++ gives it size 1).
//	N5. An alignment above note D's 128 (struct __align__(256)) is printed as
//	    written (.align 256); the checker diagnoses it, not Lower.
//	N6. long double is treated as double in device code: .b64 (.f64 in a
//	    kernel), although layout gives it 16 bytes in memory.
//	N7. __half and __nv_bfloat16 are classes in CUDA's headers and are passed
//	    as .align 2 .b8 name[2], in kernels too; note C (no 16-bit floating-
//	    point scalar parameters) thus holds. ValidScalarParamType rejects
//	    .f16, .f16x2 and .bf16 as scalar parameter types.
//	N8. __int128 and unsigned __int128 are .align 16 .b8 name[16], in .func
//	    and .entry alike, at both address sizes.
//	N9. A texture or surface object (cudaTextureObject_t, a typedef of
//	    unsigned long long) is .b64 in a .func and .u64 in a kernel.
//	N10. decltype(nullptr) is a pointer-sized integer (.b32/.b64).
//	N11. Declarations print as nvcc does: a definition's header is
//	    ".visible .func  (RET) NAME(" (two spaces before a return
//	    parameter), one "\t.param ..." per line, separated by ",\n", and ")";
//	    "NAME()" without parameters; an undefined function is
//	    ".extern .func  (RET) NAME\n(\n...\n)\n;"; internal linkage
//	    (static, or in an unnamed namespace) drops .visible.
//	N12. An aggregate holding a long double by value is passed as an array
//	    of nvcc's device size for it, not its memory size: each long double
//	    becomes an 8-byte double, the padding of the memory layout around
//	    it kept (paramSize). Such an aggregate that also holds packing is
//	    an error: nvcc's layout for it is not modelled.
//	N13. A packed aggregate (the packed attribute, #pragma pack) is
//	    .align alignof(T) in every case checked by hand, but nvcc 11.8
//	    sometimes gives one a larger .align (4 for alignment 1, seen with
//	    nested members of alignment 32 at odd offsets) by a rule not
//	    modelled here; the random differential test leaves packed
//	    aggregates out.
//	N14. A defined inline function (inline, __forceinline__, also a kernel)
//	    has .weak linkage: nvcc emits one only where it is not inlined
//	    everywhere (its address is taken), as ".weak .func" or ".weak
//	    .entry". Declared only, it is .extern like any other.
//	N15. A device function declared noreturn ([[noreturn]],
//	    __attribute__((noreturn))) that has no func_retval0 (void, or a
//	    return through a hidden pointer) carries PTX's .noreturn
//	    attribute, printed as nvcc does: the line ".noreturn " (with its
//	    trailing space) after the parameter list, ".noreturn ;" ending a
//	    declaration. With a return value, or in a kernel, nvcc leaves it
//	    out, and so does Lower.
//	N16. A function template specialization, and a member function of a
//	    class template specialization (or of a class nested in one), is
//	    .weak where defined, as an inline function is (N14); an explicit
//	    specialization of a function template (template <>) is an
//	    ordinary function: .visible unless declared inline.
package abi
