/* The depth-first search (search.c). */
#ifndef RG_SEARCH_SEARCH_H
#define RG_SEARCH_SEARCH_H

#include "search/solver.h"

/* The kept spaces of the search stack may take this many bytes; a board
 * whose N + 2 spaces take more keeps every k-th depth and recomputes the
 * rest (search.c). */
#define RG_SEARCH_COPY_BUDGET ((size_t)16 << 20)

/* Size the search stack for the solver's model: how often a depth is kept,
 * the work spaces, every kept space (the search allocates nothing). RG_OK
 * or RG_E_NOMEM. */
int rg_search_plan(rg_solver *s);
/* Tests: the copy budget in bytes for the next model the solver is set up
 * for (0: RG_SEARCH_COPY_BUDGET). */
void rg_search_budget(rg_solver *s, size_t bytes);
/* Search from the propagated root space 0, counting solutions into r
 * (solutions; the first copied to s->sol) until the limit, a node or time
 * limit (s->stopped), or the end. */
void rg_search_run(rg_solver *s, rg_result *r);

#endif
