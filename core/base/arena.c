/* Arena memory for a model: many small blocks freed together with it. */
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "base/mem.h"

struct rg_chunk {
    struct rg_chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
};

#define CHUNK_MIN 8192

/* The largest block: with the rounding to 16 and the chunk's header it
 * still fits in a size_t (the allocation hook refuses it anyway). */
#define ARENA_MAX (SIZE_MAX - sizeof(struct rg_chunk) - 15)

void *rg_arena_alloc(rg_arena *a, size_t size)
{
    if (size > ARENA_MAX) return NULL;
    size = (size + 15) & ~(size_t)15;
    if (size == 0) size = 16;
    struct rg_chunk *c = a->head;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > CHUNK_MIN ? size : CHUNK_MIN;
        c = rg_mem_alloc(sizeof *c + cap);
        if (!c) return NULL;
        c->used = 0;
        c->cap = cap;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *rg_arena_strdup(rg_arena *a, const char *s)
{
    char *d = rg_arena_alloc(a, strlen(s) + 1);
    if (d) strcpy(d, s);
    return d;
}

void rg_arena_free(rg_arena *a)
{
    struct rg_chunk *c = a->head;
    while (c) {
        struct rg_chunk *n = c->next;
        rg_mem_free(c);
        c = n;
    }
    a->head = NULL;
}
