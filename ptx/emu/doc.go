// Package emu executes PTX on the CPU: the kernels, calls and system calls
// (guide §3: vprintf, malloc, free, __assertfail) of the modules nvcc and
// clang emit, so that ABI code can be tested where there is no GPU.
//
// # Model
//
// Load links modules as nvlink does (package ptx/link) and decodes every
// function once (ARCHITECTURE practice 18): registers become slots of a
// structure-of-arrays register file ([32]uint64 per register, one value
// per lane), immediates a constant pool, branch targets instruction
// indices, and each branch gets its reconvergence point, the immediate
// post-dominator (cfg.go). Launch runs blocks on GOMAXPROCS goroutines
// (Options.Procs); a block's warps run on its goroutine in turn, each until
// it waits at a barrier or has run a quantum, so that a launch's results
// do not depend on the number of cores. A warp executes one decoded
// instruction for all its active lanes; divergence pushes (pc,
// reconvergence pc, mask) entries on a per-frame SIMT stack (practice 19).
// Calls push frames whose .param areas are copied from the caller's
// argument variables, and return values copied back; recursion works up
// to 1024 frames, and each frame has its own .local area (nvcc's depot).
//
// Memory is byte-addressed and little-endian in every state space:
// .global is a list of allocations (module variables, host buffers,
// malloc blocks) at addresses never reused, bounds-checked, with null and
// freed pointers faulting; .const a 64 KiB bank; .shared per block
// (static variables, then the dynamic part); .local per thread; .param
// per frame. Generic addresses put .shared, .local and .const in windows
// below 0x1000_0000 (see mem.go) and .global above, all below 4 GiB so
// that .address_size 32 modules work; cvta, cvta.to and isspacep convert
// and test.
//
// # Faults
//
// A launch that fails returns a *Fault naming the instruction's position,
// the block and the thread: out-of-bounds, misaligned, null or freed
// accesses, writes to .const, trap, a barrier deadlock (with the waiting
// threads), an exhausted call stack or local memory, membermasks naming
// inactive lanes (compute-sanitizer's synccheck), and the step limit
// (Options.StepLimit instructions per warp). A failed assert is a Fault
// with the driver's message. Integer division by zero gives all ones
// (div.s32 of a negative dividend: 1; the remainder: the dividend), shifts
// past the width give 0 or the sign, as the hardware does.
//
// Barriers count threads: a thread that has exited counts as arrived, as
// on the GPU. A warp waits at a barrier as a whole: where part of a warp
// reaches a barrier while its other lanes are on another path that would
// reach it later (legal from sm_70 on), the executor reports a deadlock.
//
// # Instructions
//
// Implemented: mov (with vector pack and unpack), ld, ldu, st (.v2, .v4,
// every state space, .nc/.volatile/.relaxed/.acquire/.release and cache
// modifiers accepted), prefetch, cvta, isspacep; add, sub, mul (.lo .hi
// .wide), mad (.lo .hi .wide .sat), mad.cc, madc, add.cc, addc, sub.cc,
// subc, mul24, mad24, sad, div, rem, abs, neg, min, max, and, or, xor,
// not, cnot, shl, shr, shf, fns, popc, clz, brev, bfind, bfe, bfi, prmt (every
// mode), setp (every comparison, .and/.or/.xor, both destinations), set,
// selp, slct, copysign, testp; add, sub, mul, fma, mad,
// div, rcp, sqrt, min, max, abs, neg on .f32 and .f64 with .rn .rz .rm
// .rp, .ftz and .sat; add, sub, mul, fma, min, max, abs, neg on .f16,
// .f16x2, .bf16 and .bf16x2; cvt between every pair of integer and
// floating-point types (.f16 and .bf16 included, cvt.f16x2.f32 and
// cvt.bf16x2.f32) with every rounding mode and .sat; rsqrt, sin, cos,
// lg2, ex2, tanh (.approx); atom and red (.add .and .or .xor .min .max
// .inc .dec .cas .exch, integer, .f32, .f64 and half types, any order and
// scope, global, shared and generic); membar, fence; bar.sync, bar.arrive,
// bar.red (.popc .and .or), barrier.sync, with thread counts; bar.warp.sync;
// shfl (and shfl.sync) .up .down .bfly .idx; vote (.all .any .uni .ballot);
// match.any, match.all; activemask; redux.sync (integer); bra, brx.idx,
// call (direct, indirect through a register, with or without a
// .callprototype), ret, exit, trap, nanosleep, pmevent; the special
// registers %tid %ntid %ctaid %nctaid %laneid %warpid %nwarpid %smid
// %nsmid %gridid %lanemask_* %dynamic_smem_size %total_smem_size %clock
// %clock64 %globaltimer.
//
// Not supported, and an error at load time naming the instruction: tex,
// tld4, suld, sust and the other texture and surface instructions, wmma
// and mma, ldmatrix, cp.async, discard, createpolicy; the .relu, .NaN and
// .xorsign modifiers outside min and max (.f32 and the half types) and
// fma.relu (half types); .satfinite; the .s16x2/.u16x2 SIMD integer
// forms; redux.sync on .f32; .v8 accesses; cvta.param; .reg parameters.
//
// # Floating point
//
// Correctly rounded operations (add, sub, mul, fma, div, sqrt, rcp, cvt)
// are exact in every rounding mode: .f32 results are computed in double
// precision and rounded once, through round-to-odd where the double is
// not exact; directed .f64 results use the exact error term (TwoSum, FMA)
// or math/big. NaN results are the ones an NVIDIA H200 makes (driver 580;
// cc/testdata/corpus/nan_payloads.cu and a probe of single instructions,
// in TestNaNPayloads and TestNaNResults): every .f32 NaN is the canonical
// NaN PTX defines (0x7fffffff), neg and abs of a NaN included; a .f64
// invalid operation (inf-inf, 0*inf, 0/0, sqrt(-1)) makes
// 0xfff8000000000000, and a .f64 NaN operand is passed on quieted, with
// its sign and payload (neg and abs leave its sign alone); of two NaN
// operands, whose choice on the GPU depends on ptxas's operand order, the
// executor passes on the first. cvt.f64.f32 and cvt.f64.f16 keep a NaN's
// sign and payload, cvt.f32.f64 its sign only, cvt.f32.bf16 its bits; cvt of a NaN to an integer
// gives 0 from .f32 and the half types to 32 bits or fewer, and otherwise
// the value with only the top bit set. .f16 and .bf16 arithmetic gives
// 0x7fff, neg and abs included. The .approx functions (sin, cos, ex2, lg2, rsqrt, tanh,
// rcp.approx, sqrt.approx, div.approx, div.full) return the correctly
// rounded or nearly correctly rounded value of the exact function, which
// is within every bound the PTX ISA states for them (e.g. 2^-20.9
// absolute for sin and cos on [-π, π], 2 ulp for div.full) but not
// bit-identical to the GPU's approximations.
package emu
