/* rg_render_svg: a puzzle's picture. Its rules are compiled again into a
 * private model (so that draw hooks read their fields as compile did and
 * may ask the model anything, while the puzzle stays read-only), each rule
 * drawn by its type's hook or, without one, as a labelled outline; then the
 * grid, the digits and what the options ask for, and the SVG text. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/mem.h"
#include "model/board.h"
#include "model/build.h"
#include "model/model.h"
#include "model/record.h"
#include "render/draw.h"
#include "render/render.h"
#include "render/svg.h"
#include "rules/compile.h"
#include "rules/read.h"

#define SCALE 40.0 /* pixels per cell by default */

void rg_render_options_default(rg_render_options *o) { memset(o, 0, sizeof *o); }

/* A copy of b (which cells exist) for a private model. */
static int copy_board(const rg_board *b, rg_board *out, rg_error *err)
{
    size_t n = (size_t)b->rows * (size_t)b->cols;
    unsigned char *exists = rg_mem_alloc(n ? n : 1);
    if (!exists) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    for (size_t i = 0; i < n; i++) exists[i] = b->at[i] >= 0;
    int rc = rg_board_init(out, b->rows, b->cols, b->digits, exists, err);
    rg_mem_free(exists);
    return rc;
}

/* The rules of m compiled and linked again into *out, from the source the
 * model kept; *rules gets the source's rule list. */
static int recompile(const rg_model *m, rg_model **out, const cJSON **rules, rg_error *err)
{
    *out = NULL;
    const cJSON *src = rg_model_source(m);
    *rules = src ? cJSON_GetObjectItemCaseSensitive(src, "rules") : NULL;
    rg_board board;
    memset(&board, 0, sizeof board);
    int rc = copy_board(&m->board, &board, err);
    if (rc != RG_OK) return rc;
    rg_model *pm = rg_model_new(&board);
    if (!pm) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    int i = 0;
    for (const cJSON *r = *rules ? (*rules)->child : NULL; r && rc == RG_OK && i < m->nrules;
         r = r->next, i++)
        rc = rg_compile_rule(pm, m->rules[i].type, r, i, err);
    if (rc == RG_OK && i < m->nrules)
        rc = rg_error_set(err, RG_E_INTERNAL, NULL, "the puzzle kept no rules to draw");
    if (rc == RG_OK) rc = rg_compile_link(pm, err);
    if (rc != RG_OK) {
        rg_model_unref(pm);
        return rc;
    }
    *out = pm;
    return RG_OK;
}

/* Cells of the model that rule i constrains: what its propagators watch,
 * its houses, must-differ pairs, marks and restrictions (flags per cell). */
static int rule_cells(const rg_model *m, int i, unsigned char *in, int *cells)
{
    int N = m->board.ncells, n = 0;
    memset(in, 0, (size_t)N);
    for (int k = 0; k < m->nprops; k++)
        for (int j = 0; m->props[k].rule == i && j < m->props[k].nwatch; j++)
            in[m->props[k].watch[j]] = 1;
    for (int k = 0; k < m->nhouses; k++)
        for (int j = 0; m->houses[k].rule == i && j < m->houses[k].n; j++)
            in[m->houses[k].cells[j]] = 1;
    for (int k = 0; k < m->nmarks; k++)
        for (int j = 0; m->marks[k].rule == i && j < m->marks[k].n; j++)
            in[m->marks[k].cells[j]] = 1;
    for (int k = 0; k + 2 < m->nedges; k += 3) /* a, b, rule */
        if (m->edges[k + 2] == i) in[m->edges[k]] = in[m->edges[k + 1]] = 1;
    for (int k = 0; k < m->nrestr; k++)
        if (m->restr[k].rule == i) in[m->restr[k].cell] = 1;
    for (int c = 0; c < N; c++)
        if (in[c]) cells[n++] = c;
    return n;
}

/* A rule whose type has no draw hook: a grey dashed outline of its cells
 * with the type's name in the corner, or a legend line when it has none. */
static int fallback(rg_draw *d, const rg_model *m, int i, unsigned char *in, int *cells)
{
    const char *type = m->rules[i].type->name;
    int n = rule_cells(m, i, in, cells);
    if (!n) {
        char line[160];
        snprintf(line, sizeof line, "Rule %d (%s) is not drawn.", i, type);
        return rg_draw_legend(d, line);
    }
    rg_style s = {.size = sizeof s,
                  .stroke = "#7f7f7f",
                  .width = 0.025,
                  .dash = 0.07,
                  .layer = RG_LAYER_LINE};
    double x, y;
    int rc = rg_draw_outline(d, cells, n, 0.1, &s, &x, &y);
    rg_style t = {
        .size = sizeof t, .fill = "#555555", .layer = RG_LAYER_TEXT, .anchor = RG_ANCHOR_TOP_LEFT};
    if (rc == RG_OK) rc = rg_draw_text(d, x + 0.03, y + 0.02, 0.16, &t, type);
    return rc;
}

/* RG_E_NOMEM in err: "out of memory", or, when d refused a string for the
 * ceiling on its text (draw.h), that. */
static int nomem(rg_error *err, const rg_draw *d)
{
    if (d && d->full)
        return rg_error_set(err, RG_E_NOMEM, NULL, "the picture's text would pass 1 GiB");
    return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
}

/* Rule i through its type's hook, with a build on the private model. A
 * hook that lets a string refused for the ceiling pass fails all the same:
 * the picture would lack it. */
static int draw_hook(rg_draw *d, rg_model *pm, const cJSON *json, int i, rg_error *err)
{
    const rg_rule_type *t = pm->rules[i].type;
    rg_build b = {pm, &pm->board, &pm->arena, err, i};
    rg_rule r;
    rg_error_rule(err, i, t->name);
    int rc = rg_read_begin(&b, &r, json, i, t->name);
    if (rc == RG_OK) rc = t->draw(d, &b, &r, pm->rules[i].data);
    if (rc == RG_OK && d->full) rc = RG_E_NOMEM;
    if (rc == RG_E_NOMEM && err && err->code == RG_OK)
        nomem(err, d);
    else if (rc != RG_OK && err && err->code == RG_OK)
        rg_error_set(err, RG_E_PLUGIN, NULL,
                     "the rule could not be drawn (its draw hook returned %d)", rc);
    if (rc == RG_OK) rg_error_rule(err, -1, NULL);
    return rc != RG_OK && err ? err->code : rc;
}

/* Every rule in document order: its hook, or the fallback. */
static int draw_rules(rg_draw *d, rg_model *pm, const cJSON *rules, rg_error *err)
{
    int N = pm->board.ncells;
    unsigned char *in = rg_mem_alloc((size_t)N + 1);
    int *cells = rg_mem_alloc(((size_t)N + 1) * sizeof *cells);
    int rc = in && cells ? RG_OK : RG_E_NOMEM;
    char cls[200];
    const cJSON *json = rules ? rules->child : NULL;
    for (int i = 0; rc == RG_OK && i < pm->nrules; i++, json = json ? json->next : NULL) {
        const rg_rule_type *t = pm->rules[i].type;
        snprintf(cls, sizeof cls, "rule family-%s type-%s%s", t->family, t->name,
                 t->draw ? "" : " fallback");
        rc = rg_draw_begin(d, i, cls);
        if (rc == RG_OK)
            rc = t->draw ? draw_hook(d, pm, json, i, err) : fallback(d, pm, i, in, cells);
    }
    rg_mem_free(in);
    rg_mem_free(cells);
    if (rc == RG_E_NOMEM && err && err->code == RG_OK) nomem(err, d);
    return rc;
}

/* Thin lines round every existing cell: the edges with a cell on either
 * side, joined into runs, one path. */
static int grid_lines(rg_draw *d, const rg_board *b)
{
    rg_style s = {.size = sizeof s, .stroke = "#7a7a7a", .width = 0.02};
    int n = 0, cap = 2 * (b->rows + 1) * (b->cols + 1) + 2;
    double *xy = rg_mem_alloc((size_t)cap * 4 * sizeof *xy);
    if (!xy) return RG_E_NOMEM;
    for (int dir = 0; dir < 2; dir++) {
        int lines = dir ? b->cols : b->rows, along = dir ? b->rows : b->cols;
        for (int k = 0; k <= lines; k++) {
            int start = -1;
            for (int j = 1; j <= along + 1; j++) {
                int a = dir ? rg_board_at(b, j, k) : rg_board_at(b, k, j);
                int c = dir ? rg_board_at(b, j, k + 1) : rg_board_at(b, k + 1, j);
                int edge = j <= along && (a >= 0 || c >= 0);
                if (edge && start < 0) start = j - 1;
                if (edge || start < 0) continue;
                double *q = xy + 4 * n++;
                q[0] = dir ? k : start, q[1] = dir ? start : k;
                q[2] = dir ? k : j - 1, q[3] = dir ? j - 1 : k;
                start = -1;
            }
        }
    }
    int rc = rg_draw_begin(d, -1, "gridlines");
    if (rc == RG_OK) rc = rg_draw_segments_z(d, RG_Z_GRID, xy, n, &s);
    rg_mem_free(xy);
    return rc;
}

static void centre(const rg_board *b, int cell, double *x, double *y)
{
    *x = b->col[cell] - 0.5;
    *y = b->row[cell] - 0.5;
}

/* A digit in the middle of cell. */
static int digit(rg_draw *d, const rg_board *b, int cell, int v, double size, const char *fill)
{
    char t[16];
    double x, y;
    snprintf(t, sizeof t, "%d", v);
    centre(b, cell, &x, &y);
    rg_style s = {.size = sizeof s, .fill = fill};
    return rg_draw_text_z(d, RG_Z_DIGITS, x, y + 0.02, size, &s, t);
}

/* Where candidate v of cell goes: a k x k grid of places in the cell. */
static void mark_place(const rg_board *b, int cell, int v, int D, double *x, double *y,
                       double *size)
{
    int k = (int)ceil(sqrt((double)D));
    double step = 0.84 / k;
    *x = b->col[cell] - 1 + 0.08 + ((v - 1) % k + 0.5) * step;
    *y = b->row[cell] - 1 + 0.08 + ((v - 1) / k + 0.5) * step;
    *size = step * 0.82;
}

/* The candidates of mask in cell; struck: red and crossed out. */
static int marks(rg_draw *d, const rg_board *b, int cell, rg_mask mask, int struck)
{
    int rc = RG_OK;
    for (int v = 1; mask && rc == RG_OK; v++, mask >>= 1) {
        if (!(mask & 1u)) continue;
        char t[16];
        double x, y, size;
        snprintf(t, sizeof t, "%d", v);
        mark_place(b, cell, v, b->digits, &x, &y, &size);
        rg_style s = {.size = sizeof s, .fill = struck ? "#d62728" : "#555555"};
        rc = rg_draw_text_z(d, RG_Z_DIGITS, x, y + 0.01, size, &s, t);
        if (!struck || rc != RG_OK) continue;
        rg_style l = {.size = sizeof l, .stroke = "#d62728", .width = 0.02};
        double h = size * 0.45, xy[4] = {x - h, y + h, x + h, y - h};
        rc = rg_draw_poly_z(d, RG_Z_DIGITS, xy, 2, 0, &l);
    }
    return rc;
}

/* The options name only cells and digits of the board. */
static int check_options(const rg_board *b, const rg_render_options *o, rg_error *err)
{
    int N = b->ncells, D = b->digits;
    rg_mask full = D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << D) - 1;
    const char *bad = NULL;
    for (int i = 0; !bad && o->values && i < N; i++)
        if (o->values[i] < 0 || o->values[i] > D) bad = "a value is no digit of the board";
    for (int i = 0; !bad && o->candidates && i < N; i++)
        if (o->candidates[i] & ~full) bad = "a candidate is no digit of the board";
    for (int i = 0; !bad && o->focus && i < o->nfocus; i++)
        if (o->focus[i] < 0 || o->focus[i] >= N) bad = "a focus cell is no cell of the board";
    for (int i = 0; !bad && o->elim_cells && i < o->nelim; i++)
        if (o->elim_cells[i] < 0 || o->elim_cells[i] >= N || !o->elim_masks ||
            (o->elim_masks[i] & ~full))
            bad = "an elimination names no cell or digit of the board";
    for (int i = 0; !bad && o->place_cells && i < o->nplace; i++)
        if (o->place_cells[i] < 0 || o->place_cells[i] >= N || !o->place_digits ||
            o->place_digits[i] < 1 || o->place_digits[i] > D)
            bad = "a placement names no cell or digit of the board";
    return bad ? rg_error_set(err, RG_E_FORMAT, NULL, "rendering: %s", bad) : RG_OK;
}

/* Focus and placements shaded, under the grid lines. */
static int highlights(rg_draw *d, const rg_render_options *o)
{
    rg_style f = {.size = sizeof f, .fill = "#ffd54f", .opacity = 0.55, .layer = RG_LAYER_SHADE};
    rg_style g = {.size = sizeof g, .fill = "#a5d6a7", .opacity = 0.7, .layer = RG_LAYER_SHADE};
    int rc = rg_draw_begin(d, -1, "focus");
    if (rc == RG_OK && o->focus) rc = rg_draw_cells(d, o->focus, o->nfocus, &f);
    if (rc == RG_OK) rc = rg_draw_begin(d, -1, "place");
    if (rc == RG_OK && o->place_cells) rc = rg_draw_cells(d, o->place_cells, o->nplace, &g);
    return rc;
}

/* Givens, values, candidates, eliminations and placements. */
static int digits(rg_draw *d, const rg_board *b, const int *givens, const rg_render_options *o)
{
    int rc = RG_OK;
    for (int c = 0; c < b->ncells && rc == RG_OK; c++) {
        if (givens[c]) {
            if ((rc = rg_draw_begin(d, -1, "given")) == RG_OK)
                rc = digit(d, b, c, givens[c], 0.68, "black");
        } else if (o->values && o->values[c]) {
            if ((rc = rg_draw_begin(d, -1, "value")) == RG_OK)
                rc = digit(d, b, c, o->values[c], 0.5, "#808080");
        } else if (o->candidates && o->candidates[c]) {
            rg_mask m = o->candidates[c];
            for (int i = 0; o->elim_cells && i < o->nelim; i++)
                if (o->elim_cells[i] == c) m &= ~o->elim_masks[i];
            if ((rc = rg_draw_begin(d, -1, "cand")) == RG_OK) rc = marks(d, b, c, m, 0);
        }
    }
    if (rc == RG_OK) rc = rg_draw_begin(d, -1, "elim");
    for (int i = 0; rc == RG_OK && o->elim_cells && i < o->nelim; i++)
        rc = marks(d, b, o->elim_cells[i], o->elim_masks[i], 1);
    if (rc == RG_OK) rc = rg_draw_begin(d, -1, "place");
    for (int i = 0; rc == RG_OK && o->place_cells && i < o->nplace; i++)
        rc = digit(d, b, o->place_cells[i], o->place_digits[i], 0.6, "#1b7f2a");
    return rc;
}

int rg_render_picture(const rg_puzzle *p, const rg_render_options *o, rg_draw **out, rg_error *err)
{
    rg_render_options none;
    rg_render_options_default(&none);
    if (!o) o = &none;
    *out = NULL;
    if (err) rg_error_clear(err);
    const rg_model *m = p->model;
    rg_model *pm = NULL;
    const cJSON *rules = NULL;
    rg_draw *d = NULL;
    int rc = check_options(&m->board, o, err);
    if (rc == RG_OK) rc = recompile(m, &pm, &rules, err);
    if (rc == RG_OK && !(d = rg_draw_new(&pm->board)))
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (d)
        d->owner = pm; /* the board the picture points into */
    else if (pm)
        rg_model_unref(pm);
    if (rc == RG_OK) rc = highlights(d, o);
    if (rc == RG_OK) rc = draw_rules(d, pm, rules, err);
    if (rc == RG_OK) rc = grid_lines(d, &pm->board);
    if (rc == RG_OK) rc = digits(d, &pm->board, p->givens, o);
    if (rc == RG_OK && o->caption) rc = rg_draw_legend(d, o->caption);
    if (rc == RG_E_NOMEM && err && err->code == RG_OK) nomem(err, d);
    if (rc == RG_OK)
        *out = d;
    else
        rg_render_picture_free(d);
    return rc;
}

void rg_render_picture_free(rg_draw *d)
{
    if (!d) return;
    if (d->owner) rg_model_unref(d->owner);
    rg_draw_free(d);
}

int rg_render_svg(const rg_puzzle *p, const rg_render_options *o, char **svg, size_t *len,
                  rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    *svg = NULL;
    *len = 0;
    rg_draw *d;
    int rc = rg_render_picture(p, o, &d, err);
    double scale = o && o->scale > 0 && o->scale <= 1000 ? o->scale : SCALE;
    if (rc == RG_OK) rc = rg_svg_write(d, scale, o ? o->title : NULL, svg, len);
    if (rc == RG_E_NOMEM && err && err->code == RG_OK)
        rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    rg_render_picture_free(d);
    return rc;
}
