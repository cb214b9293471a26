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

#endif
