package cc

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestPTXAS assembles every corpus program as ptxabi cc compiles it for
// sm_52, sm_70, sm_80 and sm_90 (-m64 and -m32, -O3 and -O0 -g): ptxas
// must accept each. ptxas itself refuses -m32 for sm_90 (32-bit
// addressing ends with sm_8x), so that pair is not tried.
func TestPTXAS(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	ks := corpusKernels(t)
	type job struct {
		name string
		cfg  Config
		src  []byte
		file string
	}
	var jobs []job
	for _, sm := range []int{52, 70, 80, 90} {
		for _, m := range []int{64, 32} {
			if m == 32 && sm >= 90 {
				continue
			}
			for _, g := range []bool{false, true} {
				if testing.Short() && (g || m == 32) {
					continue
				}
				opt := 3
				if g {
					opt = 0
				}
				tgt := target.Target{AddressSize: m, SM: sm, PTX: target.Default.PTX}
				for _, k := range ks {
					jobs = append(jobs, job{fmt.Sprintf("%s/sm_%d-m%d-g=%v", k.Name, sm, m, g), Config{Target: tgt, Opt: opt, Debug: g}, k.Source, k.File})
				}
			}
		}
	}
	dir := t.TempDir()
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			ptx, err := Compile(&j.cfg, j.file, j.src)
			if err == nil {
				var flags []string
				if j.cfg.Debug {
					flags = append(flags, "-g")
				}
				if j.cfg.Target.AddressSize == 32 {
					flags = append(flags, "-m32")
				}
				err = oracle.Assemble(string(ptx), j.cfg.Target.Arch(), filepath.Join(dir, fmt.Sprintf("%d.cubin", i)), flags...)
			}
			if err != nil {
				mu.Lock()
				t.Errorf("%s: %v", j.name, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("%d PTX modules accepted by ptxas", len(jobs))
}
