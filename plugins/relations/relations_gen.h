/* The relations generate hook (relations_gen.c), given the host table the plugin keeps
 * from init. */
#ifndef RG_RELATIONS_GEN_H
#define RG_RELATIONS_GEN_H

#include "rulegrid/plugin.h"

int relations_generate(const rg_host *h, rg_gen *g, const int *solution);

#endif
