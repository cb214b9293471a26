/* Filling and emptying the grid of a generated puzzle (givens.c). */
#ifndef RG_GEN_GIVENS_H
#define RG_GEN_GIVENS_H

#include "gen/run.h"

/* A random complete grid of p (with the template's givens) into
 * r->solution. *ok = 0 when the fill found none within its budget; *none =
 * 1 when there is none at all. */
int rg_givens_fill(rg_run *r, const rg_puzzle *p, int *ok, int *none);
/* Empty givens orbit by orbit in random order while the puzzle stays
 * acceptable, down to the target. Leaves the givens in r->givens. */
int rg_givens_remove(rg_run *r, const rg_puzzle *p);
/* How many of r->givens are set. */
int rg_givens_count(const rg_run *r);

#endif
