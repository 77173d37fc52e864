package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/ptxabi/ptxabi/cc"
	"github.com/ptxabi/ptxabi/internal/kernels"
	"github.com/ptxabi/ptxabi/internal/oracle"
)

// CorpusDirs are the corpora compared, relative to the module's root.
var CorpusDirs = []string{"internal/kernels/testdata", "cc/testdata/corpus"}

// loadOnlyKernels is how many kernels each LoadOnly configuration offers.
const loadOnlyKernels = 3

// LoadCorpus reads the kernels of CorpusDirs under the module root.
func LoadCorpus(root string) ([]*kernels.Kernel, error) {
	var ks []*kernels.Kernel
	for _, d := range CorpusDirs {
		k, err := kernels.Load(filepath.Join(root, d))
		if err != nil {
			return nil, err
		}
		ks = append(ks, k...)
	}
	return ks, nil
}

// Bundle compiles the corpus under the module root with nvcc and ptxabi cc
// in every configuration and writes into dir (which must not exist) the
// PTX, the inputs, one manifest per configuration (CONFIG.manifest) and
// runs.json, the plan Compare reads back. Programs ptxabi cc rejects are
// an error: the corpus is what it compiles.
func Bundle(root, dir string) ([]*Run, error) {
	ks, err := LoadCorpus(root)
	if err != nil {
		return nil, err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return nil, err
	}
	if err := os.Mkdir(dir, 0o777); err != nil {
		return nil, err
	}
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o777); err != nil {
		return nil, err
	}
	specs := map[string][]string{}
	args := map[string][]RunArg{}
	for _, k := range ks {
		s, err := k.RunArgs(in)
		if err != nil {
			return nil, err
		}
		if args[k.Name], err = runArgs(dir, s); err != nil {
			return nil, fmt.Errorf("%s: %v", k.File, err)
		}
		for i, a := range s {
			if p, ok := strings.CutPrefix(a, "file:"); ok {
				rel, _ := filepath.Rel(dir, p)
				s[i] = "file:" + filepath.ToSlash(rel)
			}
		}
		specs[k.Name] = s
	}
	var runs []*Run
	nvccDone := map[string]string{} // nvcc flags -> the directory of their PTX
	for _, c := range append(append([]Config{}, Configs...), LoadOnly...) {
		load := isLoadOnly(c.Name)
		cks := ks
		if load {
			cks = ks[:min(loadOnlyKernels, len(ks))]
		}
		cdir := filepath.Join(dir, c.Name)
		if err := os.Mkdir(cdir, 0o777); err != nil {
			return nil, err
		}
		flags := strings.Join(c.NVCC, " ")
		ndir, ok := nvccDone[flags]
		if !ok || load {
			if err := nvccPTX(cdir, cks, c.NVCC); err != nil {
				return nil, fmt.Errorf("%s: %v", c.Name, err)
			}
			ndir = cdir
			nvccDone[flags] = cdir
		}
		var mu sync.Mutex
		var errs []error
		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for _, k := range cks {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				cfg := c.CC
				out, err := cc.Compile(&cfg, k.File, k.Source)
				if err == nil {
					err = os.WriteFile(filepath.Join(cdir, k.Name+".cc.ptx"), out, 0o666)
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("%s: ptxabi cc: %v", c.Name, err))
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		var cruns []*Run
		for _, k := range cks {
			for _, p := range Producers {
				ptx := filepath.Join(cdir, k.Name+".cc.ptx")
				if p == "nvcc" {
					ptx = filepath.Join(ndir, baseName(k)+".ptx")
				}
				rel, _ := filepath.Rel(dir, ptx)
				r := &Run{ID: c.Name + "." + k.Name + "." + p, Config: c.Name, Producer: p, Kernel: k, PTX: rel,
					Args: args[k.Name], Specs: specs[k.Name], Debug: c.CC.Debug, LoadOnly: load}
				if c.Time && k.Fails == "" && !bytes.Contains(k.Source, []byte("printf")) {
					r.Reps = TimeReps
				}
				cruns = append(cruns, r)
			}
		}
		f, err := os.Create(filepath.Join(dir, c.Name+".manifest"))
		if err != nil {
			return nil, err
		}
		err = WriteManifest(f, cruns)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
		runs = append(runs, cruns...)
	}
	lruns, err := linkRuns(root, dir)
	if err != nil {
		return nil, fmt.Errorf("link: %v", err)
	}
	runs = append(runs, lruns...)
	b, err := json.MarshalIndent(planOf(root, runs), "", "\t")
	if err != nil {
		return nil, err
	}
	return runs, os.WriteFile(filepath.Join(dir, "runs.json"), b, 0o666)
}

func isLoadOnly(name string) bool {
	for _, c := range LoadOnly {
		if c.Name == name {
			return true
		}
	}
	return false
}

func baseName(k *kernels.Kernel) string {
	return strings.TrimSuffix(filepath.Base(k.File), ".cu")
}

// nvccPTX compiles ks with nvcc -ptx into dir, in two halves at once.
func nvccPTX(dir string, ks []*kernels.Kernel, flags []string) error {
	var files []string
	for _, k := range ks {
		abs, err := filepath.Abs(k.File)
		if err != nil {
			return err
		}
		files = append(files, abs)
	}
	half := (len(files) + 1) / 2
	parts := [][]string{files[:half], files[half:]}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, p := range parts {
		if len(p) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := append(append([]string{"-ptx", "-odir", dir}, flags...), p...)
			_, errs[i] = oracle.Run(dir, oracle.NVCC, a...)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// planRun is a Run as runs.json holds it, with the kernel's launch.
type planRun struct {
	ID, Config, Producer, Kernel, File, PTX string
	Grid, Block                             [3]int
	Shared                                  int
	KernelArgs                              []string // the header's arg specs
	Fails                                   string
	Tags                                    []string
	Specs                                   []string
	Args                                    []RunArg
	Debug, LoadOnly                         bool
	Reps                                    int
}

func planOf(root string, runs []*Run) []planRun {
	var out []planRun
	for _, r := range runs {
		f, err := filepath.Rel(root, r.Kernel.File)
		if err != nil {
			f = r.Kernel.File
		}
		k := r.Kernel
		out = append(out, planRun{ID: r.ID, Config: r.Config, Producer: r.Producer, Kernel: k.Name, File: f,
			PTX: r.PTX, Grid: k.Grid, Block: k.Block, Shared: k.Shared, KernelArgs: k.Args, Fails: k.Fails, Tags: k.Tags,
			Specs: r.Specs, Args: r.Args, Debug: r.Debug, LoadOnly: r.LoadOnly, Reps: r.Reps})
	}
	return out
}

// ReadPlan reads a bundle's runs.json.
func ReadPlan(dir string) ([]*Run, error) {
	b, err := os.ReadFile(filepath.Join(dir, "runs.json"))
	if err != nil {
		return nil, err
	}
	var plan []planRun
	if err := json.Unmarshal(b, &plan); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "runs.json"), err)
	}
	var runs []*Run
	for _, p := range plan {
		k := &kernels.Kernel{File: p.File, Name: p.Kernel, Grid: p.Grid, Block: p.Block, Shared: p.Shared,
			Args: p.KernelArgs, Fails: p.Fails, Tags: p.Tags}
		runs = append(runs, &Run{ID: p.ID, Config: p.Config, Producer: p.Producer, Kernel: k, PTX: p.PTX,
			Specs: p.Specs, Args: p.Args, Debug: p.Debug, LoadOnly: p.LoadOnly, Reps: p.Reps})
	}
	return runs, nil
}

// LinkDir holds the two-module program of the link check: ours.cu,
// compiled by ptxabi cc -rdc, and theirs.cu, by nvcc -rdc=true, each
// calling a function the other defines (cc's TestLinkWithNVCC).
const LinkDir = "cc/testdata/link"

// linkKernels are the link program's kernels; each writes 32 ints.
var linkKernels = []string{"k_ours", "k_nv"}

// linkRuns compiles the link program into dir/link and writes
// link.manifest: each kernel launched from the two modules linked by the
// driver.
func linkRuns(root, dir string) ([]*Run, error) {
	ldir := filepath.Join(dir, "link")
	if err := os.Mkdir(ldir, 0o777); err != nil {
		return nil, err
	}
	src := filepath.Join(root, LinkDir, "ours.cu")
	b, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	cfg := cc.Config{Target: tgt(64, 52), Opt: 3, RDC: true, NoContract: true}
	out, err := cc.Compile(&cfg, src, b)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(ldir, "ours.ptx"), out, 0o666); err != nil {
		return nil, err
	}
	theirs, err := filepath.Abs(filepath.Join(root, LinkDir, "theirs.cu"))
	if err != nil {
		return nil, err
	}
	if _, err := oracle.Run(ldir, oracle.NVCC, "-rdc=true", "-ptx", "-m64", "-arch=sm_52", "-fmad=false", "-o", "theirs.ptx", theirs); err != nil {
		return nil, err
	}
	var runs []*Run
	for _, name := range linkKernels {
		k := &kernels.Kernel{File: filepath.Join(root, LinkDir, "ours.cu"), Name: name, Grid: [3]int{1, 1, 1},
			Block: [3]int{32, 1, 1}, Args: []string{"zero:128"}}
		runs = append(runs, &Run{ID: "link." + name, Config: "link", Producer: "link", Kernel: k,
			PTX: "link/ours.ptx,link/theirs.ptx", Args: []RunArg{{Buffer: true, Size: 128}}, Specs: []string{"zero:128"}})
	}
	f, err := os.Create(filepath.Join(dir, "link.manifest"))
	if err != nil {
		return nil, err
	}
	err = WriteManifest(f, runs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return runs, err
}
