// Package pp is the preprocessor and lexer of the C/CUDA C++ front end
// (package cfront): it turns the text of a .cu or .h file into
// preprocessing tokens (C11 6.4) after macro expansion, conditional
// inclusion and #include (C11 6.10), as nvcc's device compilation pass
// sees them. Package cfront's parser reads its tokens, as go/parser reads
// go/scanner's.
//
// # Use
//
//	fset := token.NewFileSet()
//	p := pp.New(&pp.Config{IncludeDirs: []string{"inc"}}, fset)
//	for _, m := range pp.Predefined(target.Default) {
//		p.Define(m.Name, m.Body)
//	}
//	p.Apply(pp.Macro{Name: "N", Body: "4"}) // -D N=4
//	p.Push("k.cu", src)
//	p.PushBuiltin("cuda_runtime.h") // read first, as nvcc includes it first
//	for t := p.Next(); t.Kind != pp.EOF; t = p.Next() {
//		fmt.Println(fset.Position(t.Pos), t.Kind, t.Text)
//	}
//	err := p.Err() // a scanner.ErrorList, unless Config.Error takes them
//
// A front end takes all the tokens at once with Tokens: a slice of Tok,
// which hold no pointer (each is spelled at an offset in one text), so
// that a large unit's tokens cost the garbage collector nothing while
// they are parsed. All returns the same tokens as Token values.
//
// # What it implements
//
// Object- and function-like macros with #, ## and __VA_ARGS__, GNU's
// , ## __VA_ARGS__ and named variadic parameters, __VA_OPT__, the hide
// sets of C11 6.10.3.4 (a name is not expanded again inside its own
// expansion, and a name that met a disabled macro never is); #if with
// full integer constant expressions (64 bits, unsigned where an operand
// is), defined, __has_include and __has_include_next; #include,
// #include_next and #import, with a macro as the name; #pragma once;
// #pragma pack, passed on as a Pragma token carrying the packing now in
// effect; _Pragma; #line and GNU line markers; #error (an error) and
// #warning (Config.Warn); __FILE__ and __LINE__. A token of a macro's
// body is placed at the macro's invocation, and the tokens of its
// arguments keep their own places, so that diagnostics point into the
// user's file.
//
// # Where #include looks
//
// A quoted name is looked up next to the including file, then in
// Config.IncludeDirs (-I), then among the built-in headers; an angled
// name among the built-in headers first, then in Config.IncludeDirs.
// The built-in headers (Headers) are embedded in the program: the C
// library, CUDA's runtime, vector types, half and bfloat16 types,
// cooperative groups, mma, pipelines, cuRAND, and stand-ins for the C++
// standard library, libcu++, thrust and common host libraries, enough
// for declarations beside device code to parse. They make the result
// independent of the host, for -m64 and -m32. An angled name that none
// of those has is looked up last in Config.SystemIncludeDirs, the
// host's headers (HostIncludeDirs finds them), as nvcc does; each file
// read there is named in a warning ("<x.h> is not a built-in header:
// read the host's /usr/include/x.h") and listed by HostHeaders, since the
// result then depends on the host. Includes lists every file that
// #include read, and where from; Lookup answers where an #include would
// look, without reading for the translation unit.
//
// # Errors
//
// Errors are reported at file:line:col of the token they concern and
// preprocessing goes on, so that one run reports all of them; only the
// limits on macro expansion (nesting, size) and on #include nesting end
// it (Stopped). Malformed characters and unterminated literals become
// Other tokens, which the parser reports if they are not skipped.
package pp
