/* The arrow generate hook: a bulb (one cell, or a pill of two) on a complete
 * grid and shafts walked by king steps from it whose digits sum to the
 * bulb's number. Reading and pruning of arrows live in arrows.c. */
#include <stdlib.h>
#include <string.h>

#include "arrows.h"
#include "hook_util.h"

typedef struct archer {
    hu_board *b;
    const int *sol;
    char *used; /* cells of earlier arrows, and of this one so far */
    int *diag;  /* diagonal steps of every shaft so far, pairs of cells */
    int ndiag;
    int bulb[2], nbulb, target;
    int *path, len, min_len, max_len;
    long nodes;
} archer;

static int crosses(const archer *a, int from, int to)
{
    for (int j = 0; j < a->ndiag; j++)
        if (hu_crossing(a->b, from, to, a->diag[2 * j], a->diag[2 * j + 1])) return 1;
    return 0;
}

/* Depth first from path[0..len-1] with the digits summing to sum. */
static int shaft(archer *a, int sum)
{
    if (sum == a->target && a->len >= a->min_len) return 1;
    if (a->len == a->max_len || sum >= a->target || ++a->nodes > 3000) return 0;
    int nb[8], k = hu_neighbours(a->b, a->path[a->len - 1], 1, nb);
    hu_shuffle(a->b, nb, k);
    for (int i = 0; i < k; i++) {
        int c = nb[i];
        if (a->used[c] || crosses(a, a->path[a->len - 1], c)) continue;
        a->used[c] = 1;
        a->path[a->len++] = c;
        int diagonal = a->b->row[c] != a->b->row[a->path[a->len - 2]] &&
                       a->b->col[c] != a->b->col[a->path[a->len - 2]];
        if (diagonal) {
            a->diag[2 * a->ndiag] = a->path[a->len - 2];
            a->diag[2 * a->ndiag + 1] = c;
            a->ndiag++;
        }
        if (shaft(a, sum + a->sol[c])) return 1;
        if (diagonal) a->ndiag--;
        a->len--;
        a->used[c] = 0;
    }
    return 0;
}

/* A shaft starting at a free king neighbour of a bulb cell; on success
 * path[0..len-1] holds it (its cells marked used). */
static int find_shaft(archer *a)
{
    int start[16], k = 0;
    for (int i = 0; i < a->nbulb; i++) {
        int nb[8], m = hu_neighbours(a->b, a->bulb[i], 1, nb);
        for (int j = 0; j < m; j++)
            if (!a->used[nb[j]] && !crosses(a, a->bulb[i], nb[j])) start[k++] = nb[j];
    }
    hu_shuffle(a->b, start, k);
    for (int i = 0; i < k; i++) {
        if (a->used[start[i]]) continue;
        a->used[start[i]] = 1;
        a->path[0] = start[i];
        a->len = 1;
        a->nodes = 0;
        if (shaft(a, a->sol[start[i]])) return 1;
        a->used[start[i]] = 0;
    }
    return 0;
}

/* The request's settings. */
typedef struct settings {
    long count, min_len, max_len, pill, shafts;
} settings;

static int read_settings(const hu_board *b, settings *s)
{
    int n = b->info.cells;
    int rc = hu_int(b, "count", 4, 1, n, &s->count);
    if (rc == RG_OK) rc = hu_int(b, "min_len", 2, 1, n, &s->min_len);
    if (rc == RG_OK)
        rc = hu_int(b, "max_len", s->min_len > 4 ? s->min_len : 4, s->min_len, n, &s->max_len);
    if (rc == RG_OK) rc = hu_int(b, "pill", 0, 0, 1, &s->pill);
    if (rc == RG_OK) rc = hu_int(b, "shafts", 1, 1, 4, &s->shafts);
    return rc;
}

/* The bulb at free cell c, its cells marked used: one cell, or with pill
 * half the time a pill with a random free orthogonal neighbour. */
static void place_bulb(archer *a, int c, int pill)
{
    a->bulb[0] = c;
    a->nbulb = 1;
    a->target = a->sol[c];
    if (pill && hu_below(a->b, 2)) {
        int nb[8], m = hu_neighbours(a->b, c, 0, nb), k = 0;
        for (int i = 0; i < m; i++)
            if (!a->used[nb[i]]) nb[k++] = nb[i];
        if (k) {
            a->bulb[1] = nb[hu_below(a->b, k)];
            a->nbulb = 2;
            a->target = 10 * a->sol[c] + a->sol[a->bulb[1]];
        }
    }
    for (int i = 0; i < a->nbulb; i++) a->used[a->bulb[i]] = 1;
}

/* The arrow of the bulb and the nshafts shafts at lines + i * stride. */
static int emit_arrow(const archer *a, const int *lines, const int *lens, int nshafts, int stride,
                      hu_text *t)
{
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"arrow\",\"bulb\":");
    hu_cells(t, a->b, a->bulb, a->nbulb);
    hu_printf(t, ",\"lines\":[");
    for (int i = 0; i < nshafts; i++) {
        if (i) hu_printf(t, ",");
        hu_cells(t, a->b, lines + i * stride, lens[i]);
    }
    hu_printf(t, "]}");
    return hu_emit(a->b, t);
}

/* Arrows from random free bulbs, up to count; an attempt that finds no
 * shaft is undone. before and lines are scratch. */
static int arrows(archer *a, const settings *s, char *before, int *lines, hu_text *t)
{
    int n = a->b->info.cells, made = 0, rc = RG_OK;
    for (int attempt = 0; made < s->count && attempt < 40 * s->count; attempt++) {
        int c = hu_below(a->b, n);
        if (a->used[c]) continue;
        memcpy(before, a->used, (size_t)n);
        int ndiag = a->ndiag, nshafts = 0, lens[4];
        place_bulb(a, c, (int)s->pill);
        while (nshafts < s->shafts && find_shaft(a)) {
            memcpy(lines + nshafts * s->max_len, a->path, sizeof(int) * (size_t)a->len);
            lens[nshafts++] = a->len;
        }
        if (!nshafts) {
            memcpy(a->used, before, (size_t)n);
            a->ndiag = ndiag;
            continue;
        }
        rc = emit_arrow(a, lines, lens, nshafts, (int)s->max_len, t);
        if (rc != RG_OK) break;
        made++;
    }
    return rc;
}

static int generate(hu_board *b, const int *solution)
{
    settings s = {0};
    int rc = read_settings(b, &s);
    if (rc != RG_OK) return rc;
    int n = b->info.cells;
    archer a;
    memset(&a, 0, sizeof a);
    a.b = b;
    a.sol = solution;
    a.min_len = (int)s.min_len;
    a.max_len = (int)s.max_len;
    a.used = calloc((size_t)(n ? n : 1), 1);
    a.diag = malloc(sizeof(int) * 2 * (size_t)(n ? n : 1));
    a.path = malloc(sizeof(int) * (size_t)s.max_len);
    int *lines = malloc(sizeof(int) * (size_t)(s.shafts * s.max_len));
    char *before = malloc((size_t)(n ? n : 1));
    hu_text t = {0};
    if (!a.used || !a.diag || !a.path || !lines || !before)
        rc = b->h->gen_error(b->g, "out of memory");
    else
        rc = arrows(&a, &s, before, lines, &t);
    hu_text_free(&t);
    free(a.used);
    free(a.diag);
    free(a.path);
    free(lines);
    free(before);
    return rc;
}

int arrows_generate(rg_gen *g, const int *solution)
{
    return hu_run(arrows_host, g, solution, generate);
}
