package dwarf

import (
	"os"
	"runtime"
	"sync"
	"unsafe"

	"github.com/ptxabi/ptxabi/ptx/parser"
)

// filePiece is the size of the pieces that ReadPTXFile reads a big file
// in.
var filePiece = 512 << 10

// streamFile is streamSections of the file name, read a piece at a time
// (cut as parser.Cuts cuts, parser.NextCut) and never held whole: each
// piece is streamed into a sink of its own, up to one a processor at the
// same time, and the sinks are joined in order. ok is false where a
// piece has a syntax error or a datum FromModule rejects (maybe a piece
// cut inside a declaration): the caller then reads the file whole. err is
// an error reading the file.
func streamFile(name string) (s *sectionSink, ok bool, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	size := int(info.Size())
	if !info.Mode().IsRegular() || int64(size) != info.Size() || size < 2*filePiece {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, false, err
		}
		s, ok := streamSections(name, src)
		return s, ok, nil
	}
	type piece struct {
		i    int
		text string
		buf  []byte
	}
	var (
		mu     sync.Mutex
		sinks  []*sectionSink
		failed bool
		wg     sync.WaitGroup
	)
	workers := runtime.GOMAXPROCS(0)
	free := make(chan []byte, workers+1) // memory to read pieces into again
	work := func(pc piece) {
		k := &sectionSink{}
		bad := parser.Stream(nil, name, pc.text, k) != nil || k.bad
		mu.Lock()
		for len(sinks) <= pc.i {
			sinks = append(sinks, nil)
		}
		sinks[pc.i] = k
		failed = failed || bad
		mu.Unlock()
		select {
		case free <- pc.buf: // the sink keeps copies of what it keeps
		default:
		}
	}
	next := make(chan piece) // a piece is read while the others are streamed
	if workers > 1 {
		for range workers {
			wg.Go(func() {
				for pc := range next {
					work(pc)
				}
			})
		}
	}
	slack := filePiece / 4 // read past a cut, to see what follows it
	var carry []byte
	for pos, i := 0, 0; pos < size; i++ {
		var buf []byte
		select {
		case buf = <-free:
		default:
		}
		// The window [pos, pos+len(win)): the carry, then what is read.
		win := append(buf[:0], carry...)
		text, end := "", 0
		for grow := filePiece + slack; ; grow *= 2 {
			if need := min(size-pos, max(grow, len(win))); len(win) < need {
				n := len(win)
				win = append(win, make([]byte, need-n)...)
				if _, err = f.ReadAt(win[n:], int64(pos+n)); err != nil {
					close(next)
					wg.Wait()
					return nil, false, err
				}
			}
			text = unsafe.String(unsafe.SliceData(win), len(win))
			atEOF := pos+len(win) == size
			if size-pos < 2*filePiece {
				end = len(win) // the last piece
				break
			}
			if c := parser.NextCut(text, min(filePiece, len(win))); c >= 0 && (c+slack/16 <= len(win) || atEOF) {
				end = c
				break
			}
			if atEOF {
				end = len(win)
				break
			}
		}
		carry = append(carry[:0], win[end:]...)
		pc := piece{i, text[:end], win}
		if workers > 1 {
			next <- pc
		} else {
			work(pc)
		}
		pos += end
	}
	close(next)
	wg.Wait()
	if failed {
		return nil, false, nil
	}
	s = &sectionSink{}
	for _, k := range sinks {
		s.info = join(s.info, k.info)
		s.abbr = join(s.abbr, k.abbr)
	}
	return s, true, nil
}
