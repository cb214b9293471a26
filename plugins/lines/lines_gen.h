/* The line generate hook (lines_gen.c), named by lines.c's rule type. */
#ifndef RG_LINES_GEN_H
#define RG_LINES_GEN_H

#include "rulegrid/plugin.h"

int lines_generate(rg_gen *g, const int *solution);

#endif
