package cc

import (
	"fmt"
	"os"
	"time"
)

var traceStart = time.Now()

func tr(what string) {
	if os.Getenv("CCTRACE") != "" {
		fmt.Fprintf(os.Stderr, "%8.3f ms %s\n", float64(time.Since(traceStart).Microseconds())/1e3, what)
	}
}
