package abi_test

import (
	"flag"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

var memberCount = flag.Int("count-units", int(envUint("PTXABI_COUNT_UNITS", 150)), "random C++ units (classes with members, function templates) per address size compared with nvcc (env PTXABI_COUNT_UNITS)")

// anyHeaderRE matches a PTX function header of any linkage.
var anyHeaderRE = regexp.MustCompile(`(?m)^\.(?:visible|weak) \.(func|entry)(?:\s+\(([^)]*)\))? (\w+)(\(\)|\(\n(?:\t[^\n]*\n)*\))`)

// symbolRE matches every mangled name in PTX.
var symbolRE = regexp.MustCompile(`\b_Z\w+`)

// TestMembersMatchNVCC compiles random C++ (classes with member functions,
// constructors, destructors, operators and conversion functions, class and
// function template instantiations with type, non-type and pack arguments,
// nested namespaces and classes, pointers to members) with nvcc -rdc=true
// and checks, -m64 and -m32, that every function the source defines has
// the symbols nvcc emits (mangle.Variants) with nvcc's .func header
// (abi.Lower), and that every symbol in nvcc's PTX demangles (Demangle) to
// c++filt's text.
func TestMembersMatchNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, "c++filt")
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			compareMembers(t, addr, *oracleSeed, *memberCount)
		})
	}
}

func compareMembers(t *testing.T, addr int, seed uint64, count int) {
	g := ctgen.NewMembers(seed + uint64(addr))
	for range count {
		g.Unit()
	}
	src := g.Source()
	ptx := oracle.CompilePTX(t, src, addr, "-arch="+*oracleArch, "-rdc=true", "-std=c++17", "-w")
	headers := map[string]string{}
	for _, m := range anyHeaderRE.FindAllStringSubmatch(ptx, -1) {
		headers[m[3]] = m[0]
	}
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	ours := map[string]bool{}
	symbols, decls, hidden, byRef := 0, 0, 0, 0
	for _, d := range g.Funcs() {
		if d.Template != nil && d.Template.Signature != nil {
			// The declared signature, substituted, is the instantiated one.
			sub := ctypes.Substitute(d.Template.Signature, d.Template.Args).(*ctypes.Func)
			inst := *d.Type
			inst.Const, inst.Volatile, inst.Ref = false, false, ctypes.NoRef
			if a, b := ctypes.CXXString(sub, "f"), ctypes.CXXString(&inst, "f"); a != b {
				t.Errorf("%s: substituted signature %s, instantiated %s", d.QualifiedName(), a, b)
			}
		}
		names, err := mangle.Variants(d, tgt)
		if err != nil {
			t.Errorf("-m%d %s: %v", addr, d.QualifiedName(), err)
			continue
		}
		for _, name := range names {
			ours[name] = true
			text, ok := headers[name]
			if !ok {
				t.Errorf("-m%d %s: nvcc emits no %s; it emits %s", addr, d.QualifiedName(), name, near(headers, d.Name))
				continue
			}
			symbols++
			decl, err := abi.Lower(d, l, name)
			if err != nil {
				t.Errorf("-m%d %s: %v", addr, name, err)
				continue
			}
			if decl.Header() != text {
				t.Errorf("-m%d %s:\n ours %s\nnvcc %s", addr, name, decl.Header(), text)
				continue
			}
			decls++
			if decl.HiddenReturn() {
				hidden++
			}
			for _, p := range decl.Params {
				if p.Hidden && !p.Return {
					byRef++
				}
			}
		}
	}
	var others []string
	for name := range headers {
		if !ours[name] && strings.HasPrefix(name, "_Z") {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	// Every symbol nvcc wrote demangles to c++filt's text.
	seen := map[string]bool{}
	var all []string
	for _, s := range symbolRE.FindAllString(ptx, -1) {
		if strings.Contains(s, "_param_") || seen[s] {
			continue
		}
		seen[s] = true
		all = append(all, s)
	}
	sort.Strings(all)
	out, err := oracle.Run(t.TempDir(), "c++filt", all...)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != len(all) {
		t.Fatalf("c++filt printed %d lines for %d names", len(want), len(all))
	}
	demangled := 0
	for i, s := range all {
		got, err := mangle.Demangle(s)
		if err != nil || got != want[i] {
			t.Errorf("Demangle(%s) = %q, %v; c++filt %q", s, got, err, want[i])
			continue
		}
		demangled++
	}
	var cats []string
	for k, v := range g.Counts {
		cats = append(cats, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(cats)
	if hidden == 0 || byRef == 0 {
		t.Errorf("-m%d: no hidden return pointer (%d) or class passed by invisible reference (%d) among the functions", addr, hidden, byRef)
	}
	t.Logf("seed %d -m%d: %d symbols named as nvcc does, %d .func and .entry headers as nvcc writes them (%d with a hidden return pointer, %d classes passed by invisible reference) (%s); %d symbols nvcc also emits (implicit members, vtables' users); %d of %d mangled names in the PTX demangled as c++filt does",
		seed, addr, symbols, decls, hidden, byRef, strings.Join(cats, ", "), len(others), demangled, len(all))
}

// near lists nvcc's symbols that contain name, for a failure message.
func near(headers map[string]string, name string) string {
	var out []string
	for h := range headers {
		if len(name) > 0 && strings.Contains(h, fmt.Sprint(len(name))+name) {
			out = append(out, h)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestLinkOursCallsNVCCMembers: nvcc defines random C++ member functions,
// constructors, destructors, operators and template instantiations; our
// PTX declares each .extern as Lower says and calls it; nvlink, which
// resolves the names, must link them.
func TestLinkOursCallsNVCCMembers(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			g := ctgen.NewMembers(*oracleSeed + 400 + uint64(addr))
			for range 60 {
				g.Unit()
			}
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			var decls []*abi.Decl
			seen := map[string]bool{}
			for _, d := range g.Funcs() {
				if d.Kind != ctypes.DeviceFunc {
					continue
				}
				names, err := mangle.Variants(d, tgt)
				if err != nil {
					t.Fatal(err)
				}
				for _, name := range names {
					decl, err := abi.Lower(d, l, name)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if beyondNoteD(decl) || seen[name] {
						continue
					}
					seen[name] = true
					decls = append(decls, decl)
				}
			}
			dir, err := link(t, addr, g.Source(), callerModule(t, addr, decls))
			if err != nil {
				t.Fatalf("nvlink rejects our calls: %v", err)
			}
			// nvlink does not compare a caller's .extern prototype with the
			// definition (an extra parameter links), but it does resolve
			// the name: a call of a misnamed function must not link.
			bad := *decls[0]
			bad.Name += "x"
			for _, p := range bad.Params {
				p.Name = strings.Replace(p.Name, decls[0].Name, bad.Name, 1)
			}
			changed := append([]*abi.Decl{&bad}, decls[1:]...)
			if err := relink(t, dir, addr, callerModule(t, addr, changed)); err == nil {
				t.Errorf("nvlink linked a call of %s, which nvcc does not define", bad.Name)
			}
			t.Logf("nvlink linked our calls of %d C++ member functions, constructors, destructors, operators and template instantiations defined by nvcc, -m%d", len(decls), addr)
		})
	}
}

// TestLinkNVCCCallsOurMembers: CUDA C++ compiled by nvcc declares random
// C++ member functions, constructors, destructors, operators and template
// specializations and calls them; our PTX defines them as Lower declares
// them; nvlink, which compares a definition's prototype with its callers',
// must link them, and must refuse a definition with one parameter changed.
func TestLinkNVCCCallsOurMembers(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			g := ctgen.NewMembers(*oracleSeed + 500 + uint64(addr))
			g.DeclOnly = true
			for range 60 {
				g.Unit()
			}
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			var decls []*abi.Decl
			seen := map[string]bool{}
			for _, d := range g.Funcs() {
				names, err := mangle.Variants(d, tgt)
				if err != nil {
					t.Fatal(err)
				}
				for _, name := range names {
					decl, err := abi.Lower(d, l, name)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if seen[name] {
						continue
					}
					seen[name] = true
					decls = append(decls, decl)
				}
			}
			dir, err := link(t, addr, g.Source()+g.Caller(), definitions(addr, decls))
			if err != nil {
				t.Fatalf("nvlink rejects our definitions: %v", err)
			}
			t.Logf("nvlink linked %d C++ member functions, constructors, destructors, operators and template specializations defined by us and called from nvcc's code, -m%d", len(decls), addr)
			for i, d := range decls {
				if d.Linkage != abi.Visible || len(d.Params) == 0 || d.Params[0].IsAggregate() {
					continue
				}
				bad := *d
				bad.Params = append([]*abi.Param{}, d.Params...)
				p := *bad.Params[0]
				if p.Type == ".b32" {
					p.Type, p.Size = ".b64", 8
				} else {
					p.Type, p.Size = ".b32", 4
				}
				bad.Params[0] = &p
				changed := append([]*abi.Decl{}, decls...)
				changed[i] = &bad
				if err := relink(t, dir, addr, definitions(addr, changed)); err == nil || !strings.Contains(err.Error(), "Prototype doesn't match") {
					t.Errorf("nvlink linked a definition of %s whose parameter 0 is %s: %v", d.Name, p.PTXType(), err)
				}
				break
			}
		})
	}
}
