//go:build unix

package tree_test

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time (user and system) that the process
// has used so far, or 0 where it cannot be read.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
