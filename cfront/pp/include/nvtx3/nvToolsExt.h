/* Built-in <nvtx3/nvToolsExt.h>: NVTX's markers and ranges, as host code
   calls them (the ASCII forms; nvtxRangePush and nvtxMark name them). */
#ifndef __PTXABI_NVTOOLSEXT_H
#define __PTXABI_NVTOOLSEXT_H
#include <stdint.h>
typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef struct nvtxEventAttributes_v2 {
	uint16_t version;
	uint16_t size;
	uint32_t category;
	int32_t colorType;
	uint32_t color;
	int32_t payloadType;
	int32_t reserved0;
	union { uint64_t ullValue; int64_t llValue; double dValue; uint32_t uiValue; int32_t iValue; float fValue; } payload;
	int32_t messageType;
	union { const char *ascii; const wchar_t *unicode; nvtxStringHandle_t registered; } message;
} nvtxEventAttributes_t;
#define NVTX_VERSION 3
#define NVTX_COLOR_ARGB 1
#define NVTX_MESSAGE_TYPE_ASCII 1
extern "C" void nvtxMarkA(const char *message);
extern "C" void nvtxMarkEx(const nvtxEventAttributes_t *attr);
extern "C" int nvtxRangePushA(const char *message);
extern "C" int nvtxRangePushEx(const nvtxEventAttributes_t *attr);
extern "C" int nvtxRangePop(void);
extern "C" nvtxRangeId_t nvtxRangeStartA(const char *message);
extern "C" nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *attr);
extern "C" void nvtxRangeEnd(nvtxRangeId_t id);
extern "C" void nvtxNameOsThreadA(uint32_t threadId, const char *name);
#define nvtxMark nvtxMarkA
#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxNameOsThread nvtxNameOsThreadA
#endif
