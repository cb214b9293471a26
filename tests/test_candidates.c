/* True candidates (rg_candidates): the sets against a brute force that
 * enumerates every grid of rows, columns and boxes and keeps those
 * rg_puzzle_check accepts, on small boards with many solutions and several
 * rule kinds, under every strategy and on the classic fast path; limits
 * that end the run early (a subset, flagged), no solution, a unique
 * puzzle, solutions reused rather than enumerated, errors and memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#define MAXC 81

/* ---- The brute force --------------------------------------------------------- */

/* Every complete grid of p's rows, columns and boxes (bh x bw) holding its
 * givens, checked against every rule at the end: the union of the digits
 * of those p accepts, per cell, and how many there are. The search knows
 * the houses alone (no rule of p prunes it) and branches on the empty cell
 * with the fewest digits its houses allow. */
typedef struct brute {
    const rg_puzzle *p;
    int rows, cols, bh, bw, digits, n;
    int v[MAXC];
    rg_mask row[9], col[9], box[9]; /* digits used */
    rg_mask truth[MAXC];
    long solutions;
} brute;

static int box_of(const brute *b, int i)
{
    return i / b->cols / b->bh * (b->cols / b->bw) + i % b->cols / b->bw;
}

static void place(brute *b, int i, int d)
{
    rg_mask bit = (rg_mask)1 << (d - 1);
    b->v[i] = d;
    b->row[i / b->cols] ^= bit;
    b->col[i % b->cols] ^= bit;
    b->box[box_of(b, i)] ^= bit;
}

static rg_mask allowed(const brute *b, int i)
{
    rg_mask used = b->row[i / b->cols] | b->col[i % b->cols] | b->box[box_of(b, i)];
    return (((rg_mask)1 << b->digits) - 1) & ~used;
}

static void leaf(brute *b)
{
    int values[MAXC] = {0};
    for (int i = 0; i < b->n; i++)
        values[rg_puzzle_cell_at(b->p, i / b->cols + 1, i % b->cols + 1)] = b->v[i];
    if (rg_puzzle_check(b->p, values) != -1) return;
    b->solutions++;
    for (int i = 0; i < b->n; i++) b->truth[i] |= (rg_mask)1 << (b->v[i] - 1);
}

static void fill(brute *b)
{
    int best = -1, fewest = 99;
    for (int i = 0; i < b->n; i++)
        if (!b->v[i] && __builtin_popcount(allowed(b, i)) < fewest) {
            best = i;
            fewest = __builtin_popcount(allowed(b, i));
        }
    if (best < 0) {
        leaf(b);
        return;
    }
    for (rg_mask m = allowed(b, best); m; m &= m - 1) {
        place(b, best, __builtin_ctz(m) + 1);
        fill(b);
        place(b, best, b->v[best]);
        b->v[best] = 0;
    }
}

/* The true sets of p (boxes bh x bw), by cell index; returns the count. */
static long enumerate(const rg_puzzle *p, int bh, int bw, rg_mask *truth)
{
    brute *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->p = p;
    b->rows = rg_puzzle_rows(p);
    b->cols = rg_puzzle_columns(p);
    b->digits = rg_puzzle_digits(p);
    b->bh = bh;
    b->bw = bw;
    b->n = b->rows * b->cols;
    assert_int_equal(rg_puzzle_cells(p), b->n);
    assert_true(b->rows <= 9 && b->cols <= 9 && b->digits <= 9);
    const int *g = rg_puzzle_givens(p);
    for (int i = 0; i < b->n; i++) {
        int d = g[rg_puzzle_cell_at(p, i / b->cols + 1, i % b->cols + 1)];
        if (!d) continue;
        if (!(allowed(b, i) >> (d - 1) & 1)) {
            free(b); /* two equal givens in a house: nothing to enumerate */
            memset(truth, 0, MAXC * sizeof *truth);
            return 0;
        }
        place(b, i, d);
    }
    fill(b);
    memset(truth, 0, MAXC * sizeof *truth);
    for (int i = 0; i < b->rows * b->cols; i++)
        truth[rg_puzzle_cell_at(p, i / b->cols + 1, i % b->cols + 1)] = b->truth[i];
    long n = b->solutions;
    free(b);
    return n;
}

/* ---- Helpers ------------------------------------------------------------------ */

static void run(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_mask *out,
                rg_candidates_result *r)
{
    rg_error err;
    rg_error_clear(&err);
    int rc = rg_candidates(s, p, o, out, r, &err);
    if (rc != RG_OK) fail_msg("rg_candidates: %d %s", rc, err.message);
}

/* The sets of p equal truth under strategy and heuristic (values ascending,
 * or random with seed), and the count agrees with n up to the limit. */
static void same_sets(rg_solver *s, const rg_puzzle *p, int strategy, int heuristic, int values,
                      const rg_mask *truth, long n)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy;
    o.heuristic = heuristic;
    o.values = values;
    o.seed = 7;
    o.limit = 2;
    rg_mask out[MAXC];
    rg_candidates_result r;
    run(s, p, &o, out, &r);
    assert_true(r.complete);
    assert_int_equal(r.solutions, n < 2 ? n : 2);
    assert_int_equal(r.status, n == 0   ? RG_STATUS_NONE
                               : n == 1 ? RG_STATUS_UNIQUE
                                        : RG_STATUS_MULTIPLE);
    for (int i = 0; i < rg_puzzle_cells(p); i++)
        if (out[i] != truth[i])
            fail_msg("strategy %s heuristic %s: cell %d: got %#x, expected %#x",
                     rg_strategy_name(strategy), rg_heuristic_name(heuristic), i, out[i], truth[i]);
    /* Each probe that succeeds brings a solution no earlier one was. */
    assert_true(r.found <= n);
    if (r.found > 0) assert_int_equal(r.probes, (r.found - 1) + r.refuted);
}

/* Every strategy with the default heuristic, then every heuristic at the
 * default strategy and at probe, then a random value order. */
static void every_way(const rg_puzzle *p, const rg_mask *truth, long n)
{
    rg_solver *s = rg_solver_new();
    /* Plain backtracking takes millions of nodes on the 6 x 6 boards: under
     * Valgrind, where that costs minutes, the other levels run alone. */
    for (int st = t_memcheck() ? RG_STRATEGY_FORWARD : 0; st < RG_STRATEGY_COUNT; st++)
        same_sets(s, p, st, RG_HEURISTIC_DOMWDEG, RG_VALUES_ASCENDING, truth, n);
    for (int h = 0; h < RG_HEURISTIC_COUNT; h++) {
        same_sets(s, p, RG_STRATEGY_INTERSECTIONS, h, RG_VALUES_ASCENDING, truth, n);
        same_sets(s, p, RG_STRATEGY_PROBE, h, RG_VALUES_ASCENDING, truth, n);
    }
    same_sets(s, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, RG_VALUES_RANDOM, truth, n);
    rg_solver_free(s);
}

#define DOC(rows, cols, digits, box, rules, givens)                                                \
    "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":" #rows ",\"columns\":" #cols      \
    ",\"digits\":" #digits "},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":" box  \
    "}" rules "],\"givens\":{" givens "}}"

/* The document doc (boxes bh x bw) against the brute force, every way;
 * returns the count, which must be at least least. */
static long against_brute(const char *doc, int bh, int bw, long least)
{
    rg_puzzle *p = t_parse(doc);
    rg_mask truth[MAXC];
    long n = enumerate(p, bh, bw, truth);
    assert_true(n >= least);
    every_way(p, truth, n);
    rg_puzzle_free(p);
    return n;
}

/* ---- Tests -------------------------------------------------------------------- */

/* A 4 x 4 without givens: 288 solutions, every digit everywhere. */
static void empty_four(void **state)
{
    (void)state;
    assert_int_equal(against_brute(DOC(4, 4, 4, "[2,2]", "", ""), 2, 2, 288), 288);
}

/* 4 x 4 boards whose rules cut the sets: a cage, a thermometer, a kropki
 * dot, a less-than relation, an arrow. */
static void four_with_rules(void **state)
{
    (void)state;
    against_brute(DOC(4, 4, 4, "[2,2]",
                      ",{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r2c1\"],\"sum\":3}"
                      ",{\"type\":\"line\",\"kind\":\"thermo\",\"cells\":[\"r3c2\",\"r3c3\","
                      "\"r4c4\"]}",
                      ""),
                  2, 2, 2);
    against_brute(DOC(4, 4, 4, "[2,2]",
                      ",{\"type\":\"edge\",\"kind\":\"kropki\",\"color\":\"black\",\"cells\":["
                      "\"r1c1\",\"r1c2\"]},{\"type\":\"relation\",\"op\":\"less\",\"pairs\":[["
                      "\"r4c4\",\"r2c3\"]]}",
                      ""),
                  2, 2, 10);
    against_brute(DOC(4, 4, 4, "[2,2]",
                      ",{\"type\":\"relation\",\"op\":\"less\",\"pairs\":[[\"r4c4\",\"r2c3\"]]}"
                      ",{\"type\":\"arrow\",\"bulb\":[\"r4c4\"],\"lines\":[[\"r4c3\",\"r3c2\"]]}"
                      ",{\"type\":\"edge\",\"kind\":\"kropki\",\"color\":\"white\",\"cells\":["
                      "\"r2c1\",\"r2c2\"]}",
                      ""),
                  2, 2, 5);
}

/* 6 x 6 boards (boxes 2 x 3) with a few givens and several rule kinds. */
static void six_with_rules(void **state)
{
    (void)state;
    against_brute(
        DOC(6, 6, 6, "[2,3]", "",
            "\"r1c1\":1,\"r2c4\":2,\"r3c2\":3,\"r4c6\":4,\"r5c3\":5,\"r6c5\":6,\"r1c2\":2"),
        2, 3, 10);
    against_brute(DOC(6, 6, 6, "[2,3]",
                      ",{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\",\"r2c1\"],\"sum\":7}"
                      ",{\"type\":\"line\",\"kind\":\"thermo\",\"cells\":[\"r6c1\",\"r5c2\","
                      "\"r4c3\"]}"
                      ",{\"type\":\"edge\",\"kind\":\"kropki\",\"color\":\"black\",\"cells\":["
                      "\"r3c5\",\"r3c6\"]}",
                      "\"r2c4\":2,\"r4c6\":4,\"r5c5\":5,\"r6c6\":1"),
                  2, 3, 10);
    against_brute(DOC(6, 6, 6, "[2,3]", ",{\"type\":\"neighbours\",\"kind\":\"antiking\"}",
                      "\"r1c1\":1,\"r3c3\":2,\"r6c6\":3,\"r2c5\":4"),
                  2, 3, 10);
}

/* The classic fast path and the general path give the same exact sets on
 * a 9 x 9 with several solutions. */
static void classic_fast_and_general(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(9, 9, 9, "[3,3]", "",
                               "\"r1c1\":5,\"r1c2\":3,\"r1c5\":7,\"r2c1\":6,\"r2c4\":1,"
                               "\"r2c6\":5,\"r3c2\":9,\"r3c3\":8,\"r3c8\":6,\"r4c1\":8,"
                               "\"r4c5\":6,\"r4c9\":3,\"r5c1\":4,\"r5c4\":8,\"r5c6\":3,"
                               "\"r6c1\":7,\"r6c5\":2,\"r6c9\":6,\"r7c2\":6,\"r7c7\":2,"
                               "\"r8c4\":4,\"r8c5\":1,\"r8c6\":9,\"r9c5\":8"));
    rg_mask truth[MAXC];
    long n = enumerate(p, 3, 3, truth);
    assert_true(n > 2);
    rg_solver *s = rg_solver_new();
    same_sets(s, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, RG_VALUES_ASCENDING, truth, n);
    assert_true(rg_solver_fast_path_used(s));
    rg_solver_set_fast_path(s, 0);
    same_sets(s, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, RG_VALUES_ASCENDING, truth, n);
    assert_false(rg_solver_fast_path_used(s));
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* A unique puzzle: its solution as singletons, from the count alone. */
static void unique_singletons(void **state)
{
    (void)state;
    rg_puzzle *p = t_read("tests/data/cli/classic.json");
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    rg_mask out[MAXC];
    rg_candidates_result r;
    run(s, p, &o, out, &r);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    assert_int_equal(r.solutions, 1);
    assert_true(r.complete);
    assert_int_equal(r.probes, 0);
    int sol[81];
    assert_int_equal(t_count_into(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, NULL, sol),
                     1);
    for (int i = 0; i < 81; i++) assert_int_equal(out[i], (rg_mask)1 << (sol[i] - 1));
    /* Counting to 1 cannot tell unique: every digit the root leaves is then
     * probed (and refuted), and the sets come out the same. */
    o.limit = 1;
    run(s, p, &o, out, &r);
    assert_int_equal(r.status, RG_STATUS_SOLVED);
    assert_true(r.complete);
    assert_int_equal(r.probes, r.refuted);
    assert_int_equal(r.found, 1);
    for (int i = 0; i < 81; i++) assert_int_equal(out[i], (rg_mask)1 << (sol[i] - 1));
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* No solution: status none, every set empty, complete; a rule the givens
 * break is named. */
static void no_solution(void **state)
{
    (void)state;
    const char *docs[] = {
        DOC(4, 4, 4, "[2,2]", "", "\"r1c1\":1,\"r1c2\":1"),
        DOC(4, 4, 4, "[2,2]", ",{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":3}",
            "\"r2c1\":1,\"r2c2\":2"),
    };
    rg_solver *s = rg_solver_new();
    for (int k = 0; k < 2; k++) {
        rg_puzzle *p = t_parse(docs[k]);
        rg_options o;
        rg_options_default(&o);
        o.limit = 2;
        rg_mask out[16];
        memset(out, 0xff, sizeof out);
        rg_candidates_result r;
        run(s, p, &o, out, &r);
        assert_int_equal(r.status, RG_STATUS_NONE);
        assert_int_equal(r.solutions, 0);
        assert_true(r.complete);
        assert_int_equal(r.found, 0);
        for (int i = 0; i < 16; i++) assert_int_equal(out[i], 0);
        if (k == 0) assert_int_equal(r.broken_rule, 0);
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
}

/* A node limit ends the run: complete 0 and a subset of the true sets;
 * more nodes never lose a digit, and enough give the exact sets. A limit
 * that ends the count itself leaves status unknown. */
static void limits_give_subsets(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(
        6, 6, 6, "[2,3]", "", "\"r1c1\":1,\"r2c4\":2,\"r3c2\":3,\"r4c6\":4,\"r5c3\":5,\"r6c5\":6"));
    rg_mask truth[MAXC];
    assert_true(enumerate(p, 2, 3, truth) > 100);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    rg_mask out[MAXC], before[MAXC];
    rg_candidates_result r;
    memset(before, 0, sizeof before);
    int incomplete = 0;
    for (uint64_t nodes = 1;; nodes *= 2) {
        o.max_nodes = nodes;
        run(s, p, &o, out, &r);
        assert_true(r.stats.nodes <= nodes);
        if (nodes == 1) assert_int_equal(r.status, RG_STATUS_UNKNOWN);
        for (int i = 0; i < 36; i++) {
            assert_int_equal(out[i] & ~truth[i], 0);
            assert_int_equal(before[i] & ~out[i], 0);
        }
        memcpy(before, out, sizeof out);
        if (r.complete) break;
        incomplete++;
    }
    assert_true(incomplete >= 3);
    assert_memory_equal(out, truth, 36 * sizeof *out);
    /* The time limit too: a run with no time at all is incomplete. */
    o.max_nodes = 0;
    o.max_seconds = 1e-9;
    run(s, p, &o, out, &r);
    assert_false(r.complete);
    for (int i = 0; i < 36; i++) assert_int_equal(out[i] & ~truth[i], 0);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* An empty 9 x 9: every digit everywhere, with far fewer searches than the
 * 648 (cell, digit) pairs the first solution leaves: solutions are reused. */
static void empty_nine_reuses(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(9, 9, 9, "[3,3]", "", ""));
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    rg_mask out[MAXC];
    rg_candidates_result r;
    run(s, p, &o, out, &r);
    assert_true(r.complete);
    assert_int_equal(r.status, RG_STATUS_MULTIPLE);
    for (int i = 0; i < 81; i++) assert_int_equal(out[i], 0x1ff);
    assert_int_equal(r.refuted, 0);
    assert_true(r.probes < 648 / 2);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* Bad arguments are errors, not answers; a failed allocation is
 * RG_E_NOMEM with every set empty and nothing held. */
static void errors(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(4, 4, 4, "[2,2]", "", ""));
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    rg_mask out[16];
    rg_candidates_result r;
    rg_error err;
    assert_int_equal(rg_candidates(NULL, p, &o, out, &r, &err), RG_E_INTERNAL);
    assert_int_equal(rg_candidates(s, p, &o, NULL, &r, &err), RG_E_INTERNAL);
    o.limit = 0;
    assert_int_equal(rg_candidates(s, p, &o, out, &r, &err), RG_E_FORMAT);
    o.limit = 2;
    rg_solver_free(s);
    int nomem = 0;
    for (long n = 1; n < 200; n++) {
        s = rg_solver_new();
        assert_non_null(s);
        rg_mem_fail_after(n);
        int rc = rg_candidates(s, p, &o, out, &r, &err);
        rg_mem_fail_after(0);
        rg_solver_free(s);
        if (rc == RG_OK) {
            assert_true(r.complete);
            break;
        }
        assert_int_equal(rc, RG_E_NOMEM);
        for (int i = 0; i < 16; i++) assert_int_equal(out[i], 0);
        nomem++;
    }
    assert_true(nomem > 0);
    rg_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(empty_four, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(four_with_rules, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(six_with_rules, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(classic_fast_and_general, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(unique_singletons, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(no_solution, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(limits_give_subsets, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(empty_nine_reuses, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
