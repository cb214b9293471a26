/* The read-only tables the search reads, built once every rule is linked:
 * the root domains, the peer graph, units and the cells' units,
 * intersections grouped per unit, watch lists of propagators, box numbers. */
#include <stdlib.h>
#include <string.h>

#include "base/mask.h"
#include "base/mem.h"
#include "model/model.h"
#include "model/tables.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* A cell's peers in increasing order: usually two or three dozen, which
 * insertion sorts in fewer instructions than qsort's calls through a
 * comparison; more (large boards, many edges) go to qsort. */
static void sort_ints(int *a, int n)
{
    if (n > 48) {
        qsort(a, (size_t)n, sizeof *a, cmp_int);
        return;
    }
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

/* Per cell, the houses holding it, ascending (CSR: hl[hoff[c] .. hoff[c+1]-1]). */
static int house_lists(const rg_model *m, int **hoff_out, int **hl_out)
{
    int N = m->board.ncells;
    int *hoff = rg_mem_calloc((size_t)N + 1, sizeof *hoff);
    if (!hoff) return RG_E_NOMEM;
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hoff[m->houses[i].cells[k] + 1]++;
    for (int c = 0; c < N; c++) hoff[c + 1] += hoff[c];
    int *hl = rg_mem_alloc(((size_t)hoff[N] + 1) * sizeof *hl);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    if (!hl || !fill) {
        rg_mem_free(hoff);
        rg_mem_free(hl);
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, hoff, ((size_t)N + 1) * sizeof *fill);
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hl[fill[m->houses[i].cells[k]]++] = i;
    rg_mem_free(fill);
    *hoff_out = hoff;
    *hl_out = hl;
    return RG_OK;
}

/* Per cell, the cells a must-differ edge joins it to (CSR, both ways). */
static int edge_lists(const rg_model *m, int **eoff_out, int **el_out)
{
    int N = m->board.ncells;
    int *eoff = rg_mem_calloc((size_t)N + 1, sizeof *eoff);
    int *el = rg_mem_alloc(((size_t)(m->nedges / 3) * 2 + 1) * sizeof *el);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    if (!eoff || !el || !fill) {
        rg_mem_free(eoff);
        rg_mem_free(el);
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    for (int e = 0; e < m->nedges; e += 3) eoff[m->edges[e] + 1]++, eoff[m->edges[e + 1] + 1]++;
    for (int c = 0; c < N; c++) eoff[c + 1] += eoff[c];
    memcpy(fill, eoff, ((size_t)N + 1) * sizeof *fill);
    for (int e = 0; e < m->nedges; e += 3) {
        el[fill[m->edges[e]]++] = m->edges[e + 1];
        el[fill[m->edges[e + 1]]++] = m->edges[e];
    }
    rg_mem_free(fill);
    *eoff_out = eoff;
    *el_out = el;
    return RG_OK;
}

/* Adds x to the peers of c (the list from w on) unless it is c or there. */
static int add_peer(int **peers, int *w, int *cap, int *seen, int c, int x)
{
    if (x == c || seen[x] == c) return RG_OK;
    int *grown = rg_mem_grow(*peers, *w + 1, cap, sizeof *grown, 1024);
    if (!grown) return RG_E_NOMEM;
    *peers = grown;
    seen[x] = c;
    (*peers)[(*w)++] = x;
    return RG_OK;
}

/* The peer graph: per cell, every other cell of a house holding it and
 * every cell a must-differ edge joins it to, ascending, each once. Work and
 * memory grow with what each cell's houses hold, never with pairs listed
 * twice. */
static int build_peers(rg_model *m, const int *hoff, const int *hl)
{
    int N = m->board.ncells, *eoff = NULL, *el = NULL, *peers = NULL, w = 0, cap = 0;
    int *seen = rg_mem_alloc(((size_t)N + 1) * sizeof *seen);
    m->peer_off = rg_mem_calloc((size_t)N + 1, sizeof *m->peer_off);
    int rc = seen && m->peer_off ? edge_lists(m, &eoff, &el) : RG_E_NOMEM;
    for (int c = 0; seen && c < N; c++) seen[c] = -1;
    for (int c = 0; c < N && rc == RG_OK; c++) {
        m->peer_off[c] = w;
        for (int t = hoff[c]; t < hoff[c + 1] && rc == RG_OK; t++) {
            const rg_house *h = &m->houses[hl[t]];
            for (int k = 0; k < h->n && rc == RG_OK; k++)
                rc = add_peer(&peers, &w, &cap, seen, c, h->cells[k]);
        }
        for (int t = eoff[c]; t < eoff[c + 1] && rc == RG_OK; t++)
            rc = add_peer(&peers, &w, &cap, seen, c, el[t]);
        if (rc == RG_OK && w > m->peer_off[c])
            sort_ints(peers + m->peer_off[c], w - m->peer_off[c]);
    }
    rg_mem_free(seen);
    rg_mem_free(eoff);
    rg_mem_free(el);
    if (rc != RG_OK) {
        rg_mem_free(peers);
        return rc;
    }
    m->peer_off[N] = w;
    m->peers = rg_mem_realloc(peers, (size_t)(w ? w : 1) * sizeof *peers);
    if (!m->peers) m->peers = peers;
    return RG_OK;
}

/* The peers and the units as bitsets, when must-differ pairs other than
 * those a propagator enforces alone reach beyond the houses (the bitsets
 * then hold every peer). */
static int build_peerbits(rg_model *m)
{
    int N = m->board.ncells, W = (N + 63) / 64;
    if (m->nplain_edges == 0 || W > RG_PEERBITS_MAX_WORDS) return RG_OK;
    m->peerbits = rg_mem_calloc((size_t)N * (size_t)W, sizeof *m->peerbits);
    if (!m->peerbits) return RG_E_NOMEM;
    m->pwords = W;
    for (int c = 0; c < N; c++)
        for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
            int x = m->peers[k];
            m->peerbits[(size_t)c * W + (size_t)(x / 64)] |= (uint64_t)1 << (x % 64);
        }
    m->unitbits = rg_mem_calloc((size_t)m->nunits * (size_t)W + 1, sizeof *m->unitbits);
    if (!m->unitbits) return RG_E_NOMEM;
    for (int u = 0; u < m->nunits; u++)
        for (int k = m->unit_off[u]; k < m->unit_off[u + 1]; k++) {
            int x = m->unit_cells[k];
            m->unitbits[(size_t)u * W + (size_t)(x / 64)] |= (uint64_t)1 << (x % 64);
        }
    return RG_OK;
}

static int build_units(rg_model *m)
{
    int D = m->board.digits, count = 0;
    for (int i = 0; i < m->nhouses; i++)
        if (m->houses[i].n == D) count++;
    m->unit_off = rg_mem_calloc((size_t)count + 1, sizeof *m->unit_off);
    m->unit_cells = rg_mem_alloc(((size_t)count * D + 1) * sizeof *m->unit_cells);
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
    m->cell_unit_off = rg_mem_calloc((size_t)N + 1, sizeof *m->cell_unit_off);
    m->cell_units = rg_mem_alloc(((size_t)count * D + 1) * sizeof *m->cell_units);
    if (!m->cell_unit_off || !m->cell_units) return RG_E_NOMEM;
    for (int k = 0; k < count * D; k++) m->cell_unit_off[m->unit_cells[k] + 1]++;
    for (int c = 0; c < N; c++) m->cell_unit_off[c + 1] += m->cell_unit_off[c];
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    if (!fill) return RG_E_NOMEM;
    memcpy(fill, m->cell_unit_off, ((size_t)N + 1) * sizeof *fill);
    for (int k = 0; k < count * D; k++) m->cell_units[fill[m->unit_cells[k]]++] = k / D;
    rg_mem_free(fill);
    return RG_OK;
}

/* Pairs (unit U, house H) sharing at least two cells. Cells in one block:
 * in[], urest[] (U \ I) and hrest[] (H \ I). */
static int add_inter(rg_model *m, const rg_house *u, const rg_house *h, int *cap)
{
    int nin = 0, nu = 0, nh = 0;
    int *buf = rg_mem_alloc((size_t)(u->n + h->n) * sizeof *buf);
    if (!buf) return RG_E_NOMEM;
    int *in = buf, *ur = buf + u->n, *hr;
    /* both sorted: merge */
    int tmp_u[RG_MAX_DIGITS], tmp_h[RG_MAX_DIGITS];
    int i = 0, j = 0;
    while (i < u->n || j < h->n) {
        if (j == h->n || (i < u->n && u->cells[i] < h->cells[j]))
            tmp_u[nu++] = u->cells[i++];
        else if (i == u->n || h->cells[j] < u->cells[i])
            tmp_h[nh++] = h->cells[j++];
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
    rg_inter *ni = rg_mem_grow(m->inters, m->ninters + 1, cap, sizeof *ni, 64);
    if (!ni) {
        rg_mem_free(buf);
        return RG_E_NOMEM;
    }
    m->inters = ni;
    m->inters[m->ninters++] = (rg_inter){in, ur, hr, nin, nu, nh};
    return RG_OK;
}

/* For each unit, the houses it meets in two cells or more (through the
 * houses of its cells, hoff / hl). */
static int build_inters(rg_model *m, const int *hoff, const int *hl)
{
    int D = m->board.digits, cap = 0;
    int *shared = rg_mem_calloc((size_t)m->nhouses + 1, sizeof *shared);
    int *touched = rg_mem_alloc(((size_t)m->nhouses + 1) * sizeof *touched);
    int rc = RG_OK;
    if (!shared || !touched) {
        rc = RG_E_NOMEM;
        goto done;
    }
    m->inter_off = rg_mem_calloc((size_t)m->nunits + 1, sizeof *m->inter_off);
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
    rg_mem_free(shared);
    rg_mem_free(touched);
    return rc;
}

/* The width and flattened cells of group g, whose intersections are
 * inters[g->first ..] (rg_igroup). RG_OK or RG_E_NOMEM. */
static int flatten_group(rg_model *m, rg_igroup *g, const rg_inter *inters)
{
    const rg_inter *x = inters + g->first;
    g->width = x[0].nin;
    g->cells = NULL;
    for (int j = 1; j < g->count; j++)
        if (x[j].nin != g->width) g->width = 0;
    if (!g->width) return RG_OK;
    g->cells = rg_arena_alloc(&m->arena, (size_t)g->count * (size_t)g->width * sizeof(int));
    if (!g->cells) return RG_E_NOMEM;
    for (int j = 0; j < g->count; j++)
        for (int k = 0; k < g->width; k++) g->cells[j * g->width + k] = x[j].in[k];
    return RG_OK;
}

/* Order each unit's intersections into groups of pairwise disjoint I sets
 * (a row's box segments; a box's row segments, then its column segments). */
static int group_inters(rg_model *m)
{
    int D = m->board.digits, N = m->board.ncells;
    m->igroup_off = rg_mem_calloc((size_t)m->nunits + 1, sizeof *m->igroup_off);
    m->igroups = rg_mem_alloc(((size_t)m->ninters + 1) * sizeof *m->igroups);
    unsigned char *used = rg_mem_calloc((size_t)N + 1, 1);
    rg_inter *tmp = rg_mem_alloc(((size_t)m->ninters + 1) * sizeof *tmp);
    unsigned char *taken = rg_mem_calloc((size_t)m->ninters + 1, 1);
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
                for (int k = 0; k < m->inters[j].nin && !clash; k++)
                    clash = used[m->inters[j].in[k]];
                if (clash) continue;
                for (int k = 0; k < m->inters[j].nin; k++) used[m->inters[j].in[k]] = 1;
                taken[j] = 1;
                tmp[w++] = m->inters[j];
                g->count++;
            }
            if (flatten_group(m, g, tmp) != RG_OK) {
                rc = RG_E_NOMEM;
                goto done;
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
    rg_mem_free(used);
    rg_mem_free(tmp);
    rg_mem_free(taken);
    return rc;
}

/* The tracking entries (track_off counted per cell by build_watch), in
 * propagator order within a cell. */
static int build_track(rg_model *m)
{
    int N = m->board.ncells;
    for (int c = 0; c < N; c++) m->track_off[c + 1] += m->track_off[c];
    int total = m->track_off[N];
    m->track_prop = rg_mem_alloc(((size_t)total + 1) * sizeof *m->track_prop);
    m->track_pos = rg_mem_alloc(((size_t)total + 1) * sizeof *m->track_pos);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    if (!m->track_prop || !m->track_pos || !fill) {
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->track_off, ((size_t)N + 1) * sizeof *fill);
    for (int p = 0; p < m->nprops && total; p++) {
        if (!(m->props[p].def.flags & RG_PROPAGATOR_CHANGES)) continue;
        for (int k = 0; k < m->props[p].nwatch; k++) {
            int at = fill[m->props[p].watch[k]]++;
            m->track_prop[at] = p;
            m->track_pos[at] = k;
        }
    }
    rg_mem_free(fill);
    return RG_OK;
}

/* The most digits a change may leave a watched cell and still wake its
 * propagator, for an event the builder accepted (model/build.c). */
static unsigned char watch_max(unsigned ev)
{
    if (ev == RG_EV_FIXED) return 1;
    return ev >> 4 ? (unsigned char)(ev >> 4) : 255;
}

/* Each cell's watch entries (fill: where each cell's next entry goes). The
 * implied propagators' entries last, so that a search below sac stops
 * short of them (watch_main); before them the main ones of the cheaper
 * classes, then those of the dearest (watch_cheap). Within each run the
 * order is the propagators', as the queue's is. */
static void fill_watch(rg_model *m, int *fill)
{
    int N = m->board.ncells;
    for (int pass = 0; pass < 3; pass++) {
        for (int p = 0; p < m->nprops; p++) {
            /* its run: 0 cheaper, 1 dearest, 2 implied (of any class) */
            int run =
                (m->implied[p >> 5] >> (p & 31)) & 1u ? 2 : (m->global[p >> 5] >> (p & 31)) & 1u;
            if (run != pass) continue;
            /* A propagator told what changed is woken on every change, so
             * that nothing stays unreported at a fixpoint (search/changes.h). */
            int track = (m->props[p].def.flags & RG_PROPAGATOR_CHANGES) != 0;
            for (int k = 0; k < m->props[p].nwatch; k++) {
                int c = m->props[p].watch[k], at = fill[c]++;
                m->watch_prop[at] = p;
                m->watch_max[at] = watch_max(track ? RG_EV_DOMAIN : m->props[p].events);
                m->track_off[c + 1] += track;
            }
            m->ntrack += track;
        }
        if (pass == 0) memcpy(m->watch_cheap, fill, (size_t)N * sizeof *fill);
        if (pass == 1) memcpy(m->watch_main, fill, (size_t)N * sizeof *fill);
    }
}

static int build_watch(rg_model *m)
{
    int N = m->board.ncells;
    m->watch_off = rg_mem_calloc((size_t)N + 1, sizeof *m->watch_off);
    if (!m->watch_off) return RG_E_NOMEM;
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++) m->watch_off[m->props[p].watch[k] + 1]++;
    for (int c = 0; c < N; c++) m->watch_off[c + 1] += m->watch_off[c];
    int total = m->watch_off[N];
    /* (three entries to spare past the end, which the wakes four at a time
     * read and do not use: search/space.h rg_space_wake4) */
    m->watch_prop = rg_mem_calloc((size_t)total + 4, sizeof *m->watch_prop);
    m->watch_max = rg_mem_calloc((size_t)total + 4, 1);
    m->prop_watch_off = rg_mem_alloc(((size_t)m->nprops + 1) * sizeof *m->prop_watch_off);
    m->implied = rg_mem_calloc(((size_t)m->nprops + 31) / 32 + 1, sizeof *m->implied);
    m->watch_main = rg_mem_alloc(((size_t)N + 1) * sizeof *m->watch_main);
    m->global = rg_mem_calloc(((size_t)m->nprops + 31) / 32 + 1, sizeof *m->global);
    m->watch_cheap = rg_mem_alloc(((size_t)N + 1) * sizeof *m->watch_cheap);
    m->prop_cost = rg_mem_alloc((size_t)m->nprops + 1);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    m->track_off = rg_mem_calloc((size_t)N + 1, sizeof *m->track_off);
    if (!m->watch_prop || !m->watch_max || !m->prop_watch_off || !m->implied || !m->watch_main ||
        !m->global || !m->watch_cheap || !m->prop_cost || !fill || !m->track_off) {
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->watch_off, ((size_t)N + 1) * sizeof *fill);
    m->prop_watch_off[0] = 0;
    for (int p = 0; p < m->nprops; p++) {
        m->prop_watch_off[p + 1] = m->prop_watch_off[p] + m->props[p].nwatch;
        m->prop_cost[p] = (unsigned char)m->props[p].def.cost;
        if (m->props[p].def.cost == RG_COST_GLOBAL) {
            m->global[p >> 5] |= 1u << (p & 31);
            m->nglobal++;
        }
        if (m->props[p].def.flags & RG_PROPAGATOR_IMPLIED) {
            m->implied[p >> 5] |= 1u << (p & 31);
            m->nimplied++;
        }
    }
    fill_watch(m, fill);
    /* Wakes four entries at a time where a watched cell has two or more
     * main entries on average (killers: two to six; corner clues about two
     * and a half; the other variants' files mostly one or one and a half:
     * docs/bench.md, stop 65). */
    long entries = 0, watched = 0;
    for (int c = 0; c < N; c++) {
        entries += m->watch_main[c] - m->watch_off[c];
        watched += m->watch_main[c] > m->watch_off[c];
    }
    m->watch_wide = watched > 0 && entries >= 2 * watched;
    rg_mem_free(fill);
    return build_track(m);
}

/* The propagators whose check is asked (model.h checked). */
static int build_checked(rg_model *m)
{
    m->checked = rg_mem_alloc(((size_t)m->nprops + 1) * sizeof *m->checked);
    if (!m->checked) return RG_E_NOMEM;
    m->nchecked = 0;
    for (int p = 0; p < m->nprops; p++)
        if (!(m->props[p].def.flags & (RG_PROPAGATOR_IMPLIED | RG_PROPAGATOR_NO_CHECK)))
            m->checked[m->nchecked++] = p;
    return RG_OK;
}

static int build_boxes(rg_model *m)
{
    int N = m->board.ncells;
    m->box_of = rg_mem_alloc(((size_t)N + 1) * sizeof *m->box_of);
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

/* Every table, in this order (each may read the ones before). */
int rg_tables_build(rg_model *m)
{
    int N = m->board.ncells;
    m->root = rg_mem_alloc(((size_t)N + 1) * sizeof *m->root);
    if (!m->root) return RG_E_NOMEM;
    for (int c = 0; c < N; c++) m->root[c] = m->full;
    for (int i = 0; i < m->nrestr; i++) m->root[m->restr[i].cell] &= m->restr[i].allowed;

    int *hoff = NULL, *hl = NULL;
    int rc = house_lists(m, &hoff, &hl);
    if (rc == RG_OK) rc = build_peers(m, hoff, hl);
    if (rc == RG_OK) rc = build_units(m);
    if (rc == RG_OK) rc = build_peerbits(m);
    if (rc == RG_OK) rc = build_inters(m, hoff, hl);
    rg_mem_free(hoff);
    rg_mem_free(hl);
    if (rc == RG_OK) rc = group_inters(m);
    if (rc == RG_OK) rc = build_watch(m);
    if (rc == RG_OK) rc = build_checked(m);
    if (rc == RG_OK) rc = build_boxes(m);
    if (rc == RG_OK) m->finished = 1;
    return rc;
}
