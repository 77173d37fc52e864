package cc

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// volatileLoad matches a volatile load, with its qualifiers in either
// order (ld.volatile.global, ld.global.volatile).
var volatileLoad = regexp.MustCompile(`(?m)^\s*ld(\.[a-z]+)*\.volatile\b`)

// TestVolatileReads compiles reads of volatile objects, each as a kernel
// alone, with ptxabi cc and with nvcc: as many volatile loads as nvcc's
// (a spin loop on a flag must reload it), through a pointer to volatile,
// a cast to one, and a volatile global, whose value is then an rvalue of
// the unqualified type.
func TestVolatileReads(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, c := range []struct{ name, src string }{
		{"pointer", "__global__ void k(unsigned *p) { volatile unsigned *q = p; while (*q == 0); p[1] = 3; }"},
		{"cast", "__global__ void k(unsigned *p, unsigned o) { while (((*(volatile unsigned *)p ^ o) & 0x80000000u) == 0); p[1] = 2; }"},
		{"member", "struct F { volatile int ready; int v; };\n__global__ void k(F *f, int *o) { while (!f->ready); o[0] = f->v; }"},
		{"global", "__device__ volatile int flag;\n__global__ void k(int *o) { int a = flag; int b = flag; o[0] = a + b; }"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, c.name+".cu")
			if err := os.WriteFile(file, []byte(c.src+"\n"), 0o666); err != nil {
				t.Fatal(err)
			}
			ours, err := Compile(&Config{Target: target.Target{AddressSize: 64, SM: 70, PTX: target.Default.PTX}, Opt: 3, Check: true}, file, []byte(c.src+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			ref := filepath.Join(dir, "nvcc.ptx")
			if _, err := oracle.Run(dir, oracle.NVCC, "-ptx", "-arch=sm_70", "-o", ref, file); err != nil {
				t.Fatal(err)
			}
			theirs, err := os.ReadFile(ref)
			if err != nil {
				t.Fatal(err)
			}
			got, want := len(volatileLoad.FindAll(ours, -1)), len(volatileLoad.FindAll(theirs, -1))
			if want == 0 || got != want {
				t.Errorf("%d volatile loads, nvcc %d:\n%s", got, want, ours)
			}
		})
	}
}
