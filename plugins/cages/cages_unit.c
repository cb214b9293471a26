/* The joint propagator of a unit and the sum cages in it: a unit holds each
 * digit once, so its cages and the parts of those sticking out take
 * disjoint digit sets and its other cells take what is left. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cages.h"
#include "explain_util.h"
#include "linsum.h"
#include "masks.h"
#include "match.h"

/* A unit holds each digit once, so the sum cages lying wholly inside it use
 * disjoint digit sets, a cage sticking out puts part of one of its sets
 * inside, and the unit's other cells (the rest) take exactly the digits
 * the groups leave. The propagator tries every disjoint choice of one
 * option per group, matches each group's cells to its option and the rest
 * to the leftover digits, and keeps the digits some such choice places
 * (also in the outside cells of the cages sticking out): exact for the
 * unit with its cages, each cage taken alone outside the unit. */
#define UNIT_SETS 64 /* cages with more sets count among the rest */

#define UNIT_GROUPS 12

#define UNIT_CELLS 12 /* at most this many cells of a group in the unit */

#define UNIT_LEAVES 4096 /* past this many choices, prune nothing */

#define UNIT_PAIRS 128 /* a partial group's (part, remainder) pairs kept for the way back */

#define UNIT_LINK_PAIRS 1024 /* a partial group's pairs listed at link, at most */

/* Layers of the sets of digits for the groups' cells in a unit and its
 * rest: a unit's cells plus one per group and one for the rest. */
#define UNIT_LAYERS (LSUM_DP_DIGITS + UNIT_GROUPS + 1)

/* Layers kept for the cells outside the unit of the cages sticking out
 * (one more per group than its cells there). */
#define UNIT_OLAYERS 48

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
    /* A partial group's (part, remainder) pairs, listed at link: every
     * subset of n digits of each of its sets with what it leaves the outside
     * cells (npairs; 0 when there were more than UNIT_LINK_PAIRS, and the
     * runs list them), by part: the nparts parts pin[pstart[q]], each with
     * the pairs pstart[q] .. pstart[q + 1] - 1. */
    int npairs, nparts;
    rg_mask *pin, *prem;
    int *pstart;
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
    int nused[UNIT_GROUPS];                  /* options of group k used */
    uint64_t ro[UNIT_GROUPS][LSUM_DP_WORDS]; /* sets the outside cells of group k can take */
    /* The outside cells' layers of group k (from olay + obase[k]), made
     * when its parts are listed and gone back through after the choice;
     * obase[k] < 0 when they did not fit or were not made (one cell
     * inside, or up to two outside with the pairs listed at link: the way
     * back makes them, and ro[k], when it needs them). */
    int obase[UNIT_GROUPS], nolay;
    uint64_t olay[UNIT_OLAYERS][LSUM_DP_WORDS];
    /* The parts of group k found by group_parts_dp with the remainders
     * they leave the outside cells (np[k] of them; -1: none kept, too many
     * or the pairs listed at link, and group_outside_dp looks again). */
    int np[UNIT_GROUPS];
    rg_mask ppart[UNIT_GROUPS][UNIT_PAIRS], prem[UNIT_GROUPS][UNIT_PAIRS];
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

/* A (part, remainder) pair of group k found: kept for the way back (up to
 * UNIT_PAIRS; *np -1 past them), and the part made an option when it is
 * new (seen). -1 when the options overflow. */
static inline int add_pair(usearch *us, int k, rg_mask part, rg_mask r, int *np, uint64_t *seen)
{
    if (*np >= 0 && *np < UNIT_PAIRS) {
        us->ppart[k][*np] = part;
        us->prem[k][(*np)++] = r;
    } else {
        *np = -1;
    }
    if (!lsum_has(seen, part)) {
        if (us->nv[k] == UNIT_SETS) return -1;
        seen[part / 64] |= (uint64_t)1 << (part % 64);
        us->vs[k][us->nv[k]++] = part;
    }
    return 0;
}

/* Can two cells (one when o1 is the full mask) take exactly the digits of
 * r? Each one of them, and both together all of them. */
static inline int two_take(rg_mask o0, rg_mask o1, rg_mask r)
{
    rg_mask x0 = o0 & r, x1 = o1 & r;
    return x0 && x1 && (x0 | x1) == r;
}

/* The parts of group k from the pairs listed at link: a part the inside
 * cells take (a bit test; the layers hold only sets of the cells' digits)
 * with one remainder the outside cells take (the first found will do; the
 * way back, group_outside_dp, goes over the list again for the groups that
 * need it, so no pair is kept here). Up to two outside cells are asked
 * directly (lout NULL), without their layers. */
static int listed_parts(usearch *us, int k, const uint64_t *lin, const uint64_t *lout)
{
    const ugroup *g = &us->u->g[k];
    rg_mask o0 = us->dom[g->out[0]], o1 = g->nout > 1 ? us->dom[g->out[1]] : ~(rg_mask)0;
    int nv = 0;
    for (int q = 0; q < g->nparts; q++) {
        rg_mask part = g->pin[g->pstart[q]];
        if (!lsum_has(lin, part)) continue;
        int p = g->pstart[q], end = g->pstart[q + 1];
        if (lout)
            while (p < end && !lsum_has(lout, g->prem[p])) p++;
        else
            while (p < end && !two_take(o0, o1, g->prem[p])) p++;
        if (p == end) continue;
        if (nv == UNIT_SETS) return -1;
        us->vs[k][nv++] = part;
    }
    us->nv[k] = nv;
    us->np[k] = -1;
    return 0;
}

/* The parts of group k without a list: the subsets of each set. */
static int subset_parts(usearch *us, int k, const uint64_t *lin, rg_mask uni, rg_mask ouni,
                        uint64_t *seen)
{
    const ugroup *g = &us->u->g[k];
    int np = 0;
    for (int s = 0; s < g->nsets; s++) {
        rg_mask set = g->sets[s], must = set & ~ouni, can = set & uni;
        if (must & ~can) continue;
        rg_mask free_ = can & ~must, x = 0;
        do {
            rg_mask part = must | x, r = set & ~part;
            if (__builtin_popcount(part) == g->n && !(r & ~ouni) && lsum_has(lin, part) &&
                lsum_has(us->ro[k], r) && add_pair(us, k, part, r, &np, seen) < 0)
                return -1;
            x = (x - free_) & free_;
        } while (x);
    }
    us->np[k] = np;
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
    uint64_t(*lay)[LSUM_DP_WORDS] = us->lay + *nlay, ttl[UNIT_CELLS + 1][LSUM_DP_WORDS],
    seen[LSUM_DP_WORDS], (*tl)[LSUM_DP_WORDS] = ttl;
    for (int i = 0; i < g->n; i++) d[i] = us->dom[g->cells[i]];
    lsum_forward(d, g->n, nw, lay);
    us->lbase[k] = *nlay;
    *nlay += g->n + 1;
    if (g->n == 1) {
        /* One cell inside: its parts are its digits. The cage's own sum
         * propagator (cheaper, so run first: at its fixpoint whenever a
         * unit runs) has left the cell the digits some set of the cage
         * takes with the outside cells matched to the rest of it, which
         * are the parts the listing below would find. The outside cells'
         * layers wait for the way back, which few such groups need. */
        us->obase[k] = us->np[k] = -1;
        for (rg_mask m = d[0]; m; m &= m - 1) us->vs[k][us->nv[k]++] = m & -m;
        return 0;
    }
    us->obase[k] = -1;
    const uint64_t *lin = lay[g->n];
    if (g->npairs && g->nout <= 2) {
        us->np[k] = -1;
        return listed_parts(us, k, lin, NULL);
    }
    for (int i = 0; i < g->nout; i++) ouni |= d[i] = us->dom[g->out[i]];
    if (us->nolay + g->nout + 1 <= UNIT_OLAYERS) {
        us->obase[k] = us->nolay;
        tl = us->olay + us->nolay;
        us->nolay += g->nout + 1;
    }
    lsum_forward(d, g->nout, nw, tl);
    memcpy(us->ro[k], tl[g->nout], (size_t)nw * sizeof seen[0]);
    if (g->npairs) return listed_parts(us, k, lin, us->ro[k]);
    memset(seen, 0, (size_t)nw * sizeof seen[0]);
    return subset_parts(us, k, lin, uni, ouni, seen);
}

/* The outside cells of group k keep the digits they take in the
 * remainder of a set for some part used: those remainders, gone back
 * through the outside cells' layers. */
static void group_outside_dp(usearch *us, int k, int nw)
{
    const ugroup *g = &us->u->g[k];
    rg_mask d[UNIT_CELLS], ouni = 0, uni = 0;
    uint64_t ttl[UNIT_CELLS + 1][LSUM_DP_WORDS], rem[LSUM_DP_WORDS];
    uint64_t(*tl)[LSUM_DP_WORDS] = us->obase[k] >= 0 ? us->olay + us->obase[k] : ttl;
    for (int i = 0; i < g->n; i++) uni |= us->dom[g->cells[i]];
    for (int i = 0; i < g->nout; i++) ouni |= d[i] = us->dom[g->out[i]];
    memset(rem, 0, (size_t)nw * sizeof rem[0]);
    if (us->obase[k] < 0) {
        lsum_forward(d, g->nout, nw, tl);
        memcpy(us->ro[k], tl[g->nout], (size_t)nw * sizeof rem[0]);
    }
    if (us->np[k] >= 0) {
        /* The pairs group_parts_dp kept: the remainders of the parts used. */
        for (int p = 0; p < us->np[k]; p++)
            if (lsum_has(us->used[k], us->ppart[k][p]))
                rem[us->prem[k][p] / 64] |= (uint64_t)1 << (us->prem[k][p] % 64);
        lsum_backward_sets(d, g->nout, nw, tl, rem, us->okeep[k]);
        return;
    }
    /* The pairs listed at link, part by part: the remainders of the parts
     * used that the outside cells take. */
    for (int q = 0; q < g->nparts; q++) {
        if (!lsum_has(us->used[k], g->pin[g->pstart[q]])) continue;
        for (int p = g->pstart[q]; p < g->pstart[q + 1]; p++)
            if (!(g->prem[p] & ~ouni) && lsum_has(us->ro[k], g->prem[p]))
                rem[g->prem[p] / 64] |= (uint64_t)1 << (g->prem[p] % 64);
    }
    for (int s = 0; s < (g->npairs ? 0 : g->nsets); s++) {
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
    lsum_backward_sets(d, g->nout, nw, tl, rem, us->okeep[k]);
}

/* Bit sets over masks: a mask m disjoint from v = 64 vh + vl joined with
 * v is m + v, which moves word w to w | vh and, within the word, bit b to
 * b | vl. disjoint_tab[vl]: the bits b of a word disjoint from vl (the low
 * six digits), the and of match_low[x] over the digits x of vl. */
static const uint64_t disjoint_tab[64] = {
    0xFFFFFFFFFFFFFFFFu, 0x5555555555555555u, 0x3333333333333333u, 0x1111111111111111u,
    0x0F0F0F0F0F0F0F0Fu, 0x0505050505050505u, 0x0303030303030303u, 0x0101010101010101u,
    0x00FF00FF00FF00FFu, 0x0055005500550055u, 0x0033003300330033u, 0x0011001100110011u,
    0x000F000F000F000Fu, 0x0005000500050005u, 0x0003000300030003u, 0x0001000100010001u,
    0x0000FFFF0000FFFFu, 0x0000555500005555u, 0x0000333300003333u, 0x0000111100001111u,
    0x00000F0F00000F0Fu, 0x0000050500000505u, 0x0000030300000303u, 0x0000010100000101u,
    0x000000FF000000FFu, 0x0000005500000055u, 0x0000003300000033u, 0x0000001100000011u,
    0x0000000F0000000Fu, 0x0000000500000005u, 0x0000000300000003u, 0x0000000100000001u,
    0x00000000FFFFFFFFu, 0x0000000055555555u, 0x0000000033333333u, 0x0000000011111111u,
    0x000000000F0F0F0Fu, 0x0000000005050505u, 0x0000000003030303u, 0x0000000001010101u,
    0x0000000000FF00FFu, 0x0000000000550055u, 0x0000000000330033u, 0x0000000000110011u,
    0x00000000000F000Fu, 0x0000000000050005u, 0x0000000000030003u, 0x0000000000010001u,
    0x000000000000FFFFu, 0x0000000000005555u, 0x0000000000003333u, 0x0000000000001111u,
    0x0000000000000F0Fu, 0x0000000000000505u, 0x0000000000000303u, 0x0000000000000101u,
    0x00000000000000FFu, 0x0000000000000055u, 0x0000000000000033u, 0x0000000000000011u,
    0x000000000000000Fu, 0x0000000000000005u, 0x0000000000000003u, 0x0000000000000001u};

/* A table, not a loop: the choices ask for it per option and word
 * (test_cages' exact unit checks would fail on a wrong entry). */
static inline uint64_t disjoint_low(int vl) { return disjoint_tab[vl & 63]; }

/* The words of the bit set (nw <= 64 of them) that hold a mask. */
static inline uint64_t nonzero_words(const uint64_t *bits, int nw)
{
    uint64_t nz = 0;
    for (int w = 0; w < nw; w++) nz |= (uint64_t)(bits[w] != 0) << w;
    return nz;
}

/* unit_dp forwards: f[q + 1], the masks of digits the groups ord[0..q] can
 * use together (groups with fewer options first); nzf[q], the words of f[q]
 * that hold a mask. */
static void dp_forward(const usearch *us, int *ord, uint64_t (*f)[LSUM_DP_WORDS], uint64_t *nzf,
                       int nw)
{
    int ng = us->u->ng;
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
        /* Only the words of f[q] holding a mask, and of those the ones
         * disjoint from the option's high digits (bits of a word index, as
         * disjoint_low picks bits of a word). */
        uint64_t nz = nzf[q] = nonzero_words(f[q], nw);
        for (int o = 0; o < us->nv[k]; o++) {
            rg_mask v = us->vs[k][o];
            int vh = (int)(v >> 6), vl = (int)(v & 63);
            uint64_t lm = disjoint_low(vl);
            for (uint64_t ws = nz & disjoint_low(vh); ws; ws &= ws - 1) {
                int w = __builtin_ctzll(ws);
                f[q + 1][w | vh] |= (f[q][w] & lm) << vl;
            }
        }
    }
}

/* unit_dp's last layer: the rest must take exactly the digits left (a mask
 * of all, the groups' masks, holds D - nrest digits, so the rest matched
 * into the digits left is the rest taking them all). The rest's sets and
 * the complements of all meet in the sets the rest can take, whose digits
 * the rest keeps; their complements are the masks that complete (bk). */
static void dp_rest(usearch *us, const uint64_t *all, uint64_t *bk, int nw)
{
    const unitc *u = us->u;
    uint64_t(*rl)[LSUM_DP_WORDS] = us->lay + us->rbase, g[LSUM_DP_WORDS];
    rg_mask rd[MATCH_MAX];
    for (int i = 0; i < u->nrest; i++) rd[i] = us->dom[u->rest[i]];
    lsum_forward(rd, u->nrest, nw, rl);
    memset(g, 0, (size_t)nw * sizeof g[0]);
    memset(bk, 0, (size_t)nw * sizeof bk[0]);
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = rl[u->nrest][w]; bits; bits &= bits - 1) {
            rg_mask m = us->full & ~(rg_mask)(w * 64 + __builtin_ctzll(bits));
            if (!lsum_has(all, m)) continue;
            g[w] |= bits & -bits;
            bk[m / 64] |= (uint64_t)1 << (m % 64);
        }
    lsum_backward_sets(rd, u->nrest, nw, rl, g, us->rkeep);
}

/* unit_dp backwards from the masks that complete (bk): an option of group
 * ord[q] is used when it joins a mask of f[q] to one that completes. Only
 * the words w of f[q] holding a mask (nzf[q]) whose word w | vh of bk holds
 * one too (the words of bk holding one, moved down by vh: a word u of
 * them with the high digits vh is u - vh = w) can give one. */
static void dp_backward(usearch *us, const int *ord, uint64_t (*f)[LSUM_DP_WORDS],
                        const uint64_t *nzf, uint64_t *bk, int nw)
{
    for (int q = us->u->ng - 1; q >= 0; q--) {
        int k = ord[q];
        uint64_t nb[LSUM_DP_WORDS], nz = nzf[q], nzb = nonzero_words(bk, nw);
        memset(nb, 0, (size_t)nw * sizeof nb[0]);
        us->nused[k] = 0;
        for (int o = 0; o < us->nv[k]; o++) {
            rg_mask v = us->vs[k][o];
            int vh = (int)(v >> 6), vl = (int)(v & 63);
            uint64_t lm = disjoint_low(vl), any = 0;
            for (uint64_t ws = nz & disjoint_low(vh) & nzb >> vh; ws; ws &= ws - 1) {
                int w = __builtin_ctzll(ws);
                uint64_t t = (bk[w | vh] >> vl) & lm & f[q][w];
                nb[w] |= t;
                any |= t;
            }
            if (any) us->used[k][v / 64] |= (uint64_t)1 << (v % 64), us->nused[k]++;
        }
        memcpy(bk, nb, (size_t)nw * sizeof bk[0]);
    }
}

/* With D <= LSUM_DP_DIGITS the choices go by the set of digits used so far:
 * forwards, the masks the first groups can use; backwards, those from
 * which the remaining groups and the rest can be completed. An option is
 * supported when it joins a forward mask to a completable one. */
static void unit_dp(usearch *us, int nw)
{
    const unitc *u = us->u;
    int ng = u->ng, ord[UNIT_GROUPS];
    uint64_t f[UNIT_GROUPS + 1][LSUM_DP_WORDS], bk[LSUM_DP_WORDS], nzf[UNIT_GROUPS];
    dp_forward(us, ord, f, nzf, nw);
    dp_rest(us, f[ng], bk, nw);
    dp_backward(us, ord, f, nzf, bk, nw);
    /* Each group's cells keep what they take in some option used (the
     * union of the matchings onto those sets). */
    rg_mask d[UNIT_CELLS];
    for (int k = 0; k < ng; k++) {
        const ugroup *gr = &u->g[k];
        if (us->nused[k] == us->nv[k]) {
            /* Every option used: the group's cells (and its outside cells)
             * keep what the cage alone lets them take, which its own sum
             * propagator (cheaper, so run first) has left already. Keeping
             * their domains prunes no less once it has. */
            for (int i = 0; i < gr->n; i++) us->keep[k][i] = us->dom[gr->cells[i]];
            for (int i = 0; i < gr->nout; i++) us->okeep[k][i] = us->dom[gr->out[i]];
            continue;
        }
        if (gr->nout) group_outside_dp(us, k, nw);
        for (int i = 0; i < gr->n; i++) d[i] = us->dom[gr->cells[i]];
        lsum_backward_sets(d, gr->n, nw, us->lay + us->lbase[k], us->used[k], us->keep[k]);
    }
}

/* Every cell keeps the digits some supported choice gives it. Every choice
 * supported before stays whole after the pruning and no new one appears,
 * so running again prunes nothing: RG_PROP_FIX (or RG_PROP_FAIL). */
static int keep_supported(rg_space *sp, const unitc *u, const usearch *us)
{
    const rg_mask *dom = us->dom;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].n; i++)
            if (mask_keep(cages_host, sp, dom, u->g[k].cells[i], us->keep[k][i]) < 0)
                return RG_PROP_FAIL;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].nout; i++)
            if (mask_keep(cages_host, sp, dom, u->g[k].out[i], us->okeep[k][i]) < 0)
                return RG_PROP_FAIL;
    for (int i = 0; i < u->nrest; i++)
        if (mask_keep(cages_host, sp, dom, u->rest[i], us->rkeep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

/* A run over bit sets of nw words (unit_propagate). */
static inline int unit_run(rg_space *sp, const unitc *u, int nw)
{
    usearch us;
    us.u = u;
    us.dom = cages_host->domains(sp);
    us.full = u->D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << u->D) - 1;
    us.leaves = us.over = us.nolay = 0;
    int dp = u->D <= LSUM_DP_DIGITS, nlay = 0;
    for (int k = 0; k < u->ng; k++) {
        const ugroup *g = &u->g[k];
        rg_mask uni = 0, d[MATCH_MAX];
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
    if (dp)
        unit_dp(&us, nw);
    else
        unit_dfs(&us, 0, 0);
    if (us.over) return RG_PROP_FIX;
    return keep_supported(sp, u, &us);
}

/* At 9 digits (bit sets of 8 words) with everything the run calls inlined,
 * so that the word count is a constant: the loops over words unroll and
 * their memsets become stores. */
static __attribute__((flatten)) int unit_run9(rg_space *sp, const unitc *u)
{
    return unit_run(sp, u, 8);
}

static int unit_propagate(rg_space *sp, void *data)
{
    const unitc *u = data;
    return u->D == 9 ? unit_run9(sp, u) : unit_run(sp, u, lsum_dp_words(u->D));
}

/* ---- Explaining a step (cages_explain.c has the sums') -------------------- */

/* "Row 4", "Column 3", "The box r1c1-r3c3" or "The house of r1c1 ..." for
 * the unit of the n cells. */
static void unit_name(xu *x, const int *cells, int n)
{
    int r0 = 1 << 30, r1 = -1, c0 = 1 << 30, c1 = -1, row, col;
    for (int i = 0; i < n; i++) {
        if (!xu_pos(x, cells[i], &row, &col)) return;
        r0 = row < r0 ? row : r0, r1 = row > r1 ? row : r1;
        c0 = col < c0 ? col : c0, c1 = col > c1 ? col : c1;
    }
    if (r0 == r1)
        xu_add(x, "Row %d", r0);
    else if (c0 == c1)
        xu_add(x, "Column %d", c0);
    else if ((r1 - r0 + 1) * (c1 - c0 + 1) == n)
        xu_add(x, "The box r%dc%d-r%dc%d", r0, c0, r1, c1);
    else
        xu_add(x, "The region at r%dc%d", r0, c0);
}

/* Long: the unit's cells gathered, then one sentence of its groups and one
 * of what left which cell. */
static int unit_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const unitc *u = data;
    xu x;
    if (!xu_begin(&x, cages_host, w, before, after)) return RG_OK;
    int cells[MATCH_MAX + UNIT_GROUPS * UNIT_CELLS], n = 0, nall;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].n && n < MATCH_MAX; i++) cells[n++] = u->g[k].cells[i];
    for (int i = 0; i < u->nrest && n < MATCH_MAX; i++) cells[n++] = u->rest[i];
    nall = n;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].nout; i++) cells[nall++] = u->g[k].out[i];
    unit_name(&x, cells, n);
    xu_add(&x, " holds each digit once, so its cages and sums (");
    for (int k = 0; k < u->ng && k < 4; k++) {
        const ugroup *g = &u->g[k];
        xu_add(&x, "%s%d on ", k ? "; " : "", g->nsets ? lsum_setsum(g->sets[0]) : 0);
        xu_cells(&x, g->cells, g->n);
        if (g->nout) {
            xu_add(&x, " + ");
            xu_cells(&x, g->out, g->nout);
            xu_add(&x, " outside it");
        }
    }
    if (u->ng > 4) xu_add(&x, "; %d more", u->ng - 4);
    xu_add(&x, ")%s share out the digits", u->nrest ? " and its other cells" : "");
    xu_add(&x, ": ");
    xu_removals(&x, cells, nall, ~(rg_mask)0);
    xu_add(&x, " (no such split of the digits allows it).");
    return xu_end(&x, "cages in a house");
}

static const rg_propagator unit_prop = {.size = sizeof(rg_propagator),
                                        .name = "cage_unit",
                                        .family = "cages",
                                        .cost = RG_COST_QUADRATIC,
                                        .propagate = unit_propagate,
                                        .check = cages_holds,
                                        .flags = RG_PROPAGATOR_IMPLIED,
                                        .explain = unit_explain};

/* The (part, remainder) pairs of the partial group gr: every subset of
 * gr->n digits of each of its sets, when there are at most UNIT_LINK_PAIRS
 * (else none, and the runs list the parts themselves). */
static int list_pairs(rg_build *b, rg_rule *r, ugroup *gr)
{
    long total = 0;
    gr->npairs = 0;
    for (int s = 0; s < gr->nsets; s++) {
        long c = 1;
        int len = __builtin_popcount(gr->sets[s]);
        for (int i = 0; i < gr->n; i++) c = c * (len - i) / (i + 1);
        total += c;
        if (total > UNIT_LINK_PAIRS) return RG_OK;
    }
    if (!total) return RG_OK;
    gr->pin = cages_host->alloc(b, (size_t)total * sizeof *gr->pin);
    gr->prem = cages_host->alloc(b, (size_t)total * sizeof *gr->prem);
    gr->pstart = cages_host->alloc(b, (size_t)(total + 1) * sizeof *gr->pstart);
    rg_mask tmp[2 * UNIT_LINK_PAIRS];
    int pid[UNIT_LINK_PAIRS], cnt[UNIT_LINK_PAIRS];
    if (!gr->pin || !gr->prem || !gr->pstart) return cages_host->error(b, r, NULL, "out of memory");
    /* Set by set, the subsets of n of its digits (the next combination of
     * its digits' positions by the lowest run of ones moved up), each part
     * numbered as first met (slot[part]: its number, -1 before it
     * is met, over the masks below the highest digit of the sets), */
    int np = 0, nd = 0;
    rg_mask uni = 0;
    for (int s = 0; s < gr->nsets; s++) uni |= gr->sets[s];
    int16_t slot[1 << LSUM_DP_DIGITS];
    memset(slot, -1, ((size_t)1 << (32 - __builtin_clz(uni))) * sizeof slot[0]);
    for (int s = 0; s < gr->nsets; s++) {
        rg_mask set = gr->sets[s], pos[LSUM_DP_DIGITS];
        int len = 0;
        for (rg_mask m = set; m; m &= m - 1) pos[len++] = m & -m;
        for (unsigned c = (1u << gr->n) - 1; c < 1u << len;) {
            rg_mask part = 0;
            for (unsigned t = c; t; t &= t - 1) part |= pos[__builtin_ctz(t)];
            int j = slot[part];
            if (j < 0) slot[part] = (int16_t)(j = nd), cnt[nd++] = 0;
            cnt[j]++;
            pid[np] = j;
            tmp[2 * np] = part;
            tmp[2 * np++ + 1] = set & ~part;
            unsigned low = c & -c, up = c + low;
            c = up | (((c ^ up) >> 2) / low);
        }
    }
    /* then gathered by part. */
    for (int j = 0, at = 0; j < nd; j++) {
        gr->pstart[j] = at;
        at += cnt[j];
        cnt[j] = gr->pstart[j];
    }
    for (int p = 0; p < np; p++) {
        int to = cnt[pid[p]]++;
        gr->pin[to] = tmp[2 * p];
        gr->prem[to] = tmp[2 * p + 1];
    }
    gr->npairs = np;
    gr->nparts = nd;
    gr->pstart[nd] = np;
    return RG_OK;
}

/* The part inside the unit (its cells marked in dv->inu) of sum cage g,
 * which sticks out, as a group of u with the cells outside, when its sets
 * are few and both parts small. *taken: the group's cells in the unit, 0
 * when it is not one. */
static int partial_group(rg_build *b, rg_rule *r, derive *dv, unitc *u, int g, int *taken)
{
    int cnt = 0, nin = 0, len = dv->clen[g];
    for (int k = 0; k < len; k++) nin += dv->inu[dv->ccells[g][k]];
    cnt = cages_count_sets(b, dv->D, len, dv->csum[g], UNIT_SETS);
    if (cnt < 0) return cages_host->error(b, r, NULL, "out of memory");
    if (cnt < 1 || cnt > UNIT_SETS || nin > UNIT_CELLS || len - nin > UNIT_CELLS) return RG_OK;
    ugroup *gr = &u->g[u->ng++];
    int *in = cages_host->alloc(b, (size_t)nin * sizeof *in);
    int *out = cages_host->alloc(b, (size_t)(len - nin) * sizeof *out);
    gr->sets = cages_host->alloc(b, (size_t)cnt * sizeof *gr->sets);
    if (!in || !out || !gr->sets) return cages_host->error(b, r, NULL, "out of memory");
    for (int k = 0; k < len; k++) {
        int x = dv->ccells[g][k];
        if (dv->inu[x])
            in[gr->n++] = x;
        else
            out[gr->nout++] = x;
    }
    gr->cells = in;
    gr->out = out;
    cages_list_sets(dv->D, 1, len, dv->csum[g], 0, gr->sets, &gr->nsets, UNIT_SETS);
    *taken = gr->n;
    return dv->D <= LSUM_DP_DIGITS ? list_pairs(b, r, gr) : RG_OK; /* only unit_dp reads them */
}

/* A group of u over the n cells (all in the unit) making sum, when its sets
 * are few. *taken: n, or 0 when it is not one. Inline: it runs for every
 * cell of every unit at link. */
static inline int inner_group(rg_build *b, rg_rule *r, const derive *dv, unitc *u, const int *cells,
                              int n, long sum, int *taken)
{
    int cnt = 0;
    cnt = cages_count_sets(b, dv->D, n, sum, UNIT_SETS);
    if (cnt < 0) return cages_host->error(b, r, NULL, "out of memory");
    if (cnt < 1 || cnt > UNIT_SETS) return RG_OK;
    ugroup *gr = &u->g[u->ng++];
    gr->cells = cells;
    gr->n = n;
    gr->sets = cages_host->alloc(b, (size_t)cnt * sizeof *gr->sets);
    if (!gr->sets) return cages_host->error(b, r, NULL, "out of memory");
    cages_list_sets(dv->D, 1, n, sum, 0, gr->sets, &gr->nsets, UNIT_SETS);
    *taken = n;
    return RG_OK;
}

/* Sum cage g as a group of u: a cage sticking out of the unit by its part
 * inside, or a cage inside the unit. */
static int cage_group(rg_build *b, rg_rule *r, derive *dv, unitc *u, int g, int *taken)
{
    int all = 1, len = dv->clen[g];
    for (int k = 0; all && k < len; k++) all = dv->inu[dv->ccells[g][k]];
    *taken = 0;
    if (!all && u->ng < UNIT_GROUPS && len <= MATCH_MAX) {
        int rc = partial_group(b, r, dv, u, g, taken);
        if (rc != RG_OK || *taken) return rc;
    }
    if (!all || u->ng >= UNIT_GROUPS || len > UNIT_CELLS) return RG_OK;
    return inner_group(b, r, dv, u, dv->ccells[g], len, dv->csum[g], taken);
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The derived sums over distinct cells whose first cell is among the nrest
 * cells rest (only they can lie among them), ascending, into a malloc'd
 * list (*out); how many, or -1 without memory. */
static int sums_in_rest(const derive *dv, const int *rest, int nrest, int **out)
{
    int n = 0;
    for (int i = 0; i < nrest; i++) n += dv->first_off[rest[i] + 1] - dv->first_off[rest[i]];
    *out = malloc((size_t)(n ? n : 1) * sizeof **out);
    if (!*out) return -1;
    n = 0;
    for (int i = 0; i < nrest; i++)
        for (int k = dv->first_off[rest[i]]; k < dv->first_off[rest[i] + 1]; k++)
            (*out)[n++] = dv->first_sum[k];
    qsort(*out, (size_t)n, sizeof **out, cmp_int);
    return n;
}

/* Derived sums over distinct cells lying among the rest of u join as groups
 * too; the rest shrinks by their cells. *incage and *nderived count what
 * joined. */
static int derived_groups(rg_build *b, rg_rule *r, derive *dv, unitc *u, int *rest, int *incage,
                          int *nderived)
{
    int *cand, nc = sums_in_rest(dv, rest, u->nrest, &cand), rc = RG_OK;
    if (nc < 0) return cages_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < u->nrest; i++) dv->inu[rest[i]] = 2;
    for (int t = 0; t < nc && u->ng < UNIT_GROUPS && rc == RG_OK; t++) {
        int d = cand[t], n = dv->donen[d], all = dv->doneset[d] && n < u->nrest, taken = 0;
        for (int k = 0; all && k < n; k++) all = dv->inu[dv->done[d][k]] == 2;
        if (!all) continue;
        rc = inner_group(b, r, dv, u, dv->done[d], n, dv->donesum[d], &taken);
        if (rc != RG_OK || !taken) continue;
        for (int k = 0; k < n; k++) dv->inu[dv->done[d][k]] = 1;
        *incage += n;
        (*nderived)++;
        int m = 0;
        for (int i = 0; i < u->nrest; i++)
            if (dv->inu[rest[i]] == 2) rest[m++] = rest[i];
        u->nrest = m;
    }
    free(cand);
    return rc;
}

/* The propagator of u over the unit's hn cells hc; it reads the outside
 * cells of partial cages too. */
static int add_unit(rg_build *b, rg_rule *r, unitc *u, const int *hc, int hn)
{
    int nwatch = hn;
    for (int k = 0; k < u->ng; k++) nwatch += u->g[k].nout;
    int *watch = cages_host->alloc(b, (size_t)nwatch * sizeof *watch);
    if (!watch) return cages_host->error(b, r, NULL, "out of memory");
    memcpy(watch, hc, (size_t)hn * sizeof *watch);
    nwatch = hn;
    for (int k = 0; k < u->ng; k++)
        for (int i = 0; i < u->g[k].nout; i++) watch[nwatch++] = u->g[k].out[i];
    return cages_host->add_propagator(b, &unit_prop, u, watch, nwatch, RG_EV_DOMAIN);
}

/* The unit propagator of the unit hc: its sum cages, the parts of those
 * sticking out and the derived sums over distinct cells among its other
 * cells as groups, unless it would say nothing a cage does not. (A second
 * copy with the derived sums over the cells of the cages sticking out
 * instead of their parts cost a tenth of a killer's instructions for 3 %
 * of its nodes: docs/bench.md.) */
static int unit_pass(rg_build *b, rg_rule *r, derive *dv, const int *hc, int hn)
{
    for (int j = 0; j < hn; j++) dv->inu[hc[j]] = 1;
    unitc *u = cages_host->alloc(b, sizeof *u);
    int *rest = cages_host->alloc(b, (size_t)hn * sizeof *rest);
    if (!u || !rest) return cages_host->error(b, r, NULL, "out of memory");
    u->D = dv->D;
    dv->stamp++;
    int incage = 0, nderived = 0, rc = RG_OK;
    for (int j = 0; j < hn && rc == RG_OK; j++) {
        int g = dv->cage_of[hc[j]], taken = 0;
        if (g >= 0 && dv->seen[g] == dv->stamp) continue;
        if (g >= 0) rc = cage_group(b, r, dv, u, g, &taken);
        if (taken) {
            dv->seen[g] = dv->stamp;
            incage += taken;
        } else {
            rest[u->nrest++] = hc[j];
        }
    }
    if (rc == RG_OK) rc = derived_groups(b, r, dv, u, rest, &incage, &nderived);
    if (rc != RG_OK) return rc;
    for (int j = 0; j < hn; j++) dv->inu[hc[j]] = 0;
    u->rest = rest;
    if (u->ng == 0 || (u->ng == 1 && incage == hn)) return RG_OK;
    return add_unit(b, r, u, hc, hn);
}

/* A unit propagator for every unit that is not itself a cage. */
int cages_add_units(rg_build *b, rg_rule *r, derive *dv)
{
    int nh = cages_host->house_count(b), rc = RG_OK;
    for (int h = 0; h < nh && rc == RG_OK; h++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, h, &hc, &hn, &kind);
        if (hn != dv->D || kind == RG_HOUSE_CAGE || hn > MATCH_MAX) continue;
        rc = unit_pass(b, r, dv, hc, hn);
    }
    return rc;
}
