package abi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/abi"
	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

func TestChunks(t *testing.T) {
	for _, c := range []struct {
		size, align int64
		want        string
	}{
		{8, 4, "0:4 4:4"}, {3, 1, "0:1 1:1 2:1"}, {24, 16, "0:8 8:8 16:8"}, {6, 2, "0:2 2:2 4:2"},
		{1, 1, "0:1"}, {12, 8, "0:8 8:4"}, {7, 4, "0:4 4:2 6:1"},
	} {
		var got []string
		for _, ch := range abi.Chunks(c.size, c.align) {
			got = append(got, fmt.Sprintf("%d:%d", ch.Offset, ch.Bytes))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("Chunks(%d, %d) = %s, want %s", c.size, c.align, g, c.want)
		}
	}
}

// regs hands out virtual registers of a caller and declares them.
type regs struct{ h, r, d int }

func (rg *regs) of(bytes int64) string {
	switch bytes {
	case 1, 2:
		rg.h++
		return fmt.Sprintf("%%h%d", rg.h)
	case 4:
		rg.r++
		return fmt.Sprintf("%%r%d", rg.r)
	}
	rg.d++
	return fmt.Sprintf("%%d%d", rg.d)
}

func (rg *regs) decls() string {
	return fmt.Sprintf("\t.reg .b16 %%h<%d>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%d<%d>;\n", rg.h+1, rg.r+1, rg.d+1)
}

// callerModule returns a module that declares every callee .extern and
// calls each from a function of its own, direct and indirect, with
// arguments in registers, in pieces and in local memory.
func callerModule(t *testing.T, addr int, decls []*abi.Decl) string {
	var m strings.Builder
	fmt.Fprintf(&m, ".version 7.8\n.target sm_52\n.address_size %d\n\n", addr)
	for _, d := range decls {
		m.WriteString(d.Extern() + "\n")
	}
	for i, d := range decls {
		var body strings.Builder
		var locals strings.Builder
		rg := &regs{}
		setup := func(format string, args ...any) { fmt.Fprintf(&body, "\t"+format+"\n", args...) }
		aggregate := func(p *abi.Param, j int, ret bool) abi.Value {
			if j%2 == 0 {
				buf := fmt.Sprintf("buf%d", j)
				fmt.Fprintf(&locals, "\t.local .align %d .b8 %s[%d];\n", p.Align, buf, p.Size)
				a := rg.of(int64(addr / 8))
				setup("mov.u%d %s, %s;", addr, a, buf)
				return abi.Value{Addr: a, Space: ".local"}
			}
			var v abi.Value
			for _, ch := range abi.Chunks(p.Size, p.Align) {
				r := rg.of(ch.Bytes)
				if !ret {
					setup("mov.b%d %s, %d;", max(ch.Bytes*8, 16), r, ch.Offset)
				}
				v.Pieces = append(v.Pieces, abi.Piece{Offset: ch.Offset, Type: fmt.Sprintf(".b%d", ch.Bytes*8), Reg: r})
			}
			return v
		}
		var args []abi.Value
		for j, p := range d.Params {
			switch {
			case p.IsAggregate():
				args = append(args, aggregate(p, j, false))
			case p.Ext != abi.NoExt && j%2 == 0:
				r := rg.of(2)
				setup("mov.b16 %s, %d;", r, j)
				sign := "u"
				if p.Ext == abi.SignExt {
					sign = "s"
				}
				args = append(args, abi.Value{Reg: r, RegType: fmt.Sprintf(".%s%d", sign, p.Bits)})
			case j%3 == 1:
				args = append(args, abi.Value{Reg: fmt.Sprint(j)}) // an immediate
			default:
				r := rg.of(p.Size)
				setup("mov.b%d %s, %d;", p.Size*8, r, j)
				args = append(args, abi.Value{Reg: r})
			}
		}
		var ret abi.Value
		if d.Ret != nil {
			if d.Ret.IsAggregate() {
				ret = aggregate(d.Ret, len(d.Params)+1, true)
			} else {
				ret = abi.Value{Reg: rg.of(d.Ret.Size)}
			}
		}
		for k, through := range []string{"", "fp"} {
			c := abi.Call{Callee: d, Args: args, Ret: ret, Uni: k == 0, Seq: k}
			if through != "" {
				c.Through = rg.of(int64(addr / 8))
				setup("mov.u%d %s, %s;", addr, c.Through, d.Name)
			}
			seq, err := c.PTX()
			if err != nil {
				t.Fatalf("%s: %v", d.Name, err)
			}
			body.WriteString(seq)
		}
		// The caller takes a parameter: ptxas 11.8 crashes on a caller
		// without parameters calling one without parameters that returns
		// 64 bytes.
		fmt.Fprintf(&m, "\n.visible .func caller%d(.param .b32 x)\n{\n%s%s%s\tret;\n}\n", i, locals.String(), rg.decls(), body.String())
	}
	return m.String()
}

// TestCallsAssemble writes a call sequence, direct and indirect, for each of
// many random signatures and has ptxas assemble them, -m64 and -m32.
func TestCallsAssemble(t *testing.T) {
	oracle.Need(t, oracle.PTXAS)
	for _, addr := range []int{64, 32} {
		t.Run(fmt.Sprintf("m%d", addr), func(t *testing.T) {
			t.Parallel()
			s := newSigGen(*oracleSeed+100, addr)
			tgt := target.Default
			tgt.AddressSize = addr
			l := layout.New(tgt)
			var decls []*abi.Decl
			fixed := s.fixed()
			for i := 0; i < *oracleCount+len(fixed); i++ {
				var sg sig
				if i < len(fixed) {
					sg = fixed[i]
				} else {
					sg = s.sig(false)
				}
				sg.decl.Defined = false
				d, err := abi.Lower(sg.decl, l, sg.decl.Name)
				if err != nil {
					t.Fatalf("%s: %v", sg.src, err)
				}
				if beyondNoteD(d) {
					if _, err := (&abi.Call{Callee: d, Args: make([]abi.Value, len(d.Params))}).PTX(); err == nil || !strings.Contains(err.Error(), "note D") {
						t.Errorf("%s: a call passing .align 256 gave error %v, want note D's", d.Name, err)
					}
					continue
				}
				decls = append(decls, d)
			}
			ptx := callerModule(t, addr, decls)
			if err := oracle.Assemble(ptx, "sm_52", "", "-c", "-m"+fmt.Sprint(addr)); err != nil {
				t.Fatalf("ptxas rejects the calls: %v", err)
			}
			t.Logf("ptxas assembled %d callers (%d call sequences), -m%d", len(decls), 2*len(decls), addr)
		})
	}
}

func beyondNoteD(d *abi.Decl) bool {
	for _, p := range append([]*abi.Param{d.Ret}, d.Params...) {
		if p != nil && p.BeyondNoteD() {
			return true
		}
	}
	return false
}
