package dwarf

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sectionBytes joins the sections named DebugInfo and DebugAbbrev of secs
// with SectionBytes.
func sectionBytes(secs []Section) (info, abbrev *SectionBytes) {
	for _, s := range secs {
		var b *SectionBytes
		switch s.Name {
		case DebugInfo:
			if info == nil {
				info = NewSectionBytes(DebugInfo)
			}
			b = info
		case DebugAbbrev:
			if abbrev == nil {
				abbrev = NewSectionBytes(DebugAbbrev)
			}
			b = abbrev
		default:
			continue
		}
		for _, d := range s.Data {
			b.Add(d)
		}
	}
	return info, abbrev
}

// walkLine prints a DIE as WalkBytes hands it over: no children, and
// references by offset.
func walkLine(u *Unit, d *DIE) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d+%d %v", u.Offset, d.Offset, d.Tag)
	for _, f := range d.Fields {
		v := f.Val
		if r, ok := v.(Ref); ok {
			v = r.Offset
		}
		fmt.Fprintf(&b, " %v/%v=%v", f.Attr, f.Form, v)
	}
	return b.String()
}

// TestWalkBytes: WalkBytes hands over the DIEs of ReadBytes's trees, in
// order, on the corpus; and it returns ReadBytes's errors.
func TestWalkBytes(t *testing.T) {
	files, _ := filepath.Glob("../ptx/parser/testdata/corpus/*.ptx")
	dies := 0
	for _, file := range files {
		f, err := ParsePTX(file, mustRead(t, file))
		if err != nil {
			t.Fatal(err)
		}
		info, abbrev := sectionBytes(f.Sections)
		units, err := ReadBytes(info, abbrev)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var want, got []string
		for _, u := range units {
			u.Root.Walk(func(d *DIE, _ int) { want = append(want, walkLine(u, d)) })
		}
		if err := WalkBytes(info, abbrev, func(u *Unit, d *DIE) {
			if u.Root != nil || d.Children != nil {
				t.Errorf("%s: a DIE handed over with its tree", file)
			}
			got = append(got, walkLine(u, d))
		}); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: WalkBytes hands over %d DIEs, ReadBytes reads %d, or they differ", file, len(got), len(want))
		}
		dies += len(got)
	}
	if dies == 0 {
		t.Fatal("no DIE compared")
	}
	hdr := func(length uint64, rest ...Datum) Section {
		d := []Datum{{Size: 4, Value: length}, {Size: 1, Value: 2}, {Size: 1}, {Size: 4, Label: DebugAbbrev}, {Size: 1, Value: 8}}
		return Section{DebugInfo, append(d, rest...)}
	}
	for _, secs := range [][]Section{
		{hdr(9, Datum{Size: 1, Value: 5}, Datum{Size: 1}), abbrevCU},
		{hdr(11, Datum{Size: 1, Value: 1}, Datum{Size: 1}, Datum{Size: 1, Value: 1}, Datum{Size: 1}), abbrevCU},
		{hdr(9, Datum{Size: 1, Value: 1}, Datum{Size: 1, Value: 65}), abbrevCU},
		{hdr(100), abbrevCU},
		{{DebugInfo, []Datum{{Size: 3}}}, abbrevCU},
	} {
		info, abbrev := sectionBytes(secs)
		_, want := ReadBytes(info, abbrev)
		got := WalkBytes(info, abbrev, func(*Unit, *DIE) {})
		if fmt.Sprint(got) != fmt.Sprint(want) || want == nil {
			t.Errorf("WalkBytes: %v, ReadBytes: %v", got, want)
		}
	}
}

// TestReadPTXFilePieces: ReadPTXFile reading a file in pieces of a few
// hundred bytes (streamFile) decodes the corpus as ReadPTX does, and gives
// its errors.
func TestReadPTXFilePieces(t *testing.T) {
	files, _ := filepath.Glob("../ptx/parser/testdata/corpus/*.ptx")
	bad := filepath.Join(t.TempDir(), "bad.ptx")
	src := strings.Replace(string(mustRead(t, "testdata/guide_example.ptx")), ".b8 0, 0, 0", ".b8 0, 0, 7", 1)
	if err := os.WriteFile(bad, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	defer func(n int) { filePiece = n }(filePiece)
	pieces := 0
	for _, n := range []int{64, 700} {
		filePiece = n
		for _, name := range append(files, bad) {
			want, werr := ReadPTX(name, mustRead(t, name))
			got, gerr := ReadPTXFile(name)
			if fmt.Sprint(werr) != fmt.Sprint(gerr) {
				t.Fatalf("%s, pieces of %d bytes: ReadPTXFile: %v; ReadPTX: %v", name, n, gerr, werr)
			}
			var a, b strings.Builder
			Dump(&a, got)
			Dump(&b, want)
			if a.String() != b.String() {
				t.Fatalf("%s, pieces of %d bytes: ReadPTXFile and ReadPTX decode it differently", name, n)
			}
			if len(mustRead(t, name)) >= 2*n {
				pieces++
			}
		}
	}
	if pieces == 0 {
		t.Fatal("no file read in pieces")
	}
}
