/* The draw hook of the arrows plugin: the sum in a circle (one cell) or a
 * rounded pill (a straight bulb of several cells; any other bulb an inset
 * outline), each shaft a thin grey line from the bulb's edge through the
 * centres of its cells, with an arrowhead at its end (docs/render.md). */
#include <math.h>
#include <stdlib.h>

#include "arrows.h"
#include "clue_draw.h"

#define ARROW_COLOUR "#a0a0a0"
#define BULB_RADIUS  0.4
#define BULB_WIDTH   0.05
#define SHAFT_WIDTH  0.05
/* Points per quarter circle of a pill's ends. */
#define ARC_STEPS 6
#define PI        3.14159265358979323846

/* A pill: the rounded rectangle around a straight bulb, as a polygon. */
typedef struct pill {
    double xy[2 * 4 * (ARC_STEPS + 1)];
    int n;
} pill;

/* The rectangle x0..x1, y0..y1 with corners rounded by radius rad. */
static void make_pill(pill *p, double x0, double y0, double x1, double y1, double rad)
{
    /* Corner centres, clockwise from the top right (y grows downwards). */
    const double cx[4] = {x1 - rad, x1 - rad, x0 + rad, x0 + rad};
    const double cy[4] = {y0 + rad, y1 - rad, y1 - rad, y0 + rad};
    p->n = 0;
    for (int c = 0; c < 4; c++)
        for (int k = 0; k <= ARC_STEPS; k++) {
            double a = -PI / 2 + (c + (double)k / ARC_STEPS) * PI / 2;
            p->xy[2 * p->n] = cx[c] + rad * cos(a);
            p->xy[2 * p->n + 1] = cy[c] + rad * sin(a);
            p->n++;
        }
}

/* Is the bulb one straight row or column of cells? Then its pill. */
static int straight_pill(const cd_pen *p, const arrow_fields *f, pill *out)
{
    int r0, c0, rmin, rmax, cmin, cmax;
    cd_pos(p, f->bulb[0], &r0, &c0);
    rmin = rmax = r0, cmin = cmax = c0;
    for (int i = 1; i < f->nbulb; i++) {
        int r, c;
        cd_pos(p, f->bulb[i], &r, &c);
        rmin = r < rmin ? r : rmin, rmax = r > rmax ? r : rmax;
        cmin = c < cmin ? c : cmin, cmax = c > cmax ? c : cmax;
    }
    if (rmin != rmax && cmin != cmax) return 0;
    double m = 0.5 - BULB_RADIUS;
    make_pill(out, cmin - 1 + m, rmin - 1 + m, cmax - m, rmax - m, BULB_RADIUS);
    return 1;
}

/* How far from (x, y), along the unit vector (ux, uy), the polygon's edge
 * is (the point inside it); rad when the ray meets no edge. */
static double ray_exit(const pill *pl, double x, double y, double ux, double uy, double rad)
{
    double best = -1;
    for (int i = 0; i < pl->n; i++) {
        int j = (i + 1) % pl->n;
        double ax = pl->xy[2 * i], ay = pl->xy[2 * i + 1];
        double ex = pl->xy[2 * j] - ax, ey = pl->xy[2 * j + 1] - ay;
        double den = ux * ey - uy * ex;
        if (fabs(den) < 1e-12) continue;
        double t = ((ax - x) * ey - (ay - y) * ex) / den;
        double s = ((ax - x) * uy - (ay - y) * ux) / den;
        if (t > 0 && s >= 0 && s <= 1 && (best < 0 || t < best)) best = t;
    }
    return best < 0 ? rad : best;
}

/* Shaft s: from the edge of the bulb around its nearest bulb cell to the
 * centre of its last cell, with the arrowhead there. pl: the bulb's pill,
 * or NULL (one cell: a circle; another shape: its inset outline). */
static int draw_shaft(const cd_pen *p, const arrow_fields *f, int s, const pill *pl)
{
    int n = f->len[s];
    double *xy = malloc(sizeof(double) * 2 * (size_t)(n + 1));
    if (!xy) return RG_E_NOMEM;
    cd_centres(p, f->shaft[s], n, xy + 2);
    double bx = 0, by = 0, best = -1;
    for (int i = 0; i < f->nbulb; i++) {
        double x, y;
        cd_centre(p, f->bulb[i], &x, &y);
        double dd = (x - xy[2]) * (x - xy[2]) + (y - xy[3]) * (y - xy[3]);
        if (best < 0 || dd < best) best = dd, bx = x, by = y;
    }
    /* A circle's edge; an outline's square around the cell (its corner is
     * further on a diagonal); a pill's edge where the ray leaves it. A
     * shaft that starts on a bulb cell (a king step of none) has no
     * direction and starts on its centre. */
    double len = sqrt(best), ux = 0, uy = 0, rad = 0;
    if (len > 1e-9) {
        ux = (xy[2] - bx) / len, uy = (xy[3] - by) / len;
        rad = BULB_RADIUS;
        if (f->nbulb > 1) rad = BULB_RADIUS / (fabs(ux) > fabs(uy) ? fabs(ux) : fabs(uy));
        if (pl) rad = ray_exit(pl, bx, by, ux, uy, BULB_RADIUS);
    }
    xy[0] = bx + ux * rad;
    xy[1] = by + uy * rad;
    rg_style st =
        cd_style(ARROW_COLOUR, NULL, SHAFT_WIDTH, RG_LAYER_LINE, RG_STYLE_ROUND | RG_STYLE_ARROW);
    int rc = p->h->draw_poly(p->d, xy, n + 1, 0, &st);
    free(xy);
    return rc;
}

int arrows_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    arrow_fields f;
    int rc = cd_begin(&p, arrows_host, d, b);
    if (rc == RG_OK) rc = arrows_read(b, r, &f);
    if (rc != RG_OK) return rc;
    rg_style bulb = cd_style(ARROW_COLOUR, NULL, BULB_WIDTH, RG_LAYER_LINE, 0);
    pill pl;
    int is_pill = f.nbulb > 1 && straight_pill(&p, &f, &pl);
    if (f.nbulb == 1)
        rc = cd_bulb(&p, f.bulb[0], BULB_RADIUS, &bulb);
    else if (is_pill)
        rc = p.h->draw_poly(d, pl.xy, pl.n, 1, &bulb);
    else
        rc = p.h->draw_outline(d, f.bulb, f.nbulb, 0.5 - BULB_RADIUS, &bulb, NULL, NULL);
    for (int s = 0; s < f.nshaft && rc == RG_OK; s++)
        rc = draw_shaft(&p, &f, s, is_pill ? &pl : NULL);
    return rc;
}
