/* The cell generate hook: odd, even, low or high marks read off a complete
 * grid, on some cells or on every cell that qualifies (then optionally with
 * the negative rule). Reading the rule lives in cells.c. */
#include <stdlib.h>

#include "cells.h"
#include "hook_util.h"

enum { C_ODD, C_EVEN, C_LOW, C_HIGH };
static const char *const kinds[] = {"odd", "even", "low", "high", NULL};

static int holds(int kind, int split, int d)
{
    switch (kind) {
    case C_ODD: return d % 2 == 1;
    case C_EVEN: return d % 2 == 0;
    case C_LOW: return d <= split;
    default: return d > split;
    }
}

/* The request's settings: the kind (and split), every qualifying cell or
 * count of them, and the negative rule. */
typedef struct settings {
    int kind;
    long split, all, count, negative;
} settings;

static int read_settings(const hu_board *b, settings *s)
{
    int D = b->info.digits, n = b->info.cells;
    int rc = hu_enum(b, "kind", "odd", kinds, &s->kind);
    if (rc == RG_OK && s->kind >= C_LOW) {
        if (D < 2)
            rc = b->h->gen_error(b->g, "%s cells need 2 digits at least", kinds[s->kind]);
        else
            rc = hu_int(b, "split", D / 2, 1, D - 1, &s->split);
    } else if (rc == RG_OK && hu_has(b, "split"))
        rc = b->h->gen_error(b->g, "setting split does not apply to %s cells", kinds[s->kind]);
    if (rc == RG_OK) rc = hu_int(b, "all", 0, 0, 1, &s->all);
    if (rc == RG_OK) rc = hu_int(b, "count", 6, 1, n ? n : 1, &s->count);
    if (rc == RG_OK) rc = hu_int(b, "negative", 0, 0, 1, &s->negative);
    if (rc == RG_OK && s->negative && !s->all)
        rc = b->h->gen_error(b->g, "setting negative needs all 1: the negative rule says every "
                                   "qualifying cell is marked");
    return rc;
}

/* The cell rule over cells[0..k-1] (none when k is 0), then the negative. */
static int emit(const hu_board *b, const settings *s, const int *cells, int k, hu_text *t)
{
    int rc = RG_OK;
    if (k) {
        hu_printf(t, "{\"type\":\"cell\",\"kind\":\"%s\",", kinds[s->kind]);
        if (s->kind >= C_LOW) hu_printf(t, "\"split\":%ld,", s->split);
        hu_printf(t, "\"cells\":");
        hu_cells(t, b, cells, k);
        hu_printf(t, "}");
        rc = hu_emit(b, t);
    }
    if (rc == RG_OK && s->negative) {
        hu_text_reset(t);
        hu_printf(t, "{\"type\":\"negative\",\"of\":\"cell\",\"kind\":\"%s\"", kinds[s->kind]);
        if (s->kind >= C_LOW) hu_printf(t, ",\"split\":%ld", s->split);
        hu_printf(t, "}");
        rc = hu_emit(b, t);
    }
    return rc;
}

static int generate(hu_board *b, const int *solution)
{
    int rc = RG_OK;
    settings s = {0};
    int n = b->info.cells, k = 0;
    int *cells = malloc(sizeof(int) * (size_t)(n ? n : 1));
    hu_text t = {0};
    if (!cells) rc = b->h->gen_error(b->g, "out of memory");
    if (rc == RG_OK) rc = read_settings(b, &s);
    if (rc == RG_OK) {
        for (int c = 0; c < n; c++)
            if (holds(s.kind, (int)s.split, solution[c])) cells[k++] = c;
        if (!s.all) k = hu_pick(b, cells, k, s.count);
        rc = emit(b, &s, cells, k, &t);
    }
    hu_text_free(&t);
    free(cells);
    return rc;
}

int cells_generate(rg_gen *g, const int *solution)
{
    return hu_run(cells_host, g, solution, generate);
}
