/* The relations plugin: edge clues between orthogonal neighbours (format.md
 * 6.6) and explicit relation pairs (6.11). Both become pair rules of the
 * shared operator tables (pairop.c); "different" becomes a core peer edge. */
#include <stdlib.h>

#include "pairop.h"
#include "relations.h"
#include "rulegrid/plugin.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *relations_host;

static const char *const edge_kinds[] = {"kropki",  "xv",  "difference", "ratio",
                                         "product", "sum", "greater",    NULL};
static const char *const colors[] = {"white", "black", NULL};
static const char *const letters[] = {"X", "V", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const edge_order[] = {"kind", "color", "letter", "value", "sum", "cells", NULL};
static const char *const relation_order[] = {"op", "value", "sum", "pairs", NULL};

/* The operator, parameter and mark key of an edge kind. */
/* The technique each edge kind's steps are explained as (docs/explain.md, "Techniques of the rule families"). */
static const char *edge_technique(int kind, int op)
{
    switch (kind) {
    case K_KROPKI: return op == RG_OP_CONSECUTIVE ? "white dot" : "black dot";
    case K_XV: return "xv";
    case K_DIFFERENCE: return "difference";
    case K_RATIO: return "ratio";
    case K_PRODUCT: return "product";
    case K_SUM: return "sum";
    default: return "greater than";
    }
}

static int read_edge_kind(rg_build *b, rg_rule *r, int kind, int *op, long *param, long *key)
{
    int rc, choice;
    switch (kind) {
    case K_KROPKI:
        rc = relations_host->read_enum(b, r, "color", 0, colors, &choice);
        if (rc != RG_OK) return rc;
        *op = choice ? RG_OP_RATIO : RG_OP_CONSECUTIVE;
        *param = choice ? 2 : 0;
        *key = choice;
        return RG_OK;
    case K_XV:
        rc = relations_host->read_enum(b, r, "letter", 0, letters, &choice);
        if (rc != RG_OK) return rc;
        *op = RG_OP_SUM;
        *param = choice ? 5 : 10;
        *key = *param;
        return RG_OK;
    case K_GREATER:
        *op = RG_OP_LESS; /* applied to (cells[1], cells[0]) */
        *param = 0;
        *key = 0;
        return RG_OK;
    default:
        *op = kind == K_DIFFERENCE ? RG_OP_DIFFERENCE
              : kind == K_RATIO    ? RG_OP_RATIO
              : kind == K_PRODUCT  ? RG_OP_PRODUCT
                                   : RG_OP_SUM;
        rc = rg_pairop_read_param(b, r, *op, param);
        *key = *param;
        return rc;
    }
}

int relations_read_edge(rg_build *b, rg_rule *r, edge_fields *e)
{
    int rc = relations_host->read_enum(b, r, "kind", 0, edge_kinds, &e->kind);
    if (rc != RG_OK) return rc;
    rc = read_edge_kind(b, r, e->kind, &e->op, &e->param, &e->key);
    if (rc != RG_OK) return rc;
    int n;
    rc = relations_host->read_cells(b, r, "cells", RG_F_ORDERED, 2, 2, &e->cells, &n);
    if (rc != RG_OK) return rc;
    int r0, c0, r1, c1;
    relations_host->cell_pos(b, e->cells[0], &r0, &c0);
    relations_host->cell_pos(b, e->cells[1], &r1, &c1);
    if (abs(r0 - r1) + abs(c0 - c1) != 1)
        return relations_host->error(
            b, r, "cells",
            "r%dc%d and r%dc%d are not orthogonal neighbours: an edge clue sits "
            "between two cells that share a side (use a relation rule for other "
            "pairs)",
            r0, c0, r1, c1);
    return RG_OK;
}

/* An edge's pair, kept from compile to link: its propagator is added once
 * every house is known (rg_pairop_add: a pair in one house loses its equal
 * digits whichever order the rules come in). */
typedef struct edge_pair {
    const rg_pairop_table *t;
    int a, c;
    rg_pairop_why why;
} edge_pair;

static int compile_edge(rg_build *b, rg_rule *r, void **data)
{
    edge_fields e;
    int rc = relations_read_edge(b, r, &e);
    if (rc != RG_OK) return rc;
    int kind = e.kind, op = e.op;
    long param = e.param;
    const int *cells = e.cells;
    rc = relations_host->add_mark(b, edge_kinds[kind], e.key, cells, 2);
    if (rc != RG_OK) return rc;
    edge_pair *ep = relations_host->alloc(b, sizeof *ep);
    const rg_pairop_table *t = rg_pairop_table_new(b, op, param);
    if (!t || !ep) return relations_host->error(b, r, NULL, "out of memory");
    int greater = kind == K_GREATER;
    *ep = (edge_pair){t,
                      cells[greater],
                      cells[!greater],
                      {.technique = edge_technique(kind, op), .op = op, .param = param}};
    *data = ep;
    return RG_OK;
}

static int link_edge(rg_build *b, rg_rule *r, void *data)
{
    (void)r;
    const edge_pair *ep = data;
    return rg_pairop_add(b, ep->t, ep->a, ep->c, "relations", &ep->why);
}

int relations_read_relation(rg_build *b, rg_rule *r, int *op, long *param, const int **pairs,
                            int *n)
{
    int rc = rg_pairop_read(b, r, 1, 0, op, param);
    if (rc != RG_OK) return rc;
    return relations_host->read_pairs(b, r, "pairs", 0, pairs, n);
}

static int compile_relation(rg_build *b, rg_rule *r, void **data)
{
    int op;
    long param;
    const int *pairs;
    int n;
    int rc = relations_read_relation(b, r, &op, &param, &pairs, &n);
    if (rc != RG_OK) return rc;
    const rg_pairop_table *t = NULL;
    if (op != RG_OP_DIFFERENT && n > 0) {
        t = rg_pairop_table_new(b, op, param);
        if (!t) return relations_host->error(b, r, NULL, "out of memory");
    }
    rg_pairop_why why = {.technique = "relation", .op = op, .param = param};
    rg_pairop_set *set = rg_pairop_set_new(b, n, "relations", &why);
    if (!set) return relations_host->error(b, r, NULL, "out of memory");
    for (int i = 0; i < n && rc == RG_OK; i++) {
        rc = relations_host->add_mark(b, "relation", 0, pairs + 2 * i, 2);
        if (rc == RG_OK) rc = rg_pairop_set_add_op(b, set, op, t, pairs[2 * i], pairs[2 * i + 1]);
    }
    *data = set;
    return rc;
}

/* The relation's propagators, once every house is known (as link_edge). */
static int link_relation(rg_build *b, rg_rule *r, void *data)
{
    (void)r;
    return rg_pairop_set_close(b, data);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "edge",
     .family = "relations",
     .compile = compile_edge,
     .link = link_edge,
     .generate = relations_generate,
     .write_rank = 606,
     .write_order = edge_order,
     .draw = relations_draw_edge},
    {.size = sizeof(rg_rule_type),
     .name = "relation",
     .family = "relations",
     .compile = compile_relation,
     .link = link_relation,
     .write_rank = 611,
     .write_order = relation_order,
     .draw = relations_draw_relation},
};

RG_PLUGIN_DEFINE("relations", "1.0",
                 "pair clues: edge (kropki, xv, difference, ratio, product, sum, greater) and "
                 "relation",
                 relations_host, types, rg_pairop_init);
