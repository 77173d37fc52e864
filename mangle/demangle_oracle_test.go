package mangle

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// cxxfilt is binutils' demangler, whose text form Demangle produces.
// (cu++filt prints EDG's form instead: "T1 f<int>(T1)" for what c++filt
// prints as "int f<int>(int)".)
const cxxfilt = "c++filt"

// ptxNames matches the mangled names in PTX; parameter names
// (NAME_param_N) and compiler-made local names ($) are not mangled names.
var ptxNames = regexp.MustCompile(`\b_Z[A-Za-z0-9_]+\b`)

var paramSuffix = regexp.MustCompile(`_param_[0-9]+$`)

// nvccNames compiles testdata/templates.cu and returns the distinct
// mangled names in its PTX.
func nvccNames(t *testing.T) []string {
	src, err := os.ReadFile("testdata/templates.cu")
	if err != nil {
		t.Fatal(err)
	}
	ptx := oracle.CompilePTX(t, string(src), 64, "-rdc=true", "-arch=sm_70", "-std=c++14", "--extended-lambda")
	seen := map[string]bool{}
	var names []string
	for _, line := range strings.Split(ptx, "\n") {
		for _, loc := range ptxNames.FindAllStringIndex(line, -1) {
			n := line[loc[0]:loc[1]]
			if loc[1] < len(line) && line[loc[1]] == '$' || paramSuffix.MatchString(n) || seen[n] {
				continue
			}
			seen[n] = true
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// TestDemangleOracle demangles the names nvcc gives templates, class
// templates, namespaces, operators, constructors and lambdas, and the names
// Name gives random signatures, and compares with c++filt, run once on all.
func TestDemangleOracle(t *testing.T) {
	oracle.Need(t, oracle.NVCC, cxxfilt)
	names := nvccNames(t)
	nvcc := len(names)
	if nvcc < 300 {
		t.Errorf("only %d names from nvcc, want at least 300", nvcc)
	}
	seed, count := randomSeedCount(t, 600)
	g := &gen{rand.New(rand.NewSource(seed))}
	for i := 0; i < count; i++ {
		d := g.decl(i)
		if d.ExternC {
			continue
		}
		n, err := Name(d, target.Target{AddressSize: 64, SM: 70})
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	out, err := oracle.Run(t.TempDir(), cxxfilt, names...)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != len(names) {
		t.Fatalf("c++filt printed %d lines for %d names", len(want), len(names))
	}
	bad := 0
	for i, n := range names {
		got, err := Demangle(n)
		if err != nil {
			got = fmt.Sprint(err)
		}
		if got != want[i] {
			bad++
			if bad <= 20 {
				t.Errorf("Demangle(%s)\n\tgot  %s\n\twant %s", n, got, want[i])
			}
		}
	}
	t.Logf("%d of %d names agree with c++filt (%d from nvcc PTX, %d from random signatures)", len(names)-bad, len(names), nvcc, len(names)-nvcc)
}

// TestDemangleLibstdcxx demangles every C++ symbol that the system's
// libstdc++ exports and compares with c++filt, run once on all: names
// far richer than device code has (std:: abbreviations, argument packs,
// expressions, abi tags).
func TestDemangleLibstdcxx(t *testing.T) {
	oracle.Need(t, "nm", cxxfilt)
	libs, _ := filepath.Glob("/usr/lib/*/libstdc++.so.6")
	more, _ := filepath.Glob("/usr/lib*/libstdc++.so.6")
	libs = append(libs, more...)
	if len(libs) == 0 {
		t.Skip("no libstdc++.so.6 found")
	}
	out, err := oracle.Run(t.TempDir(), "nm", "-D", "--defined-only", libs[0])
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || !strings.HasPrefix(f[2], "_Z") {
			continue
		}
		n, _, _ := strings.Cut(f[2], "@")
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "names")
	if err := os.WriteFile(in, []byte(strings.Join(names, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err = oracle.Run(dir, "sh", "-c", cxxfilt+" < names")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != len(names) {
		t.Fatalf("c++filt printed %d lines for %d names", len(want), len(names))
	}
	bad := 0
	for i, n := range names {
		got, err := Demangle(n)
		if err != nil {
			got = n // c++filt leaves what it cannot demangle
		}
		if got != want[i] {
			bad++
			if bad <= 10 {
				t.Errorf("Demangle(%s)\n\tgot  %s\n\twant %s", n, got, want[i])
			}
		}
	}
	t.Logf("%s: %d of %d names agree with c++filt", libs[0], len(names)-bad, len(names))
}
