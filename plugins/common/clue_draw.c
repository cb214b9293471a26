/* Helpers shared by the draw hooks of the clue plugins: the host's draw
 * calls with the cells' centres, dots with labels, numbers and arrows. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "clue_draw.h"

int cd_begin(cd_pen *p, const rg_host *h, rg_draw *d, rg_build *b)
{
    if (!h || h->size < offsetof(rg_host, draw_outline) + sizeof h->draw_outline)
        return RG_E_PLUGIN;
    p->h = h;
    p->d = d;
    p->b = b;
    h->board(b, &p->info);
    return RG_OK;
}

rg_style cd_style(const char *stroke, const char *fill, double width, int layer, unsigned flags)
{
    rg_style s = {.size = sizeof(rg_style),
                  .stroke = stroke,
                  .fill = fill,
                  .width = width,
                  .layer = layer,
                  .flags = flags};
    return s;
}

void cd_pos(const cd_pen *p, int cell, int *row, int *col) { p->h->cell_pos(p->b, cell, row, col); }

void cd_centre(const cd_pen *p, int cell, double *x, double *y)
{
    int row, col;
    p->h->cell_pos(p->b, cell, &row, &col);
    *x = col - 0.5;
    *y = row - 0.5;
}

void cd_centres(const cd_pen *p, const int *cells, int n, double *xy)
{
    for (int i = 0; i < n; i++) cd_centre(p, cells[i], &xy[2 * i], &xy[2 * i + 1]);
}

int cd_path(const cd_pen *p, const int *cells, int n, int closed, const rg_style *s)
{
    double *xy = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    if (!xy) return RG_E_NOMEM;
    cd_centres(p, cells, n, xy);
    int m = n;
    /* A loop comes back to its first cell (the host's closed polygons are
     * filled, a line is not). */
    if (closed && n > 2) {
        xy[2 * n] = xy[0];
        xy[2 * n + 1] = xy[1];
        m = n + 1;
    }
    int rc = p->h->draw_poly(p->d, xy, m, 0, s);
    free(xy);
    return rc;
}

int cd_bulb(const cd_pen *p, int cell, double r, const rg_style *s)
{
    double x, y;
    cd_centre(p, cell, &x, &y);
    return p->h->draw_circle(p->d, x, y, r, s);
}

int cd_diamond(const cd_pen *p, int cell, double r, const rg_style *s)
{
    double x, y;
    cd_centre(p, cell, &x, &y);
    double xy[8] = {x, y - r, x + r, y, x, y + r, x - r, y};
    return p->h->draw_poly(p->d, xy, 4, 1, s);
}

int cd_number(const cd_pen *p, double x, double y, double size, long v, const rg_style *s)
{
    char text[32];
    snprintf(text, sizeof text, "%ld", v);
    return p->h->draw_text(p->d, x, y, size, s, text);
}

/* Characters (not bytes) of UTF-8 text. */
static int chars(const char *text)
{
    int n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) n += (*c & 0xc0) != 0x80;
    return n;
}

int cd_dot(const cd_pen *p, double x, double y, double r, const rg_style *s, const char *label,
           double size, const char *label_colour)
{
    int len = label ? chars(label) : 0;
    /* A digit is about 0.6 of its height wide: room for the label. */
    double need = len * size * 0.3 + 0.04;
    int rc = p->h->draw_circle(p->d, x, y, need > r ? need : r, s);
    if (rc != RG_OK || !len) return rc;
    rg_style t = cd_style(NULL, label_colour, 0, s->layer, 0);
    t.anchor = RG_ANCHOR_CENTRE;
    return p->h->draw_text(p->d, x, y, size, &t, label);
}

int cd_arrow(const cd_pen *p, double x0, double y0, double x1, double y1, const rg_style *s)
{
    rg_style a = *s;
    a.flags |= RG_STYLE_ARROW;
    double xy[4] = {x0, y0, x1, y1};
    return p->h->draw_poly(p->d, xy, 2, 0, &a);
}
