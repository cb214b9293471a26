/* The cages plugin: killer cages (format.md 6.3). A cage is a house (no
 * repeats); with a sum, a propagator keeps exactly the digits that some set
 * of distinct digits making the sum can place, matching cells to digits;
 * sums derived from the units, and units with their cages, prune jointly. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "linsum.h"
#include "lineq.h"
#include "cages.h"
#include "masks.h"
#include "match.h"
#include "rulegrid/plugin.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *cages_host;

/* match_support with the one- and two-cell cases done directly. */
static int match_fast(const rg_mask *d, int k, rg_mask *sup)
{
    if (k == 1) {
        sup[0] = d[0];
        return d[0] != 0;
    }
    if (k == 2) {
        rg_mask a = d[0], b = d[1];
        sup[0] = (b & (b - 1)) ? a : a & ~b;
        sup[1] = (a & (a - 1)) ? b : b & ~a;
        return sup[0] != 0 && sup[1] != 0;
    }
    return match_support(d, k, sup);
}

/* The digits each of k cells takes in some matching onto exactly the k
 * digits of set (d[i] within set); the one- and two-cell cases directly. */
static int match_set(const rg_mask *d, int k, rg_mask set, rg_mask *sup)
{
    if (k > 2) return match_onto(d, k, set, sup);
    return match_fast(d, k, sup);
}

/* Cages of this many cells or more (up to LSUM_DP_DIGITS digits) go by
 * sets of digits rather than matching each digit set. */
#define CAGE_DP_CELLS 3

/* Above this many digit sets a cage prunes by sum bounds instead. */
#define MAX_SETS 512

typedef struct cage {
    const int *cells;
    int n, D;
    int has_sum;
    long sum;
    int nsets;     /* -1: bounds mode */
    rg_mask *sets; /* nsets masks of n distinct digits summing to sum */
    int dp;        /* by sets of digits (cage_propagate_dp) */
    int mark;      /* index of the cage's mark (the first cage derives sums) */
    /* Houses holding two or more cells of the cage: the cage cells in each
     * (bits by index into cells) and the house cells outside the cage. */
    int nh;
    uint32_t *hin;
    const int **hout;
    int *hnout;
} cage;

/* Lists the sets of k distinct digits from d..D summing to s (ascending
 * digits), with the digits chosen so far in have, into out (may be NULL to
 * count only); stops once *n passes cap. Every branch entered holds a set
 * (sums of k distinct digits of d..D fill an interval), so the cost is
 * bounded by the sets listed. */
static void list_sets(int D, int d, int k, long s, rg_mask have, rg_mask *out, int *n, int cap)
{
    if (*n > cap) return;
    if (k == 0) {
        if (s == 0) {
            if (out) out[*n] = have;
            (*n)++;
        }
        return;
    }
    long lo = (long)k * d + (long)k * (k - 1) / 2, hi = (long)k * D - (long)k * (k - 1) / 2;
    if (s < lo || s > hi) return;
    for (int x = d; x <= D - k + 1; x++)
        list_sets(D, x + 1, k - 1, s - x, have | (rg_mask)1 << (x - 1), out, n, cap);
}

/* Sum of the k smallest (or largest) digits of m; LONG_MAX / LONG_MIN when m
 * holds fewer than k. */
static long extreme_sum(rg_mask m, int k, int largest)
{
    if (__builtin_popcount(m) < k) return largest ? LONG_MIN : LONG_MAX;
    long s = 0;
    for (int i = 0; i < k; i++) {
        int bit = largest ? 31 - __builtin_clz(m) : __builtin_ctz(m);
        s += bit + 1;
        m &= ~((rg_mask)1 << bit);
    }
    return s;
}


/* Bounds mode: digit v stays in a cell when the other cells can still make
 * sum - v, judged by the larger of two lower bounds (their minimums; the
 * smallest distinct digits of their union without v) and the smaller of two
 * upper bounds. Returns a propagator status. */
static int prune_bounds(rg_space *sp, const cage *c)
{
    const rg_mask *dom = cages_host->domains(sp);
    int changed = 0;
    for (int i = 0; i < c->n; i++) {
        long smin = 0, smax = 0;
        rg_mask uni = 0;
        for (int j = 0; j < c->n; j++) {
            if (j == i) continue;
            rg_mask m = dom[c->cells[j]];
            smin += mask_lowest(m);
            smax += mask_highest(m);
            uni |= m;
        }
        rg_mask keep = 0, cand = dom[c->cells[i]];
        while (cand) {
            int v = __builtin_ctz(cand) + 1;
            cand &= cand - 1;
            rg_mask rest = uni & ~((rg_mask)1 << (v - 1));
            long lo = extreme_sum(rest, c->n - 1, 0), hi = extreme_sum(rest, c->n - 1, 1);
            if (lo < smin) lo = smin;
            if (hi > smax) hi = smax;
            long need = c->sum - v;
            if (need >= lo && need <= hi) keep |= (rg_mask)1 << (v - 1);
        }
        int r = cages_host->keep(sp, c->cells[i], keep);
        if (r < 0) return RG_PROP_FAIL;
        changed |= r;
    }
    return changed ? RG_PROP_NOFIX : RG_PROP_FIX;
}

/* A digit the cage must hold (it is in every set that can still be
 * placed) cannot stand outside the cage in a house that holds every cage
 * cell that can take it. */
static int eliminate_required(rg_space *sp, const cage *c, rg_mask required)
{
    const rg_mask *dom = cages_host->domains(sp);
    while (required) {
        rg_mask v = required & -required;
        required &= required - 1;
        uint32_t holders = 0;
        for (int i = 0; i < c->n; i++)
            if (dom[c->cells[i]] & v) holders |= (uint32_t)1 << i;
        for (int h = 0; h < c->nh; h++) {
            if (holders & ~c->hin[h]) continue;
            for (int k = 0; k < c->hnout[h]; k++)
                if (cages_host->remove(sp, c->hout[h][k], v) < 0) return RG_PROP_FAIL;
        }
    }
    return RG_PROP_FIX;
}

/* Sets mode for long cages up to LSUM_DP_DIGITS digits, by bit sets over
 * masks: the sets of distinct digits the cells can take (linsum.h,
 * forwards), met with the cage's sets, are the surviving sets; going back
 * from them each cell keeps the digits it takes in one, which is the union
 * of the matchings below. */
static int cage_propagate_dp(rg_space *sp, const cage *c)
{
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask d[LSUM_DP_DIGITS], keep[LSUM_DP_DIGITS], uni = 0, required = ~(rg_mask)0;
    uint64_t lay[LSUM_DP_DIGITS + 1][LSUM_DP_WORDS], g[LSUM_DP_WORDS];
    int n = c->n, fixed = 1, any = 0, nw = lsum_dp_words(c->D);
    for (int i = 0; i < n; i++) {
        rg_mask m = d[i] = dom[c->cells[i]];
        uni |= m;
        fixed &= (m & (m - 1)) == 0;
    }
    lsum_forward(d, n, nw, lay);
    memset(g, 0, (size_t)nw * sizeof g[0]);
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s];
        if ((set & ~uni) || !lsum_has(lay[n], set)) continue;
        g[set / 64] |= (uint64_t)1 << (set % 64);
        required &= set;
        any = 1;
    }
    if (any) lsum_backward_sets(d, n, nw, lay, g, keep);
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, c->cells[i], any ? keep[i] : 0) < 0) return RG_PROP_FAIL;
    if (fixed) return RG_PROP_SUBSUMED;
    return c->nh ? eliminate_required(sp, c, required) : RG_PROP_FIX;
}

/* Sets mode: a set survives when the cells can be matched to its digits one
 * to one within their domains; each cell keeps the digits it takes in some
 * such matching of some surviving set. That is every digit some solution of
 * the cage alone uses, and no other (so running again prunes nothing).
 * Digits in every surviving set then leave the houses around the cage. */
static int cage_propagate(rg_space *sp, void *data)
{
    const cage *c = data;
    if (c->nsets < 0) return prune_bounds(sp, c);
    if (c->dp) return cage_propagate_dp(sp, c);
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask uni = 0, keep[MATCH_MAX], d[MATCH_MAX], sup[MATCH_MAX], required = ~(rg_mask)0;
    int n = c->n, fixed = 1;
    for (int i = 0; i < n; i++) {
        rg_mask m = dom[c->cells[i]];
        uni |= m;
        keep[i] = 0;
        fixed &= (m & (m - 1)) == 0;
    }
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s];
        if (set & ~uni) continue;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) ok = (d[i] = dom[c->cells[i]] & set) != 0;
        if (!ok || !match_set(d, n, set, sup)) continue;
        for (int i = 0; i < n; i++) keep[i] |= sup[i];
        required &= set;
    }
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, c->cells[i], keep[i]) < 0) return RG_PROP_FAIL;
    if (fixed) return RG_PROP_SUBSUMED;
    return c->nh ? eliminate_required(sp, c, required) : RG_PROP_FIX;
}

/* Placed digits may not pass the sum; all placed, they must make it. */
static int cage_check(const int *values, void *data)
{
    const cage *c = data;
    long s = 0;
    int all = 1;
    for (int i = 0; i < c->n; i++) {
        int v = values[c->cells[i]];
        s += v;
        all &= v != 0;
    }
    return all ? s == c->sum : s <= c->sum;
}

/* Derived sums follow from the houses and cages, whose own checks decide
 * every assignment. */
static int derived_check(const int *values, void *data)
{
    (void)values;
    (void)data;
    return 1;
}

static const rg_propagator cage_prop = {sizeof(rg_propagator), "cage_sum", "cages",
                                        RG_COST_LINEAR, cage_propagate, cage_check};
static const rg_propagator derived_prop = {sizeof(rg_propagator), "cage_innies", "cages",
                                           RG_COST_LINEAR, cage_propagate, derived_check};

/* The digit sets of c (or bounds mode when there are too many). */
static int make_sets(rg_build *b, rg_rule *r, cage *c)
{
    int count = 0;
    list_sets(c->D, 1, c->n, c->sum, 0, NULL, &count, MAX_SETS);
    if (count > MAX_SETS) {
        c->nsets = -1;
        return RG_OK;
    }
    c->sets = cages_host->alloc(b, (size_t)(count ? count : 1) * sizeof *c->sets);
    if (!c->sets) return cages_host->error(b, r, NULL, "out of memory");
    /* No set at all: the propagator fails at the root and check refuses
     * every assignment (no solution; not a format error). */
    c->nsets = 0;
    list_sets(c->D, 1, c->n, c->sum, 0, c->sets, &c->nsets, MAX_SETS);
    c->dp = c->D <= LSUM_DP_DIGITS && c->n >= CAGE_DP_CELLS && c->n <= c->D;
    return RG_OK;
}

static int compile_cage(rg_build *b, rg_rule *r, void **data)
{
    rg_board_info bi;
    cages_host->board(b, &bi);
    const int *cells;
    int n;
    int rc = cages_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    cage *c = cages_host->alloc(b, sizeof *c);
    if (!c) return cages_host->error(b, r, NULL, "out of memory");
    c->cells = cells;
    c->n = n;
    c->D = bi.digits;
    c->sum = -1;
    c->has_sum = cages_host->has(b, r, "sum");
    if (c->has_sum) {
        rc = cages_host->read_int(b, r, "sum", 0, LONG_MIN / 4, LONG_MAX / 4, &c->sum);
        if (rc != RG_OK) return rc;
    }
    c->mark = cages_host->mark_count(b);
    rc = cages_host->add_mark(b, "cage", c->has_sum ? c->sum : -1, cells, n);
    if (rc != RG_OK) return rc;
    *data = c;
    /* A cage of more than D cells: add_house marks the model as having no
     * solution (format.md 6.3), and there is no sum to reason about. */
    rc = cages_host->add_house(b, cells, n, RG_HOUSE_CAGE);
    if (rc != RG_OK || !c->has_sum || n > bi.digits) return rc;
    rc = make_sets(b, r, c);
    if (rc != RG_OK) return rc;
    return cages_host->add_propagator(b, &cage_prop, c, cells, n, RG_EV_DOMAIN);
}

/* ---- Link: houses around a cage, and sums derived from the houses ---------- */

static int index_in(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell) return i;
    return -1;
}

/* Records the houses that hold two or more cells of c and some cell
 * outside it. */
static int house_lists(rg_build *b, rg_rule *r, cage *c)
{
    int nh = cages_host->house_count(b), k = 0;
    c->hin = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hin);
    c->hout = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hout);
    c->hnout = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hnout);
    if (!c->hin || !c->hout || !c->hnout) return cages_host->error(b, r, NULL, "out of memory");
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind, inside = 0;
        uint32_t in = 0;
        cages_host->house(b, h, &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) {
            int i = index_in(c->cells, c->n, hc[j]);
            if (i >= 0) in |= (uint32_t)1 << i, inside++;
        }
        if (inside < 2 || inside == hn) continue;
        int *out = cages_host->alloc(b, (size_t)(hn - inside) * sizeof *out);
        if (!out) return cages_host->error(b, r, NULL, "out of memory");
        int m = 0;
        for (int j = 0; j < hn; j++)
            if (index_in(c->cells, c->n, hc[j]) < 0) out[m++] = hc[j];
        c->hin[k] = in;
        c->hout[k] = out;
        c->hnout[k] = m;
        k++;
    }
    c->nh = k;
    return RG_OK;
}

/* Derived sums: a union U of k disjoint D-cell houses holds k * D(D+1)/2.
 * Take the sum cages touching U: those inside it add up to a known inner
 * total; of a cage sticking out, the part inside U makes the cage's sum less
 * the part outside. So the cells of U in no inside cage (innies) make the
 * total less the inner one; when sum cages cover U, the outside parts
 * (outies) make the touching cages' sum less U's; and, taking for each
 * cage sticking out whichever part has fewer cells, the inside parts less
 * the outside parts make a known difference. Each such sum over at most
 * MAX_DERIVED cells becomes a propagator: a cage with distinct digits when
 * one house holds every cell, else a signed sum whose cells are grouped by
 * the houses they share (linsum.h). */
#define MAX_DERIVED 12

typedef struct derive {
    int N, D, nh, ncages, ndone;
    const int **ccells;
    int *clen;
    long *csum;
    int *cage_of;       /* per cell: the sum cage holding it, or -1 */
    unsigned char *inu; /* per cell: in the union being looked at */
    int *seen;          /* per cage: stamp */
    int *nin;           /* per cage: its cells in the union */
    int stamp;
    /* Sums already derived, to skip repeats: their keys (sorted cells, or
     * for a signed sum 2 * cell + 1 when the cell counts negatively). */
    int **done;
    int *donen;
    long *donesum;  /* the derived sums, */
    int *doneset;   /* whether their cells all differ (one house), */
    int *donemixed; /* and whether some cell counts negatively */
    int capdone;
    int *ucells, *tcells, *tsign; /* scratch: the union's cells; a sum's terms */
} derive;

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Is some house holding every cell of cells? */
static int one_house(const rg_build *b, const int *cells, int n)
{
    int nh = cages_host->house_count(b);
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind, in = 0;
        cages_host->house(b, h, &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) in += index_in(cells, n, hc[j]) >= 0;
        if (in == n) return 1;
    }
    return 0;
}

/* A derived signed sum: the cells in group order. */
typedef struct dsum {
    lsum L;
    int *cells;
} dsum;

/* Exact for the signed sum with its groups (linsum.h), so at a fixpoint
 * after one run. */
static int dsum_propagate(rg_space *sp, void *data)
{
    const dsum *ds = data;
    const rg_mask *dom = cages_host->domains(sp);
    /* Placed cells are constants: the sum over the open ones (their group
     * mates keep out of the placed digits) is the same constraint. */
    lsum L;
    rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
    int at[LSUM_CELLS], n = 0;
    L.D = ds->L.D;
    L.total = ds->L.total;
    L.ng = 0;
    for (int g = 0; g < ds->L.ng; g++) {
        rg_mask placed = 0;
        int first = n;
        for (int i = ds->L.start[g]; i < ds->L.start[g + 1]; i++) {
            rg_mask m = dom[ds->cells[i]];
            if (m & (m - 1)) {
                at[n] = i;
                d[n++] = m;
            } else {
                if (m & placed) return RG_PROP_FAIL;
                placed |= m;
                L.total -= ds->L.sign[g] * (long)(__builtin_ctz(m) + 1);
            }
        }
        if (n == first) continue;
        for (int i = first; i < n; i++) d[i] &= ~placed;
        L.start[L.ng] = first;
        L.sign[L.ng++] = ds->L.sign[g];
    }
    L.start[L.ng] = n;
    L.n = n;
    if (!n) return L.total == 0 ? RG_PROP_SUBSUMED : RG_PROP_FAIL;
    int rc = lsum_support(&L, d, keep);
    if (rc < 0) return RG_PROP_FIX; /* sums too wide: nothing known */
    if (rc == 0) return RG_PROP_FAIL;
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, ds->cells[at[i]], keep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static const rg_propagator dsum_prop = {sizeof(rg_propagator), "cage_signed_sum", "cages",
                                        RG_COST_GLOBAL, dsum_propagate, derived_check};

/* Orders the terms of a signed sum into groups: repeatedly the house
 * holding most of the ungrouped cells of one sign (at least two) gives a
 * group, as large as lsum allows; the cells left are groups of one. */
static void dsum_group(const rg_build *b, const int *cells, const int *sign, int n, int D,
                       dsum *ds)
{
    int nh = cages_host->house_count(b), used[LSUM_CELLS] = {0}, at = 0, maxk = 1;
    while (maxk < n && lsum_options(D, maxk + 1) <= LSUM_OPTIONS) maxk++;
    ds->L.n = n;
    ds->L.D = D;
    ds->L.ng = 0;
    for (;;) {
        int best = 0, bh = -1, bs = 0;
        for (int h = 0; h < nh; h++) {
            const int *hc;
            int hn, kind;
            cages_host->house(b, h, &hc, &hn, &kind);
            for (int sg = -1; sg <= 1; sg += 2) {
                int cnt = 0;
                for (int i = 0; i < n; i++)
                    cnt += !used[i] && sign[i] == sg && index_in(hc, hn, cells[i]) >= 0;
                if (cnt > best) best = cnt, bh = h, bs = sg;
            }
        }
        if (best < 2) break;
        const int *hc;
        int hn, kind, k = 0;
        cages_host->house(b, bh, &hc, &hn, &kind);
        ds->L.start[ds->L.ng] = at;
        ds->L.sign[ds->L.ng++] = bs;
        for (int i = 0; i < n && k < maxk; i++)
            if (!used[i] && sign[i] == bs && index_in(hc, hn, cells[i]) >= 0) {
                used[i] = 1;
                ds->cells[at++] = cells[i];
                k++;
            }
    }
    for (int i = 0; i < n; i++)
        if (!used[i]) {
            ds->L.start[ds->L.ng] = at;
            ds->L.sign[ds->L.ng++] = sign[i];
            ds->cells[at++] = cells[i];
        }
    ds->L.start[ds->L.ng] = at;
}

/* Adds the derived sum: sign[i] * digit of cells[i] over i makes total. */
static int add_derived(rg_build *b, rg_rule *r, derive *dv, const int *cells, const int *sign,
                       int n, long total)
{
    if (n < 1 || n > MAX_DERIVED) return RG_OK;
    int pos = 0, key[MAX_DERIVED];
    for (int i = 0; i < n; i++) pos += sign[i] > 0;
    /* All negative: the same sum with every sign turned. */
    int flip = pos == 0, mixed = pos > 0 && pos < n;
    if (flip) total = -total;
    for (int i = 0; i < n; i++) key[i] = mixed ? 2 * cells[i] + (sign[i] < 0) : cells[i];
    qsort(key, (size_t)n, sizeof *key, cmp_int);
    for (int i = 0; i < dv->ndone; i++)
        if (dv->donen[i] == n && dv->donemixed[i] == mixed &&
            memcmp(dv->done[i], key, (size_t)n * sizeof *key) == 0)
            return RG_OK;
    if (!mixed)
        for (int i = 0; i < dv->ncages; i++)
            if (dv->clen[i] == n) {
                int same = 1;
                for (int k = 0; k < n && same; k++) same = index_in(dv->ccells[i], n, key[k]) >= 0;
                if (same) return RG_OK;
            }
    if (dv->ndone == dv->capdone) return RG_OK; /* enough */
    int *copy = cages_host->alloc(b, (size_t)n * sizeof *copy);
    if (!copy) return cages_host->error(b, r, NULL, "out of memory");
    memcpy(copy, key, (size_t)n * sizeof *copy);
    int d = dv->ndone++;
    dv->done[d] = copy;
    dv->donesum[d] = total;
    dv->donemixed[d] = mixed;
    dv->doneset[d] = !mixed && one_house(b, copy, n);
    dv->donen[d] = n;
    if (dv->doneset[d]) {
        cage *c = cages_host->alloc(b, sizeof *c);
        if (!c) return cages_host->error(b, r, NULL, "out of memory");
        c->cells = copy;
        c->n = n;
        c->D = dv->D;
        c->has_sum = 1;
        c->sum = total;
        c->mark = -1;
        int rc = make_sets(b, r, c);
        if (rc == RG_OK) rc = house_lists(b, r, c);
        if (rc != RG_OK) return rc;
        return cages_host->add_propagator(b, &derived_prop, c, copy, n, RG_EV_DOMAIN);
    }
    dsum *ds = cages_host->alloc(b, sizeof *ds);
    int *dc = cages_host->alloc(b, (size_t)n * sizeof *dc);
    if (!ds || !dc) return cages_host->error(b, r, NULL, "out of memory");
    int tc[MAX_DERIVED], ts[MAX_DERIVED];
    for (int i = 0; i < n; i++) {
        tc[i] = mixed ? key[i] >> 1 : key[i];
        ts[i] = mixed && (key[i] & 1) ? -1 : 1;
    }
    ds->cells = dc;
    ds->L.total = total;
    dsum_group(b, tc, ts, n, dv->D, ds);
    return cages_host->add_propagator(b, &dsum_prop, ds, dc, n, RG_EV_DOMAIN);
}

/* Innies, outies and their signed mixture for the union of the houses
 * listed. */
static int derive_union(rg_build *b, rg_rule *r, derive *dv, const int *houses, int k)
{
    int nc = 0, nloose = 0;
    for (int i = 0; i < k; i++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, houses[i], &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) dv->ucells[nc++] = hc[j];
    }
    const int *cells = dv->ucells;
    for (int i = 0; i < nc; i++) dv->inu[cells[i]] = 1;
    long total = (long)k * dv->D * (dv->D + 1) / 2, inner = 0, parts = 0;
    dv->stamp++;
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0) {
            nloose++;
            continue;
        }
        if (dv->seen[g] == dv->stamp) continue;
        dv->seen[g] = dv->stamp;
        dv->nin[g] = 0;
        for (int j = 0; j < dv->clen[g]; j++) dv->nin[g] += dv->inu[dv->ccells[g][j]];
        if (dv->nin[g] == dv->clen[g]) inner += dv->csum[g];
        else parts += dv->csum[g];
    }
    int *tc = dv->tcells, *ts = dv->tsign, n = 0, rc = RG_OK;
    /* Innies: the cells of U not in a cage lying inside U. */
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0 || dv->nin[g] < dv->clen[g]) tc[n] = cells[i], ts[n++] = 1;
    }
    if (n) rc = add_derived(b, r, dv, tc, ts, n, total - inner);
    /* Outies (U covered by sum cages) and the mixture: each cage sticking
     * out by its smaller part, inside counted up, outside down. */
    for (int mix = 0; mix < 2 && rc == RG_OK; mix++) {
        if (!mix && nloose) continue;
        long sum = mix ? total - inner : parts - (total - inner);
        int nin = 0, nout = 0;
        n = 0;
        dv->stamp++;
        for (int i = 0; i < nc; i++) {
            int g = dv->cage_of[cells[i]];
            if (g < 0) {
                if (mix) tc[n] = cells[i], ts[n++] = 1;
                continue;
            }
            if (dv->seen[g] == dv->stamp || dv->nin[g] == dv->clen[g]) continue;
            dv->seen[g] = dv->stamp;
            int inside = mix && 2 * dv->nin[g] <= dv->clen[g];
            nin += inside;
            nout += !inside;
            if (mix && !inside) sum -= dv->csum[g];
            for (int j = 0; j < dv->clen[g]; j++) {
                int x = dv->ccells[g][j];
                if (dv->inu[x] != inside) continue;
                tc[n] = x;
                ts[n++] = inside || !mix ? 1 : -1;
            }
        }
        /* The mixture only when it is neither the innies nor the outies. */
        if (mix && (!nout || (!nin && !nloose))) continue;
        if (n) rc = add_derived(b, r, dv, tc, ts, n, sum);
    }
    for (int i = 0; i < nc; i++) dv->inu[cells[i]] = 0;
    return rc;
}

/* The extent of house h: along an axis (0: downwards, rows; 1: sideways,
 * columns) its first line and how many lines it covers, across it the span. */
static void house_span(const rg_build *b, int h, int axis, int *along, int *ext, int *lo,
                       int *hi)
{
    const int *hc;
    int hn, kind;
    cages_host->house(b, h, &hc, &hn, &kind);
    int rmin = 1 << 30, rmax = -1, cmin = 1 << 30, cmax = -1;
    for (int j = 0; j < hn; j++) {
        int row, col;
        cages_host->cell_pos(b, hc[j], &row, &col);
        if (row < rmin) rmin = row;
        if (row > rmax) rmax = row;
        if (col < cmin) cmin = col;
        if (col > cmax) cmax = col;
    }
    *along = axis == 0 ? rmin : cmin;
    *ext = axis == 0 ? rmax - rmin + 1 : cmax - cmin + 1;
    *lo = axis == 0 ? cmin : rmin;
    *hi = axis == 0 ? cmax : rmax;
}

/* Every unit alone, then every run of 2 .. D-1 adjacent houses of one kind
 * with the same span across (rows of one grid downwards, columns sideways,
 * boxes of a band or a stack). */
static int derive_all(rg_build *b, rg_rule *r, derive *dv)
{
    int nh = cages_host->house_count(b);
    size_t sz = (size_t)(nh ? nh : 1) * sizeof(int);
    int *units = cages_host->alloc(b, sz), *along = cages_host->alloc(b, sz),
        *ext = cages_host->alloc(b, sz);
    int *lo = cages_host->alloc(b, sz), *hi = cages_host->alloc(b, sz),
        *run = cages_host->alloc(b, sz);
    if (!units || !along || !ext || !lo || !hi || !run)
        return cages_host->error(b, r, NULL, "out of memory");
    int nu = 0;
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, h, &hc, &hn, &kind);
        if (hn == dv->D) units[nu++] = h;
    }
    int rc = RG_OK;
    for (int i = 0; i < nu && rc == RG_OK; i++) rc = derive_union(b, r, dv, &units[i], 1);
    for (int axis = 0; axis < 2 && rc == RG_OK; axis++)
        for (int kind = RG_HOUSE_ROW; kind <= RG_HOUSE_BOX && rc == RG_OK; kind++) {
            if ((kind == RG_HOUSE_ROW && axis == 1) || (kind == RG_HOUSE_COLUMN && axis == 0))
                continue;
            for (int i = 0; i < nu; i++) {
                const int *hc;
                int hn, k;
                cages_host->house(b, units[i], &hc, &hn, &k);
                along[i] = -1;
                if (k == kind) house_span(b, units[i], axis, &along[i], &ext[i], &lo[i], &hi[i]);
            }
            for (int i = 0; i < nu && rc == RG_OK; i++) {
                if (along[i] < 0) continue;
                int len = 1, cur = i;
                run[0] = units[i];
                while (len < dv->D - 1 && rc == RG_OK) {
                    int next = -1;
                    for (int j = 0; j < nu && next < 0; j++)
                        if (along[j] >= 0 && along[j] == along[cur] + ext[cur] && lo[j] == lo[i] &&
                            hi[j] == hi[i])
                            next = j;
                    if (next < 0) break;
                    run[len++] = units[next];
                    cur = next;
                    rc = derive_union(b, r, dv, run, len);
                }
            }
        }
    return rc;
}

/* The sums of one, two or three cells that the units and sum cages imply
 * as linear equations (lineq.h), beyond the unions derive_all looks at. */
typedef struct linear_ctx {
    rg_build *b;
    rg_rule *r;
    derive *dv;
    int rc; /* add_derived's failure, when it ended the search */
} linear_ctx;

static int linear_emit(void *ctx, const int *cells, const int *sign, int n, long total)
{
    linear_ctx *lc = ctx;
    lc->rc = add_derived(lc->b, lc->r, lc->dv, cells, sign, n, total);
    return lc->rc != RG_OK;
}

static int derive_linear(rg_build *b, rg_rule *r, derive *dv)
{
    int nh = cages_host->house_count(b), n = dv->ncages;
    const int **sets = cages_host->alloc(b, (size_t)(nh + n + 1) * sizeof *sets);
    int *lens = cages_host->alloc(b, (size_t)(nh + n + 1) * sizeof *lens);
    long *sums = cages_host->alloc(b, (size_t)(nh + n + 1) * sizeof *sums);
    if (!sets || !lens || !sums) return cages_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < dv->ncages; i++) {
        sets[i] = dv->ccells[i];
        lens[i] = dv->clen[i];
        sums[i] = dv->csum[i];
    }
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, h, &hc, &hn, &kind);
        if (hn != dv->D) continue;
        sets[n] = hc;
        lens[n] = hn;
        sums[n++] = (long)dv->D * (dv->D + 1) / 2;
    }
    linear_ctx lc = {b, r, dv, RG_OK};
    int rc = lineq_derive(dv->N, sets, lens, sums, n, linear_emit, &lc);
    if (lc.rc != RG_OK) return lc.rc;
    return rc < 0 ? cages_host->error(b, r, NULL, "out of memory") : RG_OK;
}

/* ---- Units with the cages inside them ------------------------------------ */

/* A unit holds each digit once, so the sum cages lying wholly inside it use
 * disjoint digit sets, a cage sticking out puts part of one of its sets
 * inside, and the unit's other cells (the rest) take exactly the digits
 * the groups leave. The propagator tries every disjoint choice of one
 * option per group, matches each group's cells to its option and the rest
 * to the leftover digits, and keeps the digits some such choice places
 * (also in the outside cells of the cages sticking out): exact for the
 * unit with its cages, each cage taken alone outside the unit. */
#define UNIT_SETS 64   /* cages with more sets count among the rest */
#define UNIT_GROUPS 12
#define UNIT_CELLS 12    /* at most this many cells of a group in the unit */
#define UNIT_LEAVES 4096 /* past this many choices, prune nothing */
/* Layers of the sets of digits for the groups' cells in a unit and its
 * rest: a unit's cells plus one per group and one for the rest. */
#define UNIT_LAYERS (LSUM_DP_DIGITS + UNIT_GROUPS + 1)

/* A group: a sum cage inside the unit (or a derived sum over distinct
 * cells), or the part inside the unit of a cage sticking out (out, nout:
 * its cells outside), which takes a part of one of the cage's sets whose
 * remainder the outside cells can take. */
typedef struct ugroup {
    const int *cells;
    int n, nsets;
    rg_mask *sets;
    const int *out;
    int nout;
} ugroup;

typedef struct unitc {
    int D, ng;
    ugroup g[UNIT_GROUPS];
    const int *rest; /* cells of the unit outside the groups */
    int nrest;
} unitc;

/* One run of the unit propagator (on the stack): per group its options
 * (vs) with the digits its cells (sup) and outside cells (osup) take in
 * them, and what each cell keeps. */
typedef struct usearch {
    const unitc *u;
    const rg_mask *dom;
    rg_mask full;
    int nv[UNIT_GROUPS];
    rg_mask vs[UNIT_GROUPS][UNIT_SETS];
    rg_mask sup[UNIT_GROUPS][UNIT_SETS][UNIT_CELLS];
    int pick[UNIT_GROUPS];
    rg_mask osup[UNIT_GROUPS][UNIT_SETS][UNIT_CELLS]; /* outside cells' digits */
    rg_mask keep[UNIT_GROUPS][UNIT_CELLS], okeep[UNIT_GROUPS][UNIT_CELLS], rkeep[MATCH_MAX];
    int leaves, over;
    /* Up to LSUM_DP_DIGITS digits there is no sup or osup: the sets of digits
     * a group's cells can take (layers of lsum_forward from lay + lbase[k])
     * and the options some choice uses (used[k], a bit set over masks)
     * give the cells' digits in one pass back, the outside cells' through
     * their sets (ro[k]) likewise, and the rest's (layers from rbase). */
    int lbase[UNIT_GROUPS], rbase;
    uint64_t lay[UNIT_LAYERS][LSUM_DP_WORDS];
    uint64_t used[UNIT_GROUPS][LSUM_DP_WORDS];
    uint64_t ro[UNIT_GROUPS][LSUM_DP_WORDS]; /* sets the outside cells of group k can take */
} usearch;

/* Above LSUM_DP_DIGITS digits: every disjoint choice, groups g.. still to
 * choose with the digits in used taken; gives up past UNIT_LEAVES. */
static void unit_dfs(usearch *us, int g, rg_mask used)
{
    const unitc *u = us->u;
    if (us->over) return;
    if (g == u->ng) {
        if (++us->leaves > UNIT_LEAVES) {
            us->over = 1;
            return;
        }
        rg_mask left = us->full & ~used, d[MATCH_MAX] = {0}, sup[MATCH_MAX];
        for (int i = 0; i < u->nrest; i++)
            if (!(d[i] = us->dom[u->rest[i]] & left)) return;
        if (!match_set(d, u->nrest, left, sup)) return;
        for (int i = 0; i < u->nrest; i++) us->rkeep[i] |= sup[i];
        for (int k = 0; k < u->ng; k++)
            for (int i = 0; i < u->g[k].n; i++) us->keep[k][i] |= us->sup[k][us->pick[k]][i];
        for (int k = 0; k < u->ng; k++)
            for (int i = 0; i < u->g[k].nout; i++) us->okeep[k][i] |= us->osup[k][us->pick[k]][i];
        return;
    }
    for (int s = 0; s < us->nv[g]; s++) {
        if (us->vs[g][s] & used) continue;
        us->pick[g] = s;
        unit_dfs(us, g + 1, used | us->vs[g][s]);
    }
}

/* The parts a partial cage's inside cells can take: a subset x of one of
 * the cage's sets the inside cells match, whose remainder the outside
 * cells match. Returns -1 when they overflow the list. */
static int group_parts(usearch *us, int k, rg_mask uni)
{
    const ugroup *g = &us->u->g[k];
    rg_mask d[MATCH_MAX] = {0}, sup[MATCH_MAX], ins[MATCH_MAX], ouni = 0;
    for (int i = 0; i < g->nout; i++) ouni |= us->dom[g->out[i]];
    for (int s = 0; s < g->nsets; s++) {
        rg_mask set = g->sets[s], must = set & ~ouni, can = set & uni;
        if (must & ~can) continue;
        /* Every x with must <= x <= can and n digits. */
        rg_mask free_ = can & ~must, x = 0;
        do {
            rg_mask part = must | x;
            if (__builtin_popcount(part) == g->n) {
                int at = -1;
                for (int v = 0; v < us->nv[k] && at < 0; v++)
                    if (us->vs[k][v] == part) at = v;
                int ok = 1;
                if (at < 0) {
                    for (int i = 0; i < g->n && ok; i++)
                        ok = (d[i] = us->dom[g->cells[i]] & part) != 0;
                    ok = ok && match_set(d, g->n, part, ins);
                }
                rg_mask rem = set & ~part;
                for (int i = 0; i < g->nout && ok; i++) ok = (d[i] = us->dom[g->out[i]] & rem) != 0;
                if (ok && match_set(d, g->nout, rem, sup)) {
                    if (at < 0) {
                        if (us->nv[k] == UNIT_SETS) return -1;
                        at = us->nv[k]++;
                        memcpy(us->sup[k][at], ins, (size_t)g->n * sizeof *ins);
                        memset(us->osup[k][at], 0, sizeof us->osup[k][at]);
                        us->vs[k][at] = part;
                    }
                    for (int i = 0; i < g->nout; i++) us->osup[k][at][i] |= sup[i];
                }
            }
            x = (x - free_) & free_;
        } while (x);
    }
    return 0;
}

/* group_parts up to LSUM_DP_DIGITS digits, by sets of digits instead of
 * matchings: a part is a set the inside cells can take (layers from
 * us->lay + *nlay on) whose remainder in the cage's set is one the outside
 * cells can take (ro[k]). Their digits come after the choice (unit_dp). */
static int group_parts_dp(usearch *us, int k, rg_mask uni, int nw, int *nlay)
{
    const ugroup *g = &us->u->g[k];
    rg_mask d[UNIT_CELLS], ouni = 0;
    uint64_t(*lay)[LSUM_DP_WORDS] = us->lay + *nlay, tl[UNIT_CELLS + 1][LSUM_DP_WORDS],
                                  seen[LSUM_DP_WORDS];
    for (int i = 0; i < g->n; i++) d[i] = us->dom[g->cells[i]];
    lsum_forward(d, g->n, nw, lay);
    us->lbase[k] = *nlay;
    *nlay += g->n + 1;
    for (int i = 0; i < g->nout; i++) ouni |= d[i] = us->dom[g->out[i]];
    lsum_forward(d, g->nout, nw, tl);
    memcpy(us->ro[k], tl[g->nout], (size_t)nw * sizeof seen[0]);
    memset(seen, 0, (size_t)nw * sizeof seen[0]);
    for (int s = 0; s < g->nsets; s++) {
        rg_mask set = g->sets[s], must = set & ~ouni, can = set & uni;
        if (must & ~can) continue;
        rg_mask free_ = can & ~must, x = 0;
        do {
            rg_mask part = must | x, r = set & ~part;
            if (__builtin_popcount(part) == g->n && !(r & ~ouni) && !lsum_has(seen, part) &&
                lsum_has(lay[g->n], part) && lsum_has(us->ro[k], r)) {
                if (us->nv[k] == UNIT_SETS) return -1;
                seen[part / 64] |= (uint64_t)1 << (part % 64);
                us->vs[k][us->nv[k]++] = part;
            }
            x = (x - free_) & free_;
        } while (x);
    }
    return 0;
}

/* The outside cells of group k keep the digits they take in the
 * remainder of a set for some part used: those remainders, gone back
 * through the outside cells' layers. */
static void group_outside_dp(usearch *us, int k, int nw)
{
    const ugroup *g = &us->u->g[k];
    rg_mask d[UNIT_CELLS], ouni = 0, uni = 0;
    uint64_t tl[UNIT_CELLS + 1][LSUM_DP_WORDS], rem[LSUM_DP_WORDS];
    for (int i = 0; i < g->n; i++) uni |= us->dom[g->cells[i]];
    for (int i = 0; i < g->nout; i++) ouni |= d[i] = us->dom[g->out[i]];
    memset(rem, 0, (size_t)nw * sizeof rem[0]);
    for (int s = 0; s < g->nsets; s++) {
        rg_mask set = g->sets[s], must = set & ~ouni, can = set & uni;
        if (must & ~can) continue;
        rg_mask free_ = can & ~must, x = 0;
        do {
            rg_mask part = must | x, r = set & ~part;
            if (__builtin_popcount(part) == g->n && !(r & ~ouni) && lsum_has(us->used[k], part) &&
                lsum_has(us->ro[k], r))
                rem[r / 64] |= (uint64_t)1 << (r % 64);
            x = (x - free_) & free_;
        } while (x);
    }
    lsum_forward(d, g->nout, nw, tl);
    lsum_backward_sets(d, g->nout, nw, tl, rem, us->okeep[k]);
}

/* Bit sets over masks: a mask m disjoint from v = 64 vh + vl joined with
 * v is m + v, which moves word w to w | vh and, within the word, bit b to
 * b | vl. The bits b of a word disjoint from vl (the low six digits): */
static uint64_t disjoint_low(int vl)
{
    uint64_t lm = ~(uint64_t)0;
    for (; vl; vl &= vl - 1) lm &= match_low[__builtin_ctz(vl)];
    return lm;
}

/* With D <= LSUM_DP_DIGITS the choices go by the set of digits used so far:
 * forwards, the masks the first groups can use; backwards, those from
 * which the remaining groups and the rest can be completed. An option is
 * supported when it joins a forward mask to a completable one. */
static void unit_dp(usearch *us)
{
    const unitc *u = us->u;
    int nw = lsum_dp_words(u->D), ng = u->ng, ord[UNIT_GROUPS];
    uint64_t f[UNIT_GROUPS + 1][LSUM_DP_WORDS], bk[LSUM_DP_WORDS];
    /* Groups with fewer options first. */
    for (int k = 0; k < ng; k++) {
        int j = k;
        while (j > 0 && us->nv[ord[j - 1]] > us->nv[k]) ord[j] = ord[j - 1], j--;
        ord[j] = k;
    }
    memset(f[0], 0, (size_t)nw * sizeof f[0][0]);
    f[0][0] = 1;
    for (int q = 0; q < ng; q++) {
        int k = ord[q];
        memset(f[q + 1], 0, (size_t)nw * sizeof f[0][0]);
        for (int o = 0; o < us->nv[k]; o++) {
            rg_mask v = us->vs[k][o];
            int vh = (int)(v >> 6), vl = (int)(v & 63);
            uint64_t lm = disjoint_low(vl);
            for (int w = 0; w < nw; w++)
                if (!(w & vh)) f[q + 1][w | vh] |= (f[q][w] & lm) << vl;
        }
    }
    /* The last layer: the rest must take exactly the digits left (a mask
     * of f[ng] holds D - nrest digits, so the rest matched into the
     * digits left is the rest taking them all). The rest's sets (rl) and
     * the complements of f[ng] meet in the sets the rest can take; their
     * complements are the masks that complete. */
    uint64_t(*rl)[LSUM_DP_WORDS] = us->lay + us->rbase, g[LSUM_DP_WORDS];
    rg_mask rd[MATCH_MAX];
    for (int i = 0; i < u->nrest; i++) rd[i] = us->dom[u->rest[i]];
    lsum_forward(rd, u->nrest, nw, rl);
    memset(g, 0, (size_t)nw * sizeof g[0]);
    memset(bk, 0, (size_t)nw * sizeof bk[0]);
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = rl[u->nrest][w]; bits; bits &= bits - 1) {
            rg_mask m = us->full & ~(rg_mask)(w * 64 + __builtin_ctzll(bits));
            if (!lsum_has(f[ng], m)) continue;
            g[w] |= bits & -bits;
            bk[m / 64] |= (uint64_t)1 << (m % 64);
        }
    lsum_backward_sets(rd, u->nrest, nw, rl, g, us->rkeep);
    for (int q = ng - 1; q >= 0; q--) {
        int k = ord[q];
        uint64_t nb[LSUM_DP_WORDS];
        memset(nb, 0, (size_t)nw * sizeof nb[0]);
        for (int o = 0; o < us->nv[k]; o++) {
            rg_mask v = us->vs[k][o];
            int vh = (int)(v >> 6), vl = (int)(v & 63);
            uint64_t lm = disjoint_low(vl), any = 0;
            for (int w = 0; w < nw; w++)
                if (!(w & vh)) {
                    uint64_t t = (bk[w | vh] >> vl) & lm & f[q][w];
                    nb[w] |= t;
                    any |= t;
                }
            if (any) us->used[k][v / 64] |= (uint64_t)1 << (v % 64);
        }
        memcpy(bk, nb, (size_t)nw * sizeof bk[0]);
    }
    /* Each group's cells keep what they take in some option used (the
     * union of the matchings onto those sets). */
    rg_mask d[UNIT_CELLS];
    for (int k = 0; k < ng; k++) {
        const ugroup *gr = &u->g[k];
        if (gr->nout) group_outside_dp(us, k, nw);
        for (int i = 0; i < gr->n; i++) d[i] = us->dom[gr->cells[i]];
        lsum_backward_sets(d, gr->n, nw, us->lay + us->lbase[k], us->used[k], us->keep[k]);
    }
}

static int unit_propagate(rg_space *sp, void *data)
{
    const unitc *u = data;
    usearch us;
    us.u = u;
    us.dom = cages_host->domains(sp);
    us.full = u->D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << u->D) - 1;
    us.leaves = us.over = 0;
    int dp = u->D <= LSUM_DP_DIGITS, nw = lsum_dp_words(u->D), nlay = 0;
    for (int k = 0; k < u->ng; k++) {
        const ugroup *g = &u->g[k];
        rg_mask uni = 0, d[MATCH_MAX] = {0};
        for (int i = 0; i < g->n; i++) uni |= us.dom[g->cells[i]];
        us.nv[k] = 0;
        if (dp) memset(us.used[k], 0, (size_t)nw * sizeof us.used[k][0]);
        if (g->nout && dp) {
            if (group_parts_dp(&us, k, uni, nw, &nlay) < 0) return RG_PROP_FIX; /* too many */
        } else if (g->nout) {
            if (group_parts(&us, k, uni) < 0) return RG_PROP_FIX; /* too many: no pruning */
        } else if (dp) {
            /* The sets the cells can take, met with the group's sets. */
            uint64_t(*lay)[LSUM_DP_WORDS] = us.lay + nlay;
            for (int i = 0; i < g->n; i++) d[i] = us.dom[g->cells[i]];
            lsum_forward(d, g->n, nw, lay);
            us.lbase[k] = nlay;
            nlay += g->n + 1;
            for (int s = 0; s < g->nsets; s++) {
                rg_mask set = g->sets[s];
                if (!(set & ~uni) && lsum_has(lay[g->n], set)) us.vs[k][us.nv[k]++] = set;
            }
        } else {
            for (int s = 0; s < g->nsets; s++) {
                rg_mask set = g->sets[s];
                if (set & ~uni) continue;
                int ok = 1;
                for (int i = 0; i < g->n && ok; i++) ok = (d[i] = us.dom[g->cells[i]] & set) != 0;
                if (!ok || !match_set(d, g->n, set, us.sup[k][us.nv[k]])) continue;
                us.vs[k][us.nv[k]++] = set;
            }
        }
        if (!us.nv[k]) return RG_PROP_FAIL;
        for (int i = 0; i < g->n; i++) us.keep[k][i] = 0;
        for (int i = 0; i < g->nout; i++) us.okeep[k][i] = 0;
    }
    for (int i = 0; i < u->nrest; i++) us.rkeep[i] = 0;
    us.rbase = nlay;
    if (dp) unit_dp(&us);
    else unit_dfs(&us, 0, 0);
    if (us.over) return RG_PROP_FIX;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].n; i++)
            if (cages_host->keep(sp, u->g[k].cells[i], us.keep[k][i]) < 0) return RG_PROP_FAIL;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].nout; i++)
            if (cages_host->keep(sp, u->g[k].out[i], us.okeep[k][i]) < 0) return RG_PROP_FAIL;
    for (int i = 0; i < u->nrest; i++)
        if (cages_host->keep(sp, u->rest[i], us.rkeep[i]) < 0) return RG_PROP_FAIL;
    /* Every choice supported before stays whole after the pruning and no
     * new one appears, so running again prunes nothing. */
    return RG_PROP_FIX;
}

static const rg_propagator unit_prop = {sizeof(rg_propagator), "cage_unit", "cages",
                                        RG_COST_QUADRATIC, unit_propagate, derived_check};

/* Unit propagators for every unit that is not itself a cage: one with the
 * sum cages inside it and the parts of those sticking out as groups, and,
 * where derived sums over distinct cells lie among the cells no inner cage
 * holds, one more with those as groups instead of the parts. */
static int unit_all(rg_build *b, rg_rule *r, derive *dv)
{
    int nh = cages_host->house_count(b);
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, h, &hc, &hn, &kind);
        if (hn != dv->D || kind == RG_HOUSE_CAGE || hn > MATCH_MAX) continue;
        /* Pass 0: the cages sticking out as groups; pass 1: instead the
         * derived sums over their cells, when there are any. */
        for (int pass = 0; pass < 2; pass++) {
            for (int j = 0; j < hn; j++) dv->inu[hc[j]] = 1;
            unitc *u = cages_host->alloc(b, sizeof *u);
            int *rest = cages_host->alloc(b, (size_t)hn * sizeof *rest);
            if (!u || !rest) return cages_host->error(b, r, NULL, "out of memory");
            u->D = dv->D;
            dv->stamp++;
            int incage = 0;
            for (int j = 0; j < hn; j++) {
                int g = dv->cage_of[hc[j]], all = g >= 0;
                for (int k = 0; all && k < dv->clen[g]; k++) all = dv->inu[dv->ccells[g][k]];
                if (g >= 0 && dv->seen[g] == dv->stamp) continue;
                if (!pass && g >= 0 && !all && u->ng < UNIT_GROUPS && dv->clen[g] <= MATCH_MAX) {
                    int cnt = 0, nin = 0;
                    for (int k = 0; k < dv->clen[g]; k++) nin += dv->inu[dv->ccells[g][k]];
                    list_sets(dv->D, 1, dv->clen[g], dv->csum[g], 0, NULL, &cnt, UNIT_SETS);
                    if (cnt >= 1 && cnt <= UNIT_SETS && nin <= UNIT_CELLS &&
                        dv->clen[g] - nin <= UNIT_CELLS) {
                        ugroup *gr = &u->g[u->ng++];
                        int *in = cages_host->alloc(b, (size_t)nin * sizeof *in);
                        int *out = cages_host->alloc(b, (size_t)(dv->clen[g] - nin) * sizeof *out);
                        gr->sets = cages_host->alloc(b, (size_t)cnt * sizeof *gr->sets);
                        if (!in || !out || !gr->sets)
                            return cages_host->error(b, r, NULL, "out of memory");
                        for (int k = 0; k < dv->clen[g]; k++) {
                            int x = dv->ccells[g][k];
                            if (dv->inu[x]) in[gr->n++] = x;
                            else out[gr->nout++] = x;
                        }
                        gr->cells = in;
                        gr->out = out;
                        list_sets(dv->D, 1, dv->clen[g], dv->csum[g], 0, gr->sets, &gr->nsets,
                                  UNIT_SETS);
                        dv->seen[g] = dv->stamp;
                        incage += gr->n;
                        continue;
                    }
                }
                if (all && u->ng < UNIT_GROUPS && dv->clen[g] <= UNIT_CELLS) {
                    int cnt = 0;
                    list_sets(dv->D, 1, dv->clen[g], dv->csum[g], 0, NULL, &cnt, UNIT_SETS);
                    if (cnt >= 1 && cnt <= UNIT_SETS) {
                        ugroup *gr = &u->g[u->ng++];
                        gr->cells = dv->ccells[g];
                        gr->n = dv->clen[g];
                        gr->sets = cages_host->alloc(b, (size_t)cnt * sizeof *gr->sets);
                        if (!gr->sets) return cages_host->error(b, r, NULL, "out of memory");
                        list_sets(dv->D, 1, gr->n, dv->csum[g], 0, gr->sets, &gr->nsets, UNIT_SETS);
                        dv->seen[g] = dv->stamp;
                        incage += gr->n;
                        continue;
                    }
                }
                rest[u->nrest++] = hc[j];
            }
            /* Derived sums over distinct cells lying among the rest join as
             * groups too. */
            for (int i = 0; i < u->nrest; i++) dv->inu[rest[i]] = 2;
            int nderived = 0;
            for (int d = 0; d < dv->ndone && u->ng < UNIT_GROUPS; d++) {
                int n = dv->donen[d], all = dv->doneset[d] && n < u->nrest, cnt = 0;
                for (int k = 0; all && k < n; k++) all = dv->inu[dv->done[d][k]] == 2;
                if (!all) continue;
                list_sets(dv->D, 1, n, dv->donesum[d], 0, NULL, &cnt, UNIT_SETS);
                if (cnt < 1 || cnt > UNIT_SETS) continue;
                ugroup *gr = &u->g[u->ng++];
                gr->cells = dv->done[d];
                gr->n = n;
                gr->sets = cages_host->alloc(b, (size_t)cnt * sizeof *gr->sets);
                if (!gr->sets) return cages_host->error(b, r, NULL, "out of memory");
                list_sets(dv->D, 1, n, dv->donesum[d], 0, gr->sets, &gr->nsets, UNIT_SETS);
                for (int k = 0; k < n; k++) dv->inu[dv->done[d][k]] = 1;
                incage += n;
                nderived++;
                int m = 0;
                for (int i = 0; i < u->nrest; i++)
                    if (dv->inu[rest[i]] == 2) rest[m++] = rest[i];
                u->nrest = m;
            }
            for (int j = 0; j < hn; j++) dv->inu[hc[j]] = 0;
            u->rest = rest;
            if (u->ng == 0 || (u->ng == 1 && incage == hn) || (pass && !nderived)) continue;
            /* It reads the outside cells of partial cages too. */
            int nwatch = hn;
            for (int k = 0; k < u->ng; k++) nwatch += u->g[k].nout;
            int *watch = cages_host->alloc(b, (size_t)nwatch * sizeof *watch);
            if (!watch) return cages_host->error(b, r, NULL, "out of memory");
            memcpy(watch, hc, (size_t)hn * sizeof *watch);
            nwatch = hn;
            for (int k = 0; k < u->ng; k++)
                for (int i = 0; i < u->g[k].nout; i++) watch[nwatch++] = u->g[k].out[i];
            int rc = cages_host->add_propagator(b, &unit_prop, u, watch, nwatch, RG_EV_DOMAIN);
            if (rc != RG_OK) return rc;
        }
    }
    return RG_OK;
}

static int link_cage(rg_build *b, rg_rule *r, void *data)
{
    cage *c = data;
    if (!c) return RG_OK;
    int rc = RG_OK;
    if (c->nsets >= 0 && c->has_sum && c->n <= c->D) rc = house_lists(b, r, c);
    if (rc != RG_OK) return rc;
    /* The first cage of the document derives the sums for all. */
    int nm = cages_host->mark_count(b), first = -1, ncages = 0;
    for (int i = 0; i < nm; i++) {
        const char *fam;
        long key;
        const int *mc;
        int mn;
        cages_host->mark(b, i, &fam, &key, &mc, &mn);
        if (strcmp(fam, "cage") != 0 || key < 0) continue;
        if (first < 0) first = i;
        ncages++;
    }
    if (first != c->mark) return RG_OK;
    rg_board_info bi;
    cages_host->board(b, &bi);
    derive dv;
    memset(&dv, 0, sizeof dv);
    dv.N = bi.cells;
    dv.D = bi.digits;
    dv.ncages = ncages;
    dv.ccells = cages_host->alloc(b, (size_t)ncages * sizeof *dv.ccells);
    dv.clen = cages_host->alloc(b, (size_t)ncages * sizeof *dv.clen);
    dv.csum = cages_host->alloc(b, (size_t)ncages * sizeof *dv.csum);
    dv.seen = cages_host->alloc(b, (size_t)ncages * sizeof *dv.seen);
    dv.cage_of = cages_host->alloc(b, (size_t)dv.N * sizeof *dv.cage_of);
    dv.inu = cages_host->alloc(b, (size_t)dv.N);
    dv.nin = cages_host->alloc(b, (size_t)ncages * sizeof *dv.nin);
    dv.ucells = cages_host->alloc(b, (size_t)dv.N * sizeof *dv.ucells);
    dv.tcells = cages_host->alloc(b, (size_t)dv.N * sizeof *dv.tcells);
    dv.tsign = cages_host->alloc(b, (size_t)dv.N * sizeof *dv.tsign);
    dv.capdone = 12 * cages_host->house_count(b) + 16;
    dv.done = cages_host->alloc(b, (size_t)dv.capdone * sizeof *dv.done);
    dv.donen = cages_host->alloc(b, (size_t)dv.capdone * sizeof *dv.donen);
    dv.donesum = cages_host->alloc(b, (size_t)dv.capdone * sizeof *dv.donesum);
    dv.doneset = cages_host->alloc(b, (size_t)dv.capdone * sizeof *dv.doneset);
    dv.donemixed = cages_host->alloc(b, (size_t)dv.capdone * sizeof *dv.donemixed);
    if (!dv.ccells || !dv.clen || !dv.csum || !dv.seen || !dv.cage_of || !dv.inu || !dv.done ||
        !dv.donen || !dv.donesum || !dv.doneset || !dv.donemixed || !dv.nin || !dv.ucells ||
        !dv.tcells || !dv.tsign)
        return cages_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < dv.N; i++) dv.cage_of[i] = -1;
    int g = 0;
    for (int i = 0; i < nm; i++) {
        const char *fam;
        long key;
        const int *mc;
        int mn;
        cages_host->mark(b, i, &fam, &key, &mc, &mn);
        if (strcmp(fam, "cage") != 0 || key < 0) continue;
        dv.ccells[g] = mc;
        dv.clen[g] = mn;
        dv.csum[g] = key;
        for (int j = 0; j < mn; j++) {
            /* Overlapping sum cages: the totals would count cells twice. */
            if (dv.cage_of[mc[j]] >= 0) return RG_OK;
            dv.cage_of[mc[j]] = g;
        }
        g++;
    }
    rc = derive_all(b, r, &dv);
    if (rc == RG_OK) rc = derive_linear(b, r, &dv);
    return rc == RG_OK ? unit_all(b, r, &dv) : rc;
}

/* format.md §6: the rank and the order fields are written in (fmt). */
static const char *const cage_order[] = {"cells", "sum", NULL};

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "cage", .family = "cages", .compile = compile_cage,
     .link = link_cage, .generate = cages_generate, .write_rank = 603, .write_order = cage_order},
};

RG_PLUGIN_DEFINE("cages", "1.0", "killer cages: cage (no repeats, optional sum)", cages_host, types,
                 NULL);
