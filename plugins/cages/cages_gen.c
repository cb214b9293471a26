/* The cage generate hook: killer cages grown over a complete grid, each
 * connected, never repeating a digit of the grid, with the grid's sums. The
 * cage rule itself (reading, pruning) lives in cages.c. */
#include <stdlib.h>
#include <string.h>

#include "cages.h"
#include "hook_util.h"

typedef struct grower {
    hu_board *b;
    const int *sol;
    int n, D;
    int (*nb)[4]; /* per cell, its orthogonal neighbours (nnb of them) */
    int *nnb;
    int *owner;    /* cage index per cell, -1 free, -2 left out for good */
    int *nfree;    /* per cell, its free orthogonal neighbours */
    int *size;     /* per cage */
    rg_mask *mask; /* digits per cage */
    int ncages;
    int min_size, max_size;
} grower;

static rg_mask bit(int d) { return (rg_mask)1 << (d - 1); }

/* Free orthogonal neighbours of a cell: the fewer, the sooner it must join. */
static int free_degree(const grower *w, int cell) { return w->nfree[cell]; }

/* cell joins cage id: it is no longer free (a cell only ever leaves the
 * free state, so its neighbours' counts only go down). */
static void take(grower *w, int cell, int id)
{
    w->owner[cell] = id;
    for (int i = 0; i < w->nnb[cell]; i++) w->nfree[w->nb[cell][i]]--;
}

/* A random cell among those that minimise free_degree (or any, when
 * tightest is 0) out of cand[0..k-1]. */
static int pick(const grower *w, const int *cand, int k, int tightest)
{
    if (!tightest) return cand[hu_below(w->b, k)];
    int best = 9, ties = 0, chosen = -1;
    for (int i = 0; i < k; i++) {
        int f = free_degree(w, cand[i]);
        if (f < best) best = f, ties = 0;
        if (f == best && hu_below(w->b, ++ties) == 0) chosen = cand[i];
    }
    return chosen;
}

/* Adds the orthogonal neighbours of cell to the ascending list adj of *na
 * cells, each once. */
static void add_around(const grower *w, int cell, int *adj, int *na)
{
    for (int i = 0; i < w->nnb[cell]; i++) {
        int x = w->nb[cell][i], j = *na;
        while (j > 0 && adj[j - 1] > x) j--;
        if (j > 0 && adj[j - 1] == x) continue;
        for (int k = *na; k > j; k--) adj[k] = adj[k - 1]; /* short: no call of memmove */
        adj[j] = x;
        (*na)++;
    }
}

/* Grows cage id from seed up to target cells; returns its size. The
 * candidates are the free cells next to the cage whose digit it lacks, in
 * increasing order: looked for among the cage's neighbours (kept in
 * cand[n..], at most four a cell) rather than over the board. */
static int grow(grower *w, int id, int seed, int target, int *cand)
{
    int *adj = cand + w->n, na = 0;
    take(w, seed, id);
    w->size[id] = 1;
    w->mask[id] = bit(w->sol[seed]);
    add_around(w, seed, adj, &na);
    while (w->size[id] < target) {
        int k = 0;
        for (int i = 0; i < na; i++) {
            int c = adj[i];
            if (w->owner[c] == -1 && !(w->mask[id] & bit(w->sol[c]))) cand[k++] = c;
        }
        if (!k) break;
        int c = pick(w, cand, k, 1);
        take(w, c, id);
        w->size[id]++;
        w->mask[id] |= bit(w->sol[c]);
        add_around(w, c, adj, &na);
    }
    return w->size[id];
}

/* Merges a cage below min_size into an orthogonally adjacent cage whose
 * digits it does not repeat, within max_size. Returns 1 when merged. */
static int merge_small(grower *w, int id, int *cand)
{
    int k = 0;
    for (int c = 0; c < w->n; c++) {
        if (w->owner[c] != id) continue;
        for (int i = 0; i < w->nnb[c]; i++) {
            int o = w->owner[w->nb[c][i]];
            if (o < 0 || o == id || (w->mask[o] & w->mask[id]) ||
                w->size[o] + w->size[id] > w->max_size)
                continue;
            cand[k++] = o;
        }
    }
    if (!k) return 0;
    /* The smallest partner first: it is likeliest to be short itself. */
    int best = -1;
    for (int i = 0; i < k; i++)
        if (best < 0 || w->size[cand[i]] < w->size[best] ||
            (w->size[cand[i]] == w->size[best] && hu_below(w->b, 2)))
            best = cand[i];
    for (int c = 0; c < w->n; c++)
        if (w->owner[c] == id) w->owner[c] = best;
    w->size[best] += w->size[id];
    w->mask[best] |= w->mask[id];
    w->size[id] = 0;
    w->mask[id] = 0;
    return 1;
}

static int emit_cages(grower *w, int sums, int *cells)
{
    hu_text t = {0};
    int rc = RG_OK;
    for (int id = 0; id < w->ncages && rc == RG_OK; id++) {
        if (!w->size[id]) continue;
        int k = 0, sum = 0, wanted = 1;
        for (int c = 0; c < w->n; c++)
            if (w->owner[c] == id) cells[k++] = c, sum += w->sol[c], wanted &= hu_wanted(w->b, c);
        if (!wanted) continue; /* a repair would drop it */
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"cage\",\"cells\":");
        hu_cells(&t, w->b, cells, k);
        if (sums) hu_printf(&t, ",\"sum\":%d", sum);
        hu_printf(&t, "}");
        rc = hu_emit(w->b, &t);
    }
    hu_text_free(&t);
    return rc;
}

/* The request's settings. */
typedef struct settings {
    long max_size, min_size, count, coverage, sums;
} settings;

static int read_settings(const hu_board *b, settings *s)
{
    int D = b->info.digits, n = b->info.cells;
    int rc = hu_int(b, "max_size", D < 5 ? D : 5, 1, D, &s->max_size);
    if (rc == RG_OK)
        rc = hu_int(b, "min_size", s->max_size < 2 ? s->max_size : 2, 1, D, &s->min_size);
    if (rc == RG_OK && s->min_size > s->max_size)
        rc = b->h->gen_error(b->g,
                             "setting min_size is %ld but max_size is %ld: min_size may "
                             "not be larger",
                             s->min_size, s->max_size);
    if (rc == RG_OK) rc = hu_int(b, "count", 0, 0, n, &s->count);
    if (rc == RG_OK) rc = hu_int(b, "coverage", 100, 1, 100, &s->coverage);
    if (rc == RG_OK) rc = hu_int(b, "sums", 1, 0, 1, &s->sums);
    return rc;
}

/* Grows cages until coverage or count is reached or no cell is free. A
 * cage below min_size merges into a neighbour; with partial coverage one
 * that cannot is dropped, its cells left out for good. */
static void grow_all(grower *w, const settings *s, int *cand)
{
    int n = w->n, full = s->coverage == 100 && s->count == 0;
    int target = (int)((s->coverage * n + 99) / 100), covered = 0;
    for (;;) {
        int live = 0, k = 0;
        for (int id = 0; id < w->ncages; id++) live += w->size[id] > 0;
        if (covered >= target || (s->count && live >= s->count)) break;
        for (int c = 0; c < n; c++)
            if (w->owner[c] == -1) cand[k++] = c;
        if (!k) break;
        /* Covering every cell, start in the tightest corner left so that no
         * cell ends up walled in; covering part, start anywhere. */
        int seed = pick(w, cand, k, full);
        int id = w->ncages++;
        int want = (int)s->min_size + hu_below(w->b, (int)(s->max_size - s->min_size) + 1);
        int got = grow(w, id, seed, want, cand);
        if (got < s->min_size && !merge_small(w, id, cand) && !full) {
            for (int c = 0; c < n; c++)
                if (w->owner[c] == id) w->owner[c] = -2;
            w->size[id] = 0;
            w->ncages--;
            continue;
        }
        covered += got;
    }
    /* Leftovers of full coverage: merge while any small cage can. */
    for (int again = 1; again;) {
        again = 0;
        for (int id = 0; id < w->ncages; id++)
            if (w->size[id] && w->size[id] < s->min_size && merge_small(w, id, cand)) again = 1;
    }
}

static int generate(hu_board *b, const int *solution)
{
    settings s;
    int rc = read_settings(b, &s);
    if (rc != RG_OK) return rc;
    int D = b->info.digits, n = b->info.cells, slots = n > 0 ? n : 1;
    grower w = {
        b, solution, n, D, NULL, NULL, NULL, NULL, NULL, NULL, 0, (int)s.min_size, (int)s.max_size};
    w.nb = malloc(sizeof *w.nb * (size_t)slots);
    w.nnb = malloc(sizeof(int) * (size_t)slots);
    w.owner = malloc(sizeof(int) * (size_t)slots);
    w.nfree = malloc(sizeof(int) * (size_t)slots);
    w.size = calloc((size_t)slots, sizeof(int));
    w.mask = calloc((size_t)slots, sizeof(rg_mask));
    int *cand = malloc(sizeof(int) * (size_t)slots * 4);
    if (!w.nb || !w.nnb || !w.owner || !w.nfree || !w.size || !w.mask || !cand) {
        rc = b->h->gen_error(b->g, "out of memory");
    } else {
        for (int c = 0; c < n; c++) {
            int nb[8];
            w.nnb[c] = hu_neighbours(b, c, 0, nb); /* orthogonal: at most 4 */
            memcpy(w.nb[c], nb, sizeof w.nb[c]);
            w.owner[c] = -1;
            w.nfree[c] = w.nnb[c];
        }
        grow_all(&w, &s, cand);
        rc = emit_cages(&w, (int)s.sums, cand);
    }
    free(w.nb);
    free(w.nnb);
    free(w.owner);
    free(w.nfree);
    free(w.size);
    free(w.mask);
    free(cand);
    return rc;
}

int cages_generate(rg_gen *g, const int *solution)
{
    return hu_run(cages_host, g, solution, generate);
}
