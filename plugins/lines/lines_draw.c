/* The draw hook of the lines plugin: each kind of line in the colour the
 * variant community gives it (docs/render.md has the table), thermometers
 * with a bulb, between and double arrow lines with circles at both ends,
 * lockout lines with diamonds. */
#include <stdio.h>

#include "clue_draw.h"
#include "lines.h"

/* The look of each kind: colour and width of the line (in cells), the
 * parameter's default (written beside the line when the rule's differs;
 * 0: none) and what sits on the ends. */
enum { ENDS_NONE, ENDS_BULB, ENDS_CIRCLES, ENDS_DIAMONDS };

typedef struct look {
    const char *colour;
    double width;
    int ends;
    int dflt;
} look;

static const look looks[LINE_KINDS] = {
    [LINE_THERMO] = {"#c0c0c0", 0.3, ENDS_BULB, 0},
    [LINE_SLOW_THERMO] = {"#c0c0c0", 0.3, ENDS_BULB, 0},
    [LINE_WHISPER] = {"#5ad45a", 0.16, ENDS_NONE, 5},
    [LINE_RENBAN] = {"#e05ce0", 0.16, ENDS_NONE, 0},
    [LINE_REGION_SUM] = {"#3a8fe0", 0.16, ENDS_NONE, 0},
    [LINE_PALINDROME] = {"#b0b0b0", 0.16, ENDS_NONE, 0},
    [LINE_ENTROPIC] = {"#ff9a3c", 0.16, ENDS_NONE, 0},
    [LINE_MODULAR] = {"#2cb5a8", 0.16, ENDS_NONE, 3},
    [LINE_PARITY] = {"#e0433c", 0.16, ENDS_NONE, 0},
    [LINE_ZIPPER] = {"#b4a0ec", 0.16, ENDS_NONE, 0},
    [LINE_BETWEEN] = {"#a8a8a8", 0.12, ENDS_CIRCLES, 0},
    [LINE_LOCKOUT] = {"#7f95ad", 0.12, ENDS_DIAMONDS, 4},
    [LINE_DOUBLE_ARROW] = {"#a8a8a8", 0.05, ENDS_CIRCLES, 0},
};

#define BULB_RADIUS  0.4
#define END_RADIUS   0.4
#define END_WIDTH    0.05
#define DIAMOND_SIZE 0.45
#define LABEL_SIZE   0.22
#define SLOW_DASH    0.1
#define SLOW_WIDTH   0.07

/* What sits on the ends: a thermometer's filled bulb on cells[0]; circles
 * or diamonds (white inside, the line's colour around) on both ends. */
static int draw_ends(const cd_pen *p, const line *l, const look *k)
{
    if (k->ends == ENDS_BULB) {
        rg_style s = cd_style(NULL, k->colour, 0, RG_LAYER_LINE, 0);
        return cd_bulb(p, l->cells[0], BULB_RADIUS, &s);
    }
    rg_style s = cd_style(k->colour, "white", END_WIDTH, RG_LAYER_LINE, 0);
    int rc = RG_OK;
    for (int e = 0; e < 2 && rc == RG_OK; e++) {
        int cell = l->cells[e ? l->n - 1 : 0];
        if (k->ends == ENDS_CIRCLES) rc = cd_bulb(p, cell, END_RADIUS, &s);
        if (k->ends == ENDS_DIAMONDS) rc = cd_diamond(p, cell, DIAMOND_SIZE, &s);
    }
    return rc;
}

/* A parameter other than the usual one (a Dutch whisper's 4, a modular
 * line's 4 ...): written small in the top-left corner of the first cell. */
static int draw_label(const cd_pen *p, const line *l, const look *k)
{
    if (!k->dflt || l->value == k->dflt) return RG_OK;
    int row, col;
    cd_pos(p, l->cells[0], &row, &col);
    rg_style s = cd_style(NULL, "black", 0, RG_LAYER_TEXT, 0);
    s.anchor = RG_ANCHOR_TOP_LEFT;
    return cd_number(p, col - 1 + 0.05, row - 1 + 0.04, LABEL_SIZE, l->value, &s);
}

int lines_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    line l;
    int rc = cd_begin(&p, lines_host, d, b);
    if (rc == RG_OK) rc = lines_read(b, r, &l);
    if (rc != RG_OK) return rc;
    const look *k = &looks[l.kind];
    rg_style s = cd_style(k->colour, NULL, k->width, RG_LAYER_LINE, RG_STYLE_ROUND);
    rc = cd_path(&p, l.cells, l.n, l.closed, &s);
    /* A slow thermometer: a dashed white thread along the tube (the bulb,
     * drawn next, covers its start). */
    if (rc == RG_OK && l.kind == LINE_SLOW_THERMO) {
        rg_style thread = cd_style("white", NULL, SLOW_WIDTH, RG_LAYER_LINE, 0);
        thread.dash = SLOW_DASH;
        rc = cd_path(&p, l.cells, l.n, 0, &thread);
    }
    if (rc == RG_OK) rc = draw_ends(&p, &l, k);
    return rc == RG_OK ? draw_label(&p, &l, k) : rc;
}
