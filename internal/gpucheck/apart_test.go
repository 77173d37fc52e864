package main

import (
	"testing"

	"github.com/ptxabi/ptxabi/internal/kernels"
)

func TestApart(t *testing.T) {
	plain := &kernels.Kernel{Name: "k"}
	approx := &kernels.Kernel{Name: "k", Tags: []string{"approx"}}
	redux := &kernels.Kernel{Name: "k", Tags: []string{"jit-redux"}}
	for _, tt := range []struct {
		name  string
		kern  *kernels.Kernel
		what  string
		ptx   string
		apart bool
	}{
		{"plain", plain, ExecVsGPU, "\tadd.rn.f32 %f1, %f2, %f3;", false},
		{"approx vs executor", approx, ExecVsGPU, "", true},
		{"approx ours vs executor", approx, CCvsExec, "", true},
		{"approx ours vs nvcc", approx, CCvsNVCC, "", false},
		{"half without rounding", plain, ExecVsGPU, "\t{ add.bf16 %rs4,%rs1,%rs2; }", true},
		{"half pair without rounding", plain, CCvsNVCC, "\tmul.f16x2 %r1, %r2, %r3;", true},
		{"half with rounding", plain, ExecVsGPU, "\tfma.rn.f16x2 %r1, %r2, %r3, %r4;\n\tadd.rn.bf16 %rs1, %rs2, %rs3;", false},
		{"half without rounding, ours vs executor", plain, CCvsExec, "\tadd.f16 %rs1, %rs2, %rs3;", false},
		{"sub.ftz", plain, ExecVsGPU, "\tsub.ftz.f16 %rs1, %rs2, %rs3;", true},
		{"redux tagged", redux, ExecVsGPU, "\tredux.sync.add.s32 %r1, %r2, %r3;", true},
		{"redux tagged, no redux", redux, ExecVsGPU, "\tshfl.sync.idx.b32 %r1, %r2, %r3, %r4, %r5;", false},
		{"redux untagged", plain, ExecVsGPU, "\tredux.sync.add.s32 %r1, %r2, %r3;", false},
	} {
		if got := Apart(tt.kern, tt.what, tt.ptx) != ""; got != tt.apart {
			t.Errorf("%s: Apart = %q, want apart %v", tt.name, Apart(tt.kern, tt.what, tt.ptx), tt.apart)
		}
	}
}
