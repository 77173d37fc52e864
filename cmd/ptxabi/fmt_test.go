package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFmtBigFile runs fmt on a file big enough to be formatted in pieces
// (printer.FormatPieces), which come while the next are formatted: good,
// it prints the whole output; with an error in its last function, it
// prints the error and nothing on standard output, and -w leaves the file
// alone; -w of the good file writes it; -l tells a formatted file from
// one that is not.
func TestFmtBigFile(t *testing.T) {
	head := ".version 7.8\n.target sm_70\n.address_size 64\n"
	fn := ".visible .entry k()\n{\n\tadd.s32 \t%r1, %r2, 1;\n\tret;\n}\n"
	want := head + strings.Repeat("\n"+strings.ReplaceAll(fn, " \t", " "), 40000)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ptx")
	bad := filepath.Join(dir, "bad.ptx")
	badSrc := head + strings.Repeat(fn, 40000) + ".visible .entry k()\n{\n\tret\n}\n"
	os.WriteFile(good, []byte(head+strings.Repeat(fn, 40000)), 0o666)
	os.WriteFile(bad, []byte(badSrc), 0o666)

	var stdout, stderr bytes.Buffer
	if st := run([]string{"fmt", good}, nil, &stdout, &stderr); st != 0 || stdout.String() != want {
		t.Errorf("fmt good.ptx: status %d, output equal to the canonical: %v; stderr: %s", st, stdout.String() == want, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	st := run([]string{"fmt", bad}, nil, &stdout, &stderr)
	if st != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "bad.ptx:200007:1: expected ';' after instruction") {
		t.Errorf("fmt bad.ptx: status %d, %d bytes on stdout, stderr %q", st, stdout.Len(), stderr.String())
	}
	stderr.Reset()
	if st := run([]string{"fmt", "-w", bad}, nil, &stdout, &stderr); st != 1 {
		t.Errorf("fmt -w bad.ptx: status %d", st)
	}
	if b, _ := os.ReadFile(bad); string(b) != badSrc {
		t.Error("fmt -w bad.ptx changed the file")
	}
	// -w writes its temporary file while the next pieces are formatted:
	// none is left behind.
	noTemp := func(after string) {
		t.Helper()
		if tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp*")); len(tmps) > 0 {
			t.Errorf("after %s: temporary files left: %v", after, tmps)
		}
	}
	noTemp("fmt -w bad.ptx")
	if st := run([]string{"fmt", "-w", good}, nil, &stdout, &stderr); st != 0 {
		t.Errorf("fmt -w good.ptx: status %d", st)
	}
	if b, _ := os.ReadFile(good); string(b) != want {
		t.Error("fmt -w good.ptx did not write the canonical format")
	}
	noTemp("fmt -w good.ptx")
	stdout.Reset()
	if st := run([]string{"fmt", "-l", good, bad}, nil, &stdout, &stderr); st != 1 || stdout.String() != "" {
		t.Errorf("fmt -l good.ptx bad.ptx: status %d, stdout %q", st, stdout.String())
	}
	os.WriteFile(good, []byte(head+strings.Repeat(fn, 40000)), 0o666)
	if st := run([]string{"fmt", "-l", good}, nil, &stdout, &stderr); st != 0 || stdout.String() != good+"\n" {
		t.Errorf("fmt -l good.ptx, not formatted: status %d, stdout %q", st, stdout.String())
	}
}
