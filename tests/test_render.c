/* rulegrid render (core/render): the SVG is well formed; box borders are
 * thick where boxes meet and nowhere inside a box; holes of the board are
 * not drawn; givens appear; outlines of L-shaped, ring-shaped and pinched
 * sets have the right corners; a type without a draw hook gets the
 * labelled fallback, the example plugin draws itself; a step's focus,
 * eliminations and placements land on its cells. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/mem.h"
#include "model/board.h"
#include "render/draw.h"
#include "render/outline.h"
#include "render/render.h"
#include "support.h"
#include "svg_check.h"

#define CLASSIC_OPEN                                                                               \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, \"columns\": 9, "         \
    "\"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}"
#define CLASSIC CLASSIC_OPEN "]"
/* A 17-clue puzzle whose explanation soon needs locked candidates. */
#define HARDER                                                                                     \
    CLASSIC ", \"givens\": {\"r2c9\": 1, \"r3c6\": 2, \"r3c8\": 3, \"r4c6\": 3, \"r4c8\": 2, "     \
            "\"r5c3\": 1, \"r5c5\": 4, \"r6c3\": 5, \"r6c8\": 6, \"r7c2\": 3, \"r7c9\": 4, "       \
            "\"r8c2\": 7, \"r8c5\": 8, \"r8c9\": 9, \"r9c1\": 6, \"r9c2\": 2, \"r9c6\": 7}}"

/* ---- Every picture is checked by the strict checker (svg_check.h) ------- */

/* The checker itself: what it takes and what it refuses. */
static void checker_itself(void **state)
{
    (void)state;
#define DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static const char *const good[] = {
        DECL "<svg x=\"1\"><g/><text y=\"2.5\">t &amp; u &#233;\xc3\xa9</text></svg>\n",
        DECL "<svg width=\"100%\" d=\"M 1 2 L 3,4 Z\"></svg>",
    };
    static const char *const bad[] = {
        "<svg></svg>",                               /* no declaration */
        DECL "<svg><g></svg></g>",                   /* crossed */
        DECL "<svg><g></svg>",                       /* left open */
        DECL "<svg x=1></svg>",                      /* unquoted */
        DECL "<svg a=\"1\" a=\"2\"></svg>",          /* twice */
        DECL "<svg>x & y</svg>",                     /* a bare '&' */
        DECL "<svg></svg><svg></svg>",               /* two roots */
        DECL "<html></html>",                        /* not svg */
        DECL "<svg x=\"nan\"></svg>",                /* not finite */
        DECL "<svg><text>\xc0\xaf</text></svg>",     /* overlong UTF-8 */
        DECL "<svg><text>\x1b[31m</text></svg>",     /* a control character */
        DECL "<svg><text>\xef\xbf\xbe</text></svg>", /* U+FFFE */
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (svg_check(good[i], strlen(good[i])))
            fail_msg("good %zu: %s", i, svg_check(good[i], strlen(good[i])));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!svg_check(bad[i], strlen(bad[i]))) fail_msg("bad %zu taken", i);
#undef DECL
}

static int count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p++) n++;
    return n;
}

static char *svg_of(const rg_puzzle *p, const rg_render_options *o)
{
    char *svg;
    size_t len;
    rg_error err;
    assert_int_equal(rg_render_svg(p, o, &svg, &len, &err), RG_OK);
    assert_int_equal(strlen(svg), len);
    const char *why = svg_check(svg, len);
    if (why) fail_msg("not well-formed: %s", why);
    return svg;
}

/* ---- Unit edges covered by the paths of a picture ------------------------ */

typedef struct edges {
    unsigned char h[100][100]; /* h[y][x]: from (x, y) to (x + 1, y) */
    unsigned char v[100][100]; /* v[y][x]: from (x, y) to (x, y + 1) */
} edges;

static int whole(double v)
{
    return v > -0.001 && (v - (int)(v + 0.5)) * (v - (int)(v + 0.5)) < 1e-12;
}

static void cover(edges *e, double x0, double y0, double x1, double y1)
{
    if (!whole(x0) || !whole(y0) || !whole(x1) || !whole(y1)) return;
    int a = (int)(x0 + 0.5), b = (int)(y0 + 0.5), c = (int)(x1 + 0.5), d = (int)(y1 + 0.5);
    if (b == d)
        for (int x = a < c ? a : c; x < (a < c ? c : a); x++) e->h[b][x] = 1;
    if (a == c)
        for (int y = b < d ? b : d; y < (b < d ? d : b); y++) e->v[y][a] = 1;
}

/* The unit edges of the paths of d that pass keep(prim). */
static void edges_of(const rg_draw *d, int (*keep)(const rg_draw *, const rg_prim *), edges *e)
{
    memset(e, 0, sizeof *e);
    for (int i = 0; i < d->nprims; i++) {
        const rg_prim *p = &d->prims[i];
        if (p->kind != RG_PRIM_PATH || !keep(d, p)) continue;
        const double *xy = d->pts + 2 * p->first;
        for (int k = 0; k < p->nsub; k++) {
            int from = d->subs[p->sub + k],
                to = k + 1 < p->nsub ? d->subs[p->sub + k + 1] : p->npts;
            for (int j = from; j < to; j++) {
                int nx = j + 1 < to ? j + 1 : from;
                if (j + 1 < to || p->closed)
                    cover(e, xy[2 * j], xy[2 * j + 1], xy[2 * nx], xy[2 * nx + 1]);
            }
        }
    }
}

static int thick(const rg_draw *d, const rg_prim *p)
{
    (void)d;
    return p->rule >= 0 && p->width >= 0.06;
}

static int grid_line(const rg_draw *d, const rg_prim *p)
{
    const char *c = rg_draw_str(d, p->cls);
    return c && strcmp(c, "gridlines") == 0;
}

static rg_draw *picture(const rg_puzzle *p, const rg_render_options *o)
{
    rg_draw *d;
    rg_error err;
    assert_int_equal(rg_render_picture(p, o, &d, &err), RG_OK);
    return d;
}

static void box_borders(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC "}");
    rg_draw *d = picture(p, NULL);
    edges *e = calloc(1, sizeof *e);
    edges_of(d, thick, e);
    for (int k = 0; k < 9; k++) {
        for (int x = 0; x <= 9; x++) {
            assert_int_equal(e->v[k][x], x % 3 == 0); /* where boxes meet and round the grid */
            assert_int_equal(e->h[x][k], x % 3 == 0);
        }
    }
    edges_of(d, grid_line, e);
    for (int k = 0; k < 9; k++)
        for (int x = 0; x <= 9; x++) assert_true(e->v[k][x] && e->h[x][k]); /* every cell */
    char *svg = svg_of(p, NULL);
    assert_true(count(svg, "stroke-width=\"2.8\"") >= 9); /* 0.07 cells at 40 px */
    rg_string_free(svg);
    free(e);
    rg_render_picture_free(d);
    rg_puzzle_free(p);
}

/* A jigsaw piece: outlined thick along its own border only. */
static void jigsaw_borders(void **state)
{
    (void)state;
    rg_puzzle *p =
        t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                "\"columns\": 4, \"digits\": 4}, \"rules\": ["
                "{\"type\": \"grid\", \"origin\": \"r1c1\"},"
                "{\"type\": \"box\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r2c1\"]},"
                "{\"type\": \"box\", \"cells\": [\"r1c4\", \"r2c2\", \"r2c3\", \"r2c4\"]},"
                "{\"type\": \"box\", \"cells\": [\"r3c1\", \"r4c1\", \"r4c2\", \"r3c2\"]},"
                "{\"type\": \"box\", \"cells\": [\"r3c3\", \"r3c4\", \"r4c3\", \"r4c4\"]}]}");
    rg_draw *d = picture(p, NULL);
    edges *e = calloc(1, sizeof *e);
    edges_of(d, thick, e);
    assert_true(e->h[1][1] && e->h[1][2] && e->v[0][3]);               /* between pieces 1 and 2 */
    assert_false(e->h[1][0] || e->v[0][1] || e->v[0][2]);              /* inside piece 1 */
    assert_false(e->v[1][3] || e->v[2][1] || e->h[3][2]);              /* inside pieces 2, 3, 4 */
    assert_true(e->v[0][0] && e->v[3][4] && e->h[4][0] && e->h[0][3]); /* the outline */
    free(e);
    rg_render_picture_free(d);
    rg_puzzle_free(p);
}

/* Two 4 x 4 grids meeting at r4c4: the cells of neither are holes. */
static void holes(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 7, "
                           "\"columns\": 7, \"digits\": 4, \"cells\": [\"r1c1:r4c4\", "
                           "\"r4c4:r7c7\"]}, \"rules\": ["
                           "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]},"
                           "{\"type\": \"box_grid\", \"origin\": \"r4c4\", \"box\": [2, 2]}],"
                           "\"givens\": {\"r7c7\": 3}}");
    rg_draw *d = picture(p, NULL);
    edges *e = calloc(1, sizeof *e);
    edges_of(d, grid_line, e);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x <= 7; x++) {
            int left = x > 0 && rg_puzzle_cell_at(p, y + 1, x) >= 0;
            int right = x < 7 && rg_puzzle_cell_at(p, y + 1, x + 1) >= 0;
            assert_int_equal(e->v[y][x], left || right);
        }
    for (int y = 0; y <= 7; y++)
        for (int x = 0; x < 7; x++) {
            int above = y > 0 && rg_puzzle_cell_at(p, y, x + 1) >= 0;
            int below = y < 7 && rg_puzzle_cell_at(p, y + 1, x + 1) >= 0;
            assert_int_equal(e->h[y][x], above || below);
        }
    assert_false(e->v[0][6] || e->h[1][5] || e->v[6][1]); /* among holes */
    assert_true(e->v[0][4] && e->h[7][6] && e->h[4][0]);  /* edges of existing cells */
    edges_of(d, thick, e);
    assert_true(e->v[3][3] && e->h[3][3] && e->v[6][7]); /* the second grid's outline */
    assert_false(e->v[0][5] || e->h[5][0]);              /* nothing in the holes */
    free(e);
    char *svg = svg_of(p, NULL);
    assert_int_equal(count(svg, "class=\"given\""), 1);
    rg_string_free(svg);
    rg_render_picture_free(d);
    rg_puzzle_free(p);
}

static void givens(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC ", \"givens\": {\"r1c1\": 5, \"r9c8\": 7, \"r4c6\": 1}}");
    rg_draw *d = picture(p, NULL);
    int seen = 0;
    for (int i = 0; i < d->nprims; i++) {
        const rg_prim *q = &d->prims[i];
        const char *c = rg_draw_str(d, q->cls);
        if (q->kind != RG_PRIM_TEXT || !c || strcmp(c, "given")) continue;
        int row = (int)(q->y + 1), col = (int)(q->x + 1);
        int cell = rg_puzzle_cell_at(p, row, col);
        assert_true(cell >= 0);
        assert_int_equal(atoi(rg_draw_str(d, q->text)), rg_puzzle_givens(p)[cell]);
        assert_true(q->size >= 0.6); /* large */
        assert_string_equal(rg_draw_str(d, q->fill), "black");
        assert_int_equal(q->z, RG_Z_DIGITS);
        seen++;
    }
    assert_int_equal(seen, 3);
    char *svg = svg_of(p, NULL);
    assert_int_equal(count(svg, "class=\"given\""), 3);
    assert_non_null(strstr(svg, "fill=\"black\">7</text>"));
    rg_string_free(svg);
    rg_render_picture_free(d);
    rg_puzzle_free(p);
}

/* ---- Outlines -------------------------------------------------------------- */

static void expect_loop(const rg_loops *l, int k, const double *want, int n)
{
    assert_int_equal(l->start[k + 1] - l->start[k], n);
    for (int i = 0; i < 2 * n; i++) {
        double got = l->xy[2 * l->start[k] + i];
        if (got < want[i] - 1e-9 || got > want[i] + 1e-9)
            fail_msg("loop %d coordinate %d: got %g, want %g", k, i, got, want[i]);
    }
}

static int cells_of(const rg_board *b, const char *rows[], int *cells)
{
    int n = 0;
    for (int r = 0; rows[r]; r++)
        for (int c = 0; rows[r][c]; c++)
            if (rows[r][c] == '#') cells[n++] = rg_board_at(b, r + 1, c + 1);
    return n;
}

static void outlines(void **state)
{
    (void)state;
    rg_board b;
    rg_error err;
    assert_int_equal(rg_board_init(&b, 3, 3, 3, NULL, &err), RG_OK);
    int cells[9], n;
    rg_loops l;
    const char *L[] = {"#..", "##.", "...", NULL};
    n = cells_of(&b, L, cells);
    assert_int_equal(rg_outline_loops(&b, cells, n, 0, &l), RG_OK);
    assert_int_equal(l.nloops, 1);
    const double l0[] = {0, 0, 1, 0, 1, 1, 2, 1, 2, 2, 0, 2};
    expect_loop(&l, 0, l0, 6);
    rg_outline_free(&l);
    assert_int_equal(rg_outline_loops(&b, cells, n, 0.1, &l), RG_OK);
    const double l1[] = {0.1, 0.1, 0.9, 0.1, 0.9, 1.1, 1.9, 1.1, 1.9, 1.9, 0.1, 1.9};
    expect_loop(&l, 0, l1, 6); /* the concave corner (1, 1) moves into the L too */
    rg_outline_free(&l);
    const char *ring[] = {"###", "#.#", "###", NULL};
    n = cells_of(&b, ring, cells);
    assert_int_equal(rg_outline_loops(&b, cells, n, 0.1, &l), RG_OK);
    assert_int_equal(l.nloops, 2);
    const double outer[] = {0.1, 0.1, 2.9, 0.1, 2.9, 2.9, 0.1, 2.9};
    const double hole[] = {0.9, 0.9, 0.9, 2.1, 2.1, 2.1, 2.1, 0.9}; /* the other way round */
    expect_loop(&l, 0, outer, 4);
    expect_loop(&l, 1, hole, 4);
    rg_outline_free(&l);
    const char *pinch[] = {"#..", ".#.", "..#", NULL}; /* corners touch: three pieces */
    n = cells_of(&b, pinch, cells);
    assert_int_equal(rg_outline_loops(&b, cells, n, 0.2, &l), RG_OK);
    assert_int_equal(l.nloops, 3);
    const double mid[] = {1.2, 1.2, 1.8, 1.2, 1.8, 1.8, 1.2, 1.8};
    expect_loop(&l, 1, mid, 4);
    rg_outline_free(&l);
    int repeated[] = {4, 4, 4};
    assert_int_equal(rg_outline_loops(&b, repeated, 3, 0, &l), RG_OK);
    assert_int_equal(l.nloops, 1);
    assert_int_equal(l.npts, 4);
    rg_outline_free(&l);
    rg_board_free(&b);
}

/* ---- The fallback and a third-party hook ----------------------------------- */

static void fallback(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(RG_TEST_PLUGIN_DIR "/good");
    rg_puzzle *p = t_parse_in(reg, CLASSIC_OPEN ", {\"type\": \"test.good\", \"cells\": [\"r2c2\", "
                                                "\"r2c3\", \"r3c3\"]}]}");
    rg_draw *d = picture(p, NULL);
    int paths = 0, labels = 0;
    for (int i = 0; i < d->nprims; i++) {
        const rg_prim *q = &d->prims[i];
        if (q->rule != 1) continue;
        assert_non_null(strstr(rg_draw_str(d, q->cls), "fallback"));
        if (q->kind == RG_PRIM_TEXT) {
            assert_string_equal(rg_draw_str(d, q->text), "test.good");
            labels++;
        } else {
            /* the watched cells' outline: an L of three cells, inset */
            assert_int_equal(q->npts, 6);
            assert_true(q->closed);
            const double *xy = d->pts + 2 * q->first;
            assert_true(xy[0] > 1.05 && xy[0] < 1.15 && xy[1] > 1.05 && xy[1] < 1.15);
            paths++;
        }
    }
    assert_int_equal(paths, 1);
    assert_int_equal(labels, 1);
    char *svg = svg_of(p, NULL);
    assert_int_equal(count(svg, " fallback\""), 2); /* the outline and its label, nothing else */
    assert_non_null(strstr(svg, ">test.good</text>"));
    rg_string_free(svg);
    rg_render_picture_free(d);
    rg_puzzle_free(p);
    rg_registry_free(reg);
}

static void example_plugin(void **state)
{
    (void)state;
    rg_registry *reg = t_registry_with(RG_TEST_PLUGIN_DIR "/clone");
    rg_puzzle *p;
    rg_error err;
    assert_int_equal(rg_puzzle_read_file(reg, t_src("examples/plugin/clone.json"), &p, &err),
                     RG_OK);
    char *svg = svg_of(p, NULL);
    assert_non_null(strstr(svg, "type-lab.clone\""));
    assert_null(strstr(svg, "fallback"));
    assert_non_null(strstr(svg, ">clone</text>"));
    assert_true(count(svg, "data-rule=\"1\"") >= 5); /* two shades, two outlines, a label */
    rg_string_free(svg);
    rg_puzzle_free(p);
    rg_registry_free(reg);
}

/* ---- A step of the explanation ---------------------------------------------- */

static const rg_prim *text_at(const rg_draw *d, const char *cls, double x0, double y0)
{
    for (int i = 0; i < d->nprims; i++) {
        const rg_prim *q = &d->prims[i];
        const char *c = rg_draw_str(d, q->cls);
        if (q->kind == RG_PRIM_TEXT && c && !strcmp(c, cls) && q->x > x0 && q->x < x0 + 1 &&
            q->y > y0 && q->y < y0 + 1)
            return q;
    }
    return NULL;
}

/* Long: sets up an explanation, then checks focus, eliminations and
 * placements each in turn. */
static void step_highlights(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(HARDER);
    rg_error err;
    rg_explainer *e;
    assert_int_equal(rg_explainer_new(p, NULL, NULL, &e, &err), RG_OK);
    int N = rg_puzzle_cells(p);
    rg_mask *before = malloc((size_t)N * sizeof *before);
    rg_step s;
    int found = 0;
    /* the first step that removes candidates (and the one before it places) */
    for (int k = 0; k < 200 && !found; k++) {
        memcpy(before, rg_explain_candidates(e), (size_t)N * sizeof *before);
        assert_int_equal(rg_explain_next(e, &s, &err), 1);
        found = s.nelim > 0 && s.nfocus > 0;
    }
    assert_true(found);
    rg_render_options o;
    rg_render_options_default(&o);
    o.candidates = before;
    o.focus = s.focus, o.nfocus = s.nfocus;
    o.elim_cells = s.elim_cells, o.elim_masks = s.elim_masks, o.nelim = s.nelim;
    o.place_cells = s.place_cells, o.place_digits = s.place_digits, o.nplace = s.nplace;
    o.caption = "a <caption> & more";
    rg_draw *d = picture(p, &o);
    int focus = 0;
    for (int i = 0; i < d->nprims; i++) {
        const rg_prim *q = &d->prims[i];
        const char *c = rg_draw_str(d, q->cls);
        if (!c || strcmp(c, "focus") || q->kind != RG_PRIM_PATH) continue;
        assert_int_equal(q->nsub, s.nfocus); /* a square per focus cell, in order */
        for (int k = 0; k < s.nfocus; k++) {
            int row, col;
            rg_puzzle_cell_pos(p, s.focus[k], &row, &col);
            const double *xy = d->pts + 2 * (q->first + d->subs[q->sub + k]);
            assert_true(xy[0] == col - 1 && xy[1] == row - 1);
        }
        assert_int_equal(q->z, RG_Z_SHADE);
        focus++;
    }
    assert_int_equal(focus, 1);
    for (int i = 0; i < s.nelim; i++) {
        int row, col, red = 0;
        rg_puzzle_cell_pos(p, s.elim_cells[i], &row, &col);
        for (int j = 0; j < d->nprims; j++) {
            const rg_prim *q = &d->prims[j];
            const char *c = rg_draw_str(d, q->cls);
            if (q->kind == RG_PRIM_TEXT && c && !strcmp(c, "elim") && q->x > col - 1 &&
                q->x < col && q->y > row - 1 && q->y < row) {
                assert_true(s.elim_masks[i] >> (atoi(rg_draw_str(d, q->text)) - 1) & 1u);
                assert_string_equal(rg_draw_str(d, q->fill), "#d62728");
                red++;
            }
        }
        assert_int_equal(red, __builtin_popcount(s.elim_masks[i]));
        /* an eliminated candidate is not drawn grey as well */
        const rg_prim *grey = text_at(d, "cand", col - 1, row - 1);
        for (; grey && grey < d->prims + d->nprims; grey++)
            if (grey->kind == RG_PRIM_TEXT && rg_draw_str(d, grey->cls) &&
                !strcmp(rg_draw_str(d, grey->cls), "cand") && grey->x > col - 1 && grey->x < col &&
                grey->y > row - 1 && grey->y < row)
                assert_false(s.elim_masks[i] >> (atoi(rg_draw_str(d, grey->text)) - 1) & 1u);
    }
    for (int i = 0; i < s.nplace; i++) {
        int row, col;
        rg_puzzle_cell_pos(p, s.place_cells[i], &row, &col);
        const rg_prim *q = text_at(d, "place", col - 1, row - 1);
        assert_non_null(q);
        assert_int_equal(atoi(rg_draw_str(d, q->text)), s.place_digits[i]);
    }
    char *svg = svg_of(p, &o); /* the caption escaped */
    assert_non_null(strstr(svg, "a &lt;caption&gt; &amp; more"));
    rg_string_free(svg);
    rg_render_picture_free(d);
    rg_explainer_free(e);
    free(before);
    rg_puzzle_free(p);
}

/* The title and the caption keep well-formed UTF-8 (two-, three- and
 * four-byte characters) as it is. Each byte that starts no well-formed
 * sequence (RFC 3629: overlong forms, UTF-16 surrogates, code points past
 * U+10FFFF, bytes F5..FF, a truncated sequence) becomes '?', and so do the
 * characters XML 1.0 forbids or that are controls: C0 but none, DEL, C1,
 * U+FFFE and U+FFFF. */
static void broken_utf8(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"a\xed\xa0\x80"
         "b\xf5\x80\x80\x80"
         "c\xe0\x80\xaf"
         "d",
         "a???b????c???d"},
        {"\xe0\x9f\xbf|\xf0\x8f\xbf\xbf|\xf4\x90\x80\x80|\xf7\xbf\xbf\xbf|\xed\xbf\xbf",
         "???|????|????|????|???"},
        {"\xc0\xaf|\xc1\xbf|\xf8\x88\x80\x80\x80|\xff|\x80|\xe2\x82|\xf0\x9f\x98",
         "??|??|?????|?|?|??|???"},
        {"\xef\xbf\xbe|\xef\xbf\xbf|\x7f|\xc2\x80|\xc2\x9f|\x01\t\n", "?|?|?|?|?|???"},
        {"\xc2\xa0\xc3\xa9\xe2\x82\xac\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbd\xf0\x9f\x98\x80"
         "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf",
         "\xc2\xa0\xc3\xa9\xe2\x82\xac\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbd\xf0\x9f\x98\x80"
         "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf"},
    };
    rg_puzzle *p = t_parse(CLASSIC "}");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rg_render_options o;
        rg_render_options_default(&o);
        o.title = o.caption = cases[i].in;
        char *svg = svg_of(p, &o), want[200];
        snprintf(want, sizeof want, "<title>%s</title>", cases[i].out);
        assert_non_null(strstr(svg, want));
        snprintf(want, sizeof want, "fill=\"#333\">%s</text>", cases[i].out);
        assert_non_null(strstr(svg, want));
        rg_string_free(svg);
    }
    rg_puzzle_free(p);
}

/* The opening tag of the svg element: its size and viewBox. */
static void svg_head(const char *svg, char *out, size_t n)
{
    const char *a = strstr(svg, "<svg"), *z = a ? strchr(a, '>') : NULL;
    assert_non_null(z);
    assert_true((size_t)(z - a) < n);
    memcpy(out, a, (size_t)(z - a));
    out[z - a] = '\0';
}

/* The legend is as wide as the characters it shows, not its bytes: a
 * caption of 80 characters in two-, three- or four-byte UTF-8 makes the
 * picture as wide as 80 ASCII letters do (13.2 cells and the margins: 552
 * px), and so does one with broken bytes, each of which shows as one '?'.
 * The caption is the widest thing in the picture (the grid: 9.07 cells). */
static void legend_width(void **state)
{
    (void)state;
    static const struct {
        const char *unit; /* repeated to make the caption */
        int chars, times;
        const char *size;
    } cases[] = {
        {"\xc3\x89", 1, 80, "width=\"552\" height=\"413.2\" viewBox=\"0 0 552 413.2\""}, /* É */
        {"\xd0\x96", 1, 80, "width=\"552\" height=\"413.2\" viewBox=\"0 0 552 413.2\""}, /* Ж */
        {"\xe6\x95\xb0", 1, 80,
         "width=\"552\" height=\"413.2\" viewBox=\"0 0 552 413.2\""}, /* a CJK character */
        {"\xf0\x9f\x98\x80", 1, 80,
         "width=\"552\" height=\"413.2\" viewBox=\"0 0 552 413.2\""}, /* an emoji */
        /* "Étape 3 : «Paire»": 17 characters in 20 bytes */
        {"\xc3\x89tape 3 : \xc2\xabPaire\xc2\xbb", 17, 5,
         "width=\"585\" height=\"413.2\" viewBox=\"0 0 585 413.2\""},
        /* é, a stray continuation byte, a sequence cut short: 4 characters */
        {"\xc3\xa9\x80\xe2\x82", 4, 20, "width=\"552\" height=\"413.2\" viewBox=\"0 0 552 413.2\""},
    };
    rg_puzzle *p = t_parse(CLASSIC "}");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512], ascii[512], head[512], want[512];
        size_t n = strlen(cases[i].unit);
        for (int k = 0; k < cases[i].times; k++) memcpy(text + k * n, cases[i].unit, n);
        text[cases[i].times * n] = '\0';
        int chars = cases[i].chars * cases[i].times;
        memset(ascii, 'x', (size_t)chars);
        ascii[chars] = '\0';
        rg_render_options o;
        rg_render_options_default(&o);
        o.caption = ascii;
        char *svg = svg_of(p, &o);
        svg_head(svg, want, sizeof want);
        rg_string_free(svg);
        assert_non_null(strstr(want, cases[i].size)); /* the ASCII caption, as it always was */
        o.caption = text;
        svg = svg_of(p, &o);
        svg_head(svg, head, sizeof head);
        if (strcmp(head, want)) fail_msg("case %zu: %s, not %s", i, head, cases[i].size);
        rg_string_free(svg);
    }
    rg_puzzle_free(p);
}

/* A caption, or a label a hook draws, of more than 1 MiB is drawn whole. */
static void long_strings(void **state)
{
    (void)state;
    size_t n = (size_t)3 << 19; /* 1.5 MiB */
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, 'x', n);
    big[n] = '\0';
    rg_puzzle *p = t_parse(CLASSIC "}");
    rg_render_options o;
    rg_render_options_default(&o);
    o.caption = big;
    char *svg = svg_of(p, &o);
    const char *at = strstr(svg, "fill=\"#333\">");
    assert_non_null(at);
    at += strlen("fill=\"#333\">");
    assert_int_equal(strspn(at, "x"), n);
    assert_int_equal(strncmp(at + n, "</text>", 7), 0);
    rg_string_free(svg);
    rg_board b;
    rg_error err;
    assert_int_equal(rg_board_init(&b, 3, 3, 3, NULL, &err), RG_OK);
    rg_draw *d = rg_draw_new(&b);
    assert_non_null(d);
    assert_int_equal(rg_draw_text(d, 1.5, 1.5, 0.3, NULL, big), RG_OK);
    assert_int_equal(d->nprims, 1);
    assert_int_equal(strlen(rg_draw_str(d, d->prims[0].text)), n);
    rg_draw_free(d);
    rg_board_free(&b);
    rg_puzzle_free(p);
    free(big);
}

/* The pool's 1 GiB ceiling, without 1 GiB: a drawing whose pool is taken
 * as nearly full (its count set, nothing allocated) refuses a string one
 * byte past it, with RG_E_NOMEM and full set, and keeps no primitive for
 * it; with room again the same string is taken. (The message a refusal
 * gives, "the picture's text would pass 1 GiB", is render.c's nomem.) */
static void pool_ceiling(void **state)
{
    (void)state;
    rg_board b;
    rg_error err;
    assert_int_equal(rg_board_init(&b, 3, 3, 3, NULL, &err), RG_OK);
    rg_draw *d = rg_draw_new(&b);
    assert_non_null(d);
    assert_int_equal(rg_draw_text(d, 1.5, 1.5, 0.3, NULL, "abc"), RG_OK);
    int kept = d->npool;
    d->npool = (int)(RG_DRAW_POOL_MAX - 4); /* room for "abc" and its NUL, no more */
    assert_int_equal(rg_draw_text(d, 1.5, 1.5, 0.3, NULL, "abcd"), RG_E_NOMEM);
    assert_true(d->full);
    assert_int_equal(d->nprims, 1);
    d->full = 0;
    d->npool = kept; /* back to what was allocated, so that nothing is written past it */
    assert_int_equal(rg_draw_text(d, 1.5, 1.5, 0.3, NULL, "abcd"), RG_OK);
    assert_false(d->full);
    rg_draw_free(d);
    rg_board_free(&b);
}

static void bad_options(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC "}");
    rg_render_options o;
    rg_render_options_default(&o);
    int focus[1] = {81};
    o.focus = focus, o.nfocus = 1;
    char *svg;
    size_t len;
    rg_error err;
    assert_int_equal(rg_render_svg(p, &o, &svg, &len, &err), RG_E_FORMAT);
    assert_null(svg);
    assert_non_null(strstr(err.message, "focus"));
    rg_puzzle_free(p);
}

/* Every allocation of a picture failing in turn: RG_E_NOMEM and "out of
 * memory", or the same picture as without failures; nothing held after. */
static void out_of_memory(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC_OPEN
                           ", {\"type\": \"cell\", \"kind\": \"low\", \"split\": 4, "
                           "\"cells\": [\"r5c5\"]}, {\"type\": \"corner\", \"kind\": "
                           "\"quadruple\", \"digits\": [1, 2], \"cells\": [\"r1c1\", \"r1c2\", "
                           "\"r2c1\", \"r2c2\"]}, {\"type\": \"region\", \"kind\": \"diagonal\", "
                           "\"cells\": [\"r1c1\", \"r2c2\", \"r3c3\"]}, {\"type\": \"neighbours\", "
                           "\"kind\": \"antiknight\"}, {\"type\": \"negative\", \"of\": \"xv\"}, "
                           "{\"type\": \"cage\", \"cells\": [\"r9c8\", \"r9c9\"], \"sum\": 3}], "
                           "\"givens\": {\"r4c4\": 2}}");
    rg_render_options o;
    rg_render_options_default(&o);
    int focus[2] = {0, 10};
    o.focus = focus, o.nfocus = 2;
    o.caption = "caption";
    char *ref, *svg;
    size_t rlen, len;
    rg_error err;
    assert_int_equal(rg_render_svg(p, &o, &ref, &rlen, &err), RG_OK);
    size_t before = rg_mem_in_use();
    int step = t_scaled() ? 7 : 1;
    for (long n = 1;; n += step) {
        unsigned long failures = rg_mem_failures();
        rg_mem_fail_after(n);
        int rc = rg_render_svg(p, &o, &svg, &len, &err);
        rg_mem_fail_after(0);
        if (rc == RG_OK) {
            assert_int_equal(len, rlen);
            assert_memory_equal(svg, ref, len);
            rg_string_free(svg);
        } else {
            assert_int_equal(rc, RG_E_NOMEM);
            if (!strstr(err.message, "out of memory"))
                fail_msg("allocation %ld: code %d: %s", n, rc, err.message);
            assert_null(svg);
        }
        assert_int_equal(rg_mem_in_use(), before);
        if (rg_mem_failures() == failures) break;
    }
    rg_string_free(ref);
    rg_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checker_itself),
        cmocka_unit_test_setup_teardown(box_borders, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(jigsaw_borders, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(holes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(givens, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(outlines, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(fallback, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(example_plugin, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(step_highlights, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(broken_utf8, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(legend_width, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(long_strings, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pool_ceiling, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(bad_options, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(out_of_memory, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
