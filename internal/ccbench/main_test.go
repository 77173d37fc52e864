package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCountSASS(t *testing.T) {
	const head = "\n\tcode for sm_70\n\t\tFunction : k\n\t.headerflags    @\"EF_CUDA_SM70 EF_CUDA_PTX_SM(EF_CUDA_SM70)\"\n"
	line := func(addr, text string) string {
		return "        /*" + addr + "*/                   " + text + " ;   /* 0x000fc600078e00ff */\n" +
			"                                                          /* 0x000fc600078e00ff */\n"
	}
	for _, tc := range []struct {
		name        string
		listing     string
		insts, lmem int
	}{
		{"empty", "", 0, 0},
		{"plain", head + line("0000", "IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]") + line("0010", "EXIT"), 2, 0},
		{"nop and self-branch", head + line("0000", "EXIT") + line("0010", "BRA 0x10") + line("0020", "NOP") + line("0030", "NOP"), 1, 0},
		{"branch elsewhere", head + line("0000", "BRA 0x40") + line("0010", "EXIT"), 2, 0},
		{"guarded self-branch counts", head + line("0000", "@P0 BRA 0x0") + line("0010", "EXIT"), 2, 0},
		{"guarded NOP", head + line("0000", "@!PT NOP") + line("0010", "EXIT"), 1, 0},
		{"local memory", head + line("0000", "STL.64 [R1+0x50], R8") + line("0010", "@P1 LDL R0, [R1+0x50]") + line("0020", "LDG.E.SYS R5, [R6]"), 3, 2},
		{"two functions", head + line("0000", "EXIT") + line("0010", "BRA 0x10") + "\t\tFunction : f\n" + line("0000", "RET.ABS.NODEC R20 0x0") + line("0010", "BRA 0x10"), 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, l := countSASS([]byte(tc.listing))
			if n != tc.insts || l != tc.lmem {
				t.Errorf("countSASS = %d, %d; want %d, %d", n, l, tc.insts, tc.lmem)
			}
		})
	}
}

func TestResUsage(t *testing.T) {
	out := "\nResource usage:\n Common:\n  GLOBAL:0\n Function structs:\n  REG:30 STACK:264 SHARED:0 LOCAL:0 CONSTANT[0]:392 TEXTURE:0 SURFACE:0 SAMPLER:0\n Function _Z1fi:\n  REG:8 STACK:0 SHARED:0 LOCAL:16\n"
	got := resUsage([]byte(out))
	if u := got["structs"]; u["REG"] != 30 || u["STACK"] != 264 || u["LOCAL"] != 0 || u["CONSTANT[0]"] != 392 {
		t.Errorf("structs: %v", u)
	}
	if u := got["_Z1fi"]; u["REG"] != 8 || u["LOCAL"] != 16 {
		t.Errorf("_Z1fi: %v", u)
	}
	if len(got) != 2 {
		t.Errorf("functions: %v", got)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.xs); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}

// TestGenerated checks that nvcc compiles the generated file: its kernels
// are all there.
func TestGenerated(t *testing.T) {
	if _, err := exec.LookPath("nvcc"); err != nil {
		t.Skip("nvcc not found on PATH (scripts/install-oracle.sh installs it)")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "gen.cu")
	if err := os.WriteFile(src, genKernels(8), 0o666); err != nil {
		t.Fatal(err)
	}
	ptx := filepath.Join(dir, "gen.ptx")
	if out, err := exec.Command("nvcc", "-ptx", "-arch=sm_70", "-o", ptx, src).CombinedOutput(); err != nil {
		t.Fatalf("nvcc: %v\n%s", err, out)
	}
	b, err := os.ReadFile(ptx)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte(".visible .entry k")); n != 8 {
		t.Errorf("%d kernels in nvcc's PTX, want 8", n)
	}
	if !strings.Contains(string(b), "k7(") {
		t.Errorf("k7 missing")
	}
}
