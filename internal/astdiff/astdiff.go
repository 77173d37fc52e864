// Package astdiff describes the first difference between two ptx/ast
// trees (or any two values of the same type), for the tests that hold one
// way of building a tree to another: the parser's fast paths to its
// general rules, ptx/tree's nodes made on demand to parser.ParseFile's.
package astdiff

import (
	"fmt"
	"go/token"
	"reflect"
	"strings"
)

// Options say what counts as a difference.
type Options struct {
	// Positions compares token.Pos fields; otherwise they are skipped.
	Positions bool
	// NilSlices tells a nil slice from an empty one everywhere;
	// otherwise only in a function's Return list, where nil means "no
	// return parameter list" and empty "()".
	NilSlices bool
}

var posType = reflect.TypeOf(token.NoPos)

// Diff returns a description of the first difference between a and b,
// with its path from root (the name given to the values themselves), or
// "" when there is none.
func Diff(a, b any, root string, o Options) string {
	return o.diff(reflect.ValueOf(a), reflect.ValueOf(b), root)
}

func (o Options) diff(a, b reflect.Value, path string) string {
	if a.IsValid() != b.IsValid() {
		return path + ": one side missing"
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: type %s vs %s", path, a.Type(), b.Type())
	}
	if a.Type() == posType && !o.Positions {
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil vs non-nil"
			}
			return ""
		}
		return o.diff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := o.diff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		if a.IsNil() != b.IsNil() && (o.NilSlices || a.Type().Elem().Kind() == reflect.Pointer && strings.HasSuffix(path, "Return")) {
			return path + ": nil vs empty"
		}
		for i := 0; i < a.Len(); i++ {
			if d := o.diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("%s: %v vs %v", path, a.Interface(), b.Interface())
		}
		return ""
	}
}
