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
 * the houses they share (linsum.h), when it has at most SIGNED_CELLS
 * cells. */
#define MAX_DERIVED 12

/* ---- Sets of indices by key --------------------------------------------- */

static uint64_t key_hash(const int *key, int n, int tag)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(n * 2 + tag);
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)(unsigned)key[i]) * 1099511628211ull;
    return h ^ h >> 29;
}

/* The index in s whose key same() finds equal, or -1; *at: its slot, or the
 * empty slot where it would go. */
static int idx_find(const idxset *s, uint64_t h, int (*same)(const derive *, int, const int *, int),
                    const derive *dv, const int *key, int n, unsigned *at)
{
    unsigned mask = s->cap - 1, i = (unsigned)h & mask;
    for (; s->slot[i]; i = (i + 1) & mask)
        if (same(dv, s->slot[i] - 1, key, n)) break;
    *at = i;
    return s->slot[i] - 1;
}

/* Room for one more index: rehashed into twice the slots (hash(dv, i) of
 * each) when it would be more than half full. -1 without memory. */
static int idx_room(idxset *s, uint64_t (*hash)(const derive *, int), const derive *dv)
{
    if (2u * (unsigned)(s->n + 1) <= s->cap) return 0;
    unsigned cap = s->cap ? 2 * s->cap : 256;
    int *slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    for (unsigned k = 0; k < s->cap; k++) {
        if (!s->slot[k]) continue;
        unsigned i = (unsigned)hash(dv, s->slot[k] - 1) & (cap - 1);
        while (slot[i]) i = (i + 1) & (cap - 1);
        slot[i] = s->slot[k];
    }
    free(s->slot);
    s->slot = slot;
    s->cap = cap;
    return 0;
}

static uint64_t cage_hash(const derive *dv, int g)
{
    return key_hash(dv->csorted[g], dv->clen[g], 0);
}

static int same_cage(const derive *dv, int g, const int *key, int n)
{
    return dv->clen[g] == n && memcmp(dv->csorted[g], key, (size_t)n * sizeof *key) == 0;
}

static uint64_t done_hash(const derive *dv, int d)
{
    return key_hash(dv->done[d], dv->donen[d], dv->donemixed[d]);
}

/* key[n] is (n, mixed, key...) as stored: the mixed flag rides in key[-1]. */
static int same_done(const derive *dv, int d, const int *key, int n)
{
    return dv->donen[d] == n && dv->donemixed[d] == key[-1] &&
           memcmp(dv->done[d], key, (size_t)n * sizeof *key) == 0;
}

/* ---- Derived sums ------------------------------------------------------------- */

/* Is some house holding every cell of cells? */
static int one_house(const rg_build *b, const int *cells, int n)
{
    const int *hs;
    int nh = cages_host->cell_houses(b, cells[0], &hs);
    for (int t = 0; t < nh; t++) {
        const int *hc;
        int hn, kind, i = 1;
        cages_host->house(b, hs[t], &hc, &hn, &kind);
        while (i < n && cages_index_in(hc, hn, cells[i]) >= 0) i++; /* to the first outside */
        if (i == n) return 1;
    }
    return 0;
}

/* The index among the nt houses, whose cells among the terms are the bits
 * of in[t], holding most of the ungrouped terms (bits of left) of one sign
 * (the first such, by house then sign -1 before +1; pos: the terms of sign
 * +1), and that count (*best, 0 when none). */
static int best_group(const uint32_t *in, int nt, uint32_t left, uint32_t pos, int *best, int *bs)
{
    int bt = -1;
    *best = 0;
    for (int t = 0; t < nt; t++)
        for (int sg = -1; sg <= 1; sg += 2) {
            int cnt = __builtin_popcount(in[t] & left & (sg > 0 ? pos : ~pos));
            if (cnt > *best) *best = cnt, bt = t, *bs = sg;
        }
    return bt;
}

/* Orders the terms of a signed sum into groups: repeatedly the house
 * holding most of the ungrouped cells of one sign (at least two) gives a
 * group, as large as lsum allows; the cells left are groups of one. Only
 * the houses holding some of the cells can give a group; which of the
 * cells each holds is worked out once. -1 without memory. */
static int dsum_group(rg_build *b, const int *cells, const int *sign, int n, int D, dsum *ds)
{
    int at = 0, maxk = 1, *hs, *cnt;
    int nt = cages_touching(b, cells, n, 1, &hs, &cnt);
    if (nt < 0) return -1;
    uint32_t *in = malloc((size_t)(nt ? nt : 1) * sizeof *in), pos = 0;
    uint32_t left = n >= 32 ? ~0u : (1u << n) - 1;
    if (!in) {
        free(hs);
        return -1;
    }
    for (int i = 0; i < n; i++) pos |= (uint32_t)(sign[i] > 0) << i;
    for (int t = 0; t < nt; t++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, hs[t], &hc, &hn, &kind);
        in[t] = 0;
        for (int i = 0; i < n; i++) in[t] |= (uint32_t)(cages_index_in(hc, hn, cells[i]) >= 0) << i;
    }
    while (maxk < n && lsum_options(D, maxk + 1) <= LSUM_OPTIONS) maxk++;
    ds->n = (unsigned char)n;
    ds->D = (unsigned char)D;
    ds->ng = 0;
    for (;;) {
        int best, bs = 0, bt = best_group(in, nt, left, pos, &best, &bs);
        if (best < 2) break;
        uint32_t take = in[bt] & left & (bs > 0 ? pos : ~pos);
        ds->start[ds->ng] = (unsigned char)at;
        ds->sign[ds->ng++] = (signed char)bs;
        for (int i = 0, k = 0; i < n && k < maxk; i++)
            if (take >> i & 1) {
                left &= ~(1u << i);
                ds->cells[at++] = cells[i];
                k++;
            }
    }
    free(in);
    free(hs);
    for (int i = 0; i < n; i++)
        if (left >> i & 1) {
            ds->start[ds->ng] = (unsigned char)at;
            ds->sign[ds->ng++] = (signed char)sign[i];
            ds->cells[at++] = cells[i];
        }
    ds->start[ds->ng] = (unsigned char)at;
    return 0;
}

/* Room for one more derived sum in dv's arrays. -1 without memory. */
static int done_room(derive *dv)
{
    if (dv->ndone < dv->donecap) return 0;
    int cap = dv->donecap ? 2 * dv->donecap : 64;
    int **done = realloc(dv->done, (size_t)cap * sizeof *done);
    if (done) dv->done = done;
    int *donen = realloc(dv->donen, (size_t)cap * sizeof *donen);
    if (donen) dv->donen = donen;
    long *donesum = realloc(dv->donesum, (size_t)cap * sizeof *donesum);
    if (donesum) dv->donesum = donesum;
    int *doneset = realloc(dv->doneset, (size_t)cap * sizeof *doneset);
    if (doneset) dv->doneset = doneset;
    int *donemixed = realloc(dv->donemixed, (size_t)cap * sizeof *donemixed);
    if (donemixed) dv->donemixed = donemixed;
    if (!done || !donen || !donesum || !doneset || !donemixed) return -1;
    dv->donecap = cap;
    return 0;
}

/* Records the sum over the sorted key (cells or signed cells) unless it is
 * known: a sum derived before, or the cells of a sum cage. 1 when new, 0
 * when known or past the cap, -1 without memory. */
static int note_derived(rg_build *b, derive *dv, const int *key, int n, int mixed, long total)
{
    int tagged[MAX_DERIVED + 1];
    tagged[0] = mixed;
    memcpy(tagged + 1, key, (size_t)n * sizeof *key);
    uint64_t h = key_hash(key, n, mixed);
    unsigned at, cat;
    if (idx_room(&dv->done_by_key, done_hash, dv) < 0) return -1;
    if (idx_find(&dv->done_by_key, h, same_done, dv, tagged + 1, n, &at) >= 0) return 0;
    if (!mixed && dv->cages_by_set.cap &&
        idx_find(&dv->cages_by_set, key_hash(key, n, 0), same_cage, dv, key, n, &cat) >= 0)
        return 0;
    if (dv->ndone == dv->capdone) return 0; /* enough */
    int *copy = cages_host->alloc(b, (size_t)n * sizeof *copy);
    if (!copy || done_room(dv) < 0) return -1;
    memcpy(copy, key, (size_t)n * sizeof *copy);
    int d = dv->ndone++;
    dv->done[d] = copy;
    dv->donesum[d] = total;
    dv->donemixed[d] = mixed;
    dv->doneset[d] = !mixed && one_house(b, copy, n);
    dv->donen[d] = n;
    dv->done_by_key.slot[at] = d + 1;
    dv->done_by_key.n++;
    return 1;
}

/* The origin of the sum being derived: dv->o with the kind and corners
 * of its union (dv->ohouses, k of them). */
static dorigin origin_of(rg_build *b, const derive *dv)
{
    dorigin o = dv->o;
    if (!dv->ohouses || o.k < 1) return o;
    const int *hc;
    int hn, kind;
    cages_host->house(b, dv->ohouses[0], &hc, &hn, &o.kind);
    o.first = hc[0];
    cages_host->house(b, dv->ohouses[o.k - 1], &hc, &hn, &kind);
    o.last = hc[hn - 1];
    return o;
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
    cages_sort_ints(key, n);
    int fresh = note_derived(b, dv, key, n, mixed, total);
    if (fresh < 0) return cages_host->error(b, r, NULL, "out of memory");
    if (!fresh) return RG_OK;
    int d = dv->ndone - 1;
    dorigin o = origin_of(b, dv);
    if (dv->doneset[d]) {
        /* A whole house making its full total (the innies of a house with
         * no sum cage inside): the house says as much, and the search at
         * the default level is faster without it (docs/bench.md, "Cages in
         * a house at sac only"). */
        if (n == dv->D && total == (long)dv->D * (dv->D + 1) / 2) return RG_OK;
        return cages_add_derived(b, r, dv->done[d], n, dv->D, total, &o);
    }
    if (n > SIGNED_CELLS) return RG_OK;
    /* (64-byte aligned: what a run reads in one cache line, cages.h; the
     * host's alloc promises no alignment, so room for any offset) */
    unsigned char *raw = cages_host->alloc(b, sizeof(dsum) + 63);
    dsum *ds = raw ? (dsum *)(void *)(raw + (-(uintptr_t)raw & 63)) : NULL;
    if (!ds) return cages_host->error(b, r, NULL, "out of memory");
    int tc[MAX_DERIVED], ts[MAX_DERIVED];
    for (int i = 0; i < n; i++) {
        tc[i] = mixed ? key[i] >> 1 : key[i];
        ts[i] = mixed && (key[i] & 1) ? -1 : 1;
    }
    ds->origin = o;
    ds->total = total;
    if (dsum_group(b, tc, ts, n, dv->D, ds) < 0)
        return cages_host->error(b, r, NULL, "out of memory");
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
    dv->ohouses = houses;
    dv->o = (dorigin){.how = FROM_INNIES, .k = k, .units = total, .cages = inner};
    if (n) rc = add_derived(b, r, dv, tc, ts, n, total - inner);
    dv->o.how = FROM_OUTIES;
    dv->o.cages = inner + parts;
    if (rc == RG_OK && !nloose) rc = derive_parts(b, r, dv, nc, 0, parts - (total - inner), nloose);
    dv->o.how = FROM_MIXED;
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

/* Where a unit lies: along an axis from `along` over `ext` lines, across
 * it from lo to hi; unit: its index in the list of units. */
typedef struct span {
    int along, ext, lo, hi, unit;
} span;

/* By along, lo, hi, then unit: the first of equal spans is the unit met
 * first. */
static int cmp_span(const void *x, const void *y)
{
    const span *a = x, *b = y;
    if (a->along != b->along) return (a->along > b->along) - (a->along < b->along);
    if (a->lo != b->lo) return (a->lo > b->lo) - (a->lo < b->lo);
    if (a->hi != b->hi) return (a->hi > b->hi) - (a->hi < b->hi);
    return (a->unit > b->unit) - (a->unit < b->unit);
}

/* The first unit (in unit order) of the ns sorted spans at along with this
 * lo and hi, or -1. */
static int span_at(const span *sorted, int ns, int along, int lo, int hi)
{
    int a = 0, z = ns;
    span want = {along, 0, lo, hi, -1};
    while (a < z) {
        int mid = a + (z - a) / 2;
        if (cmp_span(&sorted[mid], &want) < 0)
            a = mid + 1;
        else
            z = mid;
    }
    if (a < ns && sorted[a].along == along && sorted[a].lo == lo && sorted[a].hi == hi)
        return sorted[a].unit;
    return -1;
}

/* Every run of 2 .. D-1 adjacent units of one kind with the same span
 * across, along one axis: each unit starts a run, which goes on with the
 * first unit that begins where the run's last one ends. sp[i]: the span
 * of units[i] (along -1: not of the kind); sorted: room for nu spans. */
static int derive_runs(rg_build *b, rg_rule *r, derive *dv, const int *units, const span *sp,
                       int nu, span *sorted, int *run)
{
    int ns = 0, rc = RG_OK;
    for (int i = 0; i < nu; i++)
        if (sp[i].along >= 0) sorted[ns++] = sp[i];
    qsort(sorted, (size_t)ns, sizeof *sorted, cmp_span);
    for (int i = 0; i < nu && rc == RG_OK; i++) {
        if (sp[i].along < 0) continue;
        int len = 1, cur = i;
        run[0] = units[i];
        while (len < dv->D - 1 && rc == RG_OK) {
            int next = span_at(sorted, ns, sp[cur].along + sp[cur].ext, sp[i].lo, sp[i].hi);
            if (next < 0) break;
            run[len++] = units[next];
            cur = next;
            rc = derive_union(b, r, dv, run, len);
        }
    }
    return rc;
}

/* Every unit alone, then every run of 2 .. D-1 adjacent houses of one kind
 * with the same span across (rows of one grid downwards, columns sideways,
 * boxes of a band or a stack). */
static int derive_all(rg_build *b, rg_rule *r, derive *dv)
{
    int nh = cages_host->house_count(b);
    int *units = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *units);
    int *run = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *run);
    span *sp = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *sp);
    span *sorted = cages_host->alloc(b, (size_t)(nh ? nh : 1) * sizeof *sorted);
    if (!units || !run || !sp || !sorted) return cages_host->error(b, r, NULL, "out of memory");
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
                sp[i] = (span){-1, 0, 0, 0, i};
                if (k == kind)
                    house_span(b, units[i], axis, &sp[i].along, &sp[i].ext, &sp[i].lo, &sp[i].hi);
            }
            rc = derive_runs(b, r, dv, units, sp, nu, sorted, run);
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
    dv->ohouses = NULL;
    dv->o = (dorigin){.how = FROM_ALGEBRA};
    int rc = lineq_derive(dv->N, sets, lens, sums, n, linear_emit, &lc);
    if (lc.rc != RG_OK) return lc.rc;
    return rc < 0 ? cages_host->error(b, r, NULL, "out of memory") : RG_OK;
}

/* The sum cages from their marks (the cage plugin's own, key the sum; -1
 * for a cage without one): how many, into dv->ncages, and whether two share
 * a cell (*overlap: the totals would count it twice). */
static int count_cages(rg_build *b, rg_rule *r, derive *dv, int *overlap)
{
    dv->cage_of = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->cage_of);
    if (!dv->cage_of) return cages_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < dv->N; i++) dv->cage_of[i] = -1;
    for (int i = 0, nm = cages_host->mark_count(b); i < nm; i++) {
        const int *mc;
        int mn;
        long key;
        if (!cages_sum_mark(b, i, &mc, &mn, &key)) continue;
        for (int j = 0; j < mn; j++) {
            if (dv->cage_of[mc[j]] >= 0) {
                *overlap = 1;
                return RG_OK;
            }
            dv->cage_of[mc[j]] = dv->ncages;
        }
        dv->ncages++;
    }
    return RG_OK;
}

/* The sum cages' cells, lengths and sums, their cell sets by hash, and the
 * scratch of the derivation. */
static int derive_init(rg_build *b, rg_rule *r, derive *dv)
{
    int nc = dv->ncages;
    dv->ccells = cages_host->alloc(b, (size_t)nc * sizeof *dv->ccells);
    dv->clen = cages_host->alloc(b, (size_t)nc * sizeof *dv->clen);
    dv->csum = cages_host->alloc(b, (size_t)nc * sizeof *dv->csum);
    dv->seen = cages_host->alloc(b, (size_t)nc * sizeof *dv->seen);
    dv->nin = cages_host->alloc(b, (size_t)nc * sizeof *dv->nin);
    dv->inu = cages_host->alloc(b, (size_t)dv->N);
    dv->ucells = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->ucells);
    dv->tcells = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->tcells);
    dv->tsign = cages_host->alloc(b, (size_t)dv->N * sizeof *dv->tsign);
    dv->csorted = calloc((size_t)(nc ? nc : 1), sizeof *dv->csorted);
    if (!dv->ccells || !dv->clen || !dv->csum || !dv->seen || !dv->inu || !dv->nin || !dv->ucells ||
        !dv->tcells || !dv->tsign || !dv->csorted)
        return cages_host->error(b, r, NULL, "out of memory");
    dv->capdone = 12 * cages_host->house_count(b) + 16;
    for (int i = 0, g = 0, nm = cages_host->mark_count(b); i < nm; i++) {
        const int *mc;
        int mn;
        long key;
        if (!cages_sum_mark(b, i, &mc, &mn, &key)) continue;
        dv->ccells[g] = mc;
        dv->clen[g] = mn;
        dv->csum[g] = key;
        int *sorted = malloc((size_t)(mn ? mn : 1) * sizeof *sorted);
        unsigned at;
        if (!sorted || idx_room(&dv->cages_by_set, cage_hash, dv) < 0) {
            free(sorted);
            return cages_host->error(b, r, NULL, "out of memory");
        }
        memcpy(sorted, mc, (size_t)mn * sizeof *sorted);
        cages_sort_ints(sorted, mn);
        dv->csorted[g] = sorted;
        if (idx_find(&dv->cages_by_set, cage_hash(dv, g), same_cage, dv, sorted, mn, &at) < 0) {
            dv->cages_by_set.slot[at] = g + 1;
            dv->cages_by_set.n++;
        }
        g++;
    }
    return RG_OK;
}

/* The sums over distinct cells derived (doneset) by their first cell, for
 * the unit propagators. */
static int index_first_cells(rg_build *b, rg_rule *r, derive *dv)
{
    dv->first_off = cages_host->alloc(b, ((size_t)dv->N + 1) * sizeof *dv->first_off);
    dv->first_sum = cages_host->alloc(b, (size_t)(dv->ndone ? dv->ndone : 1) * sizeof(int));
    int *fill = cages_host->alloc(b, ((size_t)dv->N + 1) * sizeof *fill);
    if (!dv->first_off || !dv->first_sum || !fill)
        return cages_host->error(b, r, NULL, "out of memory");
    for (int d = 0; d < dv->ndone; d++)
        if (dv->doneset[d]) dv->first_off[dv->done[d][0] + 1]++;
    for (int c = 0; c < dv->N; c++) dv->first_off[c + 1] += dv->first_off[c];
    memcpy(fill, dv->first_off, ((size_t)dv->N + 1) * sizeof *fill);
    for (int d = 0; d < dv->ndone; d++)
        if (dv->doneset[d]) dv->first_sum[fill[dv->done[d][0]]++] = d;
    return RG_OK;
}

static void derive_free(derive *dv)
{
    for (int g = 0; dv->csorted && g < dv->ncages; g++) free(dv->csorted[g]);
    free(dv->csorted);
    free(dv->cages_by_set.slot);
    free(dv->done_by_key.slot);
    free(dv->done);
    free(dv->donen);
    free(dv->donesum);
    free(dv->doneset);
    free(dv->donemixed);
}

int cages_derive(rg_build *b, rg_rule *r)
{
    derive dv;
    rg_board_info bi;
    cages_host->board(b, &bi);
    memset(&dv, 0, sizeof dv);
    dv.N = bi.cells;
    dv.D = bi.digits;
    int overlap = 0;
    int rc = count_cages(b, r, &dv, &overlap);
    if (rc != RG_OK || overlap) return rc;
    rc = derive_init(b, r, &dv);
    if (rc == RG_OK) rc = derive_all(b, r, &dv);
    if (rc == RG_OK) rc = derive_linear(b, r, &dv);
    if (rc == RG_OK) rc = index_first_cells(b, r, &dv);
    if (rc == RG_OK) rc = cages_add_units(b, r, &dv);
    derive_free(&dv);
    return rc;
}
