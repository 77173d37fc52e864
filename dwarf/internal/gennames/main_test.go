package main

import (
	"bytes"
	"os"
	"testing"
)

// TestNoDrift checks that ../../names.go is what gennames makes of
// ../../consts.go: run go generate in package dwarf after editing the table.
func TestNoDrift(t *testing.T) {
	src, err := os.ReadFile("../../consts.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Generate("consts.go", src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../names.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("names.go is stale: run go generate ./dwarf")
	}
}
