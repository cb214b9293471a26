/* What the files of the cells plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in cells.c), and the generate hook (cells_gen.c). */
#ifndef RG_CELLS_H
#define RG_CELLS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *cells_host __attribute__((visibility("hidden")));

int cells_generate(rg_gen *g, const int *solution);

#endif
