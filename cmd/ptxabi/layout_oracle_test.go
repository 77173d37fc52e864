package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/layoutoracle"
	"github.com/ptxabi/ptxabi/internal/oracle"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// layoutJSON is the -json contract of ptxabi layout.
type layoutJSON struct {
	Types []struct {
		Name   string `json:"name"`
		Size   int64  `json:"size"`
		Align  int64  `json:"align"`
		Fields []struct {
			Path      string `json:"path"`
			Offset    *int64 `json:"offset"`
			Size      *int64 `json:"size"`
			Align     *int64 `json:"align"`
			BitOffset *int64 `json:"bit_offset"`
			BitSize   *int   `json:"bit_size"`
		} `json:"fields"`
	} `json:"types"`
}

// TestLayoutCommandMatchesNVCC is the end-to-end differential test of
// guide chapter 1: random types as CUDA source, through `ptxabi layout
// -json` (the front end, layout and the JSON report), against what nvcc
// computes for the same source, -m64 and -m32. PTXABI_SEED picks the
// batch, PTXABI_COUNT its size (default 500 types per address size).
func TestLayoutCommandMatchesNVCC(t *testing.T) {
	oracle.Need(t, oracle.NVCC)
	seed, count := envInt("PTXABI_SEED", 1), envInt("PTXABI_COUNT", 500)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			// A batch other than package layout's for the same seed.
			g := ctgen.New(uint64(seed)*7919 + uint64(addr))
			var types []*ctypes.Struct
			args := []string{"layout", "-json", fmt.Sprintf("-m%d", addr), filepath.Join(t.TempDir(), "types.cu")}
			for range count {
				s := g.Struct(addr)
				types = append(types, s)
				args = append(args, s.Tag)
			}
			if err := os.WriteFile(args[3], []byte(g.Source()), 0o666); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if st := run(args, nil, &stdout, &stderr); st != 0 {
				t.Fatalf("ptxabi layout: exit %d\n%s", st, stderr.String())
			}
			var got layoutJSON
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Types) != len(types) {
				t.Fatalf("%d types in the JSON, want %d", len(got.Types), len(types))
			}
			theirs := layoutoracle.Ask(t, addr, g, types)
			compared := 0
			for i, ty := range got.Types {
				nv := theirs[i]
				src := g.StructSource(types[i])
				check := func(what string, ours, nvcc int64) {
					t.Helper()
					if ours != nvcc {
						t.Errorf("-m%d %s: ptxabi %d, nvcc %d\n%s", addr, what, ours, nvcc, src)
					}
					compared++
				}
				if ty.Name != nv.Tag {
					t.Fatalf("type %d is %s, want %s", i, ty.Name, nv.Tag)
				}
				check("sizeof("+ty.Name+")", ty.Size, nv.Size)
				check("alignof("+ty.Name+")", ty.Align, nv.Align)
				bytesFields := 0
				for _, f := range ty.Fields {
					switch {
					case f.BitOffset != nil && f.BitSize != nil:
						b, ok := nv.Bits[f.Path]
						if !ok {
							continue // a bit field nvcc cannot be asked about
						}
						check(fmt.Sprintf("bit offset of %s.%s", ty.Name, f.Path), *f.BitOffset, b.Offset)
						check(fmt.Sprintf("bit size of %s.%s", ty.Name, f.Path), int64(*f.BitSize), int64(b.Size))
					case f.Offset != nil:
						bytesFields++
						want, ok := nv.Offsets[f.Path]
						if !ok {
							t.Errorf("%s: member %s is not one nvcc was asked about", ty.Name, f.Path)
							continue
						}
						check(fmt.Sprintf("offsetof(%s, %s)", ty.Name, f.Path), *f.Offset, want)
					default:
						t.Errorf("%s.%s: neither offset nor bit_offset/bit_size", ty.Name, f.Path)
					}
				}
				if bytesFields != len(nv.Offsets) {
					t.Errorf("%s: %d members with offsets, nvcc was asked about %d", ty.Name, bytesFields, len(nv.Offsets))
				}
			}
			t.Logf("seed %d: %d types, %d values of ptxabi layout -json -m%d compared with nvcc", seed, count, compared, addr)
		})
	}
}
