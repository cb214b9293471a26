/* The cages plugin: killer cages (format.md 6.3). A cage is a house (no
 * repeats); with a sum, a propagator keeps exactly the digits that some set
 * of distinct digits making the sum can place, matching cells to digits. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "rulegrid/plugin.h"

static const rg_host *host;

/* Above this many digit sets a cage prunes by sum bounds instead. */
#define MAX_SETS 512

typedef struct cage {
    const int *cells;
    int n, D;
    int has_sum;
    long sum;
    int nsets;     /* -1: bounds mode */
    rg_mask *sets; /* nsets masks of n distinct digits summing to sum */
    int free;      /* a derived sum whose cells may repeat: sums of digits */
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

static int lowest(rg_mask m) { return __builtin_ctz(m) + 1; }
static int highest(rg_mask m) { return 32 - __builtin_clz(m); }

/* Bounds mode: digit v stays in a cell when the other cells can still make
 * sum - v, judged by the larger of two lower bounds (their minimums; the
 * smallest distinct digits of their union without v) and the smaller of two
 * upper bounds. Returns a propagator status. */
static int prune_bounds(rg_space *sp, const cage *c)
{
    const rg_mask *dom = host->domains(sp);
    int changed = 0;
    for (int i = 0; i < c->n; i++) {
        long smin = 0, smax = 0;
        rg_mask uni = 0;
        for (int j = 0; j < c->n; j++) {
            if (j == i) continue;
            rg_mask m = dom[c->cells[j]];
            smin += lowest(m);
            smax += highest(m);
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
        int r = host->keep(sp, c->cells[i], keep);
        if (r < 0) return RG_PROP_FAIL;
        changed |= r;
    }
    return changed ? RG_PROP_NOFIX : RG_PROP_FIX;
}

/* Sums of the digits of cells other than index skip (repeats allowed), as
 * bits of w[0..nw-1], capped at cap. */
#define SUM_WORDS 17
static void sums_of(const rg_mask *dom, const int *cells, int n, int skip, int cap, int nw,
                    uint64_t *out)
{
    uint64_t a[SUM_WORDS] = {1}, b[SUM_WORDS];
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        for (int k = 0; k < nw; k++) b[k] = 0;
        for (rg_mask m = dom[cells[i]]; m; m &= m - 1) {
            int d = __builtin_ctz(m) + 1, q = d / 64, r = d % 64;
            for (int k = nw - 1; k >= q; k--) {
                uint64_t v = a[k - q] << r;
                if (r && k - q - 1 >= 0) v |= a[k - q - 1] >> (64 - r);
                b[k] |= v;
            }
        }
        int q = cap / 64, r = cap % 64;
        if (q < nw && r < 63) b[q] &= ((uint64_t)1 << (r + 1)) - 1;
        for (int k = q + 1; k < nw; k++) b[k] = 0;
        for (int k = 0; k < nw; k++) a[k] = b[k];
    }
    for (int k = 0; k < nw; k++) out[k] = a[k];
}

/* A derived sum over cells that need not differ: a digit x stays when the
 * other cells can make sum - x (exact for the sum alone). */
static int prune_free(rg_space *sp, const cage *c)
{
    const rg_mask *dom = host->domains(sp);
    if (c->sum < 0 || c->sum >= SUM_WORDS * 64) return RG_PROP_FIX;
    int cap = (int)c->sum, nw = cap / 64 + 1;
    uint64_t others[SUM_WORDS];
    for (int i = 0; i < c->n; i++) {
        sums_of(dom, c->cells, c->n, i, cap, nw, others);
        rg_mask keep = 0;
        for (rg_mask m = dom[c->cells[i]]; m; m &= m - 1) {
            int x = __builtin_ctz(m) + 1;
            long need = c->sum - x;
            if (need >= 0 && (others[need / 64] >> (need % 64) & 1)) keep |= m & -m;
        }
        if (host->keep(sp, c->cells[i], keep) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

/* A digit the cage must hold (it is in every set that can still be
 * placed) cannot stand outside the cage in a house that holds every cage
 * cell that can take it. */
static int eliminate_required(rg_space *sp, const cage *c, rg_mask required)
{
    const rg_mask *dom = host->domains(sp);
    while (required) {
        rg_mask v = required & -required;
        required &= required - 1;
        uint32_t holders = 0;
        for (int i = 0; i < c->n; i++)
            if (dom[c->cells[i]] & v) holders |= (uint32_t)1 << i;
        for (int h = 0; h < c->nh; h++) {
            if (holders & ~c->hin[h]) continue;
            for (int k = 0; k < c->hnout[h]; k++)
                if (host->remove(sp, c->hout[h][k], v) < 0) return RG_PROP_FAIL;
        }
    }
    return RG_PROP_FIX;
}

/* Sets mode: a set survives when the cells can be matched to its digits one
 * to one within their domains; each cell keeps the digits it takes in some
 * such matching of some surviving set. That is every digit some solution of
 * the cage alone uses, and no other (so running again prunes nothing).
 * Digits in every surviving set then leave the houses around the cage. */
static int cage_propagate(rg_space *sp, void *data)
{
    const cage *c = data;
    if (c->free) return prune_free(sp, c);
    if (c->nsets < 0) return prune_bounds(sp, c);
    const rg_mask *dom = host->domains(sp);
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
        if (!ok || !match_support(d, n, sup)) continue;
        for (int i = 0; i < n; i++) keep[i] |= sup[i];
        required &= set;
    }
    for (int i = 0; i < n; i++)
        if (host->keep(sp, c->cells[i], keep[i]) < 0) return RG_PROP_FAIL;
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
    c->sets = host->alloc(b, (size_t)(count ? count : 1) * sizeof *c->sets);
    if (!c->sets) return host->error(b, r, NULL, "out of memory");
    /* No set at all: the propagator fails at the root and check refuses
     * every assignment (no solution; not a format error). */
    c->nsets = 0;
    list_sets(c->D, 1, c->n, c->sum, 0, c->sets, &c->nsets, MAX_SETS);
    return RG_OK;
}

static int compile_cage(rg_build *b, rg_rule *r, void **data)
{
    rg_board_info bi;
    host->board(b, &bi);
    const int *cells;
    int n;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    cage *c = host->alloc(b, sizeof *c);
    if (!c) return host->error(b, r, NULL, "out of memory");
    c->cells = cells;
    c->n = n;
    c->D = bi.digits;
    c->sum = -1;
    c->has_sum = host->has(b, r, "sum");
    if (c->has_sum) {
        rc = host->read_int(b, r, "sum", 0, LONG_MIN / 4, LONG_MAX / 4, &c->sum);
        if (rc != RG_OK) return rc;
    }
    c->mark = host->mark_count(b);
    rc = host->add_mark(b, "cage", c->has_sum ? c->sum : -1, cells, n);
    if (rc != RG_OK) return rc;
    *data = c;
    /* A cage of more than D cells: add_house marks the model as having no
     * solution (format.md 6.3), and there is no sum to reason about. */
    rc = host->add_house(b, cells, n, RG_HOUSE_CAGE);
    if (rc != RG_OK || !c->has_sum || n > bi.digits) return rc;
    rc = make_sets(b, r, c);
    if (rc != RG_OK) return rc;
    return host->add_propagator(b, &cage_prop, c, cells, n, RG_EV_DOMAIN);
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
    int nh = host->house_count(b), k = 0;
    c->hin = host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hin);
    c->hout = host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hout);
    c->hnout = host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *c->hnout);
    if (!c->hin || !c->hout || !c->hnout) return host->error(b, r, NULL, "out of memory");
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind, inside = 0;
        uint32_t in = 0;
        host->house(b, h, &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) {
            int i = index_in(c->cells, c->n, hc[j]);
            if (i >= 0) in |= (uint32_t)1 << i, inside++;
        }
        if (inside < 2 || inside == hn) continue;
        int *out = host->alloc(b, (size_t)(hn - inside) * sizeof *out);
        if (!out) return host->error(b, r, NULL, "out of memory");
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
 * Innies: the cells of U outside the sum cages lying inside U make that
 * total less those cages' sums. Outies: when sum cages cover U, the cells
 * of the cages that stick out of U make the cages' total less U's. Each
 * becomes a propagator over the cells (at most MAX_DERIVED of them): a cage
 * with distinct digits when one house holds them all, else a free sum. */
#define MAX_DERIVED 9

typedef struct derive {
    int N, D, nh, ncages, ndone;
    const int **ccells;
    int *clen;
    long *csum;
    int *cage_of;       /* per cell: the sum cage holding it, or -1 */
    unsigned char *inu; /* per cell: in the union being looked at */
    int *seen;          /* per cage: stamp */
    int stamp;
    int **done; /* cell sets already derived (sorted), to skip repeats */
    int *donen;
    int capdone;
} derive;

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Is some house holding every cell of cells? */
static int one_house(const rg_build *b, const int *cells, int n)
{
    int nh = host->house_count(b);
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind, in = 0;
        host->house(b, h, &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) in += index_in(cells, n, hc[j]) >= 0;
        if (in == n) return 1;
    }
    return 0;
}

static int add_derived(rg_build *b, rg_rule *r, derive *dv, int *cells, int n, long sum)
{
    if (n < 1 || n > MAX_DERIVED) return RG_OK;
    qsort(cells, (size_t)n, sizeof *cells, cmp_int);
    for (int i = 0; i < dv->ndone; i++)
        if (dv->donen[i] == n && memcmp(dv->done[i], cells, (size_t)n * sizeof *cells) == 0)
            return RG_OK;
    for (int i = 0; i < dv->ncages; i++)
        if (dv->clen[i] == n) {
            int same = 1;
            for (int k = 0; k < n && same; k++) same = index_in(dv->ccells[i], n, cells[k]) >= 0;
            if (same) return RG_OK;
        }
    if (dv->ndone == dv->capdone) return RG_OK; /* enough */
    int *copy = host->alloc(b, (size_t)n * sizeof *copy);
    cage *c = host->alloc(b, sizeof *c);
    if (!copy || !c) return host->error(b, r, NULL, "out of memory");
    memcpy(copy, cells, (size_t)n * sizeof *copy);
    dv->done[dv->ndone] = copy;
    dv->donen[dv->ndone++] = n;
    c->cells = copy;
    c->n = n;
    c->D = dv->D;
    c->has_sum = 1;
    c->sum = sum;
    c->mark = -1;
    if (one_house(b, copy, n)) {
        int rc = make_sets(b, r, c);
        if (rc == RG_OK) rc = house_lists(b, r, c);
        if (rc != RG_OK) return rc;
    } else {
        c->free = 1;
    }
    return host->add_propagator(b, &derived_prop, c, copy, n, RG_EV_DOMAIN);
}

/* Innies and outies of the union of the houses listed. */
static int derive_union(rg_build *b, rg_rule *r, derive *dv, const int *houses, int k)
{
    int *cells = host->alloc(b, (size_t)k * dv->D * sizeof *cells);
    int *rest = host->alloc(b, (size_t)(MAX_DERIVED + 1) * sizeof *rest);
    if (!cells || !rest) return host->error(b, r, NULL, "out of memory");
    int nc = 0;
    for (int i = 0; i < k; i++) {
        const int *hc;
        int hn, kind;
        host->house(b, houses[i], &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) cells[nc++] = hc[j];
    }
    for (int i = 0; i < nc; i++) dv->inu[cells[i]] = 1;
    long total = (long)k * dv->D * (dv->D + 1) / 2, inner = 0, touching = 0;
    int nrest = 0, covered = 1;
    dv->stamp++;
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0) {
            covered = 0;
            if (nrest <= MAX_DERIVED) rest[nrest] = cells[i];
            nrest++;
            continue;
        }
        if (dv->seen[g] == dv->stamp) continue;
        dv->seen[g] = dv->stamp;
        touching += dv->csum[g];
        int all = 1;
        for (int j = 0; j < dv->clen[g] && all; j++) all = dv->inu[dv->ccells[g][j]];
        if (all) inner += dv->csum[g];
    }
    /* Innies: the cells of U not in a cage lying inside U. */
    int rc = RG_OK;
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0) continue;
        int all = 1;
        for (int j = 0; j < dv->clen[g] && all; j++) all = dv->inu[dv->ccells[g][j]];
        if (!all) {
            if (nrest <= MAX_DERIVED) rest[nrest] = cells[i];
            nrest++;
        }
    }
    if (nrest >= 1 && nrest <= MAX_DERIVED) rc = add_derived(b, r, dv, rest, nrest, total - inner);
    /* Outies: the cells outside U of the cages that cover U. */
    if (rc == RG_OK && covered) {
        int nout = 0;
        dv->stamp++;
        for (int i = 0; i < nc && nout <= MAX_DERIVED; i++) {
            int g = dv->cage_of[cells[i]];
            if (dv->seen[g] == dv->stamp) continue;
            dv->seen[g] = dv->stamp;
            for (int j = 0; j < dv->clen[g]; j++) {
                int x = dv->ccells[g][j];
                if (dv->inu[x]) continue;
                if (nout <= MAX_DERIVED) rest[nout] = x;
                nout++;
            }
        }
        if (nout >= 1 && nout <= MAX_DERIVED)
            rc = add_derived(b, r, dv, rest, nout, touching - total);
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
    host->house(b, h, &hc, &hn, &kind);
    int rmin = 1 << 30, rmax = -1, cmin = 1 << 30, cmax = -1;
    for (int j = 0; j < hn; j++) {
        int row, col;
        host->cell_pos(b, hc[j], &row, &col);
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
    int nh = host->house_count(b);
    size_t sz = (size_t)(nh ? nh : 1) * sizeof(int);
    int *units = host->alloc(b, sz), *along = host->alloc(b, sz), *ext = host->alloc(b, sz);
    int *lo = host->alloc(b, sz), *hi = host->alloc(b, sz), *run = host->alloc(b, sz);
    if (!units || !along || !ext || !lo || !hi || !run)
        return host->error(b, r, NULL, "out of memory");
    int nu = 0;
    for (int h = 0; h < nh; h++) {
        const int *hc;
        int hn, kind;
        host->house(b, h, &hc, &hn, &kind);
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
                host->house(b, units[i], &hc, &hn, &k);
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

static int link_cage(rg_build *b, rg_rule *r, void *data)
{
    cage *c = data;
    if (!c) return RG_OK;
    int rc = RG_OK;
    if (c->nsets >= 0 && c->has_sum && c->n <= c->D) rc = house_lists(b, r, c);
    if (rc != RG_OK) return rc;
    /* The first cage of the document derives the sums for all. */
    int nm = host->mark_count(b), first = -1, ncages = 0;
    for (int i = 0; i < nm; i++) {
        const char *fam;
        long key;
        const int *mc;
        int mn;
        host->mark(b, i, &fam, &key, &mc, &mn);
        if (strcmp(fam, "cage") != 0 || key < 0) continue;
        if (first < 0) first = i;
        ncages++;
    }
    if (first != c->mark) return RG_OK;
    rg_board_info bi;
    host->board(b, &bi);
    derive dv;
    memset(&dv, 0, sizeof dv);
    dv.N = bi.cells;
    dv.D = bi.digits;
    dv.ncages = ncages;
    dv.ccells = host->alloc(b, (size_t)ncages * sizeof *dv.ccells);
    dv.clen = host->alloc(b, (size_t)ncages * sizeof *dv.clen);
    dv.csum = host->alloc(b, (size_t)ncages * sizeof *dv.csum);
    dv.seen = host->alloc(b, (size_t)ncages * sizeof *dv.seen);
    dv.cage_of = host->alloc(b, (size_t)dv.N * sizeof *dv.cage_of);
    dv.inu = host->alloc(b, (size_t)dv.N);
    dv.capdone = 8 * host->house_count(b) + 16;
    dv.done = host->alloc(b, (size_t)dv.capdone * sizeof *dv.done);
    dv.donen = host->alloc(b, (size_t)dv.capdone * sizeof *dv.donen);
    if (!dv.ccells || !dv.clen || !dv.csum || !dv.seen || !dv.cage_of || !dv.inu || !dv.done ||
        !dv.donen)
        return host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < dv.N; i++) dv.cage_of[i] = -1;
    int g = 0;
    for (int i = 0; i < nm; i++) {
        const char *fam;
        long key;
        const int *mc;
        int mn;
        host->mark(b, i, &fam, &key, &mc, &mn);
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
    return derive_all(b, r, &dv);
}

static const rg_rule_type cage_type = {sizeof(rg_rule_type), "cage", "cages", compile_cage,
                                       link_cage};

static int init(const rg_host *h, rg_registrar *reg)
{
    host = h;
    return h->register_type(reg, &cage_type);
}

RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void)
{
    static const rg_plugin_info info =
        RG_PLUGIN_INFO("cages", "1.0", "killer cages: cage (no repeats, optional sum)", init);
    return &info;
}
