/* The cells generate hook (cells_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_CELLS_GEN_H
#define RG_CELLS_GEN_H

#include "rulegrid/plugin.h"

int cells_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
