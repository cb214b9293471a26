/* The cages plugin (format.md 6.3): reading a cage rule, its link and the
 * plugin's entry. A cage is a house; a sum cage is pruned by the other
 * cages_*.c files (cages.h says which does what). */
#include <limits.h>
#include <string.h>

#include "cages.h"
#include "lookups.h"
#include "rulegrid/plugin.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *cages_host;

int cages_read(rg_build *b, rg_rule *r, const int **cells, int *n, int *has_sum, long *sum)
{
    int rc = cages_host->read_cells(b, r, "cells", 0, 1, 0, cells, n);
    if (rc != RG_OK) return rc;
    *sum = -1;
    *has_sum = cages_host->has(b, r, "sum");
    if (!*has_sum) return RG_OK;
    return cages_host->read_int(b, r, "sum", 0, LONG_MIN / 4, LONG_MAX / 4, sum);
}

static int compile_cage(rg_build *b, rg_rule *r, void **data)
{
    rg_board_info bi;
    cages_host->board(b, &bi);
    const int *cells;
    int n, has_sum;
    long sum;
    int rc = cages_read(b, r, &cells, &n, &has_sum, &sum);
    if (rc != RG_OK) return rc;
    cage *c = cages_host->alloc(b, sizeof *c);
    if (!c) return cages_host->error(b, r, NULL, "out of memory");
    c->cells = cells;
    c->n = n;
    c->D = bi.digits;
    c->sum = sum;
    c->has_sum = has_sum;
    c->mark = cages_host->mark_count(b);
    rc = cages_host->add_mark(b, "cage", c->has_sum ? c->sum : -1, cells, n);
    if (rc != RG_OK) return rc;
    /* The first sum cage (its mark reads as one: a sum >= 0) derives for all. */
    cages_model *cm = cages_model_of(b);
    if (!cm) return cages_host->error(b, r, NULL, "out of memory");
    if (c->has_sum && c->sum >= 0 && !cm->first) cm->first = c;
    *data = c;
    /* A cage of more than D cells: add_house marks the model as having no
     * solution (format.md 6.3), and there is no sum to reason about. */
    rc = cages_host->add_house(b, cells, n, RG_HOUSE_CAGE);
    if (rc != RG_OK || !c->has_sum || n > bi.digits) return rc;
    return cages_add_sum(b, r, c);
}

int cages_sum_mark(const rg_build *b, int i, const int **cells, int *n, long *sum)
{
    const char *fam;
    cages_host->mark(b, i, &fam, sum, cells, n);
    return strcmp(fam, "cage") == 0 && *sum >= 0;
}

cages_model *cages_model_of(rg_build *b)
{
    static const char key = 0; /* its address names the plugin's block */
    return cages_host->model_data(b, &key, sizeof(cages_model));
}

/* The houses around a sum cage; the first sum cage of the document derives
 * the sums and unit propagators for all. */
static int link_cage(rg_build *b, rg_rule *r, void *data)
{
    cage *c = data;
    if (!c) return RG_OK;
    int rc = RG_OK;
    if (c->nsets >= 0 && c->has_sum && c->n > 1 && c->n <= c->D) rc = cages_house_lists(b, r, c);
    if (rc != RG_OK) return rc;
    cages_model *cm = cages_model_of(b);
    if (!cm) return cages_host->error(b, r, NULL, "out of memory");
    return cm->first == c ? cages_derive(b, r) : RG_OK;
}

/* format.md §6: the rank and the order fields are written in (fmt). */
static const char *const cage_order[] = {"cells", "sum", NULL};

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "cage",
     .family = "cages",
     .compile = compile_cage,
     .link = link_cage,
     .generate = cages_generate,
     .write_rank = 603,
     .write_order = cage_order,
     .draw = cages_draw},
};

RG_PLUGIN_DEFINE("cages", "1.0", "killer cages: cage (no repeats, optional sum)", cages_host, types,
                 rg_lookups_check);
