package parser_test

import (
	"go/token"
	"log"
	"os"

	"github.com/ptxabi/ptxabi/cfront"
	"github.com/ptxabi/ptxabi/cfront/ast"
	"github.com/ptxabi/ptxabi/cfront/parser"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/target"
)

// Parse the body of a function into the syntax tree, before typing: the
// tree shows what was written (sema adds types and conversions).
func ExampleParseBody() {
	src := []byte(`
__device__ int sum(const int *p, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += p[i];
	return s;
}
`)
	cfg := &cfront.Config{Target: target.Default, Sizes: layout.New(target.Default)}
	fset := token.NewFileSet()
	u, err := cfront.ParseUnit(cfg, fset, "sum.cu", src)
	if err != nil {
		log.Fatal(err)
	}
	for _, b := range u.Bodies {
		if b.Func.Name != "sum" {
			continue
		}
		fb, err := parser.ParseBody(fset, b)
		if err != nil {
			log.Fatal(err)
		}
		if err := ast.Fprint(os.Stdout, fb.Body, false); err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// {
	//   var int s = 0
	//   for
	//     init
	//       var int i = 0
	//     cond (< i n)
	//     post (post++ i)
	//     (+= s (index p i))
	//   return s
	// }
}
