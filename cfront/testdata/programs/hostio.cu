// Host code of a training program (sockets between processes, a directory
// and glob scan, NVTX ranges, cuBLAS's compute type) beside its kernels:
// the POSIX and NVTX headers come from the built-in set, not the host's;
// <cstddef> and its kind name their types in namespace std too.
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <glob.h>
#include <unistd.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <string>
#include <cublas_v2.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

static_assert(AF_INET == 2 && SOCK_STREAM == 1 && SOL_SOCKET == 1 && SO_REUSEADDR == 2 && SO_REUSEPORT == 15, "socket constants");
static_assert(CUBLAS_COMPUTE_32F == 68 && CUBLAS_COMPUTE_32F_FAST_TF32 == 77, "compute types");

cublasComputeType_t compute_type = CUBLAS_COMPUTE_32F;

struct Range {
	Range(const char *s) { nvtxRangePush(s); }
	~Range() { nvtxRangePop(); }
};

int serve(int port) {
	Range r("serve");
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	int opt = 1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR | SO_REUSEPORT, &opt, sizeof(opt));
	struct sockaddr_in addr;
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = INADDR_ANY;
	addr.sin_port = htons(port);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(fd, 3) < 0) return -1;
	socklen_t len = sizeof(addr);
	int c = accept(fd, (struct sockaddr *)&addr, &len);
	char buf[16];
	if (recv(c, buf, sizeof(buf), 0) < 0 || send(c, buf, sizeof(buf), 0) < 0) return -1;
	inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
	return connect(fd, (struct sockaddr *)&addr, sizeof(addr)) + (int)inet_addr("10.0.0.1");
}

int scan(const char *dir, const char *pattern) {
	int n = 0;
	if (DIR *d = opendir(dir)) {
		while (struct dirent *e = readdir(d)) n += e->d_name[0] != '.';
		closedir(d);
	}
	glob_t g;
	if (glob(pattern, 0, NULL, &g) == 0) n += (int)g.gl_pathc + (g.gl_pathv[0] != NULL);
	globfree(&g);
	nvtxNameCudaStreamA(0, "main");
	return n;
}

__device__ float scale(float x, int n) { return x * n; }

__global__ void shard(float *out, const float *in, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = scale(in[i], n);
}

__device__ std::size_t count(const std::uint32_t *p, std::size_t n, std::ptrdiff_t d, std::int64_t s) {
	std::size_t c = 0;
	for (std::size_t i = 0; i < n; i++) c += p[i] != 0;
	return c + d + s;
}

void *copy(const void *src, std::size_t n) {
	void *p = std::malloc(n);
	std::memcpy(p, src, n);
	std::printf("%zu\n", n);
	return p;
}
