/* The layout hook of box rules: D random connected pieces of D cells on a
 * full D x D board (a jigsaw), drawn before the grid is filled. */
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "houses.h"

/* Trades tried per cell of the board. */
#define TRADES_PER_CELL 150

typedef struct layout {
    const hu_board *b;
    int N, D;
    int *piece, *queue, *cand, *nb; /* nb: 4 orthogonal neighbours per cell, -1 none */
    unsigned char *seen;
} layout;

/* Are the cells of piece k connected, counting from cell from? */
static int connected(layout *l, int k, int from)
{
    memset(l->seen, 0, (size_t)l->N);
    int head = 0, tail = 0;
    l->queue[tail++] = from;
    l->seen[from] = 1;
    while (head < tail) {
        int c = l->queue[head++];
        for (int d = 0; d < 4; d++) {
            int n = l->nb[4 * c + d];
            if (n >= 0 && !l->seen[n] && l->piece[n] == k) {
                l->seen[n] = 1;
                l->queue[tail++] = n;
            }
        }
    }
    return tail == l->D;
}

/* Regular boxes (or rows when D has no such split) as the first pieces. */
static void start(layout *l)
{
    static const int dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
    int bh = 1;
    for (int h = 2; h * h <= l->D; h++)
        if (l->D % h == 0) bh = h;
    int bw = l->D / bh;
    for (int c = 0; c < l->N; c++) {
        int y = l->b->row[c], x = l->b->col[c];
        l->piece[c] = bh > 1 ? ((y - 1) / bh) * bh + (x - 1) / bw : y - 1;
        for (int d = 0; d < 4; d++) l->nb[4 * c + d] = hu_step(l->b, c, dy[d], dx[d]);
    }
}

/* One trade: a random cell a goes to a neighbouring piece B, a cell of B
 * touching a's piece A (not through a) comes back; kept when both pieces
 * stay whole. */
static void trade(layout *l)
{
    int a = hu_below(l->b, l->N);
    int b = l->nb[4 * a + hu_below(l->b, 4)];
    if (b < 0 || l->piece[b] == l->piece[a]) return;
    int A = l->piece[a], B = l->piece[b], nc = 0;
    for (int c = 0; c < l->N; c++) {
        if (l->piece[c] != B || c == b) continue;
        for (int e = 0; e < 4; e++) {
            int n = l->nb[4 * c + e];
            if (n >= 0 && n != a && l->piece[n] == A) {
                l->cand[nc++] = c;
                break;
            }
        }
    }
    if (nc == 0) return;
    int c = l->cand[hu_below(l->b, nc)];
    l->piece[a] = B;
    l->piece[c] = A;
    if (!connected(l, A, c) || !connected(l, B, a)) {
        l->piece[a] = A;
        l->piece[c] = B;
    }
}

/* One box rule per piece, its cells in index order. */
static int emit(layout *l)
{
    hu_text t = {0};
    int *cells = l->cand, rc = RG_OK;
    for (int k = 0; k < l->D && rc == RG_OK; k++) {
        int n = 0;
        for (int c = 0; c < l->N; c++)
            if (l->piece[c] == k) cells[n++] = c;
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"box\",\"cells\":");
        hu_cells(&t, l->b, cells, n);
        hu_printf(&t, "}");
        rc = hu_emit(l->b, &t);
    }
    hu_text_free(&t);
    return rc;
}

/* D pieces of D cells grown from the regular boxes (or rows) by random
 * trades that keep every piece connected. */
static int jigsaw(hu_board *b, const int *solution)
{
    (void)solution;
    layout l;
    memset(&l, 0, sizeof l);
    l.b = b;
    l.N = b->info.cells;
    l.D = b->info.digits;
    if (b->info.rows != l.D || b->info.columns != l.D || l.N != l.D * l.D)
        return b->h->gen_error(b->g,
                               "jigsaw pieces need a full square board of D x D cells "
                               "(%d x %d)",
                               l.D, l.D);
    l.piece = malloc((size_t)l.N * sizeof *l.piece);
    l.queue = malloc((size_t)l.N * sizeof *l.queue);
    l.cand = malloc((size_t)l.N * sizeof *l.cand);
    l.nb = malloc((size_t)l.N * 4 * sizeof *l.nb);
    l.seen = malloc((size_t)l.N);
    int rc;
    if (!l.piece || !l.queue || !l.cand || !l.nb || !l.seen) {
        rc = b->h->gen_error(b->g, "out of memory");
    } else {
        start(&l);
        for (long s = 0; s < (long)l.N * TRADES_PER_CELL; s++) trade(&l);
        rc = emit(&l);
    }
    free(l.piece);
    free(l.queue);
    free(l.cand);
    free(l.nb);
    free(l.seen);
    return rc;
}

int houses_layout_jigsaw(rg_gen *g) { return hu_run(houses_host, g, NULL, jigsaw); }
