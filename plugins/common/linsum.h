/* Sets of distinct digits as bit sets over masks, and signed sums over groups
 * of distinct cells: which digits each cell takes in some assignment.
 * Header-only, for the cages and lines plugins (and the cage tests). */
#ifndef RG_PLUGIN_LINSUM_H
#define RG_PLUGIN_LINSUM_H

#include <stdint.h>
#include <string.h>

#include "match.h"

/* A signed sum: over groups, sign * (sum of the group's digits) equals a
 * total, the digits within a group all different (its cells share a
 * house). No allocation, no host calls. */

#define LSUM_CELLS   16
#define LSUM_GROUPS  LSUM_CELLS
#define LSUM_WORDS   9   /* totals with the offset below 576 */
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
    if (k >= 0)
        bits_up(src, k, nw, dst);
    else
        bits_down(src, -k, nw, dst);
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

/* The digit total of a set: each digit is its bit index plus one, and the
 * bit indices add up bit by bit (index bit j contributes 2^j per digit). */
static inline int lsum_setsum(rg_mask m)
{
    return __builtin_popcount(m) + __builtin_popcount(m & 0xAAAAAAAAu) +
           2 * __builtin_popcount(m & 0xCCCCCCCCu) + 4 * __builtin_popcount(m & 0xF0F0F0F0u) +
           8 * __builtin_popcount(m & 0xFF00FF00u) + 16 * __builtin_popcount(m & 0xFFFF0000u);
}

/* What lsum_loose adds up over the groups. */
typedef struct lsum_bounds {
    long lo, hi; /* the least and the most signed total */
    int span;    /* the widest union */
} lsum_bounds;

/* lsum_loose's step for one group of k cells (none emptied) whose union is
 * uni, of sign sign: 0 when it has fewer digits than cells (the bounds
 * are then not loose), else its least and most added to *b. */
static inline int lsum_loose_group(lsum_bounds *b, rg_mask uni, int k, int sign)
{
    if (__builtin_popcount(uni) < k) return 0;
    int w = (31 - __builtin_clz(uni)) - __builtin_ctz(uni);
    b->span = w > b->span ? w : b->span;
    long least = 0, most = 0; /* the k smallest digits' sum, the k largest's */
    rg_mask low = uni, high = uni;
    for (int j = 0; j < k; j++) {
        int top = 31 - __builtin_clz(high);
        least += __builtin_ctz(low) + 1;
        most += top + 1;
        low &= low - 1;
        high &= ~((rg_mask)1 << top);
    }
    b->lo += sign > 0 ? least : -most;
    b->hi += sign > 0 ? most : -least;
    return 1;
}

/* lsum_loose's answer from the bounds of all the groups. */
static inline int lsum_loose_ends(const lsum_bounds *b, long total, int margin)
{
    return total - b->lo >= b->span + margin && b->hi - total >= b->span + margin;
}

/* Whether the total lies well inside what the groups can make: at least
 * span + margin above the least signed total and as far below the most,
 * where a group's least and most are the sums of the smallest and the
 * largest distinct digits of its cells' union, and span is the widest
 * union (its highest digit less its lowest). A cell at any digit of its
 * domain moves its group's least or most by at most that group's width, so
 * then the bounds rule out no digit of any cell, with margin to spare, and
 * lsum_support seldom prunes (only through repeats within a group or sums
 * it cannot make): a caller may skip it. dom as for lsum_support. (The
 * signed sums' propagator takes the same steps as it reads its cells:
 * cages_signed.c.) */
static inline int lsum_loose(const lsum *L, const rg_mask *dom, int margin)
{
    lsum_bounds b = {0, 0, 0};
    for (int g = 0; g < L->ng; g++) {
        rg_mask uni = 0;
        for (int i = L->start[g]; i < L->start[g + 1]; i++) {
            if (!dom[i]) return 0;
            uni |= dom[i];
        }
        if (!lsum_loose_group(&b, uni, L->start[g + 1] - L->start[g], L->sign[g])) return 0;
    }
    return lsum_loose_ends(&b, L->total, margin);
}

/* With at most LSUM_DP_DIGITS digits a group of three or more cells goes
 * by the sets of digits its first i cells can take (bit sets over masks)
 * instead of matching each candidate set. */
#define LSUM_DP_DIGITS 12
#define LSUM_DP_WORDS  (1 << (LSUM_DP_DIGITS - 6))
#define LSUM_LAYERS    (LSUM_CELLS + LSUM_GROUPS)

/* Words of a bit set over the masks of D <= LSUM_DP_DIGITS digits. */
static inline int lsum_dp_words(int D) { return D <= 6 ? 1 : 1 << (D - 6); }

/* dst |= {m | bit x : m in src without bit x}. Adding bit x < 6 moves a
 * bit within its word; x >= 6 moves word w to w + 2^(x-6) (the words with
 * that bit set receive). */
static inline void lsum_add_digit(const uint64_t *src, int x, int nw, uint64_t *dst)
{
    if (x < 6) {
        uint64_t lm = match_low[x];
        int sh = 1 << x;
        for (int w = 0; w < nw; w++) dst[w] |= (src[w] & lm) << sh;
    } else {
        int b = 1 << (x - 6);
        for (int w = b; w < nw; w = (w + 1) | b) dst[w] |= src[w ^ b];
    }
}

/* The masks of g with bit x, bit x dropped, that are in lay, or-ed into
 * ng; returns whether there is one. */
static inline uint64_t lsum_drop_digit(const uint64_t *g, const uint64_t *lay, int x, int nw,
                                       uint64_t *ng)
{
    uint64_t any = 0;
    if (x < 6) {
        uint64_t hm = ~match_low[x];
        int sh = 1 << x;
        for (int w = 0; w < nw; w++) {
            uint64_t t = (g[w] & hm) >> sh & lay[w];
            any |= t;
            ng[w] |= t;
        }
    } else {
        int b = 1 << (x - 6);
        for (int w = 0; w < nw; w = (w + 1 + b) & ~b) {
            uint64_t t = g[w | b] & lay[w];
            any |= t;
            ng[w] |= t;
        }
    }
    return any;
}

/* Layer i (i = 0..k, nw words at lay + i * stride): the sets of distinct
 * digits cells 0..i-1 can take. A stride of nw packs the layers (the
 * smallest buffer for the digits at hand); LSUM_DP_WORDS makes them the
 * rows of a uint64_t [][LSUM_DP_WORDS] array (lsum_forward). */
static inline void lsum_forward_at(const rg_mask *dom, int k, int nw, uint64_t *lay, int stride)
{
    memset(lay, 0, (size_t)nw * sizeof lay[0]);
    lay[0] = 1;
    for (int i = 0; i < k; i++) {
        uint64_t *cur = lay + (size_t)i * stride, *next = cur + stride;
        memset(next, 0, (size_t)nw * sizeof lay[0]);
        for (rg_mask m = dom[i]; m; m &= m - 1) {
            /* The first cell's sets are its digits alone, a bit each. */
            rg_mask x = m & -m;
            if (i == 0 && x / 64 < (rg_mask)nw)
                next[x / 64] |= (uint64_t)1 << (x % 64);
            else if (i)
                lsum_add_digit(cur, __builtin_ctz(m), nw, next);
        }
    }
}

/* lay[i] (i = 0..k): the sets of distinct digits cells 0..i-1 can take. */
static inline void lsum_forward(const rg_mask *dom, int k, int nw, uint64_t (*lay)[LSUM_DP_WORDS])
{
    lsum_forward_at(dom, k, nw, lay[0], LSUM_DP_WORDS);
}

/* Is mask m in the bit set over masks? */
static inline int lsum_has(const uint64_t *bits, rg_mask m) { return bits[m / 64] >> (m % 64) & 1; }

/* keep[i]: the digits cell i takes in some set of layer k (layers as for
 * lsum_forward_at) that is in g (a bit set over masks, overwritten): going
 * back, g holds the sets cells 0..i can have that still complete to one. */
static inline void lsum_backward_sets_at(const rg_mask *dom, int k, int nw, const uint64_t *lay,
                                         int stride, uint64_t *g, rg_mask *keep)
{
    uint64_t ng[LSUM_DP_WORDS];
    for (int i = k - 1; i >= 1; i--) {
        keep[i] = 0;
        memset(ng, 0, (size_t)nw * sizeof ng[0]);
        /* The sets before cell i from which x leads into g. */
        for (rg_mask m = dom[i]; m; m &= m - 1)
            if (lsum_drop_digit(g, lay + (size_t)i * stride, __builtin_ctz(m), nw, ng))
                keep[i] |= m & -m;
        memcpy(g, ng, (size_t)nw * sizeof g[0]);
    }
    /* Before the first cell there is only the empty set: it keeps the
     * digits that are sets of g themselves. */
    if (k > 0) {
        keep[0] = 0;
        for (rg_mask m = dom[0]; m; m &= m - 1) {
            rg_mask x = m & -m;
            if (x / 64 < (rg_mask)nw && lsum_has(g, x)) keep[0] |= x;
        }
    }
}

/* lsum_backward_sets_at over the rows of a uint64_t [][LSUM_DP_WORDS] array. */
static inline void lsum_backward_sets(const rg_mask *dom, int k, int nw,
                                      uint64_t (*lay)[LSUM_DP_WORDS], uint64_t *g, rg_mask *keep)
{
    lsum_backward_sets_at(dom, k, nw, lay[0], LSUM_DP_WORDS, g, keep);
}

/* Bit sets of sums below 128 as one 128-bit word. */
typedef unsigned __int128 lsum_u128;

/* lsum_bylow[t]: the bits b of a word (the sets of the low six digits)
 * whose digits add up to t (0..21); lsum_setsum decides them (test_cages
 * checks the table against it). */
static const uint64_t lsum_bylow[22] = {
    0x0000000000000001u, 0x0000000000000002u, 0x0000000000000004u, 0x0000000000000018u,
    0x0000000000000120u, 0x0000000000010240u, 0x0000000100020480u, 0x0000000200041800u,
    0x0000000400182000u, 0x0000001801204000u, 0x0000012002408000u, 0x0001024004800000u,
    0x0002048018000000u, 0x0004180020000000u, 0x0018200040000000u, 0x0120400080000000u,
    0x0240800000000000u, 0x0480000000000000u, 0x1800000000000000u, 0x2000000000000000u,
    0x4000000000000000u, 0x8000000000000000u};

/* The sums of the sets in a word w of a layer (the sets of the low six
 * digits), as bits t = 0..21: byte j of w holds the sets of digits 4..6
 * given by j with those of digits 1..3 given by the bit; lsum_bysum8[byte]
 * is the sums (0..6) of the latter, and lsum_hisum8[j] the sum of the
 * former (test_cages checks both against lsum_setsum). */
static const uint8_t lsum_bysum8[256] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
    0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
    0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
    0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
    0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
    0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
    0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f,
    0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f, 0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f,
};
static const uint8_t lsum_hisum8[8] = {0, 4, 5, 9, 6, 10, 11, 15};

static inline uint32_t lsum_word_sums(uint64_t bits)
{
    uint32_t win = 0;
    for (int j = 0; j < 8; j++)
        win |= (uint32_t)lsum_bysum8[bits >> (8 * j) & 255] << lsum_hisum8[j];
    return win;
}

/* The sums of two distinct digits, one of a and one of b, as bits: digits x
 * and y (bits x, y) make bit x + y + 2 (at most 2 * LSUM_DP_DIGITS). */
static inline uint64_t lsum_pair_sums(rg_mask a, rg_mask b)
{
    uint64_t s = 0;
    for (rg_mask m = a; m; m &= m - 1) {
        int x = __builtin_ctz(m);
        s |= ((uint64_t)b & ~((uint64_t)1 << x)) << (x + 2);
    }
    return s;
}

/* ORs into sums (bit s: the sum s) the sums of the sets in last, a layer of
 * nw words (lsum_forward): a word's sets sum to its high digits' sum plus
 * their low sum (lsum_word_sums). sums needs a word past the last sum. 0 when
 * last holds no set. */
static inline int lsum_layer_sums(const uint64_t *last, int nw, uint64_t *sums)
{
    int any = 0;
    for (int x = 0; x < nw; x++) {
        uint64_t bits = last[x];
        if (!bits) continue;
        any = 1;
        int hs = lsum_setsum((rg_mask)x << 6), q = hs / 64, r = hs % 64;
        uint64_t win = lsum_word_sums(bits);
        sums[q] |= win << r;
        if (r > 64 - 22 && win >> (64 - r)) sums[q + 1] |= win >> (64 - r);
    }
    return any;
}

/* keep[i]: the digits cell i takes in some set of layer k (layers as for
 * lsum_forward_at) whose sum is in allowed (a bit set of two words or
 * more: the sums of D <= LSUM_DP_DIGITS digits stay below 128). A word w
 * of the layer holds the sets of the high digits w with the low ones of
 * each bit: the sum of w's digits plus the low sum, so the sums allowed
 * from there (a window of 22) pick the bits by lsum_bylow. */
static inline void lsum_backward_at(const rg_mask *dom, int k, int nw, const uint64_t *lay,
                                    int stride, const uint64_t *allowed, rg_mask *keep)
{
    uint64_t g[LSUM_DP_WORDS];
    lsum_u128 all = (lsum_u128)allowed[1] << 64 | allowed[0];
    for (int w = 0; w < nw; w++) {
        uint64_t bits = lay[(size_t)k * stride + w], sel = 0;
        if (bits) {
            uint32_t win = (uint32_t)(all >> lsum_setsum((rg_mask)w << 6)) & 0x3FFFFFu;
            for (; win; win &= win - 1) sel |= lsum_bylow[__builtin_ctz(win)];
        }
        g[w] = bits & sel;
    }
    lsum_backward_sets_at(dom, k, nw, lay, stride, g, keep);
}

/* lsum_backward_at over the rows of a uint64_t [][LSUM_DP_WORDS] array. */
static inline void lsum_backward(const rg_mask *dom, int k, int nw, uint64_t (*lay)[LSUM_DP_WORDS],
                                 const uint64_t *allowed, rg_mask *keep)
{
    lsum_backward_at(dom, k, nw, lay[0], LSUM_DP_WORDS, allowed, keep);
}

/* Sums below 128 as one 128-bit word: a shift by a signed amount. */

static inline lsum_u128 lsum_sh(lsum_u128 x, int k)
{
    if (k >= 128 || k <= -128) return 0;
    return k >= 0 ? x << k : x >> -k;
}

/* lsum_support's combination of the groups' sums when they fit two
 * words: backwards need[g], the partial totals of groups 0..g-1 that
 * groups g.. can bring to the target; forwards reach, the partial totals
 * of groups 0..g-1; allowed[g], the sums of group g leading from reach
 * into need[g+1]. Returns 0 when the target cannot be made. */
static inline int lsum_combine2(const lsum *L, const uint64_t (*sums)[LSUM_WORDS], int nw,
                                long target, int off, uint64_t (*allowed)[LSUM_WORDS])
{
    lsum_u128 need[LSUM_GROUPS + 1], reach = (lsum_u128)1 << off;
    need[L->ng] = (lsum_u128)1 << target;
    for (int g = L->ng - 1; g >= 0; g--) {
        lsum_u128 acc = 0;
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = sums[g][w]; bits; bits &= bits - 1)
                acc |= lsum_sh(need[g + 1], -L->sign[g] * (w * 64 + __builtin_ctzll(bits)));
        need[g] = acc;
    }
    if (!(need[0] >> off & 1)) return 0;
    for (int g = 0; g < L->ng; g++) {
        lsum_u128 nreach = 0;
        allowed[g][0] = allowed[g][1] = 0;
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = sums[g][w]; bits; bits &= bits - 1) {
                int s = w * 64 + __builtin_ctzll(bits);
                lsum_u128 t = lsum_sh(reach, L->sign[g] * s) & need[g + 1];
                if (t) allowed[g][w] |= bits & -bits, nreach |= t;
            }
        reach = nreach;
    }
    return 1;
}

/* lsum_combine2 for sums of one word (all below 64): the same steps on
 * 64-bit words, every shift below 64. */
static inline int lsum_combine1(const lsum *L, const uint64_t (*sums)[LSUM_WORDS], long target,
                                int off, uint64_t (*allowed)[LSUM_WORDS])
{
    uint64_t need[LSUM_GROUPS + 1], reach = (uint64_t)1 << off;
    need[L->ng] = (uint64_t)1 << target;
    for (int g = L->ng - 1; g >= 0; g--) {
        uint64_t acc = 0, nx = need[g + 1];
        if (L->sign[g] > 0)
            for (uint64_t bits = sums[g][0]; bits; bits &= bits - 1)
                acc |= nx >> __builtin_ctzll(bits);
        else
            for (uint64_t bits = sums[g][0]; bits; bits &= bits - 1)
                acc |= nx << __builtin_ctzll(bits);
        need[g] = acc;
    }
    if (!(need[0] >> off & 1)) return 0;
    for (int g = 0; g < L->ng; g++) {
        uint64_t nreach = 0, al = 0, nx = need[g + 1];
        for (uint64_t bits = sums[g][0]; bits; bits &= bits - 1) {
            int s = __builtin_ctzll(bits);
            uint64_t t = (L->sign[g] > 0 ? reach << s : reach >> s) & nx;
            if (t) al |= bits & -bits, nreach |= t;
        }
        allowed[g][0] = al;
        allowed[g][1] = 0; /* lsum_backward reads two words */
        reach = nreach;
    }
    return 1;
}

/* Whether digit x (a bit index) has a partner y in other, another digit,
 * with which it makes an allowed sum x + y + 2 (bits of allowed, one word). */
static inline int lsum_pair_fits(int x, rg_mask other, uint64_t allowed)
{
    return (allowed >> (x + 2) & other & ~((uint64_t)1 << x)) != 0;
}

/* The digits of mine that stay in a group of two cells: those that fit
 * (lsum_pair_fits) with some digit of the other cell. */
static inline rg_mask lsum_pair_keep(rg_mask mine, rg_mask other, uint64_t allowed)
{
    rg_mask kept = 0;
    for (rg_mask m = mine; m; m &= m - 1)
        if (lsum_pair_fits(__builtin_ctz(m), other, allowed)) kept |= m & -m;
    return kept;
}

/* The sums of three distinct digits, one of each of a, b and c, as bits
 * (below 64 up to LSUM_DP_DIGITS digits): for each digit of a, the pairs
 * of b and c without it, moved up by that digit. A few dozen shifts where
 * the layers of sets (lsum_forward) take hundreds of word operations. */
static inline uint64_t lsum_triple_sums(rg_mask a, rg_mask b, rg_mask c)
{
    uint64_t s = 0;
    for (rg_mask m = a; m; m &= m - 1) {
        rg_mask x = m & -m;
        s |= lsum_pair_sums(b & ~x, c & ~x) << (__builtin_ctz(m) + 1);
    }
    return s;
}

/* The digits of mine that stay in a group of three cells: x stays when two
 * other distinct digits of the other cells make an allowed sum with it.
 * For each x, the digits y of b are tried until one has a partner in c
 * (lsum_pair_fits): most digits stay, and the first y or two tell,
 * where the pairs' sums of b and c (lsum_pair_sums) take a step for every
 * y (docs/bench.md, stop 62). */
static inline rg_mask lsum_triple_keep(rg_mask mine, rg_mask b, rg_mask c, uint64_t allowed)
{
    rg_mask kept = 0;
    for (rg_mask m = mine; m; m &= m - 1) {
        rg_mask x = m & -m, cx = c & ~x;
        uint64_t want = allowed >> (__builtin_ctz(m) + 1); /* the pairs' sums wanted */
        for (rg_mask r = b & ~x; r; r &= r - 1)
            if (lsum_pair_fits(__builtin_ctz(r), cx, want)) {
                kept |= x;
                break;
            }
    }
    return kept;
}

/* What lsum_support works with: per group the sums of its options as a
 * bit set of nw words (sums) and those the combination allows (allowed);
 * for groups of two or more cells their options matched to the cells (opt
 * from ostart[g]), or up to LSUM_DP_DIGITS digits (dp) the pairs' sums made
 * digit by digit (nothing kept) and for three or more cells the layers of
 * sets their cells can take, packed at dpw words each (from the word
 * lbase[g] of lay). opt and lay are the caller's buffers, of optcap masks
 * and laycap words (lsum_support sizes them for any digits, lsum_support9
 * for 9: its layers take 8 words, and it has no options, so that its
 * frame is a few pages smaller). The counts (nw, dp, dpw; nopt, nlay in
 * use) are kept apart, in registers. */
typedef struct lsum_work {
    rg_mask *opt;
    uint64_t *lay;
    int optcap, laycap;
    int ostart[LSUM_GROUPS + 1], lbase[LSUM_GROUPS];
    uint64_t sums[LSUM_GROUPS][LSUM_WORDS];
    uint64_t allowed[LSUM_GROUPS][LSUM_WORDS];
} lsum_work;

/* The sums group g's cells can make (w->sums[g]) and what the way back
 * needs of them. Returns 1, 0 when the group has no option, -1 when it has
 * too many. */
static inline int lsum_group_sums(const lsum *L, const rg_mask *dom, int g, int nw, int dp, int dpw,
                                  lsum_work *w, int *nopt, int *nlay)
{
    int a = L->start[g], k = L->start[g + 1] - a;
    uint64_t *sums = w->sums[g];
    memset(sums, 0, (size_t)nw * sizeof sums[0]);
    w->ostart[g] = *nopt;
    if (k == 1) { /* digit x (bit x - 1) makes the sum x, below 64: one shift */
        sums[0] = (uint64_t)dom[a] << 1;
        return dom[a] != 0;
    }
    if (dp && k == 2) {
        sums[0] = lsum_pair_sums(dom[a], dom[a + 1]);
        return sums[0] != 0;
    }
    if (dp && k == 3) {
        sums[0] = lsum_triple_sums(dom[a], dom[a + 1], dom[a + 2]);
        return sums[0] != 0;
    }
    if (dp && k >= 3) {
        if (*nlay + (k + 1) * dpw > w->laycap) return -1;
        w->lbase[g] = *nlay;
        lsum_forward_at(dom + a, k, dpw, w->lay + *nlay, dpw);
        *nlay += (k + 1) * dpw;
        return lsum_layer_sums(w->lay + *nlay - dpw, dpw, sums);
    }
    rg_mask uni = 0, d[MATCH_MAX], sup[MATCH_MAX];
    for (int i = 0; i < k; i++) uni |= dom[a + i];
    long count = lsum_options(__builtin_popcount(uni), k);
    if (count > LSUM_OPTIONS || *nopt + count > w->optcap) return -1;
    int from = *nopt, to = *nopt;
    lsum_sets(k, uni, 0, 0, w->opt, &to);
    /* Keep the sets the cells can be matched to. */
    for (int o = from; o < to; o++) {
        int ok = 1;
        for (int i = 0; i < k && ok; i++) ok = (d[i] = dom[a + i] & w->opt[o]) != 0;
        if (!ok || !lsum_match(d, k, sup)) continue;
        w->opt[(*nopt)++] = w->opt[o];
        int s = lsum_setsum(w->opt[o]);
        sums[s / 64] |= (uint64_t)1 << (s % 64);
    }
    return *nopt != from;
}

/* lsum_combine2 for sums of more than two words. */
static inline int lsum_combine(const lsum *L, lsum_work *w, int nw, long target, int off)
{
    uint64_t need[LSUM_GROUPS + 1][LSUM_WORDS], t[LSUM_WORDS], reach[LSUM_WORDS],
        nreach[LSUM_WORDS];
    memset(need[L->ng], 0, (size_t)nw * sizeof t[0]);
    need[L->ng][target / 64] = (uint64_t)1 << (target % 64);
    for (int g = L->ng - 1; g >= 0; g--) {
        memset(need[g], 0, (size_t)nw * sizeof t[0]);
        for (int x = 0; x < nw; x++)
            for (uint64_t bits = w->sums[g][x]; bits; bits &= bits - 1) {
                int s = x * 64 + __builtin_ctzll(bits);
                bits_shift(need[g + 1], -L->sign[g] * s, nw, t);
                for (int y = 0; y < nw; y++) need[g][y] |= t[y];
            }
    }
    memset(reach, 0, sizeof reach);
    reach[off / 64] = (uint64_t)1 << (off % 64);
    if (!(need[0][off / 64] >> (off % 64) & 1)) return 0;
    for (int g = 0; g < L->ng; g++) {
        /* allowed: the sums s of group g with reach + sign*s in need[g+1]. */
        memset(w->allowed[g], 0, (size_t)nw * sizeof w->allowed[g][0]);
        memset(nreach, 0, (size_t)nw * sizeof nreach[0]);
        for (int x = 0; x < nw; x++)
            for (uint64_t bits = w->sums[g][x]; bits; bits &= bits - 1) {
                int s = x * 64 + __builtin_ctzll(bits);
                bits_shift(reach, L->sign[g] * s, nw, t);
                uint64_t any = 0;
                for (int y = 0; y < nw; y++) {
                    t[y] &= need[g + 1][y];
                    any |= t[y];
                    nreach[y] |= t[y];
                }
                if (any) w->allowed[g][x] |= bits & -bits;
            }
        memcpy(reach, nreach, (size_t)nw * sizeof reach[0]);
    }
    return 1;
}

/* The digits group g's cells take in the options whose sums are allowed. */
static inline void lsum_group_keep(const lsum *L, const rg_mask *dom, int g, int dp, int dpw,
                                   lsum_work *w, rg_mask *keep)
{
    int a = L->start[g], k = L->start[g + 1] - a;
    const uint64_t *allowed = w->allowed[g];
    if (k == 1) { /* digit x keeps when the sum x is allowed */
        keep[a] = dom[a] & (rg_mask)(allowed[0] >> 1);
        return;
    }
    if (dp && k == 2) {
        keep[a] = lsum_pair_keep(dom[a], dom[a + 1], allowed[0]);
        keep[a + 1] = lsum_pair_keep(dom[a + 1], dom[a], allowed[0]);
        return;
    }
    if (dp && k == 3) {
        keep[a] = lsum_triple_keep(dom[a], dom[a + 1], dom[a + 2], allowed[0]);
        keep[a + 1] = lsum_triple_keep(dom[a + 1], dom[a], dom[a + 2], allowed[0]);
        keep[a + 2] = lsum_triple_keep(dom[a + 2], dom[a], dom[a + 1], allowed[0]);
        return;
    }
    if (dp && k >= 3) {
        lsum_backward_at(dom + a, k, dpw, w->lay + w->lbase[g], dpw, allowed, keep + a);
        return;
    }
    rg_mask d[MATCH_MAX], sup[MATCH_MAX];
    for (int i = 0; i < k; i++) keep[a + i] = 0;
    for (int o = w->ostart[g]; o < w->ostart[g + 1]; o++) {
        int s = lsum_setsum(w->opt[o]);
        if (!(allowed[s / 64] >> (s % 64) & 1)) continue;
        for (int i = 0; i < k; i++) d[i] = dom[a + i] & w->opt[o];
        lsum_match(d, k, sup);
        for (int i = 0; i < k; i++) keep[a + i] |= sup[i];
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
static inline int lsum_support_w(const lsum *L, const rg_mask *dom, rg_mask *keep, int dpw,
                                 rg_mask *opt, int optcap, uint64_t *lay, int laycap)
{
    int off, width = lsum_width(L, &off);
    if (width >= LSUM_WORDS * 64 || L->ng > LSUM_GROUPS || L->n > LSUM_CELLS) return -1;
    long target = L->total + off;
    if (target < 0 || target > width) return 0;
    int nw = width / 64 + 1, dp = L->D <= LSUM_DP_DIGITS;
    int nopt = 0, nlay = 0;
    lsum_work w;
    w.opt = opt;
    w.optcap = optcap;
    w.lay = lay;
    w.laycap = laycap;
    for (int g = 0; g < L->ng; g++) {
        int rc = lsum_group_sums(L, dom, g, nw, dp, dpw, &w, &nopt, &nlay);
        if (rc <= 0) return rc;
    }
    w.ostart[L->ng] = nopt;
    if (nw == 1) {
        if (!lsum_combine1(L, (const uint64_t(*)[LSUM_WORDS])w.sums, target, off, w.allowed))
            return 0;
    } else if (nw <= 2) {
        if (!lsum_combine2(L, (const uint64_t(*)[LSUM_WORDS])w.sums, nw, target, off, w.allowed))
            return 0;
    } else if (!lsum_combine(L, &w, nw, target, off)) {
        return 0;
    }
    for (int g = 0; g < L->ng; g++) lsum_group_keep(L, dom, g, dp, dpw, &w, keep);
    return 1;
}

static inline int lsum_support(const lsum *L, const rg_mask *dom, rg_mask *keep)
{
    rg_mask opt[LSUM_OPTIONS * 4];
    uint64_t lay[LSUM_LAYERS * LSUM_DP_WORDS];
    return lsum_support_w(L, dom, keep, lsum_dp_words(L->D), opt, LSUM_OPTIONS * 4, lay,
                          LSUM_LAYERS * LSUM_DP_WORDS);
}

/* ---- Small signed sums: one or two groups of one to three cells ---------- */

/* The values (bit v: the value v) group g of L makes: one cell's digits,
 * or the totals of distinct digits of its two or three cells. */
static inline uint64_t lsum_small_sums(const lsum *L, const rg_mask *d, int g)
{
    const rg_mask *c = d + L->start[g];
    switch (L->start[g + 1] - L->start[g]) {
    case 1: return (uint64_t)c[0] << 1;
    case 2: return lsum_pair_sums(c[0], c[1]);
    default: return lsum_triple_sums(c[0], c[1], c[2]);
    }
}

/* The values v of a with t - v among b's. */
static inline uint64_t lsum_small_mirror(uint64_t a, uint64_t b, long t)
{
    uint64_t out = 0;
    for (uint64_t m = a; m; m &= m - 1) {
        long w = t - __builtin_ctzll(m);
        if (w >= 0 && w < 64 && (b >> w & 1)) out |= m & -m;
    }
    return out;
}

/* x moved up k bits (down when k < 0). */
static inline uint64_t lsum_small_shift(uint64_t x, long k)
{
    if (k >= 64 || k <= -64) return 0;
    return k >= 0 ? x << k : x >> -k;
}

/* Does lsum_support_small take L: one or two groups of at most three cells
 * each, at most 20 digits (a group's values stay below 64)? */
static inline int lsum_small(const lsum *L)
{
    return L->ng >= 1 && L->ng <= 2 && L->D <= 20 && L->start[1] <= 3 &&
           L->n - L->start[L->ng - 1] <= 3;
}

/* lsum_support for the sums lsum_small takes (most of a killer search's
 * signed-sum runs that are not loose): the values each group may take so
 * that the signed total is made, then each cell's digits in such a value
 * (lsum_pair_keep, lsum_triple_keep). The same keep as lsum_support (both
 * exact), in tens to hundreds of operations instead of a thousand. 1, or 0
 * when the total cannot be made. */
static inline int lsum_support_small(const lsum *L, const rg_mask *d, rg_mask *keep)
{
    uint64_t ok[2];
    if (L->ng == 1) {
        /* One group: the total is its one allowed value, and whether the
         * group can make it is whether its first cell keeps a digit, so its
         * values are not listed. */
        long t = L->sign[0] * L->total;
        if (t < 0 || t >= 64) return 0;
        ok[0] = (uint64_t)1 << t;
    } else {
        uint64_t s0 = lsum_small_sums(L, d, 0), s1 = lsum_small_sums(L, d, 1);
        if (L->sign[0] == L->sign[1]) { /* v0 + v1 = total * sign */
            long t = L->sign[0] * L->total;
            ok[0] = lsum_small_mirror(s0, s1, t);
            ok[1] = lsum_small_mirror(s1, s0, t);
        } else { /* sign[0] (v0 - v1) = total */
            long t = L->sign[0] * L->total;
            ok[0] = s0 & lsum_small_shift(s1, t);
            ok[1] = s1 & lsum_small_shift(s0, -t);
        }
    }
    if (!ok[0]) return 0;
    for (int g = 0; g < L->ng; g++) {
        int a = L->start[g], k = L->start[g + 1] - a;
        if (k == 1) {
            keep[a] = d[a] & (rg_mask)(ok[g] >> 1);
        } else if (k == 2) {
            keep[a] = lsum_pair_keep(d[a], d[a + 1], ok[g]);
            keep[a + 1] = lsum_pair_keep(d[a + 1], d[a], ok[g]);
        } else {
            keep[a] = lsum_triple_keep(d[a], d[a + 1], d[a + 2], ok[g]);
            keep[a + 1] = lsum_triple_keep(d[a + 1], d[a], d[a + 2], ok[g]);
            keep[a + 2] = lsum_triple_keep(d[a + 2], d[a], d[a + 1], ok[g]);
        }
    }
    return keep[L->start[0]] != 0;
}

/* lsum_support at 9 digits with everything inlined (flatten), the layers'
 * word count the constant 8: their loops unroll, their memsets become
 * stores. Its layers take 8 words each and it needs no options (every
 * group goes by sets of digits at 9), so its frame holds 2 KB of layers
 * where lsum_support's holds 24 KB of layers and options: the search
 * touches a few pages of stack less (a first touch is a page fault), and
 * no stack probe runs over them on every call. */
static __attribute__((flatten, unused)) int lsum_support9(const lsum *L, const rg_mask *dom,
                                                          rg_mask *keep)
{
    uint64_t lay[LSUM_LAYERS * 8];
    return lsum_support_w(L, dom, keep, 8, NULL, 0, lay, LSUM_LAYERS * 8);
}

#endif
