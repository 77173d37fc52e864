package pp

import "fmt"

// Dialect is the C++ standard a translation unit is compiled as, nvcc's
// -std option: its value is __cplusplus / 100. The zero Dialect is nvcc
// 11.8's default, which since CUDA 11 is the host compiler's: C++17 with
// gcc 11.
type Dialect int

// The dialects nvcc 11.8 takes (-std=c++03, c++11, c++14, c++17; it
// rejects c++20).
const (
	Cxx03 Dialect = 1997 // __cplusplus 199711L
	Cxx11 Dialect = 2011
	Cxx14 Dialect = 2014
	Cxx17 Dialect = 2017
)

// Std is d with the zero Dialect made nvcc's default, C++17.
func (d Dialect) Std() Dialect {
	if d == 0 {
		return Cxx17
	}
	return d
}

// String is the dialect as -std names it.
func (d Dialect) String() string {
	if d = d.Std(); d == Cxx03 {
		return "c++03"
	}
	return fmt.Sprintf("c++%02d", int(d)%100)
}

// ParseDialect reads the value of -std as nvcc 11.8 takes it.
func ParseDialect(s string) (Dialect, error) {
	for _, d := range []Dialect{Cxx03, Cxx11, Cxx14, Cxx17} {
		if d.String() == s {
			return d, nil
		}
	}
	return 0, fmt.Errorf("value '%s' is not defined for option 'std' (nvcc 11.8 takes c++03, c++11, c++14, c++17)", s)
}

// cplusplus is __cplusplus by column of featureMacros.
var cplusplus = [numDialects]string{"199711L", "201103L", "201402L", "201703L"}

// numDialects is the number of columns of featureMacros.
const numDialects = 4

// column is d's column in featureMacros.
func (d Dialect) column() int {
	switch d.Std() {
	case Cxx03:
		return 0
	case Cxx11:
		return 1
	case Cxx14:
		return 2
	}
	return 3
}

// featureMacros are the language feature-test macros of nvcc 11.8's
// device pass (gcc 11's, as nvcc -E -Xcompiler -dM prints them), by
// dialect: C++03, C++11, C++14, C++17; "" where the macro is not
// defined. The library ones (__cpp_lib_*) are the headers'.
var featureMacros = []struct {
	Name   string
	Values [numDialects]string
}{
	{"__cpp_aggregate_bases", [numDialects]string{"", "", "", "201603L"}},
	{"__cpp_aggregate_nsdmi", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_alias_templates", [numDialects]string{"", "200704L", "200704L", "200704L"}},
	{"__cpp_aligned_new", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_attributes", [numDialects]string{"", "200809L", "200809L", "200809L"}},
	{"__cpp_binary_literals", [numDialects]string{"201304L", "201304L", "201304L", "201304L"}},
	{"__cpp_capture_star_this", [numDialects]string{"", "", "", "201603L"}},
	{"__cpp_constexpr", [numDialects]string{"", "200704L", "201304L", "201603L"}},
	{"__cpp_decltype", [numDialects]string{"", "200707L", "200707L", "200707L"}},
	{"__cpp_decltype_auto", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_deduction_guides", [numDialects]string{"", "", "", "201703L"}},
	{"__cpp_delegating_constructors", [numDialects]string{"", "200604L", "200604L", "200604L"}},
	{"__cpp_digit_separators", [numDialects]string{"", "", "201309L", "201309L"}},
	{"__cpp_enumerator_attributes", [numDialects]string{"", "", "", "201411L"}},
	{"__cpp_exceptions", [numDialects]string{"199711L", "199711L", "199711L", "199711L"}},
	{"__cpp_fold_expressions", [numDialects]string{"", "", "", "201603L"}},
	{"__cpp_generic_lambdas", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_guaranteed_copy_elision", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_hex_float", [numDialects]string{"201603L", "201603L", "201603L", "201603L"}},
	{"__cpp_if_constexpr", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_inheriting_constructors", [numDialects]string{"", "201511L", "201511L", "201511L"}},
	{"__cpp_init_captures", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_initializer_lists", [numDialects]string{"", "200806L", "200806L", "200806L"}},
	{"__cpp_inline_variables", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_lambdas", [numDialects]string{"", "200907L", "200907L", "200907L"}},
	{"__cpp_namespace_attributes", [numDialects]string{"", "", "", "201411L"}},
	{"__cpp_nested_namespace_definitions", [numDialects]string{"", "", "", "201411L"}},
	{"__cpp_noexcept_function_type", [numDialects]string{"", "", "", "201510L"}},
	{"__cpp_nontype_template_args", [numDialects]string{"", "", "", "201411L"}},
	{"__cpp_nontype_template_parameter_auto", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_nsdmi", [numDialects]string{"", "200809L", "200809L", "200809L"}},
	{"__cpp_range_based_for", [numDialects]string{"", "200907L", "200907L", "201603L"}},
	{"__cpp_raw_strings", [numDialects]string{"", "200710L", "200710L", "200710L"}},
	{"__cpp_ref_qualifiers", [numDialects]string{"", "200710L", "200710L", "200710L"}},
	{"__cpp_return_type_deduction", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_rtti", [numDialects]string{"199711L", "199711L", "199711L", "199711L"}},
	{"__cpp_runtime_arrays", [numDialects]string{"198712L", "198712L", "198712L", "198712L"}},
	{"__cpp_rvalue_reference", [numDialects]string{"", "200610L", "200610L", "200610L"}},
	{"__cpp_rvalue_references", [numDialects]string{"", "200610L", "200610L", "200610L"}},
	{"__cpp_sized_deallocation", [numDialects]string{"", "", "201309L", "201309L"}},
	{"__cpp_static_assert", [numDialects]string{"", "200410L", "200410L", "201411L"}},
	{"__cpp_structured_bindings", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_template_auto", [numDialects]string{"", "", "", "201606L"}},
	{"__cpp_template_template_args", [numDialects]string{"", "", "", "201611L"}},
	{"__cpp_threadsafe_static_init", [numDialects]string{"200806L", "200806L", "200806L", "200806L"}},
	{"__cpp_unicode_characters", [numDialects]string{"", "200704L", "200704L", "201411L"}},
	{"__cpp_unicode_literals", [numDialects]string{"", "200710L", "200710L", "200710L"}},
	{"__cpp_user_defined_literals", [numDialects]string{"", "200809L", "200809L", "200809L"}},
	{"__cpp_variable_templates", [numDialects]string{"", "", "201304L", "201304L"}},
	{"__cpp_variadic_templates", [numDialects]string{"", "200704L", "200704L", "200704L"}},
	{"__cpp_variadic_using", [numDialects]string{"", "", "", "201611L"}},
}
