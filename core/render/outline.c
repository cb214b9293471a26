/* The outline of a set of cells: every edge between a cell of the set and
 * one outside it (or no cell), directed so that the set lies on its right
 * on the page, sorted by start point and walked into loops that turn right
 * first (so that a loop hugs its own cells at a pinch), then each corner
 * moved into the set by the inset. */
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "model/board.h"
#include "render/outline.h"

/* Directions on the page (y grows downwards): right, down, left, up. */
static const int DX[4] = {1, 0, -1, 0};
static const int DY[4] = {0, 1, 0, -1};

typedef struct edge {
    int x, y, dir; /* from (x, y) one cell length in direction dir */
    int used;
} edge;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_edge(const void *a, const void *b)
{
    const edge *e = a, *f = b;
    if (e->y != f->y) return e->y < f->y ? -1 : 1;
    if (e->x != f->x) return e->x < f->x ? -1 : 1;
    return (e->dir > f->dir) - (e->dir < f->dir);
}

static int in_set(const rg_board *b, const int *sorted, int n, int row, int col)
{
    int c = rg_board_at(b, row, col);
    return c >= 0 && bsearch(&c, sorted, (size_t)n, sizeof c, cmp_int) != NULL;
}

/* The boundary edges of the set sorted[0..n-1] into e (4n room); their count. */
static int boundary(const rg_board *b, const int *sorted, int n, edge *e)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int r = b->row[sorted[i]], c = b->col[sorted[i]];
        if (!in_set(b, sorted, n, r - 1, c)) e[k++] = (edge){c - 1, r - 1, 0, 0};
        if (!in_set(b, sorted, n, r, c + 1)) e[k++] = (edge){c, r - 1, 1, 0};
        if (!in_set(b, sorted, n, r + 1, c)) e[k++] = (edge){c, r, 2, 0};
        if (!in_set(b, sorted, n, r, c - 1)) e[k++] = (edge){c - 1, r, 3, 0};
    }
    qsort(e, (size_t)k, sizeof *e, cmp_edge);
    return k;
}

/* The edge leaving (x, y) in direction dir, or -1. */
static int edge_at(const edge *e, int ne, int x, int y, int dir)
{
    edge key = {x, y, dir, 0};
    const edge *f = bsearch(&key, e, (size_t)ne, sizeof *e, cmp_edge);
    return f ? (int)(f - e) : -1;
}

/* After edge cur, the next edge of its loop: a right turn, else straight
 * on, else a left turn; the loop's first edge counts though used. -1 when
 * none (cannot happen on a closed boundary). */
static int next_edge(const edge *e, int ne, int cur, int first)
{
    int x = e[cur].x + DX[e[cur].dir], y = e[cur].y + DY[e[cur].dir];
    static const int turn[3] = {1, 0, 3};
    for (int t = 0; t < 3; t++) {
        int k = edge_at(e, ne, x, y, (e[cur].dir + turn[t]) % 4);
        if (k >= 0 && (!e[k].used || k == first)) return k;
    }
    return -1;
}

/* The inward normal of direction dir (the set is on the right of it). */
static double nx(int dir) { return -DY[dir]; }
static double ny(int dir) { return DX[dir]; }

/* Walks the loop from edge first, appending its corners to out->xy. */
static void walk(edge *e, int ne, int first, double inset, rg_loops *out)
{
    int cur = first;
    do {
        e[cur].used = 1;
        int nxt = next_edge(e, ne, cur, first);
        if (nxt < 0) break;
        if (e[nxt].dir != e[cur].dir) {
            int a = e[cur].dir, b = e[nxt].dir;
            out->xy[2 * out->npts] = e[nxt].x + inset * (nx(a) + nx(b));
            out->xy[2 * out->npts + 1] = e[nxt].y + inset * (ny(a) + ny(b));
            out->npts++;
        }
        cur = nxt;
    } while (cur != first);
}

/* The loops of e[0..ne-1] into out (room for ne points and loops). */
static void walk_all(edge *e, int ne, double inset, rg_loops *out)
{
    for (int i = 0; i < ne; i++) {
        if (e[i].used) continue;
        int from = out->npts;
        walk(e, ne, i, inset, out);
        /* The first corner was appended last (when the loop closed): the
         * loop starts at its top-left corner, so rotate it to the front. */
        int m = out->npts - from;
        if (m > 1) {
            double *p = out->xy + 2 * from, lx = p[2 * m - 2], ly = p[2 * m - 1];
            memmove(p + 2, p, (size_t)(m - 1) * 2 * sizeof *p);
            p[0] = lx;
            p[1] = ly;
        }
        out->start[out->nloops++] = from;
    }
    out->start[out->nloops] = out->npts;
}

int rg_outline_loops(const rg_board *b, const int *cells, int n, double inset, rg_loops *out)
{
    memset(out, 0, sizeof *out);
    int *sorted = rg_mem_alloc((size_t)(n > 0 ? n : 1) * sizeof *sorted);
    edge *e = rg_mem_alloc((size_t)(n > 0 ? 4 * n : 1) * sizeof *e);
    int m = 0;
    if (sorted && e) {
        for (int i = 0; i < n; i++)
            if (cells[i] >= 0 && cells[i] < b->ncells) sorted[m++] = cells[i];
        qsort(sorted, (size_t)m, sizeof *sorted, cmp_int);
        int u = 0;
        for (int i = 0; i < m; i++)
            if (!u || sorted[u - 1] != sorted[i]) sorted[u++] = sorted[i];
        m = u;
    }
    int ne = sorted && e ? boundary(b, sorted, m, e) : 0;
    out->xy = rg_mem_alloc((size_t)(ne + 1) * 2 * sizeof *out->xy);
    out->start = rg_mem_alloc((size_t)(ne + 2) * sizeof *out->start);
    int rc = sorted && e && out->xy && out->start ? RG_OK : RG_E_NOMEM;
    if (!rc) walk_all(e, ne, inset, out);
    rg_mem_free(sorted);
    rg_mem_free(e);
    if (rc) rg_outline_free(out);
    return rc;
}

void rg_outline_free(rg_loops *l)
{
    rg_mem_free(l->xy);
    rg_mem_free(l->start);
    memset(l, 0, sizeof *l);
}
