package atomic_test

import (
	"fmt"
	"strings"

	"github.com/ptxabi/ptxabi/atomic"
	"github.com/ptxabi/ptxabi/target"
)

// Look up how a sequentially consistent load at gpu scope is written in
// PTX (guide §4), for sm_70 and for sm_52, which lacks the memory model.
func ExampleMappings() {
	order, op, scope := atomic.SeqCst, atomic.Load, atomic.GPU
	for _, sm := range []int{70, 52} {
		t := target.Target{AddressSize: 64, SM: sm, PTX: target.Default.PTX}
		for _, m := range atomic.Filter(atomic.Mappings(t), &order, &op, &scope) {
			fmt.Printf("sm_%d, %s %s %s:\n", sm, m.Order, m.Op, m.Scope)
			for _, seq := range m.Sequences {
				fmt.Printf("\t%s\n", strings.Join(seq, "; "))
			}
		}
	}
	// Output:
	// sm_70, seq_cst load gpu:
	// 	fence.sc.gpu; ld.acquire.gpu
	// 	fence.sc.gpu; ld.relaxed.gpu; fence.acq_rel.gpu
	// sm_52, seq_cst load gpu:
	// 	membar.gl; ld.volatile; membar.gl
}

// Recognize works the other way: from instructions to the operation.
func ExampleRecognize() {
	m, ok := atomic.Recognize([]string{"fence.sc.gpu", "ld.acquire.gpu.u32 %r1, [%rd1]"})
	fmt.Println(ok, m.Order, m.Op, m.Scope)
	// Output:
	// true seq_cst load gpu
}
