/* Tests of core/base/arena.c: blocks zeroed and aligned, large blocks in
 * chunks of their own, sizes no block can have refused instead of wrapping
 * around, and everything returned when the arena is freed; and of the byte
 * count of core/base/mem.c over threads. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/arena.h"
#include "rulegrid/rulegrid.h"

static void blocks_zeroed_and_aligned(void **state)
{
    (void)state;
    rg_arena a = {NULL};
    for (size_t size = 0; size < 300; size += 7) {
        unsigned char *p = rg_arena_alloc(&a, size);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % 16, 0);
        for (size_t i = 0; i < size; i++) assert_int_equal(p[i], 0);
        memset(p, 0xAB, size);
    }
    unsigned char *big = rg_arena_alloc(&a, 100000); /* larger than a chunk */
    assert_non_null(big);
    assert_int_equal(big[99999], 0);
    assert_string_equal(rg_arena_strdup(&a, "r1c1"), "r1c1");
    rg_arena_free(&a);
    assert_null(a.head);
    assert_int_equal(rg_mem_in_use(), 0);
}

/* A size near SIZE_MAX used to wrap around when rounded up or when the
 * chunk header was added: a small block came back (or the memset of the
 * full size overran the heap). */
static void impossible_sizes_refused(void **state)
{
    (void)state;
    rg_arena a = {NULL};
    assert_non_null(rg_arena_alloc(&a, 10)); /* a chunk with room left */
    static const size_t sizes[] = {SIZE_MAX,      SIZE_MAX - 1,  SIZE_MAX - 15,   SIZE_MAX - 20,
                                   SIZE_MAX - 47, SIZE_MAX - 64, SIZE_MAX / 2 + 1};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        assert_null(rg_arena_alloc(&a, sizes[i]));
    assert_non_null(rg_arena_alloc(&a, 10)); /* the arena still works */
    rg_arena_free(&a);
    assert_int_equal(rg_mem_in_use(), 0);
}

static void out_of_memory(void **state)
{
    (void)state;
    rg_arena a = {NULL};
    rg_mem_fail_after(1);
    assert_null(rg_arena_alloc(&a, 10));
    rg_mem_fail_after(1);
    assert_null(rg_arena_strdup(&a, "r1c1"));
    rg_mem_fail_after(0);
    rg_arena_free(&a);
    assert_int_equal(rg_mem_in_use(), 0);
}

/* More threads than the byte count has shards (32), so that some share one. */
#define THREADS 40

typedef struct work {
    rg_arena a;
    int fill; /* 1: fill the arena; 0: free it */
    int ok;
} work;

static void *on_thread(void *arg)
{
    work *w = arg;
    if (w->fill) {
        w->ok = 1;
        for (int k = 0; k < 200; k++) w->ok &= rg_arena_alloc(&w->a, 64 + (size_t)k * 40) != NULL;
    } else {
        rg_arena_free(&w->a);
    }
    return NULL;
}

/* Each step on THREADS threads at once: blocks made on some threads and
 * freed on others (the count of the thread that frees goes below zero) still
 * add up to the bytes held, and to zero at the end. */
static void bytes_counted_over_threads(void **state)
{
    (void)state;
    static work w[THREADS];
    pthread_t t[THREADS];
    memset(w, 0, sizeof w);
    for (int step = 0; step < 2; step++) {
        for (int k = 0; k < THREADS; k++) {
            w[k].fill = step == 0;
            assert_int_equal(pthread_create(&t[k], NULL, on_thread, &w[k]), 0);
        }
        for (int k = 0; k < THREADS; k++) assert_int_equal(pthread_join(t[k], NULL), 0);
        if (step == 0) {
            for (int k = 0; k < THREADS; k++) assert_true(w[k].ok);
            /* At least the blocks asked for: 200 of 64 + 40 k bytes a thread. */
            assert_true(rg_mem_in_use() >= (size_t)THREADS * (200 * 64 + 40 * 199 * 200 / 2));
        }
    }
    assert_int_equal(rg_mem_in_use(), 0);
    /* The other way round: filled here, freed on the threads. */
    for (int k = 0; k < THREADS; k++) {
        w[k].fill = 1;
        on_thread(&w[k]);
        w[k].fill = 0;
    }
    assert_true(rg_mem_in_use() > 0);
    for (int k = 0; k < THREADS; k++)
        assert_int_equal(pthread_create(&t[k], NULL, on_thread, &w[k]), 0);
    for (int k = 0; k < THREADS; k++) assert_int_equal(pthread_join(t[k], NULL), 0);
    assert_int_equal(rg_mem_in_use(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blocks_zeroed_and_aligned),
        cmocka_unit_test(impossible_sizes_refused),
        cmocka_unit_test(out_of_memory),
        cmocka_unit_test(bytes_counted_over_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
