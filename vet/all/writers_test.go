package all_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/ptxabi/ptxabi/atomic"
	"github.com/ptxabi/ptxabi/internal/txtar"
	"github.com/ptxabi/ptxabi/target"
)

// TestOwnWritersSilent: vet says nothing about the PTX that ptxabi's own
// writers produce, which the oracle tests hold to nvcc and ptxas: the
// system call lowerings of package syscall (printf buffers of every
// argument kind, assert, malloc, free; -m64 and -m32) and the atomics
// modules of package atomic for targets from sm_52 to sm_90.
func TestOwnWritersSilent(t *testing.T) {
	data, err := os.ReadFile("../../syscall/testdata/lowering.txtar")
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	if len(ar.Files) < 10 {
		t.Fatalf("%d lowerings", len(ar.Files))
	}
	for _, f := range ar.Files {
		expectSilent(t, []string{f.Name}, [][]byte{f.Data})
	}
	for _, sm := range []int{52, 60, 70, 80, 90} {
		for _, ptx := range []target.Version{target.MinPTX(sm), {Major: 7, Minor: 8}, {Major: 8, Minor: 6}} {
			if ptx.Less(target.MinPTX(sm)) {
				continue
			}
			tg := target.Target{AddressSize: 64, SM: sm, PTX: ptx}
			src := atomic.Module(tg, atomic.Mappings(tg))
			expectSilent(t, []string{fmt.Sprintf("atomics-sm_%d-%s.ptx", sm, ptx)}, [][]byte{[]byte(src)})
		}
	}
}
