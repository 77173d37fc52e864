//go:build unix

package all_test

import (
	"syscall"
	"time"
)

// processTime returns the processor time (user and system) the process
// has used so far, or 0 where it cannot tell.
func processTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
