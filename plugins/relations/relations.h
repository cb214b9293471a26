/* What the files of the relations plugin share: the host table, kept by init
 * (RG_PLUGIN_DEFINE in relations.c), and the generate hook (relations_gen.c). */
#ifndef RG_RELATIONS_H
#define RG_RELATIONS_H

#include "rulegrid/plugin.h"

/* Hidden, so that the plugin's files reach it directly, not through the GOT. */
extern const rg_host *relations_host __attribute__((visibility("hidden")));

int relations_generate(rg_gen *g, const int *solution);

/* The kinds of edge clues (format.md 6.6), in the order of their names. */
enum { K_KROPKI, K_XV, K_DIFFERENCE, K_RATIO, K_PRODUCT, K_SUM, K_GREATER };

/* The fields of an edge rule: its kind, the pair operator and parameter it
 * states (greater: RG_OP_LESS on (cells[1], cells[0])), the key of its
 * mark (kropki: 0 white, 1 black; xv: 10 or 5; the valued kinds: the
 * value) and its two cells. */
typedef struct edge_fields {
    int kind, op;
    long param, key;
    const int *cells;
} edge_fields;

/* Read and check an edge rule as compile does (relations.c; the draw hook
 * reads it again). Returns RG_OK or the host's error code. */
int relations_read_edge(rg_build *b, rg_rule *r, edge_fields *e);
/* Read a relation rule: its operator, parameter and pairs (pairs[2i],
 * pairs[2i+1]; n pairs). */
int relations_read_relation(rg_build *b, rg_rule *r, int *op, long *param, const int **pairs,
                            int *n);

/* The draw hooks (relations_draw.c). */
int relations_draw_edge(rg_draw *d, rg_build *b, rg_rule *r, void *data);
int relations_draw_relation(rg_draw *d, rg_build *b, rg_rule *r, void *data);

#endif
