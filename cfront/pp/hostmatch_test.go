package pp

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
)

// Facts of a built-in header that the host's own header states too: the
// values of its numeric macros and enumerators, its function-pointer
// typedefs, and the sizes of its structures.
var (
	macroValueRx  = regexp.MustCompile(`(?m)^#define ([A-Z][A-Z0-9_]*) (0x[0-9A-Fa-f]+|[0-9]+)\s*$`)
	enumeratorRx  = regexp.MustCompile(`\b([A-Z][A-Z0-9_]+) = (0x[0-9A-Fa-f]+|[0-9]+)\b`)
	funcPointerRx = regexp.MustCompile(`(?m)^typedef ([^(;]+)\(\*([A-Z][A-Z0-9_]*)\)\(([^;]*)\);$`)
)

// TestStandInsMatchHost compiles, with g++ against the host's own headers,
// assertions drawn from the built-in stand-ins of system and toolkit
// headers (POSIX sockets, directories, glob, EGL, the driver API, cuBLAS):
// every numeric macro and enumerator has the host's value, every
// function-pointer typedef is the host's type, and the structures listed
// have the host's size (x86-64).
func TestStandInsMatchHost(t *testing.T) {
	oracle.Need(t, "g++")
	cases := []struct {
		name    string   // the built-in header, as included
		host    []string // what the host includes for it
		sizeofs []string // TYPE=SIZE
	}{
		{"sys/socket.h", []string{"sys/socket.h"}, []string{"struct sockaddr=16", "struct sockaddr_storage=128", "socklen_t=4"}},
		{"netinet/in.h", []string{"netinet/in.h"}, []string{"struct sockaddr_in=16", "struct sockaddr_in6=28", "struct in_addr=4"}},
		{"dirent.h", []string{"dirent.h"}, []string{"struct dirent=280"}},
		{"glob.h", []string{"glob.h"}, []string{"glob_t=72"}},
		{"getopt.h", []string{"getopt.h"}, []string{"struct option=32"}},
		{"X11/Xlib.h", []string{"X11/Xlib.h"}, []string{"XEvent=192", "XSetWindowAttributes=112", "XClientMessageEvent=96", "XKeyEvent=96"}},
		{"X11/Xutil.h", []string{"X11/Xlib.h", "X11/Xutil.h"}, []string{"XComposeStatus=16"}},
		{"fenv.h", []string{"fenv.h"}, []string{"fenv_t=32", "fexcept_t=2"}},
		{"time.h", []string{"time.h"}, []string{"clockid_t=4", "struct timespec=16"}},
		{"EGL/egl.h", []string{"EGL/egl.h"}, []string{"EGLint=4", "EGLAttrib=8"}},
		{"EGL/eglext.h", []string{"EGL/egl.h", "EGL/eglext.h"}, []string{"EGLTimeKHR=8", "EGLNativeFileDescriptorKHR=4"}},
		{"cuda.h", []string{"cuda.h"}, []string{"CUDA_RESOURCE_DESC=144", "CUmemAllocationProp=32", "CUmemAccessDesc=12", "CUmemLocation=8"}},
		{"cudaEGL.h", []string{"cudaEGL.h"}, []string{"CUeglFrame=64"}},
		{"cublas_v2.h", []string{"cublas_v2.h"}, []string{"cublasComputeType_t=4"}},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, err := fs.ReadFile(Headers(), "include/"+c.name)
			if err != nil {
				text, err = fs.ReadFile(Headers(), c.name)
			}
			if err != nil {
				t.Fatal(err)
			}
			var src strings.Builder
			src.WriteString("#define EGL_NO_X11 1\n#include <type_traits>\n")
			for _, h := range c.host {
				if _, err := os.Stat(filepath.Join("/usr/include", h)); err != nil {
					t.Skipf("the host has no <%s>", h)
				}
				fmt.Fprintf(&src, "#include <%s>\n", h)
			}
			n := 0
			for _, m := range macroValueRx.FindAllStringSubmatch(string(text), -1) {
				fmt.Fprintf(&src, "static_assert(%s == %s, %q);\n", m[1], m[2], m[1])
				n++
			}
			for _, m := range enumeratorRx.FindAllStringSubmatch(string(text), -1) {
				fmt.Fprintf(&src, "static_assert(%s == %s, %q);\n", m[1], m[2], m[1])
				n++
			}
			for _, m := range funcPointerRx.FindAllStringSubmatch(string(text), -1) {
				fmt.Fprintf(&src, "static_assert(std::is_same<%s, %s(*)(%s)>::value, %q);\n", m[2], m[1], m[3], m[2])
				n++
			}
			for _, s := range c.sizeofs {
				typ, size, _ := strings.Cut(s, "=")
				fmt.Fprintf(&src, "static_assert(sizeof(%s) == %s, %q);\n", typ, size, typ)
				n++
			}
			file := filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(c.name)+".cpp")
			if err := os.WriteFile(file, []byte(src.String()), 0o666); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("g++", "-std=c++17", "-m64", "-fsyntax-only", file).CombinedOutput()
			if err != nil {
				t.Fatalf("g++ with the host's headers: %v\n%s", err, out)
			}
			t.Logf("<%s>: %d facts agree with the host's header", c.name, n)
		})
	}
}
