/* What the files of the cages plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in cages.c), and the generate hook (cages_gen.c). */
#ifndef RG_CAGES_H
#define RG_CAGES_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *cages_host __attribute__((visibility("hidden")));

int cages_generate(rg_gen *g, const int *solution);

#endif
