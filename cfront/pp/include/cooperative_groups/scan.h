/* Built-in <cooperative_groups/scan.h>. */
#ifndef __PTXABI_CG_SCAN_H
#define __PTXABI_CG_SCAN_H
#include <cooperative_groups.h>
#include <cooperative_groups/details/functional.h>
namespace cooperative_groups {
inline namespace __v1 {
}
}
#endif
