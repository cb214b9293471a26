/* The outside generate hook (outside_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_OUTSIDE_GEN_H
#define RG_OUTSIDE_GEN_H

#include "rulegrid/plugin.h"

int outside_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
