//go:build unix

// Command besttime runs a command several times, its output discarded,
// and prints the fastest wall time in nanoseconds, the largest peak
// resident memory in KiB, the least processor time (user and system) in
// nanoseconds and the fewest page faults (minor ones: memory first
// touched), for scripts/bench-ptx.sh:
//
//	besttime [-n RUNS] COMMAND [ARG...]
//
// A run that fails makes besttime fail.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("n", 5, "how many runs")
	flag.Parse()
	if flag.NArg() == 0 || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: besttime [-n RUNS] COMMAND [ARG...]")
		os.Exit(2)
	}
	var best time.Duration
	var rss int64
	var cpu time.Duration
	faults := int64(-1)
	for range *runs {
		cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
		cmd.Stderr = os.Stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "besttime: %v\n", err)
			os.Exit(1)
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
		if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = max(rss, int64(u.Maxrss)) // KiB on Linux
			if faults < 0 || int64(u.Minflt) < faults {
				faults = int64(u.Minflt)
			}
		}
		if c := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); cpu == 0 || c < cpu {
			cpu = c
		}
	}
	fmt.Println(best.Nanoseconds(), rss, cpu.Nanoseconds(), faults)
}
