package cfront_test

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// standInTypes are types of the built-in stand-ins of CUDA's headers that
// device functions take by value: their size and alignment decide the
// .param declarations (guide §2.3), so they must be nvcc's.
var standInTypes = []string{
	"cg::thread_group", "cg::thread_block", "cg::grid_group", "cg::coalesced_group",
	"cg::thread_block_tile<32>", "cg::thread_block_tile<4>", "cg::multi_grid_group",
}

// TestStandInLayoutsMatchNVCC asks nvcc for the size and alignment of
// standInTypes (-m64: CUDA 11.8's <cooperative_groups.h> does not compile
// for -m32) and checks them with cfront's stand-ins,
// laid out by package layout, as static_asserts.
func TestStandInLayoutsMatchNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	head := "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
	var exprs []string
	for _, ty := range standInTypes {
		exprs = append(exprs, "sizeof("+ty+")", "alignof("+ty+")")
	}
	src := head + "__device__ unsigned long long r[] = {" + strings.Join(exprs, ", ") + "};\n"
	for _, addr := range []int{64} {
		ptx := oracle.CompilePTX(t, src, addr, "-arch=sm_70")
		vals := oracle.Int64s(t, ptx, "r", len(exprs))
		var check strings.Builder
		check.WriteString(head)
		for i, e := range exprs {
			fmt.Fprintf(&check, "static_assert(%s == %d, \"nvcc: %s is %d\");\n", e, vals[i], e, vals[i])
		}
		tgt := target.Target{AddressSize: addr, SM: 70}
		cfg := &cfront.Config{Target: tgt, Sizes: layout.New(tgt)}
		if _, err := cfront.ParseFile(cfg, token.NewFileSet(), "check.cu", []byte(check.String())); err != nil {
			t.Errorf("-m%d: %v", addr, err)
		}
	}
}
