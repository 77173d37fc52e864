package cc

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/kernels"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// TestPending keeps testdata/pending honest: every program there is one
// that ptxabi cc cannot compile (-O3, -m64), whose PTX ptxas rejects
// (sm_52, when ptxas is on PATH), or whose execution under `ptxabi run`
// differs from nvcc's PTX's on the same inputs. When one of
// them compiles and computes what nvcc's does, the test fails: move the
// program to testdata/corpus (and its line out of testdata/pending/README.md).
// pendingRow matches a row of the pending README's table: | `x.cu` | ...
var pendingRow = regexp.MustCompile("(?m)^\\| `([A-Za-z0-9_]+\\.cu)` \\|")

func TestPending(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	if testing.Short() {
		t.Skip("pending programs: not in -short")
	}
	ks, err := kernels.Load("testdata/pending")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("testdata/pending/README.md")
	if err != nil {
		t.Fatal(err)
	}
	// Each row of the README's table names a program that is pending.
	for _, row := range pendingRow.FindAllSubmatch(readme, -1) {
		name := string(row[1])
		if !slices.ContainsFunc(ks, func(k *kernels.Kernel) bool { return filepath.Base(k.File) == name }) {
			t.Errorf("testdata/pending/README.md lists %s, which is not in testdata/pending", name)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ptxabi")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ptxabi")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/ptxabi: %v\n%s", err, out)
	}
	for _, k := range ks {
		t.Run(k.Name, func(t *testing.T) {
			base := filepath.Base(k.File)
			if !bytes.Contains(readme, []byte("`"+base+"`")) {
				t.Errorf("testdata/pending/README.md does not list %s", base)
			}
			cfg := Config{Target: target.Default, Opt: 3}
			ours, err := Compile(&cfg, k.File, k.Source)
			if err != nil {
				t.Logf("still pending: %s", firstLine(err.Error()))
				return
			}
			kdir := filepath.Join(dir, k.Name)
			if err := os.MkdirAll(kdir, 0o777); err != nil {
				t.Fatal(err)
			}
			abs, _ := filepath.Abs(k.File)
			ref := filepath.Join(kdir, "nvcc.ptx")
			if _, err := oracle.Run(kdir, oracle.NVCC, "-ptx", "-arch=sm_52", "-fmad=false", "-m64", "-o", ref, abs); err != nil {
				t.Fatal(err)
			}
			mine := filepath.Join(kdir, "cc.ptx")
			if err := os.WriteFile(mine, ours, 0o666); err != nil {
				t.Fatal(err)
			}
			if oracle.Have(oracle.PTXAS) {
				if _, err := oracle.Run(kdir, oracle.PTXAS, "-arch=sm_52", "-o", filepath.Join(kdir, "cc.cubin"), mine); err != nil {
					t.Logf("still pending: %s", firstLine(strings.TrimPrefix(err.Error(), firstLine(err.Error())+"\n")))
					return
				}
			}
			args, err := k.RunArgs(kdir)
			if err != nil {
				t.Fatal(err)
			}
			want, err := k.Run(bin, args, ref, filepath.Join(kdir, "nvcc-out"))
			if err != nil {
				t.Fatalf("nvcc's PTX: %v", err)
			}
			got, err := k.Run(bin, args, mine, filepath.Join(kdir, "cc-out"))
			if err != nil {
				t.Logf("still pending: %v", err)
				return
			}
			if want.Failed != got.Failed {
				t.Logf("still pending: launch failed=%v, nvcc's %v: %s", got.Failed, want.Failed, firstLine(string(got.Stderr)))
				return
			}
			if d := k.Diff(want, got); d != "" {
				t.Logf("still pending: %s", firstLine(d))
				return
			}
			t.Errorf("%s compiles, assembles and computes what nvcc's PTX computes: move it to testdata/corpus and out of testdata/pending/README.md", base)
		})
	}
}
