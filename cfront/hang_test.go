package cfront

import (
	"go/token"
	"os"
	"testing"
)

func TestHangOne(t *testing.T) {
	src, _ := os.ReadFile("/tmp/hang1.cu")
	cfg := testConfig(64)
	ParseFile(cfg, token.NewFileSet(), "fuzz.cu", src)
}
