package abi_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// linkCount is the number of random signatures each nvlink test links.
const linkCount = 100

// linkSet returns random device-function signatures with their
// declarations, leaving out those that no call can pass (N5).
func linkSet(t *testing.T, addr int, seed uint64) (*sigGen, []sig, []*abi.Decl) {
	s := newSigGen(seed, addr)
	tgt := target.Default
	tgt.AddressSize = addr
	l := layout.New(tgt)
	var sigs []sig
	var decls []*abi.Decl
	fixed := s.fixed()
	for n := linkCount + len(fixed); len(sigs) < n; {
		var sg sig
		if len(fixed) > 0 {
			sg, fixed = fixed[0], fixed[1:]
		} else {
			sg = s.sig(false)
		}
		d, err := abi.Lower(sg.decl, l, sg.decl.Name)
		if err != nil {
			t.Fatalf("%s: %v", sg.src, err)
		}
		if beyondNoteD(d) {
			continue
		}
		sigs = append(sigs, sg)
		decls = append(decls, d)
	}
	return s, sigs, decls
}

// definitions is a PTX module defining every function of decls with a
// small body: a scalar result is the first parameter of its type, or
// zero; an aggregate result is zero.
func definitions(addr int, decls []*abi.Decl) string {
	var m strings.Builder
	fmt.Fprintf(&m, ".version 7.8\n.target sm_52\n.address_size %d\n", addr)
	for _, d := range decls {
		m.WriteString("\n" + d.Header() + "\n{\n\t.reg .b16 %h<2>;\n\t.reg .b32 %r<2>;\n\t.reg .b64 %d<2>;\n")
		m.WriteString("\tmov.b16 %h1, 0;\n\tmov.b32 %r1, 0;\n\tmov.b64 %d1, 0;\n")
		if r := d.Ret; r != nil {
			if r.IsAggregate() {
				for _, ch := range abi.Chunks(r.Size, r.Align) {
					reg := map[int64]string{1: "%h1", 2: "%h1", 4: "%r1", 8: "%d1"}[ch.Bytes]
					fmt.Fprintf(&m, "\tst.param.b%d [func_retval0+%d], %s;\n", ch.Bytes*8, ch.Offset, reg)
				}
			} else {
				reg := map[int64]string{4: "%r1", 8: "%d1"}[r.Size]
				for _, p := range d.Params {
					if p.Type == r.Type {
						fmt.Fprintf(&m, "\tld.param%s %s, [%s];\n", p.Type, reg, p.Name)
						break
					}
				}
				fmt.Fprintf(&m, "\tst.param%s [func_retval0+0], %s;\n", r.Type, reg)
			}
		}
		m.WriteString("\tret;\n}\n")
	}
	return m.String()
}

// link compiles cu with nvcc to relocatable device code, assembles ptx
// with ptxas -c, and links both with nvlink; it returns the directory that
// holds nvcc's object and nvlink's error.
func link(t *testing.T, addr int, cu, ptx string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "theirs.cu"), []byte(cu), 0o666); err != nil {
		t.Fatal(err)
	}
	// -Xptxas -O0: only the prototypes matter, and optimising a kernel
	// with a hundred calls is slow.
	if _, err := oracle.Run(dir, oracle.NVCC, oracle.MArg(addr), "-cubin", "-rdc=true", "-arch=sm_52", "-Xptxas", "-O0", "-std=c++17", "-w", "-o", "theirs.cubin", "theirs.cu"); err != nil {
		t.Fatalf("nvcc: %v", err)
	}
	return dir, relink(t, dir, addr, ptx)
}

// relink assembles ptx and links it with the nvcc object in dir.
func relink(t *testing.T, dir string, addr int, ptx string) error {
	t.Helper()
	m := oracle.MArg(addr)
	if err := oracle.Assemble(ptx, "sm_52", filepath.Join(dir, "ours.cubin"), "-c", m); err != nil {
		t.Fatalf("ptxas rejects our module: %v", err)
	}
	_, err := oracle.Run(dir, oracle.NVLINK, m, "-arch=sm_52", "-o", "linked.cubin", "theirs.cubin", "ours.cubin")
	return err
}

// TestLinkNVCCCallsOurs: our PTX defines the functions; CUDA C++ compiled
// by nvcc declares and calls them; nvlink, which compares the prototypes
// of the two objects, must link them. A module with one parameter changed
// must not link.
func TestLinkNVCCCallsOurs(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			s, sigs, decls := linkSet(t, addr, *oracleSeed+200)
			var cu strings.Builder
			cu.WriteString("#include <cuda_bf16.h>\n" + s.g.Source() + s.extra.String())
			for _, sg := range sigs {
				cu.WriteString(sg.proto)
			}
			cu.WriteString("extern \"C\" __global__ void caller(char *buf) {\n")
			for _, sg := range sigs {
				fmt.Fprintf(&cu, "\t%s(%s);\n", sg.decl.Name, strings.Join(sg.args, ", "))
			}
			cu.WriteString("}\n")
			dir, err := link(t, addr, cu.String(), definitions(addr, decls))
			if err != nil {
				t.Fatalf("nvlink rejects our definitions: %v", err)
			}
			t.Logf("nvlink linked %d functions defined by us and called from nvcc's code, -m%d", len(decls), addr)

			// The same with one parameter a little larger must fail.
			bad := *decls[0]
			bad.Params = append([]*abi.Param{}, bad.Params...)
			if len(bad.Params) == 0 {
				t.Fatalf("%s has no parameters to change", bad.Name)
			}
			p := *bad.Params[0]
			if p.IsAggregate() {
				p.Size += p.Align
			} else if p.Type == ".b32" {
				p.Type, p.Size = ".b64", 8
			} else {
				p.Type, p.Size = ".b32", 4
			}
			was := bad.Params[0].PTXType()
			bad.Params[0] = &p
			decls[0] = &bad
			err = relink(t, dir, addr, definitions(addr, decls))
			if err == nil || !strings.Contains(err.Error(), "Prototype doesn't match") {
				t.Fatalf("nvlink linked a definition of %s whose parameter 0 is %s, not %s: %v", bad.Name, p.PTXType(), was, err)
			}
		})
	}
}

// TestLinkOursCallsNVCC: CUDA C++ compiled by nvcc defines the functions;
// our PTX declares them .extern and calls each, directly and indirectly;
// nvlink must link them.
func TestLinkOursCallsNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS, oracle.NVLINK)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			s, sigs, decls := linkSet(t, addr, *oracleSeed+300)
			var cu strings.Builder
			cu.WriteString("#include <cuda_bf16.h>\n" + s.g.Source() + s.extra.String())
			for _, sg := range sigs {
				cu.WriteString(sg.src)
			}
			if _, err := link(t, addr, cu.String(), callerModule(t, addr, decls)); err != nil {
				t.Fatalf("nvlink rejects our calls: %v", err)
			}
			t.Logf("nvlink linked our calls of %d functions defined by nvcc, -m%d", len(decls), addr)
		})
	}
}
