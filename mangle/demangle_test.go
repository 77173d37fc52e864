package mangle

import (
	"errors"
	"strings"
	"testing"
)

// demangleTests are names and what binutils' c++filt prints for them.
var demangleTests = []struct{ name, want string }{
	{"_Z1fPVKi", "f(int const volatile*)"},
	{"_Z1fPrVKi", "f(int const volatile restrict*)"},
	{"_Z1fPA3_A2_i", "f(int (*) [3][2])"},
	{"_Z1fRA4_i", "f(int (&) [4])"},
	{"_Z1fA3_Pi", "f(int* [3])"},
	{"_Z1fPFPFfiEdE", "f(float (*(*)(double))(int))"},
	{"_Z1fM1AFivE", "f(int (A::*)())"},
	{"_Z1fM1AKFivE", "f(int (A::*)() const)"},
	{"_Z1fM1Ai", "f(int A::*)"},
	{"_Z1fPKPi", "f(int* const*)"},
	{"_Z1fPFvvEPFvizE", "f(void (*)(), void (*)(int, ...))"},
	{"_Z1fILin7EEvv", "void f<-7>()"},
	{"_Z1fILj3EEvv", "void f<3u>()"},
	{"_Z1fILm3EEvv", "void f<3ul>()"},
	{"_Z1fILl3EEvv", "void f<3l>()"},
	{"_Z1fILx3EEvv", "void f<3ll>()"},
	{"_Z1fILy3EEvv", "void f<3ull>()"},
	{"_Z1fILb0EEvv", "void f<false>()"},
	{"_Z1fILc97EEvv", "void f<(char)97>()"},
	{"_Z1fILs3EEvv", "void f<(short)3>()"},
	{"_Z1fILh3EEvv", "void f<(unsigned char)3>()"},
	{"_Z1fIN1A1BIiEEEvv", "void f<A::B<int> >()"},
	{"_ZN1AIN1BIiEEE1fEv", "A<B<int> >::f()"},
	{"_ZNSsC1Ev", "std::basic_string<char, std::char_traits<char>, std::allocator<char> >::basic_string()"},
	{"_ZNSt3fooC1Ev", "std::foo::foo()"},
	{"_ZNSaIcEC1Ev", "std::allocator<char>::allocator()"},
	{"_Z1fSs", "f(std::basic_string<char, std::char_traits<char>, std::allocator<char> >)"},
	{"_Z1fSi", "f(std::basic_istream<char, std::char_traits<char> >)"},
	{"_Z1fSo", "f(std::basic_ostream<char, std::char_traits<char> >)"},
	{"_ZTV1A", "vtable for A"},
	{"_ZTI1A", "typeinfo for A"},
	{"_ZTS1A", "typeinfo name for A"},
	{"_ZGVZ1fvE1x", "guard variable for f()::x"},
	{"_ZThn8_N1A1fEv", "non-virtual thunk to A::f()"},
	{"_ZTv0_n24_N1A1fEv", "virtual thunk to A::f()"},
	{"_Z1fv.constprop.0", "f() [clone .constprop.0]"},
	{"_Z1fv.isra.0.constprop.1", "f() [clone .isra.0] [clone .constprop.1]"},
	{"_ZN12_GLOBAL__N_11fEv", "(anonymous namespace)::f()"},
	{"_Z1fB5cxx11v", "f[abi:cxx11]()"},
	{"_ZN1AB5cxx111fEv", "A[abi:cxx11]::f()"},
	{"_ZZ1fvE1x_0", "f()::x"},
	{"_ZZ1fvENKUlvE_clEv", "f()::{lambda()#1}::operator()() const"},
	{"_ZZ1fvENKUlvE0_clEv", "f()::{lambda()#2}::operator()() const"},
	{"_Z1fIJEEvDpT_", "void f<>()"},
	{"_ZN1AUt_E", "A::{unnamed type#1}"},
	{"_Z1fDv4_f", "f(float __vector(4))"},
	{"_Z1fDh", "f(half)"},
	{"_Z1fIiEvT_PFS0_S0_E", "void f<int>(int, int (*)(int))"},
	{"_Zli2_xPKc", `operator"" _x(char const*)`},
	{"_ZN1AcviEv", "A::operator int()"},
	{"_ZN1AnwEm", "A::operator new(unsigned long)"},
	{"_ZN1AdaEPv", "A::operator delete[](void*)"},
	{"_ZN1AD0Ev", "A::~A()"},
	{"_ZN1AC2ERKS_", "A::A(A const&)"},
	{"_ZZ1fvEs", "f()::string literal"},
	{"_Z1fU3fooi", "f(int foo)"},
	{"_Z1fPU3AS1i", "f(int AS1*)"},
	{"_ZTC1A0_1B", "construction vtable for B-in-A"},
	{"_ZTW1x", "TLS wrapper function for x"},
	{"_ZTH1x", "TLS init function for x"},
	{"_ZN1AplERKS_", "A::operator+(A const&)"},
	{"_Z1fDnDe", "f(decltype(nullptr), decimal128)"},
	{"_Z1fM1AFivEOS0_", "f(int (A::*)(), int (&&)())"},
	{"_ZN4dim3C1Ejjj", "dim3::dim3(unsigned int, unsigned int, unsigned int)"},
	{"_Z1fIiJfdEEvT_DpT0_", "void f<int, float, double>(int, float, double)"},
	{"_Z1fIJifEEvDpRKT_", "void f<int, float>(int const&, float const&)"},
	{"_ZN5outer3dblIfEEDTmlfp_Li2EET_", "decltype ({parm#1}*(2)) outer::dbl<float>(float)"},
	{"_Z1fIiEvPFT_vE", "void f<int>(int (*)())"},
	{"_ZNKSt6vectorIiSaIiEE4sizeEv", "std::vector<int, std::allocator<int> >::size() const"},
	{"_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc", "std::basic_ostream<char, std::char_traits<char> >& std::operator<< <std::char_traits<char> >(std::basic_ostream<char, std::char_traits<char> >&, char const*)"},
	{"_ZStlsRSoPKc", "std::operator<<(std::basic_ostream<char, std::char_traits<char> >&, char const*)"},
	{"_ZN1A1BIiE1CIfE1fEv", "A::B<int>::C<float>::f()"},
	{"_Z1fIiEDTcl1gfp_EET_", "decltype (g({parm#1})) f<int>(int)"},
	{"_ZTT1A", "VTT for A"},
	// A template parameter that a substitution carries out of a local
	// name stands for the outer function's argument when printed.
	{"_ZSt22__move_median_to_firstIPN4llvm3cfg6UpdateIPNS0_10BasicBlockEEEN9__gnu_cxx5__ops15_Iter_comp_iterIZNS1_15LegalizeUpdatesIS4_EEvNS0_8ArrayRefINS2_IT_EEEERNS0_15SmallVectorImplISD_EEbbEUlRKS5_SJ_E_EEEvSC_SC_SC_SC_T0_", "void std::__move_median_to_first<llvm::cfg::Update<llvm::BasicBlock*>*, __gnu_cxx::__ops::_Iter_comp_iter<llvm::cfg::LegalizeUpdates<llvm::BasicBlock*>(llvm::ArrayRef<llvm::cfg::Update<llvm::BasicBlock*> >, llvm::SmallVectorImpl<llvm::cfg::Update<llvm::BasicBlock*> >&, bool, bool)::{lambda(llvm::cfg::Update<llvm::BasicBlock*> const&, llvm::cfg::Update<llvm::BasicBlock*> const&)#1}> >(llvm::cfg::Update<llvm::BasicBlock*>*, llvm::cfg::Update<llvm::BasicBlock*>*, llvm::cfg::Update<llvm::BasicBlock*>*, llvm::cfg::Update<llvm::BasicBlock*>*, __gnu_cxx::__ops::_Iter_comp_iter<llvm::cfg::LegalizeUpdates<llvm::BasicBlock*>(llvm::ArrayRef<llvm::cfg::Update<llvm::BasicBlock*> >, llvm::SmallVectorImpl<llvm::cfg::Update<llvm::BasicBlock*> >&, bool, bool)::{lambda(llvm::cfg::Update<llvm::BasicBlock*> const&, llvm::cfg::Update<llvm::BasicBlock*> const&)#1}>)"},
	// nvcc's wrappers of extended lambdas (host side).
	{"_Z12apply_kernelI17__nv_dl_wrapper_tI11__nv_dl_tagIPFvPiiEXadL_Z11host_launchS2_iEELj1EEJEEEvT_S2_", "void apply_kernel<__nv_dl_wrapper_t<__nv_dl_tag<void (*)(int*, int), &(host_launch(int*, int)), 1u>> >(__nv_dl_wrapper_t<__nv_dl_tag<void (*)(int*, int), &(host_launch(int*, int)), 1u>>, int*)"},
	{"_ZN25__nv_hdl_create_wrapper_tILb0ELb0E11__nv_dl_tagIPFvPiiEXadL_Z11host_launchS1_iEELj3EEJiEE23__nv_hdl_create_wrapperIZ11host_launchS1_iEUliE_EEDTclsrN27__nv_hdl_helper_trait_outerILb0ELb0EJiEE21__nv_hdl_helper_traitIS4_T_EE3getfp_fp0_EEOSB_i", "decltype (__nv_hdl_helper_trait_outer<false, false, int>::__nv_hdl_helper_trait<__nv_dl_tag<void (*)(int*, int), &(host_launch(int*, int)), 3u>, host_launch(int*, int)::{lambda(int)#1}>::get({parm#1}, {parm#2})) __nv_hdl_create_wrapper_t<false, false, __nv_dl_tag<void (*)(int*, int), &(host_launch(int*, int)), 3u>, int>::__nv_hdl_create_wrapper<host_launch(int*, int)::{lambda(int)#1}>(host_launch(int*, int)::{lambda(int)#1}&&, int)"},
	// Reference collapsing, empty packs, qualified arrays, unresolved
	// names, the address of a function, default arguments.
	{"_ZN4llvm10make_errorINS_16RuntimeDyldErrorEJRA35_KcEEENS_5ErrorEDpOT0_", "llvm::Error llvm::make_error<llvm::RuntimeDyldError, char const (&) [35]>(char const (&) [35])"},
	{"_ZN5clang6interp15ByteCodeEmitter6emitOpIJEEEbNS0_6OpcodeEDpRKT_RKNS0_10SourceInfoE", "bool clang::interp::ByteCodeEmitter::emitOp<>(clang::interp::Opcode, , clang::interp::SourceInfo const&)"},
	{"_ZN5pollyplIA14_cEENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEN4llvm5TwineERKT_", "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > polly::operator+<char [14]>(llvm::Twine, char const (&) [14])"},
	{"_ZN4llvm11PassManagerINS_6ModuleENS_15AnalysisManagerIS1_JEEEJEE10isRequiredEv", "llvm::PassManager<llvm::Module, llvm::AnalysisManager<llvm::Module>>::isRequired()"},
	{"_ZZN5clang12ast_matchers8internal15MemoizedMatcherINS1_7MatcherINS_4StmtEEEXadL_ZNS0_37isInTemplateInstantiation_getInstanceEvEEE11getInstanceEvE8Instance", "clang::ast_matchers::internal::MemoizedMatcher<clang::ast_matchers::internal::Matcher<clang::Stmt>, &clang::ast_matchers::isInTemplateInstantiation_getInstance>::getInstance()::Instance"},
	{"_ZN4llvm10checkedAddIiEENSt9enable_ifIXsr3std9is_signedIT_EE5valueENS_8OptionalIS2_EEE4typeES2_S2_", "std::enable_if<std::is_signed<int>::value, llvm::Optional<int> >::type llvm::checkedAdd<int>(int, int)"},
	{"_ZTIZNK5clang15LocationContext9printJsonERN4llvm11raw_ostreamEPKcjbSt8functionIFvPKS0_EEEd_UlS8_E_", "typeinfo for clang::LocationContext::printJson(llvm::raw_ostream&, char const*, unsigned int, bool, std::function<void (clang::LocationContext const*)>) const::{default arg#1}::{lambda(clang::LocationContext const*)#1}"},
	{"_ZTIPKc", "typeinfo for char const*"},
	{"_Z5firstIiJPiS0_EET_S1_DpPT0_", "int first<int, int*, int*>(int, int**, int**)"},
	{"_ZN2ns1fB5cxx11Ev", "ns::f[abi:cxx11]()"},
	{"_ZZN1A1fEvE1x_1", "A::f()::x"},
	{"_ZZ1fvE1x__12_", "f()::x"},
}

func TestDemangle(t *testing.T) {
	for _, tt := range demangleTests {
		got, err := Demangle(tt.name)
		if err != nil || got != tt.want {
			t.Errorf("Demangle(%s) = %q, %v\n\twant %q", tt.name, got, err, tt.want)
		}
	}
}

func TestDemangleErrors(t *testing.T) {
	tests := []struct {
		name   string
		offset int
	}{
		{"", 0},
		{"foo", 0},
		{"_Z", 2},
		{"_Z3fo", 3},
		{"_Z1fi?", 5},
		{"_Z1fS_", 6},
		{"_Z1fT_", 6},
		{"_ZN1A", 5},
		{"_Z1fPQ", 5},
		{"_Z1fIiEv.", 8},
	}
	for _, tt := range tests {
		got, err := Demangle(tt.name)
		var de *DemangleError
		if !errors.As(err, &de) {
			t.Errorf("Demangle(%q) = %q, %v; want a *DemangleError", tt.name, got, err)
			continue
		}
		if de.Offset != tt.offset {
			t.Errorf("Demangle(%q): error at offset %d (%v), want %d", tt.name, de.Offset, err, tt.offset)
		}
		if !strings.Contains(err.Error(), "offset") {
			t.Errorf("Demangle(%q): error %q does not give the offset", tt.name, err)
		}
	}
}

// TestDemangleDeep checks that hostile nesting and exponential
// substitutions are errors, not crashes.
func TestDemangleDeep(t *testing.T) {
	exp := "_Z1fPFiiE"
	for i := 0; i < 60; i++ {
		exp += "PF" + seqID(2*i+1) + seqID(2*i+1) + "E"
	}
	for _, name := range []string{"_Z1f" + strings.Repeat("P", 100000) + "i", exp} {
		if _, err := Demangle(name); err == nil {
			t.Errorf("Demangle of a %d-byte hostile name succeeded", len(name))
		}
	}
}

func FuzzDemangle(f *testing.F) {
	for _, tt := range demangleTests {
		f.Add(tt.name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := Demangle(name)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("Demangle(%q): %v", name, err)
		}
		if err == nil && s == "" && name != "" {
			t.Errorf("Demangle(%q) returned nothing and no error", name)
		}
	})
}

func BenchmarkDemangle(b *testing.B) {
	const name = "_ZNK5outer3BoxIiE5applyIZ16templates_kernelPfiEUliE1_EEiT_"
	for b.Loop() {
		if _, err := Demangle(name); err != nil {
			b.Fatal(err)
		}
	}
}
