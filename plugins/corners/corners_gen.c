/* The corner generate hook: quadruples (some digits of a 2x2 block) and
 * battenburg marks (blocks that are parity checkerboards) read off a
 * complete grid. Reading the rule lives in corners.c. */
#include <stdlib.h>

#include "corners.h"
#include "hook_util.h"

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

/* The request's settings: the kind (and the digits a quadruple lists),
 * every block or count of them, and the negative rule. */
typedef struct settings {
    int kind;
    long all, count, digits, negative;
} settings;

static int read_settings(const hu_board *b, settings *s)
{
    int n = b->info.cells;
    int rc = hu_enum(b, "kind", "quadruple", kinds, &s->kind);
    if (rc == RG_OK && s->kind == K_QUADRUPLE)
        rc = hu_int(b, "digits", 4, 1, 4, &s->digits);
    else if (rc == RG_OK && hu_has(b, "digits"))
        rc = b->h->gen_error(b->g, "setting digits does not apply to battenburg corners");
    if (rc == RG_OK) rc = hu_int(b, "all", 0, 0, 1, &s->all);
    if (rc == RG_OK) rc = hu_int(b, "count", 4, 1, n ? n : 1, &s->count);
    if (rc == RG_OK) rc = hu_int(b, "negative", 0, 0, 1, &s->negative);
    if (rc == RG_OK && s->negative && (s->kind != K_BATTENBURG || !s->all))
        rc = b->h->gen_error(b->g, "setting negative needs kind battenburg and all 1");
    return rc;
}

/* The corner rule of block q: a quadruple lists `digits` of the block's
 * four, chosen at random, ascending. */
static int emit_corner(const hu_board *b, const settings *s, const int *sol, const int q[4],
                       hu_text *t)
{
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"corner\",\"kind\":\"%s\",", kinds[s->kind]);
    if (s->kind == K_QUADRUPLE) {
        int d[4];
        for (int j = 0; j < 4; j++) d[j] = sol[q[j]];
        hu_shuffle(b, d, 4);
        for (int x = 1; x < s->digits; x++)
            for (int y = x; y > 0 && d[y - 1] > d[y]; y--) {
                int v = d[y];
                d[y] = d[y - 1];
                d[y - 1] = v;
            }
        hu_printf(t, "\"digits\":[");
        for (int j = 0; j < s->digits; j++) hu_printf(t, "%s%d", j ? "," : "", d[j]);
        hu_printf(t, "],");
    }
    hu_printf(t, "\"cells\":");
    hu_cells(t, b, q, 4);
    hu_printf(t, "}");
    return hu_emit(b, t);
}

static int generate(hu_board *b, const int *solution)
{
    int rc = RG_OK;
    settings s = {0};
    int n = b->info.cells, k = 0, q[4];
    int *tops = malloc(sizeof(int) * (size_t)(n ? n : 1));
    hu_text t = {0};
    if (!tops) rc = b->h->gen_error(b->g, "out of memory");
    if (rc == RG_OK) rc = read_settings(b, &s);
    if (rc == RG_OK) {
        for (int c = 0; c < n; c++)
            if (block(b, c, q) && (s.kind == K_QUADRUPLE || checkerboard(solution, q)))
                tops[k++] = c;
        if (!s.all) k = hu_pick(b, tops, k, s.count);
    }
    for (int i = 0; i < k && rc == RG_OK; i++) {
        block(b, tops[i], q);
        rc = emit_corner(b, &s, solution, q, &t);
    }
    if (rc == RG_OK && s.negative)
        rc = b->h->gen_emit(b->g, "{\"type\":\"negative\",\"of\":\"battenburg\"}");
    hu_text_free(&t);
    free(tops);
    return rc;
}

int corners_generate(rg_gen *g, const int *solution)
{
    return hu_run(corners_host, g, solution, generate);
}
