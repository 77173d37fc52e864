// Command ccbench measures the quality and the speed of `ptxabi cc`
// against nvcc, for scripts/bench-cc.sh (issue 15's benchmark):
//
//	ccbench -ptxabi BIN [-arch sm_70] [-j N] [-runs N] [-gen N] [-small FILE] DIR...
//	ccbench -gen N -writegen FILE
//
// Quality: every kernel of the corpus directories (internal/kernels'
// format) is compiled by `ptxabi cc -O3 -fmad=false -arch sm_XX` and by
// `nvcc -ptx -arch=sm_XX -fmad=false` (both without contraction into fma:
// cc does not contract a*b+c itself, and -fmad=false keeps ptxas from
// doing it for either, so the two compute the same arithmetic), both PTX files are assembled by `ptxas -O3 -arch=sm_XX`,
// and the cubins are read back with cuobjdump:
//
//   - SASS: the instructions `cuobjdump -sass` lists in every function of
//     the cubin, less the NOPs that pad a function and the final `BRA`
//     to itself that ends each one;
//   - REG: the kernel's registers per thread, STACK its stack frame in
//     bytes, LOCAL its local memory (`cuobjdump -res-usage`);
//   - LMEM: the local-memory instructions (LDL, STL) in the SASS; a kernel
//     of ours with local-memory traffic where nvcc's has none is flagged.
//
// Each row gives ours, nvcc's and the ratio ours/nvcc; the summary gives
// the medians of the counts and the median of the per-kernel ratios.
//
// Compile time: `ptxabi cc -O3 -fmad=false` and `nvcc -ptx -fmad=false` on the same
// file, run in turn (A B A B ...) -runs times after a warm-up; the
// figure is the median over the pairs of nvcc's time over ours, in wall
// time and in processor time (user+system), on a small file (-small) and
// on a generated file of -gen kernels.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ptxabi/ptxabi/internal/kernels"
)

func main() {
	bin := flag.String("ptxabi", "", "the ptxabi command to measure")
	arch := flag.String("arch", "sm_70", "the target of both compilers and of ptxas")
	jobs := flag.Int("j", 2, "kernels compiled at the same time")
	runs := flag.Int("runs", 5, "timed runs of each compiler per file (0: no compile-time figures)")
	gen := flag.Int("gen", 300, "kernels in the generated file of the compile-time figure")
	small := flag.String("small", "examples/call_example.cu", "the small file of the compile-time figure")
	writeGen := flag.String("writegen", "", "only write the generated file of -gen kernels to `FILE`")
	flag.Parse()
	if *writeGen != "" {
		if err := os.WriteFile(*writeGen, genKernels(*gen), 0o666); err != nil {
			fatal(err)
		}
		return
	}
	if *bin == "" || flag.NArg() == 0 || *jobs < 1 {
		fmt.Fprintln(os.Stderr, "usage: ccbench -ptxabi BIN [-arch sm_XX] [-j N] [-runs N] [-gen N] [-small FILE] DIR...")
		os.Exit(2)
	}
	work, err := os.MkdirTemp("", "ccbench-")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(work)
	var ks []*kernels.Kernel
	for _, dir := range flag.Args() {
		k, err := kernels.Load(dir)
		if err != nil {
			fatal(err)
		}
		ks = append(ks, k...)
	}
	b := &bench{bin: *bin, arch: *arch, work: work}
	fmt.Printf("commands (per kernel K):\n")
	fmt.Printf("  %s cc -O3 -arch %s -o ours.ptx K.cu\n", *bin, *arch)
	fmt.Printf("  nvcc -ptx -arch=%s -fmad=false -o nvcc.ptx K.cu\n", *arch)
	fmt.Printf("  ptxas -O3 -arch=%s -o X.cubin X.ptx; cuobjdump -sass X.cubin; cuobjdump -res-usage X.cubin\n\n", *arch)
	rows := b.quality(ks, *jobs)
	printQuality(os.Stdout, rows)
	if *runs > 0 {
		fmt.Println()
		b.compileTime(*small, *gen, *runs)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "ccbench:", err)
	os.Exit(1)
}

type bench struct {
	bin, arch, work string
}

// A measure is what one compiler's cubin of one kernel holds.
type measure struct {
	sass, reg, stack, local, lmem int
}

// A row is one kernel: ours and nvcc's, or why it has no figures.
type row struct {
	name      string
	ours, ref measure
	err       string
}

func (b *bench) quality(ks []*kernels.Kernel, jobs int) []row {
	rows := make([]row, len(ks))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, k := range ks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			rows[i] = b.kernel(k)
		}()
	}
	wg.Wait()
	return rows
}

func (b *bench) kernel(k *kernels.Kernel) row {
	r := row{name: k.Name}
	dir := filepath.Join(b.work, k.Name)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		r.err = err.Error()
		return r
	}
	src, _ := filepath.Abs(k.File)
	ours := filepath.Join(dir, "ours.ptx")
	ref := filepath.Join(dir, "nvcc.ptx")
	if _, err := run(dir, "nvcc", "-ptx", "-arch="+b.arch, "-fmad=false", "-o", ref, src); err != nil {
		r.err = "nvcc: " + firstLine(err.Error())
		return r
	}
	if _, err := run(dir, b.bin, "cc", "-O3", "-fmad=false", "-arch", b.arch, "-o", ours, src); err != nil {
		r.err = "ptxabi cc: " + firstLine(err.Error())
		return r
	}
	var err error
	if r.ours, err = b.measure(dir, ours, k.Name); err != nil {
		r.err = "ours: " + firstLine(err.Error())
		return r
	}
	if r.ref, err = b.measure(dir, ref, k.Name); err != nil {
		r.err = "nvcc's: " + firstLine(err.Error())
	}
	return r
}

// measure assembles ptx and reads the kernel's figures from the cubin.
func (b *bench) measure(dir, ptx, kernel string) (measure, error) {
	var m measure
	cubin := strings.TrimSuffix(ptx, ".ptx") + ".cubin"
	if _, err := run(dir, "ptxas", "-O3", "-arch="+b.arch, "-o", cubin, ptx); err != nil {
		return m, err
	}
	sass, err := run(dir, "cuobjdump", "-sass", cubin)
	if err != nil {
		return m, err
	}
	m.sass, m.lmem = countSASS(sass)
	res, err := run(dir, "cuobjdump", "-res-usage", cubin)
	if err != nil {
		return m, err
	}
	u, ok := resUsage(res)[kernel]
	if !ok {
		return m, fmt.Errorf("cuobjdump -res-usage lists no function %s", kernel)
	}
	m.reg, m.stack, m.local = u["REG"], u["STACK"], u["LOCAL"]
	return m, nil
}

// sassLine matches an instruction line of `cuobjdump -sass`: its address
// and its text up to the semicolon.
var sassLine = regexp.MustCompile(`^\s*/\*([0-9a-f]+)\*/\s+([^;]*?)\s*;`)

// countSASS counts the instructions of every function in a `cuobjdump
// -sass` listing, less NOPs and the branch to itself that ends a function,
// and among them the local-memory loads and stores (LDL, STL).
func countSASS(listing []byte) (insts, lmem int) {
	for _, line := range strings.Split(string(listing), "\n") {
		m := sassLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		text := m[2]
		if strings.HasPrefix(text, "@") { // a guard predicate
			if _, rest, ok := strings.Cut(text, " "); ok {
				text = strings.TrimSpace(rest)
			}
		}
		op, args, _ := strings.Cut(text, " ")
		base, _, _ := strings.Cut(op, ".")
		switch base {
		case "NOP":
			continue
		case "BRA":
			addr, err1 := strconv.ParseUint(m[1], 16, 64)
			to, err2 := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(args), "0x"), 16, 64)
			if err1 == nil && err2 == nil && addr == to && !strings.HasPrefix(m[2], "@") {
				continue
			}
		case "LDL", "STL":
			lmem++
		}
		insts++
	}
	return insts, lmem
}

var (
	resFunc = regexp.MustCompile(`^\s*Function (\S+):\s*$`)
	resItem = regexp.MustCompile(`([A-Z]+(?:\[\d+\])?):(\d+)`)
)

// resUsage reads `cuobjdump -res-usage`: each function's figures by name
// (REG, STACK, SHARED, LOCAL...).
func resUsage(out []byte) map[string]map[string]int {
	fns := map[string]map[string]int{}
	var cur map[string]int
	for _, line := range strings.Split(string(out), "\n") {
		if m := resFunc.FindStringSubmatch(line); m != nil {
			cur = map[string]int{}
			fns[m[1]] = cur
			continue
		}
		if cur == nil {
			continue
		}
		for _, m := range resItem.FindAllStringSubmatch(line, -1) {
			n, _ := strconv.Atoi(m[2])
			cur[m[1]] = n
		}
	}
	return fns
}

func ratio(a, b int) float64 {
	if b == 0 {
		if a == 0 {
			return 1
		}
		return float64(a) // against nothing: the count itself
	}
	return float64(a) / float64(b)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func printQuality(w io.Writer, rows []row) {
	fmt.Fprintf(w, "%-22s %13s %6s %9s %6s %11s %9s  %s\n", "kernel", "SASS ours/nv", "ratio", "REG", "ratio", "stack+local", "LDL+STL", "")
	var sassO, sassR, sassX, regO, regR, regX []float64
	var failed, flagged []string
	type named struct {
		name  string
		ratio float64
	}
	var above []named
	for _, r := range rows {
		if r.err != "" {
			fmt.Fprintf(w, "%-22s %s\n", r.name, r.err)
			failed = append(failed, r.name)
			continue
		}
		o, n := r.ours, r.ref
		flag := ""
		if o.lmem > 0 && n.lmem == 0 {
			flag = "local-memory traffic where nvcc has none"
			flagged = append(flagged, r.name)
		}
		fmt.Fprintf(w, "%-22s %6d/%-6d %6.2f %4d/%-4d %6.2f %5d/%-5d %4d/%-4d  %s\n", r.name,
			o.sass, n.sass, ratio(o.sass, n.sass), o.reg, n.reg, ratio(o.reg, n.reg),
			o.stack+o.local, n.stack+n.local, o.lmem, n.lmem, flag)
		sassO = append(sassO, float64(o.sass))
		sassR = append(sassR, float64(n.sass))
		sassX = append(sassX, ratio(o.sass, n.sass))
		if x := ratio(o.sass, n.sass); x > 1.10 {
			above = append(above, named{r.name, x})
		}
		regO = append(regO, float64(o.reg))
		regR = append(regR, float64(n.reg))
		regX = append(regX, ratio(o.reg, n.reg))
	}
	fmt.Fprintf(w, "\nsummary over %d kernels (%d not compiled: %s)\n", len(sassX), len(failed), strings.Join(failed, " "))
	fmt.Fprintf(w, "  %-34s %8s %8s %14s %14s %6s\n", "", "ours", "nvcc", "ours/nvcc of", "median of", "goal")
	fmt.Fprintf(w, "  %-34s %8s %8s %14s %14s %6s\n", "", "median", "median", "the medians", "the ratios", "")
	fmt.Fprintf(w, "  %-34s %8.1f %8.1f %14.3f %14.3f %6s\n", "SASS instructions (sm_70, -O3)", median(sassO), median(sassR), median(sassO)/median(sassR), median(sassX), "≤1.10")
	fmt.Fprintf(w, "  %-34s %8.1f %8.1f %14.3f %14.3f %6s\n", "registers per thread", median(regO), median(regR), median(regO)/median(regR), median(regX), "≤1.10")
	fmt.Fprintf(w, "  local-memory traffic where nvcc has none: %d kernels %s\n", len(flagged), strings.Join(flagged, " "))
	sort.SliceStable(above, func(i, j int) bool { return above[i].ratio > above[j].ratio })
	var top []string
	for i, a := range above {
		if i == 10 {
			break
		}
		top = append(top, fmt.Sprintf("%s %.2f", a.name, a.ratio))
	}
	fmt.Fprintf(w, "  SASS above 1.10× nvcc's: %d kernels; the largest: %s\n", len(above), strings.Join(top, ", "))
}

// compileTime times both compilers on the small file and on a generated
// file.
func (b *bench) compileTime(small string, n, runs int) {
	small, err := filepath.Abs(small)
	if err != nil {
		fatal(err)
	}
	gen := filepath.Join(b.work, fmt.Sprintf("gen%d.cu", n))
	if err := os.WriteFile(gen, genKernels(n), 0o666); err != nil {
		fatal(err)
	}
	fmt.Printf("compile time: %d runs each after a warm-up, in turn; ratio nvcc/ours, median of the pairs\n", runs)
	fmt.Printf("  ours: %s cc -O3 -fmad=false -arch %s -o /dev/null FILE\n", b.bin, b.arch)
	fmt.Printf("  nvcc: nvcc -ptx -arch=%s -fmad=false -o /dev/null FILE\n", b.arch)
	fmt.Printf("  %-34s %10s %10s %10s %10s %10s\n", "file", "ours wall", "nvcc wall", "wall ×", "cpu ×", "goal")
	for _, f := range []struct {
		name, path, goal string
	}{
		{filepath.Base(small), small, "≥50"},
		{fmt.Sprintf("generated, %d kernels", n), gen, "≥20"},
	} {
		ours := []string{b.bin, "cc", "-O3", "-fmad=false", "-arch", b.arch, "-o", os.DevNull, f.path}
		ref := []string{"nvcc", "-ptx", "-arch=" + b.arch, "-fmad=false", "-o", os.DevNull, f.path}
		var ow, rw, wx, cx []float64
		for i := 0; i <= runs; i++ {
			a, err := timeRun(b.work, ours)
			if err != nil {
				fatal(err)
			}
			c, err := timeRun(b.work, ref)
			if err != nil {
				fatal(err)
			}
			if i == 0 {
				continue // the warm-up
			}
			ow = append(ow, a.wall.Seconds())
			rw = append(rw, c.wall.Seconds())
			wx = append(wx, c.wall.Seconds()/a.wall.Seconds())
			cx = append(cx, c.cpu.Seconds()/a.cpu.Seconds())
		}
		fmt.Printf("  %-34s %9.4fs %9.3fs %9.1f× %9.1f× %10s\n", f.name, median(ow), median(rw), median(wx), median(cx), f.goal)
	}
}

type timing struct{ wall, cpu time.Duration }

func timeRun(dir string, argv []string) (timing, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return timing{}, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, stderr.Bytes())
	}
	return timing{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}, nil
}

func run(dir, tool string, args ...string) ([]byte, error) {
	cmd := exec.Command(tool, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return stdout.Bytes(), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
