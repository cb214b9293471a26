/* The draw hooks of the houses plugin (docs/render.md): boxes and jigsaw
 * pieces outlined thick (which also draws the outline of every grid made
 * of boxes), a grid without boxes outlined thick, and regions by kind:
 * diagonals as a line through their cells, windows and extra regions
 * shaded, colour groups shaded by group, disjoint groups in the legend,
 * other regions outlined. Rows and columns draw nothing of their own. */
#include <stddef.h>

#include "houses.h"

#define THICK 0.07 /* cells: box borders */

static const rg_style thick = {
    .size = sizeof(rg_style), .stroke = "black", .width = THICK, .layer = RG_LAYER_LINE};

/* The D x D area from origin, into cells (D * D room). */
static int grid_cells(const rg_build *b, int origin, int *cells)
{
    rg_board_info bi;
    houses_host->board(b, &bi);
    int row0, col0, n = 0;
    houses_host->cell_pos(b, origin, &row0, &col0);
    for (int i = 0; i < bi.digits; i++)
        for (int j = 0; j < bi.digits; j++) {
            int c = houses_host->cell_at(b, row0 + i, col0 + j);
            if (c >= 0) cells[n++] = c;
        }
    return n;
}

/* The boxes of a box_grid, each outlined thick: the borders between boxes
 * and round the grid. */
static int draw_box_grid(rg_draw *d, rg_build *b, const house_rule *hr)
{
    rg_board_info bi;
    houses_host->board(b, &bi);
    int D = bi.digits, row0, col0, rc = RG_OK;
    int *cells = houses_host->alloc(b, (size_t)D * sizeof *cells);
    if (!cells) return RG_E_NOMEM;
    houses_host->cell_pos(b, hr->origin, &row0, &col0);
    for (int top = 0; rc == RG_OK && top < D; top += hr->box_h)
        for (int left = 0; rc == RG_OK && left < D; left += hr->box_w) {
            int k = 0;
            for (int i = 0; i < hr->box_h; i++)
                for (int j = 0; j < hr->box_w; j++)
                    cells[k++] = houses_host->cell_at(b, row0 + top + i, col0 + left + j);
            rc = houses_host->draw_outline(d, cells, k, 0, &thick, NULL, NULL);
        }
    return rc;
}

int houses_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)r;
    const house_rule *hr = data;
    if (!hr) return RG_OK;
    if (hr->what == HR_BOX)
        return houses_host->draw_outline(d, hr->cells, hr->n, 0, &thick, NULL, NULL);
    if (hr->what == HR_BOX_GRID) return draw_box_grid(d, b, hr);
    if (hr->what != HR_GRID) return RG_OK;
    rg_board_info bi;
    houses_host->board(b, &bi);
    int *cells = houses_host->alloc(b, (size_t)bi.digits * (size_t)bi.digits * sizeof *cells);
    if (!cells) return RG_E_NOMEM;
    int n = grid_cells(b, hr->origin, cells);
    return houses_host->draw_outline(d, cells, n, 0, &thick, NULL, NULL);
}

/* Shades of the colour groups, by rule index. */
static const char *const palette[] = {"#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#d0e0e3",
                                      "#cfe2f3", "#d9d2e9", "#ead1dc", "#e6e6e6"};

/* The line of a diagonal: through the centres of its cells as listed. */
static int draw_diagonal(rg_draw *d, rg_build *b, const int *cells, int n)
{
    double *xy = houses_host->alloc(b, (size_t)n * 2 * sizeof *xy);
    if (!xy) return RG_E_NOMEM;
    for (int i = 0; i < n; i++) {
        int row, col;
        houses_host->cell_pos(b, cells[i], &row, &col);
        xy[2 * i] = col - 0.5;
        xy[2 * i + 1] = row - 0.5;
    }
    rg_style s = {.size = sizeof s,
                  .stroke = "#4a78b5",
                  .width = 0.035,
                  .opacity = 0.8,
                  .layer = RG_LAYER_LINE,
                  .flags = RG_STYLE_ROUND};
    return houses_host->draw_poly(d, xy, n, 0, &s);
}

static int legend(rg_draw *d, const char *text)
{
    if (houses_host->size < offsetof(rg_host, draw_legend) + sizeof houses_host->draw_legend)
        return RG_OK;
    return houses_host->draw_legend(d, text);
}

/* Long: one case per region kind, each a few lines of style. */
int houses_draw_region(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    static const char *const kinds[] = {"diagonal", "window", "disjoint", "colour",
                                        "extra",    "region", NULL};
    int kind = 5;
    int rc = houses_host->read_enum(b, r, "kind", RG_F_OPTIONAL, kinds, &kind);
    if (rc != RG_OK && rc != RG_ABSENT) return rc;
    const int *cells;
    int n;
    rc = houses_host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    rg_style s = {.size = sizeof s, .layer = RG_LAYER_SHADE};
    switch (kind) {
    case 0: return draw_diagonal(d, b, cells, n);
    case 1: s.fill = "#cccccc"; return houses_host->draw_cells(d, cells, n, &s);
    case 2:
        return legend(d, "Disjoint groups: cells in the same position of their boxes hold "
                         "different digits.");
    case 3:
        s.fill = palette[houses_host->rule_index(r) % (int)(sizeof palette / sizeof *palette)];
        return houses_host->draw_cells(d, cells, n, &s);
    case 4: s.fill = "#c9daf8"; return houses_host->draw_cells(d, cells, n, &s);
    default:
        s.stroke = "#8e44ad", s.width = 0.035, s.dash = 0.12, s.layer = RG_LAYER_LINE;
        return houses_host->draw_outline(d, cells, n, 0.06, &s, NULL, NULL);
    }
}
