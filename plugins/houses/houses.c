/* The houses plugin: grid, box_grid, box, row, column and region rules
 * (format.md 6.1, 6.2). It only declares houses and grid areas: the core owns
 * the peers and units built from them, so nothing here runs while solving. */
#include <stddef.h>
#include <stdio.h>

#include "rulegrid/plugin.h"

static const rg_host *host;

static const char *const region_kinds[] = {"diagonal", "window", "disjoint", "colour",
                                           "extra",    "region", NULL};

/* "r3c12" for a cell, for messages. */
static void name_cell(const rg_build *b, int cell, char *buf, size_t n)
{
    int row, col;
    host->cell_pos(b, cell, &row, &col);
    snprintf(buf, n, "r%dc%d", row, col);
}

/* Reads origin and checks that the D x D area from it fits the board and
 * exists. On success *row0 / *col0 give its position. */
static int read_grid_area(rg_build *b, rg_rule *r, int *origin, int *row0, int *col0)
{
    rg_board_info bi;
    host->board(b, &bi);
    int rc = host->read_cell(b, r, "origin", 0, origin);
    if (rc != RG_OK) return rc;
    host->cell_pos(b, *origin, row0, col0);
    int d = bi.digits;
    if (*row0 + d - 1 > bi.rows || *col0 + d - 1 > bi.columns) {
        char name[24];
        name_cell(b, *origin, name, sizeof name);
        return host->error(b, r, "origin",
                           "a %d x %d grid from %s does not fit the board of %d rows and "
                           "%d columns",
                           d, d, name, bi.rows, bi.columns);
    }
    for (int i = 0; i < d; i++)
        for (int j = 0; j < d; j++)
            if (host->cell_at(b, *row0 + i, *col0 + j) < 0) {
                char name[24];
                name_cell(b, *origin, name, sizeof name);
                return host->error(b, r, "origin",
                                   "cell r%dc%d of the grid from %s does not exist on the "
                                   "board",
                                   *row0 + i, *col0 + j, name);
            }
    return RG_OK;
}

/* The rows and columns of the D x D area; with box_h > 0 also its boxes. */
static int add_grid_houses(rg_build *b, rg_rule *r, int origin, int row0, int col0, int box_h,
                           int box_w)
{
    rg_board_info bi;
    host->board(b, &bi);
    int d = bi.digits;
    int *cells = host->alloc(b, (size_t)d * sizeof *cells);
    if (!cells) return host->error(b, r, NULL, "out of memory");
    int rc = host->add_grid(b, origin);
    for (int i = 0; rc == RG_OK && i < d; i++) {
        for (int j = 0; j < d; j++) cells[j] = host->cell_at(b, row0 + i, col0 + j);
        rc = host->add_house(b, cells, d, RG_HOUSE_ROW);
    }
    for (int j = 0; rc == RG_OK && j < d; j++) {
        for (int i = 0; i < d; i++) cells[i] = host->cell_at(b, row0 + i, col0 + j);
        rc = host->add_house(b, cells, d, RG_HOUSE_COLUMN);
    }
    if (box_h <= 0) return rc;
    for (int top = 0; rc == RG_OK && top < d; top += box_h)
        for (int left = 0; rc == RG_OK && left < d; left += box_w) {
            int k = 0;
            for (int i = 0; i < box_h; i++)
                for (int j = 0; j < box_w; j++)
                    cells[k++] = host->cell_at(b, row0 + top + i, col0 + left + j);
            rc = host->add_house(b, cells, d, RG_HOUSE_BOX);
        }
    return rc;
}

static int compile_grid(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    int origin, row0, col0;
    int rc = read_grid_area(b, r, &origin, &row0, &col0);
    if (rc != RG_OK) return rc;
    return add_grid_houses(b, r, origin, row0, col0, 0, 0);
}

static int compile_box_grid(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    rg_board_info bi;
    host->board(b, &bi);
    int origin, row0, col0;
    int rc = read_grid_area(b, r, &origin, &row0, &col0);
    if (rc != RG_OK) return rc;
    const int *box;
    int n;
    rc = host->read_digits(b, r, "box", 0, 2, 2, &box, &n);
    if (rc != RG_OK) return rc;
    if (box[0] * box[1] != bi.digits)
        return host->error(b, r, "box",
                           "boxes of %d x %d hold %d cells, but the board has %d digits",
                           box[0], box[1], box[0] * box[1], bi.digits);
    return add_grid_houses(b, r, origin, row0, col0, box[0], box[1]);
}

static int compile_house(rg_build *b, rg_rule *r, int kind, const char *what)
{
    const int *cells;
    int n;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    rg_board_info bi;
    host->board(b, &bi);
    if (n > bi.digits)
        return host->error(b, r, "cells",
                           "a %s of %d cells cannot hold distinct digits: the board has %d "
                           "digits",
                           what, n, bi.digits);
    return host->add_house(b, cells, n, kind);
}

static int compile_box(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile_house(b, r, RG_HOUSE_BOX, "box");
}

static int compile_row(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile_house(b, r, RG_HOUSE_ROW, "row");
}

static int compile_column(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile_house(b, r, RG_HOUSE_COLUMN, "column");
}

/* A region larger than D is no error: the core marks the puzzle as having
 * no solution (format.md 8.6). The kind only guides drawing. */
static int compile_region(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    int kind;
    int rc = host->read_enum(b, r, "kind", RG_F_OPTIONAL, region_kinds, &kind);
    if (rc != RG_OK && rc != RG_ABSENT) return rc;
    const int *cells;
    int n;
    rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    return host->add_house(b, cells, n, RG_HOUSE_REGION);
}

#define TYPE(name_, compile_) {.size = sizeof(rg_rule_type), .name = (name_), .family = "houses", .compile = (compile_), .link = NULL}

static const rg_rule_type types[] = {
    TYPE("grid", compile_grid),     TYPE("box_grid", compile_box_grid),
    TYPE("box", compile_box),       TYPE("row", compile_row),
    TYPE("column", compile_column), TYPE("region", compile_region),
};

static int init(const rg_host *h, rg_registrar *reg)
{
    host = h;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        int rc = h->register_type(reg, &types[i]);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void)
{
    static const rg_plugin_info info =
        RG_PLUGIN_INFO("houses", "1.0",
                       "houses and regions: grid, box_grid, box, row, column, region", init);
    return &info;
}
