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

#endif
