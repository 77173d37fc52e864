package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected files of testdata/script/*.txtar from what the commands print")

// TestScripts runs each testdata/script/*.txtar: its files are written to a
// fresh directory, then the comment is run line by line. Commands:
//
//	ptxabi ARGS...      run the command; it must exit 0
//	! ptxabi ARGS...    it must exit non-zero
//	status N            the last command exited N
//	stdout RE / stderr RE       the last output matches the regexp
//	! stdout RE / ! stderr RE   it does not
//	cmp stdout FILE     the last stdout equals FILE (-update rewrites FILE)
//	cmp FILE1 FILE2     two files are equal
//	exists FILE / ! exists FILE
//	env NAME=VALUE      set an environment variable for the rest of the script
//	[exec:TOOL] CMD     run CMD only if TOOL is on PATH (else the script skips)
//	skip MSG            skip the script
//
// Arguments are split as a shell splits words, with '...' quoting.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, file := range files {
		// Absolute, so that -update finds the file after the script's Chdir.
		file, err := filepath.Abs(file)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runScript(t, file)
		})
	}
}

type scriptState struct {
	t              *testing.T
	dir            string
	stdout, stderr string
	stdin          string // for the next ptxabi command (see "stdin FILE")
	status         int
	archive        *txtar.Archive
	changed        bool
}

func runScript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	st := &scriptState{t: t, dir: dir, archive: ar}
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		st.exec(fmt.Sprintf("%s:%d", filepath.Base(file), i+1), line)
		if t.Skipped() || t.Failed() {
			break
		}
	}
	if st.changed && *update {
		if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

func (st *scriptState) exec(pos, line string) {
	t := st.t
	t.Helper()
	if strings.HasPrefix(line, "[") {
		end := strings.Index(line, "]")
		cond := line[1:end]
		line = strings.TrimSpace(line[end+1:])
		if tool, ok := strings.CutPrefix(cond, "exec:"); ok {
			if _, err := exec.LookPath(tool); err != nil {
				t.Skipf("%s: %s not found on PATH; skipping the rest of the script", pos, tool)
				return
			}
		}
	}
	neg := false
	if rest, ok := strings.CutPrefix(line, "! "); ok {
		neg, line = true, rest
	}
	args, err := splitArgs(line)
	if err != nil || len(args) == 0 {
		t.Fatalf("%s: bad line %q: %v", pos, line, err)
	}
	switch args[0] {
	case "ptxabi":
		var out, errb bytes.Buffer
		st.status = run(args[1:], strings.NewReader(st.stdin), &out, &errb)
		st.stdin = ""
		st.stdout, st.stderr = out.String(), errb.String()
		if neg != (st.status != 0) {
			t.Fatalf("%s: %s: exit status %d\nstdout:\n%s\nstderr:\n%s", pos, line, st.status, st.stdout, st.stderr)
		}
	case "stdin":
		st.stdin = st.read(pos, args[1])
	case "status":
		want, _ := strconv.Atoi(args[1])
		if st.status != want {
			t.Fatalf("%s: exit status %d, want %d", pos, st.status, want)
		}
	case "stdout", "stderr":
		text := st.stdout
		if args[0] == "stderr" {
			text = st.stderr
		}
		re, err := regexp.Compile("(?m)" + args[1])
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if re.MatchString(text) == neg {
			t.Fatalf("%s: %s %s: got\n%s", pos, args[0], strconv.Quote(args[1]), text)
		}
	case "cmp":
		a := st.read(pos, args[1])
		b := st.read(pos, args[2])
		if a != b {
			if *update && (args[1] == "stdout" || args[1] == "stderr") {
				st.rewrite(args[2], a)
				return
			}
			t.Fatalf("%s: %s and %s differ:\n--- %s\n%s\n--- %s\n%s", pos, args[1], args[2], args[1], a, args[2], b)
		}
	case "exists":
		_, err := os.Stat(args[1])
		if (err == nil) == neg {
			t.Fatalf("%s: exists %s: %v", pos, args[1], err)
		}
	case "env":
		name, value, ok := strings.Cut(args[1], "=")
		if !ok {
			t.Fatalf("%s: env wants NAME=VALUE", pos)
		}
		t.Setenv(name, value)
	case "skip":
		t.Skip(strings.Join(args[1:], " "))
	default:
		t.Fatalf("%s: unknown script command %q", pos, args[0])
	}
}

func (st *scriptState) read(pos, name string) string {
	switch name {
	case "stdout":
		return st.stdout
	case "stderr":
		return st.stderr
	}
	b, err := os.ReadFile(name)
	if err != nil {
		st.t.Fatalf("%s: %v", pos, err)
	}
	return string(b)
}

func (st *scriptState) rewrite(name, data string) {
	for i := range st.archive.Files {
		if st.archive.Files[i].Name == name {
			st.archive.Files[i].Data = []byte(data)
			st.changed = true
			return
		}
	}
	st.t.Fatalf("-update: %s is not a file of the archive", name)
}

// splitArgs splits a line into words; '...' quotes a word with spaces.
func splitArgs(line string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted = !quoted
			inWord = true
		case !quoted && (r == ' ' || r == '\t'):
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote")
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
