/* The allocation hook (mem.c): every byte the library holds goes through
 * these calls, which count the bytes held and fail on demand in tests
 * (rg_mem_in_use, rg_mem_fail_after in rulegrid.h). */
#ifndef RG_BASE_MEM_H
#define RG_BASE_MEM_H

#include <stddef.h>

/* As malloc, calloc, realloc, free and strdup, counted. */
void *rg_mem_alloc(size_t size);
void *rg_mem_calloc(size_t n, size_t size);
void *rg_mem_realloc(void *p, size_t size);
void rg_mem_free(void *p);
char *rg_mem_strdup(const char *s);
/* An array arr of elements of elem bytes with room for *cap of them, made
 * to hold need: returned as is when it does, else grown (doubling, from
 * first) with *cap raised; NULL without memory (arr is then unchanged and
 * still the caller's). */
void *rg_mem_grow(void *arr, int need, int *cap, size_t elem, int first);
/* How many allocations have failed so far (tells an allocation failure
 * inside a library call, such as cJSON's parser, from a refusal). */
unsigned long rg_mem_failures(void);

#endif
