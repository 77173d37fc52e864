package sema

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
)

// TestWide reports how the .cu files elsewhere in the module fare (those
// the front end reads without error). It fails only on a panic.
func TestWide(t *testing.T) {
	if os.Getenv("SEMA_WIDE") == "" {
		t.Skip("set SEMA_WIDE=1")
	}
	var files []string
	filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".cu") && !strings.Contains(p, "/errors/") {
			files = append(files, p)
		}
		return nil
	})
	read, typed := 0, 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		fset := token.NewFileSet()
		u, err := cfront.ParseUnit(nil, fset, f, src)
		if err != nil {
			continue
		}
		read++
		if _, err := Check(nil, u); err != nil {
			msg := err.Error()
			if i := strings.IndexByte(msg, '\n'); i > 0 {
				msg = msg[:i]
			}
			t.Logf("%s", msg)
			continue
		}
		typed++
	}
	t.Logf("%d files, %d read by the front end, %d typed", len(files), read, typed)
}
