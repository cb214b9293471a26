/* Propagation to a fixpoint (propagate.c): naked singles, then the
 * cheapest queued propagator, then the deductions over units, each change
 * starting again from the cheapest. */
#ifndef RG_SEARCH_PROPAGATE_H
#define RG_SEARCH_PROPAGATE_H

#include "search/solver.h"

/* Propagate space to its fixpoint. RG_FAIL (queue and dirty units dropped)
 * or 0. */
int rg_propagate(rg_solver *s, unsigned char *space);
/* rg_propagate from a root: every unit dirty (rg_units_all_dirty), every
 * active propagator queued (rg_queue_all), the change lists unknown
 * (rg_changes_restart) and the fixed cells on the naked stack. */
int rg_propagate_root(rg_solver *s, unsigned char *space);
/* After a failure: drop what is queued and dirty. Returns RG_FAIL. */
int rg_propagate_abandon(rg_solver *s);
/* Place bit in cell c of space and propagate as the strategy says. */
int rg_propagate_assign(rg_solver *s, unsigned char *space, int c, rg_mask bit);

#endif
