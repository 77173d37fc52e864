/* Built-in <omp.h>. */
#ifndef __PTXABI_OMP_H
#define __PTXABI_OMP_H
extern "C" int omp_get_thread_num(void);
extern "C" int omp_get_num_threads(void);
extern "C" int omp_get_max_threads(void);
extern "C" void omp_set_num_threads(int n);
extern "C" double omp_get_wtime(void);
#endif
