//go:build unix

package oracle

import (
	"os"
	"syscall"
)

// haveLocks says that LockCache holds a lock.
const haveLocks = true

// lockFile waits for an exclusive lock on f (flock(2)).
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
