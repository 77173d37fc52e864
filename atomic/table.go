package atomic

// This file holds the five tables of guide §4 (release 13.2) as data, and
// nothing else. Each row is one line of a table: the C/C++/CUDA C++ API it
// names and its PTX ABI ISA mappings, the recommended one first. In the
// sequences, <scope> stands for the scope of the operation and <op> for the
// read-modify-write operation; a row with op RMW stands for every RMW op.

// row is one line of a §4 table.
type row struct {
	Order Order
	Kind  opKind
	// Seqs are the mappings of the row, "(recommended)" first, then the
	// "OR" alternatives in the order the guide lists them.
	Seqs [][]string
}

// opKind groups the operations as the tables' rows do: a thread fence, a
// load, a store, or any read-modify-write operation (atomic_<rmw op>).
type opKind int

const (
	kindFence opKind = iota
	kindLoad
	kindStore
	kindRMW
)

var guideTable = []row{
	// §4, "The PTX ABI for C++ sequentially consistent atomic operations".
	// Row atomic_thread_fence(memory_order_seq_cst, thread_scope_<scope>):
	{SeqCst, kindFence, [][]string{{"fence.sc.<scope>"}}},
	// Row atomic_load(memory_order_seq_cst, thread_scope_<scope>):
	{SeqCst, kindLoad, [][]string{
		{"fence.sc.<scope>", "ld.acquire.<scope>"},
		{"fence.sc.<scope>", "ld.relaxed.<scope>", "fence.acquire.<scope>"}}},
	// Row atomic_store(memory_order_seq_cst, thread_scope_<scope>):
	{SeqCst, kindStore, [][]string{{"fence.sc.<scope>", "st.relaxed.<scope>"}}},
	// Row atomic_<rmw op>(memory_order_seq_cst, thread_scope_<scope>):
	{SeqCst, kindRMW, [][]string{
		{"fence.sc.<scope>", "atom.acquire.<scope>.<op>"},
		{"fence.sc.<scope>", "atom.relaxed.<scope>.<op>", "fence.acquire.<scope>"}}},

	// §4, "The PTX ABI for C++ release atomic operations".
	// Row atomic_thread_fence(memory_order_release, thread_scope_<scope>):
	{Release, kindFence, [][]string{{"fence.release.<scope>"}}},
	// Row atomic_store(memory_order_release, thread_scope_<scope>):
	{Release, kindStore, [][]string{
		{"st.release.<scope>"},
		{"fence.release.<scope>", "st.relaxed.<scope>"}}},
	// Row atomic_<rmw op>(memory_order_release, thread_scope_<scope>):
	{Release, kindRMW, [][]string{
		{"atom.release.<scope>.<op>"},
		{"fence.release.<scope>", "atom.relaxed.<scope>.<op>"}}},

	// §4, "The PTX ABI for C++ acquire atomic operations".
	// Row atomic_thread_fence(memory_order_acquire, thread_scope_<scope>):
	{Acquire, kindFence, [][]string{{"fence.acquire.<scope>"}}},
	// Row atomic_load(memory_order_acquire, thread_scope_<scope>):
	{Acquire, kindLoad, [][]string{
		{"ld.acquire.<scope>"},
		{"ld.relaxed.<scope>", "fence.acquire.<scope>"}}},
	// Row atomic_<rmw op>(memory_order_acquire, thread_scope_<scope>):
	{Acquire, kindRMW, [][]string{
		{"atom.acquire.<scope>.<op>"},
		{"atom.relaxed.<scope>.<op>", "fence.acquire.<scope>"}}},

	// §4, "The PTX ABI for C++ acquire-release atomic operations".
	// Row atomic_thread_fence(memory_order_acq_rel, thread_scope_<scope>):
	{AcqRel, kindFence, [][]string{{"fence.acq_rel.<scope>"}}},
	// Row atomic_<rmw op>(memory_order_acq_rel, thread_scope_<scope>):
	{AcqRel, kindRMW, [][]string{
		{"atom.acq_rel.<scope>.<op>"},
		{"fence.release.<scope>", "atom.acquire.<scope>.<op>"},
		{"fence.release.<scope>", "atom.relaxed.<scope>.<op>", "fence.acquire.<scope>"}}},

	// §4, "The PTX ABI for C++ relaxed atomic operations".
	// Row atomic_load(memory_order_relaxed, thread_scope_<scope>):
	{Relaxed, kindLoad, [][]string{{"ld.relaxed.<scope>"}}},
	// Row atomic_store(memory_order_relaxed, thread_scope_<scope>):
	{Relaxed, kindStore, [][]string{{"st.relaxed.<scope>"}}},
	// Row atomic_<rmw op>(memory_order_relaxed, thread_scope_<scope>):
	{Relaxed, kindRMW, [][]string{{"atom.relaxed.<scope>.<op>"}}},
}

// legacyTable is what nvcc (CUDA 11.8, libcu++) emits for the same APIs on
// targets without the memory-model qualifiers (below sm_70 or PTX ISA 6.0):
// ld.volatile/st.volatile for loads and stores, atom without an order, and
// membar.<level> where a fence is needed. <level> is cta, gl or sys for
// scopes cta, gpu and sys. <ascope> is the scope qualifier of atom: the
// scope itself on sm_60 and later, nothing (device scope) before sm_60.
// This is not in the guide (§4 assumes the memory model of sm_70); it is
// the legacy lowering, recorded from nvcc's output.
var legacyTable = []row{
	{SeqCst, kindFence, [][]string{{"membar.<level>"}}},
	{AcqRel, kindFence, [][]string{{"membar.<level>"}}},
	{Acquire, kindFence, [][]string{{"membar.<level>"}}},
	{Release, kindFence, [][]string{{"membar.<level>"}}},

	{SeqCst, kindLoad, [][]string{{"membar.<level>", "ld.volatile", "membar.<level>"}}},
	{Acquire, kindLoad, [][]string{{"ld.volatile", "membar.<level>"}}},
	{Relaxed, kindLoad, [][]string{{"ld.volatile"}}},

	{SeqCst, kindStore, [][]string{{"membar.<level>", "st.volatile"}}},
	{Release, kindStore, [][]string{{"membar.<level>", "st.volatile"}}},
	{Relaxed, kindStore, [][]string{{"st.volatile"}}},

	{SeqCst, kindRMW, [][]string{{"membar.<level>", "atom<ascope>.<op>", "membar.<level>"}}},
	{AcqRel, kindRMW, [][]string{{"membar.<level>", "atom<ascope>.<op>", "membar.<level>"}}},
	{Release, kindRMW, [][]string{{"membar.<level>", "atom<ascope>.<op>"}}},
	{Acquire, kindRMW, [][]string{{"atom<ascope>.<op>", "membar.<level>"}}},
	{Relaxed, kindRMW, [][]string{{"atom<ascope>.<op>"}}},
}
