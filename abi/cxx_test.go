package abi

import (
	"strings"
	"testing"

	"github.com/ptxabi/ptxabi/ctypes"
	"github.com/ptxabi/ptxabi/layout"
	"github.com/ptxabi/ptxabi/mangle"
	"github.com/ptxabi/ptxabi/target"
)

// TestMemberFunctions checks member functions, constructors, destructors
// and pointers to members against the headers nvcc 11.8 wrote for the same
// definitions (-rdc=true, -m64 and -m32; see step 10 and 11).
func TestMemberFunctions(t *testing.T) {
	i, f, v := ctypes.BasicOf(ctypes.Int), ctypes.BasicOf(ctypes.Float), ctypes.BasicOf(ctypes.Void)
	S := &ctypes.Struct{Tag: "S", Complete: true, Fields: []*ctypes.Field{{Name: "x", Type: i}}}
	cref := &ctypes.Reference{Elem: &ctypes.Qualified{Type: S, Const: true}}
	method := func(name string, ft *ctypes.Func) *ctypes.FuncDecl {
		d := &ctypes.FuncDecl{Name: name, Scope: []string{"S"}, Class: S, Type: ft, Defined: true}
		S.Methods = append(S.Methods, d)
		return d
	}
	ctor := method("S", &ctypes.Func{Result: v, Params: []ctypes.Param{{Type: i}}})
	ctor.Special = ctypes.Constructor
	dtor := method("~S", &ctypes.Func{Result: v})
	dtor.Special = ctypes.Destructor
	get := method("get", &ctypes.Func{Result: i, Const: true})
	plus := method("operator+", &ctypes.Func{Result: S, Params: []ctypes.Param{{Type: cref}}, Const: true})
	plus.Special, plus.Operator = ctypes.OperatorFunc, ctypes.OpPlus
	assign := method("operator=", &ctypes.Func{Result: &ctypes.Reference{Elem: S}, Params: []ctypes.Param{{Type: cref}}})
	assign.Special, assign.Operator = ctypes.OperatorFunc, ctypes.OpAssign
	st := method("st", &ctypes.Func{Result: i, Params: []ctypes.Param{{Type: i}}})
	st.StaticMember = true
	conv := method("operator float", &ctypes.Func{Result: f, Const: true})
	conv.Special = ctypes.ConversionFunc
	opNew := method("operator new", &ctypes.Func{Result: &ctypes.Pointer{Elem: v}, Params: []ctypes.Param{{Type: ctypes.BasicOf(ctypes.ULong)}}})
	opNew.Special, opNew.Operator = ctypes.OperatorFunc, ctypes.OpNew
	g := &ctypes.FuncDecl{Name: "g", Defined: true, Type: &ctypes.Func{Result: i, Params: []ctypes.Param{
		{Type: &ctypes.MemberPointer{Class: S, Elem: i}}, {Type: &ctypes.MemberPointer{Class: S, Elem: &ctypes.Func{Result: i, Params: []ctypes.Param{{Type: i}}}}}}}}

	tests := []struct {
		d        *ctypes.FuncDecl
		want64   string
		wantSize map[int][]string // param types by address size, when they differ from want64's
	}{
		{ctor, ".visible .func _ZN1SC1Ei(\n\t.param .b64 _ZN1SC1Ei_param_0,\n\t.param .b32 _ZN1SC1Ei_param_1\n)", nil},
		{dtor, ".visible .func _ZN1SD1Ev(\n\t.param .b64 _ZN1SD1Ev_param_0\n)", nil},
		{get, ".visible .func  (.param .b32 func_retval0) _ZNK1S3getEv(\n\t.param .b64 _ZNK1S3getEv_param_0\n)", nil},
		{plus, ".visible .func _ZNK1SplERKS_(\n\t.param .b64 _ZNK1SplERKS__param_0,\n\t.param .b64 _ZNK1SplERKS__param_1,\n\t.param .b64 _ZNK1SplERKS__param_2\n)", nil},
		{assign, ".visible .func  (.param .b64 func_retval0) _ZN1SaSERKS_(\n\t.param .b64 _ZN1SaSERKS__param_0,\n\t.param .b64 _ZN1SaSERKS__param_1\n)", nil},
		{st, ".visible .func  (.param .b32 func_retval0) _ZN1S2stEi(\n\t.param .b32 _ZN1S2stEi_param_0\n)", nil},
		{opNew, ".visible .func  (.param .b64 func_retval0) _ZN1SnwEm(\n\t.param .b64 _ZN1SnwEm_param_0\n)", nil},
		{conv, ".visible .func  (.param .b32 func_retval0) _ZNK1ScvfEv(\n\t.param .b64 _ZNK1ScvfEv_param_0\n)", nil},
		{g, ".visible .func  (.param .b32 func_retval0) _Z1gM1SiMS_FiiE(\n\t.param .b64 _Z1gM1SiMS_FiiE_param_0,\n\t.param .align 8 .b8 _Z1gM1SiMS_FiiE_param_1[16]\n)", nil},
	}
	for _, addr := range []int{64, 32} {
		tgt := target.Default
		tgt.AddressSize = addr
		l := layout.New(tgt)
		for _, tt := range tests {
			name, err := mangle.Name(tt.d, tgt)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Lower(tt.d, l, name)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			want := tt.want64
			if addr == 32 {
				want = strings.ReplaceAll(want, ".b64", ".b32")
				want = strings.ReplaceAll(want, ".align 8 .b8 _Z1gM1SiMS_FiiE_param_1[16]", ".align 4 .b8 _Z1gM1SiMS_FiiE_param_1[8]")
			}
			if got := d.Header(); got != want {
				t.Errorf("-m%d %s:\n got %s\nwant %s", addr, name, got, want)
			}
		}
	}
	kernel := &ctypes.FuncDecl{Name: "k", Class: S, Kind: ctypes.GlobalFunc, Type: &ctypes.Func{Result: v}}
	if _, err := Lower(kernel, layout.New(target.Default), "k"); err == nil {
		t.Errorf("a member kernel lowered")
	}
}
