/* The probing levels (failed-literal probing above subsets, and sac above
 * it) and the lookahead heuristic they feed: names, the same answers as the
 * other levels on classic and variant corpora, fewer guesses than subsets on
 * hard puzzles, killers sac settles without a guess, the counters, and the
 * node and time limits.
 * Random small boards against a brute force: test_engine.c (every level). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* The first n puzzles of a corpus of the source tree (all when n is 0). */
static int load(const char *rel, int n, rg_puzzle **out)
{
    rg_corpus *c = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &c, &err), RG_OK);
    int k = 0;
    rg_puzzle *p;
    while ((n == 0 || k < n) && rg_corpus_next(c, &p, &err) == 1) out[k++] = p;
    assert_int_equal(err.code, RG_OK);
    rg_corpus_close(c);
    return k;
}

static void unload(rg_puzzle **p, int n)
{
    for (int i = 0; i < n; i++) rg_puzzle_free(p[i]);
}

/* Solves the 9 x 9 puzzle q twice, at level sa with heuristic ha into a and
 * at sb with hb into b: both prove it unique with the same solution. */
static void same_unique(rg_solver *s, rg_puzzle *q, int sa, int ha, int sb, int hb, rg_result *a,
                        rg_result *b)
{
    t_solve(s, q, sa, ha, 2, 0, 0, a);
    int sol[81];
    assert_int_equal(a->status, RG_STATUS_UNIQUE);
    memcpy(sol, a->solution, sizeof sol);
    t_solve(s, q, sb, hb, 2, 0, 0, b);
    assert_int_equal(b->status, RG_STATUS_UNIQUE);
    assert_memory_equal(sol, b->solution, sizeof sol);
}

static void named(void **state)
{
    (void)state;
    assert_int_equal(rg_strategy_parse("probe"), RG_STRATEGY_PROBE);
    assert_string_equal(rg_strategy_name(RG_STRATEGY_PROBE), "probe");
    /* Inserted after subsets: the older levels keep their numbers. */
    assert_int_equal(RG_STRATEGY_PROBE, RG_STRATEGY_SUBSETS + 1);
    assert_int_equal(RG_STRATEGY_SUBSETS, 5);
    assert_int_equal(rg_strategy_parse("sac"), RG_STRATEGY_SAC);
    assert_string_equal(rg_strategy_name(RG_STRATEGY_SAC), "sac");
    assert_int_equal(RG_STRATEGY_SAC, RG_STRATEGY_PROBE + 1);
    assert_int_equal(RG_STRATEGY_COUNT, RG_STRATEGY_SAC + 1);
    assert_int_equal(rg_heuristic_parse("lookahead"), RG_HEURISTIC_LOOKAHEAD);
    assert_string_equal(rg_heuristic_name(RG_HEURISTIC_LOOKAHEAD), "lookahead");
    assert_int_equal(RG_HEURISTIC_LOOKAHEAD, RG_HEURISTIC_DOMWDEG + 1);
    rg_options o;
    rg_options_default(&o);
    assert_int_equal(o.strategy, RG_STRATEGY_INTERSECTIONS);
}

/* top1465, first 50: the same unique answer at every propagating level;
 * probing guesses less than subsets in total, and never at all on most. */
static void hard_fewer_guesses(void **state)
{
    (void)state;
    rg_puzzle *p[50];
    int n = load("corpus/classic/puzzles3_magictour_top1465.txt", 50, p);
    assert_int_equal(n, 50);
    rg_solver *s = rg_solver_new();
    uint64_t guesses[RG_STRATEGY_COUNT] = {0};
    int no_guess = 0;
    int sol[81];
    for (int i = 0; i < n; i++) {
        for (int st = RG_STRATEGY_SINGLES; st < RG_STRATEGY_COUNT; st++) {
            rg_result r;
            t_solve(s, p[i], st, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
            assert_int_equal(r.status, RG_STATUS_UNIQUE);
            assert_int_equal(rg_puzzle_check(p[i], r.solution), -1);
            if (st == RG_STRATEGY_SINGLES)
                memcpy(sol, r.solution, sizeof sol);
            else
                assert_memory_equal(sol, r.solution, sizeof sol);
            guesses[st] += r.stats.guesses;
            if (st < RG_STRATEGY_PROBE) {
                assert_int_equal(t_family(&r.stats, "probe", 0), 0);
                continue;
            }
            no_guess += st == RG_STRATEGY_PROBE && r.no_guess;
            /* Probes are calls of the family "probe": they add up with the others. */
            uint64_t calls = 0;
            for (int f = 0; f < r.stats.families; f++) calls += r.stats.family_calls[f];
            assert_true(calls == r.stats.propagations);
        }
    }
    print_message("top1465 first 50, guesses: subsets %llu, probe %llu, sac %llu; probe "
                  "without a guess: %d\n",
                  (unsigned long long)guesses[RG_STRATEGY_SUBSETS],
                  (unsigned long long)guesses[RG_STRATEGY_PROBE],
                  (unsigned long long)guesses[RG_STRATEGY_SAC], no_guess);
    assert_true(guesses[RG_STRATEGY_SAC] <= guesses[RG_STRATEGY_PROBE]);
    assert_true(guesses[RG_STRATEGY_PROBE] < guesses[RG_STRATEGY_SUBSETS]);
    assert_true(2 * guesses[RG_STRATEGY_PROBE] < guesses[RG_STRATEGY_SUBSETS]);
    assert_true(no_guess > n / 2);
    rg_solver_free(s);
    unload(p, n);
}

/* A puzzle subsets cannot finish without guessing, where probing prunes. */
static void probes_counted(void **state)
{
    (void)state;
    rg_puzzle *p[20];
    int n = load("corpus/classic/puzzles6_forum_hardest_1106.txt", 20, p);
    rg_solver *s = rg_solver_new();
    uint64_t sub = 0, pro = 0;
    for (int i = 0; i < n; i++) {
        rg_result a, b;
        same_unique(s, p[i], RG_STRATEGY_SUBSETS, RG_HEURISTIC_DOMWDEG, RG_STRATEGY_PROBE,
                    RG_HEURISTIC_DOMWDEG, &a, &b);
        assert_true(t_family(&b.stats, "probe", 0) > 0);
        assert_true(t_family(&b.stats, "probe", 1) > 0);
        sub += a.stats.guesses;
        pro += b.stats.guesses;
    }
    assert_true(pro < sub);
    rg_solver_free(s);
    unload(p, n);
}

/* Counting many solutions: the union of the branches keeps every solution. */
static void counts_unchanged(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,"
                           "\"columns\":4,\"digits\":4},\"rules\":[{\"type\":\"box_grid\","
                           "\"origin\":\"r1c1\",\"box\":[2,2]}]}");
    for (int st = RG_STRATEGY_PROBE; st <= RG_STRATEGY_SAC; st++)
        for (int h = 0; h < RG_HEURISTIC_COUNT; h++)
            assert_int_equal(t_count(p, st, h, 1000, NULL), 288);
    rg_puzzle_free(p);
    /* A 6x6 with a few givens: the count of every level is the same. */
    p = t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":6,\"columns\":6,"
                "\"digits\":6},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\","
                "\"box\":[2,3]}],\"givens\":{\"r1c1\":1,\"r2c4\":2,\"r3c2\":3,\"r4c6\":4,"
                "\"r5c3\":5,\"r6c5\":6,\"r1c2\":2}}");
    long want = t_count(p, RG_STRATEGY_SUBSETS, RG_HEURISTIC_MRV, 100000, NULL);
    assert_true(want > 1);
    assert_int_equal(t_count(p, RG_STRATEGY_PROBE, RG_HEURISTIC_MRV, 100000, NULL), want);
    assert_int_equal(t_count(p, RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 100000, NULL), want);
    assert_int_equal(t_count(p, RG_STRATEGY_SAC, RG_HEURISTIC_LOOKAHEAD, 100000, NULL), want);
    rg_puzzle_free(p);
}

/* Variant corpora: every puzzle gets the same status and answer as at the
 * default level (the neighbours file has one puzzle with two solutions, its
 * first). Under Valgrind memcheck every other puzzle, from the first. */
static void variants_agree(void **state)
{
    (void)state;
    static const char *const files[] = {
        "corpus/variants/arrow.jsonl",          "corpus/variants/cells.jsonl",
        "corpus/variants/corners.jsonl",        "corpus/variants/thermo.jsonl",
        "corpus/variants/whisper.jsonl",        "corpus/variants/renban.jsonl",
        "corpus/variants/relations.jsonl",      "corpus/variants/neighbours.jsonl",
        "corpus/variants/relations-mixed.jsonl"};
    rg_solver *s = rg_solver_new();
    int total = 0, multiple = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        rg_puzzle *p[64];
        int n = load(files[f], 0, p);
        assert_true(n > 0 && n < 64);
        for (int i = 0; i < n; i += t_memcheck() ? 2 : 1) {
            rg_result a, b;
            t_solve(s, p[i], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
            int cells = rg_puzzle_cells(p[i]);
            int *sol = malloc((size_t)cells * sizeof *sol);
            memcpy(sol, a.solution, (size_t)cells * sizeof *sol);
            t_solve(s, p[i], RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &b);
            if (b.status != a.status)
                fail_msg("%s puzzle %d: probe %s, intersections %s", files[f], i,
                         rg_status_name(b.status), rg_status_name(a.status));
            assert_int_equal(b.solutions, a.solutions);
            if (a.status == RG_STATUS_UNIQUE)
                assert_memory_equal(b.solution, sol, (size_t)cells * sizeof *sol);
            multiple += a.status == RG_STATUS_MULTIPLE;
            free(sol);
            total++;
        }
        unload(p, n);
    }
    assert_true(multiple >= 1);
    print_message("variants: %d puzzles agree (%d with several solutions)\n", total, multiple);
    rg_solver_free(s);
}

/* Killers 2, 3 and 6 of the corpus: the probe level guesses on each, sac
 * (probing every candidate and every place of a digit in a unit, to a
 * fixpoint) settles them without a guess, with the corpus's solution, under
 * every heuristic (under Valgrind memcheck, killer 2 only). */
static void sac_killers(void **state)
{
    (void)state;
    rg_puzzle *p[6];
    assert_int_equal(load("corpus/variants/killer.jsonl", 6, p), 6);
    static const int pick[] = {1, 2, 5};
    rg_solver *s = rg_solver_new();
    const size_t picks = t_memcheck() ? 1 : sizeof pick / sizeof *pick;
    for (size_t k = 0; k < picks; k++) {
        rg_puzzle *q = p[pick[k]];
        rg_result a, b;
        t_solve(s, q, RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
        assert_int_equal(a.status, RG_STATUS_UNIQUE);
        assert_true(a.stats.guesses > 0);
        int sol[81];
        memcpy(sol, a.solution, sizeof sol);
        assert_int_equal(rg_puzzle_check(q, sol), -1);
        for (int h = 0; h < RG_HEURISTIC_COUNT; h++) {
            t_solve(s, q, RG_STRATEGY_SAC, h, 2, 0, 0, &b);
            assert_int_equal(b.status, RG_STATUS_UNIQUE);
            assert_memory_equal(b.solution, sol, sizeof sol);
            assert_int_equal(b.stats.guesses, 0);
            assert_true(b.no_guess);
            /* Probes, all under "probe", and more in sac's one node than
             * the probe level makes in a node on average (it probes only
             * the cells with two or three candidates). (Not more than the
             * probe level in all: sac runs the implied propagators too,
             * and the probe level's search is as long as its luck.) */
            assert_true(t_family(&b.stats, "probe", 0) > 0);
            assert_true(t_family(&b.stats, "probe", 0) >
                        t_family(&a.stats, "probe", 0) / a.stats.nodes);
        }
    }
    rg_solver_free(s);
    unload(p, 6);
}

/* Below the probe level no probe gives an estimate, so lookahead branches
 * exactly as mrv: the same nodes and guesses. At probe and sac it branches
 * on other cells and finds the same answers (counts_unchanged: every
 * solution of many). */
static void lookahead(void **state)
{
    (void)state;
    rg_puzzle *p[10];
    int n = load("corpus/classic/puzzles6_forum_hardest_1106.txt", 10, p);
    rg_solver *s = rg_solver_new();
    uint64_t differ = 0;
    for (int i = 0; i < n; i++) {
        for (int st = RG_STRATEGY_PROPAGATE; st < RG_STRATEGY_COUNT; st++) {
            rg_result a, b;
            same_unique(s, p[i], st, RG_HEURISTIC_MRV, st, RG_HEURISTIC_LOOKAHEAD, &a, &b);
            if (st < RG_STRATEGY_PROBE) {
                assert_int_equal(a.stats.nodes, b.stats.nodes);
                assert_int_equal(a.stats.guesses, b.stats.guesses);
            } else {
                differ += a.stats.nodes != b.stats.nodes;
            }
        }
    }
    assert_true(differ > 0);
    rg_solver_free(s);
    unload(p, n);
}

/* The node and time limits end a probing search with unknown. */
static void limits(void **state)
{
    (void)state;
    rg_puzzle *p[1];
    assert_int_equal(load("corpus/classic/puzzles6_forum_hardest_1106.txt", 1, p), 1);
    rg_solver *s = rg_solver_new();
    rg_result r;
    t_solve(s, p[0], RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 2, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_true(r.stats.nodes <= 2);
    /* The clock is read while probing (the first probed cell reads it). */
    t_solve(s, p[0], RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 0, 1e-9, &r);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_null(r.solution);
    assert_false(r.no_guess);
    /* Without limits the same solver proves it. */
    t_solve(s, p[0], RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    /* Counting the solutions of an empty 16x16 grid never ends: the time
     * limit ends it. */
    rg_puzzle *big = t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":16,"
                             "\"columns\":16,\"digits\":16},\"rules\":[{\"type\":\"box_grid\","
                             "\"origin\":\"r1c1\",\"box\":[4,4]}]}");
    t_solve(s, big, RG_STRATEGY_PROBE, RG_HEURISTIC_DOMWDEG, 1000000000L, 0, 0.05, &r);
    assert_true(r.stopped); /* unknown, or multiple when two were found first */
    assert_int_equal(r.status, r.solutions >= 2 ? RG_STATUS_MULTIPLE : RG_STATUS_UNKNOWN);
    /* sac: the clock ends even the root's sweeps (probing an empty 16x16
     * learns nothing, but each sweep probes every candidate). */
    t_solve(s, big, RG_STRATEGY_SAC, RG_HEURISTIC_LOOKAHEAD, 1000000000L, 0, 0.05, &r);
    assert_true(r.stopped);
    assert_int_equal(r.status, r.solutions >= 2 ? RG_STATUS_MULTIPLE : RG_STATUS_UNKNOWN);
    t_solve(s, p[0], RG_STRATEGY_SAC, RG_HEURISTIC_LOOKAHEAD, 2, 0, 1e-9, &r);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_null(r.solution);
    rg_puzzle_free(big);
    rg_solver_free(s);
    unload(p, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(named, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(hard_fewer_guesses, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(probes_counted, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_unchanged, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(variants_agree, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sac_killers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lookahead, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(limits, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
