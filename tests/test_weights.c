/* domwdeg's starting weights on the general path (docs/architecture.md,
 * "Search"): a cell starts at one point and half a point per propagator
 * watching it, leaving out the propagators that watch even the least
 * watched cell and those the root subsumed. The search adds weight only on
 * a failure, so after a run without one the weights are the starting
 * weights. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "search/solver.h"
#include "support.h"

enum { N4 = 16 };

/* Solve doc (a 4 x 4 document) to its first solution with domwdeg at the
 * default level; the weights it started the search with into w (half
 * points), the root's domains into root. The run must not fail anywhere
 * (then no failure added to a weight). */
static void weights_of(const char *doc, uint64_t *w, rg_mask *root)
{
    rg_puzzle *p = t_parse(doc);
    assert_int_equal(rg_puzzle_cells(p), N4);
    rg_options o;
    rg_options_default(&o);
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    assert_int_equal(rg_solver_root(s, p, o.strategy, root), 0);
    rg_result r;
    t_solve(s, p, o.strategy, RG_HEURISTIC_DOMWDEG, 1, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_SOLVED);
    assert_true(r.stats.guesses > 0); /* the search ran, and chose by weight */
    assert_int_equal(r.stats.failures, 0);
    for (int c = 0; c < N4; c++) w[c] = s->wdeg[c];
    rg_solver_free(s);
    rg_puzzle_free(p);
}

#define BOX "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}"
#define HEAD                                                                                       \
    "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,\"digits\":4},"

static int cell(int r, int c) { return (r - 1) * 4 + (c - 1); }

/* A pair the root subsumes (r1c1 is 4, so r1c2 is below it whatever it
 * takes) adds nothing to r1c2's weight; a live pair adds to both its
 * cells'. */
static void subsumed_at_root(void **state)
{
    (void)state;
    uint64_t w[N4];
    rg_mask root[N4];
    weights_of(HEAD "\"rules\":[" BOX ","
                    "{\"type\":\"edge\",\"kind\":\"greater\",\"cells\":[\"r1c1\",\"r1c2\"]},"
                    "{\"type\":\"edge\",\"kind\":\"greater\",\"cells\":[\"r3c3\",\"r3c4\"]}],"
                    "\"givens\":{\"r1c1\":4}}",
               w, root);
    assert_true(root[cell(1, 2)] & (root[cell(1, 2)] - 1)); /* open at the root */
    assert_true(root[cell(3, 3)] & (root[cell(3, 3)] - 1));
    assert_int_equal(w[cell(1, 2)], 2);
    assert_true(w[cell(3, 3)] > 2);
    assert_true(w[cell(3, 4)] > 2);
    assert_int_equal(w[cell(2, 2)], 2); /* watched by nothing */
}

/* Cages over every row: each cell is watched by its row's, and the least
 * watched open cells start at one point, as on a board without cages; a
 * cell on the one pair weighs more. */
static void shared_left_out(void **state)
{
    (void)state;
    uint64_t w[N4];
    rg_mask root[N4];
    weights_of(HEAD
               "\"rules\":[" BOX ","
               "{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\",\"r1c3\",\"r1c4\"],\"sum\":10},"
               "{\"type\":\"cage\",\"cells\":[\"r2c1\",\"r2c2\",\"r2c3\",\"r2c4\"],\"sum\":10},"
               "{\"type\":\"cage\",\"cells\":[\"r3c1\",\"r3c2\",\"r3c3\",\"r3c4\"],\"sum\":10},"
               "{\"type\":\"cage\",\"cells\":[\"r4c1\",\"r4c2\",\"r4c3\",\"r4c4\"],\"sum\":10},"
               "{\"type\":\"edge\",\"kind\":\"greater\",\"cells\":[\"r2c2\",\"r2c3\"]}]}",
               w, root);
    uint64_t least = UINT64_MAX;
    for (int c = 0; c < N4; c++)
        if ((root[c] & (root[c] - 1)) && w[c] < least) least = w[c];
    assert_int_equal(least, 2);
    assert_true(w[cell(2, 2)] > 2);
    assert_true(w[cell(2, 3)] > 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(subsumed_at_root, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(shared_left_out, t_mem_setup, t_mem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
