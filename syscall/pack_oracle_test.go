package syscall

import (
	"flag"
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

var (
	packSeed  = flag.Int64("printf.seed", 1, "seed of the random printf argument lists")
	packCount = flag.Int("printf.n", 200, "random printf argument lists per address size")
)

// argKinds are the argument types of the random printf calls: their C
// spelling (as a kernel parameter) and ctypes value.
var argKinds = []struct {
	c   string
	t   ctypes.Type
	m64 bool // 64-bit only
}{
	{"char", ctypes.BasicOf(ctypes.Char), false},
	{"signed char", ctypes.BasicOf(ctypes.SChar), false},
	{"unsigned char", ctypes.BasicOf(ctypes.UChar), false},
	{"short", ctypes.BasicOf(ctypes.Short), false},
	{"unsigned short", ctypes.BasicOf(ctypes.UShort), false},
	{"int", ctypes.BasicOf(ctypes.Int), false},
	{"unsigned", ctypes.BasicOf(ctypes.UInt), false},
	{"long", ctypes.BasicOf(ctypes.Long), false},
	{"unsigned long", ctypes.BasicOf(ctypes.ULong), false},
	{"long long", ctypes.BasicOf(ctypes.LongLong), false},
	{"unsigned long long", ctypes.BasicOf(ctypes.ULongLong), false},
	{"bool", ctypes.BasicOf(ctypes.Bool), false},
	{"float", ctypes.BasicOf(ctypes.Float), false},
	{"double", ctypes.BasicOf(ctypes.Double), false},
	{"wchar_t", ctypes.BasicOf(ctypes.WChar), false},
	{"char16_t", ctypes.BasicOf(ctypes.Char16), false},
	{"char32_t", ctypes.BasicOf(ctypes.Char32), false},
	{"E16", &ctypes.Enum{Tag: "E16", Underlying: ctypes.Short, Fixed: true}, false},
	{"E64", &ctypes.Enum{Tag: "E64", Underlying: ctypes.LongLong, Fixed: true}, false},
	{"int *", &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Int)}, false},
	{"const char *", &ctypes.Pointer{Elem: &ctypes.Qualified{Type: ctypes.BasicOf(ctypes.Char), Const: true}}, false},
	{"void *", &ctypes.Pointer{Elem: ctypes.BasicOf(ctypes.Void)}, false},
	{"__int128", ctypes.BasicOf(ctypes.Int128), true},
}

var (
	depotRE   = regexp.MustCompile(`\.local \.align (\d+) \.b8\s+__local_depot\d+\[(\d+)\]`)
	stLocalRE = regexp.MustCompile(`st\.local(?:\.v(\d))?\.[a-z](\d+)\s+\[%\w+(?:\+(\d+))?\]`)
)

type piece struct{ off, size int64 }

// TestPackPrintfNVCC compares PackPrintf with the buffers nvcc builds: for
// random argument lists, one kernel per list calls printf with its
// parameters; the offsets and widths of the kernel's st.local stores and
// the size of its local depot must be PackPrintf's.
func TestPackPrintfNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	for _, as := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", as), func(t *testing.T) {
			tg := target.Target{AddressSize: as, SM: 70, PTX: target.Version{Major: 7, Minor: 8}}
			rng := rand.New(rand.NewSource(*packSeed + int64(as)))
			var src strings.Builder
			src.WriteString("#include <cstdio>\nenum E16 : short { e16 };\nenum E64 : long long { e64 };\n")
			lists := make([][]int, *packCount)
			for i := range lists {
				n := 1 + rng.Intn(12)
				var params, names []string
				for j := 0; j < n; j++ {
					k := rng.Intn(len(argKinds))
					for as == 32 && argKinds[k].m64 {
						k = rng.Intn(len(argKinds))
					}
					lists[i] = append(lists[i], k)
					params = append(params, fmt.Sprintf("%s a%d", argKinds[k].c, j))
					names = append(names, fmt.Sprintf("a%d", j))
				}
				fmt.Fprintf(&src, "extern \"C\" __global__ void k%d(%s) { printf(\"%d\", %s); }\n", i, strings.Join(params, ", "), i, strings.Join(names, ", "))
			}
			ptx := oracle.CompilePTX(t, src.String(), as, "-arch=sm_70")
			kernels := splitEntries(ptx)
			compared := 0
			for i, l := range lists {
				var types []ctypes.Type
				var cs []string
				for _, k := range l {
					types = append(types, argKinds[k].t)
					cs = append(cs, argKinds[k].c)
				}
				body, ok := kernels[fmt.Sprintf("k%d", i)]
				if !ok {
					t.Fatalf("kernel k%d not in nvcc's PTX", i)
				}
				buf, err := PackPrintf(tg, types)
				if err != nil {
					t.Errorf("PackPrintf(%s): %v", strings.Join(cs, ", "), err)
					continue
				}
				if err := compareBuffer(buf, body); err != nil {
					t.Errorf("printf(%s) -m%d: PackPrintf gives %s; nvcc: %v", strings.Join(cs, ", "), as, buf, err)
					continue
				}
				compared++
			}
			t.Logf("-m%d: %d of %d random printf argument lists match nvcc", as, compared, len(lists))
		})
	}
}

// splitEntries returns the body text of each .entry of a PTX module.
func splitEntries(ptx string) map[string]string {
	out := map[string]string{}
	parts := strings.Split(ptx, ".entry ")
	for _, p := range parts[1:] {
		name := p[:strings.IndexAny(p, "( \n")]
		out[name] = p
	}
	return out
}

// compareBuffer checks that the stores of a kernel body tile buf's slots
// exactly and that its depot has buf's size.
func compareBuffer(buf Buffer, body string) error {
	m := depotRE.FindStringSubmatch(body)
	if m == nil {
		return fmt.Errorf("no local depot")
	}
	// The depot's alignment is not compared: nvcc raises it to 16 when it
	// merges stores into 16-byte vector stores, an optimization.
	if size, _ := strconv.ParseInt(m[2], 10, 64); size != buf.Size {
		return fmt.Errorf("depot of %s bytes (align %s)", m[2], m[1])
	}
	var ps []piece
	for _, st := range stLocalRE.FindAllStringSubmatch(body, -1) {
		n, w := int64(1), int64(0)
		if st[1] != "" {
			n, _ = strconv.ParseInt(st[1], 10, 64)
		}
		w, _ = strconv.ParseInt(st[2], 10, 64)
		off, _ := strconv.ParseInt(st[3], 10, 64)
		for i := int64(0); i < n; i++ {
			ps = append(ps, piece{off + i*w/8, w / 8})
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].off < ps[j].off })
	j := 0
	for _, s := range buf.Slots {
		end := s.Offset
		for end < s.Offset+s.Size && j < len(ps) && ps[j].off == end {
			end += ps[j].size
			j++
		}
		if end != s.Offset+s.Size {
			return fmt.Errorf("stores %v do not cover slot %s@%d:%d", ps, s.Promoted, s.Offset, s.Size)
		}
	}
	if j != len(ps) {
		return fmt.Errorf("stores %v beyond the slots", ps[j:])
	}
	return nil
}
