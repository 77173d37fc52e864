package main

import (
	"bytes"
	"os"
	"testing"
)

// TestDrift fails when ptx/isa/table.go is not what instructions.txt
// generates: run go generate ./ptx/isa.
func TestDrift(t *testing.T) {
	data, err := os.ReadFile("../../instructions.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate("instructions.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("ptx/isa/table.go is out of date with instructions.txt: run go generate ./ptx/isa")
	}
}

func TestBadData(t *testing.T) {
	for _, bad := range []string{"add 1.0\n", "add x 10 d\n", "add 1.0 10 d sat\n", "add 1.0 10 d\nadd 1.0 10 d\n"} {
		if _, err := generate("x.txt", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
