/* The cages generate hook (cages_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_CAGES_GEN_H
#define RG_CAGES_GEN_H

#include "rulegrid/plugin.h"

int cages_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
