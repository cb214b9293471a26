/* What the files of the relations plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in relations.c), and the generate hook (relations_gen.c). */
#ifndef RG_RELATIONS_H
#define RG_RELATIONS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *relations_host __attribute__((visibility("hidden")));

int relations_generate(rg_gen *g, const int *solution);

#endif
