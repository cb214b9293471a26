/* The houses plugin: grid, box_grid, box, row, column and region rules
 * (format.md 6.1, 6.2); their canonical form is written by houses_write.c,
 * jigsaw layouts drawn by houses_layout.c. */
#include <stddef.h>
#include <stdio.h>

#include "houses.h"

/* The plugin only declares houses and grid areas: the core owns the peers
 * and units built from them, so nothing here runs while solving. */

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *houses_host;

static const char *const region_kinds[] = {"diagonal", "window", "disjoint", "colour",
                                           "extra",    "region", NULL};

/* "r3c12" for a cell, for messages. */
static void name_cell(const rg_build *b, int cell, char *buf, size_t n)
{
    int row, col;
    houses_host->cell_pos(b, cell, &row, &col);
    snprintf(buf, n, "r%dc%d", row, col);
}

/* Reads origin and checks that the D x D area from it fits the board and
 * exists. On success *row0 / *col0 give its position. */
static int read_grid_area(rg_build *b, rg_rule *r, int *origin, int *row0, int *col0)
{
    rg_board_info bi;
    houses_host->board(b, &bi);
    int rc = houses_host->read_cell(b, r, "origin", 0, origin);
    if (rc != RG_OK) return rc;
    houses_host->cell_pos(b, *origin, row0, col0);
    int d = bi.digits;
    if (*row0 + d - 1 > bi.rows || *col0 + d - 1 > bi.columns) {
        char name[24];
        name_cell(b, *origin, name, sizeof name);
        return houses_host->error(b, r, "origin",
                                  "a %d x %d grid from %s does not fit the board of %d rows and "
                                  "%d columns",
                                  d, d, name, bi.rows, bi.columns);
    }
    for (int i = 0; i < d; i++)
        for (int j = 0; j < d; j++)
            if (houses_host->cell_at(b, *row0 + i, *col0 + j) < 0) {
                char name[24];
                name_cell(b, *origin, name, sizeof name);
                return houses_host->error(b, r, "origin",
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
    houses_host->board(b, &bi);
    int d = bi.digits;
    int *cells = houses_host->alloc(b, (size_t)d * sizeof *cells);
    if (!cells) return houses_host->error(b, r, NULL, "out of memory");
    int rc = houses_host->add_grid(b, origin);
    for (int i = 0; rc == RG_OK && i < d; i++) {
        for (int j = 0; j < d; j++) cells[j] = houses_host->cell_at(b, row0 + i, col0 + j);
        rc = houses_host->add_house(b, cells, d, RG_HOUSE_ROW);
    }
    for (int j = 0; rc == RG_OK && j < d; j++) {
        for (int i = 0; i < d; i++) cells[i] = houses_host->cell_at(b, row0 + i, col0 + j);
        rc = houses_host->add_house(b, cells, d, RG_HOUSE_COLUMN);
    }
    if (box_h <= 0) return rc;
    for (int top = 0; rc == RG_OK && top < d; top += box_h)
        for (int left = 0; rc == RG_OK && left < d; left += box_w) {
            int k = 0;
            for (int i = 0; i < box_h; i++)
                for (int j = 0; j < box_w; j++)
                    cells[k++] = houses_host->cell_at(b, row0 + top + i, col0 + left + j);
            rc = houses_host->add_house(b, cells, d, RG_HOUSE_BOX);
        }
    return rc;
}

/* What the writer needs of a rule: kept with the model. */
static house_rule *keep(rg_build *b, rg_rule *r, void **data, int what)
{
    house_rule *hr = houses_host->alloc(b, sizeof *hr);
    if (!hr) {
        houses_host->error(b, r, NULL, "out of memory");
        return NULL;
    }
    hr->what = what;
    *data = hr;
    return hr;
}

static int compile_grid(rg_build *b, rg_rule *r, void **data)
{
    int origin, row0, col0;
    int rc = read_grid_area(b, r, &origin, &row0, &col0);
    if (rc != RG_OK) return rc;
    house_rule *hr = keep(b, r, data, HR_GRID);
    if (!hr) return RG_E_NOMEM;
    hr->origin = origin;
    return add_grid_houses(b, r, origin, row0, col0, 0, 0);
}

static int compile_box_grid(rg_build *b, rg_rule *r, void **data)
{
    rg_board_info bi;
    houses_host->board(b, &bi);
    int origin, row0, col0;
    int rc = read_grid_area(b, r, &origin, &row0, &col0);
    if (rc != RG_OK) return rc;
    const int *box;
    int n;
    rc = houses_host->read_digits(b, r, "box", 0, 2, 2, &box, &n);
    if (rc != RG_OK) return rc;
    if (box[0] * box[1] != bi.digits)
        return houses_host->error(b, r, "box",
                                  "boxes of %d x %d hold %d cells, but the board has %d digits",
                                  box[0], box[1], box[0] * box[1], bi.digits);
    house_rule *hr = keep(b, r, data, HR_BOX_GRID);
    if (!hr) return RG_E_NOMEM;
    hr->origin = origin;
    hr->box_h = box[0];
    hr->box_w = box[1];
    return add_grid_houses(b, r, origin, row0, col0, box[0], box[1]);
}

static int compile_house(rg_build *b, rg_rule *r, void **data, int kind, const char *what)
{
    const int *cells;
    int n;
    int rc = houses_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    house_rule *hr = keep(b, r, data,
                          kind == RG_HOUSE_BOX   ? HR_BOX
                          : kind == RG_HOUSE_ROW ? HR_ROW
                                                 : HR_COLUMN);
    if (!hr) return RG_E_NOMEM;
    hr->cells = cells;
    hr->n = n;
    rg_board_info bi;
    houses_host->board(b, &bi);
    if (n > bi.digits)
        return houses_host->error(b, r, "cells",
                                  "a %s of %d cells cannot hold distinct digits: the board has %d "
                                  "digits",
                                  what, n, bi.digits);
    return houses_host->add_house(b, cells, n, kind);
}

static int compile_box(rg_build *b, rg_rule *r, void **data)
{
    return compile_house(b, r, data, RG_HOUSE_BOX, "box");
}

static int compile_row(rg_build *b, rg_rule *r, void **data)
{
    return compile_house(b, r, data, RG_HOUSE_ROW, "row");
}

static int compile_column(rg_build *b, rg_rule *r, void **data)
{
    return compile_house(b, r, data, RG_HOUSE_COLUMN, "column");
}

/* A region larger than D is no error: the core marks the puzzle as having
 * no solution (format.md 8.6). The kind only guides drawing. */
static int compile_region(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    int kind;
    int rc = houses_host->read_enum(b, r, "kind", RG_F_OPTIONAL, region_kinds, &kind);
    if (rc != RG_OK && rc != RG_ABSENT) return rc;
    const int *cells;
    int n;
    rc = houses_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    return houses_host->add_house(b, cells, n, RG_HOUSE_REGION);
}

/* The house rules share one writer, which rebuilds them together (rank 601,
 * format.md §6.1); regions are written as read (602). */
#define HOUSE(name_, compile_, layout_)                                                            \
    {                                                                                              \
        .size = sizeof(rg_rule_type), .name = (name_), .family = "houses", .compile = (compile_),  \
        .write_rank = 601, .write = houses_write, .layout = (layout_), .draw = houses_draw         \
    }

static const char *const region_order[] = {"kind", "cells", NULL};

static const rg_rule_type types[] = {
    HOUSE("grid", compile_grid, NULL),
    HOUSE("box_grid", compile_box_grid, NULL),
    HOUSE("box", compile_box, houses_layout_jigsaw),
    HOUSE("row", compile_row, NULL),
    HOUSE("column", compile_column, NULL),
    {.size = sizeof(rg_rule_type),
     .name = "region",
     .family = "houses",
     .compile = compile_region,
     .write_rank = 602,
     .write_order = region_order,
     .draw = houses_draw_region},
};

RG_PLUGIN_DEFINE("houses", "1.0", "houses and regions: grid, box_grid, box, row, column, region",
                 houses_host, types, NULL);
