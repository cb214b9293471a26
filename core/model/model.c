/* The compiled model's record: creation, sharing by reference count,
 * release, and what the rest of the library asks of it. What rules add is
 * build.c; the search tables are tables.c. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/mask.h"
#include "base/mem.h"
#include "model/model.h"

static const char *const builtin_families[RG_FAM_BUILTIN] = {"peers", "singles", "intersections",
                                                             "subsets"};

rg_model *rg_model_new(rg_board *board)
{
    rg_model *m = rg_mem_calloc(1, sizeof *m);
    if (!m) {
        rg_board_free(board);
        return NULL;
    }
    atomic_init(&m->refs, 1);
    m->board = *board;
    memset(board, 0, sizeof *board);
    m->full = rg_full_mask(m->board.digits);
    m->infeasible_rule = -1;
    for (int i = 0; i < RG_FAM_BUILTIN; i++) m->families[i] = builtin_families[i];
    m->nfamilies = RG_FAM_BUILTIN;
    return m;
}

void rg_model_ref(rg_model *m) { atomic_fetch_add_explicit(&m->refs, 1, memory_order_relaxed); }

void rg_model_unref(rg_model *m)
{
    if (!m || atomic_fetch_sub_explicit(&m->refs, 1, memory_order_acq_rel) > 1) return;
    for (int i = 0; i < m->nhouses; i++) rg_mem_free(m->houses[i].cells); /* listed shares it */
    rg_mem_free(m->houses);
    rg_mem_free(m->edges);
    for (int i = 0; i < m->nprops; i++) rg_mem_free(m->props[i].watch);
    rg_mem_free(m->props);
    for (int i = 0; i < m->nmarks; i++) rg_mem_free(m->marks[i].cells);
    rg_mem_free(m->marks);
    rg_mem_free(m->grids);
    rg_mem_free(m->restr);
    rg_mem_free(m->area_refs);
    rg_mem_free(m->rules);
    rg_mem_free(m->state_init);
    rg_mem_free(m->root);
    rg_mem_free(m->peer_off);
    rg_mem_free(m->peers);
    rg_mem_free(m->peerbits);
    rg_mem_free(m->unitbits);
    rg_mem_free(m->unit_off);
    rg_mem_free(m->unit_cells);
    rg_mem_free(m->cell_unit_off);
    rg_mem_free(m->cell_units);
    rg_mem_free(m->inter_off);
    rg_mem_free(m->igroups);
    rg_mem_free(m->igroup_off);
    for (int i = 0; i < m->ninters; i++) rg_mem_free(m->inters[i].in);
    rg_mem_free(m->inters);
    rg_mem_free(m->watch_off);
    rg_mem_free(m->watch_prop);
    rg_mem_free(m->watch_max);
    rg_mem_free(m->track_off);
    rg_mem_free(m->track_prop);
    rg_mem_free(m->track_pos);
    rg_mem_free(m->prop_watch_off);
    rg_mem_free(m->implied);
    rg_mem_free(m->checked);
    rg_mem_free(m->watch_main);
    rg_mem_free(m->global);
    rg_mem_free(m->watch_cheap);
    rg_mem_free(m->prop_cost);
    rg_mem_free(m->box_of);
    for (int i = RG_FAM_BUILTIN; i < m->nfamilies; i++) rg_mem_free((char *)m->families[i]);
    cJSON_Delete(m->source);
    rg_arena_free(&m->arena);
    rg_board_free(&m->board);
    rg_mem_free(m);
}

const rg_board *rg_model_board(const rg_model *m) { return &m->board; }

/* Takes source (the document's board and rules) for the writer, releasing
 * any kept before. */
void rg_model_set_source(rg_model *m, struct cJSON *source)
{
    cJSON_Delete(m->source);
    m->source = source;
}

const struct cJSON *rg_model_source(const rg_model *m) { return m->source; }

int rg_model_rule_count(const rg_model *m) { return m->nrules; }

const char *rg_model_rule_type(const rg_model *m, int rule)
{
    if (rule < 0 || rule >= m->nrules || !m->rules[rule].type) return "";
    return m->rules[rule].type->name;
}

int rg_model_box_of(const rg_model *m, int cell)
{
    if (!m->box_of || cell < 0 || cell >= m->board.ncells) return -1;
    return m->box_of[cell];
}

int rg_model_family(rg_model *m, const char *name)
{
    for (int i = 0; i < m->nfamilies; i++)
        if (strcmp(m->families[i], name) == 0) return i;
    if (m->nfamilies == RG_MAX_FAMILIES) return -1;
    char *copy = rg_mem_strdup(name);
    if (!copy) return -2;
    m->families[m->nfamilies] = copy;
    return m->nfamilies++;
}
