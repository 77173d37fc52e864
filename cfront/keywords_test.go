package cfront

import (
	"testing"
)

// The parser's keyword switches (kept off the maps for speed) agree with
// the tables they stand for.
func TestKeywordSwitches(t *testing.T) {
	words := []string{"typedef", "static", "operator", "auto", "x", "", "Int", "integer", "__int64", "long long"}
	for w := range typeKeywords() {
		words = append(words, w)
	}
	for w := range basicKinds() {
		words = append(words, w)
	}
	for _, w := range words {
		if got := isTypeKeyword(w); got != typeKeywords()[w] {
			t.Errorf("isTypeKeyword(%q) = %v, typeKeywords has %v", w, got, typeKeywords()[w])
		}
		if k, ok := basicKinds()[w]; ok && !containsSpace(w) {
			got, gok := oneBasicWord(&declSpecs{words: []string{w}})
			if !gok || got != k {
				t.Errorf("oneBasicWord(%q) = %v, %v; want %v", w, got, gok, k)
			}
			if b, ok := basicWord(w); !ok || b != w {
				t.Errorf("basicWord(%q) = %q, %v", w, b, ok)
			}
		}
		// Every basic word is a type keyword and names a basic kind.
		if b, ok := basicWord(w); ok {
			if !typeKeywords()[w] {
				t.Errorf("basicWord(%q) but not a type keyword", w)
			}
			if _, ok := basicKinds()[b]; !ok {
				t.Errorf("basicWord(%q) = %q, no basic kind", w, b)
			}
		}
	}
	for op, want := range map[string]int{"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
		"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
		"=": 0, "!": 0, "->": 0, "::": 0} {
		if got, ok := binaryPrec(op); got != want || ok != (want > 0) {
			t.Errorf("binaryPrec(%q) = %d, %v; want %d", op, got, ok, want)
		}
	}
}

func containsSpace(s string) bool {
	for i := range len(s) {
		if s[i] == ' ' {
			return true
		}
	}
	return false
}
