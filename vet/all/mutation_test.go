package all_test

import (
	"fmt"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/internal/ptxcorpus"
	"github.com/ptxabi/ptxabi/syscall"
	"github.com/ptxabi/ptxabi/target"
	"github.com/ptxabi/ptxabi/vet"
	"github.com/ptxabi/ptxabi/vet/all"
)

// A mutator injects one violation of one kind into correct PTX: it
// returns the mutated text and the 1-based line it changed (or inserted),
// or ok false where the file has no place for it.
type mutator struct {
	check string // the check that must catch it
	name  string
	fn    func(src string, r *rand.Rand) (out string, line int, ok bool)
}

// indistinct holds, by kind ("check: name"), a function that says why a
// mutant is no violation that the PTX shows: the mutated text is also
// what a correct program may be. Such a mutant is not scored, but vet
// must still say nothing away from the mutated line about it.
var indistinct = map[string]func(src, out string, line int) (reason string){
	"printf: extra argument": extraPastBuffer,
}

var (
	instrLine   = regexp.MustCompile(`^\t(@%?!?[%\w]+ )?[a-z][a-z0-9_.:]*\s[^;]*;\s*$|^\t[a-z][a-z0-9_.]*;\s*$`)
	versionLine = regexp.MustCompile(`^\.version (\d+)\.(\d+)`)
	targetLine  = regexp.MustCompile(`^\.target sm_(\d+)`)
	strLine     = regexp.MustCompile(`^(\.global \.align 1 \.b8 )(\S+)\[(\d+)\] = \{([0-9, ]+)\};$`)
	locLine     = regexp.MustCompile(`^(\s*\.loc\s+)(\d+)(\s.*)$`)
	funcEndRef  = regexp.MustCompile(`^\.b64 (\$L__func_end|Lfunc_end)(\d+)$`)
	calleeParam = regexp.MustCompile(`^(\t\.param \.)b32( param\d+;)$`)
)

// pick returns a random element of the indexes, or -1.
func pick(r *rand.Rand, idx []int) int {
	if len(idx) == 0 {
		return -1
	}
	return idx[r.Intn(len(idx))]
}

func matching(lines []string, re *regexp.Regexp) []int {
	var out []int
	for i, l := range lines {
		if re.MatchString(l) {
			out = append(out, i)
		}
	}
	return out
}

func moduleTarget(lines []string) (ver float64, sm int) {
	for _, l := range lines {
		if m := versionLine.FindStringSubmatch(l); m != nil {
			ver, _ = strconv.ParseFloat(m[1]+"."+m[2], 64)
		}
		if m := targetLine.FindStringSubmatch(l); m != nil {
			sm, _ = strconv.Atoi(m[1])
		}
	}
	return ver, sm
}

// insertAfterInstr inserts text after a random instruction of a function
// body.
func insertAfterInstr(src string, r *rand.Rand, text string) (string, int, bool) {
	lines := strings.Split(src, "\n")
	i := pick(r, matching(lines, instrLine))
	if i < 0 {
		return "", 0, false
	}
	out := append(append(append([]string{}, lines[:i+1]...), "\t"+text), lines[i+1:]...)
	return strings.Join(out, "\n"), i + 2, true
}

// replaceLine rewrites line i.
func replaceLine(lines []string, i int, s string) (string, int, bool) {
	out := append([]string{}, lines...)
	out[i] = s
	return strings.Join(out, "\n"), i + 1, true
}

// formats are the byte-array globals that hold a printf format with at
// least one conversion, decoded.
func formats(lines []string) (idx []int, strs []string) {
	if !strings.Contains(strings.Join(lines, "\n"), "vprintf") {
		return nil, nil
	}
	for i, l := range lines {
		m := strLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var b []byte
		for _, f := range strings.Split(m[4], ",") {
			n, _ := strconv.Atoi(strings.TrimSpace(f))
			b = append(b, byte(n))
		}
		s := string(b)
		if j := strings.IndexByte(s, 0); j >= 0 {
			s = s[:j]
		}
		if len(convLocs(s, convRE)) > 0 {
			idx = append(idx, i)
			strs = append(strs, s)
		}
	}
	return idx, strs
}

// convLocs finds the conversions re matches in a format, skipping "%%".
func convLocs(s string, re *regexp.Regexp) [][]int {
	return re.FindAllStringIndex(strings.ReplaceAll(s, "%%", "\x00\x00"), -1)
}

var convRE = regexp.MustCompile(`%[-+ #0]*(\d+|\*)?(\.(\d+|\*))?(hh|ll|h|l)?[diouxXcfeEgGaAsp]`)

// rewriteFormat replaces the format at line i with s.
func rewriteFormat(lines []string, i int, s string) (string, int, bool) {
	m := strLine.FindStringSubmatch(lines[i])
	b := append([]byte(s), 0)
	nums := make([]string, len(b))
	for k, c := range b {
		nums[k] = strconv.Itoa(int(c))
	}
	return replaceLine(lines, i, fmt.Sprintf("%s%s[%d] = {%s};", m[1], m[2], len(b), strings.Join(nums, ", ")))
}

// formatMutator edits a random printf format with f.
func formatMutator(f func(s string, r *rand.Rand) (string, bool)) func(string, *rand.Rand) (string, int, bool) {
	return func(src string, r *rand.Rand) (string, int, bool) {
		lines := strings.Split(src, "\n")
		idx, strs := formats(lines)
		if len(idx) == 0 {
			return "", 0, false
		}
		k := r.Intn(len(idx))
		s, ok := f(strs[k], r)
		if !ok {
			return "", 0, false
		}
		return rewriteFormat(lines, idx[k], s)
	}
}

func mutators() []mutator {
	ms := []mutator{
		{"version", "instruction newer than the target", func(src string, r *rand.Rand) (string, int, bool) {
			ver, sm := moduleTarget(strings.Split(src, "\n"))
			if sm < 90 || ver < 7.8 {
				return insertAfterInstr(src, r, "griddepcontrol.wait;")
			}
			return insertAfterInstr(src, r, "wgmma.fence.sync.aligned;")
		}},
		{"params", "16-bit float parameter (note C)", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, regexp.MustCompile(`^\t\.param \.(f32|u32|b32|u64|b64) \w+_param_\d+,?$`)))
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, regexp.MustCompile(`\.(f32|u32|b32|u64|b64) `).ReplaceAllString(lines[i], ".f16 "))
		}},
		{"params", "aggregate alignment not a power of two (note D)", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			re := regexp.MustCompile(`^(\t\.param \.align )(\d+)( \.b8 \w+\[\d+\],?)$`)
			i := pick(r, matching(lines, re))
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, re.ReplaceAllString(lines[i], "${1}3${3}"))
		}},
		{"params", "narrow .func parameter (note A)", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			// A parameter of a .func definition or declaration: the
			// lines after a .func line up to ")".
			var idx []int
			in := false
			for i, l := range lines {
				switch {
				case strings.Contains(l, ".func") && !strings.Contains(l, "vprintf") && !strings.Contains(l, "malloc") && !strings.Contains(l, "free") && !strings.Contains(l, "__assertfail"):
					in = true
				case strings.HasPrefix(l, ")"):
					in = false
				case in && regexp.MustCompile(`^\t\.param \.b32 \w+,?$`).MatchString(l):
					idx = append(idx, i)
				}
			}
			i := pick(r, idx)
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, strings.Replace(lines[i], ".b32", ".b16", 1))
		}},
		{"syscalls", "system call declared with the other address size", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, regexp.MustCompile(`^\t\.param \.b(32|64) (vprintf|malloc|free|__assertfail)_param_[0-9],?$`)))
			if i < 0 {
				return "", 0, false
			}
			l := lines[i]
			if strings.Contains(l, ".b64") {
				l = strings.Replace(l, ".b64", ".b32", 1)
			} else {
				l = strings.Replace(l, ".b32", ".b64", 1)
			}
			return replaceLine(lines, i, l)
		}},
		{"printf", "%d given 8 bytes", formatMutator(func(s string, r *rand.Rand) (string, bool) {
			locs := convLocs(s, regexp.MustCompile(`%[-+ #0]*(\d+)?(\.\d+)?[dixXuo]`))
			if len(locs) == 0 {
				return "", false
			}
			l := locs[r.Intn(len(locs))]
			return s[:l[1]-1] + "ll" + s[l[1]-1:], true
		})},
		{"printf", "%f given 4 bytes", formatMutator(func(s string, r *rand.Rand) (string, bool) {
			locs := convLocs(s, regexp.MustCompile(`%[-+ #0]*(\d+)?(\.\d+)?[feEgGaA]`))
			if len(locs) == 0 {
				return "", false
			}
			l := locs[r.Intn(len(locs))]
			return s[:l[1]-1] + "d" + s[l[1]:], true
		})},
		{"printf", "missing argument", formatMutator(func(s string, r *rand.Rand) (string, bool) {
			if strings.HasSuffix(s, "\n") {
				return s[:len(s)-1] + " %d\n", true
			}
			return s + " %d", true
		})},
		{"printf", "extra argument", formatMutator(func(s string, r *rand.Rand) (string, bool) {
			locs := convLocs(s, convRE)
			l := locs[len(locs)-1]
			return s[:l[0]] + s[l[1]:], true
		})},
		{"calls", "argument of the wrong width", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			// A .b32 argument of a direct call of a function the module
			// declares (not a system call): the callseq block's .param
			// lines before a call naming the callee.
			var idx []int
			for i, l := range lines {
				if !calleeParam.MatchString(l) {
					continue
				}
				for j := i + 1; j < len(lines) && j < i+40; j++ {
					if strings.HasPrefix(strings.TrimSpace(lines[j]), "call") {
						callee := strings.TrimSuffix(strings.TrimSpace(lines[j+1]), ",")
						if callee != "vprintf" && callee != "malloc" && callee != "free" && callee != "__assertfail" && !strings.HasPrefix(callee, "%") && strings.Contains(src, ") "+callee+"(") {
							idx = append(idx, i)
						}
						break
					}
				}
			}
			i := pick(r, idx)
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, calleeParam.ReplaceAllString(lines[i], "${1}b64${2}"))
		}},
		{"calls", "prototype of the wrong width", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, regexp.MustCompile(`\.callprototype .*\(\.param \.b32 _`)))
			if i < 0 {
				return "", 0, false
			}
			l := lines[i]
			k := strings.LastIndex(l, "(.param .b32 _")
			return replaceLine(lines, i, l[:k]+"(.param .b64 _"+l[k+len("(.param .b32 _"):])
		}},
		{"atomics", "relaxed fence", func(src string, r *rand.Rand) (string, int, bool) {
			return insertAfterInstr(src, r, "fence.relaxed.gpu;")
		}},
		// Before sm_70 fence itself is too new: the version check reports
		// these.
		{"atomics", "scope the target lacks", func(src string, r *rand.Rand) (string, int, bool) {
			ver, sm := moduleTarget(strings.Split(src, "\n"))
			if sm < 90 || ver < 7.8 {
				return insertAfterInstr(src, r, "fence.sc.cluster;")
			}
			return insertAfterInstr(src, r, "fence.acquire.gpu;")
		}},
		{"atomics", "seq_cst atom", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, regexp.MustCompile(`^\tatom\.`)))
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, strings.Replace(lines[i], "atom.", "atom.sc.", 1))
		}},
		{"debuginfo", ".loc of an undeclared file", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, locLine))
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, locLine.ReplaceAllString(lines[i], "${1}97${3}"))
		}},
		{"debuginfo", "undefined label in a section", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			i := pick(r, matching(lines, regexp.MustCompile(`^\.b(32|64) [$A-Za-z_][\w$]*$`)))
			if i < 0 {
				return "", 0, false
			}
			return replaceLine(lines, i, lines[i]+"_undefined")
		}},
		{"debuginfo", "high_pc in another function", func(src string, r *rand.Rand) (string, int, bool) {
			lines := strings.Split(src, "\n")
			idx := matching(lines, funcEndRef)
			if len(idx) < 2 {
				return "", 0, false
			}
			i := pick(r, idx)
			m := funcEndRef.FindStringSubmatch(lines[i])
			n, _ := strconv.Atoi(m[2])
			other := fmt.Sprintf("%s%d", m[1], n+1)
			if !strings.Contains(src, other+":") {
				other = fmt.Sprintf("%s%d", m[1], n-1)
				if n == 0 || !strings.Contains(src, other+":") {
					return "", 0, false
				}
			}
			// Only a subprogram's high_pc: the line before is its low_pc.
			if !strings.Contains(lines[i-1], "func_begin"+m[2]) {
				return "", 0, false
			}
			return replaceLine(lines, i, ".b64 "+other)
		}},
	}
	return ms
}

// extraPastBuffer is the indistinct test of the "extra argument"
// mutants: the format lost its last conversion, and the argument the
// program still stores for it starts past the buffer that the shorter
// format lays out (its arguments, rounded up to 8 bytes). There the frame
// may hold any other variable of the function, and a store to one is what
// a correct program makes (testdata/printf.ptx of package vet/printf has
// such a program, a variable stored next to the buffer before the call,
// and requires silence): the PTX does not show that the store is an
// argument. Inside the rounding it does, and the mutant is scored.
func extraPastBuffer(src, out string, line int) string {
	before, after := strings.Split(src, "\n"), strings.Split(out, "\n")
	tgt := target.Target{AddressSize: 32}
	for _, l := range before {
		if n, ok := strings.CutPrefix(l, ".address_size "); ok {
			tgt.AddressSize, _ = strconv.Atoi(strings.TrimSpace(n))
		}
	}
	all, err1 := syscall.FormatArgs(decodeFormat(before[line-1]), tgt)
	kept, err2 := syscall.FormatArgs(decodeFormat(after[line-1]), tgt)
	if err1 != nil || err2 != nil || len(kept) >= len(all) {
		return ""
	}
	off := int64(0)
	for i, a := range all {
		sz := int64(a.Size)
		off = (off + sz - 1) / sz * sz
		if i == len(kept) {
			break
		}
		off += sz
	}
	end := int64(0)
	for _, a := range kept {
		sz := int64(a.Size)
		end = (end+sz-1)/sz*sz + sz
	}
	if off < (end+7)/8*8 {
		return ""
	}
	return fmt.Sprintf("the dropped argument is stored at buffer offset %d, past the %d bytes the shorter format lays out: a store to another variable of the frame looks the same", off, (end+7)/8*8)
}

// decodeFormat returns the string a format global's line (strLine)
// holds, up to its NUL.
func decodeFormat(line string) string {
	m := strLine.FindStringSubmatch(line)
	if m == nil {
		return ""
	}
	var b []byte
	for _, f := range strings.Split(m[4], ",") {
		n, _ := strconv.Atoi(strings.TrimSpace(f))
		if n == 0 {
			break
		}
		b = append(b, byte(n))
	}
	return string(b)
}

// score counts one kind's mutants; indistinct ones are not in n.
type score struct{ n, caught, missed, noisy, indistinct int }

// TestMutations injects violations of every kind into the corpus (the
// carried files, and the generated ones when nvcc and clang are present),
// several sites per file, and checks that vet reports each on the mutated
// line (a diagnostic's own or related position) and nothing elsewhere.
func TestMutations(t *testing.T) {
	type file struct {
		name string
		src  string
	}
	var files []file
	carried, _ := filepath.Glob("../../ptx/parser/testdata/corpus/*.ptx")
	for _, f := range carried {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file{filepath.Base(f), string(b)})
	}
	if !testing.Short() && oracle.Have(oracle.NVCC) && oracle.Have(oracle.Clang) {
		for _, f := range ptxcorpus.Generate(t, ptxcorpus.Flavours()) {
			files = append(files, file{f.Name, string(f.Src)})
		}
	} else {
		t.Log("nvcc or clang-14 missing (or -short): the carried corpus only")
	}
	const perFile = 3
	scores := map[string]*score{}
	var kinds []string
	for _, mu := range mutators() {
		key := mu.check + ": " + mu.name
		scores[key] = &score{}
		kinds = append(kinds, key)
	}
	for fi, f := range files {
		for mi, mu := range mutators() {
			key := mu.check + ": " + mu.name
			for k := 0; k < perFile; k++ {
				r := rand.New(rand.NewSource(int64(fi*1000 + mi*10 + k)))
				out, line, ok := mu.fn(f.src, r)
				if !ok {
					break
				}
				s := scores[key]
				reason := ""
				if why := indistinct[key]; why != nil {
					reason = why(f.src, out, line)
				}
				if reason == "" {
					s.n++
				}
				diags, fset, err := vetText(f.name, out)
				if err != nil {
					t.Errorf("%s: mutant %q at line %d does not parse: %v", f.name, key, line, err)
					continue
				}
				on := func(d vet.Diagnostic) bool {
					if fset.Position(d.Pos).Line == line {
						return true
					}
					for _, rel := range d.Related {
						if fset.Position(rel.Pos).Line == line {
							return true
						}
					}
					return false
				}
				caught, noisy := false, false
				for _, d := range diags {
					if on(d) {
						caught = true
					} else {
						noisy = true
						t.Logf("%s: mutant %q at line %d: diagnostic elsewhere: %s: %s [%s]", f.name, key, line, fset.Position(d.Pos), d.Message, d.Category)
					}
				}
				switch {
				case noisy && reason != "":
					s.noisy++
					s.n++
				case reason != "":
					s.indistinct++
					if caught {
						t.Logf("%s: mutant %q at line %d: caught though %s", f.name, key, line, reason)
					}
				case caught && !noisy:
					s.caught++
				case noisy:
					s.noisy++
				default:
					s.missed++
					t.Logf("%s: mutant %q at line %d: missed", f.name, key, line)
				}
			}
		}
	}
	sort.Strings(kinds)
	byCheck := map[string]*score{}
	total := &score{}
	for _, k := range kinds {
		s := scores[k]
		t.Logf("%-55s %4d mutants, %4d caught, %3d missed, %3d with a diagnostic elsewhere, %3d not scored (indistinct from a correct program)", k, s.n, s.caught, s.missed, s.noisy, s.indistinct)
		check, _, _ := strings.Cut(k, ":")
		if byCheck[check] == nil {
			byCheck[check] = &score{}
		}
		for _, x := range []*score{byCheck[check], total} {
			x.n += s.n
			x.caught += s.caught
			x.missed += s.missed
			x.noisy += s.noisy
			x.indistinct += s.indistinct
		}
		if s.n == 0 {
			t.Errorf("no mutant of kind %q: the corpus has no place for it", k)
		}
	}
	var checks []string
	for c := range byCheck {
		checks = append(checks, c)
	}
	sort.Strings(checks)
	for _, c := range checks {
		s := byCheck[c]
		t.Logf("mutation score %-10s %5.1f%% (%d of %d; %d not scored)", c, 100*float64(s.caught)/float64(s.n), s.caught, s.n, s.indistinct)
	}
	pct := 100 * float64(total.caught) / float64(total.n)
	t.Logf("mutation score: %.1f%% (%d of %d mutants in %d files; %d more not scored, indistinct from a correct program)", pct, total.caught, total.n, len(files), total.indistinct)
	if pct < 95 {
		t.Errorf("mutation score %.1f%% < 95%%", pct)
	}
	if total.noisy > 0 {
		t.Errorf("%d mutants drew a diagnostic away from the mutated line", total.noisy)
	}
}

// vetText checks one file's text with every check.
func vetText(name, src string) ([]vet.Diagnostic, *token.FileSet, error) {
	fset := token.NewFileSet()
	m, err := vet.ParseFile(fset, name, []byte(src))
	if err != nil {
		return nil, nil, err
	}
	diags, err := vet.Run(fset, []*vet.Module{m}, all.Analyzers)
	return diags, fset, err
}

// TestExtraPastBuffer: an "extra argument" mutant is scored where the
// dropped argument starts inside the shorter format's buffer rounded up
// to 8 bytes (the printf check reports a store there), and not scored
// past it.
func TestExtraPastBuffer(t *testing.T) {
	global := func(s string) string {
		b := append([]byte(s), 0)
		nums := make([]string, len(b))
		for k, c := range b {
			nums[k] = strconv.Itoa(int(c))
		}
		return fmt.Sprintf(".global .align 1 .b8 $str[%d] = {%s};", len(b), strings.Join(nums, ", "))
	}
	for _, tc := range []struct {
		size          int
		before, after string
		want          bool // not scored
	}{
		{64, "%d %d", "%d ", false},        // 4 bytes at 4, inside 8
		{64, "%d %f", "%d ", true},         // 8 bytes at 8, past 8
		{64, "%d %d %d", "%d %d ", true},   // 4 bytes at 8, past 8
		{64, "%f %d", "%f ", true},         // 4 bytes at 8, past 8
		{64, "%d %s", "%d ", true},         // a pointer at 8
		{32, "%d %s", "%d ", false},        // a 32-bit pointer at 4
		{64, "%d %*d", "%d ", false},       // the * at 4
		{64, "%c%c%c %f", "%c%c%c ", true}, // 8 bytes at 16, past 16
	} {
		src := fmt.Sprintf(".address_size %d\n%s\n", tc.size, global(tc.before))
		out := fmt.Sprintf(".address_size %d\n%s\n", tc.size, global(tc.after))
		got := extraPastBuffer(src, out, 2) != ""
		if got != tc.want {
			t.Errorf("-m%d %q to %q: not scored %v, want %v", tc.size, tc.before, tc.after, got, tc.want)
		}
	}
}
