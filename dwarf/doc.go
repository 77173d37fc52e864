// Package dwarf writes and reads the DWARF debug information that a PTX
// producer embeds in PTX (guide chapter 5).
//
// Guide §5.1 splits the work: the producer emits .debug_info, .debug_abbrev
// and optionally .debug_pubnames (and .debug_aranges) as binary DWARF
// version 2 through .section blocks of .b8/.b16/.b32/.b64 data, with label
// references to code labels ("func_begin0") and to other sections
// (".debug_abbrev", ".debug_line"); ptxas makes .debug_line and .debug_frame
// from .file/.loc. Guide §5.2 defines the CUDA address classes, emitted as
// DW_AT_address_class on every variable and parameter.
//
// The writer (Sections) has one emitter and two sinks: Nodes gives .section
// nodes of ptx/ast for a module that ptx/printer prints (Text prints them
// alone), RawBytes gives raw section contents with label references
// resolved by the caller. The reader (Read) decodes a list of Sections,
// keeping label references symbolic, into DIE trees that Dump prints the
// way llvm-dwarfdump --debug-info does. ParsePTX and FromModule take the
// Sections of a PTX file from ptx/parser's syntax tree, keeping the
// position of every datum, so that ReadPTX and File.Read report both
// syntax errors and malformed DWARF at a file:line:col.
package dwarf
