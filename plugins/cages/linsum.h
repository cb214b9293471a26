/* Signed sums over groups of cells: sum over groups of sign * (sum of the
 * group's digits) equals a total, the digits within a group all different
 * (its cells share a house). Which digits each cell takes in some such
 * assignment. Header-only (compiled into the cages and lines plugins and
 * the cage tests); no allocation, no host calls. */
#ifndef RG_PLUGIN_LINSUM_H
#define RG_PLUGIN_LINSUM_H

#include <stdint.h>
#include <string.h>

#include "match.h"

#define LSUM_CELLS 16
#define LSUM_GROUPS LSUM_CELLS
#define LSUM_WORDS 9     /* totals with the offset below 576 */
#define LSUM_OPTIONS 512 /* digit sets of one group above LSUM_DP_DIGITS digits */

/* Bit sets over nw 64-bit words: dst = src shifted towards larger bits (up)
 * or smaller ones (down) by k >= 0; bits past the top are dropped. */
static inline void bits_up(const uint64_t *src, int k, int nw, uint64_t *dst)
{
    int q = k / 64, r = k % 64;
    for (int w = nw - 1; w >= 0; w--) {
        uint64_t v = w - q >= 0 ? src[w - q] << r : 0;
        if (r && w - q - 1 >= 0) v |= src[w - q - 1] >> (64 - r);
        dst[w] = v;
    }
}

static inline void bits_down(const uint64_t *src, int k, int nw, uint64_t *dst)
{
    int q = k / 64, r = k % 64;
    for (int w = 0; w < nw; w++) {
        uint64_t v = w + q < nw ? src[w + q] >> r : 0;
        if (r && w + q + 1 < nw) v |= src[w + q + 1] << (64 - r);
        dst[w] = v;
    }
}

/* Shift by a signed amount. */
static inline void bits_shift(const uint64_t *src, int k, int nw, uint64_t *dst)
{
    if (k >= 0) bits_up(src, k, nw, dst);
    else bits_down(src, -k, nw, dst);
}

/* n cells in groups: group g is cells start[g] .. start[g+1]-1 of the
 * caller's order, with sign[g] = +1 or -1. total is the signed sum. Above
 * LSUM_DP_DIGITS digits a group of more than two cells should have at most
 * LSUM_OPTIONS sets of its size among D digits (lsum_options tells), or
 * lsum_support knows nothing. */
typedef struct lsum {
    int n, ng, D;
    long total;
    int start[LSUM_GROUPS + 1];
    int sign[LSUM_GROUPS];
} lsum;

/* The number of sets of k digits among D, capped past LSUM_OPTIONS. */
static inline long lsum_options(int D, int k)
{
    long c = 1;
    for (int i = 0; i < k; i++) {
        c = c * (D - i) / (i + 1);
        if (c > LSUM_OPTIONS) return LSUM_OPTIONS + 1;
    }
    return c;
}

/* The width of the offset sums: every signed partial total plus the
 * offset (the most the negative groups can take away) lies in 0..width. */
static inline int lsum_width(const lsum *L, int *offset)
{
    int w = 0, off = 0;
    for (int g = 0; g < L->ng; g++) {
        int m = (L->start[g + 1] - L->start[g]) * L->D;
        w += m;
        if (L->sign[g] < 0) off += m;
    }
    *offset = off;
    return w;
}

/* Every set of k digits of uni from bit d up, with have added, appended
 * to opt at *no. */
static inline void lsum_sets(int k, rg_mask uni, int d, rg_mask have, rg_mask *opt, int *no)
{
    if (k == 0) {
        opt[(*no)++] = have;
        return;
    }
    for (rg_mask m = d < 32 ? uni >> d << d : 0; m; m &= m - 1) {
        int b = __builtin_ctz(m);
        if (__builtin_popcount(m) < k) break;
        lsum_sets(k - 1, uni, b + 1, have | (rg_mask)1 << b, opt, no);
    }
}

/* match_support with two cells done directly. */
static inline int lsum_match(const rg_mask *d, int k, rg_mask *sup)
{
    if (k != 2) return match_support(d, k, sup);
    rg_mask a = d[0], b = d[1];
    sup[0] = (b & (b - 1)) ? a : a & ~b;
    sup[1] = (a & (a - 1)) ? b : b & ~a;
    return sup[0] != 0 && sup[1] != 0;
}

/* The digit total of a set. */
static inline int lsum_setsum(rg_mask m)
{
    int s = 0;
    for (; m; m &= m - 1) s += __builtin_ctz(m) + 1;
    return s;
}

/* With at most LSUM_DP_DIGITS digits a group of three or more cells goes
 * by the sets of digits its first i cells can take (bit sets over masks)
 * instead of matching each candidate set. */
#define LSUM_DP_DIGITS 12
#define LSUM_DP_WORDS (1 << (LSUM_DP_DIGITS - 6))
#define LSUM_LAYERS (LSUM_CELLS + LSUM_GROUPS)

/* z: the masks (as bit indices) without digit bit x. */
static inline void lsum_without(int x, int nw, uint64_t *z)
{
    static const uint64_t low[6] = {0x5555555555555555u, 0x3333333333333333u,
                                    0x0F0F0F0F0F0F0F0Fu, 0x00FF00FF00FF00FFu,
                                    0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};
    for (int w = 0; w < nw; w++) z[w] = x < 6 ? low[x] : (w >> (x - 6) & 1) ? 0 : ~(uint64_t)0;
}

/* lay[i] (i = 0..k): the sets of distinct digits cells 0..i-1 can take. */
static inline void lsum_forward(const rg_mask *dom, int k, int nw, uint64_t (*lay)[LSUM_DP_WORDS])
{
    uint64_t z[LSUM_DP_WORDS], t[LSUM_DP_WORDS];
    memset(lay[0], 0, (size_t)nw * sizeof z[0]);
    lay[0][0] = 1;
    for (int i = 0; i < k; i++) {
        memset(lay[i + 1], 0, (size_t)nw * sizeof z[0]);
        for (rg_mask m = dom[i]; m; m &= m - 1) {
            int x = __builtin_ctz(m);
            lsum_without(x, nw, z);
            for (int w = 0; w < nw; w++) z[w] &= lay[i][w];
            bits_up(z, 1 << x, nw, t);
            for (int w = 0; w < nw; w++) lay[i + 1][w] |= t[w];
        }
    }
}

/* keep[i]: the digits cell i takes in some set of lay[k] whose sum is in
 * allowed: going back from those sets, g holds the sets cells 0..i can
 * have that still complete to one. */
static inline void lsum_backward(const rg_mask *dom, int k, int nw, uint64_t (*lay)[LSUM_DP_WORDS],
                          const uint64_t *allowed, rg_mask *keep)
{
    uint64_t g[LSUM_DP_WORDS], ng[LSUM_DP_WORDS], z[LSUM_DP_WORDS], t[LSUM_DP_WORDS];
    memset(g, 0, (size_t)nw * sizeof g[0]);
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = lay[k][w]; bits; bits &= bits - 1) {
            int s = lsum_setsum((rg_mask)(w * 64 + __builtin_ctzll(bits)));
            if (allowed[s / 64] >> (s % 64) & 1) g[w] |= bits & -bits;
        }
    for (int i = k - 1; i >= 0; i--) {
        keep[i] = 0;
        memset(ng, 0, (size_t)nw * sizeof ng[0]);
        for (rg_mask m = dom[i]; m; m &= m - 1) {
            int x = __builtin_ctz(m);
            lsum_without(x, nw, z);
            for (int w = 0; w < nw; w++) t[w] = lay[i][w] & z[w];
            bits_up(t, 1 << x, nw, t);
            uint64_t any = 0;
            for (int w = 0; w < nw; w++) any |= t[w] & g[w];
            if (!any) continue;
            keep[i] |= m & -m;
            /* The sets before cell i from which x leads on. */
            for (int w = 0; w < nw; w++) t[w] = g[w] & ~z[w];
            bits_down(t, 1 << x, nw, t);
            for (int w = 0; w < nw; w++) ng[w] |= t[w] & lay[i][w] & z[w];
        }
        memcpy(g, ng, (size_t)nw * sizeof g[0]);
    }
}

/* dom[i]: domain of cell i (caller's order). Writes to keep[i] the digits
 * cell i takes in some assignment with distinct digits within each group
 * making the total, and returns 1; returns 0 when there is none, and -1
 * when the sums do not fit the bit sets or a group has too many sets (keep
 * untouched: nothing known).
 * Exact for that constraint: given each group's sum, groups are
 * independent, and a group's cells keep what they take in some matching
 * onto a set with an allowed sum. */
static inline int lsum_support(const lsum *L, const rg_mask *dom, rg_mask *keep)
{
    int off, width = lsum_width(L, &off);
    if (width >= LSUM_WORDS * 64 || L->ng > LSUM_GROUPS || L->n > LSUM_CELLS) return -1;
    long target = L->total + off;
    if (target < 0 || target > width) return 0;
    int nw = width / 64 + 1;
    /* Per group: the sums of its options, as a bit set. Options are kept
     * for groups of two or more cells (sets matched to the cells). */
    rg_mask opt[LSUM_OPTIONS * 4];
    int ostart[LSUM_GROUPS + 1], nopt = 0, lbase[LSUM_GROUPS], nlay = 0;
    int dp = L->D <= LSUM_DP_DIGITS, dpw = L->D <= 6 ? 1 : 1 << (L->D - 6);
    uint64_t sums[LSUM_GROUPS][LSUM_WORDS], lay[LSUM_LAYERS][LSUM_DP_WORDS];
    for (int g = 0; g < L->ng; g++) {
        int a = L->start[g], k = L->start[g + 1] - a;
        memset(sums[g], 0, (size_t)nw * sizeof sums[g][0]);
        ostart[g] = nopt;
        if (k == 1) {
            for (rg_mask m = dom[a]; m; m &= m - 1) {
                int s = __builtin_ctz(m) + 1;
                sums[g][s / 64] |= (uint64_t)1 << (s % 64);
            }
            if (!dom[a]) return 0;
            continue;
        }
        if (dp && k >= 3) {
            lbase[g] = nlay;
            lsum_forward(dom + a, k, dpw, lay + nlay);
            nlay += k + 1;
            uint64_t any = 0;
            for (int w = 0; w < dpw; w++)
                for (uint64_t bits = lay[nlay - 1][w]; bits; bits &= bits - 1) {
                    int s = lsum_setsum((rg_mask)(w * 64 + __builtin_ctzll(bits)));
                    sums[g][s / 64] |= (uint64_t)1 << (s % 64);
                    any = 1;
                }
            if (!any) return 0;
            continue;
        }
        rg_mask uni = 0, d[MATCH_MAX], sup[MATCH_MAX];
        for (int i = 0; i < k; i++) uni |= dom[a + i];
        long count = lsum_options(__builtin_popcount(uni), k);
        if (count > LSUM_OPTIONS || nopt + count > (long)(sizeof opt / sizeof opt[0])) return -1;
        int from = nopt, to = nopt;
        lsum_sets(k, uni, 0, 0, opt, &to);
        /* Keep the sets the cells can be matched to. */
        for (int o = from; o < to; o++) {
            int ok = 1;
            for (int i = 0; i < k && ok; i++) ok = (d[i] = dom[a + i] & opt[o]) != 0;
            if (!ok || !lsum_match(d, k, sup)) continue;
            opt[nopt++] = opt[o];
            int s = lsum_setsum(opt[o]);
            sums[g][s / 64] |= (uint64_t)1 << (s % 64);
        }
        if (nopt == from) return 0;
    }
    ostart[L->ng] = nopt;
    /* Backwards: need[g], the partial totals of groups 0..g-1 that the
     * groups g.. can bring to the target. Forwards: reach, the partial
     * totals of groups 0..g-1. */
    uint64_t need[LSUM_GROUPS + 1][LSUM_WORDS], t[LSUM_WORDS], reach[LSUM_WORDS],
        nreach[LSUM_WORDS];
    memset(need[L->ng], 0, (size_t)nw * sizeof t[0]);
    need[L->ng][target / 64] = (uint64_t)1 << (target % 64);
    for (int g = L->ng - 1; g >= 0; g--) {
        memset(need[g], 0, (size_t)nw * sizeof t[0]);
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = sums[g][w]; bits; bits &= bits - 1) {
                int s = w * 64 + __builtin_ctzll(bits);
                bits_shift(need[g + 1], -L->sign[g] * s, nw, t);
                for (int x = 0; x < nw; x++) need[g][x] |= t[x];
            }
    }
    memset(reach, 0, sizeof reach);
    reach[off / 64] = (uint64_t)1 << (off % 64);
    if (!(need[0][off / 64] >> (off % 64) & 1)) return 0;
    for (int g = 0; g < L->ng; g++) {
        int a = L->start[g], k = L->start[g + 1] - a;
        /* allowed: the sums s of group g with reach + sign*s in need[g+1]. */
        uint64_t allowed[LSUM_WORDS];
        memset(allowed, 0, (size_t)nw * sizeof allowed[0]);
        memset(nreach, 0, (size_t)nw * sizeof nreach[0]);
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = sums[g][w]; bits; bits &= bits - 1) {
                int s = w * 64 + __builtin_ctzll(bits);
                bits_shift(reach, L->sign[g] * s, nw, t);
                uint64_t any = 0;
                for (int x = 0; x < nw; x++) {
                    t[x] &= need[g + 1][x];
                    any |= t[x];
                    nreach[x] |= t[x];
                }
                if (any) allowed[w] |= bits & -bits;
            }
        memcpy(reach, nreach, (size_t)nw * sizeof reach[0]);
        if (k == 1) {
            rg_mask m = 0;
            for (rg_mask x = dom[a]; x; x &= x - 1) {
                int s = __builtin_ctz(x) + 1;
                if (allowed[s / 64] >> (s % 64) & 1) m |= x & -x;
            }
            keep[a] = m;
            continue;
        }
        if (dp && k >= 3) {
            lsum_backward(dom + a, k, dpw, lay + lbase[g], allowed, keep + a);
            continue;
        }
        rg_mask d[MATCH_MAX], sup[MATCH_MAX];
        for (int i = 0; i < k; i++) keep[a + i] = 0;
        for (int o = ostart[g]; o < ostart[g + 1]; o++) {
            int s = lsum_setsum(opt[o]);
            if (!(allowed[s / 64] >> (s % 64) & 1)) continue;
            for (int i = 0; i < k; i++) d[i] = dom[a + i] & opt[o];
            lsum_match(d, k, sup);
            for (int i = 0; i < k; i++) keep[a + i] |= sup[i];
        }
    }
    return 1;
}

#endif
