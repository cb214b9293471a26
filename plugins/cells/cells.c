/* The cells plugin: odd, even, low and high cells (format.md 6.7). Each is a
 * restriction of the cell's root domain, made once at build time; nothing of
 * this plugin runs while solving. */
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

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "cell",
     .family = "cells",
     .compile = compile_cell,
     .generate = cells_generate,
     .write_rank = 607,
     .write_order = cell_order},
};

RG_PLUGIN_DEFINE("cells", "1.0", "cell clues: odd, even, low, high", cells_host, types, NULL);
