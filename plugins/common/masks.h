/* Digit masks as every rule plugin reads them: bit d-1 stands for digit d. */
#ifndef RG_PLUGIN_MASKS_H
#define RG_PLUGIN_MASKS_H

#include "rulegrid/plugin.h"

/* The smallest and the largest digit of a non-empty mask. */
static inline int mask_lowest(rg_mask m) { return __builtin_ctz(m) + 1; }
static inline int mask_highest(rg_mask m) { return 32 - __builtin_clz(m); }
/* Digits 1..d (every digit of a board of d digits); 0 when d <= 0. */
static inline rg_mask mask_upto(int d)
{
    return d <= 0 ? 0 : d >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << d) - 1;
}

/* host->keep(sp, c, m) when it removes something (dom: the space's
 * domains): the call through the host table costs more than the test, and
 * keeping every digit does nothing. Its answer, or 0. */
static inline int mask_keep(const rg_host *host, rg_space *sp, const rg_mask *dom, int c, rg_mask m)
{
    return dom[c] & ~m ? host->keep(sp, c, m) : 0;
}

#endif
