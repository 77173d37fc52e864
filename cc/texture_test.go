package cc

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// texrefDecl matches a texture reference's declaration.
var texrefDecl = regexp.MustCompile(`(?m)^\.global \.texref \w+;`)

// texInstr matches a tex, sust or suld instruction's opcode and types.
var texInstr = regexp.MustCompile(`(?m)^\s*(tex\.(?:level\.)?[a-z0-9]+\.v4\.[a-z0-9]+\.[a-z0-9]+|su(?:st|ld)\.b\.[a-z0-9]+(?:\.v[24])?\.b[0-9]+\.[a-z]+)\s`)

// TestTextureFetches compiles testdata/texture/fetches.cu with ptxabi cc
// and with nvcc (-m64 and -m32): the same tex, sust and suld instructions in
// the same order (geometry, result and coordinate types, vector shape,
// element width and boundary mode), the same texture references
// declared, and ptxas assembles ours. The executor has no texture state, so what they compute is not
// compared.
func TestTextureFetches(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS)
	file := "testdata/texture/fetches.cu"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(file)
	for _, m := range []int{64, 32} {
		dir := t.TempDir()
		tgt := target.Target{AddressSize: m, SM: 52, PTX: target.Default.PTX}
		ours, err := Compile(&Config{Target: tgt, Opt: 3, Check: true}, file, src)
		if err != nil {
			t.Fatalf("-m%d: %v", m, err)
		}
		oursPTX := filepath.Join(dir, "ours.ptx")
		if err := os.WriteFile(oursPTX, ours, 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.Run(dir, oracle.PTXAS, oracle.MArg(m), "-arch=sm_52", "-o", filepath.Join(dir, "ours.cubin"), oursPTX); err != nil {
			t.Errorf("-m%d: ptxas: %v", m, err)
		}
		ref := filepath.Join(dir, "nvcc.ptx")
		if _, err := oracle.Run(dir, oracle.NVCC, "-ptx", "-arch=sm_52", oracle.MArg(m), "-o", ref, abs); err != nil {
			t.Fatal(err)
		}
		theirs, err := os.ReadFile(ref)
		if err != nil {
			t.Fatal(err)
		}
		opcodes := func(b []byte) []string {
			var out []string
			for _, m := range texInstr.FindAllSubmatch(b, -1) {
				out = append(out, string(m[1]))
			}
			return out
		}
		if got, want := texrefDecl.FindAll(ours, -1), texrefDecl.FindAll(theirs, -1); len(want) == 0 || !slices.EqualFunc(got, want, bytes.Equal) {
			t.Errorf("-m%d: texture references\n%q\nnvcc's\n%q", m, got, want)
		}
		got, want := opcodes(ours), opcodes(theirs)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("-m%d: tex instructions\n%q\nnvcc's\n%q", m, got, want)
		}
	}
}
