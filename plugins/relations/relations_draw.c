/* The draw hooks of the relations plugin: edge clues on the midpoint of
 * the edge between their cells (kropki dots, X and V, valued dots, the
 * greater-than chevron), relation pairs on the midpoint of their cells
 * with a thin dashed connector when the cells do not share an edge
 * (docs/render.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clue_draw.h"
#include "pairop.h"
#include "relations.h"

/* The shape of a mark. */
enum {
    SH_WHITE,       /* white dot, black rim (kropki white; valued: difference) */
    SH_BLACK,       /* black dot (kropki black; valued: ratio), white label */
    SH_SQUARE,      /* white square with the value (product) */
    SH_TEXT,        /* the label alone, bold (X, V, sum) */
    SH_CHEVRON,     /* the greater-than sign, pointing at the smaller cell */
    SH_CHEVRON_DOT, /* the same on a white dot: less or equal */
};

typedef struct mark {
    int shape;
    char label[24];
} mark;

#define DOT_RADIUS   0.12
#define VALUE_RADIUS 0.18
#define VALUE_SIZE   0.24
#define LETTER_SIZE  0.36
#define RIM_WIDTH    0.025
#define CHEVRON      0.1 /* half its depth; its arms spread 1.4 times that */

/* The mark of a pair operator: a dot, a square, a letter or a labelled dot
 * (docs/render.md has the table). */
static void op_mark(int op, long param, mark *m)
{
    static const struct {
        int shape;
        const char *fmt;
    } marks[RG_OP_COUNT] = {
        [RG_OP_DIFFERENT] = {SH_WHITE, "≠"},
        [RG_OP_EQUAL] = {SH_WHITE, "="},
        [RG_OP_CONSECUTIVE] = {SH_WHITE, ""},
        [RG_OP_NOT_CONSECUTIVE] = {SH_WHITE, "Δ≠1"},
        [RG_OP_DIFFERENCE] = {SH_WHITE, "%ld"},
        [RG_OP_NOT_DIFFERENCE] = {SH_WHITE, "Δ≠%ld"},
        [RG_OP_DIFFERENCE_AT_LEAST] = {SH_WHITE, "Δ≥%ld"},
        [RG_OP_DIFFERENCE_AT_MOST] = {SH_WHITE, "Δ≤%ld"},
        [RG_OP_RATIO] = {SH_BLACK, "%ld"},
        [RG_OP_NOT_RATIO] = {SH_WHITE, "≠1:%ld"},
        [RG_OP_SUM] = {SH_TEXT, "%ld"},
        [RG_OP_NOT_SUM] = {SH_WHITE, "Σ≠%ld"},
        [RG_OP_PRODUCT] = {SH_SQUARE, "%ld"},
        [RG_OP_NOT_PRODUCT] = {SH_WHITE, "Π≠%ld"},
        [RG_OP_SAME_PARITY] = {SH_WHITE, "≡"},
        [RG_OP_DIFFERENT_PARITY] = {SH_WHITE, "≢"},
        [RG_OP_LESS] = {SH_CHEVRON, ""},
        [RG_OP_LESS_EQUAL] = {SH_CHEVRON_DOT, ""},
    };
    m->shape = marks[op].shape;
    snprintf(m->label, sizeof m->label, marks[op].fmt, param);
    /* A difference of 1 and a ratio of 2 are the plain kropki dots. */
    if ((op == RG_OP_DIFFERENCE && param == 1) || (op == RG_OP_RATIO && param == 2))
        m->label[0] = 0;
}

/* The chevron at (x, y) pointing along the unit vector (ux, uy). */
static int chevron(const cd_pen *p, double x, double y, double ux, double uy)
{
    double a = CHEVRON, s = 1.4 * CHEVRON;
    double xy[6] = {x - a * ux - s * uy, y - a * uy + s * ux, x + a * ux,
                    y + a * uy,          x - a * ux + s * uy, y - a * uy - s * ux};
    rg_style st = cd_style("black", NULL, 0.035, RG_LAYER_MARK, RG_STYLE_ROUND);
    return p->h->draw_poly(p->d, xy, 3, 0, &st);
}

/* Mark m at (x, y); a chevron points along (ux, uy). */
static int draw_mark(const cd_pen *p, const mark *m, double x, double y, double ux, double uy)
{
    const char *label = m->label[0] ? m->label : NULL;
    double r = label ? VALUE_RADIUS : DOT_RADIUS;
    rg_style white = cd_style("black", "white", RIM_WIDTH, RG_LAYER_MARK, 0);
    rg_style black = cd_style("black", "black", RIM_WIDTH, RG_LAYER_MARK, 0);
    switch (m->shape) {
    case SH_WHITE: return cd_dot(p, x, y, r, &white, label, VALUE_SIZE, "black");
    case SH_BLACK: return cd_dot(p, x, y, r, &black, label, VALUE_SIZE, "white");
    case SH_SQUARE: {
        /* Wide enough for the value: a digit is about 0.6 of its height. */
        double h = VALUE_RADIUS * 0.9, need = (double)strlen(m->label) * VALUE_SIZE * 0.3 + 0.04;
        h = need > h ? need : h;
        double xy[8] = {x - h, y - h, x + h, y - h, x + h, y + h, x - h, y + h};
        int rc = p->h->draw_poly(p->d, xy, 4, 1, &white);
        rg_style t = cd_style(NULL, "black", 0, RG_LAYER_MARK, 0);
        return rc == RG_OK ? p->h->draw_text(p->d, x, y, VALUE_SIZE, &t, m->label) : rc;
    }
    case SH_TEXT: {
        rg_style t = cd_style(NULL, "black", 0, RG_LAYER_MARK, RG_STYLE_BOLD);
        return p->h->draw_text(p->d, x, y, LETTER_SIZE, &t, m->label);
    }
    case SH_CHEVRON_DOT: {
        int rc = cd_dot(p, x, y, VALUE_RADIUS + 0.02, &white, NULL, 0, NULL);
        return rc == RG_OK ? chevron(p, x, y, ux, uy) : rc;
    }
    default: return chevron(p, x, y, ux, uy);
    }
}

int relations_draw_edge(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    edge_fields e;
    int rc = cd_begin(&p, relations_host, d, b);
    if (rc == RG_OK) rc = relations_read_edge(b, r, &e);
    if (rc != RG_OK) return rc;
    double x0, y0, x1, y1;
    cd_centre(&p, e.cells[0], &x0, &y0);
    cd_centre(&p, e.cells[1], &x1, &y1);
    mark m;
    if (e.kind == K_XV) {
        m.shape = SH_TEXT;
        snprintf(m.label, sizeof m.label, "%s", e.param == 10 ? "X" : "V");
    } else if (e.kind == K_GREATER) {
        m.shape = SH_CHEVRON; /* cells[0] > cells[1]: it points at cells[1] */
        m.label[0] = 0;
    } else {
        op_mark(e.op, e.param, &m);
    }
    return draw_mark(&p, &m, (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0);
}

/* One pair (a, c) of a relation: the connector when the cells share no
 * edge, then the mark on the midpoint (an ordered operator's chevron
 * points at a, the smaller digit). */
static int draw_pair(const cd_pen *p, const mark *m, int a, int c)
{
    double x0, y0, x1, y1;
    cd_centre(p, a, &x0, &y0);
    cd_centre(p, c, &x1, &y1);
    double dx = x0 - x1, dy = y0 - y1, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-9) return RG_OK;
    if (fabs(len - 1) > 1e-9) {
        rg_style s = cd_style("#888888", NULL, 0.03, RG_LAYER_LINE, RG_STYLE_ROUND);
        s.dash = 0.08;
        double xy[4] = {x0, y0, x1, y1};
        int rc = p->h->draw_poly(p->d, xy, 2, 0, &s);
        if (rc != RG_OK) return rc;
    }
    return draw_mark(p, m, (x0 + x1) / 2, (y0 + y1) / 2, dx / len, dy / len);
}

int relations_draw_relation(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    int op, n;
    long param;
    const int *pairs;
    int rc = cd_begin(&p, relations_host, d, b);
    if (rc == RG_OK) rc = relations_read_relation(b, r, &op, &param, &pairs, &n);
    if (rc != RG_OK) return rc;
    mark m;
    op_mark(op, param, &m);
    for (int i = 0; i < n && rc == RG_OK; i++)
        rc = draw_pair(&p, &m, pairs[2 * i], pairs[2 * i + 1]);
    return rc;
}
