// Package wcl times "wc -l" on a file: the yardstick of the PTX throughput
// benchmarks (ptx/parser, dwarf), which report their time per operation
// as a multiple of it, measured in the same run on the same file, so that
// the figure means the same on a fast machine and a slow one.
package wcl

import (
	"fmt"
	"os/exec"
	"testing"
	"time"
)

// runs is how many times Time runs wc -l; it keeps the fastest.
const runs = 7

// Time returns the fastest of several runs of "wc -l path", each a whole
// process as a user would start it.
func Time(path string) (time.Duration, error) {
	wc, err := exec.LookPath("wc")
	if err != nil {
		return 0, err
	}
	best := time.Duration(0)
	for range runs {
		cmd := exec.Command(wc, "-l", path)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			return 0, fmt.Errorf("wc -l %s: %v: %s", path, err, out)
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
	}
	return best, nil
}

// Report adds the metric "x-wc-l" to b: its time per operation over
// Time(path). Call it after the benchmark's loop. Without wc it reports
// nothing and logs why.
func Report(b *testing.B, path string) {
	if b.N == 0 {
		return
	}
	per := b.Elapsed() / time.Duration(b.N)
	wc, err := Time(path)
	if err != nil || wc <= 0 {
		b.Logf("no ratio to wc -l: %v", err)
		return
	}
	b.ReportMetric(float64(per)/float64(wc), "x-wc-l")
}
