/* Helpers shared by the tests of the pair-rule plugins (test_pairop.c,
 * test_relations.c, test_neighbours.c, test_cells.c, test_corners.c,
 * test_negatives.c): documents built in memory, counts under every strategy
 * and the propagation soundness check against brute force (the 288 4 x 4
 * sudokus for independent counts: t_sudoku4 of support.h). Include after cmocka.h and support.h. */
#ifndef RG_VTEST_H
#define RG_VTEST_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mask.h"
#include "search/solver.h"
#include "support.h"

#define V_UNUSED __attribute__((unused))

/* ---- Random numbers (fixed seed: every run tests the same instances) ------ */

static uint64_t v_rng_state = 0x9E3779B97F4A7C15ull;

static V_UNUSED unsigned v_rand(unsigned n)
{
    v_rng_state ^= v_rng_state >> 12;
    v_rng_state ^= v_rng_state << 25;
    v_rng_state ^= v_rng_state >> 27;
    return (unsigned)((v_rng_state * 2685821657736338717ull) >> 33) % n;
}

/* ---- A growing string ---------------------------------------------------------- */

typedef struct vbuf {
    char *s;
    size_t n, cap;
} vbuf;

static V_UNUSED void v_add(vbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int w = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (b->s && (size_t)w < b->cap - b->n) {
            b->n += (size_t)w;
            return;
        }
        b->cap = b->cap * 2 + (size_t)w + 256;
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
        if (b->n == 0) b->s[0] = 0;
    }
}

/* A document: board rows x cols x D (board_extra appended inside "board"),
 * rules a JSON list, givens the inside of the givens object (may be ""). */
static V_UNUSED char *v_doc(int rows, int cols, int D, const char *board_extra, const char *rules,
                            const char *givens)
{
    vbuf b = {0};
    v_add(&b,
          "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, \"columns\": "
          "%d, \"digits\": %d%s}, \"rules\": %s, \"givens\": {%s}}",
          rows, cols, D, board_extra ? board_extra : "", rules, givens ? givens : "");
    return b.s;
}

/* Givens from a picture: one character per position in reading order, '.'
 * empty, '1'..'9' a given. Returns the inside of a givens object. */
static V_UNUSED char *v_givens(int cols, const char *pic)
{
    vbuf b = {0};
    v_add(&b, "%s", "");
    const char *sep = "";
    for (int i = 0; pic[i]; i++)
        if (pic[i] >= '1' && pic[i] <= '9') {
            v_add(&b, "%s\"r%dc%d\": %d", sep, i / cols + 1, i % cols + 1, pic[i] - '0');
            sep = ", ";
        }
    return b.s;
}

/* ---- Pair operators, written out from format.md ---------------------------------- */

/* format.md 5.1 / 5.2, written independently of pairop.c. */
static V_UNUSED int v_ref_op(const char *op, long v, int a, int b)
{
    int d = a > b ? a - b : b - a;
    if (!strcmp(op, "different")) return a != b;
    if (!strcmp(op, "equal")) return a == b;
    if (!strcmp(op, "consecutive")) return d == 1;
    if (!strcmp(op, "not_consecutive")) return d != 1;
    if (!strcmp(op, "difference")) return d == v;
    if (!strcmp(op, "not_difference")) return d != v;
    if (!strcmp(op, "difference_at_least")) return d >= v;
    if (!strcmp(op, "difference_at_most")) return d <= v;
    if (!strcmp(op, "ratio")) return a == v * b || b == v * a;
    if (!strcmp(op, "not_ratio")) return a != v * b && b != v * a;
    if (!strcmp(op, "sum")) return a + b == v;
    if (!strcmp(op, "not_sum")) return a + b != v;
    if (!strcmp(op, "product")) return a * b == v;
    if (!strcmp(op, "not_product")) return a * b != v;
    if (!strcmp(op, "same_parity")) return (a % 2) == (b % 2);
    if (!strcmp(op, "different_parity")) return (a % 2) != (b % 2);
    if (!strcmp(op, "less")) return a < b;
    if (!strcmp(op, "less_equal")) return a <= b;
    fail_msg("unknown op %s", op);
    return 0;
}

/* The parameter field of an op ("value", "sum" or NULL) and a random value
 * in its range that matters on D digits. */
static V_UNUSED const char *v_param_field(const char *op)
{
    if (!strcmp(op, "sum") || !strcmp(op, "not_sum")) return "sum";
    if (strstr(op, "difference") || strstr(op, "ratio") || strstr(op, "product")) return "value";
    return NULL;
}

static V_UNUSED long v_random_param(const char *op, int D)
{
    if (strstr(op, "sum")) return 2 + (long)v_rand((unsigned)(2 * D - 1));
    if (strstr(op, "product")) return 1 + (long)v_rand((unsigned)(D * D));
    if (strstr(op, "ratio")) return 2 + (long)v_rand(3);
    if (!strcmp(op, "difference_at_most")) return (long)v_rand((unsigned)D);
    return 1 + (long)v_rand((unsigned)(D - 1));
}

/* The symmetric operators (format.md 5.1), i modulo their number. */
static V_UNUSED const char *v_pairop_any(int i)
{
    static const char *const ops[] = {"different",
                                      "equal",
                                      "consecutive",
                                      "not_consecutive",
                                      "difference",
                                      "not_difference",
                                      "difference_at_least",
                                      "difference_at_most",
                                      "ratio",
                                      "not_ratio",
                                      "sum",
                                      "not_sum",
                                      "product",
                                      "not_product",
                                      "same_parity",
                                      "different_parity"};
    return ops[i % 16];
}

/* ---- Counting ---------------------------------------------------------------------- */

/* Solutions of p up to limit under strategy / heuristic; the first into sol. */
static V_UNUSED long v_count(const rg_puzzle *p, int strategy, int heuristic, long limit, int *sol)
{
    int status, *first = malloc((size_t)rg_puzzle_cells(p) * sizeof *first);
    assert_non_null(first);
    long n = t_count_into(p, strategy, heuristic, limit, &status, first);
    assert_true(status != RG_STATUS_UNKNOWN);
    if (n > 0) {
        assert_int_equal(rg_puzzle_check(p, first), -1);
        if (sol) memcpy(sol, first, (size_t)rg_puzzle_cells(p) * sizeof *sol);
    }
    free(first);
    return n;
}

/* The count of json must be expect under every strategy (check and forward
 * too when slow_levels) and under the first-cell and MRV heuristics. */
static V_UNUSED void v_count_all(const char *json, long expect, int slow_levels)
{
    rg_puzzle *p = t_parse(json);
    for (int st = slow_levels ? RG_STRATEGY_CHECK : RG_STRATEGY_PROPAGATE; st < RG_STRATEGY_COUNT;
         st++) {
        long n = v_count(p, st, RG_HEURISTIC_DOMWDEG, expect + 1, NULL);
        if (n != expect)
            fail_msg("strategy %s: %ld solutions, expected %ld", rg_strategy_name(st), n, expect);
    }
    assert_int_equal(v_count(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_FIRST, expect + 1, NULL),
                     expect);
    assert_int_equal(v_count(p, RG_STRATEGY_SINGLES, RG_HEURISTIC_MRV, expect + 1, NULL), expect);
    rg_puzzle_free(p);
}

/* v_count_all (slow levels too) of the rule list rules on a rows x cols board
 * of D digits without givens; frees rules. */
static V_UNUSED void v_count_rules(int rows, int cols, int D, vbuf *rules, long expect)
{
    char *json = v_doc(rows, cols, D, "", rules->s, "");
    v_count_all(json, expect, 1);
    free(json);
    free(rules->s);
}

/* ---- Soundness of propagation against brute force ------------------------------------ */

/* For trials random start domains of the puzzle json (no givens): narrowing
 * (at the propagate and subsets levels) never removes a digit that some
 * assignment within the start satisfying every rule uses, fails only when
 * none exists, and agrees with check at complete assignments. */
static V_UNUSED void v_sound(const char *json, int trials)
{
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    rg_mask start[64], out[64], sup[64];
    int v[64], idx[64];
    assert_true(N <= 64);
    for (int t = 0; t < trials; t++) {
        double space = 1;
        for (int c = 0; c < N; c++) {
            rg_mask m = 0;
            while (!m)
                for (int d = 0; d < D; d++)
                    if (v_rand(100) < 55) m |= 1u << d;
            start[c] = m;
            space *= __builtin_popcount(m);
        }
        while (space > 30000) { /* shrink the widest domain */
            int w = 0;
            for (int c = 1; c < N; c++)
                if (__builtin_popcount(start[c]) > __builtin_popcount(start[w])) w = c;
            space /= __builtin_popcount(start[w]);
            start[w] &= start[w] - 1;
            space *= __builtin_popcount(start[w]);
        }
        /* Brute force: every assignment within start. */
        long sols = 0;
        for (int c = 0; c < N; c++) {
            sup[c] = 0;
            idx[c] = 0;
        }
        for (;;) {
            for (int c = 0; c < N; c++) {
                rg_mask m = start[c];
                for (int k = 0; k < idx[c]; k++) m &= m - 1;
                v[c] = __builtin_ctz(m) + 1;
            }
            if (rg_puzzle_check(p, v) == -1) {
                sols++;
                for (int c = 0; c < N; c++) sup[c] |= 1u << (v[c] - 1);
            }
            int c = 0;
            while (c < N && ++idx[c] == __builtin_popcount(start[c])) idx[c++] = 0;
            if (c == N) break;
        }
        for (int level = RG_STRATEGY_PROPAGATE; level < RG_STRATEGY_COUNT; level += 3) {
            int rc = rg_solver_narrow(s, p, level, start, out);
            if (rc != 0) {
                if (sols) fail_msg("trial %d: narrowing failed, but %ld assignments hold", t, sols);
                continue;
            }
            for (int c = 0; c < N; c++) {
                assert_int_equal(out[c] & ~start[c], 0);
                if (sup[c] & ~out[c])
                    fail_msg("trial %d: cell %d lost digits %#x that a solution uses", t, c,
                             (unsigned)(sup[c] & ~out[c]));
            }
        }
        /* A complete assignment: narrowing fails exactly when check does. */
        for (int c = 0; c < N; c++) {
            rg_mask m = start[c];
            for (int k = (int)v_rand((unsigned)__builtin_popcount(m)); k > 0; k--) m &= m - 1;
            v[c] = __builtin_ctz(m) + 1;
            out[c] = m & -m;
        }
        memcpy(start, out, (size_t)N * sizeof *start);
        int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
        assert_int_equal(rc == 0, rg_puzzle_check(p, v) == -1);
    }
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* v_sound of the rule list rules on a rows x cols board of D digits; frees rules. */
static V_UNUSED void v_sound_rules(int rows, int cols, int D, vbuf *rules, int trials)
{
    char *json = v_doc(rows, cols, D, "", rules->s, "");
    v_sound(json, trials);
    free(json);
    free(rules->s);
}

/* ---- Corpus files ------------------------------------------------------------------ */

/* Every document of the corpus file rel (source tree; every third under
 * Valgrind memcheck) is counted up to 2 at the propagate, intersections and
 * subsets levels: the count must be its
 * x-solution-count (when the line has one; 2 = several) and the first
 * solution its "solution" when unique. Returns the number of documents. */
static V_UNUSED int v_corpus(const char *rel)
{
    const char *path = t_src(rel);
    FILE *fp = fopen(path, "r");
    assert_non_null(fp);
    vbuf b = {0};
    int n = 0, ch = 0;
    while (ch != EOF) {
        b.n = 0;
        v_add(&b, "%s", "");
        while ((ch = fgetc(fp)) != EOF && ch != '\n') v_add(&b, "%c", ch);
        char *line = b.s;
        if (line[0] != '{') continue;
        /* Under Valgrind memcheck every third document from the first (the
         * propagate level makes these minutes there). */
        if (t_memcheck() && n % 3) {
            n++;
            continue;
        }
        rg_puzzle *p = t_parse(line);
        long expect = -1;
        const char *k = strstr(line, "\"x-solution-count\"");
        if (k) expect = strtol(strchr(k, ':') + 1, NULL, 10);
        int *sol = malloc((size_t)rg_puzzle_cells(p) * sizeof *sol);
        assert_non_null(sol);
        static const int levels[] = {RG_STRATEGY_PROPAGATE, RG_STRATEGY_INTERSECTIONS,
                                     RG_STRATEGY_SUBSETS};
        for (int i = 0; i < 3; i++) {
            long got = v_count(p, levels[i], RG_HEURISTIC_DOMWDEG, 2, sol);
            if (expect >= 0 && got != (expect > 2 ? 2 : expect))
                fail_msg("%s line %d: %ld solutions at %s, expected %ld", rel, n + 1, got,
                         rg_strategy_name(levels[i]), expect);
            const int *want = rg_puzzle_solution(p);
            if (got == 1 && want)
                for (int c = 0; c < rg_puzzle_cells(p); c++) assert_int_equal(sol[c], want[c]);
        }
        free(sol);
        rg_puzzle_free(p);
        n++;
    }
    free(b.s);
    fclose(fp);
    return n;
}

/* ---- Errors ---------------------------------------------------------------------------- */

static V_UNUSED void v_error(const char *json, int rule, const char *type, const char *field,
                             const char *phrase)
{
    rg_error e = t_parse_error(json);
    t_assert_error(&e, rule, type, field, phrase);
}

/* A one-rule document on a rows x cols board of D digits, for errors. */
static V_UNUSED void v_rule_error(int rows, int cols, int D, const char *rule, const char *type,
                                  const char *field, const char *phrase)
{
    vbuf b = {0};
    v_add(&b, "[%s]", rule);
    char *json = v_doc(rows, cols, D, "", b.s, "");
    v_error(json, 0, type, field, phrase);
    free(json);
    free(b.s);
}

#endif
