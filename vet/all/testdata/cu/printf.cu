// printf calls of every argument kind and width, some in branches and
// loops, so that the printf check meets each way nvcc and clang fill the
// buffer.
#include <cstdio>
__global__ void pr(int *p, long long ll, unsigned char uc, short s, float f, double d, const char *str, int n) {
  printf("%d %u %x %o %c\n", p[0], (unsigned)p[1], p[2], p[3], p[4]);
  printf("%lld %llu %ld %lu\n", ll, (unsigned long long)ll, (long)ll, (unsigned long)ll);
  printf("%hhd %hd %f %e %g %a\n", uc, s, f, d, f, d);
  printf("%s %p %5.2f %-8d %*d %.*f\n", str, p, d, n, n, p[5], n, d);
  for (int i = 0; i < n; i++) {
    if (p[i] > 3)
      printf("big %d at %d\n", p[i], i);
    else
      printf("small %f\n", (double)p[i]);
  }
  printf("%%d is not a conversion, %d is\n", n);
  printf("%c%c%c %f %d %f\n", 'a', 'b', 'c', 1.5, 2, 2.5f);
}
