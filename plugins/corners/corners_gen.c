/* The corner generate hook: quadruples (some digits of a 2x2 block) and
 * battenburg marks (blocks that are parity checkerboards) read off a
 * complete grid. Reading the rule lives in corners.c. */
#include <stdlib.h>

#include "hook_util.h"
#include "corners.h"

enum { K_QUADRUPLE, K_BATTENBURG };
static const char *const kinds[] = {"quadruple", "battenburg", NULL};

/* The 2x2 block whose top-left cell is c, in reading order; 0 when a cell
 * of it does not exist. */
static int block(const hu_board *b, int c, int q[4])
{
    q[0] = c;
    q[1] = hu_step(b, c, 0, 1);
    q[2] = hu_step(b, c, 1, 0);
    q[3] = hu_step(b, c, 1, 1);
    return q[1] >= 0 && q[2] >= 0 && q[3] >= 0;
}

static int checkerboard(const int *sol, const int q[4])
{
    int p[4];
    for (int i = 0; i < 4; i++) p[i] = sol[q[i]] & 1;
    return p[0] != p[1] && p[0] != p[2] && p[0] == p[3];
}

int corners_generate(rg_gen *g, const int *solution)
{
    const rg_host *h = corners_host;
    hu_board b;
    int rc = hu_board_init(&b, h, g);
    if (rc != RG_OK) return rc;
    int n = b.info.cells, kind = 0, k = 0;
    long all = 0, count = 0, digits = 0, negative = 0;
    int *tops = malloc(sizeof(int) * (size_t)(n ? n : 1));
    hu_text t = {0};
    if (!tops) {
        rc = h->gen_error(g, "out of memory");
        goto done;
    }
    rc = hu_enum(&b, "kind", "quadruple", kinds, &kind);
    if (rc == RG_OK && kind == K_QUADRUPLE) rc = hu_int(&b, "digits", 4, 1, 4, &digits);
    else if (rc == RG_OK && hu_has(&b, "digits"))
        rc = h->gen_error(g, "setting digits does not apply to battenburg corners");
    if (rc == RG_OK) rc = hu_int(&b, "all", 0, 0, 1, &all);
    if (rc == RG_OK) rc = hu_int(&b, "count", 4, 1, n ? n : 1, &count);
    if (rc == RG_OK) rc = hu_int(&b, "negative", 0, 0, 1, &negative);
    if (rc == RG_OK && negative && (kind != K_BATTENBURG || !all))
        rc = h->gen_error(g, "setting negative needs kind battenburg and all 1");
    if (rc != RG_OK) goto done;
    for (int c = 0; c < n; c++) {
        int q[4];
        if (block(&b, c, q) && (kind == K_QUADRUPLE || checkerboard(solution, q))) tops[k++] = c;
    }
    if (!all && count < k) {
        hu_shuffle(&b, tops, k);
        k = (int)count;
        for (int i = 1; i < k; i++) /* back to reading order */
            for (int j = i; j > 0 && tops[j - 1] > tops[j]; j--) {
                int x = tops[j];
                tops[j] = tops[j - 1];
                tops[j - 1] = x;
            }
    }
    for (int i = 0; i < k && rc == RG_OK; i++) {
        int q[4];
        block(&b, tops[i], q);
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"corner\",\"kind\":\"%s\",", kinds[kind]);
        if (kind == K_QUADRUPLE) {
            /* digits of the block's four, chosen at random, listed ascending */
            int d[4];
            for (int j = 0; j < 4; j++) d[j] = solution[q[j]];
            hu_shuffle(&b, d, 4);
            for (int x = 1; x < digits; x++)
                for (int y = x; y > 0 && d[y - 1] > d[y]; y--) {
                    int s = d[y];
                    d[y] = d[y - 1];
                    d[y - 1] = s;
                }
            hu_printf(&t, "\"digits\":[");
            for (int j = 0; j < digits; j++) hu_printf(&t, "%s%d", j ? "," : "", d[j]);
            hu_printf(&t, "],");
        }
        hu_printf(&t, "\"cells\":");
        hu_cells(&t, &b, q, 4);
        hu_printf(&t, "}");
        rc = hu_emit(&b, &t);
    }
    if (rc == RG_OK && negative) {
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"negative\",\"of\":\"battenburg\"}");
        rc = hu_emit(&b, &t);
    }
done:
    hu_text_free(&t);
    free(tops);
    hu_board_free(&b);
    return rc;
}
