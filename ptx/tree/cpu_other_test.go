//go:build !unix

package tree_test

import "time"

// cpuTime is 0 where the process's processor time cannot be read.
func cpuTime() time.Duration { return 0 }
