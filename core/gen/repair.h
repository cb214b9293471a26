/* Repairing invented clues (repair.c). */
#ifndef RG_GEN_REPAIR_H
#define RG_GEN_REPAIR_H

#include "gen/run.h"

/* Make the clues alone pin the solution: while two solutions differ, drop
 * the invented rules that name a cell where they differ and grow new ones
 * (with the requests' repair settings) inside the cells so freed, keeping
 * those that fit. *p is rebuilt; *ok = 1 when unique (else r->why says
 * why not). */
int rg_repair_run(rg_run *r, rg_puzzle **p, int *ok);

#endif
