package cc

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/internal/oracle"
	"github.com/ptxabi/ptxabi/target"
)

// textureInstr matches a texture or surface instruction's opcode (tex,
// tld4, suld.b, sust.b), ptxLine a PTX line (its text and whether it
// opens a function), textureDecl a texture or surface reference's
// declaration, and register a register.
var (
	textureInstr = regexp.MustCompile(`^(?:tex|tld4|suld|sust)\.`)
	functionHead = regexp.MustCompile(`\.(?:entry|func)\s`)
	textureDecl  = regexp.MustCompile(`(?m)^((?:\.visible\s+)?\.global\s+\.(?:tex|surf)ref\s+\w+;)`)
	register     = regexp.MustCompile(`%[a-z]+[0-9]+`)
	blanks       = regexp.MustCompile(`\s+`)
	paramName    = regexp.MustCompile(`\w+_param_([0-9]+)`)
)

// textureShapes are the texture and surface instructions of a PTX file
// as nvcc and ptxabi cc may both write them, each register operand they
// read replaced by the value it holds (valueTracer), those they write by
// %, blanks as one space; then the stores of values that such an
// instruction read (sorted: nvcc orders them its own way); then the
// references' declarations (sorted by the caller). Register names alone
// cannot be compared (nvcc and ptxabi cc number them differently), and
// replacing them all by one name would let coordinates, layers or
// components in the wrong place pass.
func textureShapes(b []byte) (instrs, stores, decls []string) {
	var vt *valueTracer
	functions := 0
	for line := range strings.SplitSeq(string(b), "\n") {
		line = strings.TrimSpace(line)
		if functionHead.MatchString(line) {
			vt = &valueTracer{values: map[string]string{}}
			functions++
			continue
		}
		if vt == nil || !strings.HasSuffix(line, ";") || strings.HasPrefix(line, ".") || strings.HasPrefix(line, "//") {
			continue
		}
		op, dst, srcs := splitInstr(strings.TrimSuffix(line, ";"))
		switch {
		case textureInstr.MatchString(op):
			instrs = append(instrs, vt.texture(op, dst, srcs))
		case strings.HasPrefix(op, "st.") && len(srcs) == 2:
			stores = append(stores, vt.stores(functions, op, srcs[0], srcs[1])...)
		default:
			vt.define(op, dst, srcs)
		}
	}
	slices.Sort(stores)
	for _, m := range textureDecl.FindAllSubmatch(b, -1) {
		decls = append(decls, blanks.ReplaceAllString(string(m[1]), " "))
	}
	return instrs, stores, decls
}

// splitInstr splits a PTX instruction (a guard aside) into its opcode,
// the operand it writes (none for st, sust and bar-like ones with no
// result) and those it reads, each trimmed; commas inside {} and [] do
// not split.
func splitInstr(s string) (op, dst string, srcs []string) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "@") {
		_, s, _ = strings.Cut(s, " ")
		s = strings.TrimSpace(s)
	}
	op, rest, _ := strings.Cut(s, " ")
	op = strings.TrimSpace(strings.Fields(op + " ")[0])
	rest = strings.TrimSpace(strings.TrimPrefix(s, op))
	var ops []string
	depth, from := 0, 0
	for i, c := range rest {
		switch c {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ',':
			if depth == 0 {
				ops = append(ops, strings.TrimSpace(rest[from:i]))
				from = i + 1
			}
		}
	}
	if t := strings.TrimSpace(rest[from:]); t != "" {
		ops = append(ops, t)
	}
	if len(ops) == 0 || strings.HasPrefix(op, "st.") || strings.HasPrefix(op, "sust.") {
		return op, "", ops
	}
	return op, ops[0], ops[1:]
}

// valueTracer follows the values a function's registers hold, in the
// order of its instructions: each register's value is written as where
// it comes from (a parameter's load, an immediate, a special register,
// the k-th result of the n-th texture instruction: tex#n.k), through the
// copies and conversions (mov, cvt, cvta, and with an immediate) and
// scalings by a constant (shl, mul) that nvcc and ptxabi cc may write
// differently; any other instruction is its opcode applied to its
// operands' values (sorted where the opcode is commutative).
type valueTracer struct {
	values   map[string]string
	textures int
}

// operand is s with each register replaced by its value (? for one not
// yet written; in parentheses within a larger operand), a parameter by
// its number, and blanks removed.
func (vt *valueTracer) operand(s string) string {
	if v, ok := vt.values[s]; ok {
		return v
	}
	s = paramName.ReplaceAllString(s, "param$1")
	s = register.ReplaceAllStringFunc(s, func(r string) string {
		if v, ok := vt.values[r]; ok {
			return "(" + v + ")"
		}
		return "?" + r
	})
	return blanks.ReplaceAllString(s, "")
}

// commutative are the opcodes whose operands' order does not matter.
var commutative = map[string]bool{"add": true, "mul": true, "and": true, "or": true, "xor": true, "min": true, "max": true}

// define records the value of the register that instruction op writes.
func (vt *valueTracer) define(op, dst string, srcs []string) {
	if !register.MatchString(dst) || register.FindString(dst) != dst {
		return
	}
	base, _, _ := strings.Cut(op, ".")
	imm := func(s string) (int64, bool) {
		n, err := strconv.ParseInt(s, 0, 64)
		return n, err == nil
	}
	var v string
	switch {
	case (base == "mov" || base == "cvt" || base == "cvta") && len(srcs) == 1:
		v = vt.operand(srcs[0])
	case base == "and" && len(srcs) == 2 && !register.MatchString(srcs[1]):
		v = vt.operand(srcs[0])
	case base == "shl" && len(srcs) == 2:
		if k, ok := imm(srcs[1]); ok {
			v = vt.operand(srcs[0]) + "*" + strconv.FormatInt(1<<k, 10)
		}
	case base == "mul" && len(srcs) == 2:
		if k, ok := imm(srcs[1]); ok {
			v = vt.operand(srcs[0]) + "*" + strconv.FormatInt(k, 10)
		}
	}
	if v == "" {
		args := make([]string, len(srcs))
		for i, s := range srcs {
			args[i] = vt.operand(s)
		}
		if commutative[base] {
			slices.Sort(args) // nvcc may add a+b+c as a+(b+c)
		}
		v = base + "(" + strings.Join(args, ",") + ")"
	}
	vt.values[dst] = v
}

// stores returns, for store instruction op of value (a vector of them
// too) at address addr in function f, one line per element whose value
// a texture or surface instruction read: its address (the base's value
// and an offset) and the value.
func (vt *valueTracer) stores(f int, op, addr, value string) []string {
	size := 0
	for t := range strings.SplitSeq(op, ".") {
		if n, err := strconv.Atoi(t[1:]); err == nil && strings.ContainsRune("bfsu", rune(t[0])) {
			size = n / 8
		}
	}
	base, off := strings.Trim(addr, "[]"), int64(0)
	if i := strings.LastIndexAny(base, "+-"); i > 0 {
		if n, err := strconv.ParseInt(base[i:], 0, 64); err == nil {
			base, off = base[:i], n
		}
	}
	base = vt.operand(strings.TrimSpace(base))
	var lines []string
	for k, v := range strings.Split(strings.Trim(value, "{}"), ",") {
		if v = vt.operand(strings.TrimSpace(v)); strings.Contains(v, "tex#") {
			lines = append(lines, "function "+strconv.Itoa(f)+": st ["+base+"+"+strconv.FormatInt(off+int64(k*size), 10)+"] = "+v)
		}
	}
	return lines
}

// texture returns the shape of texture or surface instruction op (its
// sources' values, its results as %) and records its results' values.
func (vt *valueTracer) texture(op, dst string, srcs []string) string {
	vt.textures++
	parts := make([]string, 0, 1+len(srcs))
	if dst != "" {
		for k, r := range register.FindAllString(dst, -1) {
			vt.values[r] = "tex#" + strconv.Itoa(vt.textures) + "." + strconv.Itoa(k)
		}
		parts = append(parts, blanks.ReplaceAllString(register.ReplaceAllString(dst, "%"), " "))
	}
	for _, s := range srcs {
		parts = append(parts, vt.operand(s))
	}
	return op + " " + strings.Join(parts, ", ")
}

// TestTextureFetches compiles the files of testdata/texture with ptxabi
// cc and with nvcc (-m64 and -m32, and -m64 -rdc=true): the same tex,
// tld4, suld and sust instructions in the same order (opcode, types,
// texture or surface, and operands: each register operand as the value it
// holds, traced back to parameters, immediates and earlier texture
// results), the same stores of fetched values, the same .texref
// and .surfref declarations, and ptxas assembles ours for sm_52, sm_70,
// sm_80 and sm_90. The executor has no texture or surface state, so what
// they fetch, read and write is not compared.
func TestTextureFetches(t *testing.T) {
	oracle.Need(t, oracle.NVCC, oracle.PTXAS)
	files, err := filepath.Glob("testdata/texture/*.cu")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata/texture: %v (%d files)", err, len(files))
	}
	configs := []struct {
		m   int
		rdc bool
	}{{64, false}, {32, false}, {64, true}}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(file)
		for _, cf := range configs {
			name := filepath.Base(file) + "/-m" + itoa(cf.m)
			if cf.rdc {
				name += "-rdc"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				tgt := target.Target{AddressSize: cf.m, SM: 52, PTX: target.Default.PTX}
				ours, err := Compile(&Config{Target: tgt, Opt: 3, Check: true, RDC: cf.rdc}, file, src)
				if err != nil {
					t.Fatal(err)
				}
				oursPTX := filepath.Join(dir, "ours.ptx")
				if err := os.WriteFile(oursPTX, ours, 0o666); err != nil {
					t.Fatal(err)
				}
				for _, sm := range []string{"52", "70", "80", "90"} {
					if cf.m == 32 && sm == "90" {
						continue // ptxas has no 32-bit ABI for sm_90
					}
					if _, err := oracle.Run(dir, oracle.PTXAS, oracle.MArg(cf.m), "-arch=sm_"+sm, "-c", "-o", filepath.Join(dir, "ours.cubin"), oursPTX); err != nil {
						t.Errorf("ptxas -arch=sm_%s: %v", sm, err)
					}
				}
				ref := filepath.Join(dir, "nvcc.ptx")
				args := []string{"-ptx", "-arch=sm_52", oracle.MArg(cf.m), "-o", ref, abs}
				if cf.rdc {
					args = append(args, "-rdc=true")
				}
				if _, err := oracle.Run(dir, oracle.NVCC, args...); err != nil {
					t.Fatal(err)
				}
				theirs, err := os.ReadFile(ref)
				if err != nil {
					t.Fatal(err)
				}
				theirs = renameStatics(theirs, ours)
				got, gotStores, gotDecls := textureShapes(ours)
				want, wantStores, wantDecls := textureShapes(theirs)
				if len(want) == 0 || !slices.Equal(got, want) {
					t.Errorf("instructions\n%s\nnvcc's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				if len(wantStores) == 0 || !slices.Equal(gotStores, wantStores) {
					t.Errorf("stores of fetched values\n%s\nnvcc's\n%s", strings.Join(gotStores, "\n"), strings.Join(wantStores, "\n"))
				}
				// nvcc declares those of namespaces after the others.
				slices.Sort(gotDecls)
				slices.Sort(wantDecls)
				if !slices.Equal(gotDecls, wantDecls) {
					t.Errorf("declarations\n%s\nnvcc's\n%s", strings.Join(gotDecls, "\n"), strings.Join(wantDecls, "\n"))
				}
			})
		}
	}
}

// nvccStatic matches the name nvcc -rdc=true gives a static texture
// reference: __nv_static_ and a hash of the file, then its name.
var nvccStatic = regexp.MustCompile(`__nv_static_\w+`)

// renameStatics replaces, in nvcc's PTX, each name nvccStatic matches
// with the name of ours (undecorated) that it ends with.
func renameStatics(theirs, ours []byte) []byte {
	_, _, decls := textureShapes(ours)
	return nvccStatic.ReplaceAllFunc(theirs, func(n []byte) []byte {
		for _, d := range decls {
			f := strings.Fields(strings.TrimSuffix(d, ";"))
			if name := f[len(f)-1]; strings.HasSuffix(string(n), "_"+name) {
				return []byte(name)
			}
		}
		return n
	})
}

// TestTextureShapes checks that textureShapes tells operands apart by the
// values they hold, not by their registers' names: renumbered registers,
// a copy or a shift for a multiplication compare equal; swapped
// coordinates, a layer in a coordinate's place, or a store of another
// result component do not.
func TestTextureShapes(t *testing.T) {
	const head = ".visible .entry k(\n.param .u64 k_param_0,\n.param .u32 k_param_1,\n.param .u32 k_param_2,\n.param .u64 k_param_3\n)\n{\n" +
		"ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\nld.param.u32 %r2, [k_param_2];\nld.param.u64 %rd2, [k_param_3];\n"
	const ref = head + "shl.b32 %r3, %r1, 2;\n" +
		"sust.b.a2d.b32.trap [%rd1, {%r2, %r3, %r1, %r1}], {%r2};\n" +
		"suld.b.2d.v2.b32.trap {%r4, %r5}, [%rd1, {%r1, %r2}];\nst.global.v2.u32 [%rd2+8], {%r4, %r5};\n}\n"
	for _, tc := range []struct {
		name, ptx string
		same      bool
	}{
		{"itself", ref, true},
		{"renumbered, copied, multiplied", head + "mov.b32 %r9, %r2;\nmul.lo.s32 %r7, %r1, 4;\n" +
			"sust.b.a2d.b32.trap [%rd1, {%r9, %r7, %r1, %r1}], {%r9};\n" +
			"suld.b.2d.v2.b32.trap {%r10, %r11}, [%rd1, {%r1, %r9}];\nst.global.u32 [%rd2+12], %r11;\nst.global.u32 [%rd2+8], %r10;\n}\n", true},
		{"coordinates swapped", head + "shl.b32 %r3, %r1, 2;\n" +
			"sust.b.a2d.b32.trap [%rd1, {%r2, %r1, %r3, %r3}], {%r2};\n" +
			"suld.b.2d.v2.b32.trap {%r4, %r5}, [%rd1, {%r1, %r2}];\nst.global.v2.u32 [%rd2+8], {%r4, %r5};\n}\n", false},
		{"layer and coordinate swapped", head + "shl.b32 %r3, %r1, 2;\n" +
			"sust.b.a2d.b32.trap [%rd1, {%r3, %r2, %r1, %r1}], {%r2};\n" +
			"suld.b.2d.v2.b32.trap {%r4, %r5}, [%rd1, {%r1, %r2}];\nst.global.v2.u32 [%rd2+8], {%r4, %r5};\n}\n", false},
		{"components swapped", head + "shl.b32 %r3, %r1, 2;\n" +
			"sust.b.a2d.b32.trap [%rd1, {%r2, %r3, %r1, %r1}], {%r2};\n" +
			"suld.b.2d.v2.b32.trap {%r4, %r5}, [%rd1, {%r1, %r2}];\nst.global.v2.u32 [%rd2+8], {%r5, %r4};\n}\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantI, wantS, _ := textureShapes([]byte(ref))
			gotI, gotS, _ := textureShapes([]byte(tc.ptx))
			if len(wantI) != 2 || len(wantS) != 2 {
				t.Fatalf("reference: %d instructions, %d stores; want 2 and 2", len(wantI), len(wantS))
			}
			if same := slices.Equal(gotI, wantI) && slices.Equal(gotS, wantS); same != tc.same {
				t.Errorf("same = %v, want %v\n%s\n%s\nreference\n%s\n%s", same, tc.same,
					strings.Join(gotI, "\n"), strings.Join(gotS, "\n"), strings.Join(wantI, "\n"), strings.Join(wantS, "\n"))
			}
		})
	}
}
