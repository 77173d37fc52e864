// Package target describes the machine a PTX module is written for: the
// address size (guide §1.1, the .address_size directive), the SM
// architecture (.target sm_XX) and the PTX ISA version (.version).
//
// Every other package takes a Target rather than its own flags, so that
// -m32/-m64, -arch and -ptx mean the same thing in every subcommand.
package target

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// Version is a PTX ISA version such as 7.8 (Major 7, Minor 8).
type Version struct {
	Major, Minor int
}

func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Less reports whether v is an earlier version than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	return v.Minor < w.Minor
}

// AtLeast reports whether v is w or later.
func (v Version) AtLeast(w Version) bool { return !v.Less(w) }

// ParseVersion parses "7.8".
func ParseVersion(s string) (Version, error) {
	maj, min, ok := strings.Cut(s, ".")
	a, err1 := strconv.Atoi(maj)
	b, err2 := strconv.Atoi(min)
	if !ok || err1 != nil || err2 != nil || a < 1 || b < 0 {
		return Version{}, fmt.Errorf("invalid PTX ISA version %q: expected MAJOR.MINOR, such as 7.8", s)
	}
	return Version{a, b}, nil
}

// Target is one compilation target.
type Target struct {
	// AddressSize is 32 or 64: the size in bits of generic and global
	// addresses, of pointers, of long and of size_t (guide §1.1; the host
	// ABI decides, and nvcc follows -m32/-m64).
	AddressSize int
	// SM is the architecture number: 52 for sm_52, 90 for sm_90.
	SM int
	// PTX is the PTX ISA version written in .version.
	PTX Version
}

// Default is what the subcommands use without flags: a 64-bit host and the
// newest architecture and ISA that CUDA 11.8, the reference toolchain, knows.
var Default = Target{AddressSize: 64, SM: 52, PTX: Version{7, 8}}

// PointerSize is the size in bytes of a generic pointer.
func (t Target) PointerSize() int64 { return int64(t.AddressSize / 8) }

// Arch is the .target name, such as "sm_70".
func (t Target) Arch() string { return fmt.Sprintf("sm_%d", t.SM) }

// Validate reports a target that cannot exist.
func (t Target) Validate() error {
	if t.AddressSize != 32 && t.AddressSize != 64 {
		return fmt.Errorf("address size must be 32 or 64, not %d", t.AddressSize)
	}
	if t.SM < 10 || t.SM > 200 {
		return fmt.Errorf("invalid architecture sm_%d", t.SM)
	}
	return nil
}

// ParseArch parses "sm_70" (also "compute_70" and a bare "70").
func ParseArch(s string) (int, error) {
	n := strings.TrimPrefix(strings.TrimPrefix(s, "sm_"), "compute_")
	n = strings.TrimSuffix(strings.TrimSuffix(n, "a"), "f")
	v, err := strconv.Atoi(n)
	if err != nil || v < 10 || v > 200 {
		return 0, fmt.Errorf("invalid architecture %q: expected sm_XX, such as sm_70", s)
	}
	return v, nil
}

// MinPTXForSM is the first PTX ISA version that accepts .target sm_N, from
// the PTX ISA reference's release notes. A module for sm_N needs at least
// this .version.
var minPTXForSM = []struct {
	SM  int
	PTX Version
}{
	{20, Version{2, 0}}, {30, Version{3, 1}}, {35, Version{3, 1}}, {32, Version{4, 0}},
	{50, Version{4, 0}}, {52, Version{4, 1}}, {53, Version{4, 2}}, {60, Version{5, 0}},
	{61, Version{5, 0}}, {62, Version{5, 0}}, {70, Version{6, 0}}, {72, Version{6, 1}},
	{75, Version{6, 3}}, {80, Version{7, 0}}, {86, Version{7, 1}}, {87, Version{7, 4}},
	{89, Version{7, 8}}, {90, Version{7, 8}}, {100, Version{8, 6}}, {120, Version{8, 7}},
}

// MinPTX returns the first PTX ISA version that supports sm.
func MinPTX(sm int) Version {
	best := Version{2, 0}
	for _, e := range minPTXForSM {
		if e.SM <= sm && best.Less(e.PTX) {
			best = e.PTX
		}
	}
	return best
}

// Flags registers -m32, -m64, -arch and -ptx on fs and returns a function
// that yields the Target they select once fs has parsed its arguments.
// -ptx defaults to the larger of 7.8 and the minimum the architecture needs.
func Flags(fs *flag.FlagSet) func() (Target, error) {
	m32 := fs.Bool("m32", false, "32-bit addresses (.address_size 32)")
	m64 := fs.Bool("m64", false, "64-bit addresses (.address_size 64, the default)")
	arch := fs.String("arch", Default.Arch(), "target architecture `sm_XX`")
	ptx := fs.String("ptx", "", "PTX ISA `version` for .version (default: what -arch needs, at least "+Default.PTX.String()+")")
	return func() (Target, error) {
		t := Default
		if *m32 && *m64 {
			return t, fmt.Errorf("-m32 and -m64 are mutually exclusive")
		}
		if *m32 {
			t.AddressSize = 32
		}
		sm, err := ParseArch(*arch)
		if err != nil {
			return t, err
		}
		t.SM = sm
		if min := MinPTX(sm); t.PTX.Less(min) {
			t.PTX = min
		}
		if *ptx != "" {
			v, err := ParseVersion(*ptx)
			if err != nil {
				return t, err
			}
			if v.Less(MinPTX(sm)) {
				return t, fmt.Errorf("PTX ISA %s does not support %s (needs %s or later)", v, t.Arch(), MinPTX(sm))
			}
			t.PTX = v
		}
		return t, t.Validate()
	}
}
