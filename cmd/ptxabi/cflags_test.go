package main

import (
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/cfront"
)

func TestSplitAttached(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"-DN=1 -UM -Idir f.h", "-D N=1 -U M -I dir f.h"},
		{"-D N=1 -U M -I dir f.h", "-D N=1 -U M -I dir f.h"},
		{"-DN= -D M= f.h", "-D N= -D M= f.h"},
		{"-m32 -DN f.h -DX", "-m32 -D N f.h -DX"},              // flags end at the file, as for package flag
		{"-o -DX -DY f.h", "-o -DX -D Y f.h"},                  // -o's value is left alone
		{"-o=-DX -DY f.h", "-o=-DX -D Y f.h"},                  // so is an attached one
		{"-json -Idir f.h", "-json -I dir f.h"},                // a bool flag takes no value
		{"-D -DX f.h", "-D -DX f.h"},                           // -D's own value
		{"-- -DX", "-- -DX"},                                   // the end of the flags
		{"--DX -Xy -m32x f.h", "--DX -Xy -m32x f.h"},           // not flags: package flag says so
		{"-I/usr/include -DA=B=C", "-I /usr/include -D A=B=C"}, // the first '=' only
		{"-D=X -I=dir f.h", "-D =X -I =dir f.h"},               // gcc reads -D=X as -D "=X"
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		var macros []cfront.Macro
		var inc includeFlag
		fs.Var(macroFlag{list: &macros}, "D", "")
		fs.Var(macroFlag{list: &macros, undef: true}, "U", "")
		fs.Var(&inc, "I", "")
		fs.Bool("json", false, "")
		fs.Bool("m32", false, "")
		fs.String("o", "", "")
		if got := strings.Join(splitAttached(fs, strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("splitAttached(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMacroFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want []cfront.Macro
		err  string
	}{
		{[]string{"-DN"}, []cfront.Macro{{Name: "N", Body: "1"}}, ""},
		{[]string{"-DN="}, []cfront.Macro{{Name: "N"}}, ""},
		{[]string{"-D", "N=a b"}, []cfront.Macro{{Name: "N", Body: "a b"}}, ""},
		{[]string{"-DF(x,y)=x+y"}, []cfront.Macro{{Name: "F(x,y)", Body: "x+y"}}, ""},
		{[]string{"-DN=2", "-UN", "-D_N9"}, []cfront.Macro{{Name: "N", Body: "2"}, {Name: "N", Undef: true}, {Name: "_N9", Body: "1"}}, ""},
		{[]string{"-D9N"}, nil, `macro name "9N" is not an identifier`},
		{[]string{"-D=1"}, nil, `macro name "" is not an identifier`},
		{[]string{"-DF(x"}, nil, `missing ')'`},
		{[]string{"-UN=1"}, nil, "-U takes a macro name alone"},
		{[]string{"-UF(x)"}, nil, "-U takes a macro name alone"},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var macros []cfront.Macro
		fs.Var(macroFlag{list: &macros}, "D", "")
		fs.Var(macroFlag{list: &macros, undef: true}, "U", "")
		err := fs.Parse(splitAttached(fs, tt.args))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(macros, tt.want) {
			t.Errorf("%q: %+v, %v; want %+v", tt.args, macros, err, tt.want)
		}
	}
}
