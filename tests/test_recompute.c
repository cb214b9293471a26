/* Search memory: on a board whose spaces do not all fit the copy budget the
 * search keeps every k-th depth and recomputes the rest. The search must
 * end exactly as with a copy per depth (status, solutions, the first
 * solution and every counter), at every level and heuristic; and the
 * 99 x 99 board with 32 digits and no rules stays far below 64 MB. */
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

/* Under Valgrind or the sanitizers fewer puzzles per corpus and a lower
 * node limit (probes count toward it: a killer's sac root alone would take
 * seconds). */
static int scaled(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s;
}
static int per_corpus(void) { return scaled() ? 1 : 2; }
static uint64_t node_limit(void) { return scaled() ? 150 : 600; }

/* Every level and heuristic on the first puzzles of corpus: a copy per
 * depth against a budget that keeps a few depths (every 8th or so on a
 * 9 x 9 board) and one that keeps only two. */
static void compare_corpus(const char *rel)
{
    rg_solver *copy = rg_solver_new(), *few = rg_solver_new(), *two = rg_solver_new();
    rg_search_budget(two, 1);
    rg_corpus *c = NULL;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p = NULL;
    int recomputed = 0;
    static int turn; /* on a sample, each corpus takes the other half of the pairs */
    turn++;
    for (int k = 0; k < per_corpus() && rg_corpus_next(c, &p, &err) == 1; k++) {
        for (int level = 0; level < RG_STRATEGY_COUNT; level++)
            for (int h = 0; h < RG_HEURISTIC_COUNT; h++) {
                if (scaled() && (level * RG_HEURISTIC_COUNT + h + turn) % 2) continue;
                rg_result a, b, d;
                /* A first run sizes the copy solver, whose space size
                 * gives a budget of about ten kept depths. */
                t_solve(copy, p, level, h, 2, node_limit(), 0, &a);
                rg_search_budget(few, copy->space_bytes * 10);
                t_solve(few, p, level, h, 2, node_limit(), 0, &b);
                t_solve(two, p, level, h, 2, node_limit(), 0, &d);
                assert_int_equal(copy->every, 1);
                assert_true(few->every > 1 && two->every > few->every);
                char what[160];
                snprintf(what, sizeof what, "%s #%d %s %s", rel, k, rg_strategy_name(level),
                         rg_heuristic_name(h));
                t_same_run(p, &a, &b, what);
                t_same_run(p, &a, &d, what);
                recomputed += a.stats.failures > 0;
            }
        rg_puzzle_free(p);
        p = NULL;
    }
    rg_corpus_close(c);
    assert_true(recomputed > 0); /* some search came back up the path */
    rg_solver_free(copy);
    rg_solver_free(few);
    rg_solver_free(two);
}

static void classic(void **state)
{
    (void)state;
    compare_corpus("corpus/classic/puzzles6_forum_hardest_1106.txt");
}

static void killer(void **state)
{
    (void)state;
    compare_corpus("corpus/variants/killer.jsonl");
}

static void lines_and_relations(void **state)
{
    (void)state;
    compare_corpus("corpus/variants/thermo.jsonl");
    compare_corpus("corpus/variants/relations-mixed.jsonl");
    compare_corpus("corpus/variants/outside.jsonl");
}

/* A propagator that is no function of its space (test.fickle holds for its
 * first 12 runs, then fails every run): copying every depth the search just
 * meets failures, but recomputing a space meets a failure where the first
 * run held, and ends the search with a plugin error. */
static void fickle_propagator(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    const char *dirs[] = {RG_TEST_PLUGIN_DIR "/broken", NULL};
    assert_int_equal(rg_registry_load_default(reg, dirs, rg_builtin_plugin_dir(), &err), RG_OK);
    const char *doc =
        "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,"
        "\"digits\":4},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]},"
        "{\"type\":\"test.fickle\",\"after\":12,\"cells\":[\"r1c1\",\"r2c2\",\"r3c3\",\"r4c4\","
        "\"r1c4\",\"r4c1\",\"r2c3\",\"r3c2\"]}]}";
    for (int budget = 0; budget < 2; budget++) {
        rg_puzzle *p = NULL;
        assert_int_equal(rg_puzzle_parse(reg, doc, strlen(doc), "t", 0, &p, &err), RG_OK);
        rg_solver *s = rg_solver_new();
        if (budget) rg_search_budget(s, 1);
        rg_options o;
        rg_options_default(&o);
        o.strategy = RG_STRATEGY_PROPAGATE;
        o.limit = 1000;
        rg_result r;
        rg_error_clear(&err);
        int rc = rg_solve(s, p, &o, &r, &err);
        if (!budget) {
            assert_int_equal(rc, RG_OK);
            assert_true(r.stats.failures > 0);
        } else {
            assert_true(s->every > 1);
            assert_int_equal(rc, RG_E_PLUGIN);
            assert_non_null(strstr(err.message, "not a function of its space"));
        }
        rg_solver_free(s);
        rg_puzzle_free(p);
    }
    rg_registry_free(reg);
}

/* 99 x 99 cells, 32 digits, no rules: 9,803 depths of about 48 KB each
 * took 472 MB as copies. Everything the library holds after the count
 * (the solver keeps its buffers at their peak) stays under 64 MB. */
static void big_board_memory(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse("{\"format\":\"rulegrid\",\"version\":1,"
                           "\"board\":{\"rows\":99,\"columns\":99,\"digits\":32},\"rules\":[]}");
    rg_solver *s = rg_solver_new();
    size_t before = rg_mem_in_use();
    rg_result r;
    t_solve(s, p, RG_STRATEGY_PROPAGATE, RG_HEURISTIC_MRV, 2, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_MULTIPLE);
    assert_true(s->every > 1);
    size_t held = rg_mem_in_use() - before;
    print_message("99 x 99 x 32: the solver holds %.1f MB (every %d-th depth kept)\n",
                  (double)held / (1 << 20), s->every);
    assert_true(held < (size_t)40 << 20);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(classic, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(killer, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lines_and_relations, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(fickle_propagator, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(big_board_memory, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
