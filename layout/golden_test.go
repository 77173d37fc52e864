package layout_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/internal/ctgen"
	"github.com/ptxabi/ptxabi/internal/layoutoracle"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

var update = flag.Bool("update", false, "ask nvcc again for the layouts in testdata/nvcc-*.json")

// goldenSeed and goldenCount fix the random types of the committed
// nvcc-derived golden set.
const (
	goldenSeed  = 20261122
	goldenCount = 300
)

// goldenFile is what testdata/nvcc-mNN.json holds: nvcc's layout of each
// generated type, and a digest of the source they were generated as, so
// that a change to ctgen is noticed rather than compared against stale
// answers.
type goldenFile struct {
	Seed   uint64               `json:"seed"`
	Source string               `json:"source_sha256"`
	Types  []*layoutoracle.Type `json:"types"`
}

// TestGoldenNVCC compares our layouts of a fixed batch of random types with
// the answers nvcc gave for them, committed under testdata, so that the
// comparison runs where nvcc is not installed. go test -update (with nvcc)
// asks nvcc again.
func TestGoldenNVCC(t *testing.T) {
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			g := ctgen.New(goldenSeed + uint64(addr))
			var types []*ctypes.Struct
			for range goldenCount {
				types = append(types, g.Struct(addr))
			}
			sum := sha256.Sum256([]byte(g.Source()))
			digest := hex.EncodeToString(sum[:])
			file := filepath.Join("testdata", fmt.Sprintf("nvcc-m%d.json", addr))
			var gold goldenFile
			if *update {
				oracle.Need(t, oracle.NVCC)
				gold = goldenFile{Seed: goldenSeed + uint64(addr), Source: digest, Types: layoutoracle.Ask(t, addr, g, types)}
				data, err := json.MarshalIndent(gold, "", "\t")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, append(data, '\n'), 0o666); err != nil {
					t.Fatal(err)
				}
			} else {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (go test -update with nvcc installed writes it)", err)
				}
				if err := json.Unmarshal(data, &gold); err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				if gold.Source != digest || len(gold.Types) != len(types) {
					t.Fatalf("%s was made from other types than ctgen now generates: run go test -update with nvcc installed", file)
				}
			}
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			compared := 0
			for i, s := range types {
				nv := gold.Types[i]
				size, err := l.Sizeof(s)
				if err != nil {
					t.Fatal(err)
				}
				align, _ := l.Alignof(s)
				if size != nv.Size || align != nv.Align {
					t.Errorf("%s: ours size %d align %d, nvcc %d, %d\n%s", s.Tag, size, align, nv.Size, nv.Align, g.StructSource(s))
				}
				compared += 2
				flat, err := l.Flatten(s)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range flat {
					if !f.BitField {
						if off, ok := nv.Offsets[f.Path]; !ok || off != f.Offset {
							t.Errorf("offsetof(%s, %s): ours %d, nvcc %d (known %v)", s.Tag, f.Path, f.Offset, off, ok)
						}
						compared++
					} else if b, ok := nv.Bits[f.Path]; ok {
						if b.Offset != f.BitOffset || b.Size != f.BitSize {
							t.Errorf("bit field %s.%s: ours %d+%d, nvcc %d+%d", s.Tag, f.Path, f.BitOffset, f.BitSize, b.Offset, b.Size)
						}
						compared++
					}
				}
			}
			t.Logf("%d values of %d types compared with nvcc's committed answers (-m%d)", compared, len(types), addr)
		})
	}
}
