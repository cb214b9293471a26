/* The domwdeg_places heuristic: a node may branch on the places of a
 * digit in a unit (a house of D cells, where each digit goes exactly once)
 * instead of on a cell. The branches are disjoint and cover every
 * solution, so solution counts equal domwdeg's on multi-solution puzzles;
 * the recomputed depths replay a place branch as the assignment it is;
 * without a unit (or below the propagate level) it is domwdeg node for
 * node. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/search.h"
#include "search/solver.h"
#include "support.h"

static const int H_CELL = RG_HEURISTIC_DOMWDEG, H_PLACE = RG_HEURISTIC_DOMWDEG_PLACES;

static void names(void **state)
{
    (void)state;
    assert_int_equal(rg_heuristic_parse("domwdeg_places"), H_PLACE);
    assert_string_equal(rg_heuristic_name(H_PLACE), "domwdeg_places");
    /* appended: the earlier heuristics keep their numbers */
    assert_int_equal(H_PLACE, RG_HEURISTIC_COUNT - 1);
}

static uint64_t rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* A document of a rows x rows board with rules (a JSON array's inside)
 * and the givens given[] (0: none), into buf. */
static void document(char *buf, size_t size, int rows, const char *rules, const int *given)
{
    int n = snprintf(buf, size,
                     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":%d,\"columns\":%d,"
                     "\"digits\":%d},\"rules\":[%s],\"givens\":{",
                     rows, rows, rows, rules);
    const char *sep = "";
    for (int c = 0; c < rows * rows; c++)
        if (given && given[c]) {
            n += snprintf(buf + n, size - (size_t)n, "%s\"r%dc%d\":%d", sep, c / rows + 1,
                          c % rows + 1, given[c]);
            sep = ",";
        }
    snprintf(buf + n, size - (size_t)n, "}}");
}

/* Count p at strategy with heuristic h and value order values (seed 7) up
 * to limit. */
static void count(rg_solver *s, const rg_puzzle *p, int strategy, int h, int values, long limit,
                  rg_result *r)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy;
    o.heuristic = h;
    o.values = values;
    o.seed = 7;
    o.limit = limit;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_solve(s, p, &o, r, &err), RG_OK);
}

/* Random puzzles with many solutions: a solution of the rules alone (a
 * random value order), some of its digits as givens, the solutions
 * counted in full (under the limit) by domwdeg and by domwdeg_places at
 * each level from propagate to subsets, both value orders. */
static void counts_exact(void **state)
{
    (void)state;
    static const struct {
        int rows;
        const char *rules;
        int givens_lo, givens_hi;
    } boards[] = {
        {4, "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}", 0, 4},
        {6, "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,3]}", 6, 12},
        {9, "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}", 24, 32},
        {9,
         "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},"
         "{\"type\":\"region\",\"kind\":\"diagonal\",\"cells\":[\"r1c1\",\"r2c2\",\"r3c3\","
         "\"r4c4\",\"r5c5\",\"r6c6\",\"r7c7\",\"r8c8\",\"r9c9\"]},"
         "{\"type\":\"line\",\"kind\":\"thermo\",\"cells\":[\"r9c4\",\"r8c3\",\"r7c2\"]},"
         "{\"type\":\"cage\",\"cells\":[\"r1c5\",\"r1c6\",\"r2c6\"],\"sum\":12}",
         20, 28},
    };
    const long limit = 200000;
    int rounds = t_rounds(6, 2, 1), multi = 0, differ = 0;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    static char doc[8192];
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++)
        for (int round = 0; round < rounds; round++) {
            int n = boards[k].rows * boards[k].rows, given[81] = {0};
            /* a solution of the rules alone, in a random value order */
            document(doc, sizeof doc, boards[k].rows, boards[k].rules, NULL);
            rg_puzzle *empty = t_parse(doc);
            rg_options o;
            rg_options_default(&o);
            o.values = RG_VALUES_RANDOM;
            o.seed = rng(&x);
            rg_result r;
            rg_error err;
            assert_int_equal(rg_solve(a, empty, &o, &r, &err), RG_OK);
            assert_int_equal(r.status, RG_STATUS_SOLVED);
            int span = boards[k].givens_hi - boards[k].givens_lo + 1;
            int g = boards[k].givens_lo + (int)(rng(&x) % (uint64_t)span);
            for (int i = 0; i < g;) {
                int c = (int)(rng(&x) % (uint64_t)n);
                if (!given[c]) {
                    given[c] = r.solution[c];
                    i++;
                }
            }
            rg_puzzle_free(empty);
            document(doc, sizeof doc, boards[k].rows, boards[k].rules, given);
            rg_puzzle *p = t_parse(doc);
            for (int level = RG_STRATEGY_PROPAGATE; level <= RG_STRATEGY_SUBSETS; level++)
                for (int values = 0; values < RG_VALUES_COUNT; values++) {
                    rg_result ra, rb;
                    count(a, p, level, H_CELL, values, limit, &ra);
                    count(b, p, level, H_PLACE, values, limit, &rb);
                    if (ra.solutions != rb.solutions || ra.status != rb.status)
                        fail_msg("board %zu round %d %s %s: %ld / %ld solutions", k, round,
                                 rg_strategy_name(level), rg_values_name(values), ra.solutions,
                                 rb.solutions);
                    assert_true(ra.solutions < limit);
                    multi += ra.solutions > 1;
                    differ += ra.stats.nodes != rb.stats.nodes;
                }
            rg_puzzle_free(p);
        }
    print_message("%d counts of several solutions, %d with other node counts\n", multi, differ);
    assert_true(multi > 0);
    assert_true(differ > 0); /* place branches were taken */
    rg_solver_free(a);
    rg_solver_free(b);
}

/* The first puzzles of variant corpora, searched deep: a copy per depth
 * against a budget that keeps two depths (every other depth replayed from
 * the frames, place branches among them) give identical counters. */
static void recompute_identical(void **state)
{
    (void)state;
    static const char *corpora[] = {"corpus/variants/renban.jsonl", "corpus/variants/thermo.jsonl",
                                    "corpus/variants/killer.jsonl",
                                    "corpus/variants/relations.jsonl"};
    uint64_t nodes = t_scaled() ? 2000 : 20000;
    int searched = 0;
    for (size_t k = 0; k < sizeof corpora / sizeof *corpora; k++) {
        rg_solver *copy = rg_solver_new(), *two = rg_solver_new();
        rg_search_budget(two, 1);
        rg_corpus *c = NULL;
        rg_error err;
        assert_int_equal(rg_corpus_open(t_registry(), t_src(corpora[k]), NULL, NULL, &c, &err),
                         RG_OK);
        rg_puzzle *p = NULL;
        for (int i = 0; i < 2 && rg_corpus_next(c, &p, &err) == 1; i++) {
            static const int levels[] = {RG_STRATEGY_PROPAGATE, RG_STRATEGY_INTERSECTIONS,
                                         RG_STRATEGY_PROBE};
            for (size_t l = 0; l < sizeof levels / sizeof *levels; l++) {
                rg_result a, b;
                t_solve(copy, p, levels[l], H_PLACE, 2, nodes, 0, &a);
                t_solve(two, p, levels[l], H_PLACE, 2, nodes, 0, &b);
                assert_int_equal(copy->every, 1);
                assert_true(two->every > 1);
                char what[160];
                snprintf(what, sizeof what, "%s #%d %s", corpora[k], i,
                         rg_strategy_name(levels[l]));
                t_same_run(p, &a, &b, what);
                searched += a.stats.failures > 0;
            }
            rg_puzzle_free(p);
            p = NULL;
        }
        rg_corpus_close(c);
        rg_solver_free(copy);
        rg_solver_free(two);
    }
    assert_true(searched > 0);
}

/* Every level below top: domwdeg (solver a) and domwdeg_places (b) count
 * p to the same solutions (all of them) node for node. */
static void same_below(rg_solver *a, rg_solver *b, const rg_puzzle *p, int top, long limit,
                       long solutions)
{
    for (int level = 0; level < top; level++) {
        rg_result ra, rb;
        count(a, p, level, H_CELL, RG_VALUES_ASCENDING, limit, &ra);
        count(b, p, level, H_PLACE, RG_VALUES_ASCENDING, limit, &rb);
        assert_int_equal(ra.solutions, solutions);
        t_same_run(p, &ra, &rb, rg_strategy_name(level));
    }
}

/* No unit (a board without houses of D cells), or a level below propagate:
 * domwdeg_places branches on cells only, node for node as domwdeg. */
static void cells_without_units(void **state)
{
    (void)state;
    static char doc[4096];
    int given[16] = {1, 2, 3, 4, 4, 3, 2, 1};
    /* 4 x 4 with 4 digits, no house, a thermometer of three cells (4 ways):
     * 4^5 * 4 solutions */
    document(doc, sizeof doc, 4,
             "{\"type\":\"line\",\"kind\":\"thermo\",\"cells\":[\"r4c1\",\"r4c2\",\"r4c3\"]}",
             given);
    rg_puzzle *p = t_parse(doc);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    same_below(a, b, p, RG_STRATEGY_PROBE, 100000, 4096);
    rg_puzzle_free(p);
    /* a sudoku below the propagate level: cells too */
    document(doc, sizeof doc, 4, "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}", NULL);
    p = t_parse(doc);
    same_below(a, b, p, RG_STRATEGY_PROPAGATE, 1000, 288);
    rg_puzzle_free(p);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* The classic fast path implements mrv and domwdeg only: a classic 9 x 9
 * puzzle under domwdeg_places goes the general way, and is proved unique. */
static void classic_general_path(void **state)
{
    (void)state;
    rg_puzzle *p = t_read("examples/classic.json");
    rg_solver *s = rg_solver_new();
    rg_result r;
    t_solve(s, p, RG_STRATEGY_INTERSECTIONS, H_PLACE, 2, 0, 0, &r);
    assert_int_equal(rg_solver_fast_path_used(s), 0);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    t_solve(s, p, RG_STRATEGY_INTERSECTIONS, H_CELL, 2, 0, 0, &r);
    assert_int_equal(rg_solver_fast_path_used(s), 1);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(names, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(recompute_identical, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(cells_without_units, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(classic_general_path, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
