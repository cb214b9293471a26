/* What the files of the outside plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in outside.c), and the generate hook (outside_gen.c). */
#ifndef RG_OUTSIDE_H
#define RG_OUTSIDE_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *outside_host __attribute__((visibility("hidden")));

int outside_generate(rg_gen *g, const int *solution);

/* The kinds of outside clues (format.md 6.8), in the order of their names. */
enum { SANDWICH, LITTLE_KILLER, X_SUM, SKYSCRAPER, ROSSINI };

/* The fields of an outside rule: its kind, its cells in reading order from
 * the clue and its value (little killer: the sum; rossini: 0 increasing, 1
 * decreasing). */
typedef struct outside_fields {
    int kind, n;
    const int *cells;
    long value;
} outside_fields;

/* Read and check an outside rule as compile does (outside.c; the draw hook
 * reads it again). Returns RG_OK or the host's error code. */
int outside_read(rg_build *b, rg_rule *r, outside_fields *o);

/* The kind named name (the family of its clue marks), -1 when none. */
int outside_kind(const char *name);

/* The draw hook (outside_draw.c). */
int outside_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data);

#endif
