/* Building the model: what compile and link add (houses, edges, units,
 * propagators, marks, state), then the read-only tables the search uses
 * (peer graph, units, intersections, watch lists). Also checks assignments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "model.h"

#define GROW(arr, n, cap, err_ret)                                               \
    do {                                                                          \
        if ((n) == (cap)) {                                                       \
            int nc_ = (cap) ? 2 * (cap) : 16;                                     \
            void *np_ = rg_realloc((arr), (size_t)nc_ * sizeof *(arr));           \
            if (!np_) return (err_ret);                                           \
            (arr) = np_;                                                          \
            (cap) = nc_;                                                          \
        }                                                                         \
    } while (0)

static const char *const builtin_families[RG_FAM_BUILTIN] = {"peers", "singles",
                                                             "intersections", "subsets"};

rg_model *rg_model_new(rg_board *board)
{
    rg_model *m = rg_calloc(1, sizeof *m);
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
    for (int i = 0; i < m->nhouses; i++) rg_free(m->houses[i].cells);  /* listed shares it */
    rg_free(m->houses);
    rg_free(m->edges);
    for (int i = 0; i < m->nprops; i++) rg_free(m->props[i].watch);
    rg_free(m->props);
    for (int i = 0; i < m->nmarks; i++) rg_free(m->marks[i].cells);
    rg_free(m->marks);
    rg_free(m->grids);
    rg_free(m->restr);
    rg_free(m->area_refs);
    rg_free(m->rules);
    rg_free(m->state_init);
    rg_free(m->root);
    rg_free(m->peer_off);
    rg_free(m->peers);
    rg_free(m->unit_off);
    rg_free(m->unit_cells);
    rg_free(m->cell_unit_off);
    rg_free(m->cell_units);
    rg_free(m->inter_off);
    rg_free(m->igroups);
    rg_free(m->igroup_off);
    for (int i = 0; i < m->ninters; i++) rg_free(m->inters[i].in);
    rg_free(m->inters);
    rg_free(m->watch_off);
    rg_free(m->watch_prop);
    rg_free(m->watch_ev);
    rg_free(m->box_of);
    for (int i = RG_FAM_BUILTIN; i < m->nfamilies; i++) rg_free((char *)m->families[i]);
    cJSON_Delete(m->source);
    rg_arena_free(&m->arena);
    rg_board_free(&m->board);
    rg_free(m);
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
    char *copy = rg_strdup(name);
    if (!copy) return -1;
    m->families[m->nfamilies] = copy;
    return m->nfamilies++;
}

/* ---- Adding rules ----------------------------------------------------------- */

int rg_model_add_rule(rg_model *m, const rg_rule_type *type, const cJSON *json, int index,
                      rg_error *err)
{
    if (err) {
        err->rule = index;
        snprintf(err->type, sizeof err->type, "%s", type->name);
    }
    if (index != m->nrules)
        return rg_error_set(err, RG_E_INTERNAL, NULL, "rules must be added in order");
    GROW(m->rules, m->nrules, m->caprules,
         rg_error_set(err, RG_E_NOMEM, NULL, "out of memory"));
    rg_rule_rec *rec = &m->rules[m->nrules++];
    memset(rec, 0, sizeof *rec);
    rec->type = type;
    rec->json = json;

    rg_build b = {m, &m->board, &m->arena, err, index};
    rg_rule r;
    int rc = rg_rule_begin(&b, &r, json, index, type->name);
    if (rc != RG_OK) return rc;
    rc = type->compile(&b, &r, &rec->data);
    if (rc == RG_OK) {
        rc = rg_rule_end(&b, &r);
    } else {
        rg_error dummy, *e = err ? err : &dummy;
        if (e->code == RG_OK) rg_error_set(e, rc, NULL, "the rule could not be compiled");
        /* rg_rule_end releases what rg_rule_begin took; the rule's own error stands. */
        rg_error keep = *e;
        rg_rule_end(&b, &r);
        *e = keep;
    }
    return rc;
}

static rg_model *model_of(const rg_build *b) { return b->m; }

static char *arena_strdup(rg_arena *a, const char *s)
{
    char *d = rg_arena_alloc(a, strlen(s) + 1);
    if (d) strcpy(d, s);
    return d;
}

int rg_model_defer_area(rg_build *b, const char *field, const char *name, int origin)
{
    rg_model *m = model_of(b);
    GROW(m->area_refs, m->nrefs, m->caprefs,
         rg_error_set(b->err, RG_E_NOMEM, field, "out of memory"));
    rg_area_ref *ref = &m->area_refs[m->nrefs];
    ref->rule = b->rule_index;
    ref->origin = origin;
    ref->field = arena_strdup(&m->arena, field);
    ref->name = arena_strdup(&m->arena, name);
    if (!ref->field || !ref->name) return rg_error_set(b->err, RG_E_NOMEM, field, "out of memory");
    m->nrefs++;
    return RG_OK;
}

int rg_model_check_areas(rg_model *m, rg_error *err)
{
    for (int i = 0; i < m->nrefs; i++) {
        const rg_area_ref *ref = &m->area_refs[i];
        int known = 0;
        for (int g = 0; g < m->ngrids && !known; g++) known = m->grids[g] == ref->origin;
        if (known) continue;
        rg_error_set(err, RG_E_FORMAT, ref->field, RG_NOT_A_GRID, ref->name);
        if (err) {
            err->rule = ref->rule;
            snprintf(err->type, sizeof err->type, "%s", rg_model_rule_type(m, ref->rule));
        }
        return RG_E_FORMAT;
    }
    return RG_OK;
}

void rg_host_board(const rg_build *b, rg_board_info *out)
{
    out->rows = b->board->rows;
    out->columns = b->board->cols;
    out->digits = b->board->digits;
    out->cells = b->board->ncells;
}

int rg_host_cell_at(const rg_build *b, int row, int col) { return rg_board_at(b->board, row, col); }

void rg_host_cell_pos(const rg_build *b, int cell, int *row, int *col)
{
    int ok = cell >= 0 && cell < b->board->ncells;
    if (row) *row = ok ? b->board->row[cell] : 0;
    if (col) *col = ok ? b->board->col[cell] : 0;
}

void *rg_host_alloc(rg_build *b, size_t size) { return rg_arena_alloc(b->arena, size); }

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

int rg_host_add_house(rg_build *b, const int *cells, int n, int kind)
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
    int *sorted = rg_malloc(2 * (size_t)n * sizeof *sorted);
    if (!sorted) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    memcpy(sorted, cells, (size_t)n * sizeof *sorted);
    memcpy(sorted + n, cells, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_int);
    for (int i = 1; i < n; i++)
        if (sorted[i] == sorted[i - 1]) {
            rg_free(sorted);
            return rg_error_set(b->err, RG_E_INTERNAL, NULL, "a cell twice in one house");
        }
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)sorted[i]) * 1099511628211ull;
    for (int i = 0; i < m->nhouses; i++) {
        rg_house *o = &m->houses[i];
        if (o->hash == h && o->n == n && memcmp(o->cells, sorted, (size_t)n * sizeof *sorted) == 0) {
            /* The same house: a box kind wins for drawing. */
            if (kind == RG_HOUSE_BOX) o->kind = kind;
            rg_free(sorted);
            return RG_OK;
        }
    }
    if (m->nhouses == m->caphouses) {
        int nc = m->caphouses ? 2 * m->caphouses : 32;
        rg_house *nh = rg_realloc(m->houses, (size_t)nc * sizeof *nh);
        if (!nh) {
            rg_free(sorted);
            return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
        }
        m->houses = nh;
        m->caphouses = nc;
    }
    m->houses[m->nhouses++] = (rg_house){sorted, sorted + n, n, kind, b->rule_index, h};
    return RG_OK;
}

int rg_host_add_grid(rg_build *b, int origin)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, &origin, 1);
    if (rc) return rc;
    for (int i = 0; i < m->ngrids; i++)
        if (m->grids[i] == origin) return RG_OK;
    GROW(m->grids, m->ngrids, m->capgrids, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    m->grids[m->ngrids++] = origin;
    return RG_OK;
}

int rg_host_add_differ(rg_build *b, int a, int c)
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
    if (m->nedges + 3 > m->capedges) {
        int nc = m->capedges ? 2 * m->capedges : 96;
        int *ne = rg_realloc(m->edges, (size_t)nc * sizeof *ne);
        if (!ne) return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
        m->edges = ne;
        m->capedges = nc;
    }
    m->edges[m->nedges++] = a;
    m->edges[m->nedges++] = c;
    m->edges[m->nedges++] = b->rule_index;
    return RG_OK;
}

int rg_host_add_unit(rg_build *b, const int *cells, int n)
{
    if (n != b->board->digits)
        return rg_error_set(b->err, RG_E_INTERNAL, NULL,
                            "a unit needs exactly %d cells, got %d", b->board->digits, n);
    return rg_host_add_house(b, cells, n, RG_HOUSE_REGION);
}

int rg_host_restrict_cell(rg_build *b, int cell, rg_mask allowed)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, &cell, 1);
    if (rc) return rc;
    GROW(m->restr, m->nrestr, m->caprestr, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    m->restr[m->nrestr++] = (rg_restriction){cell, b->rule_index, allowed & m->full};
    return RG_OK;
}

int rg_host_add_mark(rg_build *b, const char *family, long key, const int *cells, int n)
{
    rg_model *m = model_of(b);
    int rc = bad_cells(b, cells, n);
    if (rc) return rc;
    GROW(m->marks, m->nmarks, m->capmarks, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    char *fam = rg_arena_alloc(&m->arena, strlen(family) + 1);
    int *copy = rg_malloc((size_t)(n ? n : 1) * sizeof *copy);
    if (!fam || !copy) {
        rg_free(copy);
        return rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    }
    strcpy(fam, family);
    if (n) memcpy(copy, cells, (size_t)n * sizeof *copy); /* a mark may have no cells */
    m->marks[m->nmarks++] = (rg_mark){fam, key, copy, n, b->rule_index};
    return RG_OK;
}

int rg_host_add_propagator(rg_build *b, const rg_propagator *def, void *data, const int *watch,
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
    int rc = bad_cells(b, watch, n);
    if (rc) return rc;
    int fam = rg_model_family(m, def->family);
    if (fam < 0)
        return rg_error_set(b->err, RG_E_LIMIT, NULL, "more than %d rule families", RG_MAX_FAMILIES);
    GROW(m->props, m->nprops, m->capprops, rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory"));
    rg_prop *p = &m->props[m->nprops];
    memset(p, 0, sizeof *p);
    memcpy(&p->def, def, def->size < sizeof p->def ? def->size : sizeof p->def);
    p->def.size = sizeof p->def;
    p->watch = rg_malloc((size_t)(n ? n : 1) * sizeof *p->watch);
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

int rg_host_add_state(rg_build *b, size_t size, const void *init)
{
    rg_model *m = model_of(b);
    size_t off = m->state_size;
    size_t grown = (off + size + 15) & ~(size_t)15;
    if (grown > (1u << 24))
        return -rg_error_set(b->err, RG_E_LIMIT, NULL, "per-space state over 16 MiB");
    unsigned char *ns = rg_realloc(m->state_init, grown ? grown : 16);
    if (!ns) return -rg_error_set(b->err, RG_E_NOMEM, NULL, "out of memory");
    memset(ns + off, 0, grown - off);
    if (init) memcpy(ns + off, init, size);
    m->state_init = ns;
    m->state_size = grown;
    return (int)off;
}

int rg_host_house_count(const rg_build *b) { return b->m->nhouses; }

void rg_host_house(const rg_build *b, int i, const int **cells, int *n, int *kind)
{
    const rg_house *h = &b->m->houses[i];
    if (cells) *cells = h->listed;
    if (n) *n = h->n;
    if (kind) *kind = h->kind;
}

int rg_host_grid_count(const rg_build *b) { return b->m->ngrids; }
int rg_host_grid_origin(const rg_build *b, int i) { return b->m->grids[i]; }
int rg_host_mark_count(const rg_build *b) { return b->m->nmarks; }

void rg_host_mark(const rg_build *b, int i, const char **family, long *key, const int **cells,
                  int *n)
{
    const rg_mark *k = &b->m->marks[i];
    if (family) *family = k->family;
    if (key) *key = k->key;
    if (cells) *cells = k->cells;
    if (n) *n = k->n;
}

/* ---- Finishing: the tables the search reads ------------------------------------ */

static int build_peers(rg_model *m)
{
    int N = m->board.ncells;
    size_t npairs = 0;
    for (int i = 0; i < m->nhouses; i++) npairs += (size_t)m->houses[i].n * (m->houses[i].n - 1);
    npairs += (size_t)(m->nedges / 3) * 2;
    int *pairs = rg_malloc((npairs ? npairs : 1) * 2 * sizeof *pairs);
    m->peer_off = rg_calloc((size_t)N + 1, sizeof *m->peer_off);
    if (!pairs || !m->peer_off) {
        rg_free(pairs);
        return RG_E_NOMEM;
    }
    size_t k = 0;
    for (int i = 0; i < m->nhouses; i++) {
        const rg_house *h = &m->houses[i];
        for (int a = 0; a < h->n; a++)
            for (int c = 0; c < h->n; c++)
                if (a != c) {
                    pairs[2 * k] = h->cells[a];
                    pairs[2 * k + 1] = h->cells[c];
                    k++;
                }
    }
    for (int e = 0; e < m->nedges; e += 3) {
        pairs[2 * k] = m->edges[e];
        pairs[2 * k + 1] = m->edges[e + 1];
        k++;
        pairs[2 * k] = m->edges[e + 1];
        pairs[2 * k + 1] = m->edges[e];
        k++;
    }
    /* Counting sort by first cell, then sort and deduplicate each list. */
    for (size_t i = 0; i < k; i++) m->peer_off[pairs[2 * i] + 1]++;
    for (int c = 0; c < N; c++) m->peer_off[c + 1] += m->peer_off[c];
    int *fill = rg_malloc(((size_t)N + 1) * sizeof *fill);
    int *peers = rg_malloc((k ? k : 1) * sizeof *peers);
    if (!fill || !peers) {
        rg_free(fill);
        rg_free(peers);
        rg_free(pairs);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->peer_off, ((size_t)N + 1) * sizeof *fill);
    for (size_t i = 0; i < k; i++) peers[fill[pairs[2 * i]]++] = pairs[2 * i + 1];
    rg_free(pairs);
    int w = 0;
    for (int c = 0; c < N; c++) {
        int lo = m->peer_off[c], hi = m->peer_off[c + 1];
        qsort(peers + lo, (size_t)(hi - lo), sizeof *peers, cmp_int);
        m->peer_off[c] = w;
        for (int i = lo; i < hi; i++)
            if (i == lo || peers[i] != peers[i - 1]) peers[w++] = peers[i];
    }
    m->peer_off[N] = w;
    rg_free(fill);
    m->peers = rg_realloc(peers, (size_t)(w ? w : 1) * sizeof *peers);
    if (!m->peers) {
        m->peers = peers;
    }
    return RG_OK;
}

static int build_units(rg_model *m)
{
    int D = m->board.digits, count = 0;
    for (int i = 0; i < m->nhouses; i++)
        if (m->houses[i].n == D) count++;
    m->unit_off = rg_calloc((size_t)count + 1, sizeof *m->unit_off);
    m->unit_cells = rg_malloc(((size_t)count * D + 1) * sizeof *m->unit_cells);
    if (!m->unit_off || !m->unit_cells) return RG_E_NOMEM;
    int u = 0;
    for (int i = 0; i < m->nhouses; i++)
        if (m->houses[i].n == D) {
            memcpy(m->unit_cells + (size_t)u * D, m->houses[i].cells, (size_t)D * sizeof(int));
            m->unit_off[u + 1] = (u + 1) * D;
            u++;
        }
    m->nunits = count;
    int N = m->board.ncells;
    m->cell_unit_off = rg_calloc((size_t)N + 1, sizeof *m->cell_unit_off);
    m->cell_units = rg_malloc(((size_t)count * D + 1) * sizeof *m->cell_units);
    if (!m->cell_unit_off || !m->cell_units) return RG_E_NOMEM;
    for (int k = 0; k < count * D; k++) m->cell_unit_off[m->unit_cells[k] + 1]++;
    for (int c = 0; c < N; c++) m->cell_unit_off[c + 1] += m->cell_unit_off[c];
    int *fill = rg_malloc(((size_t)N + 1) * sizeof *fill);
    if (!fill) return RG_E_NOMEM;
    memcpy(fill, m->cell_unit_off, ((size_t)N + 1) * sizeof *fill);
    for (int k = 0; k < count * D; k++) m->cell_units[fill[m->unit_cells[k]]++] = k / D;
    rg_free(fill);
    return RG_OK;
}

/* Pairs (unit U, house H) sharing at least two cells. Cells in one block:
 * in[], urest[] (U \ I) and hrest[] (H \ I). */
static int add_inter(rg_model *m, const rg_house *u, const rg_house *h, int *cap)
{
    int nin = 0, nu = 0, nh = 0;
    int *buf = rg_malloc((size_t)(u->n + h->n) * sizeof *buf);
    if (!buf) return RG_E_NOMEM;
    int *in = buf, *ur = buf + u->n, *hr;
    /* both sorted: merge */
    int tmp_u[RG_MAX_DIGITS], tmp_h[RG_MAX_DIGITS];
    int i = 0, j = 0;
    while (i < u->n || j < h->n) {
        if (j == h->n || (i < u->n && u->cells[i] < h->cells[j])) tmp_u[nu++] = u->cells[i++];
        else if (i == u->n || h->cells[j] < u->cells[i]) tmp_h[nh++] = h->cells[j++];
        else {
            in[nin++] = u->cells[i];
            i++;
            j++;
        }
    }
    ur = in + nin;
    memcpy(ur, tmp_u, (size_t)nu * sizeof *ur);
    hr = ur + nu;
    memcpy(hr, tmp_h, (size_t)nh * sizeof *hr);
    if (m->ninters == *cap) {
        int nc = *cap ? 2 * *cap : 64;
        rg_inter *ni = rg_realloc(m->inters, (size_t)nc * sizeof *ni);
        if (!ni) {
            rg_free(buf);
            return RG_E_NOMEM;
        }
        m->inters = ni;
        *cap = nc;
    }
    m->inters[m->ninters++] = (rg_inter){in, ur, hr, nin, nu, nh};
    return RG_OK;
}

static int build_inters(rg_model *m)
{
    int D = m->board.digits, N = m->board.ncells, cap = 0;
    /* For each house, the houses it meets: via cell membership lists. */
    int *hoff = rg_calloc((size_t)N + 1, sizeof *hoff);
    if (!hoff) return RG_E_NOMEM;
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hoff[m->houses[i].cells[k] + 1]++;
    for (int c = 0; c < N; c++) hoff[c + 1] += hoff[c];
    int *hl = rg_malloc(((size_t)hoff[N] + 1) * sizeof *hl);
    int *fill = rg_malloc(((size_t)N + 1) * sizeof *fill);
    int *shared = rg_calloc((size_t)m->nhouses + 1, sizeof *shared);
    int *touched = rg_malloc(((size_t)m->nhouses + 1) * sizeof *touched);
    int rc = RG_OK;
    if (!hl || !fill || !shared || !touched) {
        rc = RG_E_NOMEM;
        goto done;
    }
    memcpy(fill, hoff, ((size_t)N + 1) * sizeof *fill);
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hl[fill[m->houses[i].cells[k]]++] = i;
    m->inter_off = rg_calloc((size_t)m->nunits + 1, sizeof *m->inter_off);
    if (!m->inter_off) {
        rc = RG_E_NOMEM;
        goto done;
    }
    for (int u = 0, unit = 0; u < m->nhouses && rc == RG_OK; u++) {
        const rg_house *U = &m->houses[u];
        if (U->n != D) continue;
        m->inter_off[unit] = m->ninters;
        m->inter_off[++unit] = m->ninters;
        int nt = 0;
        for (int k = 0; k < U->n; k++) {
            int c = U->cells[k];
            for (int t = hoff[c]; t < hoff[c + 1]; t++) {
                int h = hl[t];
                if (h == u) continue;
                if (shared[h]++ == 0) touched[nt++] = h;
            }
        }
        for (int t = 0; t < nt; t++) {
            int h = touched[t];
            if (rc == RG_OK && shared[h] >= 2 && shared[h] < m->houses[h].n)
                rc = add_inter(m, U, &m->houses[h], &cap);
            shared[h] = 0;
        }
        m->inter_off[unit] = m->ninters;
    }
done:
    rg_free(hoff);
    rg_free(hl);
    rg_free(fill);
    rg_free(shared);
    rg_free(touched);
    return rc;
}

/* Order each unit's intersections into groups of pairwise disjoint I sets
 * (a row's box segments; a box's row segments, then its column segments). */
static int group_inters(rg_model *m)
{
    int D = m->board.digits, N = m->board.ncells;
    m->igroup_off = rg_calloc((size_t)m->nunits + 1, sizeof *m->igroup_off);
    m->igroups = rg_malloc(((size_t)m->ninters + 1) * sizeof *m->igroups);
    unsigned char *used = rg_calloc((size_t)N + 1, 1);
    rg_inter *tmp = rg_malloc(((size_t)m->ninters + 1) * sizeof *tmp);
    unsigned char *taken = rg_calloc((size_t)m->ninters + 1, 1);
    int rc = RG_OK, ng = 0;
    if (!m->igroup_off || !m->igroups || !used || !tmp || !taken) {
        rc = RG_E_NOMEM;
        goto done;
    }
    for (int u = 0; u < m->nunits; u++) {
        int lo = m->inter_off[u], hi = m->inter_off[u + 1], w = lo;
        m->igroup_off[u] = ng;
        for (int i = lo; i < hi; i++) {
            if (taken[i]) continue;
            rg_igroup *g = &m->igroups[ng++];
            g->first = w;
            g->count = 0;
            for (int j = i; j < hi; j++) {
                if (taken[j]) continue;
                int clash = 0;
                for (int k = 0; k < m->inters[j].nin && !clash; k++) clash = used[m->inters[j].in[k]];
                if (clash) continue;
                for (int k = 0; k < m->inters[j].nin; k++) used[m->inters[j].in[k]] = 1;
                taken[j] = 1;
                tmp[w++] = m->inters[j];
                g->count++;
            }
            const int *cells = m->unit_cells + (size_t)u * D;
            int nrest = 0;
            for (int k = 0; k < D; k++) nrest += !used[cells[k]];
            g->rest = rg_arena_alloc(&m->arena, (size_t)(nrest ? nrest : 1) * sizeof(int));
            if (!g->rest) {
                rc = RG_E_NOMEM;
                goto done;
            }
            g->nrest = 0;
            for (int k = 0; k < D; k++) {
                if (!used[cells[k]]) g->rest[g->nrest++] = cells[k];
                used[cells[k]] = 0;
            }
        }
    }
    m->igroup_off[m->nunits] = ng;
    if (m->ninters) memcpy(m->inters, tmp, (size_t)m->ninters * sizeof *tmp);
done:
    rg_free(used);
    rg_free(tmp);
    rg_free(taken);
    return rc;
}

static int build_watch(rg_model *m)
{
    int N = m->board.ncells;
    m->watch_off = rg_calloc((size_t)N + 1, sizeof *m->watch_off);
    if (!m->watch_off) return RG_E_NOMEM;
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++) m->watch_off[m->props[p].watch[k] + 1]++;
    for (int c = 0; c < N; c++) m->watch_off[c + 1] += m->watch_off[c];
    int total = m->watch_off[N];
    m->watch_prop = rg_malloc(((size_t)total + 1) * sizeof *m->watch_prop);
    m->watch_ev = rg_malloc((size_t)total + 1);
    int *fill = rg_malloc(((size_t)N + 1) * sizeof *fill);
    if (!m->watch_prop || !m->watch_ev || !fill) {
        rg_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->watch_off, ((size_t)N + 1) * sizeof *fill);
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++) {
            int c = m->props[p].watch[k], at = fill[c]++;
            m->watch_prop[at] = p;
            m->watch_ev[at] = (unsigned char)m->props[p].events;
        }
    rg_free(fill);
    return RG_OK;
}

static int build_boxes(rg_model *m)
{
    int N = m->board.ncells;
    m->box_of = rg_malloc(((size_t)N + 1) * sizeof *m->box_of);
    if (!m->box_of) return RG_E_NOMEM;
    for (int c = 0; c < N; c++) m->box_of[c] = -1;
    int nb = 0;
    for (int i = 0; i < m->nhouses; i++) {
        if (m->houses[i].kind != RG_HOUSE_BOX) continue;
        for (int k = 0; k < m->houses[i].n; k++)
            if (m->box_of[m->houses[i].cells[k]] < 0) m->box_of[m->houses[i].cells[k]] = nb;
        nb++;
    }
    return RG_OK;
}

int rg_model_finish(rg_model *m, rg_error *err)
{
    /* Link phase, in rule order. */
    for (int i = 0; i < m->nrules; i++) {
        rg_rule_rec *rec = &m->rules[i];
        if (!rec->type->link || rec->type->size < offsetof(rg_rule_type, link) + sizeof rec->type->link)
            continue;
        if (err) {
            err->rule = i;
            snprintf(err->type, sizeof err->type, "%s", rec->type->name);
        }
        rg_build b = {m, &m->board, &m->arena, err, i};
        rg_rule r = {rec->json, i, rec->type->name, 0, NULL};
        int rc = rec->type->link(&b, &r, rec->data);
        if (rc != RG_OK) {
            if (err && err->code == RG_OK)
                rg_error_set(err, rc, NULL, "the rule could not be linked");
            return rc;
        }
    }
    if (err) {
        err->rule = -1;
        err->type[0] = 0;
    }
    for (int i = 0; i < m->nrules; i++) m->rules[i].json = NULL;

    int N = m->board.ncells;
    m->root = rg_malloc(((size_t)N + 1) * sizeof *m->root);
    if (!m->root) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    for (int c = 0; c < N; c++) m->root[c] = m->full;
    for (int i = 0; i < m->nrestr; i++) m->root[m->restr[i].cell] &= m->restr[i].allowed;

    int rc = build_peers(m);
    if (rc == RG_OK) rc = build_units(m);
    if (rc == RG_OK) rc = build_inters(m);
    if (rc == RG_OK) rc = group_inters(m);
    if (rc == RG_OK) rc = build_watch(m);
    if (rc == RG_OK) rc = build_boxes(m);
    if (rc != RG_OK) return rg_error_set(err, rc, NULL, "out of memory");
    m->finished = 1;
    return RG_OK;
}

/* ---- Checking assignments ------------------------------------------------------- */

/* Shared by broken (partial: 0 = empty) and check (complete). */
static int first_broken(const rg_model *m, const int *values, int complete)
{
    int D = m->board.digits, N = m->board.ncells;
    for (int c = 0; c < N; c++) {
        if (values[c] < 0 || values[c] > D || (complete && values[c] == 0)) return -2;
    }
    for (int i = 0; i < m->nrestr; i++) {
        int v = values[m->restr[i].cell];
        if (v && !(m->restr[i].allowed & (1u << (v - 1)))) return m->restr[i].rule;
    }
    for (int i = 0; i < m->nhouses; i++) {
        const rg_house *h = &m->houses[i];
        rg_mask seen = 0;
        for (int k = 0; k < h->n; k++) {
            int v = values[h->cells[k]];
            if (!v) continue;
            rg_mask bit = 1u << (v - 1);
            if (seen & bit) return h->rule;
            seen |= bit;
        }
    }
    for (int e = 0; e < m->nedges; e += 3) {
        int a = values[m->edges[e]], b = values[m->edges[e + 1]];
        if (a && a == b) return m->edges[e + 2];
    }
    for (int p = 0; p < m->nprops; p++) {
        const rg_prop *pr = &m->props[p];
        if (!pr->def.check(values, pr->data)) return pr->rule;
    }
    if (complete && m->infeasible_rule >= 0) return m->infeasible_rule;
    return -1;
}

int rg_model_broken(const rg_model *m, const int *values)
{
    int r = first_broken(m, values, 0);
    return r == -2 ? -1 : r;
}

int rg_model_check(const rg_model *m, const int *values) { return first_broken(m, values, 1); }
