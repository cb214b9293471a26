/* Test helpers shared by test_cages.c, test_lines.c and test_arrows.c (each
 * includes this once): documents from a rule list, random king-move paths,
 * and the propagator soundness check against brute force (the 288 solutions
 * of a 4x4 sudoku for independent counting: t_sudoku4 of support.h). */
#ifndef RG_V3_HARNESS_H
#define RG_V3_HARNESS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mask.h"
#include "search/solver.h"
#include "support.h"

/* ---- Documents ---------------------------------------------------------------- */

/* A document (malloc'd) of a rows x cols board with D digits, the JSON rule
 * list `rules` and the JSON givens object `givens`. */
static char *v3_docg(int rows, int cols, int D, const char *rules, const char *givens)
{
    size_t cap = strlen(rules) + strlen(givens) + 256;
    char *s = malloc(cap);
    assert_non_null(s);
    snprintf(s, cap,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, \"columns\": "
             "%d, \"digits\": %d}, \"rules\": %s, \"givens\": %s}",
             rows, cols, D, rules, givens);
    return s;
}

static char *v3_doc(int rows, int cols, int D, const char *rules)
{
    return v3_docg(rows, cols, D, rules, "{}");
}

static rg_puzzle *v3_parse(int rows, int cols, int D, const char *rules)
{
    char *s = v3_doc(rows, cols, D, rules);
    rg_puzzle *p = t_parse(s);
    free(s);
    return p;
}

static rg_error v3_error(int rows, int cols, int D, const char *rules)
{
    char *s = v3_doc(rows, cols, D, rules);
    rg_error e = t_parse_error(s);
    free(s);
    return e;
}

/* Appends printf text to a growing buffer. */
static void v3_cat(char *buf, size_t cap, const char *fmt, ...)
{
    size_t k = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + k, cap - k, fmt, ap);
    va_end(ap);
}

/* ["r1c1", "r1c2", ...] of cells given as row-major indices on a board of
 * cols columns. */
static void v3_cells(char *buf, size_t cap, const int *idx, int n, int cols)
{
    v3_cat(buf, cap, "[");
    for (int i = 0; i < n; i++)
        v3_cat(buf, cap, "%s\"r%dc%d\"", i ? ", " : "", idx[i] / cols + 1, idx[i] % cols + 1);
    v3_cat(buf, cap, "]");
}

/* ---- Randomness ------------------------------------------------------------------- */

static uint64_t v3_seed = 0x9e3779b97f4a7c15ull;

static int v3_rand(int n)
{
    v3_seed ^= v3_seed << 13;
    v3_seed ^= v3_seed >> 7;
    v3_seed ^= v3_seed << 17;
    return (int)(v3_seed % (uint64_t)n);
}

/* A random path of n distinct cells (row-major indices) on rows x cols,
 * each step a king move (orthogonal too when diag is 0). Returns 0 when
 * it got stuck (try again). */
static int v3_path(int rows, int cols, int n, int diag, int *out)
{
    out[0] = v3_rand(rows * cols);
    for (int i = 1; i < n; i++) {
        int cand[8], k = 0, r = out[i - 1] / cols, c = out[i - 1] % cols;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                if ((!dr && !dc) || (!diag && dr && dc)) continue;
                int rr = r + dr, cc = c + dc;
                if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
                int x = rr * cols + cc, used = 0;
                for (int j = 0; j < i; j++) used |= out[j] == x;
                if (!used) cand[k++] = x;
            }
        if (!k) return 0;
        out[i] = cand[v3_rand(k)];
    }
    return 1;
}

/* ---- The 4x4 sudoku grids (t_sudoku4) ---------------------------------------------- */

#define V3_GRID4 "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}"

/* The count of p under every strategy and two heuristics (all must agree).
 * Under Valgrind memcheck each strategy runs one of the two, taking turns
 * from call to call: every pair still runs, on half the instances. */
static long v3_count_all(const rg_puzzle *p, long limit)
{
    static unsigned turn;
    long first = -1;
    turn++;
    for (int st = 0; st < RG_STRATEGY_COUNT; st++)
        for (int h = RG_HEURISTIC_MRV; h <= RG_HEURISTIC_DOMWDEG; h += 2) {
            if (t_memcheck() && (st + h / 2 + turn) % 2) continue;
            int status;
            long n = t_count(p, st, h, limit, &status);
            if (first < 0) first = n;
            if (n != first)
                fail_msg("strategy %s found %ld solutions, another %ld", rg_strategy_name(st), n,
                         first);
        }
    return first;
}

/* The root domains of p at the propagate level into out (narrowing must not fail). */
static __attribute__((unused)) void v3_root(const rg_puzzle *p, rg_mask *out)
{
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    rg_solver_set_implied(s, 1);
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, NULL, out), 0);
    rg_solver_free(s);
}

/* ---- Propagator soundness against brute force ------------------------------------------- */

/* Whether v3_sound narrows with the implied propagators too (1, the
 * default) or with the search's propagators only (0: soundness alone). */
static int v3_implied = 1;

/* From random start domains, narrow p at the propagate level (with every
 * propagator, the implied ones too, unless v3_implied is 0) and compare with
 * every assignment within start that satisfies the puzzle (rg_puzzle_check):
 * no digit some solution uses is removed, failure only when there is no
 * solution, and with exact set the narrowed domains are exactly the digits
 * solutions use. Returns 1 when start had a solution. */
static int v3_sound(const rg_puzzle *p, const rg_mask *start, int exact)
{
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    rg_mask out[64], used[64] = {0};
    int vals[64], idx[64];
    assert_true(N <= 64);
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    rg_solver_set_implied(s, v3_implied); /* the implied ones too */
    int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
    rg_solver_free(s);
    /* Odometer over the start domains. */
    int any = 0;
    for (int c = 0; c < N; c++) {
        if (!start[c]) return 0;
        idx[c] = 0;
    }
    for (;;) {
        for (int c = 0; c < N; c++) {
            rg_mask m = start[c];
            for (int k = 0; k < idx[c]; k++) m &= m - 1;
            vals[c] = __builtin_ctz(m) + 1;
        }
        if (rg_puzzle_check(p, vals) == -1) {
            any = 1;
            for (int c = 0; c < N; c++) used[c] |= (rg_mask)1 << (vals[c] - 1);
        }
        int c = 0;
        while (c < N && ++idx[c] == __builtin_popcount(start[c])) idx[c++] = 0;
        if (c == N) break;
    }
    (void)D;
    if (rc != 0) {
        if (any) fail_msg("narrowing failed but a solution exists");
        return 0;
    }
    for (int c = 0; c < N; c++) {
        if (used[c] & ~out[c])
            fail_msg("cell %d: narrowing removed digits %#x that a solution uses (start %#x, "
                     "out %#x)",
                     c, used[c] & ~out[c], start[c], out[c]);
        if (exact && any && used[c] != out[c])
            fail_msg("cell %d: narrowing kept %#x, solutions use exactly %#x (start %#x)", c,
                     out[c], used[c], start[c]);
    }
    /* At singleton domains narrowing agrees with check. */
    int single = 1;
    for (int c = 0; c < N; c++) single &= __builtin_popcount(start[c]) == 1;
    if (single && !any) fail_msg("narrowing accepted a complete assignment that check refuses");
    return any;
}

/* Random start domains over D digits whose product stays under budget. */
static void v3_domains(int N, int D, long budget, rg_mask *start)
{
    long prod = 1;
    for (int c = 0; c < N; c++) {
        rg_mask m = 0;
        int want = 1 + v3_rand(D);
        while (want > 1 && prod * want > budget) want--;
        while (__builtin_popcount(m) < want) m |= (rg_mask)1 << v3_rand(D);
        start[c] = m;
        prod *= want;
    }
}

#endif
