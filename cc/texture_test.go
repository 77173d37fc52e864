package cc

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// textureInstr matches a texture or surface instruction (tex, tld4,
// suld.b, sust.b) with its operands, and textureDecl a texture or surface
// reference's declaration.
var (
	textureInstr = regexp.MustCompile(`(?m)^\s*((?:tex|tld4|suld|sust)\.[a-z0-9.]+\s[^;]*;)`)
	textureDecl  = regexp.MustCompile(`(?m)^((?:\.visible\s+)?\.global\s+\.(?:tex|surf)ref\s+\w+;)`)
	register     = regexp.MustCompile(`%[a-z]+[0-9]+`)
	blanks       = regexp.MustCompile(`\s+`)
)

// textureShapes are the texture and surface instructions of a PTX file
// as nvcc and ptxabi cc may both write them: registers as %, blanks as
// one space; then the references' declarations (sorted by the caller).
func textureShapes(b []byte) (instrs, decls []string) {
	for _, m := range textureInstr.FindAllSubmatch(b, -1) {
		s := register.ReplaceAllString(string(m[1]), "%")
		instrs = append(instrs, blanks.ReplaceAllString(s, " "))
	}
	for _, m := range textureDecl.FindAllSubmatch(b, -1) {
		decls = append(decls, blanks.ReplaceAllString(string(m[1]), " "))
	}
	return instrs, decls
}

// TestTextureFetches compiles the files of testdata/texture with ptxabi
// cc and with nvcc (-m64 and -m32, and -m64 -rdc=true): the same tex,
// tld4, suld and sust instructions in the same order (opcode, types,
// texture or surface, and operands, registers aside), the same .texref
// and .surfref declarations, and ptxas assembles ours for sm_52, sm_70,
// sm_80 and sm_90. The executor has no texture or surface state, so what
// they fetch, read and write is not compared.
func TestTextureFetches(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS)
	files, err := filepath.Glob("testdata/texture/*.cu")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata/texture: %v (%d files)", err, len(files))
	}
	configs := []struct {
		m   int
		rdc bool
	}{{64, false}, {32, false}, {64, true}}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(file)
		for _, cf := range configs {
			name := filepath.Base(file) + "/-m" + itoa(cf.m)
			if cf.rdc {
				name += "-rdc"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				tgt := target.Target{AddressSize: cf.m, SM: 52, PTX: target.Default.PTX}
				ours, err := Compile(&Config{Target: tgt, Opt: 3, Check: true, RDC: cf.rdc}, file, src)
				if err != nil {
					t.Fatal(err)
				}
				oursPTX := filepath.Join(dir, "ours.ptx")
				if err := os.WriteFile(oursPTX, ours, 0o666); err != nil {
					t.Fatal(err)
				}
				for _, sm := range []string{"52", "70", "80", "90"} {
					if cf.m == 32 && sm == "90" {
						continue // ptxas has no 32-bit ABI for sm_90
					}
					if _, err := oracle.Run(dir, oracle.PTXAS, oracle.MArg(cf.m), "-arch=sm_"+sm, "-c", "-o", filepath.Join(dir, "ours.cubin"), oursPTX); err != nil {
						t.Errorf("ptxas -arch=sm_%s: %v", sm, err)
					}
				}
				ref := filepath.Join(dir, "nvcc.ptx")
				args := []string{"-ptx", "-arch=sm_52", oracle.MArg(cf.m), "-o", ref, abs}
				if cf.rdc {
					args = append(args, "-rdc=true")
				}
				if _, err := oracle.Run(dir, oracle.NVCC, args...); err != nil {
					t.Fatal(err)
				}
				theirs, err := os.ReadFile(ref)
				if err != nil {
					t.Fatal(err)
				}
				theirs = renameStatics(theirs, ours)
				got, gotDecls := textureShapes(ours)
				want, wantDecls := textureShapes(theirs)
				if len(want) == 0 || !slices.Equal(got, want) {
					t.Errorf("instructions\n%s\nnvcc's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				// nvcc declares those of namespaces after the others.
				slices.Sort(gotDecls)
				slices.Sort(wantDecls)
				if !slices.Equal(gotDecls, wantDecls) {
					t.Errorf("declarations\n%s\nnvcc's\n%s", strings.Join(gotDecls, "\n"), strings.Join(wantDecls, "\n"))
				}
			})
		}
	}
}

// nvccStatic matches the name nvcc -rdc=true gives a static texture
// reference: __nv_static_ and a hash of the file, then its name.
var nvccStatic = regexp.MustCompile(`__nv_static_\w+`)

// renameStatics replaces, in nvcc's PTX, each name nvccStatic matches
// with the name of ours (undecorated) that it ends with.
func renameStatics(theirs, ours []byte) []byte {
	_, decls := textureShapes(ours)
	return nvccStatic.ReplaceAllFunc(theirs, func(n []byte) []byte {
		for _, d := range decls {
			f := strings.Fields(strings.TrimSuffix(d, ";"))
			if name := f[len(f)-1]; strings.HasSuffix(string(n), "_"+name) {
				return []byte(name)
			}
		}
		return n
	})
}
