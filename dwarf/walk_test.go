package dwarf

import (
	"fmt"
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
