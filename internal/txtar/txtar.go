// Package txtar reads and writes the txtar archive format: a comment, then
// files each introduced by a "-- name --" line. The format is the one the Go
// tools use for their script tests; this is a small reimplementation so the
// module keeps to the standard library.
package txtar

import (
	"bytes"
	"strings"
)

// File is one file in an archive.
type File struct {
	Name string
	Data []byte
}

// Archive is a parsed txtar archive.
type Archive struct {
	Comment []byte
	Files   []File
}

// Parse parses data. It never fails: text before the first marker is the
// comment, and a marker line is any line of the form "-- NAME --".
func Parse(data []byte) *Archive {
	a := new(Archive)
	var cur *File
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if name, ok := marker(line); ok {
			a.Files = append(a.Files, File{Name: name})
			cur = &a.Files[len(a.Files)-1]
			continue
		}
		if cur == nil {
			a.Comment = append(a.Comment, line...)
		} else {
			cur.Data = append(cur.Data, line...)
		}
	}
	return a
}

func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	name := strings.TrimSpace(s[3 : len(s)-3])
	return name, name != ""
}

// Format returns the archive's text. Each file's data ends in a newline.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.Write(fixNL(a.Comment))
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(fixNL(f.Data))
	}
	return b.Bytes()
}

func fixNL(d []byte) []byte {
	if len(d) == 0 || d[len(d)-1] == '\n' {
		return d
	}
	return append(d[:len(d):len(d)], '\n')
}
