package printer

import "testing"

// TestPrintedData checks which runs of section data SectionData copies
// whole (printedData), and that it prints each of them as its line by
// line rewriting would.
func TestPrintedData(t *testing.T) {
	for _, tc := range []struct {
		text  string
		lines int // 0: not as printed
	}{
		{"\t.b8 1\n", 1},
		{"\t.b8 1, 2, 3\n\t.b64 $L__func_begin0\n", 2},
		{"\t.b32 %r1, 0\n", 1},
		{"\t.b8 1\n.b8 2\n", 0},      // no tab
		{"\t\t.b8 1\n", 0},           // two
		{"\t.b8\t1\n", 0},            // a tab after the directive
		{"\t.b8  1\n", 0},            // two blanks
		{"\t.b8 1,2\n", 0},           // no blank after ','
		{"\t.b8 1,  2\n", 0},         // two
		{"\t.b8 1 , 2\n", 0},         // a blank before ','
		{"\t.b8 1 \n", 0},            // a blank at the end
		{"\t.b8 1\n\t.b8 2 \n", 0},   // in the second line
		{"\t.b8 1", 0},               // no newline
		{"\t.b8\n", 0},               // no values
		{"\t.b8 1,\t2\n", 0},         // a tab after ','
		{"\t.b16 65535, 0\n", 1},     //
		{"\t.b8 1, 2\n\t.b8 3\n", 2}, //
		// Not what the parser hands over, but not copied either.
		{"\t.b8 1", 0}, // no newline
		{"\t.b8\n", 0}, // no values
	} {
		if got := printedData(tc.text); got != tc.lines {
			t.Errorf("printedData(%q) = %d, want %d", tc.text, got, tc.lines)
		}
		if tc.text[len(tc.text)-1] != '\n' || tc.text == "\t.b8\n" {
			continue
		}
		// Copied whole or rewritten, the output is the same.
		f := &formatter{p: &printer{}}
		f.SectionData(tc.text)
		g := &formatter{p: &printer{}}
		rewrite(g, tc.text)
		if string(f.p.buf) != string(g.p.buf) || f.items != g.items {
			t.Errorf("SectionData(%q) = %q (%d items), rewritten %q (%d)", tc.text, f.p.buf, f.items, g.p.buf, g.items)
		}
	}
}

// rewrite is SectionData's line by line rewriting alone: each line given
// on its own with a blank added and taken away, so that none is copied.
func rewrite(f *formatter, text string) {
	for len(text) > 0 {
		k := 0
		for text[k] != '\n' {
			k++
		}
		f.SectionData(" " + text[:k+1])
		text = text[k+1:]
	}
}
