package emu

import (
	"encoding/binary"
	"errors"
	"regexp"
	"strings"
	"testing"
)

const header = ".version 7.8\n.target sm_70\n.address_size 64\n"

// TestFaults runs one kernel per fault kind; each must fail with the
// instruction's position, the block and the thread.
func TestFaults(t *testing.T) {
	tests := []struct {
		name  string
		decls string
		body  string
		block int
		opts  Options
		want  string // regexp matched against the error
	}{
		{"null", "", "mov.u64 %rd1, 0;\nst.global.u32 [%rd1], 1;", 32, Options{},
			`m0.ptx:12:1: st.global.u32: null pointer: address 0x0 \(block \(0,0,0\), thread \(0,0,0\)\)`},
		{"oob", ".global .align 4 .b8 g[64];", "mov.u64 %rd1, g;\nmul.wide.u32 %rd2, %r1, 4;\nadd.u64 %rd1, %rd1, %rd2;\nld.global.u32 %r2, [%rd1];", 32, Options{},
			`m0.ptx:14:1: ld.global.u32: out-of-bounds .global access of 4 bytes at 0x[0-9a-f]+ \(block \(0,0,0\), thread \(16,0,0\)\)`},
		{"misaligned", ".global .align 8 .b8 g[64];", "mov.u64 %rd1, g;\nld.global.u32 %r2, [%rd1+2];", 32, Options{},
			`m0.ptx:12:1: ld.global.u32: misaligned address 0x[0-9a-f]+ for a 4-byte .global access \(block \(0,0,0\), thread \(0,0,0\)\)`},
		{"shared", ".shared .align 4 .b8 s[16];", "mov.u32 %r2, s;\nshl.b32 %r3, %r1, 2;\nadd.u32 %r2, %r2, %r3;\nst.shared.u32 [%r2], 7;", 32, Options{},
			`st.shared.u32: out-of-bounds .shared access of 4 bytes at 0x10 .* thread \(4,0,0\)`},
		{"trap", "", "setp.eq.u32 %p1, %r1, 5;\n@%p1 trap;", 32, Options{},
			`m0.ptx:12:1: trap: trap \(block \(0,0,0\), thread \(5,0,0\)\)`},
		{"steps", "", "L: bra L;", 32, Options{StepLimit: 1000},
			`m0.ptx:11:4: bra: step limit of 1000 instructions per warp reached`},
		{"deadlock", "", "setp.lt.u32 %p1, %r1, 32;\n@%p1 bra L;\nbar.sync 0, 64;\nL: ret;", 64, Options{},
			`deadlock: a barrier that the other threads of the block never reach; waiting: warp 1 threads \[32 0 0\]-\[63 0 0\]`},
		{"freed", ".extern .func (.param .b64 r) malloc(.param .b64 n);\n.extern .func free(.param .b64 p);",
			"{ .param .b64 n; .param .b64 r; st.param.b64 [n], 16; call.uni (r), malloc, (n); ld.param.b64 %rd1, [r]; }\n" +
				"{ .param .b64 p; st.param.b64 [p], %rd1; call.uni free, (p); }\nst.u32 [%rd1], 1;", 32, Options{},
			`m0.ptx:14:1: st.u32: .global access of 4 bytes at 0x[0-9a-f]+: the memory was freed \(block \(0,0,0\), thread \(0,0,0\)\)`},
		{"doublefree", ".extern .func free(.param .b64 p);",
			"mov.u64 %rd1, 4096;\n{ .param .b64 p; st.param.b64 [p], %rd1; call.uni free, (p); }", 32, Options{},
			`call.uni: free of 0x1000, which malloc did not return`},
		{"membermask", "", "setp.lt.u32 %p1, %r1, 16;\n@%p1 bra L;\nshfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\nL: ret;", 32, Options{},
			`shfl.sync.idx.b32: membermask 0xffffffff names lane 0, which is not active here`},
		{"membermask-group", "", "setp.lt.u32 %p1, %r1, 16;\nselp.u32 %r2, 65535, -1, %p1;\nbar.warp.sync %r2;", 32, Options{},
			`bar.warp.sync: lane 16 executes with membermask 0xffffffff, lane 0, which it names, with 0x0000ffff`},
		{"stack", ".func f() { call.uni f, (); ret; }", "call.uni f, ();", 32, Options{},
			`call.uni: call stack overflow: 1024 nested calls`},
		{"const", ".const .align 4 .b8 c[4];", "mov.u64 %rd1, c;\ncvta.const.u64 %rd1, %rd1;\nst.u32 [%rd1], 1;", 32, Options{},
			`st.u32: write to .const memory`},
		{"assert", ".extern .func __assertfail(.param .b64 m, .param .b64 f, .param .b32 l, .param .b64 fn, .param .b64 c);\n" +
			".global .align 1 .b8 msg[6] = {120, 32, 62, 32, 48, 0};\n.global .align 1 .b8 file[5] = {97, 46, 99, 117, 0};\n.global .align 1 .b8 fn[2] = {107, 0};",
			"setp.ne.u32 %p1, %r1, 3;\n@%p1 bra L;\nmov.u64 %rd1, msg;\nmov.u64 %rd2, file;\nmov.u64 %rd3, fn;\n" +
				"{ .param .b64 m; .param .b64 f; .param .b32 l; .param .b64 n; .param .b64 c; st.param.b64 [m], %rd1; st.param.b64 [f], %rd2; st.param.b32 [l], 12; st.param.b64 [n], %rd3; st.param.b64 [c], 1;\n" +
				"call.uni __assertfail, (m, f, l, n, c); }\nL: ret;", 32, Options{},
			"^a.cu:12: k: block: \\[0,0,0\\], thread: \\[3,0,0\\] Assertion `x > 0` failed.$"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := header + tt.decls + "\n.visible .entry k()\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<4>;\nmov.u32 %r1, %tid.x;\n" + tt.body + "\nret;\n}\n"
			m := load(t, tt.opts, src)
			_, err := m.Launch(Launch{Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{tt.block, 1, 1}})
			var f *Fault
			if !errors.As(err, &f) {
				t.Fatalf("error %v, want a fault", err)
			}
			if !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Errorf("error\n%v\nwant match for\n%s", err, tt.want)
			}
		})
	}
}

// TestLaunchLimits: launches the driver refuses.
func TestLaunchLimits(t *testing.T) {
	m := load(t, Options{SharedLimit: 1024}, header+".visible .entry k() .maxntid 64, 1, 1 { .shared .align 4 .b8 s[512]; ret; }\n"+
		".visible .entry k2() { ret; }")
	for _, tt := range []struct {
		l    Launch
		want string
	}{
		{Launch{Kernel: "k2", Block: [3]int{1025, 1, 1}}, "too many threads per block"},
		{Launch{Kernel: "k2", Block: [3]int{32, 32, 2}}, "too many threads per block"},
		{Launch{Kernel: "k", Block: [3]int{128, 1, 1}}, "the kernel's .maxntid is 64"},
		{Launch{Kernel: "k", Block: [3]int{32, 1, 1}, Shared: 1024}, "too much shared memory"},
		{Launch{Kernel: "k3"}, "no kernel k3"},
		{Launch{Kernel: "k2", Args: [][]byte{{1}}}, "has 0 parameters, 1 arguments given"},
	} {
		_, err := m.Launch(tt.l)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", tt.l, err, tt.want)
		}
	}
}

// TestLoadErrors: what does not load names its position.
func TestLoadErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{".visible .entry k() { .reg .b64 %rd<2>; discard.global.L2 [%rd1], 128; ret; }", "m0.ptx:4:41: discard.global.L2: the instruction is not supported"},
		{".visible .entry k() { bra NOWHERE; }", "m0.ptx:4:27: undefined label NOWHERE"},
		{".extern .func f();\n.visible .entry k() { call.uni f, (); ret; }", "m0.ptx:4:1: unresolved external f"},
		{".visible .entry k() { .reg .b32 %r<2>; mov.u32 %r1, nosuch; ret; }", "m0.ptx:4:53: undefined symbol nosuch"},
	} {
		fset := newFset()
		mod, err := parseOne(fset, header+tt.src)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Load(fset, mod, Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s:\nerror %v\nwant  %s", tt.src, err, tt.want)
		}
	}
}

// TestControl: brx.idx over divergent lanes, exit in divergent code,
// bar.arrive/bar.sync producer-consumer with counts, isspacep and cvta.
func TestControl(t *testing.T) {
	src := header + `.visible .entry k(.param .u64 p)
{
.reg .b32 %r<8>;
.reg .b64 %rd<8>;
.reg .pred %p<4>;
.shared .align 4 .b32 s[64];
ld.param.u64 %rd1, [p];
mov.u32 %r1, %tid.x;
mul.wide.u32 %rd2, %r1, 4;
add.u64 %rd3, %rd1, %rd2;
rem.u32 %r2, %r1, 3;
ts: .branchtargets A, B, C;
brx.idx %r2, ts;
A: mov.u32 %r3, 100; bra J;
B: mov.u32 %r3, 200; bra J;
C: mov.u32 %r3, 300;
J: add.u32 %r3, %r3, %r1;
// Producer-consumer: warp 1 writes, then arrives; warp 0 waits.
setp.lt.u32 %p1, %r1, 32;
@%p1 bra CONS;
shl.b32 %r4, %r1, 2;
mov.u32 %r5, s;
add.u32 %r5, %r5, %r4;
st.shared.u32 [%r5+-128], %r3;
bar.arrive 1, 64;
bra OUT;
CONS:
bar.sync 1, 64;
shl.b32 %r4, %r1, 2;
mov.u32 %r5, s;
add.u32 %r5, %r5, %r4;
ld.shared.u32 %r6, [%r5];
add.u32 %r3, %r3, %r6;
OUT:
// isspacep and cvta round trips.
mov.u64 %rd4, s;
cvta.shared.u64 %rd5, %rd4;
isspacep.shared %p2, %rd5;
isspacep.global %p3, %rd3;
cvta.to.shared.u64 %rd6, %rd5;
setp.eq.u64 %p1, %rd6, %rd4;
and.pred %p2, %p2, %p3;
and.pred %p2, %p2, %p1;
selp.u32 %r7, 1000000, 0, %p2;
add.u32 %r3, %r3, %r7;
st.global.u32 [%rd3], %r3;
setp.eq.u32 %p1, %r1, 5;
@%p1 exit;
bar.sync 0;
ret;
}
`
	m := load(t, Options{}, src)
	a, p := buffer(t, m, 4*64)
	if _, err := m.Launch(Launch{Kernel: "k", Block: [3]int{64, 1, 1}, Args: [][]byte{p}}); err != nil {
		t.Fatal(err)
	}
	got := read(t, m, a, 4*64)
	for i := range 64 {
		v := uint32(100*(i%3+1) + i)
		if i < 32 {
			j := i + 32
			v += uint32(100*(j%3+1) + j)
		}
		v += 1000000
		if g := binary.LittleEndian.Uint32(got[4*i:]); g != v {
			t.Errorf("thread %d: %d, want %d", i, g, v)
		}
	}
}

// TestSharedLayout: kernels' own static shared memory overlaps (a launch
// runs one), and the dynamic array follows the launched kernel's.
func TestSharedLayout(t *testing.T) {
	src := header + `.extern .shared .align 16 .b8 dyn[];
.func (.param .b64 r) dynaddr()
{
.reg .b64 %rd<2>;
mov.u64 %rd1, dyn;
st.param.b64 [r], %rd1;
ret;
}
.visible .entry a(.param .u64 p)
{
.reg .b64 %rd<4>;
.shared .align 4 .b8 big[30000];
ld.param.u64 %rd1, [p];
{ .param .b64 r; call.uni (r), dynaddr, (); ld.param.b64 %rd2, [r]; }
st.shared.u32 [dyn+4], 7;
ld.shared.u32 %rd3, [%rd2+4];
st.global.u64 [%rd1], %rd2;
st.global.u64 [%rd1+8], %rd3;
ret;
}
.visible .entry b(.param .u64 p)
{
.reg .b64 %rd<4>;
.shared .align 4 .b8 big[20000];
ld.param.u64 %rd1, [p];
{ .param .b64 r; call.uni (r), dynaddr, (); ld.param.b64 %rd2, [r]; }
st.global.u64 [%rd1], %rd2;
ret;
}
`
	m := load(t, Options{}, src)
	for _, k := range []struct {
		name string
		dyn  uint64
	}{{"a", 30000}, {"b", 20000}} {
		a, p := buffer(t, m, 16)
		if _, err := m.Launch(Launch{Kernel: k.name, Shared: 1000, Args: [][]byte{p}}); err != nil {
			t.Fatal(err)
		}
		got := read(t, m, a, 16)
		if g := binary.LittleEndian.Uint64(got); g != k.dyn {
			t.Errorf("kernel %s: dynamic shared memory at %d, want %d", k.name, g, k.dyn)
		}
		if k.name == "a" && binary.LittleEndian.Uint64(got[8:]) != 7 {
			t.Errorf("kernel a: the store through dyn was not seen")
		}
	}
}
