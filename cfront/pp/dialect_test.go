package pp

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestParseDialect checks -std's values: those nvcc 11.8 takes, and
// nvcc's reason for others.
func TestParseDialect(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Dialect
		err  string
	}{
		{"c++03", Cxx03, ""},
		{"c++11", Cxx11, ""},
		{"c++14", Cxx14, ""},
		{"c++17", Cxx17, ""},
		{"c++20", 0, "value 'c++20' is not defined for option 'std'"},
		{"gnu++17", 0, "value 'gnu++17' is not defined for option 'std'"},
		{"c++98", 0, "value 'c++98' is not defined"},
	} {
		d, err := ParseDialect(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || d != tt.want || d.String() != tt.in {
			t.Errorf("%s: %v (%s), %v; want %v", tt.in, d, d, err, tt.want)
		}
	}
	if Dialect(0).Std() != Cxx17 {
		t.Errorf("the default dialect is %v, want c++17 (nvcc 11.8 with gcc 11)", Dialect(0).Std())
	}
}

// languageMacros lists __cplusplus and the language feature-test macros
// of a list of macros, as "NAME VALUE" lines, sorted.
func languageMacros(ms []Macro) []string {
	var out []string
	for _, m := range ms {
		if m.Name == "__cplusplus" || strings.HasPrefix(m.Name, "__cpp_") && !strings.HasPrefix(m.Name, "__cpp_lib_") {
			out = append(out, m.Name+" "+m.Body)
		}
	}
	sort.Strings(out)
	return out
}

// TestDialectMacros checks __cplusplus and the feature-test macros of
// each dialect against those of nvcc's device pass (nvcc -E -Xcompiler
// -dM -std=...).
func TestDialectMacros(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "e.cu"), []byte("int x;\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	rx := regexp.MustCompile(`(?m)^#define (__cplusplus|__cpp_[a-z_]+) (\S+)$`)
	for _, d := range []Dialect{Cxx03, Cxx11, Cxx14, Cxx17} {
		out, err := oracle.Run(dir, oracle.NVCC, "-E", "-Xcompiler", "-dM", "-arch=sm_52", "-std="+d.String(), "e.cu")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		var nvcc []Macro
		for _, m := range rx.FindAllStringSubmatch(string(out), -1) {
			nvcc = append(nvcc, Macro{Name: m[1], Body: m[2]})
		}
		want := languageMacros(nvcc)
		got := languageMacros(PredefinedFor(target.Default, d))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("-std=%s:\n got %q\nwant %q", d, got, want)
		}
	}
	if got, want := languageMacros(Predefined(target.Default)), languageMacros(PredefinedFor(target.Default, Cxx17)); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the default dialect's macros are not C++17's")
	}
}
