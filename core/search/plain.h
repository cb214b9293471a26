/* Placing a digit at the check and forward levels (plain.c). */
#ifndef RG_SEARCH_PLAIN_H
#define RG_SEARCH_PLAIN_H

#include "search/solver.h"

/* Place digit bit in cell c. check: only test rules whose cells are all
 * placed; forward: also prune peers and run the propagators watching c
 * once. RG_FAIL or 0. */
int rg_plain_assign(rg_solver *s, unsigned char *space, int c, rg_mask bit);

#endif
