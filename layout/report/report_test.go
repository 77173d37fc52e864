package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/layout/report"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func field(name string, t ctypes.Type) *ctypes.Field { return &ctypes.Field{Name: name, Type: t} }

func bitField(name string, k ctypes.Kind, w int) *ctypes.Field {
	return &ctypes.Field{Name: name, Type: ctypes.BasicOf(k), BitField: true, BitWidth: w}
}

// sample is a struct with every kind of member the reports draw: a vector,
// holes, bit fields sharing a unit, an unnamed and a zero-width bit field,
// an anonymous union and an array of structs.
func sample() []report.Named {
	inner := &ctypes.Struct{Tag: "Pair", Complete: true, Fields: []*ctypes.Field{
		field("a", ctypes.BasicOf(ctypes.Short)), bitField("b", ctypes.UChar, 3)}}
	anon := &ctypes.Struct{Union: true, Complete: true, Fields: []*ctypes.Field{
		field("i", ctypes.BasicOf(ctypes.Int)), field("f", ctypes.BasicOf(ctypes.Float))}}
	s := &ctypes.Struct{Tag: "Particle", Complete: true, Fields: []*ctypes.Field{
		field("pos", ctgen.VectorType("float", ctypes.Float, 3, 4)),
		field("vel", ctgen.VectorType("float", ctypes.Float, 4, 4)),
		field("id", ctypes.BasicOf(ctypes.UInt)),
		bitField("alive", ctypes.UInt, 1),
		bitField("kind", ctypes.UInt, 3),
		bitField("", ctypes.Int, 4),
		bitField("charge", ctypes.Int, 4),
		bitField("", ctypes.LongLong, 0),
		field("c", ctypes.BasicOf(ctypes.Char)),
		field("", anon),
		field("pairs", &ctypes.Array{Elem: inner, Len: 2}),
		field("mass", ctypes.BasicOf(ctypes.Double)),
	}}
	u := &ctypes.Struct{Tag: "Value", Union: true, Complete: true, Fields: []*ctypes.Field{
		field("i", ctypes.BasicOf(ctypes.Int)), bitField("bits", ctypes.UShort, 11), field("d", ctypes.BasicOf(ctypes.Double))}}
	return []report.Named{{Name: "Particle", Type: s}, {Name: "Value", Type: u}, {Name: "Pair", Type: inner},
		{Name: "counter_t", Type: &ctypes.Typedef{Name: "counter_t", Type: ctypes.BasicOf(ctypes.ULong)}}}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n%s", name, got)
	}
}

func TestReports(t *testing.T) {
	for _, addr := range []int{64, 32} {
		tgt := target.Default
		tgt.AddressSize = addr
		suffix := map[int]string{64: "m64", 32: "m32"}[addr]
		var txt, js bytes.Buffer
		l := layout.New(tgt)
		if err := report.Text(&txt, l, sample()); err != nil {
			t.Fatal(err)
		}
		golden(t, "sample."+suffix+".txt", txt.Bytes())
		if err := report.JSON(&js, l, sample()); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(js.Bytes()) {
			t.Fatalf("invalid JSON: %s", js.Bytes())
		}
		golden(t, "sample."+suffix+".json", js.Bytes())
	}
	for _, nt := range sample()[:2] {
		var svg bytes.Buffer
		if err := report.SVG(&svg, layout.New(target.Default), nt); err != nil {
			t.Fatal(err)
		}
		golden(t, nt.Name+".svg", svg.Bytes())
	}
}

// TestJSONShape pins the exact JSON contract of ptxabi layout -json.
func TestJSONShape(t *testing.T) {
	s := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{
		field("c", ctypes.BasicOf(ctypes.Char)), bitField("i", ctypes.Int, 3), field("d", ctypes.BasicOf(ctypes.Double))}}
	var b bytes.Buffer
	if err := report.JSON(&b, layout.New(target.Default), []report.Named{{Name: "S", Type: s}}); err != nil {
		t.Fatal(err)
	}
	want := `{"types":[{"name":"S","size":16,"align":8,"fields":[{"path":"c","offset":0,"size":1,"align":1},{"path":"i","bit_offset":8,"bit_size":3},{"path":"d","offset":8,"size":8,"align":8}]}]}` + "\n"
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}

// classes is a small C++ hierarchy: a dynamic base with a bit field, an
// empty base, and a derived class reusing its base's tail padding.
func classes() []report.Named {
	shape := &ctypes.Struct{Tag: "Shape", Complete: true, Fields: []*ctypes.Field{
		field("kind", ctypes.BasicOf(ctypes.Int)), bitField("flags", ctypes.UChar, 3)},
		Methods: []*ctypes.FuncDecl{{Name: "area", Virtual: true, Type: &ctypes.Func{Result: ctypes.BasicOf(ctypes.Float), Const: true}}}}
	tag := &ctypes.Struct{Tag: "Tag", Scope: []string{"ns"}, Complete: true}
	body := &ctypes.Struct{Tag: "Body", Complete: true, Bases: []*ctypes.Base{{Type: shape}, {Type: tag}},
		Fields: []*ctypes.Field{field("mass", ctypes.BasicOf(ctypes.Char))}}
	return []report.Named{{Name: "Body", Type: body}}
}

func TestClassReports(t *testing.T) {
	for _, addr := range []int{64, 32} {
		tgt := target.Default
		tgt.AddressSize = addr
		suffix := map[int]string{64: "m64", 32: "m32"}[addr]
		var txt, js bytes.Buffer
		l := layout.New(tgt)
		if err := report.Text(&txt, l, classes()); err != nil {
			t.Fatal(err)
		}
		if err := report.JSON(&js, l, classes()); err != nil {
			t.Fatal(err)
		}
		golden(t, "classes."+suffix+".txt", append(txt.Bytes(), js.Bytes()...))
	}
}
