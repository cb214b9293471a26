/* The corners generate hook (corners_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_CORNERS_GEN_H
#define RG_CORNERS_GEN_H

#include "rulegrid/plugin.h"

int corners_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
