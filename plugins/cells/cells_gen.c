/* The cell generate hook: odd, even, low or high marks read off a complete
 * grid, on some cells or on every cell that qualifies (then optionally with
 * the negative rule). Reading the rule lives in cells.c. */
#include <stdlib.h>

#include "hook_util.h"
#include "cells.h"

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

int cells_generate(rg_gen *g, const int *solution)
{
    const rg_host *h = cells_host;
    hu_board b;
    int rc = hu_board_init(&b, h, g);
    if (rc != RG_OK) return rc;
    int n = b.info.cells, D = b.info.digits, kind = 0, k = 0;
    long split = 0, all = 0, count = 0, negative = 0;
    int *cells = malloc(sizeof(int) * (size_t)(n ? n : 1));
    char *take = calloc((size_t)(n ? n : 1), 1);
    hu_text t = {0};
    if (!cells || !take) {
        rc = h->gen_error(g, "out of memory");
        goto done;
    }
    rc = hu_enum(&b, "kind", "odd", kinds, &kind);
    if (rc == RG_OK && kind >= C_LOW) {
        if (D < 2) rc = h->gen_error(g, "%s cells need 2 digits at least", kinds[kind]);
        else rc = hu_int(&b, "split", D / 2, 1, D - 1, &split);
    } else if (rc == RG_OK && hu_has(&b, "split"))
        rc = h->gen_error(g, "setting split does not apply to %s cells", kinds[kind]);
    if (rc == RG_OK) rc = hu_int(&b, "all", 0, 0, 1, &all);
    if (rc == RG_OK) rc = hu_int(&b, "count", 6, 1, n ? n : 1, &count);
    if (rc == RG_OK) rc = hu_int(&b, "negative", 0, 0, 1, &negative);
    if (rc == RG_OK && negative && !all)
        rc = h->gen_error(g, "setting negative needs all 1: the negative rule says every "
                             "qualifying cell is marked");
    if (rc != RG_OK) goto done;
    for (int c = 0; c < n; c++)
        if (holds(kind, (int)split, solution[c])) cells[k++] = c;
    if (!all && count < k) {
        hu_shuffle(&b, cells, k);
        for (int i = 0; i < count; i++) take[cells[i]] = 1;
        k = 0;
        for (int c = 0; c < n; c++)
            if (take[c]) cells[k++] = c;
    }
    if (k) {
        hu_printf(&t, "{\"type\":\"cell\",\"kind\":\"%s\",", kinds[kind]);
        if (kind >= C_LOW) hu_printf(&t, "\"split\":%ld,", split);
        hu_printf(&t, "\"cells\":");
        hu_cells(&t, &b, cells, k);
        hu_printf(&t, "}");
        rc = hu_emit(&b, &t);
    }
    if (rc == RG_OK && negative) {
        hu_text_reset(&t);
        hu_printf(&t, "{\"type\":\"negative\",\"of\":\"cell\",\"kind\":\"%s\"", kinds[kind]);
        if (kind >= C_LOW) hu_printf(&t, ",\"split\":%ld", split);
        hu_printf(&t, "}");
        rc = hu_emit(&b, &t);
    }
done:
    hu_text_free(&t);
    free(cells);
    free(take);
    hu_board_free(&b);
    return rc;
}
