/* Probing (probe.c). */
#ifndef RG_SEARCH_PROBE_H
#define RG_SEARCH_PROBE_H

#include "search/solver.h"

/* After the subsets fixpoint of space: probe as the strategy says (probe:
 * one sweep over the cells of two, then three candidates; sac: sweeps over
 * every cell and every place of a digit, to a fixpoint). The clock ends the
 * probing with the space sound (s->stopped set). RG_FAIL or 0. */
int rg_probe_run(rg_solver *s, unsigned char *space);

#endif
