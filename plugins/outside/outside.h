/* What the files of the outside plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in outside.c), and the generate hook (outside_gen.c). */
#ifndef RG_OUTSIDE_H
#define RG_OUTSIDE_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *outside_host __attribute__((visibility("hidden")));

int outside_generate(rg_gen *g, const int *solution);

#endif
