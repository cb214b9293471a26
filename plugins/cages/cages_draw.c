/* The draw hook of the cages plugin: a killer cage as a dashed outline
 * inset from the cell edges, its sum small in the top-left corner on a
 * white patch that interrupts the dashes (docs/render.md). */
#include <stdio.h>
#include <string.h>

#include "cages.h"
#include "clue_draw.h"

/* The look of a cage (in cells). */
#define CAGE_INSET 0.08
#define CAGE_DASH  0.1
#define CAGE_WIDTH 0.025
#define SUM_SIZE   0.24

int cages_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    int rc = cd_begin(&p, cages_host, d, b);
    const int *cells;
    int n, has_sum;
    long sum;
    if (rc == RG_OK) rc = cages_read(b, r, &cells, &n, &has_sum, &sum);
    if (rc != RG_OK) return rc;
    rg_style line = cd_style("black", NULL, CAGE_WIDTH, RG_LAYER_LINE, 0);
    line.dash = CAGE_DASH;
    double x, y;
    rc = p.h->draw_outline(d, cells, n, CAGE_INSET, &line, &x, &y);
    if (rc != RG_OK || !has_sum) return rc;
    char text[32];
    snprintf(text, sizeof text, "%ld", sum);
    /* The patch: from just before the corner to past the text. */
    double w = (double)strlen(text) * SUM_SIZE * 0.6 + 0.03, h = SUM_SIZE + 0.02;
    double x0 = x - 0.03, y0 = y - 0.03;
    double box[8] = {x0, y0, x0 + w, y0, x0 + w, y0 + h, x0, y0 + h};
    rg_style patch = cd_style(NULL, "white", 0, RG_LAYER_LINE, 0);
    rc = p.h->draw_poly(d, box, 4, 1, &patch);
    if (rc != RG_OK) return rc;
    rg_style s = cd_style(NULL, "black", 0, RG_LAYER_TEXT, 0);
    s.anchor = RG_ANCHOR_TOP_LEFT;
    return p.h->draw_text(d, x - 0.01, y - 0.01, SUM_SIZE, &s, text);
}
