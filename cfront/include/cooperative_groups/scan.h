/* Built-in <cooperative_groups/scan.h>. */
#ifndef __PTXABI_CG_SCAN_H
#define __PTXABI_CG_SCAN_H
#include <cooperative_groups.h>
namespace cooperative_groups {
inline namespace __v1 {
template <class T> struct plus {};
template <class T> struct less {};
template <class T> struct greater {};
template <class T> struct bit_and {};
template <class T> struct bit_or {};
template <class T> struct bit_xor {};
}
}
#endif
