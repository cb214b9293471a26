/* The depth-first search (search.c). */
#ifndef RG_SEARCH_SEARCH_H
#define RG_SEARCH_SEARCH_H

#include "search/solver.h"

/* Room for at least n spaces on the stack (the depth is at most N + 1).
 * RG_OK or RG_E_NOMEM. */
int rg_search_grow(rg_solver *s, int n);
/* Search from the propagated root space 0, counting solutions into r
 * (solutions; the first copied to s->sol) until the limit, a node or time
 * limit (s->stopped), or the end; s->nomem (and s->stopped) when the
 * stack of spaces could not grow. */
void rg_search_run(rg_solver *s, rg_result *r);

#endif
