package ast

// Inspect calls f for n and, when f returns true, for each of n's
// children, depth first, in source order. Nil children are skipped.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	walkExprs := func(xs []Expr) {
		for _, x := range xs {
			Inspect(x, f)
		}
	}
	expr := func(x Expr) {
		if x != nil {
			Inspect(x, f)
		}
	}
	stmt := func(s Stmt) {
		if s != nil {
			Inspect(s, f)
		}
	}
	unroll := func(u *Unroll) {
		if u != nil {
			expr(u.Count)
		}
	}
	switch n := n.(type) {
	case *Ident:
		for _, a := range n.TemplateArgs {
			expr(a.Expr)
		}
	case *BasicLit, *This, *TypeName:
	case *Unary:
		expr(n.X)
	case *Binary:
		expr(n.X)
		expr(n.Y)
	case *Assign:
		expr(n.X)
		expr(n.Y)
	case *Cond:
		expr(n.C)
		expr(n.X)
		expr(n.Y)
	case *Cast:
		expr(n.X)
	case *ImplicitCast:
		expr(n.X)
	case *Sizeof:
		expr(n.X)
	case *New:
		walkExprs(n.Placement)
		expr(n.Len)
		expr(n.Init)
		expr(n.Size)
	case *Delete:
		expr(n.X)
	case *Lambda:
		for _, c := range n.Captures {
			expr(c.Init)
		}
		stmt(n.Body)
	case *Offsetof:
		for _, st := range n.Path {
			expr(st.Index)
		}
	case *Call:
		expr(n.Fun)
		walkExprs(n.Launch)
		expr(n.Recv)
		walkExprs(n.Args)
	case *Member:
		expr(n.X)
		for _, a := range n.TemplateArgs {
			expr(a.Expr)
		}
	case *Index:
		expr(n.X)
		expr(n.I)
	case *Binding:
		expr(n.Of)
	case *InitList:
		walkExprs(n.Elems)
	case *Block:
		for _, s := range n.List {
			stmt(s)
		}
	case *DeclStmt:
		for _, d := range n.Decltypes {
			expr(d.Expr)
		}
		for _, v := range n.Vars {
			for _, d := range v.Decltypes {
				expr(d.Expr)
			}
			expr(v.Init)
		}
	case *ExprStmt:
		expr(n.X)
	case *EmptyStmt, *BranchStmt:
	case *IfStmt:
		stmt(n.Init)
		expr(n.Cond)
		stmt(n.Then)
		stmt(n.Else)
	case *ForStmt:
		unroll(n.Unroll)
		stmt(n.Init)
		expr(n.Cond)
		expr(n.Post)
		stmt(n.Body)
	case *RangeForStmt:
		unroll(n.Unroll)
		expr(n.Var.Init)
		expr(n.Range)
		stmt(n.Body)
	case *WhileStmt:
		unroll(n.Unroll)
		stmt(n.Init)
		expr(n.Cond)
		stmt(n.Body)
	case *DoStmt:
		unroll(n.Unroll)
		stmt(n.Body)
		expr(n.Cond)
	case *SwitchStmt:
		stmt(n.Init)
		expr(n.Cond)
		if n.Body != nil {
			stmt(n.Body)
		}
	case *CaseStmt:
		expr(n.X)
		if n.Hi != nil {
			expr(n.Hi)
		}
		stmt(n.Stmt)
	case *LabeledStmt:
		stmt(n.Stmt)
	case *ReturnStmt:
		expr(n.X)
	case *StaticAssert:
		expr(n.Cond)
	case *AsmStmt:
		for _, o := range n.Outputs {
			expr(o.X)
		}
		for _, o := range n.Inputs {
			expr(o.X)
		}
	case *FuncBody:
		for _, in := range n.Inits {
			walkExprs(in.Args)
			expr(in.Init)
		}
		if n.Body != nil {
			stmt(n.Body)
		}
	}
}
