/* Helpers shared by the draw hooks of the clue plugins (clue_draw.c):
 * cages, lines, arrows, relations and outside. Coordinates are the host's
 * (plugin.h "Drawing"): cells, the board's top-left corner at (0, 0). */
#ifndef RG_CLUE_DRAW_H
#define RG_CLUE_DRAW_H

#include "rulegrid/plugin.h"

/* One rule being drawn: the host table, the picture and the build. */
typedef struct cd_pen {
    const rg_host *h;
    rg_draw *d;
    rg_build *b;
    rg_board_info info;
} cd_pen;

/* RG_OK, or RG_E_PLUGIN when the host table has no draw calls (an older
 * host, which never calls a draw hook anyway). */
int cd_begin(cd_pen *p, const rg_host *h, rg_draw *d, rg_build *b);

/* A style: stroke and fill colours (NULL: none), width, layer, flags. */
rg_style cd_style(const char *stroke, const char *fill, double width, int layer, unsigned flags);

/* The centre of cell. */
void cd_centre(const cd_pen *p, int cell, double *x, double *y);
/* Row and column of cell. */
void cd_pos(const cd_pen *p, int cell, int *row, int *col);
/* The centres of cells[0..n-1] into xy (2n doubles). */
void cd_centres(const cd_pen *p, const int *cells, int n, double *xy);

/* A polyline through the centres of cells[0..n-1] (closed: back to the
 * first): RG_OK or the host's code. */
int cd_path(const cd_pen *p, const int *cells, int n, int closed, const rg_style *s);
/* A circle of radius r on cell's centre. */
int cd_bulb(const cd_pen *p, int cell, double r, const rg_style *s);
/* A diamond of half-diagonal r on cell's centre. */
int cd_diamond(const cd_pen *p, int cell, double r, const rg_style *s);
/* Text of the number v (printf %ld) at (x, y), height size. */
int cd_number(const cd_pen *p, double x, double y, double size, long v, const rg_style *s);

/* A dot on (x, y) with an optional label inside (NULL: none): a circle of
 * radius r (grown for long labels), the label of height size in
 * label_colour. */
int cd_dot(const cd_pen *p, double x, double y, double r, const rg_style *s, const char *label,
           double size, const char *label_colour);

/* An arrow from (x0, y0) to (x1, y1): a line with an open head. */
int cd_arrow(const cd_pen *p, double x0, double y0, double x1, double y1, const rg_style *s);

#endif
