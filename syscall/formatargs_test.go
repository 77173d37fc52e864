package syscall

import (
	"fmt"
	"testing"

	"github.com/ptxabi/ptxabi/target"
)

func TestFormatArgs(t *testing.T) {
	m64 := target.Target{AddressSize: 64, SM: 70, PTX: target.Version{Major: 7, Minor: 8}}
	m32 := m64
	m32.AddressSize = 32
	for _, c := range []struct {
		t      target.Target
		format string
		want   string // kind/size of each argument
	}{
		{m64, "none", ""},
		{m64, "%%d 100%%", ""},
		{m64, "%d %i %u %x %c", "i4 i4 i4 i4 i4"},
		{m64, "%ld %lld %zu %hhd %hd", "i8 i8 i8 i4 i4"},
		{m32, "%ld %lld %zu %p %s", "i4 i8 i4 p4 p4"},
		{m64, "%p %s %f %e %g %a %Lf", "p8 p8 f8 f8 f8 f8 f8"},
		{m64, "%*d %.*f %-*.*e", "*4 i4 *4 f8 *4 *4 f8"},
	} {
		args, err := FormatArgs(c.format, c.t)
		if err != nil {
			t.Errorf("%q: %v", c.format, err)
			continue
		}
		got := ""
		for i, a := range args {
			if i > 0 {
				got += " "
			}
			k := "i"
			switch {
			case a.Star:
				k = "*"
			case a.Float:
				k = "f"
			case a.Ptr:
				k = "p"
			}
			got += fmt.Sprintf("%s%d", k, a.Size)
		}
		if got != c.want {
			t.Errorf("%q (-m%d): got %q, want %q", c.format, c.t.AddressSize, got, c.want)
		}
	}
	for _, bad := range []string{"%n", "%lc", "%y", "%"} {
		if _, err := FormatArgs(bad, m64); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
