/* What the files of the arrows plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in arrows.c), and the generate hook (arrows_gen.c). */
#ifndef RG_ARROWS_H
#define RG_ARROWS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *arrows_host __attribute__((visibility("hidden")));

int arrows_generate(rg_gen *g, const int *solution);

/* The fields of an arrow rule: the bulb's cells in order, and the shafts,
 * each ordered away from the bulb. */
typedef struct arrow_fields {
    const int *bulb;
    int nbulb;
    const int *const *shaft;
    const int *len;
    int nshaft;
} arrow_fields;

/* Reads and checks them as compile does (arrows.c; the draw hook reads
 * them again). Returns RG_OK or the host's error code. */
int arrows_read(rg_build *b, rg_rule *r, arrow_fields *f);

/* The draw hook (arrows_draw.c). */
int arrows_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data);

#endif
