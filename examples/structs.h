/* A header of the kind ptxabi layout reads: the structs a kernel shares with
   its host code. Try: go run ./cmd/ptxabi layout examples/structs.h */
#include <stdint.h>

struct Particle {
    float3   pos;          /* CUDA vector type: 12 bytes, 4-aligned */
    float4   vel;          /* 16 bytes, 16-aligned */
    uint32_t id;
    unsigned alive : 1;    /* three bit fields in one 4-byte unit, from bit 0 up */
    unsigned kind  : 3;
    signed   charge: 4;
    double   mass;
};

union Value {
    int      i;
    float    f;
    double2  d2;
    char     bytes[3];
};

typedef struct {
    char     tag;
    long long :0;          /* zero-width: the next member starts on an 8-byte boundary */
    short    n;
    __align__(16) int data[2][3];
} Record;
