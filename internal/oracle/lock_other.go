//go:build !unix

package oracle

import "os"

// haveLocks says that LockCache holds a lock.
const haveLocks = false

// lockFile holds nothing where the system has no flock(2): two processes
// may then both make an entry, each writing it whole.
func lockFile(f *os.File) error { return nil }

func unlockFile(f *os.File) error { return nil }
