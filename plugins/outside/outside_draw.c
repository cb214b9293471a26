/* The draw hook of the outside plugin: each clue in the cell just before
 * the first cell of its line, outside the board (docs/render.md). Sandwich,
 * x-sum and skyscraper clues are numbers; a little killer is its sum with a
 * small diagonal arrow pointing along its diagonal; a rossini clue is an
 * arrow pointing the way the digits grow. */
#include "clue_draw.h"
#include "outside.h"

#define CLUE_SIZE   0.5
#define KILLER_SIZE 0.38
#define ARROW_WIDTH 0.04

/* The step of the line from its first cell (dr, dc). A line of one cell
 * has none: the board's side it touches says (top-left corner outwards
 * for a little killer). */
static void line_step(const cd_pen *p, const outside_fields *o, int *dr, int *dc)
{
    int r0, c0;
    cd_pos(p, o->cells[0], &r0, &c0);
    if (o->n > 1) {
        int r1, c1;
        cd_pos(p, o->cells[1], &r1, &c1);
        *dr = r1 - r0, *dc = c1 - c0;
        return;
    }
    int rows = p->info.rows, cols = p->info.columns;
    if (o->kind == LITTLE_KILLER) {
        *dr = r0 == rows && rows > 1 ? -1 : 1;
        *dc = c0 == cols && cols > 1 ? -1 : 1;
        return;
    }
    *dr = 0, *dc = 1;
    if (c0 == 1) return;
    if (c0 == cols)
        *dc = -1;
    else if (r0 == 1)
        *dr = 1, *dc = 0;
    else if (r0 == rows)
        *dr = -1, *dc = 0;
}

/* Clues of other kinds read the same line from the same end (a sandwich
 * and an x-sum left of one row): each kind takes its own place, one cell
 * further out per kind before it (in the order of the kinds' names), so
 * that no two are drawn on one spot. Found among the clue marks of the
 * first cell; 0 when the clue is alone. */
static int slot_of(const cd_pen *p, const outside_fields *o)
{
    if (o->n < 2) return 0;
    const int *marks;
    int nm = p->h->cell_marks(p->b, o->cells[0], &marks);
    unsigned kinds = 0;
    for (int i = 0; i < nm; i++) {
        const char *family;
        long key;
        const int *cells;
        int n;
        p->h->mark(p->b, marks[i], &family, &key, &cells, &n);
        int k = outside_kind(family);
        if (k >= 0 && n >= 2 && cells[0] == o->cells[0] && cells[1] == o->cells[1])
            kinds |= 1u << k;
    }
    return __builtin_popcount(kinds & ((1u << o->kind) - 1));
}

int outside_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    cd_pen p;
    outside_fields o;
    int rc = cd_begin(&p, outside_host, d, b);
    if (rc == RG_OK) rc = outside_read(b, r, &o);
    if (rc != RG_OK) return rc;
    int dr, dc;
    line_step(&p, &o, &dr, &dc);
    double x, y;
    cd_centre(&p, o.cells[0], &x, &y);
    /* The clue's place: one step back from the line (more for a second
     * kind on the same line). */
    int back = 1 + slot_of(&p, &o);
    x -= back * dc, y -= back * dr;
    rg_style text = cd_style(NULL, "black", 0, RG_LAYER_TEXT, 0);
    rg_style line = cd_style("black", NULL, ARROW_WIDTH, RG_LAYER_MARK, RG_STYLE_ROUND);
    switch (o.kind) {
    case LITTLE_KILLER:
        /* The sum back from the corner, the arrow towards the diagonal. */
        rc = cd_number(&p, x - 0.12 * dc, y - 0.12 * dr, KILLER_SIZE, o.value, &text);
        if (rc != RG_OK) return rc;
        return cd_arrow(&p, x + 0.16 * dc, y + 0.16 * dr, x + 0.42 * dc, y + 0.42 * dr, &line);
    case ROSSINI: {
        /* Increasing from the clue: the arrow points into the board. */
        double s = o.value == 0 ? 0.25 : -0.25;
        return cd_arrow(&p, x - s * dc, y - s * dr, x + s * dc, y + s * dr, &line);
    }
    default: return cd_number(&p, x, y, CLUE_SIZE, o.value, &text);
    }
}
