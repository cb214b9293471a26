/* Digit masks (rg_mask, bit d-1 for digit d): the few operations the model
 * and the search share. Header only: they sit on the hot paths. */
#ifndef RG_BASE_MASK_H
#define RG_BASE_MASK_H

#include "rulegrid/plugin.h"

static inline int rg_popcount(rg_mask m) { return __builtin_popcount(m); }
static inline int rg_single(rg_mask m) { return m && !(m & (m - 1)); }
static inline int rg_digit_of(rg_mask m) { return __builtin_ctz(m) + 1; }
static inline rg_mask rg_full_mask(int d)
{
    return d >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << d) - 1);
}

/* Which of cells[0..n) (n <= 64) hold the digit of bit d: bit k for
 * cells[k]. One pass without a branch per cell: on the search's paths which
 * cells still hold a digit is hard to predict, so callers walk the result. */
static inline uint64_t rg_holders(const rg_mask *dom, const int *cells, int n, int d)
{
    /* From the last cell down, doubling: cell k's digit bit (bit d) ends at
     * bit k + d, below 64 in halves of 32 cells (d < 32); no shift by a
     * variable per cell. */
    const rg_mask bit = (rg_mask)1 << d;
    uint64_t lo = 0, hi = 0;
    int k = n;
    for (; k > 32; k--) hi = 2 * hi + (dom[cells[k - 1]] & bit);
    for (; k > 0; k--) lo = 2 * lo + (dom[cells[k - 1]] & bit);
    return lo >> d | (hi >> d) << 32;
}

#endif
