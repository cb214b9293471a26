/* lab.clone, a rule type rulegrid does not ship: two areas of the same shape
 * (the clone is the original moved as one piece) hold the same digits in the
 * same places. Built outside the rulegrid tree against the installed header. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <rulegrid/plugin.h>

/* The host's table: set by init (RG_PLUGIN_DEFINE at the end), valid while the
 * plugin is loaded. */
static const rg_host *host;

/* One propagator per pair of twin cells: two cells that must be equal. */
typedef struct twins {
    int a, b;
} twins;

/* Each twin keeps only the digits the other still has. After one pass both
 * domains are the same set, so running again prunes nothing: RG_PROP_FIX.
 * Once that set is a single digit the pair holds for the rest of the branch. */
static int propagate(rg_space *sp, void *data)
{
    const twins *t = data;
    const rg_mask *dom = host->domains(sp);
    rg_mask both = dom[t->a] & dom[t->b];
    if (host->keep(sp, t->a, both) == RG_FAIL) return RG_PROP_FAIL;
    if (host->keep(sp, t->b, both) == RG_FAIL) return RG_PROP_FAIL;
    return (both & (both - 1)) == 0 ? RG_PROP_SUBSUMED : RG_PROP_FIX;
}

/* Broken only when both twins are placed and differ. */
static int check(const int *values, void *data)
{
    const twins *t = data;
    int a = values[t->a], b = values[t->b];
    return !(a && b && a != b);
}

/* Say why one run of propagate() narrowed what it narrowed, for `rulegrid
 * explain` (docs/plugins.md, "Explaining a step"). Runs only when a step is
 * explained, never while solving: before[] and after[] are every cell's
 * domains around that one run. The text names the technique, the cells and
 * the digits, so that a person can check it on the grid. A host older than
 * the hook lacks the why_* calls: then say nothing (the step gets the
 * generic text). */
static int explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const twins *t = data;
    if (host->size < offsetof(rg_host, why_rule) + sizeof host->why_rule) return RG_OK;
    (void)before;
    int pair[2] = {t->a, t->b};
    const char *a = host->why_cells(w, &t->a, 1), *b = host->why_cells(w, &t->b, 1);
    const char *both = host->why_digits(w, after[t->a] & after[t->b]);
    if (!a || !b || !both) return RG_E_NOMEM;
    if (host->why_focus(w, pair, 2) != RG_OK) return RG_E_NOMEM; /* the default, shown */
    return host->why_text(w, "clone",
                          "%s and %s are twins: each keeps only the digits the other has (%s).", a,
                          b, both);
}

static const rg_propagator twin_propagator = {.size = sizeof(rg_propagator),
                                              .name = "clone_twins",
                                              .family = "lab",
                                              .cost = RG_COST_BINARY,
                                              .propagate = propagate,
                                              .check = check,
                                              .explain = explain};

/* The first cell of an area in reading order. */
static void top_left(const rg_build *b, const int *cells, int n, int *row, int *col)
{
    *row = *col = 1 << 30;
    for (int i = 0; i < n; i++) {
        int r, c;
        host->cell_pos(b, cells[i], &r, &c);
        if (r < *row || (r == *row && c < *col)) *row = r, *col = c;
    }
}

static int contains(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell) return 1;
    return 0;
}

/* {"type": "lab.clone", "cells": AREA, "clone": AREA} */
static int compile(rg_build *b, rg_rule *r, void **rule_data)
{
    (void)rule_data;
    const int *orig, *copy;
    int n, m;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &orig, &n);
    if (rc != RG_OK) return rc;
    rc = host->read_cells(b, r, "clone", 0, 1, 0, &copy, &m);
    if (rc != RG_OK) return rc;
    if (m != n)
        return host->error(b, r, "clone",
                           "the clone has %d cells and the original %d; "
                           "a clone has the original's shape",
                           m, n);
    int r0, c0, r1, c1;
    top_left(b, orig, n, &r0, &c0);
    top_left(b, copy, m, &r1, &c1);
    int dr = r1 - r0, dc = c1 - c0;
    if (dr == 0 && dc == 0)
        return host->error(b, r, "clone", "the clone lies on the original: it must be moved");
    for (int i = 0; i < n; i++) {
        int row, col;
        host->cell_pos(b, orig[i], &row, &col);
        int twin = host->cell_at(b, row + dr, col + dc);
        if (twin < 0 || !contains(copy, m, twin))
            return host->error(b, r, "clone",
                               "the clone is not the original moved as one piece: r%dc%d "
                               "would move to r%dc%d, which the clone does not hold",
                               row, col, row + dr, col + dc);
        twins *t = host->alloc(b, sizeof *t);
        if (!t) return host->error(b, r, NULL, "out of memory");
        t->a = orig[i];
        t->b = twin;
        int watch[2] = {t->a, t->b};
        rc = host->add_propagator(b, &twin_propagator, t, watch, 2, RG_EV_DOMAIN);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* ---- Generating clones ----------------------------------------------------- */

/* A draw in 0..n-1 from the host's random stream (a seed reproduces it). */
static int below(rg_gen *g, int n) { return n <= 1 ? 0 : (int)(host->gen_random(g) % (uint64_t)n); }

/* The cell moved by (dr, dc), or -1. */
static int moved(rg_gen *g, int cell, int dr, int dc)
{
    int row, col;
    host->gen_cell_pos(g, cell, &row, &col);
    return host->gen_cell_at(g, row + dr, col + dc);
}

/* Settings: count (clones, default 1) and max_size (cells of each, default
 * 4). A clone grows from a cell whose twin, moved by a random offset, holds
 * the same digit in `solution`, over orthogonal neighbours that keep doing
 * so; clones share no cell. */
static int generate(rg_gen *g, const int *solution)
{
    if (host->size < offsetof(rg_host, gen_error) + sizeof host->gen_error) return RG_E_PLUGIN;
    rg_board_info bi;
    host->gen_board(g, &bi);
    long count = host->gen_int(g, "count", 1), max_size = host->gen_int(g, "max_size", 4);
    if (count < 1 || count > bi.cells)
        return host->gen_error(g, "setting count is %ld; it must be between 1 and %d", count,
                               bi.cells);
    if (max_size < 1 || max_size > bi.cells)
        return host->gen_error(g, "setting max_size is %ld; it must be between 1 and %d", max_size,
                               bi.cells);
    char *used = calloc((size_t)bi.cells + 1, 1);
    int *orig = malloc(sizeof(int) * (size_t)(2 * max_size));
    char *text = malloc((size_t)(64 + 24 * max_size));
    int rc = RG_OK, made = 0;
    if (!used || !orig || !text) rc = host->gen_error(g, "out of memory");
    for (int attempt = 0; rc == RG_OK && made < count && attempt < 200 * count; attempt++) {
        int a = below(g, bi.cells), dr = below(g, 2 * bi.rows + 1) - bi.rows,
            dc = below(g, 2 * bi.columns + 1) - bi.columns;
        int b = moved(g, a, dr, dc);
        if ((!dr && !dc) || b < 0 || used[a] || used[b] || solution[a] != solution[b]) continue;
        int *twin = orig + max_size, n = 1, want = 1 + below(g, (int)max_size);
        orig[0] = a, twin[0] = b, used[a] = used[b] = 1;
        for (int i = 0; i < n && n < want; i++) {
            static const int step[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
            for (int s = 0; s < 4 && n < want; s++) {
                int x = moved(g, orig[i], step[s][0], step[s][1]);
                int y = x < 0 ? -1 : moved(g, x, dr, dc);
                if (y < 0 || used[x] || used[y] || x == y || solution[x] != solution[y]) continue;
                orig[n] = x, twin[n] = y, used[x] = used[y] = 1;
                n++;
            }
        }
        size_t len = 0;
        len += (size_t)sprintf(text + len, "{\"type\":\"lab.clone\",\"cells\":[");
        for (int k = 0; k < 2 * n; k++) {
            int cell = k < n ? orig[k] : twin[k - n], row, col;
            host->gen_cell_pos(g, cell, &row, &col);
            if (k == n) len += (size_t)sprintf(text + len, "],\"clone\":[");
            len += (size_t)sprintf(text + len, "%s\"r%dc%d\"", k % n ? "," : "", row, col);
        }
        sprintf(text + len, "]}");
        rc = host->gen_emit(g, text);
        made++;
    }
    free(used);
    free(orig);
    free(text);
    return rc;
}

/* How `rulegrid fmt` writes the rule: its fields in this order (then its
 * note). With write_rank 0 it stands where format.md puts types from other
 * plugins: after relation rules, before negatives. */
static const char *const clone_order[] = {"cells", "clone", NULL};

/* ---- Drawing clones -------------------------------------------------------- */

/* Draw the rule for `rulegrid render` (docs/render.md): both areas shaded
 * alike and outlined, the clone labelled. The hook reads the fields again
 * as compile did. Coordinates are in cells: the cell in row r, column c
 * spans x from c-1 to c and y from r-1 to r. A host older than the hook
 * never calls it, so the draw_* calls are there. */
static int draw(rg_draw *d, rg_build *b, rg_rule *r, void *rule_data)
{
    (void)rule_data;
    const int *orig, *copy;
    int n, m;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &orig, &n);
    if (rc == RG_OK) rc = host->read_cells(b, r, "clone", 0, 1, 0, &copy, &m);
    if (rc != RG_OK) return rc;
    rg_style shade = {.size = sizeof shade, .fill = "#b2dfdb", .layer = RG_LAYER_SHADE};
    rg_style line = {
        .size = sizeof line, .stroke = "#00796b", .width = 0.03, .layer = RG_LAYER_LINE};
    rg_style label = {.size = sizeof label,
                      .fill = "#00796b",
                      .layer = RG_LAYER_TEXT,
                      .anchor = RG_ANCHOR_TOP_LEFT};
    double x, y;
    rc = host->draw_cells(d, orig, n, &shade);
    if (rc == RG_OK) rc = host->draw_cells(d, copy, m, &shade);
    if (rc == RG_OK) rc = host->draw_outline(d, orig, n, 0.06, &line, NULL, NULL);
    if (rc == RG_OK) rc = host->draw_outline(d, copy, m, 0.06, &line, &x, &y);
    if (rc == RG_OK) rc = host->draw_text(d, x + 0.03, y + 0.02, 0.18, &label, "clone");
    return rc;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "lab.clone",
     .family = "lab",
     .compile = compile,
     .generate = generate,
     .write_order = clone_order,
     .draw = draw},
};

/* The plugin's init (keeps host, registers types) and its one export,
 * rulegrid_plugin_entry. */
RG_PLUGIN_DEFINE("lab", "1.0", "lab.clone: two areas of one shape hold the same digits", host,
                 types, NULL);
