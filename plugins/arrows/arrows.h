/* What the files of the arrows plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in arrows.c), and the generate hook (arrows_gen.c). */
#ifndef RG_ARROWS_H
#define RG_ARROWS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *arrows_host __attribute__((visibility("hidden")));

int arrows_generate(rg_gen *g, const int *solution);

#endif
