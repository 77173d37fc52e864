// Package isa holds facts about PTX instructions from NVIDIA's PTX ISA
// reference: each instruction's opcode, modifiers, operand shape, and the
// first PTX ISA version and target architecture that have it. The facts
// are data (instructions.txt), turned into table.go by go generate.
//
// The parser uses the table to tell a mistyped opcode from an instruction;
// checkers use it to check an instruction against .version and .target.
package isa

//go:generate go run ./internal/isagen -in instructions.txt -out table.go

import (
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/target"
)

// Instruction is the description of one instruction.
type Instruction struct {
	// Name is the opcode, with the modifiers that make it a distinct
	// instruction: "add", "cvt.pack", "cp.async".
	Name string
	// PTX is the first PTX ISA version with the instruction; SM the first
	// target architecture.
	PTX target.Version
	SM  int
	// Operands is the operand shape: "d", "a", "[a]", "p", ...
	Operands []string
	// Modifiers are the modifiers the reference lists, with their dots.
	Modifiers []string
}

// byName indexes the table by name. It is built on first use, so that a
// program that never looks an instruction up does not pay for it at
// start-up.
var byName = sync.OnceValue(func() map[string]*Instruction {
	m := make(map[string]*Instruction, len(table))
	for i := range table {
		m[table[i].Name] = &table[i]
	}
	return m
})

// opcodeHash is the FNV-1a hash of op.
func opcodeHash(op string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(op); i++ {
		h = (h ^ uint32(op[i])) * 16777619
	}
	return h
}

// All returns every instruction, in the order of instructions.txt.
func All() []Instruction { return table }

// KnownOpcode reports whether op (without modifiers, such as "ld") begins
// some instruction.
func KnownOpcode(op string) bool {
	for h := opcodeHash(op); ; h++ {
		switch s := opcodes[h%uint32(len(opcodes))]; s {
		case "":
			return false
		case op:
			return true
		}
	}
}

// Lookup returns the instruction named by an opcode and its modifiers
// (each with its dot), preferring the longest name: "cp" with
// [".async", ".bulk"] gives "cp.async".
func Lookup(op string, mods []string) *Instruction {
	for n := len(mods); n >= 0; n-- {
		name := op
		if n > 0 {
			name = op + strings.Join(mods[:n], "")
		}
		if in := byName()[name]; in != nil {
			return in
		}
	}
	return nil
}

// HasModifier reports whether the reference lists mod for the instruction.
func (in *Instruction) HasModifier(mod string) bool {
	for _, m := range in.Modifiers {
		if m == mod {
			return true
		}
	}
	return false
}

// Suggest returns the known opcode nearest to op by edit distance, or ""
// if none is near.
func Suggest(op string) string {
	best, bestD := "", 3
	for _, in := range table {
		cand, _, _ := strings.Cut(in.Name, ".")
		if d := distance(op, cand); d < bestD || d == bestD && best != "" && cand < best {
			best, bestD = cand, d
		}
	}
	if bestD > len(op)/2 {
		return ""
	}
	return best
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
