/* Injective assignment support, shared by the cages and lines plugins (each
 * compiles it in): which value each item can take in some assignment of
 * distinct values to all items. Header-only; no allocation, no host calls. */
#ifndef RG_PLUGIN_MATCH_H
#define RG_PLUGIN_MATCH_H

#include "rulegrid/plugin.h"

#define MATCH_MAX 32

typedef struct match_ctx {
    const rg_mask *dom;
    int owner[MATCH_MAX]; /* item holding value v (bit v), or -1 */
    int taken[MATCH_MAX]; /* value bit held by item i, or -1 */
} match_ctx;

/* Kuhn's augmenting path from item i, values in *seen already tried. */
static int match_augment(match_ctx *m, int i, rg_mask *seen)
{
    rg_mask cand = m->dom[i] & ~*seen;
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
    for (int i = 0; i < k; i++) {
        m.taken[i] = -1;
        rg_mask seen = 0;
        if (!match_augment(&m, i, &seen)) return 0;
    }
    rg_mask used = 0;
    for (int i = 0; i < k; i++) used |= (rg_mask)1 << m.taken[i];
    rg_mask free_vals = all & ~used;
    /* reach[v]: values reachable from v by moving holders along. */
    rg_mask reach[MATCH_MAX];
    rg_mask vals = all;
    while (vals) {
        int v = __builtin_ctz(vals);
        vals &= vals - 1;
        rg_mask r = (rg_mask)1 << v, done = 0;
        while (r & ~done) {
            int w = __builtin_ctz(r & ~done);
            done |= (rg_mask)1 << w;
            if (m.owner[w] >= 0) r |= dom[m.owner[w]];
        }
        reach[v] = r;
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

#endif
