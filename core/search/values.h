/* The next digit to try (values.c). */
#ifndef RG_SEARCH_VALUES_H
#define RG_SEARCH_VALUES_H

#include "search/solver.h"

/* One digit (as a bit) of the non-empty mask left, in the run's order. */
rg_mask rg_values_pick(rg_solver *s, rg_mask left);

#endif
