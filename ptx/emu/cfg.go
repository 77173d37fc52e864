package emu

// computeReconvergence sets the reconvergence point of every branch: the
// immediate post-dominator of the branch instruction (ARCHITECTURE
// practice 19), or len(code) where none exists (the paths meet only at
// the function's end, or never, as in an endless loop).
func computeReconvergence(code []inst) {
	n := len(code)
	exit := n
	succ := make([][]int32, n)
	for i := range code {
		in := &code[i]
		next := int32(i + 1)
		guarded := in.guard >= 0
		switch in.op {
		case opBra:
			succ[i] = append(succ[i], in.target)
			if guarded {
				succ[i] = append(succ[i], next)
			}
		case opBrx:
			succ[i] = append(succ[i], in.tgts...)
			if guarded {
				succ[i] = append(succ[i], next)
			}
		case opRet, opExit, opTrap:
			succ[i] = append(succ[i], int32(exit))
			if guarded {
				succ[i] = append(succ[i], next)
			}
		default:
			if i+1 < n {
				succ[i] = append(succ[i], next)
			} else {
				succ[i] = append(succ[i], int32(exit))
			}
		}
	}
	// Predecessors in the forward graph are the successors in the reverse
	// graph, whose root is the exit.
	pred := make([][]int32, n+1)
	for i, ss := range succ {
		for _, s := range ss {
			pred[s] = append(pred[s], int32(i))
		}
	}
	// Postorder of the reverse graph from the exit, iteratively.
	order := make([]int32, 0, n+1)
	num := make([]int32, n+1)
	for i := range num {
		num[i] = -1
	}
	visited := make([]bool, n+1)
	type item struct{ node, next int32 }
	stack := []item{{int32(exit), 0}}
	visited[exit] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(pred[top.node]) {
			p := pred[top.node][top.next]
			top.next++
			if !visited[p] {
				visited[p] = true
				stack = append(stack, item{p, 0})
			}
			continue
		}
		num[top.node] = int32(len(order))
		order = append(order, top.node)
		stack = stack[:len(stack)-1]
	}
	ipdom := make([]int32, n+1)
	for i := range ipdom {
		ipdom[i] = -1
	}
	ipdom[exit] = int32(exit)
	intersect := func(a, b int32) int32 {
		for a != b {
			for num[a] < num[b] {
				a = ipdom[a]
			}
			for num[b] < num[a] {
				b = ipdom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for k := len(order) - 2; k >= 0; k-- {
			b := order[k]
			var nd int32 = -1
			for _, s := range succ[b] {
				if ipdom[s] < 0 {
					continue
				}
				if nd < 0 {
					nd = s
				} else {
					nd = intersect(s, nd)
				}
			}
			if nd >= 0 && ipdom[b] != nd {
				ipdom[b] = nd
				changed = true
			}
		}
	}
	for i := range code {
		r := ipdom[i]
		if r < 0 || int(r) >= n {
			r = int32(n)
		}
		code[i].reconv = r
	}
}
