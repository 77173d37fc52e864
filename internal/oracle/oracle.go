// Package oracle runs NVIDIA's reference toolchain (nvcc, ptxas, nvlink,
// cuobjdump, cu++filt) and LLVM (clang-14, llvm-dwarfdump-14) for the
// differential tests. A test that needs a tool calls Need, which skips the
// test with a message naming the missing tool; it never passes silently.
// scripts/install-oracle.sh installs them all.
package oracle

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Tool names.
const (
	NVCC          = "nvcc"
	PTXAS         = "ptxas"
	NVLINK        = "nvlink"
	CUOBJDUMP     = "cuobjdump"
	NVDISASM      = "nvdisasm"
	CUFILT        = "cu++filt"
	Clang         = "clang-14"
	LLVMDwarfdump = "llvm-dwarfdump-14"
)

// Have reports whether tool is on PATH.
func Have(tool string) bool {
	_, err := exec.LookPath(tool)
	return err == nil
}

// Need skips t unless every tool is on PATH, naming the missing ones.
func Need(t testing.TB, tools ...string) {
	t.Helper()
	var missing []string
	for _, tool := range tools {
		if !Have(tool) {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		t.Skipf("oracle test skipped: %s not found on PATH (scripts/install-oracle.sh installs the reference toolchain)", strings.Join(missing, ", "))
	}
}

// Run runs tool with args in dir and returns its standard output. A
// non-zero exit is an error that carries the tool's standard error.
func Run(dir, tool string, args ...string) ([]byte, error) {
	cmd := exec.Command(tool, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("%s %s: %v\n%s", tool, strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// MArg is nvcc's flag for an address size: "-m32" or "-m64".
func MArg(addressSize int) string { return fmt.Sprintf("-m%d", addressSize) }

// CompilePTX compiles CUDA C++ source with nvcc to PTX for the given
// address size (32 or 64) and extra flags (such as "-arch=sm_70", "-G",
// "-rdc=true") and returns the PTX text.
func CompilePTX(t testing.TB, src string, addressSize int, flags ...string) string {
	t.Helper()
	Need(t, NVCC)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.cu")
	if err := os.WriteFile(in, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	args := append([]string{MArg(addressSize), "-ptx", "-o", "out.ptx"}, flags...)
	args = append(args, "in.cu")
	if _, err := Run(dir, NVCC, args...); err != nil {
		if keep := os.Getenv("PTXABI_ORACLE_KEEP"); keep != "" {
			// Keep the failing input for bisecting: PTXABI_ORACLE_KEEP=DIR.
			f, _ := os.CreateTemp(keep, "nvcc-fail-*.cu")
			if f != nil {
				f.WriteString(src)
				f.Close()
				t.Logf("failing nvcc input kept in %s", f.Name())
			}
		}
		t.Fatalf("nvcc failed on generated source: %v\nsource:\n%s", err, src)
	}
	out, err := os.ReadFile(filepath.Join(dir, "out.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Assemble runs ptxas on PTX text for arch (such as "sm_70") and returns
// the error, carrying ptxas's messages, if it rejects the module. Extra
// flags (such as "-c" for relocatable code, "-g") are passed on; the cubin
// is written to out if out is not empty.
func Assemble(ptx, arch, out string, flags ...string) error {
	dir, err := os.MkdirTemp("", "ptxas")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.ptx")
	if err := os.WriteFile(in, []byte(ptx), 0o666); err != nil {
		return err
	}
	if out == "" {
		out = filepath.Join(dir, "out.cubin")
	}
	args := append([]string{"-arch=" + arch, "-o", out}, flags...)
	args = append(args, in)
	_, err = Run(dir, PTXAS, args...)
	return err
}

var globalRE = regexp.MustCompile(`(?m)^\.global \.align \d+ \.b8 (\w+)\[(\d+)\](?: = \{([^}]*)\})?;`)

// GlobalBytes returns, by name, the bytes of every .global .b8 object in
// ptx: how nvcc writes a __device__ object with a constant initializer
// (all zero where it has none). The differential tests read nvcc's answers
// (sizeof, offsetof, bit positions) back this way.
func GlobalBytes(t testing.TB, ptx string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, m := range globalRE.FindAllStringSubmatch(ptx, -1) {
		n, _ := strconv.Atoi(m[2])
		data := make([]byte, n)
		if m[3] != "" {
			for i, s := range strings.Split(m[3], ",") {
				v, err := strconv.ParseUint(strings.TrimSpace(s), 0, 8)
				if err != nil || i >= n {
					t.Fatalf("%s: bad byte %q", m[1], s)
				}
				data[i] = byte(v)
			}
		}
		out[m[1]] = data
	}
	return out
}

// Int64s returns the __device__ array of 64-bit integers name from ptx
// (see GlobalBytes), which must have n elements.
func Int64s(t testing.TB, ptx, name string, n int) []int64 {
	t.Helper()
	data, ok := GlobalBytes(t, ptx)[name]
	if !ok || len(data) != 8*n {
		t.Fatalf("no %d-element array %s in nvcc's PTX:\n%s", n, name, ptx)
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(binary.LittleEndian.Uint64(data[8*i:]))
	}
	return out
}

// CUDAPath is the CUDA installation clang-14 is pointed at (--cuda-path):
// $CUDA_PATH, Debian's /usr/lib/cuda or /usr/local/cuda, the first that
// holds libdevice.
func CUDAPath() string {
	for _, d := range []string{os.Getenv("CUDA_PATH"), "/usr/lib/cuda", "/usr/local/cuda"} {
		if d != "" {
			if _, err := os.Stat(filepath.Join(d, "nvvm", "libdevice")); err == nil {
				return d
			}
		}
	}
	return "/usr/local/cuda"
}

// ClangCUDAArgs are the arguments with which clang-14 compiles a CUDA file
// to PTX for arch against CUDA 11.8 (PTX ISA 7.5), before any -O or -g.
func ClangCUDAArgs(arch string) []string {
	return []string{"-x", "cuda", "--cuda-device-only", "-S", "--cuda-gpu-arch=" + arch,
		"--cuda-path=" + CUDAPath(), "-Xclang", "-target-feature", "-Xclang", "+ptx75",
		"-Wno-unknown-cuda-version", "-Wno-deprecated-declarations"}
}
