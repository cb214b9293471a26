/* The cells plugin: odd, even, low and high cells (format.md 6.7). Each is a
 * restriction of the cell's root domain, made once at build time; nothing of
 * this plugin runs while solving. */
#include <stdio.h>

#include "cells.h"
#include "rulegrid/plugin.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *cells_host;

enum { K_ODD, K_EVEN, K_LOW, K_HIGH };
static const char *const kinds[] = {"odd", "even", "low", "high", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const cell_order[] = {"kind", "split", "cells", NULL};

static int compile_cell(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    rg_board_info bi;
    cells_host->board(b, &bi);
    int kind;
    int rc = cells_host->read_enum(b, r, "kind", 0, kinds, &kind);
    if (rc != RG_OK) return rc;
    long split = 0;
    if (kind == K_LOW || kind == K_HIGH) {
        if (bi.digits < 2)
            return cells_host->error(b, r, "kind", "%s cells need a board of at least 2 digits",
                                     kinds[kind]);
        rc = cells_host->read_int(b, r, "split", 0, 1, bi.digits - 1, &split);
        if (rc != RG_OK) return rc;
    } else if (cells_host->has(b, r, "split")) {
        return cells_host->error(
            b, r, "split", "split belongs only to low and high cells, not to %s", kinds[kind]);
    }
    const int *cells;
    int n;
    rc = cells_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    rg_mask allowed = 0;
    for (int d = 1; d <= bi.digits; d++) {
        int ok = kind == K_ODD    ? d % 2 == 1
                 : kind == K_EVEN ? d % 2 == 0
                 : kind == K_LOW  ? d <= split
                                  : d > split;
        if (ok) allowed |= (rg_mask)1 << (d - 1);
    }
    for (int i = 0; i < n && rc == RG_OK; i++) {
        rc = cells_host->add_mark(b, "cell", kind * 1000L + split, &cells[i], 1);
        if (rc == RG_OK) rc = cells_host->restrict_cell(b, cells[i], allowed);
    }
    return rc;
}

/* One cell's mark (docs/render.md): odd a grey circle, even a grey square,
 * low a pale blue circle and high a pale orange square, each of these two
 * with its bound ("≤4", "≥5") in the top-left corner. */
static int draw_one(rg_draw *d, rg_build *b, int cell, int kind, long split)
{
    int row, col;
    cells_host->cell_pos(b, cell, &row, &col);
    double x = col - 0.5, y = row - 0.5;
    rg_style s = {.size = sizeof s,
                  .fill = kind == K_LOW    ? "#cfe2f3"
                          : kind == K_HIGH ? "#fce0c4"
                                           : "#d0d0d0",
                  .layer = RG_LAYER_SHADE};
    int rc;
    if (kind == K_ODD || kind == K_LOW) {
        rc = cells_host->draw_circle(d, x, y, 0.4, &s);
    } else {
        double sq[8] = {x - 0.4, y - 0.4, x + 0.4, y - 0.4, x + 0.4, y + 0.4, x - 0.4, y + 0.4};
        rc = cells_host->draw_poly(d, sq, 4, 1, &s);
    }
    if (rc != RG_OK || kind == K_ODD || kind == K_EVEN) return rc;
    char label[32];
    snprintf(label, sizeof label, kind == K_LOW ? "\u2264%ld" : "\u2265%ld",
             kind == K_LOW ? split : split + 1);
    rg_style t = {
        .size = sizeof t, .fill = "#444444", .layer = RG_LAYER_TEXT, .anchor = RG_ANCHOR_TOP_LEFT};
    return cells_host->draw_text(d, x - 0.46, y - 0.46, 0.2, &t, label);
}

static int draw_cell(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    int kind;
    long split = 0;
    int rc = cells_host->read_enum(b, r, "kind", 0, kinds, &kind);
    if (rc == RG_OK && (kind == K_LOW || kind == K_HIGH)) {
        rg_board_info bi;
        cells_host->board(b, &bi);
        rc = cells_host->read_int(b, r, "split", 0, 1, bi.digits - 1, &split);
    }
    const int *cells;
    int n = 0;
    if (rc == RG_OK) rc = cells_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    for (int i = 0; i < n && rc == RG_OK; i++) rc = draw_one(d, b, cells[i], kind, split);
    return rc;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "cell",
     .family = "cells",
     .compile = compile_cell,
     .generate = cells_generate,
     .write_rank = 607,
     .write_order = cell_order,
     .draw = draw_cell},
};

RG_PLUGIN_DEFINE("cells", "1.0", "cell clues: odd, even, low, high", cells_host, types, NULL);
