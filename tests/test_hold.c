/* A root holds the propagators of the dearest class (RG_COST_GLOBAL: of
 * the built-in plugins, the killers' derived signed sums) back until the queue
 * first runs empty (search/propagate.c, docs/architecture.md): the model
 * keeps each cell's watch entries in three runs, and holding back must
 * give exactly the runs that queueing them from the start gives (status,
 * solution, every counter), at every level, with and without the puzzles
 * solved at the root, and the hold must be over after every root, failed,
 * solved or searched on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "model/record.h"
#include "search/solver.h"
#include "support.h"

static int bit(const uint32_t *bits, int p) { return (bits[p >> 5] >> (p & 31)) & 1u; }

/* Every cell's entries: the main ones of the cheaper classes, then the main
 * ones of the dearest, then the implied ones, each run in propagator order.
 * Returns how many entries the middle runs hold in all. */
static long check_runs(const rg_model *m)
{
    long global = 0;
    for (int c = 0; c < m->board.ncells; c++) {
        int a = m->watch_off[c], b = m->watch_cheap[c], i = m->watch_main[c],
            e = m->watch_off[c + 1];
        assert_true(a <= b && b <= i && i <= e);
        for (int w = a; w < e; w++) {
            int p = m->watch_prop[w];
            int run = w < b ? 0 : w < i ? 1 : 2;
            assert_int_equal(bit(m->implied, p), run == 2);
            if (run < 2) assert_int_equal(bit(m->global, p), run == 1);
            if (w > a && w != b && w != i) assert_true(m->watch_prop[w - 1] < p);
            assert_int_equal(bit(m->global, p), m->props[p].def.cost == RG_COST_GLOBAL);
        }
        global += i - b;
    }
    return global;
}

static void test_watch_runs(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load("corpus/variants/killer.jsonl", 5, &n);
    long global = 0;
    for (int i = 0; i < n; i++) {
        assert_true(v[i]->model->nglobal > 0);
        global += check_runs(v[i]->model);
    }
    assert_true(global > 0);
    t_corpus_unload(v, n);
    /* Without a propagator of the dearest class the middle run is empty. */
    v = t_corpus_load("corpus/variants/thermo.jsonl", 100, &n);
    assert_int_equal(v[0]->model->nglobal, 0);
    assert_int_equal(check_runs(v[0]->model), 0);
    t_corpus_unload(v, n);
}

/* The hold is over: nothing held back, the wake loops at their whole
 * length (rg_globals_held compares the two ends). */
static void assert_released(const rg_solver *s) { assert_false(rg_globals_held(s)); }

/* Each level and heuristic on every step-th puzzle of rel: held back and
 * queued from the start alike. Returns the runs that held back. */
static int same_runs(const char *rel, int step)
{
    static const int levels[] = {RG_STRATEGY_PROPAGATE,     RG_STRATEGY_SINGLES,
                                 RG_STRATEGY_INTERSECTIONS, RG_STRATEGY_SUBSETS,
                                 RG_STRATEGY_PROBE,         RG_STRATEGY_SAC};
    const uint64_t nodes = t_scaled() ? 150 : 1500;
    int n, held = 0;
    rg_puzzle **v = t_corpus_load(rel, t_scaled() ? 3 * step : step, &n);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    assert_true(a && b);
    rg_solver_hold_global(b, 0);
    for (int i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof levels / sizeof *levels; k++)
            for (int h = 0; h < 2; h++) {
                int heuristic = h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG;
                rg_result ra, rb;
                t_solve(a, v[i], levels[k], heuristic, 2, nodes, 0, &ra);
                t_solve(b, v[i], levels[k], heuristic, 2, nodes, 0, &rb);
                char what[160];
                snprintf(what, sizeof what, "%s puzzle %d level %d heuristic %d", rel, i * step,
                         levels[k], heuristic);
                t_same_run(v[i], &ra, &rb, what);
                assert_released(a);
                assert_int_equal(b->defer_global, 0);
                held += a->defer_global;
            }
    rg_solver_free(a);
    rg_solver_free(b);
    t_corpus_unload(v, n);
    return held;
}

static void test_same_killers(void **state)
{
    (void)state;
    assert_true(same_runs("corpus/variants/killer.jsonl", 4) > 0);
}

/* The long killers too, cut off by the node limit alike. */
static void test_same_hard_killers(void **state)
{
    (void)state;
    assert_true(same_runs("corpus/variants/killer-hard.jsonl", 3) > 0);
}

/* A model without the dearest class holds nothing back and runs as
 * before. */
static void test_nothing_held(void **state)
{
    (void)state;
    assert_int_equal(same_runs("corpus/variants/lines.jsonl", 4), 0);
}

/* The root's fixpoint itself (rg_solver_root propagates to the end, the
 * dearest propagators included) is the same held back or not. */
static void test_same_roots(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load("corpus/variants/killer.jsonl", t_scaled() ? 6 : 2, &n);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    assert_true(a && b);
    rg_solver_hold_global(b, 0);
    for (int i = 0; i < n; i++) {
        int N = rg_puzzle_cells(v[i]);
        rg_mask *x = calloc((size_t)N, sizeof *x), *y = calloc((size_t)N, sizeof *y);
        assert_true(x && y);
        assert_int_equal(rg_solver_root(a, v[i], RG_STRATEGY_INTERSECTIONS, x),
                         rg_solver_root(b, v[i], RG_STRATEGY_INTERSECTIONS, y));
        assert_memory_equal(x, y, (size_t)N * sizeof *x);
        assert_int_equal(a->defer_global, 1);
        assert_released(a);
        free(x);
        free(y);
    }
    rg_solver_free(a);
    rg_solver_free(b);
    t_corpus_unload(v, n);
}

/* When it holds back: below sac on a model with the dearest class, not at
 * sac where the implied propagators' entries follow (a killer has some),
 * not on a model without that class. And a root that fails before the
 * queue runs empty ends the hold too. */
static void test_when(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load("corpus/variants/killer.jsonl", 100, &n);
    assert_int_equal(n, 1);
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    rg_result r;
    t_solve(s, v[0], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 50, 0, &r);
    assert_int_equal(s->defer_global, 1);
    assert_released(s);
    t_solve(s, v[0], RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 50, 0, &r);
    assert_int_equal(s->defer_global, 1);
    t_solve(s, v[0], RG_STRATEGY_SAC, RG_HEURISTIC_DOMWDEG, 2, 5, 0, &r);
    assert_int_equal(s->defer_global, 0);
    assert_released(s);
    rg_solver_set_implied(s, 1);
    t_solve(s, v[0], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 50, 0, &r);
    assert_int_equal(s->defer_global, 0);
    rg_solver_set_implied(s, 0);
    t_corpus_unload(v, n);

    /* A root-solved killer with a wrong given that the cheaper propagators
     * refute at the root, its signed sums still held back (the first such
     * given in cell and digit order: most wrong digits lie outside their
     * cell's cage). */
    v = t_corpus_load("corpus/variants/killer.jsonl", 1, &n);
    const rg_puzzle *solved = v[20];
    assert_true(solved->model->nglobal > 0 && solved->solution);
    int N = rg_puzzle_cells(solved), found = 0;
    int *givens = calloc((size_t)N, sizeof *givens);
    assert_non_null(givens);
    for (int c = 0; c < N && !found; c++)
        for (int d = 1; d <= 9 && !found; d++) {
            if (d == solved->solution[c]) continue;
            memset(givens, 0, (size_t)N * sizeof *givens);
            givens[c] = d;
            rg_puzzle *p;
            rg_error err;
            assert_int_equal(rg_record_copy(solved, givens, &p, &err), RG_OK);
            t_solve(s, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 50, 0, &r);
            assert_int_equal(r.status, RG_STATUS_NONE);
            assert_int_equal(s->defer_global, 1);
            assert_released(s);
            found = r.stats.nodes == 1; /* the root alone */
            rg_record_free(p);
        }
    assert_true(found);
    free(givens);
    t_corpus_unload(v, n);
    rg_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_watch_runs, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_same_killers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_same_hard_killers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_nothing_held, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_same_roots, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_when, t_mem_setup, t_mem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
