/* The arrow generate hook: a bulb (one cell, or a pill of two) on a complete
 * grid and shafts walked by king steps from it whose digits sum to the
 * bulb's number. Reading and pruning of arrows live in arrows.c. */
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "arrows.h"

typedef struct archer {
    hu_board *b;
    const int *sol;
    char *used;   /* cells of earlier arrows, and of this one so far */
    int *diag;    /* diagonal steps of every shaft so far, pairs of cells */
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

int arrows_generate(rg_gen *g, const int *solution)
{
    const rg_host *h = arrows_host;
    hu_board b;
    int rc = hu_board_init(&b, h, g);
    if (rc != RG_OK) return rc;
    int n = b.info.cells;
    long count = 0, min_len = 0, max_len = 0, pill = 0, shafts = 0;
    rc = hu_int(&b, "count", 4, 1, n, &count);
    if (rc == RG_OK) rc = hu_int(&b, "min_len", 2, 1, n, &min_len);
    if (rc == RG_OK) rc = hu_int(&b, "max_len", min_len > 4 ? min_len : 4, min_len, n, &max_len);
    if (rc == RG_OK) rc = hu_int(&b, "pill", 0, 0, 1, &pill);
    if (rc == RG_OK) rc = hu_int(&b, "shafts", 1, 1, 4, &shafts);
    if (rc != RG_OK) {
        hu_board_free(&b);
        return rc;
    }
    archer a;
    memset(&a, 0, sizeof a);
    a.b = &b;
    a.sol = solution;
    a.min_len = (int)min_len;
    a.max_len = (int)max_len;
    a.used = calloc((size_t)(n ? n : 1), 1);
    a.diag = malloc(sizeof(int) * 2 * (size_t)(n ? n : 1));
    a.path = malloc(sizeof(int) * (size_t)max_len);
    int *lines = malloc(sizeof(int) * (size_t)(shafts * max_len));
    char *before = malloc((size_t)(n ? n : 1));
    hu_text t = {0};
    if (!a.used || !a.diag || !a.path || !lines || !before) {
        rc = h->gen_error(g, "out of memory");
        goto done;
    }
    int made = 0;
    for (int attempt = 0; made < count && attempt < 40 * count; attempt++) {
        int c = hu_below(&b, n);
        if (a.used[c]) continue;
        memcpy(before, a.used, (size_t)n);
        int ndiag = a.ndiag;
        a.bulb[0] = c;
        a.nbulb = 1;
        a.target = solution[c];
        if (pill && hu_below(&b, 2)) {
            int nb[8], m = hu_neighbours(&b, c, 0, nb), k = 0;
            for (int i = 0; i < m; i++)
                if (!a.used[nb[i]]) nb[k++] = nb[i];
            if (k) {
                a.bulb[1] = nb[hu_below(&b, k)];
                a.nbulb = 2;
                a.target = 10 * solution[c] + solution[a.bulb[1]];
            }
        }
        for (int i = 0; i < a.nbulb; i++) a.used[a.bulb[i]] = 1;
        int nshafts = 0, lens[4];
        while (nshafts < shafts && find_shaft(&a)) {
            memcpy(lines + nshafts * max_len, a.path, sizeof(int) * (size_t)a.len);
            lens[nshafts++] = a.len;
        }
        if (!nshafts) {
            memcpy(a.used, before, (size_t)n);
            a.ndiag = ndiag;
            continue;
        }
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"arrow\",\"bulb\":");
        hu_cells(&t, &b, a.bulb, a.nbulb);
        hu_printf(&t, ",\"lines\":[");
        for (int i = 0; i < nshafts; i++) {
            if (i) hu_printf(&t, ",");
            hu_cells(&t, &b, lines + i * max_len, lens[i]);
        }
        hu_printf(&t, "]}");
        rc = hu_emit(&b, &t);
        if (rc != RG_OK) goto done;
        made++;
    }
done:
    hu_text_free(&t);
    free(a.used);
    free(a.diag);
    free(a.path);
    free(lines);
    free(before);
    hu_board_free(&b);
    return rc;
}
