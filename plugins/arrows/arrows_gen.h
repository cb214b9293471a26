/* The arrows generate hook (arrows_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_ARROWS_GEN_H
#define RG_ARROWS_GEN_H

#include "rulegrid/plugin.h"

int arrows_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
