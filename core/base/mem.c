/* The allocation hook: every byte the library holds is counted here, so tests
 * can end with zero bytes held and make the n-th allocation fail on demand.
 *
 * The count is kept in shards, one cache line each, and a thread adds to its
 * own: with one shared counter, threads that search side by side (rulegrid
 * -j, rulegrid-bench -j) would pass its line between cores on every
 * allocation and free. A block freed by another thread than the one that
 * made it takes its bytes off that thread's shard, which may then go below
 * zero: the sum over the shards, modulo 2^64, is still the bytes held. */
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "rulegrid/rulegrid.h"

/* Each block carries its size in a header kept 16-byte aligned. */
#define HDR 16

#define SHARDS 32

typedef struct shard {
    _Alignas(64) atomic_size_t bytes;
} shard;

static shard in_use[SHARDS];
static atomic_uint shards_given;         /* threads given a shard so far */
static _Thread_local atomic_size_t *own; /* this thread's shard */

static _Alignas(64) atomic_long fail_countdown; /* 0: off; n: the n-th allocation from now fails */
static atomic_ulong failures;                   /* allocations refused so far */

static atomic_size_t *own_shard(void)
{
    if (!own)
        own = &in_use[atomic_fetch_add_explicit(&shards_given, 1, memory_order_relaxed) % SHARDS]
                   .bytes;
    return own;
}

static void count(size_t add, size_t sub)
{
    atomic_size_t *c = own_shard();
    atomic_fetch_add_explicit(c, add - sub, memory_order_relaxed);
}

size_t rg_mem_in_use(void)
{
    size_t sum = 0;
    for (int k = 0; k < SHARDS; k++) sum += atomic_load(&in_use[k].bytes);
    return sum;
}

unsigned long rg_mem_failures(void) { return atomic_load(&failures); }

void rg_mem_fail_after(long n) { atomic_store(&fail_countdown, n); }

static int injected_failure(void)
{
    long n = atomic_load(&fail_countdown);
    while (n > 0) {
        if (atomic_compare_exchange_weak(&fail_countdown, &n, n - 1)) return n == 1;
    }
    return 0;
}

/* No object may be larger than PTRDIFF_MAX (malloc refuses it too): such a
 * size fails here, before the allocator sees a value that tools such as
 * Valgrind take for a negative one. */
#define MEM_MAX ((size_t)PTRDIFF_MAX - HDR)

void *rg_mem_alloc(size_t size)
{
    unsigned char *p = size > MEM_MAX || injected_failure() ? NULL : malloc(size + HDR);
    if (!p) {
        atomic_fetch_add(&failures, 1);
        return NULL;
    }
    memcpy(p, &size, sizeof size);
    count(size, 0);
    return p + HDR;
}

void *rg_mem_calloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) {
        atomic_fetch_add(&failures, 1);
        return NULL;
    }
    void *p = rg_mem_alloc(n * size);
    if (p) memset(p, 0, n * size);
    return p;
}

void rg_mem_free(void *p)
{
    if (!p) return;
    unsigned char *q = (unsigned char *)p - HDR;
    size_t size;
    memcpy(&size, q, sizeof size);
    count(0, size);
    free(q);
}

void *rg_mem_realloc(void *p, size_t size)
{
    if (!p) return rg_mem_alloc(size);
    unsigned char *q = (unsigned char *)p - HDR;
    size_t old;
    memcpy(&old, q, sizeof old);
    unsigned char *r = size > MEM_MAX || injected_failure() ? NULL : realloc(q, size + HDR);
    if (!r) {
        atomic_fetch_add(&failures, 1);
        return NULL;
    }
    memcpy(r, &size, sizeof size);
    count(size, old);
    return r + HDR;
}

char *rg_mem_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = rg_mem_alloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* Strings the library hands out (rg_puzzle_write, rg_generate_clues). */
void rg_string_free(char *s) { rg_mem_free(s); }

void *rg_mem_grow(void *arr, int need, int *cap, size_t elem, int first)
{
    if (need <= *cap) return arr;
    long grown = *cap ? *cap : first;
    while (grown < need) grown *= 2;
    if (grown > INT_MAX) return NULL;
    void *p = rg_mem_realloc(arr, (size_t)grown * elem);
    if (p) *cap = (int)grown;
    return p;
}
