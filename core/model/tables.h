/* The search's read-only tables of a model (tables.c). */
#ifndef RG_MODEL_TABLES_H
#define RG_MODEL_TABLES_H

struct rg_model;

/* Root domains, peers, units, intersections, watch lists and box numbers
 * of a model whose rules are all compiled and linked. RG_OK or RG_E_NOMEM. */
int rg_tables_build(struct rg_model *m);

#endif
