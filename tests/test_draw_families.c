/* The draw hooks of the cages, lines, arrows, relations and outside plugins,
 * called directly: each built plugin is given a copy of the host table whose
 * draw calls record the primitives, a document is read, and each rule's hook
 * runs with the model's build (and must read every field of its rule, as
 * compile does). The recorded primitives are checked: a cage's outline and
 * its sum in the corner, a thermometer's bulb, dots on the right edge, clues
 * outside the right row, arrowheads at the ends of shafts. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "host/host.h"
#include "host/loader.h"
#include "model/build.h"
#include "model/model.h"
#include "model/record.h"
#include "rules/read.h"
#include "support.h"

/* ---- The recorder ------------------------------------------------------------ */

enum { P_POLY, P_CIRCLE, P_TEXT, P_CELLS, P_OUTLINE };

#define MAX_POINTS 64
#define MAX_PRIMS  256

typedef struct prim {
    int what;
    double xy[2 * MAX_POINTS]; /* poly points; circle / text: xy[0], xy[1] */
    int n, closed;
    double radius, size, inset;
    int cells[MAX_POINTS], ncells;
    rg_style s;
    char text[64];
} prim;

typedef struct recorder {
    prim p[MAX_PRIMS];
    int n;
    rg_build *b; /* the build of the rule being drawn (for the outline's corner) */
} recorder;

static recorder rec;
/* The draw call that fails (from 0) with RG_E_NOMEM; -1: none. */
static int fail_at = -1;

/* Does this draw call fail? Counts the calls down to fail_at. */
static int failing(void)
{
    if (fail_at < 0) return 0;
    return fail_at-- == 0;
}

static prim *next_prim(rg_draw *d, int what, const rg_style *s)
{
    recorder *r = (recorder *)d;
    assert_true(r->n < MAX_PRIMS);
    assert_non_null(s);
    assert_int_equal(s->size, sizeof(rg_style));
    prim *p = &r->p[r->n++];
    memset(p, 0, sizeof *p);
    p->what = what;
    p->s = *s;
    return p;
}

static int fake_poly(rg_draw *d, const double *xy, int n, int closed, const rg_style *s)
{
    if (failing()) return RG_E_NOMEM;
    prim *p = next_prim(d, P_POLY, s);
    assert_true(n >= 1 && n <= MAX_POINTS);
    memcpy(p->xy, xy, sizeof(double) * 2 * (size_t)n);
    p->n = n;
    p->closed = closed;
    return RG_OK;
}

static int fake_circle(rg_draw *d, double x, double y, double radius, const rg_style *s)
{
    if (failing()) return RG_E_NOMEM;
    prim *p = next_prim(d, P_CIRCLE, s);
    p->xy[0] = x, p->xy[1] = y, p->radius = radius;
    return RG_OK;
}

static int fake_text(rg_draw *d, double x, double y, double size, const rg_style *s,
                     const char *text)
{
    if (failing()) return RG_E_NOMEM;
    prim *p = next_prim(d, P_TEXT, s);
    p->xy[0] = x, p->xy[1] = y, p->size = size;
    snprintf(p->text, sizeof p->text, "%s", text);
    return RG_OK;
}

static int fake_cells(rg_draw *d, const int *cells, int n, const rg_style *s)
{
    if (failing()) return RG_E_NOMEM;
    prim *p = next_prim(d, P_CELLS, s);
    p->ncells = n < MAX_POINTS ? n : MAX_POINTS;
    memcpy(p->cells, cells, sizeof(int) * (size_t)p->ncells);
    return RG_OK;
}

/* The inner top-left corner: the first cell in reading order, inset. */
static int fake_outline(rg_draw *d, const int *cells, int n, double inset, const rg_style *s,
                        double *cx, double *cy)
{
    if (failing()) return RG_E_NOMEM;
    prim *p = next_prim(d, P_OUTLINE, s);
    p->ncells = n < MAX_POINTS ? n : MAX_POINTS;
    memcpy(p->cells, cells, sizeof(int) * (size_t)p->ncells);
    p->inset = inset;
    int br = 1 << 30, bc = 1 << 30;
    for (int i = 0; i < n; i++) {
        int r, c;
        rg_host_table()->cell_pos(rec.b, cells[i], &r, &c);
        if (r < br || (r == br && c < bc)) br = r, bc = c;
    }
    if (cx) *cx = bc - 1 + inset;
    if (cy) *cy = br - 1 + inset;
    p->xy[0] = bc - 1 + inset, p->xy[1] = br - 1 + inset;
    return RG_OK;
}

static int fake_register(rg_registrar *reg, const rg_rule_type *type)
{
    (void)reg;
    (void)type;
    return RG_OK;
}

/* The host table the plugins are given again: the real one with the draw
 * calls recording. */
static rg_host fake_host;
static const char *const families[] = {"cages", "lines", "arrows", "relations", "outside"};
#define NFAMILIES 5
static void *handles[NFAMILIES];

/* Each plugin file is the one the registry opened (dlopen gives the same
 * object), so its init run again keeps the recording table. */
static int setup(void **state)
{
    (void)state;
    t_registry();
    fake_host = *rg_host_table();
    fake_host.register_type = fake_register;
    fake_host.draw_poly = fake_poly;
    fake_host.draw_circle = fake_circle;
    fake_host.draw_text = fake_text;
    fake_host.draw_cells = fake_cells;
    fake_host.draw_outline = fake_outline;
    for (int i = 0; i < NFAMILIES; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.so", rg_builtin_plugin_dir(), families[i]);
        const rg_plugin_info *info;
        rg_error err;
        rg_error_clear(&err);
        if (rg_loader_open(path, &handles[i], &info, NULL, &err) != RG_OK)
            fail_msg("%s: %s", path, err.message);
        if (info->init(&fake_host, NULL) != RG_OK) fail_msg("%s: init", path);
    }
    return 0;
}

/* The plugins keep the recording table: its calls other than draw_* are
 * the host's own, so the rest of the program is none the wiser. */
static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < NFAMILIES; i++) rg_loader_close(handles[i]);
    return 0;
}

/* ---- Drawing a document ----------------------------------------------------------- */

/* The rules (a JSON list's members) on a 9 x 9 classic, each drawn by its
 * type's hook into rec; every hook must return RG_OK and read every field.
 * With fail_at >= 0 the draw calls fail from that one on, and the first
 * failing hook must return RG_E_NOMEM: returns whether one did. */
static int draw_rules_status(const char *rules)
{
    char doc[8192];
    snprintf(doc, sizeof doc,
             "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,"
             "\"digits\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},"
             "%s]}",
             rules);
    rg_puzzle *pz = t_parse(doc);
    rg_model *m = pz->model;
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(rg_model_source(m), "rules");
    assert_non_null(src);
    memset(&rec, 0, sizeof rec);
    int i = 0;
    for (const cJSON *json = src->child; json; json = json->next, i++) {
        const rg_rule_type *t = m->rules[i].type;
        if (i == 0) continue; /* the houses draw elsewhere */
        assert_non_null(t->draw);
        rg_error err;
        rg_error_clear(&err);
        rg_build b = {m, &m->board, &m->arena, &err, i};
        rg_rule r;
        assert_int_equal(rg_read_begin(&b, &r, json, i, t->name), RG_OK);
        rec.b = &b;
        int before = fail_at;
        int rc = t->draw((rg_draw *)&rec, &b, &r, m->rules[i].data);
        int end = rg_read_end(&b, &r);
        rec.b = NULL;
        if (before >= 0 && fail_at < 0) {
            /* A draw call failed in this hook: it must say so and stop. */
            if (rc != RG_E_NOMEM)
                fail_msg("rule %d (%s): a failed draw call gave %d", i, t->name, rc);
            rg_puzzle_free(pz);
            return 1;
        }
        if (rc != RG_OK)
            fail_msg("rule %d (%s): draw returned %d: %s", i, t->name, rc, err.message);
        if (end != RG_OK) fail_msg("rule %d (%s): %s", i, t->name, err.message);
    }
    rg_puzzle_free(pz);
    return 0;
}

static void draw_rules(const char *rules)
{
    fail_at = -1;
    draw_rules_status(rules);
}

static int count(int what)
{
    int n = 0;
    for (int i = 0; i < rec.n; i++) n += rec.p[i].what == what;
    return n;
}

/* The k-th primitive of a kind (from 0), failing when there is none. */
static const prim *nth(int what, int k)
{
    for (int i = 0; i < rec.n; i++)
        if (rec.p[i].what == what && k-- == 0) return &rec.p[i];
    fail_msg("no primitive %d of kind %d among %d", k, what, rec.n);
    return NULL;
}

static const prim *text_of(const char *text)
{
    for (int i = 0; i < rec.n; i++)
        if (rec.p[i].what == P_TEXT && strcmp(rec.p[i].text, text) == 0) return &rec.p[i];
    fail_msg("no text \"%s\" among %d primitives", text, rec.n);
    return NULL;
}

static int near(double a, double b) { return fabs(a - b) < 1e-6; }
static double dist(double x0, double y0, double x1, double y1) { return hypot(x0 - x1, y0 - y1); }
static int same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* ---- Cages ------------------------------------------------------------------------ */

static void cage_outline_and_sum(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"cage\",\"cells\":[\"r2c3\",\"r1c3\",\"r1c4\"],\"sum\":17},"
               "{\"type\":\"cage\",\"cells\":[\"r5c5\",\"r5c6\"]}");
    assert_int_equal(count(P_OUTLINE), 2);
    const prim *o = nth(P_OUTLINE, 0);
    assert_int_equal(o->ncells, 3);
    assert_true(o->inset > 0.05 && o->inset < 0.12);
    assert_true(o->s.dash > 0);
    assert_non_null(o->s.stroke);
    assert_int_equal(o->s.layer, RG_LAYER_LINE);
    /* The sum at the inner corner of r1c3 (x 2 .. 3, y 0 .. 1), hanging from it. */
    const prim *t = text_of("17");
    assert_int_equal(t->s.anchor, RG_ANCHOR_TOP_LEFT);
    assert_true(dist(t->xy[0], t->xy[1], o->xy[0], o->xy[1]) < 0.05);
    assert_true(t->xy[0] > 2 && t->xy[0] < 2.2 && t->xy[1] > 0 && t->xy[1] < 0.2);
    assert_true(t->size > 0.15 && t->size < 0.4);
    /* The cage without a sum: an outline, no second text. */
    assert_int_equal(nth(P_OUTLINE, 1)->ncells, 2);
    assert_int_equal(count(P_TEXT), 1);
}

/* ---- Lines ------------------------------------------------------------------------- */

static void thermo_bulb_on_first_cell(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"line\",\"kind\":\"thermo\",\"cells\":[\"r5c3\",\"r4c3\",\"r3c3\","
               "\"r3c4\"]}");
    assert_int_equal(count(P_POLY), 1);
    assert_int_equal(count(P_CIRCLE), 1);
    const prim *c = nth(P_CIRCLE, 0), *l = nth(P_POLY, 0);
    assert_true(near(c->xy[0], 2.5) && near(c->xy[1], 4.5));
    assert_true(c->radius > 0.25 && c->radius < 0.5);
    assert_true(same(c->s.fill, l->s.stroke));
    assert_int_equal(l->n, 4);
    assert_false(l->closed);
    assert_true(near(l->xy[0], 2.5) && near(l->xy[1], 4.5));
    assert_true(near(l->xy[6], 3.5) && near(l->xy[7], 2.5));
    assert_true(l->s.flags & RG_STYLE_ROUND);
    assert_true(l->s.width > 0.2);
}

/* What tells the kinds apart: the first line's colour and width, and the
 * shapes drawn with it. */
typedef struct signature {
    char colour[32];
    double width;
    int circles, polys, texts;
} signature;

static signature sign_line(const char *kind, const char *extra, const char *cells)
{
    char rule[512];
    snprintf(rule, sizeof rule, "{\"type\":\"line\",\"kind\":\"%s\"%s,\"cells\":%s}", kind, extra,
             cells);
    draw_rules(rule);
    signature s;
    memset(&s, 0, sizeof s);
    const prim *l = nth(P_POLY, 0);
    assert_non_null(l->s.stroke);
    snprintf(s.colour, sizeof s.colour, "%s", l->s.stroke);
    s.width = l->s.width;
    s.circles = count(P_CIRCLE);
    s.polys = count(P_POLY);
    s.texts = count(P_TEXT);
    return s;
}

static void line_kinds_look_different(void **state)
{
    (void)state;
    static const char *const kinds[] = {
        "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",  "entropic",
        "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow"};
    enum { N = 13 };
    const char *cells = "[\"r1c1\",\"r1c2\",\"r2c3\",\"r3c3\"]";
    signature s[N];
    for (int i = 0; i < N; i++) s[i] = sign_line(kinds[i], "", cells);
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            if (same(s[i].colour, s[j].colour) && near(s[i].width, s[j].width) &&
                s[i].circles == s[j].circles && s[i].polys == s[j].polys)
                fail_msg("%s and %s look alike", kinds[i], kinds[j]);
    /* Between and double arrow: circles on both ends; lockout: diamonds. */
    for (int k = 0; k < 3; k++) {
        const char *kind = k == 0 ? "between" : k == 1 ? "double_arrow" : "lockout";
        sign_line(kind, "", cells);
        int what = k < 2 ? P_CIRCLE : P_POLY, first = k < 2 ? 0 : 1;
        assert_int_equal(count(what), first + 2);
        const prim *a = nth(what, first), *b = nth(what, first + 1);
        double ax = what == P_CIRCLE ? a->xy[0] : (a->xy[0] + a->xy[4]) / 2;
        double ay = what == P_CIRCLE ? a->xy[1] : (a->xy[1] + a->xy[5]) / 2;
        double bx = what == P_CIRCLE ? b->xy[0] : (b->xy[0] + b->xy[4]) / 2;
        double by = what == P_CIRCLE ? b->xy[1] : (b->xy[1] + b->xy[5]) / 2;
        assert_true(near(ax, 0.5) && near(ay, 0.5));
        assert_true(near(bx, 2.5) && near(by, 2.5));
        if (what == P_POLY) assert_true(a->closed && a->n == 4);
    }
    /* A slow thermometer's thread is dashed; a thermometer has none. */
    sign_line("slow_thermo", "", cells);
    assert_true(nth(P_POLY, 1)->s.dash > 0);
    sign_line("thermo", "", cells);
    assert_int_equal(count(P_POLY), 1);
}

static void line_loops_and_values(void **state)
{
    (void)state;
    /* A closed renban comes back to its first cell. */
    sign_line("renban", ",\"closed\":true", "[\"r2c2\",\"r2c3\",\"r3c3\",\"r3c2\"]");
    const prim *l = nth(P_POLY, 0);
    assert_int_equal(l->n, 5);
    assert_true(near(l->xy[8], l->xy[0]) && near(l->xy[9], l->xy[1]));
    /* A Dutch whisper says its 4; a German one says nothing. */
    signature s = sign_line("whisper", ",\"value\":4", "[\"r7c7\",\"r7c8\",\"r8c8\"]");
    assert_int_equal(s.texts, 1);
    const prim *t = text_of("4");
    assert_true(t->xy[0] > 6 && t->xy[0] < 6.5 && t->xy[1] > 6 && t->xy[1] < 6.5);
    s = sign_line("whisper", ",\"value\":5", "[\"r7c7\",\"r7c8\",\"r8c8\"]");
    assert_int_equal(s.texts, 0);
}

/* ---- Arrows ------------------------------------------------------------------------ */

/* Is (x, y) within eps of the segment from the centre of (r0, c0) on? */
static void shaft_checks(const prim *p, double bx, double by, double r, double ex, double ey)
{
    assert_true(p->s.flags & RG_STYLE_ARROW);
    assert_false(p->closed);
    /* It starts on the bulb's edge and ends on the last cell's centre. */
    assert_true(fabs(dist(p->xy[0], p->xy[1], bx, by) - r) < 0.02);
    assert_true(near(p->xy[2 * p->n - 2], ex) && near(p->xy[2 * p->n - 1], ey));
}

static void arrow_circle_and_shafts(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"arrow\",\"bulb\":[\"r2c2\"],\"lines\":[[\"r3c3\",\"r4c4\",\"r5c5\"],"
               "[\"r2c3\",\"r2c4\"]]}");
    assert_int_equal(count(P_CIRCLE), 1);
    const prim *c = nth(P_CIRCLE, 0);
    assert_true(near(c->xy[0], 1.5) && near(c->xy[1], 1.5));
    assert_int_equal(count(P_POLY), 2);
    const prim *s0 = nth(P_POLY, 0), *s1 = nth(P_POLY, 1);
    assert_int_equal(s0->n, 4);
    shaft_checks(s0, 1.5, 1.5, c->radius, 4.5, 4.5);
    /* Diagonal out of the circle. */
    assert_true(near(s0->xy[0] - 1.5, s0->xy[1] - 1.5) && s0->xy[0] > 1.5);
    shaft_checks(s1, 1.5, 1.5, c->radius, 3.5, 1.5);
    assert_true(near(s1->xy[1], 1.5));
}

static void arrow_pill(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"arrow\",\"bulb\":[\"r1c1\",\"r1c2\"],\"lines\":[[\"r2c3\",\"r3c4\"]]}");
    assert_int_equal(count(P_CIRCLE), 0);
    assert_int_equal(count(P_POLY), 2);
    const prim *pill = nth(P_POLY, 0), *s = nth(P_POLY, 1);
    assert_true(pill->closed);
    assert_false(pill->s.flags & RG_STYLE_ARROW);
    double xmin = 9, xmax = -9, ymin = 9, ymax = -9;
    for (int i = 0; i < pill->n; i++) {
        xmin = fmin(xmin, pill->xy[2 * i]), xmax = fmax(xmax, pill->xy[2 * i]);
        ymin = fmin(ymin, pill->xy[2 * i + 1]), ymax = fmax(ymax, pill->xy[2 * i + 1]);
    }
    /* Both cells inside, rounded within their rectangle 0..2 x 0..1. */
    assert_true(xmin > 0 && xmin < 0.2 && xmax > 1.8 && xmax < 2);
    assert_true(ymin > 0 && ymin < 0.2 && ymax > 0.8 && ymax < 1);
    assert_true(s->s.flags & RG_STYLE_ARROW);
    /* From the pill's rounded end near r1c2 to r3c4's centre. */
    assert_true(s->xy[0] > 1.5 && s->xy[0] < 2 && s->xy[1] > 0.5 && s->xy[1] < 1);
    assert_true(near(s->xy[4], 3.5) && near(s->xy[5], 2.5));
}

/* ---- Relations --------------------------------------------------------------------- */

static void kropki_on_edge_midpoints(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"edge\",\"kind\":\"kropki\",\"color\":\"white\",\"cells\":[\"r1c1\","
               "\"r1c2\"]},{\"type\":\"edge\",\"kind\":\"kropki\",\"color\":\"black\",\"cells\":"
               "[\"r4c4\",\"r5c4\"]}");
    assert_int_equal(count(P_CIRCLE), 2);
    assert_int_equal(count(P_TEXT), 0);
    const prim *w = nth(P_CIRCLE, 0), *b = nth(P_CIRCLE, 1);
    assert_true(near(w->xy[0], 1.0) && near(w->xy[1], 0.5));
    assert_true(near(b->xy[0], 3.5) && near(b->xy[1], 4.0));
    assert_true(same(w->s.fill, "white") && same(w->s.stroke, "black"));
    assert_true(same(b->s.fill, "black"));
    assert_int_equal(w->s.layer, RG_LAYER_MARK);
    assert_true(w->radius > 0.05 && w->radius < 0.25);
}

static void xv_values_and_greater(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"edge\",\"kind\":\"xv\",\"letter\":\"X\",\"cells\":[\"r2c2\",\"r2c3\"]},"
               "{\"type\":\"edge\",\"kind\":\"xv\",\"letter\":\"V\",\"cells\":[\"r3c2\",\"r4c2\"]},"
               "{\"type\":\"edge\",\"kind\":\"difference\",\"value\":3,\"cells\":[\"r6c1\","
               "\"r7c1\"]},"
               "{\"type\":\"edge\",\"kind\":\"ratio\",\"value\":3,\"cells\":[\"r8c1\",\"r8c2\"]},"
               "{\"type\":\"edge\",\"kind\":\"greater\",\"cells\":[\"r6c6\",\"r6c7\"]}");
    const prim *x = text_of("X"), *v = text_of("V");
    assert_true(near(x->xy[0], 2.0) && near(x->xy[1], 1.5));
    assert_true(near(v->xy[0], 1.5) && near(v->xy[1], 3.0));
    const prim *d = text_of("3");
    assert_true(near(d->xy[0], 0.5) && near(d->xy[1], 6.0));
    /* The difference's white dot and the ratio's black one, with white 3. */
    assert_int_equal(count(P_CIRCLE), 2);
    assert_true(same(nth(P_CIRCLE, 0)->s.fill, "white"));
    assert_true(same(nth(P_CIRCLE, 1)->s.fill, "black"));
    assert_true(near(nth(P_CIRCLE, 1)->xy[0], 1.0) && near(nth(P_CIRCLE, 1)->xy[1], 7.5));
    int whites = 0;
    for (int i = 0; i < rec.n; i++)
        whites += rec.p[i].what == P_TEXT && same(rec.p[i].s.fill, "white");
    assert_int_equal(whites, 1);
    /* r6c6 > r6c7: the chevron's tip points at r6c7 (centre 6.5, 5.5). */
    assert_int_equal(count(P_POLY), 1);
    const prim *g = nth(P_POLY, 0);
    assert_int_equal(g->n, 3);
    assert_true(dist(g->xy[2], g->xy[3], 6.5, 5.5) < dist(g->xy[0], g->xy[1], 6.5, 5.5));
    assert_true(dist(g->xy[2], g->xy[3], 6.0, 5.5) < 0.2);
}

static void relation_pairs(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"relation\",\"op\":\"less\",\"pairs\":[[\"r1c1\",\"r3c3\"]]},"
               "{\"type\":\"relation\",\"op\":\"difference\",\"value\":2,\"pairs\":[[\"r5c5\","
               "\"r5c6\"],[\"r7c7\",\"r8c7\"]]}");
    /* The far pair: a dashed connector, then the chevron pointing at r1c1. */
    assert_int_equal(count(P_POLY), 2);
    const prim *c = nth(P_POLY, 0), *g = nth(P_POLY, 1);
    assert_int_equal(c->n, 2);
    assert_true(c->s.dash > 0);
    assert_int_equal(g->n, 3);
    assert_true(dist(g->xy[2], g->xy[3], 0.5, 0.5) < dist(g->xy[0], g->xy[1], 0.5, 0.5));
    assert_true(dist((g->xy[0] + g->xy[4]) / 2, (g->xy[1] + g->xy[5]) / 2, 1.5, 1.5) < 0.2);
    /* The adjacent pairs: a dot with 2 on each edge, no connector. */
    assert_int_equal(count(P_CIRCLE), 2);
    assert_true(near(nth(P_CIRCLE, 0)->xy[0], 5.0) && near(nth(P_CIRCLE, 0)->xy[1], 4.5));
    assert_true(near(nth(P_CIRCLE, 1)->xy[0], 6.5) && near(nth(P_CIRCLE, 1)->xy[1], 7.0));
    assert_int_equal(count(P_TEXT), 2);
    assert_string_equal(nth(P_TEXT, 0)->text, "2");
}

/* ---- Outside ----------------------------------------------------------------------- */

/* ["rRcC", ...]: 9 cells from (r, c) stepping (dr, dc). */
static const char *line_of(char *buf, int r, int c, int dr, int dc)
{
    int len = sprintf(buf, "[");
    for (int i = 0; i < 9; i++)
        len += sprintf(buf + len, "%s\"r%dc%d\"", i ? "," : "", r + i * dr, c + i * dc);
    sprintf(buf + len, "]");
    return buf;
}

static void outside_numbers(void **state)
{
    (void)state;
    char rules[2048], a[128], b[128], c[128];
    snprintf(rules, sizeof rules,
             "{\"type\":\"outside\",\"kind\":\"sandwich\",\"value\":12,\"cells\":%s},"
             "{\"type\":\"outside\",\"kind\":\"x_sum\",\"value\":20,\"cells\":%s},"
             "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":3,\"cells\":%s}",
             line_of(a, 3, 9, 0, -1), line_of(b, 4, 1, 0, 1), line_of(c, 9, 2, -1, 0));
    draw_rules(rules);
    assert_int_equal(count(P_TEXT), 3);
    const prim *s = text_of("12"), *x = text_of("20"), *k = text_of("3");
    /* Right of row 3, left of row 4, below column 2. */
    assert_true(near(s->xy[0], 9.5) && near(s->xy[1], 2.5));
    assert_true(near(x->xy[0], -0.5) && near(x->xy[1], 3.5));
    assert_true(near(k->xy[0], 1.5) && near(k->xy[1], 9.5));
    assert_int_equal(s->s.anchor, RG_ANCHOR_CENTRE);
    /* An x-sum and a skyscraper read row 3 from the right too, after the
     * sandwich: each kind one cell further out, whatever the order of the
     * rules; the skyscraper from the left of row 3 keeps its place. */
    char more[3072], d[128];
    snprintf(more, sizeof more,
             "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":4,\"cells\":%s},%s,"
             "{\"type\":\"outside\",\"kind\":\"x_sum\",\"value\":21,\"cells\":%s},"
             "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":5,\"cells\":%s}",
             a, rules, a, line_of(d, 3, 1, 0, 1));
    draw_rules(more);
    assert_true(near(text_of("12")->xy[0], 9.5) && near(text_of("12")->xy[1], 2.5));
    assert_true(near(text_of("21")->xy[0], 10.5) && near(text_of("21")->xy[1], 2.5));
    assert_true(near(text_of("4")->xy[0], 11.5) && near(text_of("4")->xy[1], 2.5));
    assert_true(near(text_of("5")->xy[0], -0.5) && near(text_of("5")->xy[1], 2.5));
    assert_true(near(text_of("20")->xy[0], -0.5));
}

static void little_killer_and_rossini(void **state)
{
    (void)state;
    draw_rules("{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":23,\"cells\":[\"r1c2\","
               "\"r2c3\",\"r3c4\"]},"
               "{\"type\":\"outside\",\"kind\":\"rossini\",\"direction\":\"increasing\","
               "\"cells\":[\"r5c1\",\"r5c2\",\"r5c3\"]},"
               "{\"type\":\"outside\",\"kind\":\"rossini\",\"direction\":\"decreasing\","
               "\"cells\":[\"r1c7\",\"r2c7\",\"r3c7\"]}");
    /* The sum in the cell before r1c2 on its diagonal (x 0 .. 1, y -1 .. 0). */
    const prim *t = text_of("23");
    assert_true(t->xy[0] > 0 && t->xy[0] < 1 && t->xy[1] > -1 && t->xy[1] < 0);
    assert_int_equal(count(P_POLY), 3);
    const prim *a = nth(P_POLY, 0);
    assert_true(a->s.flags & RG_STYLE_ARROW);
    /* Down and right, its head nearer r1c2 than its tail. */
    assert_true(a->xy[2] > a->xy[0] && a->xy[3] > a->xy[1]);
    assert_true(near(a->xy[2] - a->xy[0], a->xy[3] - a->xy[1]));
    assert_true(dist(a->xy[2], a->xy[3], 1.5, 0.5) < dist(a->xy[0], a->xy[1], 1.5, 0.5));
    /* Increasing from the left: into the board; decreasing from the top:
     * out of it. Both outside. */
    const prim *inc = nth(P_POLY, 1), *dec = nth(P_POLY, 2);
    assert_true(inc->s.flags & RG_STYLE_ARROW);
    assert_true(inc->xy[2] > inc->xy[0] && near(inc->xy[1], 4.5) && near(inc->xy[3], 4.5));
    assert_true(inc->xy[0] < 0 && inc->xy[2] < 0);
    assert_true(dec->xy[3] < dec->xy[1] && near(dec->xy[0], 6.5) && dec->xy[1] < 0);
}

/* Every draw call of every family failing in turn: the hook returns the
 * host's code and draws nothing after it. */
static void failed_draw_calls(void **state)
{
    (void)state;
    static const char *const docs[] = {
        "{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":3}",
        "{\"type\":\"line\",\"kind\":\"slow_thermo\",\"cells\":[\"r1c1\",\"r1c2\"]},"
        "{\"type\":\"line\",\"kind\":\"lockout\",\"value\":3,\"cells\":[\"r2c1\",\"r2c2\","
        "\"r2c3\"]}",
        "{\"type\":\"arrow\",\"bulb\":[\"r1c1\",\"r1c2\"],\"lines\":[[\"r2c3\"],[\"r2c1\"]]}",
        "{\"type\":\"edge\",\"kind\":\"product\",\"value\":12,\"cells\":[\"r1c1\",\"r1c2\"]},"
        "{\"type\":\"relation\",\"op\":\"less_equal\",\"pairs\":[[\"r3c3\",\"r5c5\"]]}",
        "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":5,\"cells\":[\"r1c2\","
        "\"r2c3\"]}"};
    for (int k = 0; k < 5; k++) {
        draw_rules(docs[k]);
        int calls = rec.n;
        assert_true(calls >= 2);
        for (int f = 0; f < calls; f++) {
            fail_at = f;
            assert_int_equal(draw_rules_status(docs[k]), 1);
            assert_int_equal(rec.n, f);
        }
        fail_at = -1;
    }
}

/* The registry's types carry the hooks. */
static void hooks_registered(void **state)
{
    (void)state;
    static const char *const types[] = {"cage", "line", "arrow", "edge", "relation", "outside"};
    for (int i = 0; i < 6; i++) {
        const rg_rule_type *t = rg_registry_find(t_registry(), types[i]);
        assert_non_null(t);
        if (!t->draw) fail_msg("%s has no draw hook", types[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hooks_registered),
        cmocka_unit_test(cage_outline_and_sum),
        cmocka_unit_test(thermo_bulb_on_first_cell),
        cmocka_unit_test(line_kinds_look_different),
        cmocka_unit_test(line_loops_and_values),
        cmocka_unit_test(arrow_circle_and_shafts),
        cmocka_unit_test(arrow_pill),
        cmocka_unit_test(kropki_on_edge_midpoints),
        cmocka_unit_test(xv_values_and_greater),
        cmocka_unit_test(relation_pairs),
        cmocka_unit_test(outside_numbers),
        cmocka_unit_test(little_killer_and_rossini),
        cmocka_unit_test(failed_draw_calls),
    };
    return t_done(cmocka_run_group_tests(tests, setup, teardown));
}
