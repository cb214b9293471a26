/* The board walks and the plugins' narrowings wake a cell's propagators
 * four watch entries at a time where the model's cells have two or more
 * watchers on average (search/space.h rg_space_wake4, chosen by the
 * model's watch_wide): which models
 * take it, and that it queues what the loop one entry at a time queues,
 * in the same order, so that every run ends alike (status, solution,
 * every counter) at every level. The lanes past a cell's last entry take a filler that reads
 * as queued, so the runs must also agree where most lanes are filler (the
 * models of one or two watchers a cell, forced wide), and the filler must
 * stay queued through every run. */
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

/* Every step-th puzzle of rel (a third as many when scaled), each at every
 * level and both heuristics, solved with the model's own wake loop and
 * with the other one: the same runs. Returns how many of the models are
 * wide. */
static int same_runs(const char *rel, int step)
{
    static const int levels[] = {RG_STRATEGY_PROPAGATE, RG_STRATEGY_SINGLES,
                                 RG_STRATEGY_INTERSECTIONS, RG_STRATEGY_SUBSETS, RG_STRATEGY_SAC};
    const uint64_t nodes = t_scaled() ? 150 : 1500;
    int n, wide = 0;
    rg_puzzle **v = t_corpus_load(rel, t_scaled() ? 3 * step : step, &n);
    assert_true(n > 0);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    assert_true(a && b);
    for (int i = 0; i < n; i++) {
        rg_model *m = v[i]->model;
        const int own = m->watch_wide;
        wide += own;
        for (size_t k = 0; k < sizeof levels / sizeof *levels; k++)
            for (int h = 0; h < 2; h++) {
                int heuristic = h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG;
                rg_result ra, rb;
                m->watch_wide = own;
                t_solve(a, v[i], levels[k], heuristic, 2, nodes, 0, &ra);
                assert_int_equal(a->queued[m->nprops], 1);
                m->watch_wide = !own;
                t_solve(b, v[i], levels[k], heuristic, 2, nodes, 0, &rb);
                assert_int_equal(b->queued[m->nprops], 1);
                char what[160];
                snprintf(what, sizeof what, "%s puzzle %d level %d heuristic %d", rel, i * step,
                         levels[k], heuristic);
                t_same_run(v[i], &ra, &rb, what);
            }
        m->watch_wide = own;
    }
    rg_solver_free(a);
    rg_solver_free(b);
    t_corpus_unload(v, n);
    return wide;
}

/* Killers: two to six watch entries a watched cell. */
static void test_killers(void **state)
{
    (void)state;
    assert_true(same_runs("corpus/variants/killer.jsonl", 3) > 0);
}

/* One or two a cell: one entry at a time, and the same runs forced wide,
 * where most lanes are the filler. */
static void test_lines(void **state)
{
    (void)state;
    assert_int_equal(same_runs("corpus/variants/lines.jsonl", 3), 0);
}

static void test_relations(void **state)
{
    (void)state;
    assert_int_equal(same_runs("corpus/variants/relations.jsonl", 2), 0);
}

/* A model whose cells nothing watches (houses alone) is not wide. */
static void test_houses_alone(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load("corpus/variants/cells.jsonl", 1, &n);
    int unwatched = 0;
    for (int i = 0; i < n; i++) {
        const rg_model *m = v[i]->model;
        int watched = 0;
        for (int c = 0; c < m->board.ncells; c++) watched += m->watch_main[c] > m->watch_off[c];
        if (watched) continue;
        unwatched++;
        assert_int_equal(m->watch_wide, 0);
    }
    assert_true(unwatched > 0);
    t_corpus_unload(v, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_killers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_lines, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_relations, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_houses_alone, t_mem_setup, t_mem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
