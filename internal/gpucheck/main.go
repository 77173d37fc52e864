// Command gpucheck checks the executor (`ptxabi run`) and the compiler
// (`ptxabi cc`) against a real GPU, where one is at hand (scripts/gpu-check.sh
// drives it). It is issue 15's hardware comparison: every program of the
// executor's corpus (internal/kernels/testdata) and of the compiler's
// (cc/testdata/corpus), compiled by nvcc and by ptxabi cc, is run on the GPU
// and by the executor on the same inputs, and their buffers and printf
// output are compared; the kernels are also timed on the GPU, ours against
// nvcc's.
//
//	gpucheck bundle -o DIR          compile the corpus, write DIR for the GPU machine
//	gpucheck compare -bundle DIR -results RDIR -ptxabi BIN
//
// The work is split across two machines. bundle, here (it needs nvcc),
// compiles the programs in every configuration (Configs) and writes a
// directory that travels to the GPU machine: the PTX files, the input
// buffers, one manifest per configuration and runs.json. There
// device/run.sh builds device/runner.cpp (the CUDA driver API only: the
// driver compiles the PTX for its GPU) and runs the manifests, writing the
// buffers after each launch, what the kernels printed and the launch times.
// compare, back here, runs the executor on the same PTX and inputs and
// prints three comparisons — the GPU against the executor on nvcc's PTX,
// our PTX against nvcc's on the GPU, and the GPU against the executor on
// our PTX — and a fourth for the link check (cc/testdata/link: a module of
// ours and one of nvcc's, each calling into the other, linked by the
// driver), then the kernel times; it exits 1 when a comparison differs.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	switch os.Args[1] {
	case "bundle":
		fs := flag.NewFlagSet("bundle", flag.ExitOnError)
		out := fs.String("o", "", "the bundle `DIR` to write (must not exist)")
		root := fs.String("root", ".", "the module's root")
		fs.Parse(os.Args[2:])
		if *out == "" || fs.NArg() != 0 {
			usage()
		}
		runs, err := Bundle(*root, *out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gpucheck:", err)
			os.Exit(1)
		}
		fmt.Printf("gpucheck: %d runs in %s\n", len(runs), *out)
	case "compare":
		fs := flag.NewFlagSet("compare", flag.ExitOnError)
		dir := fs.String("bundle", "", "the bundle `DIR`")
		res := fs.String("results", "", "the `DIR` of the GPU's results (one subdirectory per runner)")
		bin := fs.String("ptxabi", "", "the ptxabi `BINARY` whose run command is the executor")
		fs.Parse(os.Args[2:])
		if *dir == "" || *res == "" || *bin == "" || fs.NArg() != 0 {
			usage()
		}
		runs, err := ReadPlan(*dir)
		if err == nil {
			var outs map[string]*Outcome
			if outs, err = ReadOutcomes(*res, runs); err == nil {
				rep := Compare(*bin, *dir, runs, outs)
				rep.Write(os.Stdout)
				if len(rep.Findings) > 0 {
					os.Exit(1)
				}
				return
			}
		}
		fmt.Fprintln(os.Stderr, "gpucheck:", err)
		os.Exit(1)
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: gpucheck bundle -o DIR [-root DIR]\n       gpucheck compare -bundle DIR -results DIR -ptxabi BIN")
	os.Exit(2)
}
