/* Sets of sums as bit sets (bit v: the sum v can be made) of digits that may
 * repeat, shared by the arrows and lines plugins; header-only, so that the
 * propagators inline it. No allocation, no host calls. */
#ifndef RG_PLUGIN_SUMSET_H
#define RG_PLUGIN_SUMSET_H

#include <stdint.h>

#include "rulegrid/plugin.h"

#define SUMSET_WORDS 17 /* sums 0..1087: a segment of up to 32 cells of up to 32 digits */

typedef struct sumset {
    uint64_t w[SUMSET_WORDS];
} sumset;

static inline void sumset_add(sumset *s, int v) { s->w[v / 64] |= (uint64_t)1 << (v % 64); }
static inline int sumset_has(const sumset *s, int v) { return (int)(s->w[v / 64] >> (v % 64) & 1); }

/* dst |= src << k, over the first nw words. */
static inline void sumset_or_shift(sumset *dst, const sumset *src, int k, int nw)
{
    int q = k / 64, r = k % 64;
    for (int i = nw - 1; i >= q; i--) {
        uint64_t v = src->w[i - q] << r;
        if (r && i - q - 1 >= 0) v |= src->w[i - q - 1] >> (64 - r);
        dst->w[i] |= v;
    }
}

/* Clears the sums above cap, over the first nw words. */
static inline void sumset_cap(sumset *s, int cap, int nw)
{
    int q = cap / 64, r = cap % 64;
    if (q < nw) s->w[q] &= r == 63 ? ~(uint64_t)0 : (((uint64_t)1 << (r + 1)) - 1);
    for (int i = q + 1; i < nw; i++) s->w[i] = 0;
}

/* The sums up to cap of the digits of cells[0..n-1] other than index skip
 * (-1: none), a digit from each cell's domain in dom, repeats allowed;
 * nw = cap / 64 + 1 words. */
static inline void sumset_of_cells(const rg_mask *dom, const int *cells, int n, int skip, int cap,
                                   int nw, sumset *out)
{
    sumset a = {{0}};
    a.w[0] = 1;
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        sumset b = {{0}};
        for (rg_mask m = dom[cells[i]]; m; m &= m - 1)
            sumset_or_shift(&b, &a, __builtin_ctz(m) + 1, nw);
        sumset_cap(&b, cap, nw);
        a = b;
    }
    *out = a;
}

/* dst |= src >> k, over the first nw words. */
static inline void sumset_or_shr(sumset *dst, const sumset *src, int k, int nw)
{
    int q = k / 64, r = k % 64;
    for (int i = 0; i + q < nw; i++) {
        uint64_t v = src->w[i + q] >> r;
        if (r && i + q + 1 < nw) v |= src->w[i + q + 1] << (64 - r);
        dst->w[i] |= v;
    }
}

/* The digits x of cells[i] (from dom) for which x plus some sum of the
 * other cells, a digit each, repeats allowed, is in target (sums up to cap,
 * nw words): one set of the others' sums. sumset_supports does every cell
 * at once; this is for runs past SUMSET_SUPPORT_CELLS. */
static inline rg_mask sumset_kept(const rg_mask *dom, const int *cells, int n, int i, int cap,
                                  int nw, const sumset *target)
{
    sumset others, t;
    sumset_of_cells(dom, cells, n, i, cap, nw, &others);
    rg_mask kept = 0;
    for (rg_mask m = dom[cells[i]]; m; m &= m - 1) {
        for (int w = 0; w < nw; w++) t.w[w] = 0;
        sumset_or_shift(&t, &others, __builtin_ctz(m) + 1, nw);
        for (int w = 0; w < nw; w++)
            if (t.w[w] & target->w[w]) {
                kept |= m & -m;
                break;
            }
    }
    return kept;
}

/* At most this many cells for sumset_supports (its sets live on the stack). */
#define SUMSET_SUPPORT_CELLS 64

/* keep[i] gets the digits x of cells[i] (from dom) for which x plus some sum
 * of the other cells, a digit each, repeats allowed, is in target (a set of
 * sums up to cap, nw = cap / 64 + 1 words). One pass forward keeps the sums
 * of each prefix, one pass backward the sums each prefix must make to reach
 * target: a digit is kept when it joins the two. That is n sets each way
 * where a set of the other cells per cell costs n per cell. Needs
 * n <= SUMSET_SUPPORT_CELLS. */
static inline void sumset_supports(const rg_mask *dom, const int *cells, int n, int cap, int nw,
                                   const sumset *target, rg_mask *keep)
{
    sumset pre[SUMSET_SUPPORT_CELLS];
    pre[0].w[0] = 1;
    for (int i = 1; i < nw; i++) pre[0].w[i] = 0;
    for (int k = 0; k + 1 < n; k++) {
        for (int i = 0; i < nw; i++) pre[k + 1].w[i] = 0;
        for (rg_mask m = dom[cells[k]]; m; m &= m - 1)
            sumset_or_shift(&pre[k + 1], &pre[k], __builtin_ctz(m) + 1, nw);
        sumset_cap(&pre[k + 1], cap, nw);
    }
    sumset need = *target, next, t;
    for (int k = n - 1; k >= 0; k--) {
        rg_mask m = dom[cells[k]], kept = 0;
        for (int i = 0; i < nw; i++) next.w[i] = 0;
        for (rg_mask r = m; r; r &= r - 1) {
            int x = __builtin_ctz(r) + 1;
            for (int i = 0; i < nw; i++) t.w[i] = 0;
            sumset_or_shift(&t, &pre[k], x, nw);
            for (int i = 0; i < nw; i++)
                if (t.w[i] & need.w[i]) {
                    kept |= (rg_mask)1 << (x - 1);
                    break;
                }
            if (k) sumset_or_shr(&next, &need, x, nw);
        }
        keep[k] = kept;
        need = next;
    }
}

/* ---- One word: every sum below 64 (cap < 64) ------------------------------------ */

/* The sums up to cap as a mask of bits 0..cap. */
static inline uint64_t sumset64_lim(int cap)
{
    return cap >= 63 ? ~(uint64_t)0 : ((uint64_t)2 << cap) - 1;
}

/* sumset_of_cells when cap < 64: the same sums, one word. */
static inline uint64_t sumset64_of_cells(const rg_mask *dom, const int *cells, int n, int skip,
                                         int cap)
{
    uint64_t a = 1, lim = sumset64_lim(cap);
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        uint64_t b = 0;
        for (rg_mask m = dom[cells[i]]; m; m &= m - 1) b |= a << (__builtin_ctz(m) + 1);
        a = b & lim;
    }
    return a;
}

/* sumset_kept when cap < 64. */
static inline rg_mask sumset64_kept(const rg_mask *dom, const int *cells, int n, int i, int cap,
                                    uint64_t target)
{
    uint64_t others = sumset64_of_cells(dom, cells, n, i, cap);
    rg_mask kept = 0;
    for (rg_mask m = dom[cells[i]]; m; m &= m - 1)
        if (others << (__builtin_ctz(m) + 1) & target) kept |= m & -m;
    return kept;
}

/* sumset_supports when cap < 64: the prefixes' sums and what each prefix
 * must make, a word each (n <= SUMSET_SUPPORT_CELLS). */
static inline void sumset64_supports(const rg_mask *dom, const int *cells, int n, int cap,
                                     uint64_t target, rg_mask *keep)
{
    uint64_t pre[SUMSET_SUPPORT_CELLS], lim = sumset64_lim(cap), need = target;
    pre[0] = 1;
    for (int k = 0; k + 1 < n; k++) {
        uint64_t b = 0;
        for (rg_mask m = dom[cells[k]]; m; m &= m - 1) b |= pre[k] << (__builtin_ctz(m) + 1);
        pre[k + 1] = b & lim;
    }
    for (int k = n - 1; k >= 0; k--) {
        rg_mask kept = 0;
        uint64_t next = 0;
        for (rg_mask m = dom[cells[k]]; m; m &= m - 1) {
            int x = __builtin_ctz(m) + 1;
            if (pre[k] << x & need) kept |= m & -m;
            next |= need >> x;
        }
        keep[k] = kept;
        need = next;
    }
}

#endif
