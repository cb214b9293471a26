/* Injective assignment support, shared by the cages and lines plugins: which
 * value each item can take in some assignment of distinct values to all
 * items. Header-only; no allocation, no host calls. */
#ifndef RG_PLUGIN_MATCH_H
#define RG_PLUGIN_MATCH_H

#include "rulegrid/plugin.h"

#define MATCH_MAX 32

typedef struct match_ctx {
    const rg_mask *dom;
    int owner[MATCH_MAX]; /* item holding value v (bit v), or -1 */
    int taken[MATCH_MAX]; /* value bit held by item i, or -1 */
    rg_mask owned;        /* the values some item holds */
} match_ctx;

/* Kuhn's augmenting path from item i, values in *seen already tried: a
 * value nobody holds first (most items find one, with no path), else the
 * holders of the others moved along. */
static int match_augment(match_ctx *m, int i, rg_mask *seen)
{
    rg_mask cand = m->dom[i] & ~*seen, free_ = cand & ~m->owned;
    if (free_) {
        int v = __builtin_ctz(free_);
        *seen |= (rg_mask)1 << v;
        m->owned |= (rg_mask)1 << v;
        m->owner[v] = i;
        m->taken[i] = v;
        return 1;
    }
    while (cand) {
        int v = __builtin_ctz(cand);
        cand &= cand - 1;
        *seen |= (rg_mask)1 << v;
        if (m->owner[v] < 0 || match_augment(m, m->owner[v], seen)) {
            m->owner[v] = i;
            m->taken[i] = v;
            return 1;
        }
    }
    return 0;
}

/* reach[v] for every value v of all: the values reachable from v by moving
 * holders along (m's matching). Reaching a value whose own reach is known
 * reaches all of it at once. Returns the values every value reaches. */
static inline rg_mask match_reach(const match_ctx *m, rg_mask all, rg_mask *reach)
{
    rg_mask vals = all, known = 0, every = all;
    while (vals) {
        int v = __builtin_ctz(vals);
        vals &= vals - 1;
        rg_mask r = (rg_mask)1 << v, done = 0;
        while (r & ~done) {
            int w = __builtin_ctz(r & ~done);
            done |= (rg_mask)1 << w;
            if (known >> w & 1) {
                r |= reach[w];
                done |= reach[w];
            } else if (m->owner[w] >= 0) {
                r |= m->dom[m->owner[w]];
            }
        }
        reach[v] = r;
        every &= r;
        known |= (rg_mask)1 << v;
    }
    return every;
}

/* dom[0..k-1]: the values (bits) each item may take. Writes to sup[i] the
 * values item i takes in at least one assignment of pairwise distinct values
 * to every item, and returns 1; returns 0 when no such assignment exists.
 * Exact (a Hall / alternating-path argument): item x may take v when v is
 * its matched value, or when following "v's holder moves to another of its
 * values" from v reaches x's matched value (a cycle) or a free value. */
static int match_support(const rg_mask *dom, int k, rg_mask *sup)
{
    if (k <= 0) return 1;
    if (k > MATCH_MAX) return 0;
    match_ctx m;
    m.dom = dom;
    rg_mask all = 0;
    for (int i = 0; i < k; i++) all |= dom[i];
    if (__builtin_popcount(all) < k) return 0;
    for (int v = 0; v < MATCH_MAX; v++) m.owner[v] = -1;
    m.owned = 0;
    for (int i = 0; i < k; i++) {
        rg_mask free_ = dom[i] & ~m.owned, seen = 0;
        if (free_) {
            /* match_augment's first step, without the call: most items
             * find a value nobody holds. */
            int v = __builtin_ctz(free_);
            m.owned |= (rg_mask)1 << v;
            m.owner[v] = i;
            m.taken[i] = v;
            continue;
        }
        m.taken[i] = -1;
        if (!match_augment(&m, i, &seen)) return 0;
    }
    rg_mask used = 0;
    for (int i = 0; i < k; i++) used |= (rg_mask)1 << m.taken[i];
    rg_mask free_vals = all & ~used;
    rg_mask reach[MATCH_MAX], every = match_reach(&m, all, reach);
    /* Every value reaching a free value, or every matched one (so each
     * item's own): every item keeps its whole domain. */
    if ((every & free_vals) || !(used & ~every)) {
        for (int i = 0; i < k; i++) sup[i] = dom[i];
        return 1;
    }
    for (int i = 0; i < k; i++) {
        rg_mask own = (rg_mask)1 << m.taken[i], s = own, cand = dom[i] & ~own;
        while (cand) {
            int v = __builtin_ctz(cand);
            cand &= cand - 1;
            if (reach[v] & (free_vals | own)) s |= (rg_mask)1 << v;
        }
        sup[i] = s;
    }
    return 1;
}

/* Bit sets over subsets (bit m of a word is the subset m of the low six
 * values): the subsets without value x, within a word. Shared with
 * linsum.h and cages.c. */
static const uint64_t match_low[6] = {0x5555555555555555u, 0x3333333333333333u,
                                      0x0F0F0F0F0F0F0F0Fu, 0x00FF00FF00FF00FFu,
                                      0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};

/* match_support for k items onto exactly the k values of set (each dom[i]
 * within set; values outside it are ignored): up to 6 values by the sets of
 * values the first items can take, as bits of one word over the 2^k subsets
 * of set (a value added to the subsets without it is a shift), forwards and
 * back; an item keeps the values that lead from a reachable subset to a
 * completable one. A value is numbered by its rank in set (a popcount), so
 * building the layers costs the values the items hold, not k * k. Exact, as
 * match_support, and much cheaper for small k. */
static inline int match_onto(const rg_mask *dom, int k, rg_mask set, rg_mask *sup)
{
    if (k > 6 || __builtin_popcount(set) != k) return match_support(dom, k, sup);
    if (k == 0) return 1;
    uint64_t lay[7];
    unsigned c[6];
    lay[0] = 1;
    for (int i = 0; i < k; i++) {
        unsigned x = 0;
        uint64_t l = 0;
        for (rg_mask m = dom[i] & set; m; m &= m - 1) {
            int j = __builtin_popcount(set & ((m & -m) - 1));
            x |= 1u << j;
            l |= (lay[i] & match_low[j]) << (1 << j);
        }
        if (!x) return 0;
        c[i] = x;
        lay[i + 1] = l;
    }
    int full = (1 << k) - 1;
    if (!(lay[k] >> full & 1)) return 0;
    uint64_t g = (uint64_t)1 << full;
    for (int i = k - 1; i >= 0; i--) {
        uint64_t ng = 0;
        unsigned s = 0;
        for (unsigned x = c[i]; x; x &= x - 1) {
            int j = __builtin_ctz(x);
            uint64_t t = (g & ~match_low[j]) >> (1 << j) & lay[i];
            if (t) s |= 1u << j, ng |= t;
        }
        /* Back from ranks to values (all of them kept: the values in set). */
        rg_mask out = dom[i] & set;
        if (s != c[i]) {
            out = 0;
            for (rg_mask m = dom[i] & set; m; m &= m - 1)
                if (s >> __builtin_popcount(set & ((m & -m) - 1)) & 1) out |= m & -m;
        }
        sup[i] = out;
        g = ng;
    }
    return 1;
}

/* Is there a matching of the k <= 6 items onto exactly the k values of
 * set? match_onto's way forwards, without the way back. */
static inline int match_onto_exists(const rg_mask *dom, int k, rg_mask set)
{
    uint64_t lay = 1;
    for (int i = 0; i < k; i++) {
        uint64_t l = 0;
        for (rg_mask m = dom[i] & set; m; m &= m - 1) {
            int j = __builtin_popcount(set & ((m & -m) - 1));
            l |= (lay & match_low[j]) << (1 << j);
        }
        if (!l) return 0;
        lay = l;
    }
    return (int)(lay >> ((1 << k) - 1) & 1);
}

/* match_support with the one- and two-cell cases done directly. */
static inline int match_fast(const rg_mask *d, int k, rg_mask *sup)
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
static inline int match_set(const rg_mask *d, int k, rg_mask set, rg_mask *sup)
{
    if (k > 2) return match_onto(d, k, set, sup);
    return match_fast(d, k, sup);
}

#endif
