package emu

import (
	"encoding/binary"
	"testing"
)

// TestGroupMasks: the warp instructions with a membermask, executed by the
// whole warp with one mask per tile of 4 lanes (as cooperative groups'
// thread_block_tile<4> does), compute over each lane's own tile.
func TestGroupMasks(t *testing.T) {
	src := header + `.visible .entry k(.param .u64 p)
{
.reg .b32 %r<16>;
.reg .b64 %rd<4>;
.reg .pred %p<4>;
ld.param.u64 %rd1, [p];
mov.u32 %r1, %tid.x;
mov.u32 %r2, %laneid;
and.b32 %r3, %r2, -4;
shl.b32 %r4, 15, %r3;
and.b32 %r5, %r1, 5;
setp.ne.u32 %p1, %r5, 0;
vote.sync.ballot.b32 %r6, %p1, %r4;
vote.sync.all.pred %p2, %p1, %r4;
selp.u32 %r7, 1, 0, %p2;
vote.sync.any.pred %p3, %p1, %r4;
selp.u32 %r8, 1, 0, %p3;
shfl.sync.bfly.b32 %r9, %r1, 1, 7199, %r4;
redux.sync.add.u32 %r10, %r1, %r4;
match.any.sync.b32 %r11, %r5, %r4;
bar.warp.sync %r4;
mul.wide.u32 %rd2, %r1, 24;
add.u64 %rd2, %rd1, %rd2;
st.global.v2.u32 [%rd2], {%r6, %r7};
st.global.v2.u32 [%rd2+8], {%r8, %r9};
st.global.v2.u32 [%rd2+16], {%r10, %r11};
ret;
}
`
	m := load(t, Options{}, src)
	a, p := buffer(t, m, 32*24)
	if _, err := m.Launch(Launch{Kernel: "k", Block: [3]int{32, 1, 1}, Args: [][]byte{p}}); err != nil {
		t.Fatal(err)
	}
	got := read(t, m, a, 32*24)
	for l := range 32 {
		tile := uint32(15) << (l &^ 3)
		var ballot, sum uint32
		var match uint32
		for k := l &^ 3; k < l&^3+4; k++ {
			if k&5 != 0 {
				ballot |= 1 << k
			}
			sum += uint32(k)
			if k&5 == l&5 {
				match |= 1 << k
			}
		}
		want := []uint32{ballot, uint32(b2u(ballot == tile)), uint32(b2u(ballot != 0)), uint32(l ^ 1), sum, match}
		for i, w := range want {
			if g := binary.LittleEndian.Uint32(got[24*l+4*i:]); g != w {
				t.Errorf("lane %d, result %d: got %#x, want %#x", l, i, g, w)
			}
		}
	}
}
