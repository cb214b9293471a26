/* Sums the units and sum cages imply, found once at link and each added as a
 * propagator: innies, outies and their signed mixtures over unions of
 * adjacent houses, and small sums found by linear algebra (lineq.c). */
#include <stdlib.h>
#include <string.h>

#include "cages.h"
#include "lineq.h"
#include "linsum.h"

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
        for (int j = 0; j < hn; j++) in += cages_index_in(cells, n, hc[j]) >= 0;
        if (in == n) return 1;
    }
    return 0;
}

/* Orders the terms of a signed sum into groups: repeatedly the house
 * holding most of the ungrouped cells of one sign (at least two) gives a
 * group, as large as lsum allows; the cells left are groups of one. */
static void dsum_group(const rg_build *b, const int *cells, const int *sign, int n, int D, dsum *ds)
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
                    cnt += !used[i] && sign[i] == sg && cages_index_in(hc, hn, cells[i]) >= 0;
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
            if (!used[i] && sign[i] == bs && cages_index_in(hc, hn, cells[i]) >= 0) {
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
                for (int k = 0; k < n && same; k++)
                    same = cages_index_in(dv->ccells[i], n, key[k]) >= 0;
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
    if (dv->doneset[d]) return cages_add_derived(b, r, copy, n, dv->D, total);
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
    return cages_add_signed(b, ds);
}

/* The cells of the union of the k houses (into dv->ucells, marked in
 * dv->inu; returns how many) and, per sum cage touching it, its cells
 * inside (dv->nin); the sums of the cages inside (*inner) and of those
 * sticking out (*parts); the cells in no sum cage (*nloose). */
static int union_cells(rg_build *b, derive *dv, const int *houses, int k, long *inner, long *parts,
                       int *nloose)
{
    int nc = 0;
    for (int i = 0; i < k; i++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, houses[i], &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) dv->ucells[nc++] = hc[j];
    }
    const int *cells = dv->ucells;
    for (int i = 0; i < nc; i++) dv->inu[cells[i]] = 1;
    dv->stamp++;
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0) {
            (*nloose)++;
            continue;
        }
        if (dv->seen[g] == dv->stamp) continue;
        dv->seen[g] = dv->stamp;
        dv->nin[g] = 0;
        for (int j = 0; j < dv->clen[g]; j++) dv->nin[g] += dv->inu[dv->ccells[g][j]];
        if (dv->nin[g] == dv->clen[g])
            *inner += dv->csum[g];
        else
            *parts += dv->csum[g];
    }
    return nc;
}

/* The outies of the union's nc cells (mix 0: when sum cages cover it, the
 * parts outside of the cages sticking out make sum) or the mixture (mix 1:
 * each cage sticking out by its smaller part, inside counted up, outside
 * down, with the loose cells), added unless it is the innies or the
 * outies. */
static inline int derive_parts(rg_build *b, rg_rule *r, derive *dv, int nc, int mix, long sum,
                               int nloose)
{
    const int *cells = dv->ucells;
    int *tc = dv->tcells, *ts = dv->tsign, n = 0, nin = 0, nout = 0;
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
    if (mix && (!nout || (!nin && !nloose))) return RG_OK;
    return n ? add_derived(b, r, dv, tc, ts, n, sum) : RG_OK;
}

/* Innies, outies and their signed mixture for the union of the houses
 * listed. */
static int derive_union(rg_build *b, rg_rule *r, derive *dv, const int *houses, int k)
{
    long total = (long)k * dv->D * (dv->D + 1) / 2, inner = 0, parts = 0;
    int nloose = 0, nc = union_cells(b, dv, houses, k, &inner, &parts, &nloose);
    const int *cells = dv->ucells;
    int *tc = dv->tcells, *ts = dv->tsign, n = 0, rc = RG_OK;
    /* Innies: the cells of U not in a cage lying inside U. */
    for (int i = 0; i < nc; i++) {
        int g = dv->cage_of[cells[i]];
        if (g < 0 || dv->nin[g] < dv->clen[g]) tc[n] = cells[i], ts[n++] = 1;
    }
    if (n) rc = add_derived(b, r, dv, tc, ts, n, total - inner);
    if (rc == RG_OK && !nloose) rc = derive_parts(b, r, dv, nc, 0, parts - (total - inner), nloose);
    if (rc == RG_OK) rc = derive_parts(b, r, dv, nc, 1, total - inner, nloose);
    for (int i = 0; i < nc; i++) dv->inu[cells[i]] = 0;
    return rc;
}

/* The extent of house h: along an axis (0: downwards, rows; 1: sideways,
 * columns) its first line and how many lines it covers, across it the span. */
static void house_span(const rg_build *b, int h, int axis, int *along, int *ext, int *lo, int *hi)
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

/* The sum cages from their marks (the cage plugin's own, key the sum; -1
 * for a cage without one), and the scratch of the derivation. Sets
 * *overlap when two sum cages share a cell: the totals would count it
 * twice. */
static int derive_init(rg_build *b, rg_rule *r, int ncages, derive *dv, int *overlap)
{
    rg_board_info bi;
    cages_host->board(b, &bi);
    memset(dv, 0, sizeof *dv);
    dv->N = bi.cells;
    dv->D = bi.digits;
    dv->ncages = ncages;
    dv->ccells = cages_host->alloc(b, (size_t)ncages * sizeof *dv->ccells);
    dv->clen = cages_host->alloc(b, (size_t)ncages * sizeof *dv->clen);
    dv->csum = cages_host->alloc(b, (size_t)ncages * sizeof *dv->csum);
    dv->seen = cages_host->alloc(b, (size_t)ncages * sizeof *dv->seen);
    dv->cage_of = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->cage_of);
    dv->inu = cages_host->alloc(b, (size_t)dv->N);
    dv->nin = cages_host->alloc(b, (size_t)ncages * sizeof *dv->nin);
    dv->ucells = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->ucells);
    dv->tcells = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->tcells);
    dv->tsign = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->tsign);
    dv->capdone = 12 * cages_host->house_count(b) + 16;
    dv->done = cages_host->alloc(b, (size_t)dv->capdone * sizeof *dv->done);
    dv->donen = cages_host->alloc(b, (size_t)dv->capdone * sizeof *dv->donen);
    dv->donesum = cages_host->alloc(b, (size_t)dv->capdone * sizeof *dv->donesum);
    dv->doneset = cages_host->alloc(b, (size_t)dv->capdone * sizeof *dv->doneset);
    dv->donemixed = cages_host->alloc(b, (size_t)dv->capdone * sizeof *dv->donemixed);
    if (!dv->ccells || !dv->clen || !dv->csum || !dv->seen || !dv->cage_of || !dv->inu ||
        !dv->done || !dv->donen || !dv->donesum || !dv->doneset || !dv->donemixed || !dv->nin ||
        !dv->ucells || !dv->tcells || !dv->tsign)
        return cages_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < dv->N; i++) dv->cage_of[i] = -1;
    for (int i = 0, g = 0, nm = cages_host->mark_count(b); i < nm; i++) {
        const int *mc;
        int mn;
        long key;
        if (!cages_sum_mark(b, i, &mc, &mn, &key)) continue;
        dv->ccells[g] = mc;
        dv->clen[g] = mn;
        dv->csum[g] = key;
        for (int j = 0; j < mn; j++) {
            if (dv->cage_of[mc[j]] >= 0) {
                *overlap = 1;
                return RG_OK;
            }
            dv->cage_of[mc[j]] = g;
        }
        g++;
    }
    return RG_OK;
}

int cages_derive(rg_build *b, rg_rule *r, int ncages)
{
    derive dv;
    int overlap = 0;
    int rc = derive_init(b, r, ncages, &dv, &overlap);
    if (rc != RG_OK || overlap) return rc;
    rc = derive_all(b, r, &dv);
    if (rc == RG_OK) rc = derive_linear(b, r, &dv);
    return rc == RG_OK ? cages_add_units(b, r, &dv) : rc;
}
