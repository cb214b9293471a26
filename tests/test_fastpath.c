/* The classic fast path (core/search/fast.c) against the general path: on
 * every classic corpus the same status, solution and no_guess at singles
 * and intersections (and, with mrv, the same search tree: the same nodes
 * and guesses); the same propagated domains from random partial grids;
 * the same counts of puzzles with many solutions; no solution; the node and
 * time limits; and which models and options take the fast path.
 * RULEGRID_TEST_SCALE (Valgrind, sanitizers) takes every 10th puzzle of the
 * corpora (every 40th of the hardest lists) and fewer random rounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/record.h"
#include "search/fast.h"
#include "search/solver.h"
#include "support.h"

static const char *const corpora[] = {
    "corpus/classic/puzzles2_17_clue_1000.txt",
    "corpus/classic/puzzles3_magictour_top1465.txt",
    "corpus/classic/puzzles5_forum_hardest_1905_11+_1000.txt",
    "corpus/classic/puzzles6_forum_hardest_1106.txt",
    "corpus/classic/tdoku_test_puzzles.txt",
};

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static unsigned rnd(unsigned n) { return t_rand(&rng_state, n); }

static rg_puzzle *with_givens(const rg_puzzle *p, const int *givens)
{
    rg_puzzle *q = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_record_copy(p, givens, &q, &err), RG_OK);
    return q;
}

/* Two solvers: fast (the default) and general (fast path off). */
typedef struct pair {
    rg_solver *fast, *general;
} pair;

static pair pair_new(void)
{
    pair s = {rg_solver_new(), rg_solver_new()};
    assert_non_null(s.fast);
    assert_non_null(s.general);
    rg_solver_set_fast_path(s.general, 0);
    return s;
}

static void pair_free(pair *s)
{
    rg_solver_free(s->fast);
    rg_solver_free(s->general);
}

/* Solve p both ways under o; the answers must agree (and, with mrv, the
 * search trees). Returns the fast path's solution count. */
static long both(pair *s, const rg_puzzle *p, const rg_options *o, int expect_fast)
{
    rg_result a, b;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_solve(s->fast, p, o, &a, &err), RG_OK);
    assert_int_equal(rg_solver_fast_path_used(s->fast), expect_fast);
    int *sol = NULL;
    if (a.solution) {
        sol = malloc(81 * sizeof *sol);
        assert_non_null(sol);
        memcpy(sol, a.solution, 81 * sizeof *sol);
    }
    assert_int_equal(rg_solve(s->general, p, o, &b, &err), RG_OK);
    assert_int_equal(rg_solver_fast_path_used(s->general), 0);
    assert_int_equal(a.status, b.status);
    assert_int_equal(a.solutions, b.solutions);
    assert_int_equal(a.no_guess, b.no_guess);
    assert_int_equal(a.broken_rule, b.broken_rule);
    assert_int_equal(a.solution == NULL, b.solution == NULL);
    if (sol && a.status != RG_STATUS_MULTIPLE)
        assert_memory_equal(sol, b.solution, 81 * sizeof *sol);
    if (o->heuristic == RG_HEURISTIC_MRV) {
        /* the same fixpoints and the same cell choice: the same tree */
        assert_int_equal(a.stats.nodes, b.stats.nodes);
        assert_int_equal(a.stats.guesses, b.stats.guesses);
        if (sol) assert_memory_equal(sol, b.solution, 81 * sizeof *sol);
    }
    assert_true(a.stats.nodes >= 1);
    assert_true(a.stats.guesses <= a.stats.nodes);
    free(sol);
    return a.solutions;
}

static void opts(rg_options *o, int strategy, int heuristic, long limit)
{
    rg_options_default(o);
    o->strategy = strategy;
    o->heuristic = heuristic;
    o->limit = limit;
}

/* Every corpus at singles and intersections, domwdeg and mrv, proving
 * uniqueness; the no-guess share at each level is the general path's. */
static void test_corpora(void **state)
{
    (void)state;
    pair s = pair_new();
    for (size_t k = 0; k < sizeof corpora / sizeof *corpora; k++) {
        int n, hard = strstr(corpora[k], "hardest") != NULL;
        int step = t_scaled() ? (hard ? 40 : 10) : 1;
        rg_puzzle **v = t_corpus_load(corpora[k], step, &n);
        assert_true(n > 0);
        for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++) {
            for (int h = 0; h < 2; h++) {
                rg_options o;
                opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, 2);
                o.values = h && k == 0 ? RG_VALUES_RANDOM : RG_VALUES_ASCENDING;
                for (int i = 0; i < n; i++) {
                    o.seed = (uint64_t)i;
                    both(&s, v[i], &o, 1);
                }
            }
        }
        t_corpus_unload(v, n);
    }
    pair_free(&s);
}

/* The two builds of the fast path's search (fast_solve.h: the baseline
 * and, on x86-64, AVX2) make the same search: the same answers, nodes,
 * guesses, failures and family counters, on every corpus at both levels
 * and both heuristics. Where the processor has no AVX2 the baseline is
 * what runs, whatever the switch says. */
static void test_builds(void **state)
{
    (void)state;
    rg_solver *wide = rg_solver_new(), *base = rg_solver_new();
    assert_non_null(wide);
    assert_non_null(base);
    rg_fast_set_baseline(base, 1);
    long compared = 0;
    for (size_t k = 0; k < sizeof corpora / sizeof *corpora; k++) {
        int n, hard = strstr(corpora[k], "hardest") != NULL;
        int step = (t_scaled() ? 10 : 1) * (hard ? 8 : 4);
        rg_puzzle **v = t_corpus_load(corpora[k], step, &n);
        for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++)
            for (int h = 0; h < 2; h++)
                for (int i = 0; i < n; i++) {
                    rg_options o;
                    opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, 2);
                    rg_result a, b;
                    rg_error err;
                    rg_error_clear(&err);
                    assert_int_equal(rg_solve(wide, v[i], &o, &a, &err), RG_OK);
                    int *sol = NULL;
                    if (a.solution) {
                        sol = malloc(81 * sizeof *sol);
                        assert_non_null(sol);
                        memcpy(sol, a.solution, 81 * sizeof *sol);
                    }
                    assert_int_equal(rg_solve(base, v[i], &o, &b, &err), RG_OK);
                    assert_int_equal(rg_solver_fast_path_used(wide), 1);
                    assert_int_equal(rg_solver_fast_path_used(base), 1);
                    assert_int_equal(a.status, b.status);
                    assert_int_equal(a.solutions, b.solutions);
                    assert_int_equal(a.no_guess, b.no_guess);
                    assert_int_equal(a.solution == NULL, b.solution == NULL);
                    if (sol) assert_memory_equal(sol, b.solution, 81 * sizeof *sol);
                    free(sol);
                    assert_int_equal(a.stats.nodes, b.stats.nodes);
                    assert_int_equal(a.stats.guesses, b.stats.guesses);
                    assert_int_equal(a.stats.failures, b.stats.failures);
                    assert_memory_equal(a.stats.family_calls, b.stats.family_calls,
                                        sizeof a.stats.family_calls);
                    assert_memory_equal(a.stats.family_prunings, b.stats.family_prunings,
                                        sizeof a.stats.family_prunings);
                    compared++;
                }
        t_corpus_unload(v, n);
    }
    assert_true(compared > 100);
    if (!rg_fast_has_avx2())
        print_message("no AVX2 build or processor here: both solvers ran the baseline\n");
    rg_solver_free(wide);
    rg_solver_free(base);
}

/* The propagated domains from random partial grids (a puzzle's givens plus
 * random digits in random cells, contradictions allowed): the same
 * fixpoint, or a failure on both paths. */
static void test_fixpoints(void **state)
{
    (void)state;
    int n, rounds = t_scaled() ? 100 : 1500, failed = 0, solved = 0;
    rg_puzzle **v = t_corpus_load(corpora[0], 10, &n);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    for (int t = 0; t < rounds; t++) {
        int g[81];
        memcpy(g, rg_puzzle_givens(v[rnd((unsigned)n)]), sizeof g);
        for (int c = 0; c < 81; c++)
            if (rnd(10) < 4) g[c] = 0;
        rg_puzzle *p = with_givens(v[0], g);
        rg_mask start[81], da[81], db[81];
        for (int c = 0; c < 81; c++) start[c] = 0x1FF;
        for (int k = (int)rnd(4); k > 0; k--) start[rnd(81)] = 1u << rnd(9);
        for (int k = (int)rnd(30); k > 0; k--) start[rnd(81)] &= ~(1u << rnd(9));
        int level = t % 2 ? RG_STRATEGY_INTERSECTIONS : RG_STRATEGY_SINGLES;
        int ra = rg_solver_fast_narrow(a, p, level, start, da);
        int rb = rg_solver_narrow(b, p, level, start, db);
        assert_int_equal(ra, rb);
        if (ra == 0) {
            assert_memory_equal(da, db, sizeof da);
            int all = 1;
            for (int c = 0; c < 81; c++) all &= (da[c] & (da[c] - 1)) == 0;
            solved += all;
        } else {
            failed++;
        }
        rg_puzzle_free(p);
    }
    /* the rounds reach both outcomes */
    assert_true(failed > rounds / 20);
    assert_true(failed < rounds - rounds / 20);
    print_message("%d of %d rounds failed, %d solved\n", failed, rounds, solved);
    rg_solver_free(a);
    rg_solver_free(b);
    t_corpus_unload(v, n);
}

/* Puzzles with many solutions (givens removed from unique ones, or random
 * partial grids of a solution): the same count up to a high limit. */
static void test_counts(void **state)
{
    (void)state;
    int n, rounds = t_scaled() ? 6 : 60;
    long many = 0;
    rg_puzzle **v = t_corpus_load(corpora[1], 20, &n);
    pair s = pair_new();
    for (int t = 0; t < rounds; t++) {
        const rg_puzzle *p = v[t % n];
        int g[81];
        memcpy(g, rg_puzzle_givens(p), sizeof g);
        if (t % 2) {
            for (int k = 1 + (int)rnd(4); k > 0; k--) g[rnd(81)] = 0;
        } else {
            /* random cells of the puzzle's solution */
            rg_result r;
            t_solve(s.general, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 1, 0, 0, &r);
            assert_non_null(r.solution);
            for (int c = 0; c < 81; c++) g[c] = rnd(100) < 24 ? r.solution[c] : 0;
        }
        rg_puzzle *q = with_givens(p, g);
        rg_options o;
        opts(&o, t % 4 < 2 ? RG_STRATEGY_INTERSECTIONS : RG_STRATEGY_SINGLES,
             t % 3 ? RG_HEURISTIC_DOMWDEG : RG_HEURISTIC_MRV, 2000);
        long c = both(&s, q, &o, 1);
        assert_true(c >= 1);
        many += c > 1;
        rg_puzzle_free(q);
    }
    assert_true(many >= rounds / 4);
    t_corpus_unload(v, n);
    pair_free(&s);
}

/* Two digits whose hidden singles fall on the same cell (hidden singles
 * look at two digits at once): 1 can only go in r1c1 of row 1 and 2 only
 * in r1c1 of column 1. The root fails on both paths, at once (under mrv
 * the same tree: no node searched), and no digit is placed in a cell
 * another digit already took. */
static void test_one_cell_two_singles(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load(corpora[0], 1000, &n);
    assert_true(n >= 1);
    int g[81] = {0};
    /* 1 leaves r1c2 (column), r1c3 (column), r1c4-6 and r1c7-9 (boxes) */
    g[3 * 9 + 1] = 1, g[6 * 9 + 2] = 1, g[1 * 9 + 4] = 1, g[2 * 9 + 7] = 1;
    /* 2 leaves r2c1, r3c1 (rows), r4-6c1 and r7-9c1 (boxes) */
    g[1 * 9 + 5] = 2, g[2 * 9 + 8] = 2, g[4 * 9 + 1] = 2, g[7 * 9 + 2] = 2;
    rg_puzzle *q = with_givens(v[0], g);
    pair s = pair_new();
    for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++)
        for (int h = 0; h < 2; h++) {
            rg_options o;
            opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, 2);
            assert_int_equal(both(&s, q, &o, 1), 0);
            rg_result a;
            t_solve(s.fast, q, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
            assert_int_equal(a.status, RG_STATUS_NONE);
            assert_true(a.stats.guesses == 0);
        }
    pair_free(&s);
    rg_puzzle_free(q);
    t_corpus_unload(v, n);
}

/* No solution: a given that breaks a house directly, and a wrong digit in
 * a cell of a unique puzzle (no house broken, the search proves none). */
static void test_none(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load(corpora[0], 100, &n);
    pair s = pair_new();
    for (int i = 0; i < n; i++) {
        rg_result r;
        t_solve(s.general, v[i], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 1, 0, 0, &r);
        int sol[81], g[81];
        memcpy(sol, r.solution, sizeof sol);
        memcpy(g, rg_puzzle_givens(v[i]), sizeof g);
        int c = 0;
        while (g[c]) c++;
        int clash = 0;
        for (int d = 1; d <= 9 && !clash; d++) {
            if (d == sol[c]) continue;
            int ok = 1;
            for (int x = 0; x < 81; x++)
                if (g[x] == d && (x / 9 == c / 9 || x % 9 == c % 9 ||
                                  (x / 27 == c / 27 && x % 9 / 3 == c % 9 / 3)))
                    ok = 0;
            if (ok) clash = d;
        }
        assert_true(clash > 0);
        g[c] = clash;
        rg_puzzle *q = with_givens(v[i], g);
        for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++) {
            rg_options o;
            opts(&o, level, RG_HEURISTIC_DOMWDEG, 2);
            assert_int_equal(both(&s, q, &o, 1), 0);
            rg_result a;
            t_solve(s.fast, q, level, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
            assert_int_equal(a.status, RG_STATUS_NONE);
            assert_null(a.solution);
        }
        rg_puzzle_free(q);
        /* two equal digits in a row: none at the root, the row's rule named */
        memcpy(g, rg_puzzle_givens(v[i]), sizeof g);
        int a0 = 0;
        while (!g[a0]) a0++;
        int b0 = a0 / 9 * 9;
        while (b0 == a0 || g[b0]) b0++;
        g[b0] = g[a0];
        q = with_givens(v[i], g);
        rg_options o;
        opts(&o, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2);
        both(&s, q, &o, 1);
        rg_result a;
        t_solve(s.fast, q, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
        assert_int_equal(a.status, RG_STATUS_NONE);
        assert_int_equal(a.no_guess, 1);
        assert_true(a.broken_rule >= 0);
        rg_puzzle_free(q);
    }
    t_corpus_unload(v, n);
    pair_free(&s);
}

/* The node limit and the time limit end a fast search as unknown. */
static void test_limits(void **state)
{
    (void)state;
    int n;
    rg_puzzle **v = t_corpus_load(corpora[3], 100, &n);
    rg_solver *s = rg_solver_new();
    rg_result r;
    t_solve(s, v[0], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 5, 0, &r);
    assert_int_equal(rg_solver_fast_path_used(s), 1);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_true(r.stopped);
    assert_int_equal(r.stats.nodes, 5);
    assert_int_equal(r.no_guess, 0);
    t_solve(s, v[0], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    assert_true(r.stats.nodes > 5);
    /* an empty grid has ~6.7e21 solutions: counting them runs into the clock */
    int g[81] = {0};
    rg_puzzle *q = with_givens(v[0], g);
    t_solve(s, q, RG_STRATEGY_SINGLES, RG_HEURISTIC_MRV, 1L << 40, 0, 0.05, &r);
    assert_int_equal(rg_solver_fast_path_used(s), 1);
    /* two solutions found settle the status; the count was cut short */
    assert_int_equal(r.status, RG_STATUS_MULTIPLE);
    assert_true(r.stopped);
    assert_true(r.solutions > 1);
    assert_true(r.stats.root_us + r.stats.search_us < 2e6);
    assert_true(r.stats.root_us + r.stats.search_us >= 0.05e6);
    rg_puzzle_free(q);
    rg_solver_free(s);
    t_corpus_unload(v, n);
}

/* Which models and options take the fast path. */
static void test_eligibility(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int fast;
    } models[] = {
        {"examples/classic.json", 1},   {"presets/classic9.json", 1}, {"presets/x.json", 0},
        {"presets/jigsaw.json", 0},     {"presets/classic4.json", 0}, {"presets/classic16.json", 0},
        {"presets/antiknight.json", 0}, {"presets/windoku.json", 0},
    };
    pair s = pair_new();
    for (size_t i = 0; i < sizeof models / sizeof *models; i++) {
        rg_puzzle *p = t_read(models[i].file);
        rg_result r;
        t_solve(s.fast, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 2000, 0, &r);
        if (rg_solver_fast_path_used(s.fast) != models[i].fast)
            fail_msg("%s: fast path %d, expected %d", models[i].file,
                     rg_solver_fast_path_used(s.fast), models[i].fast);
        rg_puzzle_free(p);
    }
    /* plugin rules with propagators: the first puzzle of variant corpora */
    static const char *const variants[] = {"corpus/variants/thermo.jsonl",
                                           "corpus/variants/killer.jsonl",
                                           "corpus/variants/relations.jsonl"};
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
        int n;
        rg_puzzle **v = t_corpus_load(variants[i], 1000000, &n);
        assert_int_equal(n, 1);
        rg_result r;
        t_solve(s.fast, v[0], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 2000, 0, &r);
        if (rg_solver_fast_path_used(s.fast)) fail_msg("%s: took the fast path", variants[i]);
        t_corpus_unload(v, n);
    }
    /* the levels and heuristics it does not implement go the general way */
    rg_puzzle *p = t_read("examples/classic.json");
    for (int level = 0; level < RG_STRATEGY_COUNT; level++)
        for (int h = 0; h < RG_HEURISTIC_COUNT; h++) {
            rg_result r;
            int want = (level == RG_STRATEGY_SINGLES || level == RG_STRATEGY_INTERSECTIONS) &&
                       (h == RG_HEURISTIC_MRV || h == RG_HEURISTIC_DOMWDEG);
            t_solve(s.fast, p, level, h, 2, want ? 0 : 300, 0, &r);
            assert_int_equal(rg_solver_fast_path_used(s.fast), want);
            if (want) assert_int_equal(r.status, RG_STATUS_UNIQUE);
        }
    /* the switch: off, then on again */
    rg_result r;
    rg_solver_set_fast_path(s.fast, 0);
    t_solve(s.fast, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(rg_solver_fast_path_used(s.fast), 0);
    rg_solver_set_fast_path(s.fast, 1);
    t_solve(s.fast, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(rg_solver_fast_path_used(s.fast), 1);
    assert_int_equal(rg_solver_fast_path_used(NULL), 0);
    rg_puzzle_free(p);
    /* restricted cells (odd and even): still classic, and the same answers */
    int n;
    rg_puzzle **v = t_corpus_load("corpus/variants/cells.jsonl", 1, &n);
    int fast = 0;
    for (int i = 0; i < n; i++) {
        rg_result a;
        t_solve(s.fast, v[i], RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &a);
        int used = rg_solver_fast_path_used(s.fast);
        fast += used;
        rg_options o;
        opts(&o, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_MRV, 2);
        both(&s, v[i], &o, used);
    }
    assert_true(fast > 0);
    t_corpus_unload(v, n);
    pair_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_eligibility, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_limits, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_none, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_one_cell_two_singles, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_counts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_builds, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_fixpoints, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(test_corpora, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
