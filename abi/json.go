package abi

// JSONFunc is the short form of a declaration in the -json contract:
// {"name":"_Z3fooii","kind":"func","ret":{"ptx":".b32"},"params":[{"ptx":".b32"}]}.
// Every key is always present: "ret" is null when the function has no
// func_retval0 (void, or a return through a hidden pointer, which is then
// the first of "params"), and "params" is [] when it has no parameters.
type JSONFunc struct {
	Name   string      `json:"name"`
	Kind   string      `json:"kind"` // "func" or "entry"
	Ret    *JSONParam  `json:"ret"`
	Params []JSONParam `json:"params"`
}

// JSONParam is one parameter in the -json contract: its PTXType.
type JSONParam struct {
	PTX string `json:"ptx"`
}

// JSON returns the short form of d.
func (d *Decl) JSON() JSONFunc {
	f := JSONFunc{Name: d.Name, Kind: d.Kind.String(), Params: []JSONParam{}}
	if d.Ret != nil {
		f.Ret = &JSONParam{d.Ret.PTXType()}
	}
	for _, p := range d.Params {
		f.Params = append(f.Params, JSONParam{p.PTXType()})
	}
	return f
}
