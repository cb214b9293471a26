/* The choice of a cell to branch on (heuristic.c). */
#ifndef RG_SEARCH_HEURISTIC_H
#define RG_SEARCH_HEURISTIC_H

#include "search/solver.h"

/* The next cell to branch on in space under the run's heuristic, or -1
 * when every cell is decided. */
int rg_heuristic_select(rg_solver *s, const unsigned char *space);

#endif
