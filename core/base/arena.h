/* Arena memory (arena.c): many small blocks that live as long as a model
 * and are freed together with it. */
#ifndef RG_BASE_ARENA_H
#define RG_BASE_ARENA_H

#include <stddef.h>

typedef struct rg_arena {
    struct rg_chunk *head;
} rg_arena;

/* size bytes, zeroed, 16-byte aligned; NULL when memory ran out or no
 * block of that size can exist (near SIZE_MAX). */
void *rg_arena_alloc(rg_arena *a, size_t size);
/* A copy of s in the arena, or NULL. */
char *rg_arena_strdup(rg_arena *a, const char *s);
void rg_arena_free(rg_arena *a);

#endif
