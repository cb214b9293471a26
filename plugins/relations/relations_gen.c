/* The edge generate hook: dots and signs read off a complete grid on the
 * orthogonal pairs that qualify, every one or some, optionally with the
 * negative rule that makes "every dot is shown" part of the puzzle. */
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "relations.h"

enum { E_KROPKI, E_XV, E_DIFFERENCE, E_RATIO, E_PRODUCT, E_SUM, E_GREATER };
static const char *const kinds[] = {"kropki",  "xv",  "difference", "ratio",
                                    "product", "sum", "greater",    NULL};
static const char *const colors[] = {"white", "black", "both", NULL};
static const char *const letters[] = {"X", "V", "both", NULL};

typedef struct dotter {
    hu_board *b;
    int kind, which, value; /* which: colour or letter (2 = both) */
} dotter;

/* The clue pair (a, c) qualifies for, written into t; 0 when none. */
static int clue(const dotter *d, int a, int c, hu_text *t)
{
    int lo = a < c ? a : c, hi = a < c ? c : a;
    switch (d->kind) {
    case E_KROPKI: {
        int white = hi - lo == 1 && d->which != 1, black = hi == 2 * lo && d->which != 0;
        /* 1 and 2 take either colour: both hold. */
        if (white && black) white = hu_below(d->b, 2);
        if (white)
            hu_printf(t, "\"kropki\",\"color\":\"white\"");
        else if (black)
            hu_printf(t, "\"kropki\",\"color\":\"black\"");
        return white || black;
    }
    case E_XV:
        if (a + c == 10 && d->which != 1)
            hu_printf(t, "\"xv\",\"letter\":\"X\"");
        else if (a + c == 5 && d->which != 0)
            hu_printf(t, "\"xv\",\"letter\":\"V\"");
        else
            return 0;
        return 1;
    case E_DIFFERENCE:
        if (hi - lo != d->value) return 0;
        hu_printf(t, "\"difference\",\"value\":%d", d->value);
        return 1;
    case E_RATIO:
        if (hi != d->value * lo) return 0;
        hu_printf(t, "\"ratio\",\"value\":%d", d->value);
        return 1;
    case E_PRODUCT:
        if (a * c != d->value) return 0;
        hu_printf(t, "\"product\",\"value\":%d", d->value);
        return 1;
    case E_SUM:
        if (a + c != d->value) return 0;
        hu_printf(t, "\"sum\",\"sum\":%d", d->value);
        return 1;
    case E_GREATER: hu_printf(t, "\"greater\""); return a != c;
    }
    return 0;
}

/* Settings that belong to other kinds are refused. */
static int refuse(const hu_board *b, const char *name, const char *kind)
{
    if (!hu_has(b, name)) return RG_OK;
    return b->h->gen_error(b->g, "setting %s does not apply to %s edges", name, kind);
}

static int read_settings(hu_board *b, dotter *d, long *all, long *count, long *negative)
{
    int D = b->info.digits;
    int rc = hu_enum(b, "kind", "kropki", kinds, &d->kind);
    if (rc != RG_OK) return rc;
    const char *kn = kinds[d->kind];
    long v = 0;
    d->which = 2;
    if (rc == RG_OK && d->kind != E_KROPKI) rc = refuse(b, "color", kn);
    if (rc == RG_OK && d->kind != E_XV) rc = refuse(b, "letter", kn);
    if (rc == RG_OK && d->kind != E_SUM) rc = refuse(b, "sum", kn);
    if (rc == RG_OK &&
        (d->kind == E_KROPKI || d->kind == E_XV || d->kind == E_SUM || d->kind == E_GREATER))
        rc = refuse(b, "value", kn);
    if (rc != RG_OK) return rc;
    switch (d->kind) {
    case E_KROPKI: rc = hu_enum(b, "color", "both", colors, &d->which); break;
    case E_XV: rc = hu_enum(b, "letter", "both", letters, &d->which); break;
    case E_DIFFERENCE:
        if (D < 2) return b->h->gen_error(b->g, "difference edges need 2 digits at least");
        rc = hu_int(b, "value", 1, 1, D - 1, &v);
        break;
    case E_RATIO:
        if (D < 2) return b->h->gen_error(b->g, "ratio edges need 2 digits at least");
        rc = hu_int(b, "value", 2, 2, D, &v);
        break;
    case E_PRODUCT:
        if (!hu_has(b, "value"))
            return b->h->gen_error(b->g, "product edges need a value (the product)");
        rc = hu_int(b, "value", 2, 1, (long)D * D, &v);
        break;
    case E_SUM: rc = hu_int(b, "sum", D + 1, 2, 2L * D, &v); break;
    }
    d->value = (int)v;
    if (rc == RG_OK) rc = hu_int(b, "all", 1, 0, 1, all);
    if (rc == RG_OK) rc = hu_int(b, "count", 8, 1, 4L * b->info.cells, count);
    if (rc == RG_OK) rc = hu_int(b, "negative", 0, 0, 1, negative);
    if (rc == RG_OK && *negative && !*all)
        rc = b->h->gen_error(b->g, "setting negative needs all 1: the negative rule says "
                                   "every qualifying pair carries a clue");
    if (rc == RG_OK && *negative && d->kind == E_GREATER)
        rc = b->h->gen_error(b->g, "greater edges have no negative rule");
    return rc;
}

/* The qualifying orthogonal pairs (a, o) in reading order, pairs[2i] and
 * pairs[2i + 1]; their count. kind is scratch. */
static int qualifying(const dotter *d, const int *sol, int *pairs, hu_text *kind)
{
    int npairs = 0;
    for (int c = 0; c < d->b->info.cells; c++)
        for (int dir = 0; dir < 2; dir++) {
            int o = hu_step(d->b, c, dir, 1 - dir);
            if (o < 0) continue;
            hu_text_reset(kind);
            if (!clue(d, sol[c], sol[o], kind)) continue;
            pairs[2 * npairs] = c;
            pairs[2 * npairs + 1] = o;
            npairs++;
        }
    return npairs;
}

/* The edge rule of the pair (a, c); a greater sign lists the larger digit
 * first. */
static int emit_edge(const dotter *d, const int *sol, int a, int c, hu_text *kind, hu_text *t)
{
    int cells[2] = {a, c};
    if (d->kind == E_GREATER && sol[a] < sol[c]) cells[0] = c, cells[1] = a;
    hu_text_reset(kind);
    clue(d, sol[cells[0]], sol[cells[1]], kind);
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"edge\",\"kind\":%s,\"cells\":", kind->oom ? "" : kind->s);
    hu_cells(t, d->b, cells, 2);
    hu_printf(t, "}");
    if (kind->oom) t->oom = 1;
    return hu_emit(d->b, t);
}

/* The negative rule of the same selector. */
static int emit_negative(const dotter *d, hu_text *t)
{
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"negative\",\"of\":\"%s\"", kinds[d->kind]);
    if (d->kind == E_KROPKI && d->which != 2) hu_printf(t, ",\"color\":\"%s\"", colors[d->which]);
    if (d->kind == E_XV && d->which != 2) hu_printf(t, ",\"letter\":\"%s\"", letters[d->which]);
    if (d->kind == E_DIFFERENCE || d->kind == E_RATIO || d->kind == E_PRODUCT)
        hu_printf(t, ",\"value\":%d", d->value);
    if (d->kind == E_SUM) hu_printf(t, ",\"sum\":%d", d->value);
    hu_printf(t, "}");
    return hu_emit(d->b, t);
}

static int generate(hu_board *b, const int *solution)
{
    dotter d = {b, 0, 2, 0};
    long all = 1, count = 0, negative = 0;
    int n = b->info.cells, keep = 0;
    int *pairs = NULL, *idx = NULL; /* the pairs; the indices of those kept */
    hu_text t = {0}, kind = {0};
    int rc = read_settings(b, &d, &all, &count, &negative);
    if (rc == RG_OK) {
        pairs = malloc(sizeof(int) * 2 * 2 * (size_t)(n ? n : 1));
        idx = malloc(sizeof(int) * 2 * (size_t)(n ? n : 1));
        if (!pairs || !idx) rc = b->h->gen_error(b->g, "out of memory");
    }
    if (rc == RG_OK) {
        keep = qualifying(&d, solution, pairs, &kind);
        for (int i = 0; i < keep; i++) idx[i] = i;
        if (!all) keep = hu_pick(b, idx, keep, count);
    }
    for (int i = 0; i < keep && rc == RG_OK; i++)
        rc = emit_edge(&d, solution, pairs[2 * idx[i]], pairs[2 * idx[i] + 1], &kind, &t);
    if (rc == RG_OK && negative) rc = emit_negative(&d, &t);
    hu_text_free(&t);
    hu_text_free(&kind);
    free(pairs);
    free(idx);
    return rc;
}

int relations_generate(rg_gen *g, const int *solution)
{
    return hu_run(relations_host, g, solution, generate);
}
