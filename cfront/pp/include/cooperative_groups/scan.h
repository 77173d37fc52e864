/* Built-in <cooperative_groups/scan.h>. */
#ifndef __PTXABI_CG_SCAN_H
#define __PTXABI_CG_SCAN_H
#include <cooperative_groups.h>
namespace cooperative_groups {
inline namespace __v1 {
template <class __T> struct plus {};
template <class __T> struct less {};
template <class __T> struct greater {};
template <class __T> struct bit_and {};
template <class __T> struct bit_or {};
template <class __T> struct bit_xor {};
}
}
#endif
