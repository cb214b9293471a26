/* The outside plugin (format.md 6.8, 8.2): sandwich, little_killer, x_sum,
 * skyscraper and rossini clues read inwards along a straight line of cells,
 * one propagator per clue. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linsum.h"
#include "masks.h"
#include "outside.h"
#include "rulegrid/plugin.h"
#include "why_util.h"

/* Each propagator keeps exactly the digits some completion of the line
 * supports, with repeats allowed (houses do their own part). */

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *outside_host;

static const char *const kind_names[] = {"sandwich",   "little_killer", "x_sum",
                                         "skyscraper", "rossini",       NULL};
static const char *const directions[] = {"increasing", "decreasing", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const outside_order[] = {"kind", "value", "sum", "direction", "cells", NULL};

/* A straight line never holds more cells than a side of the largest board. */
#define LINE_MAX 128
/* Words of the bitsets the exact sum supports keep on the stack; longer
 * lines with larger sums fall back to bounds. */
#define SUM_WORDS 2048
/* Lines up to this length get the exact skyscraper pass. */
#define SKY_MAX 40
/* Cells of the line that share houses are walked together, in runs of at
 * most GROUP_MAX cells with at most GROUP_WALK assignments. */
#define GROUP_MAX  3
#define GROUP_WALK 4096

/* A house holding two or more cells of a little killer: in has bit k for
 * each position k of the line in the house, out[0..nout) are its other
 * cells. */
typedef struct sum_house {
    uint64_t in[2];
    int nout;
    int *out;
} sum_house;

typedef struct line_rule {
    int kind;
    int n;
    const int *cells;    /* in reading order from the clue */
    long value;          /* sandwich / x_sum / skyscraper value, little killer sum;
                         rossini: 0 increasing, 1 decreasing */
    int impossible;      /* value out of what the line can show: no solution */
    int distinct;        /* skyscraper, from link: one house holds every cell */
    int digits;          /* D */
    uint64_t (*peer)[2]; /* from link: line positions sharing a house, or NULL */
    int *runs;           /* little killer, from link: the runs sum_groups makes of the
                            whole line when they depend on nothing but peer (D at most
                            LSUM_DP_DIGITS, exact sums), else NULL */
    int nruns;
    sum_house *houses; /* little killer, from link: houses of two or more cells */
    int nhouses;
    char name[48];    /* "row 3", "column 5", "the diagonal r1c2-r8c9" (explanations) */
    const char *from; /* "from the left" ... ("" when the name says it) */
} line_rule;

static rg_mask bit(int digit) { return (rg_mask)1 << (digit - 1); }
static int lowest(rg_mask m) { return __builtin_ctz(m) + 1; }
static int highest(rg_mask m) { return 32 - __builtin_clz(m); }
static int ndigits(rg_mask m) { return __builtin_popcount(m); }
static int single(rg_mask m) { return m && !(m & (m - 1)); }
/* Digits strictly above d (d in 0..32). */
static rg_mask above(int d) { return d >= 32 ? 0 : ~(rg_mask)0 << d; }
/* Digits strictly below d (d in 1..33). */
static rg_mask below(int d) { return d <= 1 ? 0 : d >= 33 ? ~(rg_mask)0 : bit(d) - 1; }

/* ---- Sums over a run of cells, repeats allowed ----------------------------- */

/* Word i of src << s, or of src >> s, over w words. */
static uint64_t word_shl(const uint64_t *src, int s, int i)
{
    int j = i - s / 64, b = s % 64;
    if (j < 0) return 0;
    uint64_t x = src[j] << b;
    if (b && j > 0) x |= src[j - 1] >> (64 - b);
    return x;
}

static uint64_t word_shr(const uint64_t *src, int s, int i, int w)
{
    int j = i + s / 64, b = s % 64;
    if (j >= w) return 0;
    uint64_t x = src[j] >> b;
    if (b && j + 1 < w) x |= src[j + 1] << (64 - b);
    return x;
}

/* Bounds only: the cells' least and greatest digits, narrowed until stable. */
static int sum_bounds(const rg_mask *m, int len, long t, rg_mask *out)
{
    for (int k = 0; k < len; k++) out[k] = m[k];
    for (int changed = 1; changed;) {
        changed = 0;
        long lo = 0, hi = 0;
        for (int k = 0; k < len; k++) {
            if (!out[k]) return 0;
            lo += lowest(out[k]);
            hi += highest(out[k]);
        }
        if (t < lo || t > hi) return 0;
        for (int k = 0; k < len; k++) {
            long min = t - (hi - highest(out[k])), max = t - (lo - lowest(out[k]));
            rg_mask keep = out[k];
            if (min > 1) keep &= min > 32 ? 0 : above((int)min - 1);
            if (max < 32) keep &= max < 1 ? 0 : below((int)max + 1);
            if (keep != out[k]) {
                out[k] = keep;
                changed = 1;
            }
        }
    }
    return 1;
}

/* Distinct-digit assignments of one group of cells (a run of the line whose
 * cells share houses). With out == NULL: add each assignment's sum to sums
 * (bits 0..127); else add the digits of each assignment whose sum is in
 * sums to out[]. */
static void group_walk(const rg_mask *m, int len, int k, rg_mask used, int sum, int *pick,
                       uint64_t *sums, rg_mask *out)
{
    if (k == len) {
        if (!out) {
            sums[sum / 64] |= (uint64_t)1 << (sum % 64);
        } else if (sums[sum / 64] >> (sum % 64) & 1) {
            for (int i = 0; i < len; i++) out[i] |= bit(pick[i]);
        }
        return;
    }
    for (rg_mask x = m[k] & ~used; x; x &= x - 1) {
        pick[k] = lowest(x);
        group_walk(m, len, k + 1, used | bit(pick[k]), sum + pick[k], pick, sums, out);
    }
}

/* Up to LSUM_DP_DIGITS digits a run goes by the sets of distinct digits
 * its first cells can take (linsum.h), which costs a few words per digit
 * and cell whatever the run's length: runs may then hold up to LSUM_CELLS
 * cells. Past that, runs of GROUP_MAX cells are walked assignment by
 * assignment. */
static int run_max(int D) { return D <= LSUM_DP_DIGITS ? LSUM_CELLS : GROUP_MAX; }

/* Adds to sums (bits 0..127) the sums of the distinct-digit assignments of
 * the run m[0..len-1]. */
/* Walking the assignments is cheaper than the sets while they are this few
 * (a walk costs about a step per assignment and cell; the sets a few words
 * per digit and cell, and a step per set). */
#define WALK_CHEAPER 96

/* Should run m[0..len-1] be walked assignment by assignment? */
static int walk_run(const rg_mask *m, int len, int D)
{
    if (D > LSUM_DP_DIGITS) return 1;
    long size = 1;
    for (int i = 0; i < len && size <= WALK_CHEAPER; i++) size *= ndigits(m[i]);
    return size <= WALK_CHEAPER;
}

static inline __attribute__((always_inline)) void run_sums(const rg_mask *m, int len, int D,
                                                           int *pick, uint64_t *sums)
{
    if (walk_run(m, len, D)) {
        group_walk(m, len, 0, 0, 0, pick, sums, NULL);
        return;
    }
    uint64_t lay[LSUM_CELLS + 1][LSUM_DP_WORDS];
    int dpw = lsum_dp_words(D);
    lsum_forward(m, len, dpw, lay);
    for (int w = 0; w < dpw; w++)
        for (uint64_t bits = lay[len][w]; bits; bits &= bits - 1) {
            int v = lsum_setsum((rg_mask)(w * 64 + __builtin_ctzll(bits)));
            sums[v / 64] |= (uint64_t)1 << (v % 64);
        }
}

/* out[i] (zeroed first): the digits cell i of the run takes in an
 * assignment whose sum is in useful (bits 0..127). */
static inline __attribute__((always_inline)) void
run_digits(const rg_mask *m, int len, int D, int *pick, uint64_t *useful, rg_mask *out)
{
    if (walk_run(m, len, D)) {
        for (int i = 0; i < len; i++) out[i] = 0;
        group_walk(m, len, 0, 0, 0, pick, useful, out);
        return;
    }
    uint64_t lay[LSUM_CELLS + 1][LSUM_DP_WORDS];
    int dpw = lsum_dp_words(D);
    lsum_forward(m, len, dpw, lay);
    lsum_backward(m, len, dpw, lay, useful, out);
}

/* The runs of cells sum_support walks together: run g is cells first[g] ..
 * first[g + 1] - 1. A run grows while the new cell shares a house with each
 * of its cells and the assignments to walk stay few. Returns the number of
 * runs, or -1 when a cell has no digit. */
static int sum_groups(const rg_mask *m, const uint64_t (*peer)[2], int base, int len, int D,
                      int *first)
{
    int ng = 0;
    long size = 0;
    for (int k = 0; k < len; k++) {
        if (!m[k]) return -1;
        int join = ng > 0 && peer && k - first[ng - 1] < run_max(D) &&
                   (D <= LSUM_DP_DIGITS || size * ndigits(m[k]) <= GROUP_WALK);
        for (int i = join ? first[ng - 1] : k; i < k && join; i++)
            join = (int)(peer[base + k][(base + i) / 64] >> ((base + i) % 64) & 1);
        if (join) {
            size *= ndigits(m[k]);
        } else {
            first[ng++] = k;
            size = ndigits(m[k]);
        }
    }
    first[ng] = len;
    return ng;
}

/* pre + g * w: the sums up to t the first g runs can make (w words each);
 * sums[g]: those run g can make alone. */
static inline __attribute__((always_inline)) void sum_forward(const rg_mask *m, const int *first,
                                                              int ng, int D, long t, int w,
                                                              uint64_t *pre, uint64_t (*sums)[2],
                                                              int *pick)
{
    uint64_t top = t % 64 == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (t % 64 + 1)) - 1;
    for (int i = 0; i < w; i++) pre[i] = 0;
    pre[0] = 1;
    for (int g = 0; g < ng; g++) {
        uint64_t *src = pre + (size_t)g * w, *dst = src + w;
        sums[g][0] = sums[g][1] = 0;
        run_sums(m + first[g], first[g + 1] - first[g], D, pick, sums[g]);
        for (int i = 0; i < w; i++) dst[i] = 0;
        for (int h = 0; h < 2; h++)
            for (uint64_t x = sums[g][h]; x; x &= x - 1) {
                int v = h * 64 + __builtin_ctzll(x);
                for (int i = 0; i < w; i++) dst[i] |= word_shl(src, v, i);
            }
        dst[w - 1] &= top;
    }
}

/* Back from t: need holds the partial sums from which the remaining runs
 * still reach t; each run's cells keep the digits of its assignments whose
 * sums lead from a reachable partial sum into need. */
static inline __attribute__((always_inline)) void
sum_backward(const rg_mask *m, const int *first, int ng, int D, long t, int w, uint64_t *pre,
             const uint64_t (*sums)[2], int *pick, rg_mask *out)
{
    uint64_t *need = pre + (size_t)(ng + 1) * w, *next = need + w;
    for (int i = 0; i < w; i++) need[i] = 0;
    need[t / 64] = (uint64_t)1 << (t % 64);
    for (int g = ng - 1; g >= 0; g--) {
        const uint64_t *p = pre + (size_t)g * w;
        uint64_t useful[2] = {0, 0};
        for (int i = 0; i < w; i++) next[i] = 0;
        for (int h = 0; h < 2; h++)
            for (uint64_t x = sums[g][h]; x; x &= x - 1) {
                int v = h * 64 + __builtin_ctzll(x);
                uint64_t any = 0;
                for (int i = 0; i < w; i++) {
                    any |= word_shl(p, v, i) & need[i];
                    next[i] |= word_shr(need, v, i, w);
                }
                if (any) useful[h] |= x & -x;
            }
        run_digits(m + first[g], first[g + 1] - first[g], D, pick, useful, out + first[g]);
        for (int i = 0; i < w; i++) need[i] = next[i];
    }
}

/* ---- Sums below 128 over runs of at most three cells --------------------- */

/* The common case (every 9 x 9 clue) in one machine word per set of sums:
 * bit s stands for the sum s, and only sums up to t matter. fastsum.h is
 * included twice: with 64-bit words for t < 64 (every 9 x 9 clue; a shift
 * of a 64-bit word is one instruction, of a 128-bit one five or more) and
 * 128-bit words for t < 128. Both keep exactly what sum_forward /
 * sum_backward keep over the same runs. */
#define FAST_SUM 127
#define FAST_RUN 3

#define FS_T      uint64_t
#define FS_(name) name##64
#include "fastsum.h"
#undef FS_T
#undef FS_

#define FS_T      unsigned __int128
#define FS_(name) name##128
#include "fastsum.h"
#undef FS_T
#undef FS_

/* Do the sets of partial sums of len cells up to t fit on the stack? */
static int sum_exact(int len, long t)
{
    long w = t / 64 + 1;
    return (len + 1) * w <= SUM_WORDS - 2 * w;
}

/* Can cells with domains m[0..len-1] (positions base.. of the line) sum to
 * t? Runs of cells that are pairwise peers (peer[i] has bit j set when line
 * positions i and j share a house; NULL: none known) are walked as groups of
 * distinct digits; repeats are allowed across groups. Returns 1 and the digits each cell may
 * take in such a sum (out[k] within m[k]), or 0. Exact through sets of
 * reachable partial sums when they fit on the stack, bounds otherwise. */
static int runs_support(const rg_mask *m, const int *first, int ng, int D, long t, rg_mask *out,
                        rg_mask *req, int *rend);

static int sum_support(const rg_mask *m, const uint64_t (*peer)[2], int base, int len, int D,
                       long t, rg_mask *out, rg_mask *req, int *rend)
{
    if (t < 0) return 0;
    if (len == 0) return t == 0;
    if (!sum_exact(len, t)) {
        for (int k = 0; req && k < len; k++) req[k] = 0, rend[k] = k + 1;
        return sum_bounds(m, len, t, out);
    }
    int first[LINE_MAX + 1], ng = sum_groups(m, peer, base, len, D, first);
    if (ng < 0) return 0;
    return runs_support(m, first, ng, D, t, out, req, rend);
}

/* runs_support by sets of partial sums of w words, in the caller's arrays:
 * pre, (ng + 3) * w words; sums, ng runs. */
static inline __attribute__((always_inline)) int sets_support(const rg_mask *m, const int *first,
                                                              int ng, int D, long t, int w,
                                                              rg_mask *out, uint64_t *pre,
                                                              uint64_t (*sums)[2])
{
    int pick[LSUM_CELLS];
    sum_forward(m, first, ng, D, t, w, pre, sums, pick);
    uint64_t *last = pre + (size_t)ng * w;
    if (!(last[t / 64] >> (t % 64) & 1)) return 0;
    sum_backward(m, first, ng, D, t, w, pre, sums, pick, out);
    return 1;
}

/* sets_support out of line (it and the runs' sets of digits take 18 KB of
 * stack or more), so that the fast paths of runs_support, which most 9 x 9
 * clues take, keep a small stack: with arrays of SETS_WORDS and SETS_RUNS
 * (a line of a 9 x 9 board needs at most 12 words of sets and 9 runs), or
 * for any line sum_exact allows (20 KB more). */
#define SETS_WORDS 96
#define SETS_RUNS  16
static __attribute__((noinline)) int sets_support_short(const rg_mask *m, const int *first, int ng,
                                                        int D, long t, int w, rg_mask *out)
{
    uint64_t pre[SETS_WORDS], sums[SETS_RUNS][2];
    return sets_support(m, first, ng, D, t, w, out, pre, sums);
}

static __attribute__((noinline)) int sets_support_long(const rg_mask *m, const int *first, int ng,
                                                       int D, long t, int w, rg_mask *out)
{
    uint64_t pre[SUM_WORDS], sums[LINE_MAX][2];
    return sets_support(m, first, ng, D, t, w, out, pre, sums);
}

/* sum_support over the runs first[0..ng] of cells with non-empty domains,
 * for 0 <= t with sum_exact. */
static int runs_support(const rg_mask *m, const int *first, int ng, int D, long t, rg_mask *out,
                        rg_mask *req, int *rend)
{
    for (int k = 0; req && k < first[ng]; k++) req[k] = 0, rend[k] = k + 1;
    int w = (int)(t / 64) + 1, longest = 0;
    for (int g = 0; g < ng; g++)
        if (first[g + 1] - first[g] > longest) longest = first[g + 1] - first[g];
    /* A run's shifts reach a + b + 1 <= 2D: the 64-bit words need D < 32. */
    if (t < 64 && D < 32 && longest <= FAST_RUN)
        return fast_support64(m, first, ng, t, out, req, rend);
    if (t <= FAST_SUM && longest <= FAST_RUN)
        return fast_support128(m, first, ng, t, out, req, rend);
    if ((ng + 3) * w > SETS_WORDS || ng > SETS_RUNS)
        return sets_support_long(m, first, ng, D, t, w, out);
    return sets_support_short(m, first, ng, D, t, w, out);
}

/* Narrow the line's cells to sup[]; RG_PROP_SUBSUMED once all are placed. */
static int apply(rg_space *sp, const line_rule *L, const rg_mask *sup)
{
    const rg_mask *dom = outside_host->domains(sp);
    int placed = 1;
    for (int k = 0; k < L->n; k++) {
        if (mask_keep(outside_host, sp, dom, L->cells[k], sup[k]) == RG_FAIL) return RG_PROP_FAIL;
        placed &= single(sup[k]);
    }
    return placed ? RG_PROP_SUBSUMED : RG_PROP_FIX;
}

/* Digits of the line, or 0 when one is not placed yet. */
static int gather(const int *values, const line_rule *L, int *v)
{
    for (int k = 0; k < L->n; k++)
        if ((v[k] = values[L->cells[k]]) == 0) return 0;
    return 1;
}

/* ---- little_killer ----------------------------------------------------------- */

static int killer_propagate(rg_space *sp, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return RG_PROP_FAIL;
    const rg_mask *dom = outside_host->domains(sp);
    rg_mask m[LINE_MAX], sup[LINE_MAX], req[LINE_MAX];
    int rend[LINE_MAX];
    int ok;
    if (L->runs) {
        for (int k = 0; k < L->n; k++)
            if (!(m[k] = dom[L->cells[k]])) return RG_PROP_FAIL;
        ok = runs_support(m, L->runs, L->nruns, L->digits, L->value, sup, req, rend);
    } else {
        for (int k = 0; k < L->n; k++) m[k] = dom[L->cells[k]];
        ok = sum_support(m, L->peer, 0, L->n, L->digits, L->value, sup, req, rend);
    }
    if (!ok) return RG_PROP_FAIL;
    int rc = apply(sp, L, sup);
    if (rc != RG_PROP_FIX || !L->houses) return rc;
    /* A digit every assignment of a run of peers holds is in the run: a
     * house holding every cell of the run that can take it loses it
     * elsewhere. */
    for (int k = 0; k < L->n; k = rend[k])
        for (rg_mask x = req[k]; x; x &= x - 1) {
            rg_mask dig = x & -x;
            uint64_t at[2] = {0, 0};
            int count = 0;
            for (int i = k; i < rend[k]; i++)
                if (sup[i] & dig) at[i / 64] |= (uint64_t)1 << (i % 64), count++;
            if (count < 2) continue;
            for (int h = 0; h < L->nhouses; h++) {
                const sum_house *H = &L->houses[h];
                if ((at[0] & ~H->in[0]) || (at[1] & ~H->in[1])) continue;
                for (int c = 0; c < H->nout; c++)
                    if (outside_host->remove(sp, H->out[c], dig) < 0) return RG_PROP_FAIL;
            }
        }
    return RG_PROP_FIX;
}

static int killer_check(const int *values, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return 0;
    int v[LINE_MAX];
    if (!gather(values, L, v)) return 1;
    long s = 0;
    for (int k = 0; k < L->n; k++) s += v[k];
    return s == L->value;
}

/* ---- sandwich ------------------------------------------------------------------ */

/* For every placement of the one 1 and the one D, the cells strictly between
 * must reach the value with digits other than 1 and D; every other cell must
 * keep a digit other than 1 and D. */
static int sandwich_propagate(rg_space *sp, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return RG_PROP_FAIL;
    const rg_mask *dom = outside_host->domains(sp);
    int n = L->n, D = L->digits;
    if (D == 1) return n == 1 && L->value == 0 ? RG_PROP_SUBSUMED : RG_PROP_FAIL;
    rg_mask one = bit(1), top = bit(D);
    rg_mask mid[LINE_MAX], sup[LINE_MAX], seg[LINE_MAX];
    int forced = 0; /* cells that can hold only 1 or D */
    for (int k = 0; k < n; k++) {
        mid[k] = dom[L->cells[k]] & ~(one | top);
        sup[k] = 0;
        forced += mid[k] == 0;
    }
    int found = 0;
    for (int i = 0; i < n; i++) {
        if (!(dom[L->cells[i]] & one)) continue;
        for (int j = 0; j < n; j++) {
            if (j == i || !(dom[L->cells[j]] & top)) continue;
            if (forced - (mid[i] == 0) - (mid[j] == 0) > 0) continue;
            int lo = i < j ? i : j, hi = i < j ? j : i;
            if (!sum_support(mid + lo + 1, L->peer, lo + 1, hi - lo - 1, L->digits, L->value,
                             seg + lo + 1, NULL, NULL))
                continue;
            found = 1;
            sup[i] |= one;
            sup[j] |= top;
            for (int k = 0; k < n; k++) {
                if (k == i || k == j) continue;
                sup[k] |= k > lo && k < hi ? seg[k] : mid[k];
            }
        }
    }
    if (!found) return RG_PROP_FAIL;
    return apply(sp, L, sup);
}

static int sandwich_check(const int *values, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return 0;
    int v[LINE_MAX];
    if (!gather(values, L, v)) return 1;
    int ones = 0, tops = 0, p1 = 0, pd = 0;
    for (int k = 0; k < L->n; k++) {
        if (v[k] == 1) ones++, p1 = k;
        if (v[k] == L->digits) tops++, pd = k;
    }
    if (ones != 1 || tops != 1) return 0;
    int lo = p1 < pd ? p1 : pd, hi = p1 < pd ? pd : p1;
    long s = 0;
    for (int k = lo + 1; k < hi; k++) s += v[k];
    return s == L->value;
}

/* ---- x_sum ---------------------------------------------------------------------- */

/* For each digit X left in the first cell (X cells must fit the line), the
 * first X cells must reach the value; cells past X are free for that X. */
static int xsum_propagate(rg_space *sp, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return RG_PROP_FAIL;
    const rg_mask *dom = outside_host->domains(sp);
    int n = L->n;
    rg_mask m[LINE_MAX], sup[LINE_MAX], seg[LINE_MAX];
    for (int k = 0; k < n; k++) {
        m[k] = dom[L->cells[k]];
        sup[k] = 0;
    }
    rg_mask first = m[0];
    int found = 0;
    for (rg_mask x = first; x; x &= x - 1) {
        int X = lowest(x);
        if (X > n) break;
        m[0] = bit(X);
        if (!sum_support(m, L->peer, 0, X, L->digits, L->value, seg, NULL, NULL)) continue;
        found = 1;
        for (int k = 0; k < n; k++) sup[k] |= k < X ? seg[k] : m[k];
    }
    if (!found) return RG_PROP_FAIL;
    return apply(sp, L, sup);
}

static int xsum_check(const int *values, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return 0;
    int v[LINE_MAX];
    if (!gather(values, L, v)) return 1;
    if (v[0] > L->n) return 0;
    long s = 0;
    for (int k = 0; k < v[0]; k++) s += v[k];
    return s == L->value;
}

/* ---- skyscraper ------------------------------------------------------------------- */

/* Lines longer than SKY_MAX: only whether the value can still be reached
 * (RG_PROP_FIX) or not (RG_PROP_FAIL). */
static int sky_reachable(const line_rule *L, const rg_mask *dom, uint64_t kmask)
{
    int n = L->n, D = L->digits, K = (int)L->value;
    uint64_t f[2][RG_MAX_DIGITS + 1];
    for (int h = 0; h <= D; h++) f[0][h] = 0;
    f[0][0] = 1;
    for (int k = 0; k < n; k++) {
        uint64_t *a = f[k & 1], *b = f[(k + 1) & 1];
        for (int h = 0; h <= D; h++) b[h] = 0;
        rg_mask dk = dom[L->cells[k]];
        for (int h = 0; h <= D; h++) {
            if (!a[h]) continue;
            for (rg_mask x = dk; x; x &= x - 1) {
                int v = lowest(x);
                if (v > h)
                    b[v] |= (a[h] << 1) & kmask;
                else
                    b[h] |= a[h];
            }
        }
    }
    uint64_t any = 0;
    for (int h = 0; h <= D; h++) any |= f[n & 1][h];
    return any >> K & 1 ? RG_PROP_FIX : RG_PROP_FAIL;
}

/* States are (cells read k, highest digit so far h, visible count c). A
 * digit v > h rises to (v, c + 1), a digit v <= h stays in (h, c). For each
 * k and count c, F[k][c] is the set of highest digits h (bit h, 0 for none
 * yet) reachable from the clue, and G[k][c] the set from which the rest of
 * the line ends at the value; a set of h is one word (D <= 32), so a cell
 * is a few word operations per count, not a pass over the digits:
 *   from F[c] the stays are the h >= the cell's least digit, and the rises
 *   into c + 1 are the cell's digits above the least h of F[c];
 *   G[c] keeps the h >= the least digit whose (h, c) G[k + 1] holds, and
 *   gains every h below the highest cell digit in G[k + 1][c + 1].
 * A digit stays when some state joins the two through it: v rises from an
 * h of F[k][c] below it into G[k + 1][c + 1], or v is at most an h in both
 * F[k][c] and G[k + 1][c].
 * When one house holds the line (L->distinct) its digits differ, and three
 * things follow that repeats would not allow: a digit that stays is below
 * h, not equal to it; k cells read hold k distinct digits, so h >= k; and
 * the line ends at h >= n. So a clue of 1 on a full row of 9 places the 9
 * at once (without, the 9 could repeat behind any first digit).
 * These are the two passes, over n <= SKY_MAX cells and a value 1 <= K <= n,
 * in the caller's arrays: F, n + 1 rows of K + 2 words; G, two such rows;
 * dv and atleast, n words. */
static inline __attribute__((always_inline)) int sky_passes(rg_space *sp, const line_rule *L,
                                                            const rg_mask *dom, uint64_t *F,
                                                            uint64_t *G, uint64_t *dv,
                                                            uint64_t *atleast)
{
    int n = L->n, K = (int)L->value, w = K + 2, strict = L->distinct;
    rg_mask sup[LINE_MAX];
    /* Before cell k the counts 0 .. min(k, K) are reached. */
    F[0] = 1;
    for (int k = 0; k < n; k++) {
        uint64_t d = (uint64_t)dom[L->cells[k]] << 1; /* bit v for digit v */
        if (!d) return RG_PROP_FAIL;
        /* the h a digit of the cell stays in: at or (distinct) above its least */
        uint64_t at = atleast[k] = ~(((d & -d) << strict) - 1);
        /* after k + 1 distinct digits, h > k */
        uint64_t low = strict ? ((uint64_t)2 << k) - 1 : 0;
        dv[k] = d;
        int top = k < K ? k : K;
        const uint64_t *f = F + (size_t)k * w;
        uint64_t *g = F + (size_t)(k + 1) * w;
        g[0] = f[0] & at & ~low;
        for (int c = 1; c <= top; c++)
            g[c] = ((f[c] & at) | (d & ~(((f[c - 1] & -f[c - 1]) << 1) - 1))) & ~low;
        if (top < K) g[top + 1] = d & ~(((f[top] & -f[top]) << 1) - 1) & ~low;
    }
    uint64_t *gn = G + (n & 1) * w;
    for (int c = 0; c <= K + 1; c++) gn[c] = 0;
    gn[K] = ((uint64_t)2 << L->digits) - 1;
    if (strict) gn[K] &= ~(((uint64_t)1 << n) - 1);
    for (int k = n - 1; k >= 0; k--) {
        const uint64_t *g1 = G + ((k + 1) & 1) * w, *f = F + (size_t)k * w;
        uint64_t *g0 = G + (k & 1) * w, d = dv[k], at = atleast[k], stay = 0, s = 0;
        uint64_t low = strict ? ((uint64_t)1 << k) - 1 : 0; /* h >= k */
        int top = k < K ? k : K;
        for (int c = 0; c <= K; c++) {
            uint64_t up = g1[c + 1] & d;
            if (c <= top && f[c]) {
                stay |= f[c] & g1[c];
                s |= up & ~(((f[c] & -f[c]) << 1) - 1);
            }
            g0[c] =
                ((g1[c] & at) | (up ? ((uint64_t)1 << (63 - __builtin_clzll(up))) - 1 : 0)) & ~low;
        }
        g0[K + 1] = 0;
        if (stay) s |= d & ((((uint64_t)2 << (63 - __builtin_clzll(stay))) >> strict) - 1);
        sup[k] = (rg_mask)(s >> 1);
    }
    if (!(G[0] & 1)) return RG_PROP_FAIL;
    return apply(sp, L, sup);
}

/* Lines of more than SKY_SHORT cells: the passes over arrays for SKY_MAX,
 * out of line, so that the usual short line keeps a small stack. */
#define SKY_SHORT 16
static __attribute__((noinline)) int sky_long(rg_space *sp, const line_rule *L, const rg_mask *dom)
{
    uint64_t F[(SKY_MAX + 1) * (SKY_MAX + 2)], G[2 * (SKY_MAX + 2)];
    uint64_t dv[SKY_MAX], atleast[SKY_MAX];
    return sky_passes(sp, L, dom, F, G, dv, atleast);
}

static int sky_propagate(rg_space *sp, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return RG_PROP_FAIL;
    const rg_mask *dom = outside_host->domains(sp);
    int n = L->n, K = (int)L->value;
    if (n > SKY_MAX) {
        uint64_t kmask = K >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << (K + 1)) - 1;
        return sky_reachable(L, dom, kmask);
    }
    /* Here 1 <= K <= n (other values are impossible). */
    if (n > SKY_SHORT) return sky_long(sp, L, dom);
    uint64_t F[(SKY_SHORT + 1) * (SKY_SHORT + 2)], G[2 * (SKY_SHORT + 2)];
    uint64_t dv[SKY_SHORT], atleast[SKY_SHORT];
    return sky_passes(sp, L, dom, F, G, dv, atleast);
}

static int sky_check(const int *values, void *data)
{
    const line_rule *L = data;
    if (L->impossible) return 0;
    int v[LINE_MAX];
    if (!gather(values, L, v)) return 1;
    int seen = 0, high = 0;
    for (int k = 0; k < L->n; k++)
        if (v[k] > high) high = v[k], seen++;
    return seen == L->value;
}

/* ---- rossini ------------------------------------------------------------------------ */

/* Three cells in a strict chain: one pass up raising least digits and one
 * down lowering greatest digits leaves only supported digits. */
static int rossini_propagate(rg_space *sp, void *data)
{
    const line_rule *L = data;
    int c[3];
    for (int k = 0; k < 3; k++) c[k] = L->cells[L->value ? 2 - k : k]; /* increasing order */
    const rg_mask *dom = outside_host->domains(sp);
    for (int k = 1; k < 3; k++)
        if (outside_host->keep(sp, c[k], above(lowest(dom[c[k - 1]]))) == RG_FAIL)
            return RG_PROP_FAIL;
    for (int k = 1; k >= 0; k--)
        if (outside_host->keep(sp, c[k], below(highest(dom[c[k + 1]]))) == RG_FAIL)
            return RG_PROP_FAIL;
    return single(dom[c[0]]) && single(dom[c[1]]) && single(dom[c[2]]) ? RG_PROP_SUBSUMED
                                                                       : RG_PROP_FIX;
}

static int rossini_check(const int *values, void *data)
{
    const line_rule *L = data;
    int a = values[L->cells[0]], b = values[L->cells[1]], c = values[L->cells[2]];
    if (!a || !b || !c) return 1;
    return L->value ? a > b && b > c : a < b && b < c;
}

/* ---- Explaining a step ------------------------------------------------------------ */

/* " 5 in r3c4, nor 1 or 9 in r3c5 r3c6": gone[k] is what cells[k] lost;
 * cells that lost the same digits go together, the first without "nor". */
static void gone_list(wu_text *t, const int *cells, const rg_mask *gone, int n)
{
    int group[LINE_MAX], said = 0;
    unsigned char done[LINE_MAX] = {0};
    for (int k = 0; k < n; k++) {
        if (!gone[k] || done[k]) continue;
        int m = 0;
        for (int j = k; j < n; j++)
            if (!done[j] && gone[j] == gone[k]) {
                group[m++] = cells[j];
                done[j] = 1;
            }
        wu_add(t, said++ ? ", nor " : " ");
        wu_digits(t, gone[k], "or");
        wu_add(t, " in ");
        wu_cells(t, group, m);
    }
}

/* What each cell of the line lost in the step, by position. */
static void line_gone(const line_rule *L, const rg_mask *before, const rg_mask *after,
                      rg_mask *gone)
{
    for (int k = 0; k < L->n; k++) gone[k] = before[L->cells[k]] & ~after[L->cells[k]];
}

/* "a 7", "an 8". */
static const char *article(int d) { return d == 8 || d == 11 || d == 18 ? "an" : "a"; }

/* The closing sentence every outside clue may fall back on: what no
 * filling of the line that fits the candidates (before the step) allows. */
static void no_filling(wu_text *t, const line_rule *L, const rg_mask *before, const rg_mask *after)
{
    rg_mask gone[LINE_MAX];
    line_gone(L, before, after, gone);
    wu_add(t, " No filling of %s that fits the candidates puts", L->name);
    gone_list(t, L->cells, gone, L->n);
    wu_add(t, ".");
}

/* The line's domains before the step. */
static void line_domains(const line_rule *L, const rg_mask *dom, rg_mask *m)
{
    for (int k = 0; k < L->n; k++) m[k] = dom[L->cells[k]];
}

/* Where the 1 and the D may go: the placements (1 at i, D at j) of the
 * candidates that leave a sum between them; up to three are written. */
static int sandwich_ends(wu_text *t, const line_rule *L, const rg_mask *m)
{
    int n = L->n, D = L->digits, found = 0, shown[3][2];
    rg_mask mid[LINE_MAX], seg[LINE_MAX];
    for (int k = 0; k < n; k++) mid[k] = m[k] & ~(bit(1) | bit(D));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n && (m[i] & bit(1)); j++) {
            if (j == i || !(m[j] & bit(D))) continue;
            int lo = i < j ? i : j, hi = i < j ? j : i, bad = 0;
            for (int k = 0; k < n; k++) bad |= k != i && k != j && !mid[k];
            if (bad || !sum_support(mid + lo + 1, L->peer, lo + 1, hi - lo - 1, D, L->value,
                                    seg + lo + 1, NULL, NULL))
                continue;
            if (found < 3) shown[found][0] = L->cells[i], shown[found][1] = L->cells[j];
            found++;
        }
    if (!found || found > 3) return found;
    wu_add(t, ": the candidates leave only ");
    for (int f = 0; f < found; f++) {
        wu_add(t, "%s1 in ", f ? (f + 1 == found ? " or " : ", ") : "");
        wu_cells(t, &shown[f][0], 1);
        wu_add(t, " with %d in ", D);
        wu_cells(t, &shown[f][1], 1);
    }
    return found;
}

static int sandwich_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const line_rule *L = data;
    if (!wu_ready(outside_host)) return RG_OK;
    rg_mask m[LINE_MAX];
    line_domains(L, before, m);
    wu_text t;
    wu_start(&t, outside_host, w);
    wu_add(&t, "Between the 1 and the %d of %s the digits sum to %ld", L->digits, L->name,
           L->value);
    sandwich_ends(&t, L, m);
    wu_add(&t, ".");
    no_filling(&t, L, before, after);
    return wu_finish(&t, "sandwich");
}

/* Least and greatest sums of the line's cells but k (repeats allowed). */
static void rest_bounds(const line_rule *L, const rg_mask *m, int k, long *lo, long *hi)
{
    *lo = *hi = 0;
    for (int i = 0; i < L->n; i++)
        if (i != k) *lo += lowest(m[i]), *hi += highest(m[i]);
}

/* Why cell k of a sum line of total s lost gone: 1 every digit too small
 * (the others add up to at most *bound), 2 too large (at least *bound), 0
 * some other reason. */
static int sum_reason(const line_rule *L, const rg_mask *m, int k, rg_mask gone, long s,
                      long *bound)
{
    long lo, hi;
    rest_bounds(L, m, k, &lo, &hi);
    int small = 1, large = 1;
    for (rg_mask x = gone; x; x &= x - 1) {
        small &= lowest(x) + hi < s;
        large &= lowest(x) + lo > s;
    }
    *bound = small ? hi : large ? lo : 0;
    return small ? 1 : large ? 2 : 0;
}

/* The line's cells that lost digits, grouped by what they lost and why:
 * "r1c2 r2c1 cannot be 1, 2 or 3, as the other cells add up to at most 9". */
static void sum_groups_text(wu_text *t, const line_rule *L, const rg_mask *m, const rg_mask *before,
                            const rg_mask *after)
{
    int why[LINE_MAX], said = 0, group[LINE_MAX];
    long bound[LINE_MAX];
    rg_mask gone[LINE_MAX];
    for (int k = 0; k < L->n; k++) {
        gone[k] = before[L->cells[k]] & ~after[L->cells[k]];
        why[k] = gone[k] ? sum_reason(L, m, k, gone[k], L->value, &bound[k]) : -1;
    }
    for (int k = 0; k < L->n; k++) {
        if (why[k] < 0) continue;
        int n = 0;
        for (int j = k; j < L->n; j++)
            if (why[j] == why[k] && gone[j] == gone[k] && (!why[k] || bound[j] == bound[k])) {
                group[n++] = L->cells[j];
                if (j > k) why[j] = -1;
            }
        wu_add(t, said++ ? "; " : ": ");
        wu_cells(t, group, n);
        wu_add(t, " cannot be ");
        wu_digits(t, gone[k], "or");
        if (why[k])
            wu_add(t, ", as the other cells add up to at %s %ld", why[k] == 1 ? "most" : "least",
                   bound[k]);
        else
            wu_add(
                t,
                ", as no digits that fit the candidates (different within a house) then make %ld",
                L->value);
    }
}

/* A run of the line (from k, as sum_support cut it) that must hold d, with
 * every cell of it that still can inside house H, which holds c: those
 * line positions into at (bits). Returns how many, 0 when none. */
static int killer_run(const line_rule *L, const rg_mask *sup, const rg_mask *req, const int *rend,
                      int c, rg_mask d, uint64_t at[2])
{
    for (int k = 0; k < L->n; k = rend[k]) {
        if (!(req[k] & d)) continue;
        for (int h = 0; h < L->nhouses; h++) {
            const sum_house *H = &L->houses[h];
            int in = 0, n = 0, inside = 1;
            at[0] = at[1] = 0;
            for (int i = 0; i < H->nout && !in; i++) in = H->out[i] == c;
            for (int i = k; in && i < rend[k]; i++)
                if (sup[i] & d) {
                    inside &= (int)(H->in[i / 64] >> (i % 64) & 1);
                    at[i / 64] |= (uint64_t)1 << (i % 64);
                    n++;
                }
            if (in && inside && n >= 2) return n;
        }
    }
    return 0;
}

/* One removal off the line: cell c lost digit d because the run at[] must
 * hold it (n 0: the reason was not found again). */
typedef struct off_gone {
    int c, d, n;
    uint64_t at[2];
} off_gone;

/* The removals off the line, each cell once (a cell may sit in several of
 * the line's houses). Returns how many, -1 without memory. */
static int killer_offs(const line_rule *L, const rg_mask *before, const rg_mask *after,
                       const rg_mask *sup, const rg_mask *req, const int *rend, off_gone **out)
{
    int cap = 0, n = 0;
    for (int h = 0; h < L->nhouses; h++) cap += L->houses[h].nout * L->digits;
    off_gone *g = malloc((size_t)(cap ? cap : 1) * sizeof *g);
    if (!g) return -1;
    for (int h = 0; h < L->nhouses; h++)
        for (int i = 0; i < L->houses[h].nout; i++) {
            int c = L->houses[h].out[i], seen = 0;
            for (int e = 0; e < n && !seen; e++) seen = g[e].c == c;
            for (rg_mask x = seen ? 0 : before[c] & ~after[c]; x; x &= x - 1) {
                g[n] = (off_gone){c, lowest(x), 0, {0, 0}};
                g[n].n = killer_run(L, sup, req, rend, c, x & -x, g[n].at);
                n++;
            }
        }
    *out = g;
    return n;
}

/* "the sum needs a 1 in r1c1 r2c2 r3c3, which share a house with r1c2 r2c1:
 * 1 leaves them", one sentence per digit and run. */
static int killer_off(wu_text *t, const line_rule *L, const rg_mask *before, const rg_mask *after,
                      const rg_mask *sup, const rg_mask *req, const int *rend)
{
    off_gone *g;
    int n = killer_offs(L, before, after, sup, req, rend, &g), cells[LINE_MAX];
    if (n < 0) return RG_E_NOMEM;
    int *group = malloc((size_t)(n ? n : 1) * sizeof *group);
    for (int e = 0; group && e < n; e++) {
        if (g[e].d < 0) continue;
        int m = 0, k = 0;
        for (int f = e; f < n; f++)
            if (g[f].d == g[e].d && g[f].n == g[e].n && g[f].at[0] == g[e].at[0] &&
                g[f].at[1] == g[e].at[1]) {
                group[m++] = g[f].c;
                if (f > e) g[f].d = -1;
            }
        for (int i = 0; i < L->n; i++)
            if (g[e].at[i / 64] >> (i % 64) & 1) cells[k++] = L->cells[i];
        if (g[e].n) {
            wu_add(t, "; the sum needs %s %d in ", article(g[e].d), g[e].d);
            wu_cells(t, cells, k);
            wu_add(t, ", which share a house with ");
        } else {
            wu_add(t,
                   "; every filling that fits puts %s %d on the line in a cell that shares a "
                   "house with ",
                   article(g[e].d), g[e].d);
        }
        wu_cells(t, group, m);
        wu_add(t, ": %d leaves %s", g[e].d, m > 1 ? "them" : "it");
    }
    free(g);
    if (!group) return RG_E_NOMEM;
    free(group);
    return RG_OK;
}

static int killer_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const line_rule *L = data;
    if (!wu_ready(outside_host)) return RG_OK;
    rg_mask m[LINE_MAX], sup[LINE_MAX], req[LINE_MAX];
    int rend[LINE_MAX];
    line_domains(L, before, m);
    if (!sum_support(m, L->peer, 0, L->n, L->digits, L->value, sup, req, rend)) return RG_OK;
    wu_text t;
    wu_start(&t, outside_host, w);
    wu_add(&t, "The digits of %s sum to %ld", L->name, L->value);
    sum_groups_text(&t, L, m, before, after);
    if (L->houses && killer_off(&t, L, before, after, sup, req, rend) != RG_OK) t.t.oom = 1;
    wu_add(&t, ".");
    return wu_finish(&t, "little killer");
}

/* x_sum: the first cell's digit X says how many cells count; a digit X
 * leaves it when the first X cells cannot reach the value (their bounds
 * fall short or overshoot, or no digits of theirs make it). */
static void xsum_first(wu_text *t, const line_rule *L, const rg_mask *m, rg_mask gone)
{
    rg_mask reason[4] = {0, 0, 0, 0}; /* too long, short, over, other */
    for (rg_mask x = gone; x; x &= x - 1) {
        int X = lowest(x);
        long lo = X, hi = X;
        for (int k = 1; k < X && k < L->n; k++) lo += lowest(m[k]), hi += highest(m[k]);
        reason[X > L->n ? 0 : hi < L->value ? 1 : lo > L->value ? 2 : 3] |= x & -x;
    }
    static const char *const says[4] = {
        "the line has fewer cells", "the first X cells add up to less than %ld",
        "the first X cells add up to more than %ld",
        "no digits that fit the first X cells (different within a house) make %ld"};
    wu_cells(t, &L->cells[0], 1);
    wu_add(t, " cannot be ");
    wu_digits(t, gone, "or");
    for (int r = 0, said = 0; r < 4; r++) {
        if (!reason[r]) continue;
        wu_add(t, said++ ? "; with " : ": with ");
        wu_digits(t, reason[r], "or");
        wu_add(t, " ");
        wu_add(t, says[r], L->value);
    }
}

static int xsum_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const line_rule *L = data;
    if (!wu_ready(outside_host)) return RG_OK;
    rg_mask m[LINE_MAX];
    line_domains(L, before, m);
    wu_text t;
    wu_start(&t, outside_host, w);
    wu_add(&t, "The first X digits of %s%s%s sum to %ld, X being the digit in ", L->name,
           L->from[0] ? " " : "", L->from, L->value);
    wu_cells(&t, &L->cells[0], 1);
    rg_mask gone0 = before[L->cells[0]] & ~after[L->cells[0]];
    if (gone0) wu_add(&t, ": ");
    if (gone0) xsum_first(&t, L, m, gone0);
    wu_add(&t, ".");
    int said = 0;
    for (int k = 1; k < L->n; k++) said |= (before[L->cells[k]] & ~after[L->cells[k]]) != 0;
    if (said) {
        wu_add(&t, " No filling of %s that fits the candidates puts", L->name);
        rg_mask gone[LINE_MAX];
        line_gone(L, before, after, gone);
        gone_list(&t, L->cells + 1, gone + 1, L->n - 1);
        wu_add(&t, ".");
    }
    return wu_finish(&t, "x-sum");
}

/* Skyscraper: from digit v in the k-th cell (from 1) at most k + D - v can
 * be seen (the cells up to it, then only digits above v): the digits that
 * leave too few, then those no filling allows. */
static int sky_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const line_rule *L = data;
    if (!wu_ready(outside_host)) return RG_OK;
    int D = L->digits, K = (int)L->value, said = 0;
    rg_mask tall[LINE_MAX], rest[LINE_MAX];
    for (int k = 0; k < L->n; k++) {
        rg_mask gone = before[L->cells[k]] & ~after[L->cells[k]];
        tall[k] = 0;
        for (rg_mask x = gone; x; x &= x - 1)
            if (k + 1 + D - lowest(x) < K) tall[k] |= x & -x;
        rest[k] = gone & ~tall[k];
    }
    wu_text t;
    wu_start(&t, outside_host, w);
    wu_add(&t,
           "Seen %s, %s shows %d skyscraper%s (a digit counts when it is higher than every "
           "digit before it)",
           L->from[0] ? L->from : "from its first cell", L->name, K, K == 1 ? "" : "s");
    for (int k = 0; k < L->n; k++) {
        if (!tall[k]) continue;
        if (!said++)
            wu_add(&t, ". With digit v in its k-th cell at most k + %d - v can be seen, so", D);
        wu_add(&t, "%s", said > 1 ? "," : "");
        wu_add(&t, " ");
        wu_cells(&t, &L->cells[k], 1);
        wu_add(&t, " cannot be ");
        wu_digits(&t, tall[k], "or");
    }
    int more = 0;
    for (int k = 0; k < L->n; k++) more |= rest[k] != 0;
    if (more) {
        wu_add(&t, ". No filling %sthat fits the candidates shows %d with",
               L->distinct ? "of distinct digits (one house holds the line) " : "", K);
        gone_list(&t, L->cells, rest, L->n);
    }
    wu_add(&t, ".");
    return wu_finish(&t, "skyscraper");
}

/* Rossini: c[] in increasing order; a digit leaves c[k] when it is not
 * above c[k-1]'s least digit or not below c[k+1]'s greatest. */
static int rossini_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const line_rule *L = data;
    if (!wu_ready(outside_host)) return RG_OK;
    int c[3];
    for (int k = 0; k < 3; k++) c[k] = L->cells[L->value ? 2 - k : k];
    wu_text t;
    wu_start(&t, outside_host, w);
    wu_cells(&t, L->cells, 3);
    wu_add(&t, " %s in that order", L->value ? "decrease" : "increase");
    for (int k = 0, said = 0; k < 3; k++) {
        rg_mask gone = before[c[k]] & ~after[c[k]];
        if (!gone) continue;
        int lo = k > 0 ? lowest(after[c[k - 1]]) : 0, hi = k < 2 ? highest(after[c[k + 1]]) : 99;
        wu_add(&t, said++ ? "; " : ": ");
        wu_cells(&t, &c[k], 1);
        if (lo && (gone & below(lo + 1))) {
            wu_add(&t, " must be more than ");
            wu_cells(&t, &c[k - 1], 1);
            wu_add(&t, ", which is at least %d%s", lo, (gone & ~below(lo + 1)) ? ", and" : "");
        }
        if (hi < 99 && (gone & ~below(hi))) {
            wu_add(&t, " must be less than ");
            wu_cells(&t, &c[k + 1], 1);
            wu_add(&t, ", which is at most %d", hi);
        }
    }
    wu_add(&t, ".");
    return wu_finish(&t, "rossini");
}

/* ---- Reading ----------------------------------------------------------------------- */

static const rg_propagator props[] = {
    {.size = sizeof(rg_propagator),
     .name = "sandwich",
     .family = "outside",
     .cost = RG_COST_QUADRATIC,
     .propagate = sandwich_propagate,
     .check = sandwich_check,
     .explain = sandwich_explain},
    {.size = sizeof(rg_propagator),
     .name = "little_killer",
     .family = "outside",
     .cost = RG_COST_LINEAR,
     .propagate = killer_propagate,
     .check = killer_check,
     .explain = killer_explain},
    {.size = sizeof(rg_propagator),
     .name = "x_sum",
     .family = "outside",
     .cost = RG_COST_QUADRATIC,
     .propagate = xsum_propagate,
     .check = xsum_check,
     .explain = xsum_explain},
    {.size = sizeof(rg_propagator),
     .name = "skyscraper",
     .family = "outside",
     .cost = RG_COST_QUADRATIC,
     .propagate = sky_propagate,
     .check = sky_check,
     .explain = sky_explain},
    {.size = sizeof(rg_propagator),
     .name = "rossini",
     .family = "outside",
     .cost = RG_COST_BINARY,
     .propagate = rossini_propagate,
     .check = rossini_check,
     .explain = rossini_explain},
};

/* Consecutive cells step by one fixed direction: diagonal for a little
 * killer, along a row or column for every other kind. */
static int check_straight(rg_build *b, rg_rule *r, int kind, const int *cells, int n)
{
    if (n < 2) return RG_OK;
    int r0, c0, r1, c1;
    outside_host->cell_pos(b, cells[0], &r0, &c0);
    outside_host->cell_pos(b, cells[1], &r1, &c1);
    int dr = r1 - r0, dc = c1 - c0;
    if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
        return outside_host->error(
            b, r, "cells",
            "r%dc%d and r%dc%d are not neighbours: an outside line steps one "
            "cell at a time",
            r0, c0, r1, c1);
    int diagonal = dr != 0 && dc != 0;
    if (kind == LITTLE_KILLER && !diagonal)
        return outside_host->error(
            b, r, "cells",
            "a little killer line runs diagonally, but r%dc%d to r%dc%d is a "
            "step along a %s",
            r0, c0, r1, c1, dr ? "column" : "row");
    if (kind != LITTLE_KILLER && diagonal)
        return outside_host->error(
            b, r, "cells",
            "a %s line runs along a row or column, but r%dc%d to r%dc%d is a "
            "diagonal step",
            kind_names[kind], r0, c0, r1, c1);
    for (int k = 2; k < n; k++) {
        int r2, c2;
        outside_host->cell_pos(b, cells[k - 1], &r1, &c1);
        outside_host->cell_pos(b, cells[k], &r2, &c2);
        if (r2 - r1 != dr || c2 - c1 != dc)
            return outside_host->error(
                b, r, "cells",
                "the line is not straight: r%dc%d does not follow r%dc%d in the "
                "direction of the first step",
                r2, c2, r1, c1);
    }
    return RG_OK;
}

/* How explanations name the line: a whole row or column, else its ends. */
static void name_line(rg_build *b, line_rule *L)
{
    rg_board_info bi;
    outside_host->board(b, &bi);
    int r0, c0, r1, c1;
    outside_host->cell_pos(b, L->cells[0], &r0, &c0);
    outside_host->cell_pos(b, L->cells[L->n - 1], &r1, &c1);
    L->from = "";
    if (L->n > 1 && r0 == r1 && L->n == bi.columns) {
        snprintf(L->name, sizeof L->name, "row %d", r0);
        L->from = c0 < c1 ? "from the left" : "from the right";
    } else if (L->n > 1 && c0 == c1 && L->n == bi.rows) {
        snprintf(L->name, sizeof L->name, "column %d", c0);
        L->from = r0 < r1 ? "from the top" : "from the bottom";
    } else {
        snprintf(L->name, sizeof L->name, "the %s r%dc%d-r%dc%d",
                 L->kind == LITTLE_KILLER ? "diagonal" : "line", r0, c0, r1, c1);
    }
}

int outside_kind(const char *name)
{
    for (int k = 0; kind_names[k]; k++)
        if (strcmp(kind_names[k], name) == 0) return k;
    return -1;
}

int outside_read(rg_build *b, rg_rule *r, outside_fields *o)
{
    int rc = outside_host->read_enum(b, r, "kind", 0, kind_names, &o->kind);
    if (rc != RG_OK) return rc;
    int kind = o->kind;
    rc = outside_host->read_cells(b, r, "cells", RG_F_ORDERED, kind == ROSSINI ? 3 : 1, LINE_MAX,
                                  &o->cells, &o->n);
    if (rc != RG_OK) return rc;
    rc = check_straight(b, r, kind, o->cells, o->n);
    if (rc != RG_OK) return rc;
    int dir = 0;
    o->value = 0;
    switch (kind) {
    case LITTLE_KILLER:
        return outside_host->read_int(b, r, "sum", 0, LONG_MIN, LONG_MAX, &o->value);
    case ROSSINI:
        rc = outside_host->read_enum(b, r, "direction", 0, directions, &dir);
        o->value = dir;
        return rc;
    default: return outside_host->read_int(b, r, "value", 0, LONG_MIN, LONG_MAX, &o->value);
    }
}

static int compile(rg_build *b, rg_rule *r, void **rule_data)
{
    rg_board_info bi;
    outside_host->board(b, &bi);
    outside_fields o;
    int rc = outside_read(b, r, &o);
    if (rc != RG_OK) return rc;
    int kind = o.kind, n = o.n;
    const int *cells = o.cells;
    /* Any integer is a clue (format.md 8.11): one that no filling of the
     * line can satisfy makes a puzzle without solution, not a format error.
     * lo .. hi bounds what the line can show; outside it the rule is
     * impossible and its propagator fails without looking at the value. */
    long D = bi.digits, value = o.value, lo = 0, hi = 0;
    switch (kind) {
    case SANDWICH: /* the cells between hold 2 .. D-1 */
        hi = D >= 3 && n > 2 ? (n - 2) * (D - 1) : 0;
        break;
    case LITTLE_KILLER: lo = n, hi = n * D; break;
    case X_SUM: lo = 1, hi = (n < D ? n : D) * D; break;
    case SKYSCRAPER: lo = 1, hi = n < D ? n : D; break;
    default: lo = hi = value;
    }
    line_rule *L = outside_host->alloc(b, sizeof *L);
    if (!L) return outside_host->error(b, r, NULL, "out of memory");
    L->kind = kind;
    L->n = n;
    L->cells = cells;
    L->value = value;
    L->impossible = value < lo || value > hi;
    L->digits = bi.digits;
    name_line(b, L);
    *rule_data = L;
    rc = outside_host->add_mark(b, kind_names[kind], value, cells, n);
    if (rc != RG_OK) return rc;
    return outside_host->add_propagator(b, &props[kind], L, cells, kind == ROSSINI ? 3 : n,
                                        RG_EV_DOMAIN);
}

/* House h's cells (*cells, *n) and the positions of L it holds (bits of
 * in, LINE_MAX of them); returns how many. */
static int line_in_house(rg_build *b, const line_rule *L, int h, const int **cells, int *n,
                         uint64_t in[2])
{
    int kind, count = 0;
    outside_host->house(b, h, cells, n, &kind);
    in[0] = in[1] = 0;
    for (int k = 0; k < L->n; k++)
        for (int i = 0; i < *n; i++)
            if (L->cells[k] == (*cells)[i]) in[k / 64] |= (uint64_t)1 << (k % 64), count++;
    return count;
}

/* A little killer's houses of two or more of its cells. */
static int link_houses(rg_build *b, rg_rule *r, line_rule *L)
{
    int nh = outside_host->house_count(b);
    L->houses = outside_host->alloc(b, (size_t)nh * sizeof *L->houses);
    if (!L->houses) return outside_host->error(b, r, NULL, "out of memory");
    for (int h = 0; h < nh; h++) {
        const int *cells;
        int n;
        sum_house *H = &L->houses[L->nhouses];
        int count = line_in_house(b, L, h, &cells, &n, H->in);
        if (count < 2 || count == n) continue;
        H->out = outside_host->alloc(b, (size_t)(n - count) * sizeof *H->out);
        if (!H->out) return outside_host->error(b, r, NULL, "out of memory");
        H->nout = 0;
        for (int i = 0; i < n; i++) {
            int k = 0;
            while (k < L->n && L->cells[k] != cells[i]) k++;
            if (k == L->n) H->out[H->nout++] = cells[i];
        }
        L->nhouses++;
    }
    if (!L->nhouses) L->houses = NULL;
    return RG_OK;
}

/* A skyscraper line one house holds: its digits differ (sky_passes). */
static int link_distinct(rg_build *b, line_rule *L)
{
    for (int h = 0, nh = outside_host->house_count(b); h < nh && !L->distinct; h++) {
        const int *cells;
        int n;
        uint64_t in[2];
        L->distinct = line_in_house(b, L, h, &cells, &n, in) == L->n;
    }
    return RG_OK;
}

/* Which positions of a sum line share a house: runs of such cells hold
 * distinct digits, which the sum supports use. */
static int link(rg_build *b, rg_rule *r, void *rule_data)
{
    line_rule *L = rule_data;
    if (L->kind == ROSSINI) return RG_OK;
    if (L->kind == SKYSCRAPER) return link_distinct(b, L);
    uint64_t(*peer)[2] = outside_host->alloc(b, (size_t)L->n * sizeof *peer);
    if (!peer) return outside_host->error(b, r, NULL, "out of memory");
    int any = 0;
    for (int h = 0, nh = outside_host->house_count(b); h < nh; h++) {
        const int *cells;
        int n;
        uint64_t in[2];
        if (line_in_house(b, L, h, &cells, &n, in) < 2) continue;
        any = 1;
        for (int k = 0; k < L->n; k++)
            if (in[k / 64] >> (k % 64) & 1) {
                peer[k][0] |= in[0];
                peer[k][1] |= in[1];
            }
    }
    if (any) L->peer = peer;
    if (L->kind != LITTLE_KILLER) return RG_OK;
    /* With up to LSUM_DP_DIGITS digits, sum_groups joins cells by peer and
     * position alone (non-empty domains): its runs are made here once. */
    if (L->digits <= LSUM_DP_DIGITS && !L->impossible && L->n > 0 && L->value >= 0 &&
        sum_exact(L->n, L->value)) {
        rg_mask full[LINE_MAX];
        for (int k = 0; k < L->n; k++) full[k] = ~(rg_mask)0 >> (32 - L->digits);
        L->runs = outside_host->alloc(b, ((size_t)L->n + 1) * sizeof *L->runs);
        if (!L->runs) return outside_host->error(b, r, NULL, "out of memory");
        L->nruns = sum_groups(full, L->peer, 0, L->n, L->digits, L->runs);
    }
    return any ? link_houses(b, r, L) : RG_OK;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "outside",
     .family = "outside",
     .compile = compile,
     .link = link,
     .generate = outside_generate,
     .write_rank = 608,
     .write_order = outside_order,
     .draw = outside_draw},
};

RG_PLUGIN_DEFINE("outside", "1.0",
                 "clues outside the board: sandwich, little_killer, x_sum, skyscraper, rossini",
                 outside_host, types, NULL);
