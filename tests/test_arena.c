/* Tests of core/base/arena.c: blocks zeroed and aligned, large blocks in
 * chunks of their own, sizes no block can have refused instead of wrapping
 * around, and everything returned when the arena is freed. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blocks_zeroed_and_aligned),
        cmocka_unit_test(impossible_sizes_refused),
        cmocka_unit_test(out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
