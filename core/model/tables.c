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

static int build_peers(rg_model *m)
{
    int N = m->board.ncells;
    size_t npairs = 0;
    for (int i = 0; i < m->nhouses; i++) npairs += (size_t)m->houses[i].n * (m->houses[i].n - 1);
    npairs += (size_t)(m->nedges / 3) * 2;
    int *pairs = rg_mem_alloc((npairs ? npairs : 1) * 2 * sizeof *pairs);
    m->peer_off = rg_mem_calloc((size_t)N + 1, sizeof *m->peer_off);
    if (!pairs || !m->peer_off) {
        rg_mem_free(pairs);
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
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    int *peers = rg_mem_alloc((k ? k : 1) * sizeof *peers);
    if (!fill || !peers) {
        rg_mem_free(fill);
        rg_mem_free(peers);
        rg_mem_free(pairs);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->peer_off, ((size_t)N + 1) * sizeof *fill);
    for (size_t i = 0; i < k; i++) peers[fill[pairs[2 * i]]++] = pairs[2 * i + 1];
    rg_mem_free(pairs);
    int w = 0;
    for (int c = 0; c < N; c++) {
        int lo = m->peer_off[c], hi = m->peer_off[c + 1];
        qsort(peers + lo, (size_t)(hi - lo), sizeof *peers, cmp_int);
        m->peer_off[c] = w;
        for (int i = lo; i < hi; i++)
            if (i == lo || peers[i] != peers[i - 1]) peers[w++] = peers[i];
    }
    m->peer_off[N] = w;
    rg_mem_free(fill);
    m->peers = rg_mem_realloc(peers, (size_t)(w ? w : 1) * sizeof *peers);
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

static int build_inters(rg_model *m)
{
    int D = m->board.digits, N = m->board.ncells, cap = 0;
    /* For each house, the houses it meets: via cell membership lists. */
    int *hoff = rg_mem_calloc((size_t)N + 1, sizeof *hoff);
    if (!hoff) return RG_E_NOMEM;
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hoff[m->houses[i].cells[k] + 1]++;
    for (int c = 0; c < N; c++) hoff[c + 1] += hoff[c];
    int *hl = rg_mem_alloc(((size_t)hoff[N] + 1) * sizeof *hl);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    int *shared = rg_mem_calloc((size_t)m->nhouses + 1, sizeof *shared);
    int *touched = rg_mem_alloc(((size_t)m->nhouses + 1) * sizeof *touched);
    int rc = RG_OK;
    if (!hl || !fill || !shared || !touched) {
        rc = RG_E_NOMEM;
        goto done;
    }
    memcpy(fill, hoff, ((size_t)N + 1) * sizeof *fill);
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) hl[fill[m->houses[i].cells[k]]++] = i;
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
    rg_mem_free(hoff);
    rg_mem_free(hl);
    rg_mem_free(fill);
    rg_mem_free(shared);
    rg_mem_free(touched);
    return rc;
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

static int build_watch(rg_model *m)
{
    int N = m->board.ncells;
    m->watch_off = rg_mem_calloc((size_t)N + 1, sizeof *m->watch_off);
    if (!m->watch_off) return RG_E_NOMEM;
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++) m->watch_off[m->props[p].watch[k] + 1]++;
    for (int c = 0; c < N; c++) m->watch_off[c + 1] += m->watch_off[c];
    int total = m->watch_off[N];
    m->watch_prop = rg_mem_alloc(((size_t)total + 1) * sizeof *m->watch_prop);
    m->watch_ev = rg_mem_alloc((size_t)total + 1);
    int *fill = rg_mem_alloc(((size_t)N + 1) * sizeof *fill);
    if (!m->watch_prop || !m->watch_ev || !fill) {
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, m->watch_off, ((size_t)N + 1) * sizeof *fill);
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++) {
            int c = m->props[p].watch[k], at = fill[c]++;
            m->watch_prop[at] = p;
            m->watch_ev[at] = (unsigned char)m->props[p].events;
        }
    rg_mem_free(fill);
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

    int rc = build_peers(m);
    if (rc == RG_OK) rc = build_units(m);
    if (rc == RG_OK) rc = build_inters(m);
    if (rc == RG_OK) rc = group_inters(m);
    if (rc == RG_OK) rc = build_watch(m);
    if (rc == RG_OK) rc = build_boxes(m);
    if (rc == RG_OK) m->finished = 1;
    return rc;
}
