package atomic

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// ptxas accepts the module of every target's mappings, fallbacks applied.
func TestModulePTXAS(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	for _, tg := range []target.Target{tgt(90, "7.8"), tgt(70, "6.0"), tgt(80, "7.8"), tgt(60, "5.0"), tgt(52, "4.1"),
		{AddressSize: 32, SM: 70, PTX: target.Version{Major: 6, Minor: 0}}} {
		ms := Mappings(tg)
		mod := Module(tg, ms)
		if n := strings.Count(mod, ".entry "); n != len(ms) {
			t.Errorf("%s: %d entries for %d mappings", tg.Arch(), n, len(ms))
		}
		if err := oracle.Assemble(mod, tg.Arch(), ""); err != nil {
			t.Errorf("ptxas rejects the module for %s (-m%d): %v", tg.Arch(), tg.AddressSize, err)
		}
	}
}

// nvccOp is how a kernel performs op with libcu++'s cuda::atomic_ref.
var nvccOp = map[Op]string{
	Load:  "*o = a.load(%s);",
	Store: "a.store(v, %s);",
	Add:   "*o = a.fetch_add(v, %s);",
	Exch:  "*o = a.exchange(v, %s);",
	CAS:   "{ int e = *o; a.compare_exchange_strong(e, v, %s); *o = e; }",
	And:   "*o = a.fetch_and(v, %s);",
	Or:    "*o = a.fetch_or(v, %s);",
	Xor:   "*o = a.fetch_xor(v, %s);",
	Min:   "*o = a.fetch_min(v, %s);",
	Max:   "*o = a.fetch_max(v, %s);",
	// Inc and Dec: libcu++ has no fetch_inc/fetch_dec (atomicInc is a
	// legacy intrinsic with no order); not compiled.
}

var nvccScope = map[Scope]string{CTA: "block", GPU: "device", Sys: "system"} // no thread_scope_cluster in CUDA 11.8

// TestNVCC compiles, for each arch, one kernel per (order, op, scope) that
// libcu++ (CUDA 11.8) can express, and checks that the recognizer reads
// nvcc's sequence as a mapping of the same operation (possibly
// strengthened, or legacy below sm_70).
func TestNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, sm := range []int{60, 70, 90} {
		t.Run(fmt.Sprintf("sm_%d", sm), func(t *testing.T) {
			var src strings.Builder
			src.WriteString("#include <cuda/atomic>\n")
			type kernel struct {
				name string
				o    Order
				op   Op
				sc   Scope
			}
			var ks []kernel
			for _, m := range Table() {
				scope, okS := nvccScope[m.Scope]
				stmt, okO := nvccOp[m.Op]
				if !okS || (!okO && m.Op != Fence) {
					continue
				}
				k := kernel{fmt.Sprintf("k_%s_%s_%s", m.Order, m.Op, m.Scope), m.Order, m.Op, m.Scope}
				ks = append(ks, k)
				order := "cuda::memory_order_" + m.Order.String()
				if m.Op == Fence {
					fmt.Fprintf(&src, "extern \"C\" __global__ void %s() { cuda::atomic_thread_fence(%s, cuda::thread_scope_%s); }\n", k.name, order, scope)
					continue
				}
				fmt.Fprintf(&src, "extern \"C\" __global__ void %s(int *p, int *o, int v) { cuda::atomic_ref<int, cuda::thread_scope_%s> a(*p); %s }\n",
					k.name, scope, fmt.Sprintf(stmt, order))
			}
			// Inc and Dec through CUDA's atomicInc/atomicDec (relaxed, no
			// libcu++ equivalent): atomicInc_block, atomicInc, atomicInc_system.
			for _, op := range []Op{Inc, Dec} {
				for sc, suffix := range map[Scope]string{CTA: "_block", GPU: "", Sys: "_system"} {
					k := kernel{fmt.Sprintf("k_relaxed_%s_%s", op, sc), Relaxed, op, sc}
					ks = append(ks, k)
					fn := map[Op]string{Inc: "atomicInc", Dec: "atomicDec"}[op] + suffix
					fmt.Fprintf(&src, "extern \"C\" __global__ void %s(unsigned *p, unsigned *o, unsigned v) { *o = %s(p, v); }\n", k.name, fn)
				}
			}
			ptx := oracle.CompilePTX(t, src.String(), 64, fmt.Sprintf("-arch=sm_%d", sm), "-std=c++17")
			seqs := kernelSequences(ptx)
			recognized := 0
			for _, k := range ks {
				seq, ok := seqs[k.name]
				if !ok {
					t.Errorf("kernel %s not found in nvcc's PTX", k.name)
					continue
				}
				m, ok := Implements(seq, k.o, k.op, k.sc)
				if !ok {
					got, rok := Recognize(seq)
					t.Errorf("%s: nvcc's %q is no mapping of %s %s %s (Recognize: %v %v)", k.name, seq, k.o, k.op, k.sc, got, rok)
					continue
				}
				if sm >= 70 && m.Legacy {
					t.Errorf("%s: nvcc's %q for sm_%d read as a legacy sequence", k.name, seq, sm)
				}
				recognized++
			}
			t.Logf("sm_%d: %d of %d nvcc kernels recognized", sm, recognized, len(ks))
			if len(ks) != 156 { // 3 scopes × (4 fences + 3 loads + 3 stores + 5 orders × 8 RMW ops + relaxed inc, dec)
				t.Errorf("%d kernels, want 156", len(ks))
			}
		})
	}
}

var (
	entryRE = regexp.MustCompile(`\.entry\s+(\w+)`)
	instrRE = regexp.MustCompile(`^\s*(?:@!?%\w+\s+)?([a-z][\w.:]*)`)
)

// kernelSequences returns, for each .entry of a PTX module, its Relevant
// instructions as dotted names, in order.
func kernelSequences(ptx string) map[string][]string {
	out := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(ptx, "\n") {
		if m := entryRE.FindStringSubmatch(line); m != nil {
			cur = m[1]
			out[cur] = nil
			continue
		}
		if cur == "" {
			continue
		}
		if m := instrRE.FindStringSubmatch(line); m != nil && Relevant(m[1]) {
			out[cur] = append(out[cur], m[1])
		}
	}
	return out
}
