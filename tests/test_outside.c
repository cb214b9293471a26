/* The outside plugin: its errors, its propagators against brute force on
 * random lines, 4x4 counts that a missing or half-enforced rule would change,
 * and the puzzles of corpus/variants/outside.jsonl solved and checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/mask.h"
#include "search/solver.h"
#include "support.h"

enum { SANDWICH, LITTLE_KILLER, X_SUM, SKYSCRAPER, ROSSINI, KINDS };
static const char *const kind_names[] = {"sandwich", "little_killer", "x_sum", "skyscraper",
                                         "rossini"};
static const char *const params[] = {"value", "sum", "value", "value", "direction"};

/* ---- The rule, written again independently ---------------------------------- */

/* Does the line v[0..n-1] satisfy the clue? half: a deliberately partial
 * reading (sandwich summed only when 1 comes first, sums and counts only
 * bounded on one side, rossini on two cells) that a weak plugin might do. */
static int holds(int kind, const int *v, int n, long value, int D, int half)
{
    long s = 0;
    switch (kind) {
    case SANDWICH: {
        int ones = 0, tops = 0, a = 0, b = 0;
        for (int k = 0; k < n; k++) {
            if (v[k] == 1) ones++, a = k;
            if (v[k] == D) tops++, b = k;
        }
        if (ones != 1 || tops != 1) return 0;
        if (half && a > b) return 1;
        for (int k = (a < b ? a : b) + 1; k < (a < b ? b : a); k++) s += v[k];
        return s == value;
    }
    case LITTLE_KILLER:
        for (int k = 0; k < n; k++) s += v[k];
        return half ? s <= value : s == value;
    case X_SUM:
        if (v[0] > n) return 0;
        for (int k = 0; k < v[0]; k++) s += v[k];
        return half ? s <= value : s == value;
    case SKYSCRAPER: {
        int seen = 0, high = 0;
        for (int k = 0; k < n; k++)
            if (v[k] > high) high = v[k], seen++;
        return half ? seen >= value : seen == value;
    }
    default:
        if (half) return value ? v[0] > v[1] : v[0] < v[1];
        return value ? v[0] > v[1] && v[1] > v[2] : v[0] < v[1] && v[1] < v[2];
    }
}

/* A line: from (r, c) (counted from 0) in steps (dr, dc), n cells. */
typedef struct line {
    int r, c, dr, dc, n;
} line;

typedef struct clue {
    line l;
    long value;
} clue;

/* Appends the rule text of a clue to buf. */
static size_t put_rule(char *buf, size_t cap, int kind, const clue *q)
{
    size_t k =
        (size_t)snprintf(buf, cap, "{\"type\": \"outside\", \"kind\": \"%s\", ", kind_names[kind]);
    if (kind == ROSSINI)
        k += (size_t)snprintf(buf + k, cap - k, "\"direction\": \"%s\", ",
                              q->value ? "decreasing" : "increasing");
    else
        k += (size_t)snprintf(buf + k, cap - k, "\"%s\": %ld, ", params[kind], q->value);
    k += (size_t)snprintf(buf + k, cap - k, "\"cells\": [");
    for (int i = 0; i < q->l.n; i++)
        k += (size_t)snprintf(buf + k, cap - k, "%s\"r%dc%d\"", i ? ", " : "",
                              q->l.r + i * q->l.dr + 1, q->l.c + i * q->l.dc + 1);
    k += (size_t)snprintf(buf + k, cap - k, "]}");
    return k;
}

/* ---- Errors ------------------------------------------------------------------- */

#define DOC(rules)                                                                                 \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, \"columns\": 4, "         \
    "\"digits\": 4}, \"rules\": [" rules "]}"

static void assert_error(const char *json, const char *field, const char *phrase)
{
    rg_error e = t_parse_error(json);
    t_assert_error(&e, 0, "outside", field, phrase);
}

static void error_jump(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": 0, "
                     "\"cells\": [\"r1c1\", \"r1c3\", \"r1c4\"]}"),
                 "cells", "r1c1 and r1c3 are not neighbours");
}

static void error_bend(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": 2, "
                     "\"cells\": [\"r1c1\", \"r1c2\", \"r2c2\"]}"),
                 "cells", "the line is not straight: r2c2 does not follow r1c2");
}

static void error_killer_orthogonal(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 5, "
                     "\"cells\": [\"r1c1\", \"r2c1\"]}"),
                 "cells",
                 "a little killer line runs diagonally, but r1c1 to r2c1 is a step "
                 "along a column");
}

static void error_row_kind_diagonal(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"x_sum\", \"value\": 5, "
                     "\"cells\": [\"r1c1\", \"r2c2\", \"r3c3\"]}"),
                 "cells",
                 "a x_sum line runs along a row or column, but r1c1 to r2c2 is a "
                 "diagonal step");
}

/* A value no filling of the line can show is a clue all the same (format.md
 * 8.11): the document reads, and the puzzle has no solution. A skyscraper of
 * 4 cells sees at most 4; a sandwich of 4 cells with D = 4 holds at most two
 * cells of 3; a little killer of 2 cells sums to 2 .. 8; an x_sum is at
 * least 1; none is ever negative, and the largest integers the reader takes (2^53 - 1) must not
 * overflow anything. (A 2 x 4 board: small enough for plain backtracking.) */
static void impossible_values_have_no_solution(void **state)
{
    (void)state;
    static const char *const rules[] = {
        "{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": 5, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": 0, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": -3, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": 64, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": 7, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": -1, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": 9007199254740991, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
        "{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 9, "
        "\"cells\": [\"r1c2\", \"r2c1\"]}",
        "{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 1, "
        "\"cells\": [\"r1c2\", \"r2c1\"]}",
        "{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": -9007199254740991, "
        "\"cells\": [\"r1c2\", \"r2c1\"]}",
        "{\"type\": \"outside\", \"kind\": \"x_sum\", \"value\": 0, "
        "\"cells\": [\"r1c1\", \"r1c2\"]}",
        "{\"type\": \"outside\", \"kind\": \"x_sum\", \"value\": 9, "
        "\"cells\": [\"r1c1\", \"r1c2\"]}",
        "{\"type\": \"outside\", \"kind\": \"x_sum\", \"value\": 100000, "
        "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}",
    };
    static const int strategies[] = {RG_STRATEGY_CHECK, RG_STRATEGY_SUBSETS, RG_STRATEGY_SAC};
    char doc[1024];
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        snprintf(doc, sizeof doc,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 2, "
                 "\"columns\": 4, \"digits\": 4}, \"rules\": [%s]}",
                 rules[i]);
        rg_puzzle *p = t_parse(doc);
        for (size_t s = 0; s < sizeof strategies / sizeof *strategies; s++) {
            int status;
            long n = t_count(p, strategies[s], RG_HEURISTIC_MRV, 10, &status);
            if (n != 0) fail_msg("%s: %ld solutions at strategy %zu", rules[i], n, s);
        }
        rg_puzzle_free(p);
    }
}

/* Wrong JSON types stay errors: a value is an integer. */
static void error_value_type(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"skyscraper\", \"value\": \"2\", "
                     "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}"),
                 "value", "expected an integer");
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 2.5, "
                     "\"cells\": [\"r1c2\", \"r2c1\"]}"),
                 "sum", "expected an integer");
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": null, "
                     "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}"),
                 "value", "expected an integer");
}

static void error_missing(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"little_killer\", "
                     "\"cells\": [\"r1c2\", \"r2c1\"]}"),
                 "sum", "missing required field");
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"rossini\", "
                     "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}"),
                 "direction", "missing required field");
    assert_error(DOC("{\"type\": \"outside\", \"value\": 3, \"cells\": [\"r1c1\"]}"), "kind",
                 "missing required field");
}

static void error_unknown_kind(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"sandwhich\", \"value\": 3, "
                     "\"cells\": [\"r1c1\", \"r1c2\"]}"),
                 "kind", "sandwhich");
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"rossini\", \"direction\": \"up\", "
                     "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}"),
                 "direction", "up");
}

static void error_short_rossini(void **state)
{
    (void)state;
    assert_error(DOC("{\"type\": \"outside\", \"kind\": \"rossini\", \"direction\": "
                     "\"increasing\", \"cells\": [\"r1c1\", \"r1c2\"]}"),
                 "cells", "3");
}

static void error_foreign_field(void **state)
{
    (void)state;
    rg_error e = t_parse_error(DOC("{\"type\": \"outside\", \"kind\": \"sandwich\", \"value\": "
                                   "2, \"sum\": 4, \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}"));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_string_equal(e.field, "sum");
}

/* ---- Marks -------------------------------------------------------------------- */

/* A rossini clue and a sandwich parse and solve together with houses: the
 * marks they add do not disturb the model. (Negatives read them.) */
static void marks_parse(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC("{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                               "{\"type\": \"outside\", \"kind\": \"rossini\", \"direction\": "
                               "\"decreasing\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", "
                               "\"r1c4\"]}"));
    int status;
    /* r1 = 4 3 2 1 or 4 3 1 2 or ...: the first three strictly decrease. */
    long n = t_count(p, RG_STRATEGY_SUBSETS, RG_HEURISTIC_MRV, 1000, &status);
    assert_true(n > 0 && n < 288);
    rg_puzzle_free(p);
}

/* ---- Soundness against brute force -------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* Reads a value for the clue off a random line v; falls back to a random
 * value of the allowed range when v has none. */
static long pick_value(int kind, const int *v, int n, int D)
{
    long s = 0;
    switch (kind) {
    case SANDWICH: {
        long max = D >= 3 && n > 2 ? (long)(n - 2) * (D - 1) : 0;
        for (long x = 0; x <= max; x++)
            if (holds(kind, v, n, x, D, 0)) return x;
        return rnd((unsigned)max + 1);
    }
    case LITTLE_KILLER:
        for (int k = 0; k < n; k++) s += v[k];
        return s;
    case X_SUM:
        if (v[0] > n) return 1 + rnd((unsigned)(n < D ? n : D) * (unsigned)D);
        for (int k = 0; k < v[0]; k++) s += v[k];
        return s;
    case SKYSCRAPER:
        for (long x = 1;; x++)
            if (holds(kind, v, n, x, D, 0)) return x;
    default: return v[0] < v[1] && v[1] < v[2] ? 0 : v[0] > v[1] && v[1] > v[2] ? 1 : (long)rnd(2);
    }
}

/* One random instance: a line of n cells (a 1 x n board, or the diagonal of
 * an n x n board for a little killer) with D digits, the clue alone, with
 * a region over the line (region 1) or over a run of it (region 2: its
 * cells are walked as sets of distinct digits, the others not); random
 * start domains. Narrowing must keep every
 * digit some satisfying assignment uses, fail only when none exists, agree
 * with check at singletons and, without the region (no repeats rule), keep
 * nothing more. */
static void sound_once(rg_solver *s, int kind, int region)
{
    int n = 4 + (int)rnd(4), D = n + (int)rnd(3);
    int v[8];
    for (int k = 0; k < n; k++) {
        v[k] = 1 + (int)rnd((unsigned)D);
        for (int i = 0; region && i < k; i++)
            if (v[i] == v[k]) v[k] = 1 + (int)rnd((unsigned)D), i = -1;
    }
    clue q = {{0, 0, kind == LITTLE_KILLER, 1, n}, pick_value(kind, v, n, D)};
    if (kind == LITTLE_KILLER && rnd(3) == 0) q.value = n + rnd((unsigned)(n * D - n + 1));
    char json[4096], rule[1024], cells[1024], part[1024];
    put_rule(rule, sizeof rule, kind, &q);
    /* region 2: the region holds only the cells from..to of the line. */
    int from = region == 2 ? (int)rnd((unsigned)n - 1) : 0;
    int to = region == 2 ? from + 1 + (int)rnd((unsigned)(n - 1 - from)) : n - 1;
    if (region == 2 && from == 0 && to == n - 1) to--;
    size_t k = 0, kp = 0;
    part[0] = 0;
    for (int i = 0; i < n; i++) {
        k += (size_t)snprintf(cells + k, sizeof cells - k, "%s\"r%dc%d\"", i ? ", " : "",
                              q.l.r + i * q.l.dr + 1, i + 1);
        if (i >= from && i <= to)
            kp += (size_t)snprintf(part + kp, sizeof part - kp, "%s\"r%dc%d\"",
                                   i > from ? ", " : "", q.l.r + i * q.l.dr + 1, i + 1);
    }
    snprintf(json, sizeof json,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, "
             "\"columns\": %d, \"digits\": %d, \"cells\": [%s]}, \"rules\": [%s%s%s%s]}",
             kind == LITTLE_KILLER ? n : 1, n, D, cells, rule,
             region ? ", {\"type\": "
                      "\"region\", \"cells\": ["
                    : "",
             region ? part : "", region ? "]}" : "");
    rg_puzzle *p = t_parse(json);
    int idx[8];
    for (int i = 0; i < n; i++) {
        idx[i] = rg_puzzle_cell_at(p, q.l.r + i * q.l.dr + 1, i + 1);
        assert_true(idx[i] >= 0 && idx[i] < n);
    }
    /* Start domains: random, often around the line the value came from, and
     * small enough to enumerate. */
    rg_mask start[8], out[8], sup[8] = {0};
    long product;
    do {
        product = 1;
        int keep_v = rnd(2);
        for (int i = 0; i < n; i++) {
            rg_mask m = 0;
            for (int d = 1; d <= D; d++)
                if (rnd(10) < 5) m |= 1u << (d - 1);
            if (keep_v || !m) m |= 1u << (v[i] - 1);
            if (rnd(8) == 0) m = 1u << (v[i] - 1);
            start[idx[i]] = m;
            product *= rg_popcount(m);
        }
    } while (product > 40000);
    /* Enumerate. */
    int vals[8], pos[8] = {0}, any = 0;
    rg_mask list[8][RG_MAX_DIGITS];
    int len[8];
    for (int c = 0; c < n; c++) {
        len[c] = 0;
        for (rg_mask m = start[c]; m; m &= m - 1) list[c][len[c]++] = m & -m;
    }
    for (;;) {
        for (int c = 0; c < n; c++) vals[c] = rg_digit_of(list[c][pos[c]]);
        if (rg_puzzle_check(p, vals) == -1) {
            any = 1;
            for (int c = 0; c < n; c++) sup[c] |= list[c][pos[c]];
        }
        int c = 0;
        while (c < n && ++pos[c] == len[c]) pos[c++] = 0;
        if (c == n) break;
    }
    int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
    if (any) {
        if (rc != 0)
            fail_msg("%s: narrow failed, but a solution exists: %s", kind_names[kind], json);
        for (int c = 0; c < n; c++) {
            if ((out[c] & sup[c]) != sup[c])
                fail_msg("%s: cell %d lost a supported digit (start %x, kept %x, used %x): %s",
                         kind_names[kind], c, start[c], out[c], sup[c], json);
            if (!region && out[c] != sup[c])
                fail_msg("%s: cell %d kept an unsupported digit (start %x, kept %x, used %x): %s",
                         kind_names[kind], c, start[c], out[c], sup[c], json);
        }
    } else if (!region) {
        if (rc != RG_FAIL)
            fail_msg("%s: no solution, but narrow did not fail: %s", kind_names[kind], json);
    }
    if (product == 1) assert_int_equal(rc == 0, any);
    rg_puzzle_free(p);
}

static void soundness(int kind)
{
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    for (int i = 0; i < 150; i++) {
        sound_once(s, kind, 0);
        sound_once(s, kind, 1);
        sound_once(s, kind, 2);
    }
    rg_solver_free(s);
}

static void sound_sandwich(void **state)
{
    (void)state;
    soundness(SANDWICH);
}

static void sound_little_killer(void **state)
{
    (void)state;
    soundness(LITTLE_KILLER);
}

static void sound_x_sum(void **state)
{
    (void)state;
    soundness(X_SUM);
}

static void sound_skyscraper(void **state)
{
    (void)state;
    soundness(SKYSCRAPER);
}

static void sound_rossini(void **state)
{
    (void)state;
    soundness(ROSSINI);
}

/* Long skyscraper lines (up to 40 cells, up to 32 digits, too many to
 * enumerate): the digits narrowing keeps must be exactly those some line
 * showing the value uses, worked out here state by state, (cells read,
 * highest so far, count seen) with one flag each, forwards and backwards.
 * Without a region repeats are allowed, so the pass is exact and keeps
 * nothing else. With distinct (a region holds the line) a digit stays only
 * below the highest so far, k cells read hold k distinct digits (highest
 * at least k) and the line ends at a highest of at least n: what the
 * plugin keeps then is at most this (the region's own propagation may take
 * more). */
enum { LONG_N = 40, LONG_D = 32 };
static unsigned char fwd[LONG_N + 1][LONG_D + 1][LONG_N + 2],
    bwd[LONG_N + 1][LONG_D + 1][LONG_N + 2];

static void sky_support(const rg_mask *dom, int n, int D, int K, int distinct, rg_mask *sup)
{
    memset(fwd, 0, sizeof fwd);
    memset(bwd, 0, sizeof bwd);
    fwd[0][0][0] = 1;
    for (int k = 0; k < n; k++)
        for (int h = 0; h <= D; h++)
            for (int c = 0; c <= K; c++)
                if (fwd[k][h][c])
                    for (int v = 1; v <= D; v++)
                        if (dom[k] >> (v - 1) & 1) {
                            if (v > h && c < K && (!distinct || v >= k + 1))
                                fwd[k + 1][v][c + 1] = 1;
                            if (v < h + !distinct && (!distinct || h >= k + 1))
                                fwd[k + 1][h][c] = 1;
                        }
    for (int h = distinct ? n : 0; h <= D; h++) bwd[n][h][K] = 1;
    for (int k = n - 1; k >= 0; k--) {
        sup[k] = 0;
        for (int h = 0; h <= D; h++)
            for (int c = 0; c <= K; c++)
                for (int v = 1; v <= D; v++) {
                    if (!(dom[k] >> (v - 1) & 1)) continue;
                    int ok =
                        v > h ? c < K && (!distinct || v >= k + 1) && bwd[k + 1][v][c + 1]
                              : v < h + !distinct && (!distinct || h >= k + 1) && bwd[k + 1][h][c];
                    if (!ok) continue;
                    bwd[k][h][c] = 1;
                    if (fwd[k][h][c]) sup[k] |= 1u << (v - 1);
                }
    }
}

/* One line of n cells and D digits on a 1 x n board showing K, with a
 * region over the whole line when distinct; random dense or sparse
 * domains, some cells fixed. */
static void sky_long_once(rg_solver *s, int n, int D, int K, int distinct)
{
    char json[16384], cells[2048], rule[2048];
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(cells + k, sizeof cells - k, "%s\"r1c%d\"", i ? ", " : "", i + 1);
    clue q = {{0, 0, 0, 1, n}, K};
    put_rule(rule, sizeof rule, SKYSCRAPER, &q);
    snprintf(json, sizeof json,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, "
             "\"columns\": %d, \"digits\": %d, \"cells\": [%s]}, \"rules\": [%s%s%s%s]}",
             n, D, cells, rule, distinct ? ", {\"type\": \"region\", \"cells\": [" : "",
             distinct ? cells : "", distinct ? "]}" : "");
    rg_puzzle *p = t_parse(json);
    rg_mask start[LONG_N], out[LONG_N], sup[LONG_N], all = D == 32 ? ~0u : (1u << D) - 1;
    unsigned dense = 2 + rnd(8);
    for (int i = 0; i < n; i++) {
        rg_mask m = 0;
        for (int d = 0; d < D; d++)
            if (rnd(10) < dense) m |= 1u << d;
        if (!m || rnd(10) == 0) m = 1u << rnd((unsigned)D);
        start[rg_puzzle_cell_at(p, 1, i + 1)] = m & all;
    }
    rg_mask line[LONG_N];
    for (int i = 0; i < n; i++) line[i] = start[rg_puzzle_cell_at(p, 1, i + 1)];
    sky_support(line, n, D, K, distinct, sup);
    int any = 0;
    for (int i = 0; i < n; i++) any |= sup[i] != 0;
    int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
    if (!any) {
        if (rc != RG_FAIL) fail_msg("no line shows %d, but narrow did not fail: %s", K, json);
    } else if (!distinct) {
        if (rc != 0) fail_msg("narrow failed, but a line shows %d: %s", K, json);
        for (int i = 0; i < n; i++)
            if (out[rg_puzzle_cell_at(p, 1, i + 1)] != sup[i])
                fail_msg("cell %d: kept %x, supported %x: %s", i,
                         out[rg_puzzle_cell_at(p, 1, i + 1)], sup[i], json);
    } else if (rc == 0) {
        for (int i = 0; i < n; i++)
            if (out[rg_puzzle_cell_at(p, 1, i + 1)] & ~sup[i])
                fail_msg("cell %d: kept %x, distinct lines allow only %x: %s", i,
                         out[rg_puzzle_cell_at(p, 1, i + 1)], sup[i], json);
    }
    rg_puzzle_free(p);
}

/* 300 random lines: without a region up to LONG_N cells of up to LONG_D
 * digits; with one (distinct) up to LONG_D cells of at least as many
 * digits. */
static void sky_long_runs(int distinct)
{
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    for (int t = 0; t < 300; t++) {
        int n = 2 + (int)rnd((distinct ? LONG_D : LONG_N) - 1);
        int D = distinct ? n + (int)rnd((unsigned)(LONG_D - n + 1)) : 1 + (int)rnd(LONG_D);
        int hi = n < D ? n : D, K = 1 + (int)rnd((unsigned)hi);
        sky_long_once(s, n, D, K, distinct);
    }
    rg_solver_free(s);
}

static void skyscraper_long_exact(void **state)
{
    (void)state;
    sky_long_runs(0);
}

/* The same with a region over the line: nothing beyond what distinct
 * digits allow (sound_skyscraper checks, by enumeration on short lines,
 * that nothing a solution uses goes). */
static void skyscraper_long_distinct(void **state)
{
    (void)state;
    sky_long_runs(1);
}

/* A row of a 9 x 9 sudoku with nothing placed: a clue of 1 puts the 9 in
 * its first cell, and a clue of 9 the digits in order; repeats allowed,
 * neither would follow from the line alone. */
static void skyscraper_full_row(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    for (int K = 1; K <= 9; K += 8) {
        char json[2048];
        snprintf(json, sizeof json,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                 "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", "
                 "\"origin\": \"r1c1\", \"box\": [3, 3]}, {\"type\": \"outside\", \"kind\": "
                 "\"skyscraper\", \"value\": %d, \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", "
                 "\"r1c4\", \"r1c5\", \"r1c6\", \"r1c7\", \"r1c8\", \"r1c9\"]}]}",
                 K);
        rg_puzzle *p = t_parse(json);
        rg_mask start[81], out[81];
        for (int c = 0; c < 81; c++) start[c] = 0x1ff;
        assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
        if (K == 1) {
            assert_int_equal(out[rg_puzzle_cell_at(p, 1, 1)], 1u << 8);
            for (int i = 2; i <= 9; i++) assert_false(out[rg_puzzle_cell_at(p, 1, i)] & 1u << 8);
        } else {
            for (int i = 1; i <= 9; i++)
                assert_int_equal(out[rg_puzzle_cell_at(p, 1, i)], 1u << (i - 1));
        }
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
}

/* Little killers on long diagonals without houses (each cell a run of its
 * own, repeats allowed), up to 40 cells of 32 digits, against sums walked
 * forwards and backwards cell by cell: exact, so the kept digits are those.
 * The totals reach past 127 and the runs past 16, so the plugin's sets of
 * partial sums go both on its stack (short lines) and out of line (long). */
enum { KSUM = LONG_N * LONG_D };
static unsigned char pre[LONG_N + 1][KSUM + 1], suf[LONG_N + 1][KSUM + 1];

static void killer_support(const rg_mask *dom, int n, int D, long t, rg_mask *sup)
{
    memset(pre, 0, sizeof pre);
    memset(suf, 0, sizeof suf);
    pre[0][0] = 1;
    for (int k = 0; k < n; k++)
        for (long x = 0; x <= t; x++)
            if (pre[k][x])
                for (int v = 1; v <= D && x + v <= t; v++)
                    if (dom[k] >> (v - 1) & 1) pre[k + 1][x + v] = 1;
    suf[n][0] = 1;
    for (int k = n - 1; k >= 0; k--) {
        sup[k] = 0;
        for (long x = 0; x <= t; x++)
            if (suf[k + 1][x])
                for (int v = 1; v <= D && x + v <= t; v++)
                    if (dom[k] >> (v - 1) & 1) {
                        suf[k][x + v] = 1;
                        if (pre[k][t - x - v]) sup[k] |= 1u << (v - 1);
                    }
    }
}

static void killer_long_exact(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    int long_lines = 0, big_sums = 0;
    for (int t = 0; t < 200; t++) {
        int n = 2 + (int)rnd(LONG_N - 1), D = 4 + (int)rnd(LONG_D - 3);
        rg_mask start[LONG_N], out[LONG_N], sup[LONG_N], all = D == 32 ? ~0u : (1u << D) - 1;
        rg_mask line[LONG_N];
        unsigned dense = 2 + rnd(8);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int v = 1 + (int)rnd((unsigned)D);
            rg_mask m = 1u << (v - 1);
            for (int d = 0; d < D; d++)
                if (rnd(10) < dense) m |= 1u << d;
            line[i] = m & all;
            sum += v;
        }
        if (rnd(5) == 0) sum = n + (long)rnd((unsigned)(n * D - n + 1));
        char json[16384], cells[2048], rule[2048];
        size_t k = 0;
        for (int i = 0; i < n; i++)
            k += (size_t)snprintf(cells + k, sizeof cells - k, "%s\"r%dc%d\"", i ? ", " : "", i + 1,
                                  i + 1);
        clue q = {{0, 0, 1, 1, n}, sum};
        put_rule(rule, sizeof rule, LITTLE_KILLER, &q);
        snprintf(json, sizeof json,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, "
                 "\"columns\": %d, \"digits\": %d, \"cells\": [%s]}, \"rules\": [%s]}",
                 n, n, D, cells, rule);
        rg_puzzle *p = t_parse(json);
        for (int i = 0; i < n; i++) start[rg_puzzle_cell_at(p, i + 1, i + 1)] = line[i];
        killer_support(line, n, D, sum, sup);
        long_lines += n > 16;
        big_sums += sum > 127;
        int any = 0;
        for (int i = 0; i < n; i++) any |= sup[i] != 0;
        int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
        if (!any) {
            if (rc != RG_FAIL)
                fail_msg("no line sums to %ld, but narrow did not fail: %s", sum, json);
        } else {
            if (rc != 0) fail_msg("narrow failed, but a line sums to %ld: %s", sum, json);
            for (int i = 0; i < n; i++)
                if (out[rg_puzzle_cell_at(p, i + 1, i + 1)] != sup[i])
                    fail_msg("cell %d: kept %x, supported %x: %s", i,
                             out[rg_puzzle_cell_at(p, i + 1, i + 1)], sup[i], json);
        }
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
    assert_true(long_lines >= 20 && big_sums >= 20);
}

/* ---- Counts on 4 x 4 ----------------------------------------------------------- */

/* All 288 solved 4 x 4 sudokus. */
static int grids[288][16];
static int ngrids;

static int fits(int *g, int k, int v)
{
    int r = k / 4, c = k % 4, r0 = r - r % 2, c0 = c - c % 2;
    for (int i = 0; i < 4; i++)
        if (g[r * 4 + i] == v || g[i * 4 + c] == v || g[(r0 + i / 2) * 4 + c0 + i % 2] == v)
            return 0;
    return 1;
}

static void fill(int *g, int k)
{
    if (k == 16) {
        memcpy(grids[ngrids++], g, sizeof grids[0]);
        return;
    }
    for (int v = 1; v <= 4; v++)
        if (fits(g, k, v)) {
            g[k] = v;
            fill(g, k + 1);
            g[k] = 0;
        }
}

static void line_of(const int *g, const line *l, int *v)
{
    for (int i = 0; i < l->n; i++) v[i] = g[(l->r + i * l->dr) * 4 + l->c + i * l->dc];
}

/* Grids satisfying every clue: fully (half 0) or as the partial reading. */
static long brute(int kind, const clue *q, int nq, int half)
{
    long count = 0;
    for (int i = 0; i < ngrids; i++) {
        int ok = 1;
        for (int j = 0; j < nq && ok; j++) {
            int v[4];
            line_of(grids[i], &q[j].l, v);
            ok = holds(kind, v, q[j].l.n, q[j].value, 4, half);
        }
        count += ok;
    }
    return count;
}

/* The engine's count under every strategy must be the brute count, which a
 * plugin that ignored the clues or read them only partly would miss. */
static void count_case(int kind, const clue *q, int nq)
{
    if (!ngrids) {
        int g[16] = {0};
        fill(g, 0);
    }
    assert_int_equal(ngrids, 288);
    char json[8192];
    size_t k = (size_t)snprintf(json, sizeof json,
                                "{\"format\": \"rulegrid\", \"version\": 1, \"board\": "
                                "{\"rows\": 4, \"columns\": 4, \"digits\": 4}, \"rules\": "
                                "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
    for (int j = 0; j < nq; j++) {
        k += (size_t)snprintf(json + k, sizeof json - k, ", ");
        k += put_rule(json + k, sizeof json - k, kind, &q[j]);
    }
    snprintf(json + k, sizeof json - k, "]}");
    long full = brute(kind, q, nq, 0), half = brute(kind, q, nq, 1);
    assert_true(full > 0);
    assert_true(full != half);
    assert_true(full != 288);
    rg_puzzle *p = t_parse(json);
    for (int st = RG_STRATEGY_CHECK; st < RG_STRATEGY_COUNT; st++) {
        int status;
        long n = t_count(p, st, RG_HEURISTIC_MRV, 1000, &status);
        if (n != full)
            fail_msg("%s at strategy %s: %ld solutions, brute force %ld", kind_names[kind],
                     rg_strategy_name(st), n, full);
        assert_int_equal(status, full == 1 ? RG_STATUS_UNIQUE : RG_STATUS_MULTIPLE);
    }
    rg_puzzle_free(p);
}

static void count_sandwich(void **state)
{
    (void)state;
    const clue q[] = {{{0, 0, 0, 1, 4}, 2}, {{0, 1, 1, 0, 4}, 5}, {{1, 3, 0, -1, 4}, 5}};
    count_case(SANDWICH, q, 3);
}

static void count_little_killer(void **state)
{
    (void)state;
    const clue q[] = {{{0, 1, 1, 1, 3}, 6}, {{0, 1, 1, -1, 2}, 7}, {{2, 0, 1, 1, 2}, 5}};
    count_case(LITTLE_KILLER, q, 3);
}

static void count_x_sum(void **state)
{
    (void)state;
    const clue q[] = {{{3, 3, 0, -1, 4}, 1}, {{0, 1, 1, 0, 4}, 10}, {{0, 0, 1, 0, 4}, 8}};
    count_case(X_SUM, q, 3);
}

static void count_skyscraper(void **state)
{
    (void)state;
    /* The second clue stands on three cells of a row: a line need not be a house. */
    const clue q[] = {{{3, 3, 0, -1, 4}, 4}, {{1, 0, 0, 1, 3}, 1}};
    count_case(SKYSCRAPER, q, 2);
}

static void count_rossini(void **state)
{
    (void)state;
    const clue q[] = {{{3, 3, 0, -1, 4}, 0}, {{0, 3, 1, 0, 4}, 1}, {{0, 1, 1, 0, 4}, 1}};
    count_case(ROSSINI, q, 3);
}

/* A sandwich line must hold one 1 and one D even where no house says so, and
 * an x_sum whose first digit is longer than the line fails (format.md 8.2). */
static void count_partial_lines(void **state)
{
    (void)state;
    /* 1 x 3, D = 4, no houses: lines with exactly one 1 and one 4 and the
     * third cell (2 or 3) between them: 2 orders x 2 digits. */
    rg_puzzle *p = t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, "
                           "\"columns\": 3, \"digits\": 4}, \"rules\": [{\"type\": \"outside\", "
                           "\"kind\": \"sandwich\", \"value\": 2, \"cells\": [\"r1c1\", \"r1c2\", "
                           "\"r1c3\"]}]}");
    int status;
    for (int st = RG_STRATEGY_CHECK; st < RG_STRATEGY_COUNT; st++)
        assert_int_equal(t_count(p, st, RG_HEURISTIC_MRV, 100, &status), 2);
    rg_puzzle_free(p);
    /* 1 x 2, D = 4, value 3: a first digit 1 sums to 1; 2 needs 2 + 1; 3 and
     * 4 are longer than the line. One solution: 2 1. */
    p = t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, "
                "\"columns\": 2, \"digits\": 4}, \"rules\": [{\"type\": \"outside\", "
                "\"kind\": \"x_sum\", \"value\": 3, \"cells\": [\"r1c1\", \"r1c2\"]}]}");
    for (int st = RG_STRATEGY_CHECK; st < RG_STRATEGY_COUNT; st++)
        assert_int_equal(t_count(p, st, RG_HEURISTIC_MRV, 100, &status), 1);
    rg_puzzle_free(p);
}

/* ---- The corpus ---------------------------------------------------------------- */

/* Every puzzle of corpus/variants/outside.jsonl: its count (limit 2) is its
 * x-solution-count, and the first solution is the document's; the 4 x 4
 * ones are counted again over all 288 grids. */
/* ---- Little killers with their houses ------------------------------------------ */

/* The root domains of a 4 x 4 sudoku with one more rule, from start. */
static int root4(const char *rule, const rg_mask *start, rg_mask *out)
{
    char json[2048];
    int len = snprintf(json, sizeof json,
                       "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                       "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", "
                       "\"origin\": \"r1c1\", \"box\": [2, 2]}, %s]}",
                       rule);
    assert_true(len > 0 && (size_t)len < sizeof json);
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
    rg_solver_free(s);
    rg_puzzle_free(p);
    return rc;
}

/* A digit every sum of a run of peers needs leaves the rest of their box, at
 * the propagate level (no subsets): r1c1 + r2c2 = 7 is 3 + 4, so r1c2 and
 * r2c1 keep 1 and 2; = 5 is 1 + 4 or 2 + 3, which share no digit. */
static void killer_run_digits(void **state)
{
    (void)state;
    rg_mask start[16], out[16];
    for (int c = 0; c < 16; c++) start[c] = 0xF;
    assert_int_equal(root4("{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 7, "
                           "\"cells\": [\"r1c1\", \"r2c2\"]}",
                           start, out),
                     0);
    assert_int_equal(out[0], 0xC);
    assert_int_equal(out[1], 0x3);
    assert_int_equal(out[4], 0x3);
    assert_int_equal(out[2], 0xF);
    assert_int_equal(root4("{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 5, "
                           "\"cells\": [\"r1c1\", \"r2c2\"]}",
                           start, out),
                     0);
    assert_int_equal(out[1], 0xF);
    assert_int_equal(out[4], 0xF);
    /* r1c1 1|2|3, r2c2 1|3|4, r3c3 3|4 summing to 8: the pair r1c1, r2c2 is
     * 1 3, 1 4, 3 1 or 2 3, which share no digit; 3 stays in the box. */
    start[0] = 0x7, start[5] = 0xD, start[10] = 0xC;
    assert_int_equal(root4("{\"type\": \"outside\", \"kind\": \"little_killer\", \"sum\": 8, "
                           "\"cells\": [\"r1c1\", \"r2c2\", \"r3c3\"]}",
                           start, out),
                     0);
    assert_int_equal(out[1], 0xF);
    assert_int_equal(out[4], 0xF);
}

/* Little killers on a 4 x 4 sudoku whose sums a random grid makes, from
 * start domains holding that grid and random other digits, against brute
 * force: no digit a solution uses is removed. */
static void killer_houses_sound(void **state)
{
    (void)state;
    if (!ngrids) {
        int g[16] = {0};
        fill(g, 0);
    }
    const int rounds = t_rounds(200, 200, 80); /* fewer under Valgrind */
    for (int t = 0; t < rounds; t++) {
        const int *g = grids[rnd(288)];
        char rules[2048];
        size_t k = 0;
        for (int j = 0, nj = 1 + (int)rnd(3); j < nj; j++) {
            /* A diagonal from a cell of the top row, down and right or left. */
            int c = (int)rnd(4), dc = c < 2 ? 1 : -1, n = 2 + (int)rnd(3), sum = 0;
            if (n > (dc > 0 ? 4 - c : c + 1)) n = dc > 0 ? 4 - c : c + 1;
            char cells[256];
            size_t kc = 0;
            for (int i = 0; i < n; i++) {
                sum += g[i * 4 + c + i * dc];
                kc += (size_t)snprintf(cells + kc, sizeof cells - kc, "%s\"r%dc%d\"", i ? ", " : "",
                                       i + 1, c + i * dc + 1);
            }
            k += (size_t)snprintf(rules + k, sizeof rules - k,
                                  "%s{\"type\": \"outside\", \"kind\": \"little_killer\", "
                                  "\"sum\": %d, \"cells\": [%s]}",
                                  j ? ", " : "", sum, cells);
        }
        rg_mask start[16], out[16], used[16] = {0};
        long size = 1;
        for (int c = 0; c < 16; c++) start[c] = 1u << (g[c] - 1);
        for (int i = 0; i < 40; i++) {
            int c = (int)rnd(16);
            rg_mask m = start[c] | 1u << rnd(4);
            long grown = size / rg_popcount(start[c]) * rg_popcount(m);
            if (grown <= 100000) start[c] = m, size = grown;
        }
        int rc = root4(rules, start, out);
        char json[4096];
        snprintf(json, sizeof json,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                 "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", "
                 "\"origin\": \"r1c1\", \"box\": [2, 2]}, %s]}",
                 rules);
        rg_puzzle *p = t_parse(json);
        int pos[16] = {0}, vals[16];
        for (;;) {
            for (int c = 0; c < 16; c++) {
                rg_mask m = start[c];
                for (int i = 0; i < pos[c]; i++) m &= m - 1;
                vals[c] = rg_digit_of(m & -m);
            }
            if (rg_puzzle_check(p, vals) == -1)
                for (int c = 0; c < 16; c++) used[c] |= 1u << (vals[c] - 1);
            int c = 0;
            while (c < 16 && ++pos[c] == rg_popcount(start[c])) pos[c++] = 0;
            if (c == 16) break;
        }
        rg_puzzle_free(p);
        if (rc != 0) fail_msg("narrowing failed, but the grid solves %s", rules);
        for (int c = 0; c < 16; c++)
            if (used[c] & ~out[c])
                fail_msg("cell %d lost %#x that a solution uses: %s", c, used[c] & ~out[c], rules);
    }
}

static void corpus(void **state)
{
    (void)state;
    FILE *f = fopen(t_src("corpus/variants/outside.jsonl"), "r");
    assert_non_null(f);
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    assert_non_null(buf);
    int lines = 0, small = 0;
    while (fgets(buf, (int)cap, f)) {
        if (buf[0] != '{') continue;
        lines++;
        rg_puzzle *p = t_parse(buf);
        const char *x = strstr(buf, "\"x-solution-count\": ");
        assert_non_null(x);
        long want = strtol(x + strlen("\"x-solution-count\": "), NULL, 10);
        const int *sol = rg_puzzle_solution(p);
        assert_non_null(sol);
        assert_int_equal(rg_puzzle_check(p, sol), -1);
        rg_solver *s = rg_solver_new();
        rg_options o;
        rg_options_default(&o);
        o.limit = 2;
        o.strategy = RG_STRATEGY_SUBSETS;
        rg_result r;
        rg_error err;
        rg_error_clear(&err);
        assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
        if (r.solutions != (want > 2 ? 2 : want))
            fail_msg("corpus line %d: %ld solutions, expected %ld", lines, r.solutions, want);
        if (want == 1)
            for (int c = 0; c < rg_puzzle_cells(p); c++) assert_int_equal(r.solution[c], sol[c]);
        if (rg_puzzle_rows(p) == 4 && rg_puzzle_columns(p) == 4 && rg_puzzle_cells(p) == 16 &&
            strstr(buf, "\"box\": [2, 2]")) {
            /* Independently: which of the 288 grids keep the givens and every rule. */
            if (!ngrids) {
                int g[16] = {0};
                fill(g, 0);
            }
            const int *giv = rg_puzzle_givens(p);
            long found = 0;
            for (int i = 0; i < ngrids; i++) {
                int vals[16], ok = 1;
                for (int c = 0; c < 16; c++) {
                    int row, col;
                    rg_puzzle_cell_pos(p, c, &row, &col);
                    vals[c] = grids[i][(row - 1) * 4 + col - 1];
                    ok &= !giv[c] || giv[c] == vals[c];
                }
                found += ok && rg_puzzle_check(p, vals) == -1;
            }
            assert_int_equal(found, want);
            small++;
        }
        rg_solver_free(s);
        rg_puzzle_free(p);
    }
    fclose(f);
    free(buf);
    assert_true(lines >= 20);
    assert_true(small >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(error_jump, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_bend, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_killer_orthogonal, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_row_kind_diagonal, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(impossible_values_have_no_solution, t_mem_setup,
                                        t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_value_type, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_missing, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_unknown_kind, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_short_rossini, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(error_foreign_field, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(marks_parse, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_sandwich, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_little_killer, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_x_sum, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_skyscraper, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_rossini, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(skyscraper_long_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(skyscraper_long_distinct, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(skyscraper_full_row, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(killer_long_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_sandwich, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_little_killer, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_x_sum, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_skyscraper, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_rossini, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(count_partial_lines, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(killer_run_digits, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(killer_houses_sound, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
