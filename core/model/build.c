/* What compile and link add to a model through the host table (add_house,
 * add_differ, add_propagator ...), what they may ask of it (houses, grids,
 * marks, the houses and marks of a cell, a plugin's per-model data), and
 * the deferred check of areas that name a grid by its origin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "model/build.h"
#include "model/model.h"

#define GROW(arr, n, cap, err_ret)                                                                 \
    do {                                                                                           \
        void *grown_ = rg_mem_grow((arr), (n) + 1, &(cap), sizeof *(arr), 16);                     \
        if (!grown_) return (err_ret);                                                             \
        (arr) = grown_;                                                                            \
    } while (0)

static rg_model *model_of(const rg_build *b) { return b->m; }

/* ---- Lookups while rules are added ------------------------------------------ */

/* Per cell, the indices of the items (houses or marks) holding it,
 * ascending: made when first asked for, then caught up with the items
 * added since. Grown in the arena (a grown list leaves its old copy there:
 * at most as much again). */
typedef struct cell_lists {
    int done; /* items listed so far */
    int *len, *cap;
    int **items;
} cell_lists;

/* A plugin's per-model block (rg_build_model_data). */
typedef struct model_slot {
    const void *key;
    size_t size;
    void *data;
} model_slot;

/* Everything in the model's arena, so that it goes with the model. */
struct rg_build_index {
    int *hslot;          /* houses by hash, open addressing: house index + 1, 0 empty */
    int hcap;            /* a power of two, at least twice the houses */
    unsigned char *grid; /* per cell: the origin of a grid */
    cell_lists houses, marks;
    model_slot *slots;
    int nslots, capslots;
};

static struct rg_build_index *index_of(rg_model *m)
{
    if (!m->index) m->index = rg_arena_alloc(&m->arena, sizeof *m->index);
    return m->index;
}

/* Room for one more house in the hash: rehashed into twice the slots when
 * it would be more than half full. */
static int house_room(rg_model *m, struct rg_build_index *x)
{
    if (2 * (m->nhouses + 1) <= x->hcap) return RG_OK;
    int cap = x->hcap ? 2 * x->hcap : 64;
    int *slot = rg_arena_alloc(&m->arena, (size_t)cap * sizeof *slot);
    if (!slot) return RG_E_NOMEM;
    for (int i = 0; i < m->nhouses; i++) {
        unsigned at = (unsigned)m->houses[i].hash & (unsigned)(cap - 1);
        while (slot[at]) at = (at + 1) & (unsigned)(cap - 1);
        slot[at] = i + 1;
    }
    x->hslot = slot;
    x->hcap = cap;
    return RG_OK;
}

/* The house with these sorted cells and hash, or -1; *at: its slot, or the
 * empty slot where it would go. */
static int house_find(const rg_model *m, const struct rg_build_index *x, const int *sorted, int n,
                      uint64_t h, unsigned *at)
{
    unsigned mask = (unsigned)(x->hcap - 1), i = (unsigned)h & mask;
    for (; x->hslot[i]; i = (i + 1) & mask) {
        const rg_house *o = &m->houses[x->hslot[i] - 1];
        if (o->hash == h && o->n == n && memcmp(o->cells, sorted, (size_t)n * sizeof *sorted) == 0)
            break;
    }
    *at = i;
    return x->hslot[i] - 1;
}

static int list_push(rg_arena *a, cell_lists *l, int cell, int item)
{
    int n = l->len[cell];
    if (n && l->items[cell][n - 1] == item) return RG_OK; /* one mark naming a cell twice */
    if (n == l->cap[cell]) {
        int cap = n ? 2 * n : 4;
        int *grown = rg_arena_alloc(a, (size_t)cap * sizeof *grown);
        if (!grown) return RG_E_NOMEM;
        if (n) memcpy(grown, l->items[cell], (size_t)n * sizeof *grown);
        l->items[cell] = grown;
        l->cap[cell] = cap;
    }
    l->items[cell][l->len[cell]++] = item;
    return RG_OK;
}

/* Lists the items from l->done to count (item i: cells_of(m, i)). */
static int lists_catch_up(rg_model *m, cell_lists *l, int count,
                          const int *(*cells_of)(const rg_model *, int, int *))
{
    int N = m->board.ncells;
    if (!l->len) {
        l->len = rg_arena_alloc(&m->arena, ((size_t)N + 1) * sizeof *l->len);
        l->cap = rg_arena_alloc(&m->arena, ((size_t)N + 1) * sizeof *l->cap);
        l->items = rg_arena_alloc(&m->arena, ((size_t)N + 1) * sizeof *l->items);
        if (!l->len || !l->cap || !l->items) {
            l->len = NULL;
            return RG_E_NOMEM;
        }
    }
    for (; l->done < count; l->done++) {
        int n;
        const int *cells = cells_of(m, l->done, &n);
        for (int k = 0; k < n; k++)
            if (list_push(&m->arena, l, cells[k], l->done) != RG_OK) return RG_E_NOMEM;
    }
    return RG_OK;
}

static const int *house_cells(const rg_model *m, int i, int *n)
{
    *n = m->houses[i].n;
    return m->houses[i].cells;
}

static const int *mark_cells(const rg_model *m, int i, int *n)
{
    *n = m->marks[i].n;
    return m->marks[i].cells;
}

/* The houses (which 0) or marks (1) holding cell, the lists first caught
 * up with every one added; -1 without memory or for a cell the board
 * lacks. */
static int cell_items(rg_model *m, int which, int cell, const int **items)
{
    *items = NULL;
    struct rg_build_index *x = index_of(m);
    if (!x || cell < 0 || cell >= m->board.ncells) return -1;
    cell_lists *l = which ? &x->marks : &x->houses;
    int rc = which ? lists_catch_up(m, l, m->nmarks, mark_cells)
                   : lists_catch_up(m, l, m->nhouses, house_cells);
    if (rc != RG_OK) return -1;
    *items = l->items[cell];
    return l->len[cell];
}

int rg_build_cell_houses(const rg_build *b, int cell, const int **houses)
{
    return cell_items(b->m, 0, cell, houses);
}

int rg_build_cell_marks(const rg_build *b, int cell, const int **marks)
{
    return cell_items(b->m, 1, cell, marks);
}

void *rg_build_model_data(rg_build *b, const void *key, size_t size)
{
    rg_model *m = model_of(b);
    struct rg_build_index *x = index_of(m);
    if (!x) return NULL;
    for (int i = 0; i < x->nslots; i++)
        if (x->slots[i].key == key) return size <= x->slots[i].size ? x->slots[i].data : NULL;
    if (x->nslots == x->capslots) {
        int cap = x->capslots ? 2 * x->capslots : 8;
        model_slot *grown = rg_arena_alloc(&m->arena, (size_t)cap * sizeof *grown);
        if (!grown) return NULL;
        if (x->nslots) memcpy(grown, x->slots, (size_t)x->nslots * sizeof *grown);
        x->slots = grown;
        x->capslots = cap;
    }
    void *data = rg_arena_alloc(&m->arena, size);
    if (!data) return NULL;
    x->slots[x->nslots++] = (model_slot){key, size, data};
    return data;
}

/* ---- What compile and link add ------------------------------------------------ */

int rg_build_defer_area(rg_build *b, const char *field, const char *name, int origin)
{
    rg_model *m = model_of(b);
    GROW(m->area_refs, m->nrefs, m->caprefs,
         rg_error_set(b->err, RG_E_NOMEM, field, "out of memory"));
    rg_area_ref *ref = &m->area_refs[m->nrefs];
    ref->rule = b->rule_index;
    ref->origin = origin;
    ref->field = rg_arena_strdup(&m->arena, field);
    ref->name = rg_arena_strdup(&m->arena, name);
    if (!ref->field || !ref->name) return rg_error_set(b->err, RG_E_NOMEM, field, "out of memory");
    m->nrefs++;
    return RG_OK;
}

int rg_build_check_areas(rg_model *m, rg_error *err)
{
    const unsigned char *grid = m->index ? m->index->grid : NULL;
    for (int i = 0; i < m->nrefs; i++) {
        const rg_area_ref *ref = &m->area_refs[i];
        if (grid && grid[ref->origin]) continue;
        rg_error_set(err, RG_E_FORMAT, ref->field, RG_NOT_A_GRID, ref->name);
        rg_error_rule(err, ref->rule, rg_model_rule_type(m, ref->rule));
        return RG_E_FORMAT;
    }
    return RG_OK;
}

void rg_build_board(const rg_build *b, rg_board_info *out) { rg_board_info_of(b->board, out); }

int rg_build_cell_at(const rg_build *b, int row, int col)
{
    return rg_board_at(b->board, row, col);
}

void rg_build_cell_pos(const rg_build *b, int cell, int *row, int *col)
{
    rg_board_pos(b->board, cell, row, col);
}

void *rg_build_alloc(rg_build *b, size_t size) { return rg_arena_alloc(b->arena, size); }

static int bad_cells(rg_build *b, const int *cells, int n)
{
    for (int i = 0; i < n; i++)
        if (cells[i] < 0 || cells[i] >= b->board->ncells)
            return rg_error_set(b->err, RG_E_INTERNAL, NULL,
                                "plugin passed cell index %d (board has %d cells)", cells[i],
                                b->board->ncells);
    return RG_OK;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int rg_build_add_house(rg_build *b, const int *cells, int n, int kind)
{
    rg_model *m = model_of(b);
    if (n < 1) return rg_error_set(b->err, RG_E_INTERNAL, NULL, "empty house");
    if (kind < RG_HOUSE_ROW || kind > RG_HOUSE_CAGE)
        return rg_error_set(b->err, RG_E_INTERNAL, NULL, "unknown house kind %d", kind);
    int rc = bad_cells(b, cells, n);
    if (rc) return rc;
    if (n > m->board.digits) {
        /* Cannot hold distinct digits: no solution, but not a format error. */
        if (m->infeasible_rule < 0) m->infeasible_rule = b->rule_index;
        return RG_OK;
    }
    /* One block: the sorted cells, then the cells as listed. */
    int *sorted = rg_mem_alloc(2 * (size_t)n * sizeof *sorted);
    if (!sorted) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    memcpy(sorted, cells, (size_t)n * sizeof *sorted);
    memcpy(sorted + n, cells, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_int);
    for (int i = 1; i < n; i++)
        if (sorted[i] == sorted[i - 1]) {
            rg_mem_free(sorted);
            return rg_error_set(b->err, RG_E_INTERNAL, NULL, "a cell twice in one house");
        }
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)sorted[i]) * 1099511628211ull;
    struct rg_build_index *x = index_of(m);
    rg_house *nh = NULL;
    unsigned at;
    if (x && house_room(m, x) == RG_OK) {
        int old = house_find(m, x, sorted, n, h, &at);
        if (old >= 0) {
            /* The same house: a box kind wins for drawing. */
            if (kind == RG_HOUSE_BOX) m->houses[old].kind = kind;
            rg_mem_free(sorted);
            return RG_OK;
        }
        nh = rg_mem_grow(m->houses, m->nhouses + 1, &m->caphouses, sizeof *nh, 32);
    }
    if (!nh) {
        rg_mem_free(sorted);
        return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    }
    m->houses = nh;
    x->hslot[at] = m->nhouses + 1;
    m->houses[m->nhouses++] = (rg_house){sorted, sorted + n, n, kind, b->rule_index, h};
    return RG_OK;
}

int rg_build_add_grid(rg_build *b, int origin)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, &origin, 1);
    if (rc) return rc;
    struct rg_build_index *x = index_of(m);
    if (x && !x->grid) x->grid = rg_arena_alloc(&m->arena, (size_t)m->board.ncells);
    if (!x || !x->grid) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    if (x->grid[origin]) return RG_OK;
    GROW(m->grids, m->ngrids, m->capgrids, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    m->grids[m->ngrids++] = origin;
    x->grid[origin] = 1;
    return RG_OK;
}

/* A must-differ pair; plain (add_differ) pairs also count in nplain_edges,
 * which turns on the reasoning kept for pairs beyond the houses. */
static int add_edge(rg_build *b, int a, int c, int plain)
{
    rg_model *m = model_of(b);
    int pair[2] = {a, c};
    int rc = bad_cells(b, pair, 2);
    if (rc) return rc;
    if (a == c) {
        /* A cell cannot differ from itself: no solution. */
        if (m->infeasible_rule < 0) m->infeasible_rule = b->rule_index;
        return RG_OK;
    }
    int *ne = rg_mem_grow(m->edges, m->nedges + 3, &m->capedges, sizeof *ne, 96);
    if (!ne) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    m->edges = ne;
    m->edges[m->nedges++] = a;
    m->edges[m->nedges++] = c;
    m->edges[m->nedges++] = b->rule_index;
    m->nplain_edges += plain;
    return RG_OK;
}

int rg_build_add_differ(rg_build *b, int a, int c) { return add_edge(b, a, c, 1); }

int rg_build_add_differ_enforced(rg_build *b, int a, int c) { return add_edge(b, a, c, 0); }

int rg_build_add_unit(rg_build *b, const int *cells, int n)
{
    if (n != b->board->digits)
        return rg_error_set(b->err, RG_E_INTERNAL, NULL, "a unit needs exactly %d cells, got %d",
                            b->board->digits, n);
    return rg_build_add_house(b, cells, n, RG_HOUSE_REGION);
}

int rg_build_restrict_cell(rg_build *b, int cell, rg_mask allowed)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, &cell, 1);
    if (rc) return rc;
    GROW(m->restr, m->nrestr, m->caprestr, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    m->restr[m->nrestr++] = (rg_restriction){cell, b->rule_index, allowed & m->full};
    return RG_OK;
}

int rg_build_add_mark(rg_build *b, const char *family, long key, const int *cells, int n)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, cells, n);
    if (rc) return rc;
    GROW(m->marks, m->nmarks, m->capmarks, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    char *fam = rg_arena_alloc(&m->arena, strlen(family) + 1);
    int *copy = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *copy);
    if (!fam || !copy) {
        rg_mem_free(copy);
        return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    }
    strcpy(fam, family);
    if (n) memcpy(copy, cells, (size_t)n * sizeof *copy); /* a mark may have no cells */
    m->marks[m->nmarks++] = (rg_mark){fam, key, copy, n, b->rule_index};
    return RG_OK;
}

int rg_build_add_propagator(rg_build *b, const rg_propagator *def, void *data, const int *watch,
                            int n, unsigned events)
{
    rg_model *m = model_of(b);
    if (!def || def->size < offsetof(rg_propagator, check) + sizeof def->check || !def->propagate ||
        !def->check || !def->name || !def->family)
        return rg_error_set(b->err, RG_E_INTERNAL, NULL,
                            "propagator descriptor incomplete (size, name, family, propagate, "
                            "check are required)");
    if (def->cost < 0 || def->cost >= RG_COST_CLASSES)
        return rg_error_set(b->err, RG_E_INTERNAL, NULL, "propagator %s: unknown cost class %d",
                            def->name, def->cost);
    if (!(events & RG_EV_DOMAIN))
        return rg_error_set(b->err, RG_E_INTERNAL, NULL, "propagator %s: no events", def->name);
    if (events > RG_EV_AT_MOST(15) || (events & 12u) || ((events >> 4) && (events & 3u) != 3u))
        return rg_error_set(b->err, RG_E_INTERNAL, NULL,
                            "propagator %s: events %u are none of RG_EV_FIXED, RG_EV_DOMAIN or "
                            "RG_EV_AT_MOST(1..15)",
                            def->name, events);
    unsigned flags =
        def->size >= offsetof(rg_propagator, flags) + sizeof def->flags ? def->flags : 0u;
    if (flags & ~(unsigned)(RG_PROPAGATOR_CHANGES | RG_PROPAGATOR_IMPLIED | RG_PROPAGATOR_NO_CHECK))
        return rg_error_set(b->err, RG_E_INTERNAL, NULL,
                            "propagator %s: flags %u are none of RG_PROPAGATOR_CHANGES, "
                            "RG_PROPAGATOR_IMPLIED or RG_PROPAGATOR_NO_CHECK",
                            def->name, flags);
    if (events & 2u) events |= 1u; /* any change: RG_EV_DOMAIN (or its AT_MOST) */
    int rc = bad_cells(b, watch, n);
    if (rc) return rc;
    int fam = rg_model_family(m, def->family);
    if (fam == -2) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    if (fam < 0)
        return rg_error_set(b->err, RG_E_LIMIT, NULL, "more than %d rule families",
                            RG_MAX_FAMILIES);
    GROW(m->props, m->nprops, m->capprops, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    rg_prop *p = &m->props[m->nprops];
    memset(p, 0, sizeof *p);
    memcpy(&p->def, def, def->size < sizeof p->def ? def->size : sizeof p->def);
    p->def.size = sizeof p->def;
    p->watch = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *p->watch);
    if (!p->watch) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    if (n) memcpy(p->watch, watch, (size_t)n * sizeof *watch);
    p->nwatch = n;
    p->events = events;
    p->data = data;
    p->family = fam;
    p->rule = b->rule_index;
    m->nprops++;
    return RG_OK;
}

int rg_build_add_state(rg_build *b, size_t size, const void *init)
{
    rg_model *m = model_of(b);
    size_t off = m->state_size;
    size_t grown = (off + size + 15) & ~(size_t)15;
    if (grown > (1u << 24))
        return -rg_error_set(b->err, RG_E_LIMIT, NULL, "per-space state over 16 MiB");
    unsigned char *ns = rg_mem_realloc(m->state_init, grown ? grown : 16);
    if (!ns) return -rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    memset(ns + off, 0, grown - off);
    if (init) memcpy(ns + off, init, size);
    m->state_init = ns;
    m->state_size = grown;
    return (int)off;
}

int rg_build_house_count(const rg_build *b) { return b->m->nhouses; }

void rg_build_house(const rg_build *b, int i, const int **cells, int *n, int *kind)
{
    const rg_house *h = &b->m->houses[i];
    if (cells) *cells = h->listed;
    if (n) *n = h->n;
    if (kind) *kind = h->kind;
}

int rg_build_grid_count(const rg_build *b) { return b->m->ngrids; }

int rg_build_grid_origin(const rg_build *b, int i) { return b->m->grids[i]; }

int rg_build_mark_count(const rg_build *b) { return b->m->nmarks; }

void rg_build_mark(const rg_build *b, int i, const char **family, long *key, const int **cells,
                   int *n)
{
    const rg_mark *k = &b->m->marks[i];
    if (family) *family = k->family;
    if (key) *key = k->key;
    if (cells) *cells = k->cells;
    if (n) *n = k->n;
}
