// runner loads PTX modules with the CUDA driver (which compiles them for the
// GPU it runs on), launches one kernel per run of a manifest written by
// package gpucheck, and writes what the launch left in its buffers, so that
// gpucheck can compare the hardware's results with the executor's.
//
// Usage: runner MANIFEST OUTDIR [SKIP]
//
// The manifest is line-oriented text:
//
//	run ID PTX KERNEL GX GY GZ BX BY BZ SHARED DEBUG REPS NARGS
//	                       PTX: a file, or files separated by commas,
//	                       linked as one program
//	buf SIZE PATH|-        a global buffer: the file's bytes, or SIZE zeros
//	val HEX                a parameter's bytes (a scalar or an aggregate)
//	load ID PTX DEBUG      only compile the module, and say whether it loads
//
// For each run it writes OUTDIR/ID/argK.bin for buffer K after the launch and
// one line to OUTDIR/results.txt: "ID ok MEDIAN_US", "ID fail ERROR",
// "ID loadfail ERROR" or "ID launchfail ERROR" (MEDIAN_US is the median of
// REPS timed launches after three untimed ones, or - when REPS is 0). What the
// kernel prints goes to standard output between the lines "@@@begin ID" and
// "@@@end ID"; standard error is marked the same way. A fault or a failed
// assert leaves the process unable to use the GPU again (a sticky error), so
// the runner then writes the number of records done to OUTDIR/resume and
// exits with status 3; run.sh starts it again with that number as SKIP,
// and the results and outputs are appended to. Before each run it writes
// "DONE ID" to OUTDIR/current, so that when the process dies (the driver's
// compiler has crashed on a module), run.sh records "ID crash" and goes on
// after it.
// It uses the driver API only (libcuda), so that it builds with any CUDA
// toolkit's cuda.h, and with no runtime library.
#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

static CUdevice dev;
static CUcontext ctx;
static FILE *results;

static const char *errName(CUresult r) {
	const char *s = nullptr;
	if (cuGetErrorName(r, &s) != CUDA_SUCCESS || s == nullptr)
		return "CUDA_ERROR_UNKNOWN";
	return s;
}

static void die(const char *what, CUresult r) {
	fprintf(stderr, "runner: %s: %s\n", what, errName(r));
	exit(2);
}

static void setup() {
	CUresult r;
	if ((r = cuDevicePrimaryCtxRetain(&ctx, dev)) != CUDA_SUCCESS)
		die("cuDevicePrimaryCtxRetain", r);
	if ((r = cuCtxSetCurrent(ctx)) != CUDA_SUCCESS)
		die("cuCtxSetCurrent", r);
	// Room for the corpus's printf output, and the executor's default heap.
	cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 64 << 20);
	cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 8 << 20);
}

// sticky is set when a launch failed: the process cannot use the GPU again.
static bool sticky;

static bool readFile(const std::string &path, std::string &out) {
	FILE *f = fopen(path.c_str(), "rb");
	if (!f)
		return false;
	char buf[1 << 16];
	size_t n;
	out.clear();
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		out.append(buf, n);
	fclose(f);
	return true;
}

static bool writeFile(const std::string &path, const void *data, size_t n) {
	FILE *f = fopen(path.c_str(), "wb");
	if (!f)
		return false;
	bool ok = fwrite(data, 1, n, f) == n;
	return fclose(f) == 0 && ok;
}

static std::string oneLine(const char *s) {
	std::string t(s);
	for (char &c : t)
		if (c == '\n' || c == '\r')
			c = ' ';
	while (!t.empty() && t.back() == ' ')
		t.pop_back();
	return t;
}

// load JIT-compiles the PTX file; on failure it returns the driver's error
// and log in msg. PATH may name several files, separated by commas: they
// are compiled and linked as one program (the driver's linker, as nvlink).
static CUmodule load(const std::string &path, bool debug, std::string &msg) {
	std::vector<std::string> files;
	for (size_t i = 0, j; i <= path.size(); i = j + 1) {
		j = path.find(',', i);
		if (j == std::string::npos)
			j = path.size();
		files.push_back(path.substr(i, j - i));
	}
	std::vector<std::string> ptx(files.size());
	for (size_t i = 0; i < files.size(); i++) {
		if (!readFile(files[i], ptx[i])) {
			msg = "cannot read " + files[i];
			return nullptr;
		}
	}
	static char log[1 << 14];
	log[0] = 0;
	CUjit_option opts[3] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_GENERATE_DEBUG_INFO};
	void *vals[3] = {log, (void *)(size_t)sizeof log, (void *)(size_t)(debug ? 1 : 0)};
	CUmodule mod = nullptr;
	CUresult r;
	if (files.size() == 1) {
		r = cuModuleLoadDataEx(&mod, ptx[0].c_str(), 3, opts, vals);
	} else {
		CUlinkState ls;
		if ((r = cuLinkCreate(3, opts, vals, &ls)) == CUDA_SUCCESS) {
			for (size_t i = 0; i < files.size() && r == CUDA_SUCCESS; i++)
				r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx[i].c_str(), ptx[i].size() + 1, files[i].c_str(), 0,
						  nullptr, nullptr);
			void *cubin;
			size_t size;
			if (r == CUDA_SUCCESS && (r = cuLinkComplete(ls, &cubin, &size)) == CUDA_SUCCESS)
				r = cuModuleLoadData(&mod, cubin);
			cuLinkDestroy(ls);
		}
	}
	if (r != CUDA_SUCCESS) {
		msg = errName(r);
		if (log[0])
			msg += " " + oneLine(log);
		return nullptr;
	}
	return mod;
}

struct Arg {
	bool buf;
	size_t size;
	std::string path;  // buf: the initial contents, "-" for zeros
	std::string bytes; // val: the parameter's bytes
	CUdeviceptr dptr;
};

static int hexval(char c) {
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void mark(const char *what, const std::string &id) {
	fflush(stdout);
	fflush(stderr);
	printf("@@@%s %s\n", what, id.c_str());
	fprintf(stderr, "@@@%s %s\n", what, id.c_str());
	fflush(stdout);
	fflush(stderr);
}

static void run(const std::string &id, const std::string &ptx, const std::string &kernel, unsigned g[3], unsigned b[3],
		unsigned shared, bool debug, int reps, std::vector<Arg> &args, const std::string &outdir) {
	std::string msg;
	CUmodule mod = load(ptx, debug, msg);
	if (!mod) {
		fprintf(results, "%s loadfail %s\n", id.c_str(), msg.c_str());
		return;
	}
	CUfunction fn;
	CUresult r = cuModuleGetFunction(&fn, mod, kernel.c_str());
	if (r != CUDA_SUCCESS) {
		fprintf(results, "%s loadfail %s kernel %s\n", id.c_str(), errName(r), kernel.c_str());
		cuModuleUnload(mod);
		return;
	}
	if (shared > 48 * 1024)
		cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared);
	std::vector<void *> params;
	bool ok = true;
	for (Arg &a : args) {
		a.dptr = 0;
		if (!a.buf) {
			params.push_back((void *)a.bytes.data());
			continue;
		}
		std::string init;
		if (a.path != "-" && !readFile(a.path, init)) {
			fprintf(results, "%s launchfail cannot read %s\n", id.c_str(), a.path.c_str());
			ok = false;
			break;
		}
		init.resize(a.size, '\0');
		if ((r = cuMemAlloc(&a.dptr, a.size ? a.size : 1)) != CUDA_SUCCESS ||
			(a.size && (r = cuMemcpyHtoD(a.dptr, init.data(), a.size)) != CUDA_SUCCESS)) {
			fprintf(results, "%s launchfail %s (buffer of %zu bytes)\n", id.c_str(), errName(r), a.size);
			ok = false;
			break;
		}
		params.push_back(&a.dptr);
	}
	if (ok) {
		mark("begin", id);
		r = cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], shared, 0, params.data(), nullptr);
		CUresult s = r == CUDA_SUCCESS ? cuCtxSynchronize() : r;
		mark("end", id);
		if (r != CUDA_SUCCESS) {
			fprintf(results, "%s launchfail %s\n", id.c_str(), errName(r));
		} else if (s != CUDA_SUCCESS) {
			fprintf(results, "%s fail %s\n", id.c_str(), errName(s));
			fflush(results);
			sticky = true;
			return;
		} else {
			std::string dir = outdir + "/" + id;
			mkdir(dir.c_str(), 0777);
			for (size_t i = 0; i < args.size(); i++) {
				Arg &a = args[i];
				if (!a.buf)
					continue;
				std::string out(a.size, '\0');
				if (a.size)
					cuMemcpyDtoH(&out[0], a.dptr, a.size);
				writeFile(dir + "/arg" + std::to_string(i) + ".bin", out.data(), out.size());
			}
			std::string t = "-";
			if (reps > 0) {
				CUevent e0, e1;
				cuEventCreate(&e0, CU_EVENT_DEFAULT);
				cuEventCreate(&e1, CU_EVENT_DEFAULT);
				std::vector<float> ms;
				bool bad = false;
				for (int k = 0; k < reps + 3 && !bad; k++) {
					cuEventRecord(e0, 0);
					bad = cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], shared, 0, params.data(), nullptr) !=
					      CUDA_SUCCESS;
					cuEventRecord(e1, 0);
					if (cuEventSynchronize(e1) != CUDA_SUCCESS)
						bad = true;
					float x = 0;
					cuEventElapsedTime(&x, e0, e1);
					if (k >= 3)
						ms.push_back(x);
				}
				cuEventDestroy(e0);
				cuEventDestroy(e1);
				if (bad) {
					fprintf(results, "%s fail timing launches failed\n", id.c_str());
					fflush(results);
					sticky = true;
					return;
				}
				std::sort(ms.begin(), ms.end());
				char buf[64];
				snprintf(buf, sizeof buf, "%.3f", 1000 * ms[ms.size() / 2]);
				t = buf;
			}
			fprintf(results, "%s ok %s\n", id.c_str(), t.c_str());
		}
	}
	fflush(results);
	for (Arg &a : args)
		if (a.dptr)
			cuMemFree(a.dptr);
	cuModuleUnload(mod);
}

// current notes the run about to start: should the driver crash the
// process, run.sh reads which run it was.
static void current(const std::string &outdir, long done, const char *id) {
	FILE *f = fopen((outdir + "/current").c_str(), "w");
	if (f) {
		fprintf(f, "%ld %s\n", done, id);
		fclose(f);
	}
}

int main(int argc, char **argv) {
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: runner MANIFEST OUTDIR [SKIP]\n");
		return 2;
	}
	long skip = argc == 4 ? atol(argv[3]) : 0, done = 0;
	std::string outdir = argv[2];
	mkdir(outdir.c_str(), 0777);
	FILE *mf = fopen(argv[1], "r");
	if (!mf) {
		perror(argv[1]);
		return 2;
	}
	results = fopen((outdir + "/results.txt").c_str(), skip ? "a" : "w");
	if (!results) {
		perror("results.txt");
		return 2;
	}
	CUresult r;
	if ((r = cuInit(0)) != CUDA_SUCCESS)
		die("cuInit", r);
	if ((r = cuDeviceGet(&dev, 0)) != CUDA_SUCCESS)
		die("cuDeviceGet", r);
	setup();
	char line[1 << 16];
	int lineno = 0;
	while (fgets(line, sizeof line, mf)) {
		lineno++;
		char id[256], ptx[4096], kernel[1024];
		unsigned g[3], b[3], shared;
		int debug, reps, nargs;
		if (sscanf(line, "load %255s %4095s %d", id, ptx, &debug) == 3) {
			if (done++ < skip)
				continue;
			current(outdir, done, id);
			std::string msg;
			CUmodule mod = load(ptx, debug, msg);
			if (mod) {
				fprintf(results, "%s ok -\n", id);
				cuModuleUnload(mod);
			} else {
				fprintf(results, "%s loadfail %s\n", id, msg.c_str());
			}
			fflush(results);
			continue;
		}
		if (sscanf(line, "run %255s %4095s %1023s %u %u %u %u %u %u %u %d %d %d", id, ptx, kernel, &g[0], &g[1], &g[2],
			   &b[0], &b[1], &b[2], &shared, &debug, &reps, &nargs) != 13) {
			fprintf(stderr, "%s:%d: expected a run or load line\n", argv[1], lineno);
			return 2;
		}
		std::vector<Arg> args(nargs);
		for (int i = 0; i < nargs; i++) {
			lineno++;
			if (!fgets(line, sizeof line, mf)) {
				fprintf(stderr, "%s:%d: expected %d argument lines\n", argv[1], lineno, nargs);
				return 2;
			}
			Arg &a = args[i];
			char path[4096];
			size_t size;
			if (sscanf(line, "buf %zu %4095s", &size, path) == 2) {
				a.buf = true;
				a.size = size;
				a.path = path;
				continue;
			}
			if (strncmp(line, "val ", 4) == 0) {
				a.buf = false;
				for (char *p = line + 4; hexval(p[0]) >= 0 && hexval(p[1]) >= 0; p += 2)
					a.bytes.push_back((char)(hexval(p[0]) << 4 | hexval(p[1])));
				if (a.bytes.empty()) {
					fprintf(stderr, "%s:%d: empty val\n", argv[1], lineno);
					return 2;
				}
				continue;
			}
			fprintf(stderr, "%s:%d: expected buf or val\n", argv[1], lineno);
			return 2;
		}
		if (done++ < skip)
			continue;
		current(outdir, done, id);
		run(id, ptx, kernel, g, b, shared, debug != 0, reps, args, outdir);
		if (sticky) {
			FILE *f = fopen((outdir + "/resume").c_str(), "w");
			if (!f || fprintf(f, "%ld\n", done) < 0 || fclose(f) != 0) {
				perror("resume");
				return 2;
			}
			fclose(results);
			fflush(stdout);
			return 3;
		}
	}
	fclose(results);
	return 0;
}
