/* What the files of the corners plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in corners.c), and the generate hook (corners_gen.c). */
#ifndef RG_CORNERS_H
#define RG_CORNERS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *corners_host __attribute__((visibility("hidden")));

int corners_generate(rg_gen *g, const int *solution);

#endif
