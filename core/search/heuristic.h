/* The choice of a cell to branch on (heuristic.c). */
#ifndef RG_SEARCH_HEURISTIC_H
#define RG_SEARCH_HEURISTIC_H

#include "search/solver.h"

/* The next branch in space under the run's heuristic: -1 when every cell
 * is decided; else 0 with f->unit, f->cell or f->digit, and f->left set
 * (a cell and its candidates, or a unit, a digit and its places; solver.h). */
int rg_heuristic_select(rg_solver *s, const unsigned char *space, rg_frame *f);

#endif
