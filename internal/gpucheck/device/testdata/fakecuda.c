// A stand-in for libcuda.so.1 with the driver API functions runner.cpp
// calls, so that the runner can be tested without a GPU (gpucheck's
// TestRunnerWithFakeDriver). Launches do nothing but print a line; memory is
// host memory. Set by the environment:
//   FAKE_FAIL_AT=N   the Nth cuCtxSynchronize of a process fails, once
//   FAKE_CRASH_AT=N  the Nth module load of a process crashes it, once
//   FAKE_STATE_DIR   where "once" is remembered
// A PTX file that contains FAILLOAD does not load.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUevent, *CUstream, *CUlinkState;
typedef unsigned long long CUdeviceptr;

static int once(const char *what) {
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", getenv("FAKE_STATE_DIR") ? getenv("FAKE_STATE_DIR") : ".", what);
	if (access(path, 0) == 0)
		return 0;
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
	return 1;
}

static int nth(const char *env, int *count) {
	const char *e = getenv(env);
	return e && ++*count == atoi(e);
}

CUresult cuGetErrorName(CUresult r, const char **s) {
	*s = r == 710 ? "CUDA_ERROR_ASSERT" : r == 218 ? "CUDA_ERROR_INVALID_PTX" : "CUDA_ERROR_UNKNOWN";
	return 0;
}
CUresult cuInit(unsigned f) { return 0; }
CUresult cuDeviceGet(CUdevice *d, int o) { *d = 0; return 0; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { *c = (void *)1; return 0; }
CUresult cuCtxSetCurrent(CUcontext c) { return 0; }
CUresult cuCtxSetLimit(int l, size_t v) { return 0; }
static int loads;
static CUresult load(const char *img) {
	if (nth("FAKE_CRASH_AT", &loads) && once("crashed"))
		abort();
	return strstr(img, "FAILLOAD") ? 218 : 0;
}
CUresult cuModuleLoadDataEx(CUmodule *m, const void *img, unsigned n, void *o, void **v) {
	*m = (void *)1;
	return load(img);
}
CUresult cuModuleLoadData(CUmodule *m, const void *img) { *m = (void *)1; return 0; }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *n) { *f = (void *)1; return 0; }
CUresult cuModuleUnload(CUmodule m) { return 0; }
CUresult cuFuncSetAttribute(CUfunction f, int a, int v) { return 0; }
CUresult cuLinkCreate_v2(unsigned n, void *o, void **v, CUlinkState *s) { *s = (void *)1; return 0; }
CUresult cuLinkAddData_v2(CUlinkState s, int t, void *d, size_t n, const char *name, unsigned k, void *o, void **v) {
	return load(d);
}
CUresult cuLinkComplete(CUlinkState s, void **c, size_t *n) {
	static char cubin[4];
	*c = cubin;
	*n = sizeof cubin;
	return 0;
}
CUresult cuLinkDestroy(CUlinkState s) { return 0; }
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) { *p = (CUdeviceptr)calloc(1, n); return 0; }
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)p); return 0; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { memcpy(d, (void *)s, n); return 0; }
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
			unsigned sh, CUstream s, void **p, void **x) {
	printf("launch %ux%u\n", gx, bx);
	return 0;
}
static int syncs;
CUresult cuCtxSynchronize(void) { return nth("FAKE_FAIL_AT", &syncs) && once("failed") ? 710 : 0; }
CUresult cuEventCreate(CUevent *e, unsigned f) { return 0; }
CUresult cuEventRecord(CUevent e, CUstream s) { return 0; }
CUresult cuEventSynchronize(CUevent e) { return 0; }
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) { *ms = 0.004f; return 0; }
CUresult cuEventDestroy_v2(CUevent e) { return 0; }
