/* Event-driven propagation: a propagator that asks for changes
 * (RG_PROPAGATOR_CHANGES) is told, at every run, exactly which of its cells
 * changed since its previous run in the same space and what each lost. The
 * test plugin test.changes audits every answer (a wrong one ends the search
 * with a plugin error); here it watches every row, column and box of hard
 * classic puzzles, at every level from propagate to sac, with domwdeg and
 * lookahead, with a copy per depth and with recomputation, through
 * failures, probes and backtracking. The answers and the puzzles' outcomes
 * must not change, and both kinds of answer must have been given. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "search/search.h"
#include "search/solver.h"
#include "support.h"

#define PLUGIN RG_TEST_PLUGIN_DIR "/changes"

/* The document of a classic line: the grid, givens and, with audit, a
 * test.changes rule over every row, column and box. */
static void document_of(const char *line, int audit, const char *type, char *out, size_t cap)
{
    size_t k =
        (size_t)snprintf(out, cap,
                         "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                         "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": "
                         "\"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}");
    for (int i = 0; audit && i < 9; i++) {
        int br = i / 3 * 3 + 1, bc = i % 3 * 3 + 1;
        k += (size_t)snprintf(out + k, cap - k,
                              ", {\"type\": \"%s\", \"cells\": \"r%dc1:r%dc9\"}"
                              ", {\"type\": \"%s\", \"cells\": \"r1c%d:r9c%d\"}"
                              ", {\"type\": \"%s\", \"cells\": \"r%dc%d:r%dc%d\"}",
                              type, i + 1, i + 1, type, i + 1, i + 1, type, br, bc, br + 2, bc + 2);
    }
    k += (size_t)snprintf(out + k, cap - k, "], \"givens\": {");
    int first = 1;
    for (int c = 0; c < 81; c++)
        if (line[c] >= '1' && line[c] <= '9') {
            k += (size_t)snprintf(out + k, cap - k, "%s\"r%dc%d\": %c", first ? "" : ", ",
                                  c / 9 + 1, c % 9 + 1, line[c]);
            first = 0;
        }
    snprintf(out + k, cap - k, "}}");
}

static void document(const char *line, int audit, char *out, size_t cap)
{
    document_of(line, audit, "test.changes", out, cap);
}

static void runs(long *listed, long *unknown)
{
    void *h = dlopen(PLUGIN "/changes.so", RTLD_NOW | RTLD_NOLOAD);
    assert_non_null(h);
    void (*fn)(long *, long *);
    *(void **)&fn = dlsym(h, "rg_test_changes_runs");
    assert_non_null(fn);
    fn(listed, unknown);
    dlclose(h);
}

static void solve(rg_solver *s, const rg_puzzle *p, int level, int heuristic, rg_result *r)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = level;
    o.heuristic = heuristic;
    o.limit = 2;
    o.max_nodes = t_scaled() ? 300 : 3000;
    rg_error err;
    if (rg_solve(s, p, &o, r, &err) != RG_OK) fail_msg("solve: %s", err.message);
}

/* p (without the test rules) and q (with them) solved at level: the same
 * status and solution wherever both are decided. */
static void same_outcome(rg_solver *plain, const rg_puzzle *p, rg_solver *tested,
                         const rg_puzzle *q, int level, int heuristic)
{
    rg_result a, b;
    solve(plain, p, level, heuristic, &a);
    solve(tested, q, level, heuristic, &b);
    if (!a.stopped && !b.stopped) {
        assert_int_equal(a.status, b.status);
        assert_memory_equal(a.solution, b.solution, 81 * sizeof(int));
    }
}

/* The next classic puzzle of f on a line whose index (*i, counted on) is a
 * multiple of step: without (*p) and with (*q) a rule of type over every
 * row, column and box. 0 at the end of the file. */
static int next_pair(FILE *f, int *i, int step, rg_registry *reg, const char *type, rg_puzzle **p,
                     rg_puzzle **q)
{
    char line[256], doc[8192];
    for (; fgets(line, sizeof line, f); ++*i) {
        if (*i % step != 0 || strlen(line) < 81) continue;
        ++*i;
        document_of(line, 0, type, doc, sizeof doc);
        *p = t_parse_in(reg, doc);
        document_of(line, 1, type, doc, sizeof doc);
        *q = t_parse_in(reg, doc);
        return 1;
    }
    return 0;
}

static void audited(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(PLUGIN);
    FILE *f = fopen(RG_SOURCE_DIR "/corpus/classic/puzzles3_magictour_top1465.txt", "r");
    assert_non_null(f);
    char doc[8192];
    int puzzles = t_scaled() ? 2 : 6, done = 0, i = 0;
    rg_solver *plain = rg_solver_new(), *audit = rg_solver_new();
    rg_puzzle *p, *q;
    while (done < puzzles && next_pair(f, &i, 97, reg, "test.changes", &p, &q)) {
        for (int level = RG_STRATEGY_PROPAGATE; level < RG_STRATEGY_COUNT; level++)
            for (int h = 0; h < 2; h++) {
                int heuristic = h ? RG_HEURISTIC_LOOKAHEAD : RG_HEURISTIC_DOMWDEG;
                for (int recompute = 0; recompute < 2; recompute++) {
                    /* A tiny copy budget: every other depth is recomputed. */
                    rg_search_budget(audit, recompute ? 1 : 0);
                    same_outcome(plain, p, audit, q, level, heuristic);
                }
            }
        rg_puzzle_free(p);
        rg_puzzle_free(q);
        done++;
    }
    fclose(f);
    assert_int_equal(done, puzzles);
    long listed, unknown;
    runs(&listed, &unknown);
    assert_true(listed > 1000);
    assert_true(unknown > 0);
    /* Plain backtracking and forward checking run propagators without a
     * fixpoint: the host cannot say what changed. */
    document("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 1,
             doc, sizeof doc);
    q = t_parse_in(reg, doc);
    rg_result r;
    long before = listed, unknown_before = unknown;
    solve(audit, q, RG_STRATEGY_FORWARD, RG_HEURISTIC_DOMWDEG, &r);
    runs(&listed, &unknown);
    assert_int_equal(listed, before);
    assert_true(unknown > unknown_before);
    rg_puzzle_free(q);
    rg_solver_free(plain);
    rg_solver_free(audit);
    rg_registry_free(reg);
}

/* What the test plugin's exported counter `symbol` says. */
static long plugin_count(const char *symbol)
{
    void *h = dlopen(PLUGIN "/changes.so", RTLD_NOW | RTLD_NOLOAD);
    assert_non_null(h);
    long (*fn)(void);
    *(void **)&fn = dlsym(h, symbol);
    assert_non_null(fn);
    long n = fn();
    dlclose(h);
    return n;
}

/* A 4x4 document with the one rule {"type": type, "cells": row 1, extra}
 * is refused, with a message naming what. */
static void refused(rg_registry *reg, const char *type, const char *extra, const char *what)
{
    char doc[512];
    snprintf(doc, sizeof doc,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
             "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"%s\", "
             "\"cells\": \"r1c1:r1c4\", %s}]}",
             type, extra);
    rg_puzzle *bp = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_not_equal(rg_puzzle_parse(reg, doc, strlen(doc), "test", 0, &bp, &err), RG_OK);
    assert_null(bp);
    assert_non_null(strstr(err.message, what));
}

/* RG_EV_AT_MOST(2): test.few over every row, column and box is woken only
 * when one of its cells is left two digits or fewer (else it answers a
 * status that ends the search with a plugin error), at every level and
 * through failures and backtracking; the outcomes are those without it.
 * A k the host does not know is refused when the model is built. */
static void few_digits(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(PLUGIN);
    FILE *f = fopen(RG_SOURCE_DIR "/corpus/classic/puzzles3_magictour_top1465.txt", "r");
    assert_non_null(f);
    int puzzles = t_scaled() ? 2 : 5, done = 0, i = 0;
    rg_solver *plain = rg_solver_new(), *few = rg_solver_new();
    rg_puzzle *p, *q;
    while (done < puzzles && next_pair(f, &i, 89, reg, "test.few", &p, &q)) {
        for (int level = RG_STRATEGY_PROPAGATE; level < RG_STRATEGY_COUNT; level++)
            same_outcome(plain, p, few, q, level, RG_HEURISTIC_DOMWDEG);
        rg_puzzle_free(p);
        rg_puzzle_free(q);
        done++;
    }
    fclose(f);
    assert_int_equal(done, puzzles);
    assert_true(plugin_count("rg_test_few_runs") > 1000);
    refused(reg, "test.few", "\"k\": 16", "RG_EV_AT_MOST");
    rg_solver_free(plain);
    rg_solver_free(few);
    rg_registry_free(reg);
}

static long implied_runs(void) { return plugin_count("rg_test_implied_runs"); }

/* RG_PROPAGATOR_IMPLIED: test.implied over every row, column and box is
 * left out of the search below sac (no run, and the outcomes are those
 * without it) and runs at sac, and at every level once the solver is told
 * to run every propagator (as verify and explain do). A flag the host does
 * not know is refused when the model is built. */
static void implied_at_sac(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(PLUGIN);
    FILE *f = fopen(RG_SOURCE_DIR "/corpus/classic/puzzles3_magictour_top1465.txt", "r");
    assert_non_null(f);
    int puzzles = t_scaled() ? 2 : 4, done = 0, i = 0;
    rg_solver *plain = rg_solver_new(), *tested = rg_solver_new();
    rg_puzzle *p, *q;
    while (done < puzzles && next_pair(f, &i, 83, reg, "test.implied", &p, &q)) {
        for (int level = RG_STRATEGY_PROPAGATE; level < RG_STRATEGY_COUNT; level++) {
            long before = implied_runs();
            same_outcome(plain, p, tested, q, level, RG_HEURISTIC_DOMWDEG);
            if (level < RG_STRATEGY_SAC)
                assert_int_equal(implied_runs(), before);
            else
                assert_true(implied_runs() > before);
        }
        rg_solver_set_implied(tested, 1);
        for (int level = RG_STRATEGY_PROPAGATE; level <= RG_STRATEGY_INTERSECTIONS; level++) {
            long before = implied_runs();
            same_outcome(plain, p, tested, q, level, RG_HEURISTIC_DOMWDEG);
            assert_true(implied_runs() > before);
        }
        rg_solver_set_implied(tested, 0);
        long before = implied_runs();
        same_outcome(plain, p, tested, q, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG);
        assert_int_equal(implied_runs(), before);
        rg_puzzle_free(p);
        rg_puzzle_free(q);
        done++;
    }
    fclose(f);
    assert_int_equal(done, puzzles);
    refused(reg, "test.implied", "\"flags\": 8", "RG_PROPAGATOR_IMPLIED");
    rg_solver_free(plain);
    rg_solver_free(tested);
    rg_registry_free(reg);
}

/* An assignment's check does not ask an implied propagator, nor one
 * flagged RG_PROPAGATOR_NO_CHECK (by their contracts the others and the
 * houses refuse whatever they refuse); the same propagator without the
 * flags is asked. The one flagged RG_PROPAGATOR_NO_CHECK still runs in the
 * search below sac, and the implied one does not. */
static void checks_asked(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(PLUGIN);
    static const int solution[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    static const unsigned flags[3] = {0, RG_PROPAGATOR_IMPLIED, RG_PROPAGATOR_NO_CHECK};
    for (int k = 0; k < 3; k++) {
        char doc[512];
        snprintf(doc, sizeof doc,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                 "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", "
                 "\"origin\": \"r1c1\", \"box\": [2, 2]}, {\"type\": \"test.implied\", "
                 "\"cells\": \"r1c1:r1c4\", \"flags\": %u}]}",
                 flags[k]);
        rg_puzzle *p = t_parse_in(reg, doc);
        long before = plugin_count("rg_test_implied_checks");
        assert_int_equal(rg_puzzle_check(p, solution), -1);
        long asked = plugin_count("rg_test_implied_checks") - before;
        if (flags[k])
            assert_int_equal(asked, 0);
        else
            assert_true(asked > 0);
        int status;
        before = implied_runs();
        assert_int_equal(t_count(p, RG_STRATEGY_PROPAGATE, RG_HEURISTIC_DOMWDEG, 1000, &status),
                         288);
        if (flags[k] == RG_PROPAGATOR_IMPLIED)
            assert_int_equal(implied_runs(), before);
        else
            assert_true(implied_runs() > before);
        rg_puzzle_free(p);
    }
    rg_registry_free(reg);
}

/* The 4 x 4 grids (2 x 2 boxes) from cell c of g on, counted: all of them
 * (avoid 0), or those without r1c1 = 1 and r2c3 = 2 together (avoid 1). */
static long grids_from(int *g, int c, int avoid)
{
    if (c == 16) return !(avoid && g[0] == 1 && g[6] == 2);
    long n = 0;
    for (g[c] = 1; g[c] <= 4; g[c]++) {
        int ok = 1;
        for (int x = 0; x < c && ok; x++)
            ok = g[x] != g[c] ||
                 (x / 4 != c / 4 && x % 4 != c % 4 && (x / 8 != c / 8 || x % 4 / 2 != c % 4 / 2));
        if (ok) n += grids_from(g, c + 1, avoid);
    }
    return n;
}

/* A found solution is checked against every rule's check at every level:
 * test.lazy prunes nothing, so only its check keeps r1c1 and r2c3 from
 * reading 1 and 2 together. The levels from propagate up leave the houses
 * to the peers and ask the rules' checks alone; counted there and below,
 * under two heuristics, the count must be that of the grids without the
 * pair (counted here by brute force). */
static void lazy_rule_checked(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(PLUGIN);
    rg_puzzle *p =
        t_parse_in(reg, "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                        "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", "
                        "\"origin\": \"r1c1\", \"box\": [2, 2]}, {\"type\": \"test.lazy\", "
                        "\"cells\": [\"r1c1\", \"r2c3\"], \"digits\": [1, 2]}]}");
    int g[16];
    const long all = grids_from(g, 0, 0), want = grids_from(g, 0, 1);
    assert_int_equal(all, 288);
    assert_true(want < all);
    for (int level = 0; level < RG_STRATEGY_COUNT; level++) {
        for (int h = 0; h < 2; h++) {
            int status;
            long n = t_count(p, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, 1000, &status);
            if (n != want)
                fail_msg("level %s: %ld solutions, not %ld", rg_strategy_name(level), n, want);
        }
    }
    rg_puzzle_free(p);
    rg_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(audited, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(few_digits, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(implied_at_sac, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(checks_asked, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lazy_rule_checked, t_mem_setup, t_mem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
