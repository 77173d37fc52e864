package cc

import (
	"regexp"
	"slices"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// dynSharedSource declares extern __shared__ arrays of elements of each
// alignment, read as float4 in places, beside static shared memory.
const dynSharedSource = `
struct __align__(32) B32 { float x[8]; };
extern __shared__ char dc[];
extern __shared__ float df[];
extern __shared__ double2 dd[];
extern __shared__ B32 db[];
__global__ void k(float *p)
{
	__shared__ char st[3];
	st[threadIdx.x % 3] = 1;
	float4 v = ((float4 *)df)[threadIdx.x];
	p[threadIdx.x] = v.x + dc[1] + dd[2].y + db[1].x[3] + st[0];
}
`

// externShared returns the .extern .shared declarations of ptx.
func externShared(ptx string) []string {
	return regexp.MustCompile(`(?m)^\.extern \.shared .*$`).FindAllString(ptx, -1)
}

// TestDynamicSharedAlign checks that extern __shared__ arrays are
// declared aligned to 16 at least, as nvcc declares them: a kernel may
// read dynamic shared memory as float4 whatever the element type.
func TestDynamicSharedAlign(t *testing.T) {
	ptx, err := Compile(&Config{Opt: 3}, "dyn.cu", []byte(dynSharedSource))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".extern .shared .align 16 .b8 dc[];", ".extern .shared .align 16 .b8 df[];",
		".extern .shared .align 16 .b8 dd[];", ".extern .shared .align 32 .b8 db[];",
	}
	got := externShared(string(ptx))
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("declarations:\n%q\nwant\n%q", got, want)
	}
	if testing.Short() {
		return
	}
	oracle.Need(t, oracle.NVCC)
	theirs := externShared(oracle.CompilePTX(t, dynSharedSource, 64, "-arch=sm_52"))
	slices.Sort(theirs)
	if !slices.Equal(got, theirs) {
		t.Errorf("declarations:\n%q\nnvcc's:\n%q", got, theirs)
	}
}
