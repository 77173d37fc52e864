package kernels

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Run executes k's kernel in the PTX file ptx with the command bin
// (`ptxabi run`), its buffers given by args (-arg specs) and written to
// the directory out; flags go to `ptxabi run` before them. A launch that fails (exit status 1: a fault, an
// assert) is a result with Failed set, not an error.
func (k *Kernel) Run(bin string, args []string, ptx, out string, flags ...string) (*Result, error) {
	return k.RunFiles(bin, args, []string{ptx}, out, flags...)
}

// RunFiles is Run over several PTX files, linked as nvlink links them.
func (k *Kernel) RunFiles(bin string, args []string, ptx []string, out string, flags ...string) (*Result, error) {
	if err := os.MkdirAll(out, 0o777); err != nil {
		return nil, err
	}
	cmdArgs := []string{"run", "-kernel", k.Name, "-grid", DimString(k.Grid), "-block", DimString(k.Block), "-shared", fmt.Sprint(k.Shared)}
	cmdArgs = append(cmdArgs, flags...)
	for _, a := range args {
		cmdArgs = append(cmdArgs, "-arg", a)
	}
	cmdArgs = append(append(cmdArgs, "-o", out), ptx...)
	cmd := exec.Command(bin, cmdArgs...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := &Result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		r.Failed = true
		return r, nil
	default:
		return nil, fmt.Errorf("ptxabi %s: %v\n%s", strings.Join(cmdArgs, " "), err, stderr.Bytes())
	}
	bufs, err := k.ReadBuffers(out)
	if err != nil {
		return nil, err
	}
	r.Buffers = bufs
	return r, nil
}
