/* Shared by the files of the houses plugin: what compile keeps of each house
 * rule (houses.c) for the writer (houses_write.c), and the host table. */
#ifndef RG_HOUSES_H
#define RG_HOUSES_H

#include "rulegrid/plugin.h"

/* The host table, set by init (RG_PLUGIN_DEFINE in houses.c). Hidden, so
 * that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *houses_host __attribute__((visibility("hidden")));

/* What a house rule declared. */
enum { HR_GRID = 0, HR_BOX_GRID, HR_BOX, HR_ROW, HR_COLUMN };

typedef struct house_rule {
    int what;         /* HR_* */
    int origin;       /* grid, box_grid: the top-left cell */
    int box_h, box_w; /* box_grid: the box shape */
    const int *cells; /* box, row, column: the cells as listed */
    int n;
} house_rule;

/* The write hook of grid, box_grid, box, row and column: rebuilds the rules
 * from the houses they make (format.md §6.1). */
int houses_write(rg_out *o, const rg_rule *const *rules, void *const *data, int n);
/* The draw hooks (houses_draw.c): the house rules, and regions by kind. */
int houses_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data);
int houses_draw_region(rg_draw *d, rg_build *b, rg_rule *r, void *data);
/* The layout hook of box: D random connected pieces of D cells. */
int houses_layout_jigsaw(rg_gen *g);

#endif
