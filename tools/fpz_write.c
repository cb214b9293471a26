/* Writing a puzzle as an f-puzzles string: its canonical document read back
 * rule by rule into f-puzzles keys (the inverse of fpz_read.c), then
 * LZ-String base64. A rule f-puzzles cannot express is refused by index and
 * type, never left out. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fpuzzles.h"

#define MAXC (RG_FPZ_MAX * RG_FPZ_MAX)

typedef struct fw {
    cJSON *out; /* the f-puzzles object */
    int n;
    int houses;                   /* 0 none yet, 1 box_grid, 2 grid (boxes from box rules) */
    int box[MAXC];                /* grid: per cell the box number + 1, 0 for none */
    int boxes;                    /* box rules read */
    int disjoint[RG_FPZ_MAX + 1]; /* the region rules of kind disjoint (index) */
    int ndisjoint;
    const cJSON *rules;
    rg_error *err;
} fw;

static int refuse(fw *w, int i, const cJSON *r, const char *why)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "type");
    const char *type = cJSON_IsString(t) ? t->valuestring : "?";
    w->err->rule = i;
    snprintf(w->err->type, sizeof w->err->type, "%s", type);
    return fpz_error(w->err, RG_E_FORMAT, NULL, "no f-puzzles form: %s", why);
}

static const char *str(const cJSON *r, const char *m)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, m);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int is(const cJSON *r, const char *m, const char *want)
{
    const char *s = str(r, m);
    return s && !strcmp(s, want);
}

/* Members of r other than type and those listed (NULL-terminated). */
static int extra_fields(const cJSON *r, const char *const *allowed)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, r)
    {
        int ok = !strcmp(m->string, "type") || !strncmp(m->string, "x-", 2);
        for (int i = 0; allowed[i] && !ok; i++) ok = !strcmp(m->string, allowed[i]);
        if (!ok) return 1;
    }
    return 0;
}

static void pos(const cJSON *cell, int *r, int *c)
{
    *r = *c = 0;
    sscanf(cell->valuestring, "r%dc%d", r, c);
}

static cJSON *fname(int r, int c)
{
    char b[32];
    snprintf(b, sizeof b, "R%dC%d", r, c);
    return cJSON_CreateString(b);
}

static cJSON *fcells(const cJSON *cells)
{
    cJSON *a = cJSON_CreateArray();
    const cJSON *e;
    int r, c;
    cJSON_ArrayForEach(e, cells)
    {
        pos(e, &r, &c);
        cJSON_AddItemToArray(a, fname(r, c));
    }
    return a;
}

/* The list of key, made when first needed. */
static cJSON *list(fw *w, const char *key)
{
    cJSON *l = cJSON_GetObjectItemCaseSensitive(w->out, key);
    return l ? l : cJSON_AddArrayToObject(w->out, key);
}

static cJSON *entry(fw *w, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToArray(list(w, key), o);
    return o;
}

static void value_string(cJSON *o, int v)
{
    char b[32];
    snprintf(b, sizeof b, "%d", v);
    cJSON_AddStringToObject(o, "value", b);
}

static int num(const cJSON *r, const char *m, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, m);
    return cJSON_IsNumber(v) ? v->valueint : def;
}

/* ---- Houses ------------------------------------------------------------------- */

static int put_box_grid(fw *w, int i, const cJSON *r)
{
    int h, wd;
    fpz_default_box(w->n, &h, &wd);
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(r, "box");
    int bh = cJSON_GetArrayItem(box, 0) ? cJSON_GetArrayItem(box, 0)->valueint : 0;
    int bw = cJSON_GetArrayItem(box, 1) ? cJSON_GetArrayItem(box, 1)->valueint : 0;
    static const char *const ok[] = {"origin", "box", NULL};
    if (w->houses || !is(r, "origin", "r1c1") || extra_fields(r, ok))
        return refuse(w, i, r, "f-puzzles has one grid, at r1c1, and nothing more");
    w->houses = 1;
    if (bh == h && bw == wd) return RG_OK;
    for (int k = 0; k < w->n * w->n; k++) /* other boxes: numbered in reading order */
        w->box[k] = (k / w->n / bh) * (w->n / bw) + (k % w->n) / bw + 1;
    w->houses = 2;
    w->boxes = w->n;
    return RG_OK;
}

static int put_grid(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"origin", NULL};
    if (w->houses || !is(r, "origin", "r1c1") || extra_fields(r, ok))
        return refuse(w, i, r, "f-puzzles has one grid, at r1c1, and nothing more");
    w->houses = 2;
    return RG_OK;
}

static int put_box(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"cells", NULL};
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(r, "cells"), *e;
    if (w->houses != 2 || cJSON_GetArraySize(cells) != w->n || extra_fields(r, ok))
        return refuse(w, i, r, "a box is a region of N cells of the one grid");
    w->boxes++;
    cJSON_ArrayForEach(e, cells)
    {
        int rr, c;
        pos(e, &rr, &c);
        if (w->box[(rr - 1) * w->n + c - 1]) return refuse(w, i, r, "boxes overlap");
        w->box[(rr - 1) * w->n + c - 1] = w->boxes;
    }
    return RG_OK;
}

/* The regions into the cells of the grid: numbers where the boxes are not
 * the default ones, null for a cell in no box. */
static void put_regions(fw *w)
{
    cJSON *grid = cJSON_GetObjectItemCaseSensitive(w->out, "grid");
    if (w->houses != 2) return;
    for (int k = 0; k < w->n * w->n; k++) {
        cJSON *o = cJSON_GetArrayItem(cJSON_GetArrayItem(grid, k / w->n), k % w->n);
        if (w->box[k])
            cJSON_AddNumberToObject(o, "region", w->box[k] - 1);
        else
            cJSON_AddNullToObject(o, "region");
    }
}

/* ---- Regions ------------------------------------------------------------------ */

/* Are cells r1, r2, ... rn with the column of r(i+1) f(n, i) + 1? */
static int same_cells(const cJSON *cells, int n, int (*f)(int n, int i))
{
    if (cJSON_GetArraySize(cells) != n) return 0;
    int i = 0, r, c;
    const cJSON *e;
    cJSON_ArrayForEach(e, cells)
    {
        pos(e, &r, &c);
        if (r != i + 1 || c != f(n, i) + 1) return 0;
        i++;
    }
    return 1;
}

static int main_diag(int n, int i)
{
    (void)n;
    return i;
}

static int anti_diag(int n, int i) { return n - 1 - i; }

static int put_region(fw *w, int i, const cJSON *r)
{
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(r, "cells");
    static const char *const ok[] = {"kind", "cells", NULL};
    if (extra_fields(r, ok)) return refuse(w, i, r, "a region limited to an area");
    if (is(r, "kind", "diagonal") && same_cells(cells, w->n, main_diag) &&
        !cJSON_GetObjectItemCaseSensitive(w->out, "diagonal-")) {
        cJSON_AddTrueToObject(w->out, "diagonal-");
        return RG_OK;
    }
    if (is(r, "kind", "diagonal") && same_cells(cells, w->n, anti_diag) &&
        !cJSON_GetObjectItemCaseSensitive(w->out, "diagonal+")) {
        cJSON_AddTrueToObject(w->out, "diagonal+");
        return RG_OK;
    }
    if (is(r, "kind", "disjoint") && w->ndisjoint < RG_FPZ_MAX) {
        w->disjoint[w->ndisjoint++] = i; /* decided at the end: put_disjoint */
        return RG_OK;
    }
    cJSON_AddItemToObject(entry(w, "extraregion"), "cells", fcells(cells));
    return RG_OK;
}

/* The disjoint regions: disjointgroups when they are the N groups of the
 * default boxes in order, else extra regions. */
static void put_disjoint(fw *w)
{
    int n = w->n, h, wd, whole = w->ndisjoint == n && w->houses == 1;
    fpz_default_box(n, &h, &wd);
    for (int g = 0; whole && g < n; g++) {
        const cJSON *cells =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(w->rules, w->disjoint[g]), "cells");
        int b = 0, r, c;
        const cJSON *e;
        cJSON_ArrayForEach(e, cells)
        {
            pos(e, &r, &c);
            int want_r = (b / (n / wd)) * h + g / wd + 1, want_c = (b % (n / wd)) * wd + g % wd + 1;
            if (r != want_r || c != want_c) whole = 0;
            b++;
        }
        if (b != n) whole = 0;
    }
    if (whole && h > 1) {
        cJSON_AddTrueToObject(w->out, "disjointgroups");
        return;
    }
    for (int g = 0; g < w->ndisjoint; g++) {
        const cJSON *cells =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(w->rules, w->disjoint[g]), "cells");
        cJSON_AddItemToObject(entry(w, "extraregion"), "cells", fcells(cells));
    }
}

/* ---- Cages, lines, arrows ----------------------------------------------------- */

static int put_cage(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"cells", "sum", NULL};
    if (extra_fields(r, ok)) return refuse(w, i, r, "a cage with more than cells and a sum");
    cJSON *o = entry(w, "killercage");
    cJSON_AddItemToObject(o, "cells", fcells(cJSON_GetObjectItemCaseSensitive(r, "cells")));
    if (cJSON_GetObjectItemCaseSensitive(r, "sum")) value_string(o, num(r, "sum", 0));
    return RG_OK;
}

/* The parameter of a line as f-puzzles reads it: NULL when it does, else why not. */
static const char *line_param(fw *w, const cJSON *r, cJSON *o)
{
    int n = w->n;
    const cJSON *closed = cJSON_GetObjectItemCaseSensitive(r, "closed");
    if (cJSON_IsTrue(closed)) return "a closed line";
    if (is(r, "kind", "whisper")) {
        int v = num(r, "value", 5);
        if (v != (n + 1) / 2) value_string(o, v);
    } else if (is(r, "kind", "lockout") && num(r, "value", 4) != n / 2) {
        return "f-puzzles lockout lines have the difference N/2";
    } else if (is(r, "kind", "modular") && num(r, "value", 3) != 3) {
        return "f-puzzles modular lines are mod 3";
    } else if (is(r, "kind", "entropic") && cJSON_GetObjectItemCaseSensitive(r, "groups")) {
        int s = (n + 1) / 3, bounds[4] = {1, s + 1, n - s + 1, n + 1}, g = 0;
        const cJSON *grp, *d;
        cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(r, "groups"))
        {
            int want = g < 3 ? bounds[g] : 0;
            cJSON_ArrayForEach(d, grp)
            {
                if (g >= 3 || d->valueint != want++) return "entropic groups other than f-puzzles'";
            }
            if (want != bounds[g + 1]) return "entropic groups other than f-puzzles'";
            g++;
        }
    }
    return NULL;
}

/* Is every cell of the list in a box (a region of N cells to f-puzzles)? */
static int in_boxes(const fw *w, const cJSON *cells)
{
    const cJSON *e;
    int r, c;
    cJSON_ArrayForEach(e, cells)
    {
        pos(e, &r, &c);
        if (w->houses != 1 && !w->box[(r - 1) * w->n + c - 1]) return 0;
    }
    return 1;
}

/* Why f-puzzles would read the line of rulegrid kind `kind` and len cells
 * otherwise than rulegrid does (into why[size]), or NULL. A line the reader
 * drops, which f-puzzles reads as no constraint, is written where rulegrid
 * reads none either: a between line of 2 cells, nothing between its ends;
 * not a double arrow of 2 cells, whose ends would sum to nothing. */
static const char *line_length(const char *kind, int len, char *why, size_t size)
{
    const char *key;
    int min_len, drop_len;
    fpz_line_kind(kind, &key, &min_len, &drop_len);
    if (len >= min_len || (len <= drop_len && !strcmp(kind, "between"))) return NULL;
    if (len <= drop_len)
        snprintf(why, size, "f-puzzles reads a %s line of %d cells as no constraint", key, len);
    else
        snprintf(why, size, "f-puzzles reads no %s line of fewer than %d cells", key, min_len);
    return why;
}

static int put_line(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"kind", "cells", "closed", "value", "groups", NULL};
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(r, "cells");
    const char *kind = str(r, "kind"), *key, *why;
    int min_len, drop_len;
    char buf[160];
    if (!kind || fpz_line_kind(kind, &key, &min_len, &drop_len))
        return refuse(w, i, r, "f-puzzles has no line of this kind");
    if (extra_fields(r, ok)) return refuse(w, i, r, "a line field f-puzzles has not");
    if ((why = line_length(kind, cJSON_GetArraySize(cells), buf, sizeof buf)))
        return refuse(w, i, r, why);
    if (!strcmp(kind, "region_sum") && !in_boxes(w, cells))
        return refuse(w, i, r, "f-puzzles region sum lines stay in regions of N cells");
    cJSON *o = cJSON_CreateObject();
    if ((why = line_param(w, r, o))) {
        cJSON_Delete(o);
        return refuse(w, i, r, why);
    }
    cJSON_AddItemToArray(cJSON_AddArrayToObject(o, "lines"), fcells(cells));
    cJSON_AddItemToArray(list(w, key), o);
    return RG_OK;
}

/* f-puzzles arrow lines start in the bulb: the bulb cell next to the shaft. */
static int put_arrow(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"bulb", "lines", NULL};
    if (extra_fields(r, ok)) return refuse(w, i, r, "an arrow field f-puzzles has not");
    const cJSON *bulb = cJSON_GetObjectItemCaseSensitive(r, "bulb"), *shaft, *b;
    cJSON *o = entry(w, "arrow");
    cJSON_AddItemToObject(o, "cells", fcells(bulb));
    cJSON *lines = cJSON_AddArrayToObject(o, "lines");
    cJSON_ArrayForEach(shaft, cJSON_GetObjectItemCaseSensitive(r, "lines"))
    {
        int r0, c0, rb, cb;
        const cJSON *from = cJSON_GetArrayItem(bulb, 0);
        pos(cJSON_GetArrayItem(shaft, 0), &r0, &c0);
        cJSON_ArrayForEach(b, bulb)
        {
            pos(b, &rb, &cb);
            if (abs(rb - r0) <= 1 && abs(cb - c0) <= 1) {
                from = b;
                break;
            }
        }
        cJSON *line = fcells(shaft);
        pos(from, &rb, &cb);
        cJSON_InsertItemInArray(line, 0, fname(rb, cb));
        cJSON_AddItemToArray(lines, line);
    }
    return RG_OK;
}

/* ---- Clues on edges, cells, corners and outside ------------------------------- */

static int put_edge(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"kind", "cells", "color", "letter", "value", NULL};
    const char *key = NULL;
    int v = 0;
    if (is(r, "kind", "kropki") && str(r, "color"))
        key = is(r, "color", "white") ? "difference" : "ratio";
    else if (is(r, "kind", "difference") || is(r, "kind", "ratio"))
        key = str(r, "kind"), v = num(r, "value", 0);
    else if (is(r, "kind", "xv"))
        key = "xv";
    if (!key || extra_fields(r, ok)) return refuse(w, i, r, "f-puzzles has no such edge clue");
    cJSON *o = entry(w, key);
    cJSON_AddItemToObject(o, "cells", fcells(cJSON_GetObjectItemCaseSensitive(r, "cells")));
    if (v) value_string(o, v);
    if (!strcmp(key, "xv")) cJSON_AddStringToObject(o, "value", str(r, "letter"));
    return RG_OK;
}

/* Low and high cells as the candidates given in them (givenPencilMarks),
 * narrowed by each such rule on the cell; a given says more. */
static int put_marks(fw *w, int rr, int c, int low, int split)
{
    cJSON *grid = cJSON_GetObjectItemCaseSensitive(w->out, "grid");
    cJSON *o = cJSON_GetArrayItem(cJSON_GetArrayItem(grid, rr - 1), c - 1);
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(o, "value"), *e;
    if (given) return (low ? given->valueint <= split : given->valueint > split) ? 0 : -1;
    cJSON *old = cJSON_GetObjectItemCaseSensitive(o, "givenPencilMarks");
    cJSON *marks = cJSON_CreateArray();
    for (int d = 1; d <= w->n; d++) {
        int keep = low ? d <= split : d > split, there = !old;
        cJSON_ArrayForEach(e, old) there |= e->valueint == d;
        if (keep && there) cJSON_AddItemToArray(marks, cJSON_CreateNumber(d));
    }
    int empty = cJSON_GetArraySize(marks) == 0;
    if (old)
        cJSON_ReplaceItemInObjectCaseSensitive(o, "givenPencilMarks", marks);
    else
        cJSON_AddItemToObject(o, "givenPencilMarks", marks);
    return empty ? -1 : 0; /* no candidates would read as no restriction */
}

static int put_cell(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"kind", "cells", "split", NULL};
    const cJSON *e;
    int parity = is(r, "kind", "odd") || is(r, "kind", "even");
    if (!(parity || is(r, "kind", "low") || is(r, "kind", "high")) || extra_fields(r, ok))
        return refuse(w, i, r, "f-puzzles marks odd, even, low and high cells only");
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(r, "cells"))
    {
        int rr, c;
        pos(e, &rr, &c);
        if (parity)
            cJSON_AddItemToObject(entry(w, str(r, "kind")), "cell", fname(rr, c));
        else if (put_marks(w, rr, c, is(r, "kind", "low"), num(r, "split", 0)))
            return refuse(w, i, r, "the cell is left no digit, which f-puzzles cannot say");
    }
    return RG_OK;
}

/* A little killer: what f-puzzles' clue cell and direction mean, the whole
 * diagonal from a clue outside the grid to the far edge. A diagonal of one
 * cell is a corner, its clue beside the corner above or below the grid. */
static int put_little_killer(fw *w, int i, const cJSON *r)
{
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(r, "cells"), *e;
    int len = cJSON_GetArraySize(cells), r0, c0, r1, c1, dr, dc, rr[RG_FPZ_MAX], cc[RG_FPZ_MAX];
    pos(cJSON_GetArrayItem(cells, 0), &r0, &c0);
    if (len > 1) {
        pos(cJSON_GetArrayItem(cells, 1), &r1, &c1);
        dr = r1 - r0;
        dc = c1 - c0;
    } else {
        dr = r0 == 1 ? 1 : -1;
        dc = c0 == 1 ? -1 : 1;
    }
    int m = fpz_diagonal(w->n, r0 - dr, c0 - dc, dr, dc, rr, cc), same = len == m, k = 0;
    cJSON_ArrayForEach(e, cells)
    {
        pos(e, &r1, &c1);
        same &= k < m && r1 == rr[k] && c1 == cc[k];
        k++;
    }
    if (!same)
        return refuse(w, i, r,
                      "f-puzzles little killers sum a whole diagonal, from a clue outside the "
                      "grid to the far edge");
    cJSON *o = entry(w, "littlekillersum");
    cJSON_AddItemToObject(o, "cell", fname(r0 - dr, c0 - dc));
    cJSON_AddItemToObject(o, "cells", fcells(cells));
    cJSON_AddStringToObject(o, "direction",
                            dr > 0 ? (dc > 0 ? "DR" : "DL") : (dc > 0 ? "UR" : "UL"));
    value_string(o, num(r, "sum", 0));
    return RG_OK;
}

/* sandwich, x_sum, skyscraper on a whole row or column; little killers. */
static int put_outside(fw *w, int i, const cJSON *r)
{
    static const char *const keys[][2] = {
        {"sandwich", "sandwichsum"}, {"x_sum", "xsum"}, {"skyscraper", "skyscraper"}};
    static const char *const ok[] = {"kind", "cells", "value", "sum", NULL};
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(r, "cells");
    int k = 0, r0, c0, r1, c1, len = cJSON_GetArraySize(cells);
    while (k < 3 && !is(r, "kind", keys[k][0])) k++;
    if ((k == 3 && !is(r, "kind", "little_killer")) || len < 1 || extra_fields(r, ok))
        return refuse(w, i, r, "f-puzzles has no such outside clue");
    if (k == 3) return put_little_killer(w, i, r);
    pos(cJSON_GetArrayItem(cells, 0), &r0, &c0);
    pos(cJSON_GetArrayItem(cells, len > 1), &r1, &c1);
    int dr = r1 - r0, dc = c1 - c0, fr, fc, fdr, fdc; /* the whole line from the clue */
    int ok_line = len == w->n && !fpz_outside_line(w->n, r0 - dr, c0 - dc, &fr, &fc, &fdr, &fdc) &&
                  fr == r0 && fc == c0 && fdr == dr && fdc == dc;
    for (int j = 0; ok_line && j < len; j++) {
        pos(cJSON_GetArrayItem(cells, j), &r1, &c1);
        ok_line = r1 == r0 + j * dr && c1 == c0 + j * dc;
    }
    if (!ok_line) return refuse(w, i, r, "the clue's cells are not a line f-puzzles draws");
    cJSON *o = entry(w, keys[k][1]);
    cJSON_AddItemToObject(o, "cell", fname(r0 - dr, c0 - dc));
    value_string(o, num(r, "value", 0));
    return RG_OK;
}

static int put_corner(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"kind", "cells", "digits", NULL};
    if (!is(r, "kind", "quadruple") || extra_fields(r, ok))
        return refuse(w, i, r, "f-puzzles has quadruples only");
    cJSON *o = entry(w, "quadruple");
    cJSON_AddItemToObject(o, "cells", fcells(cJSON_GetObjectItemCaseSensitive(r, "cells")));
    cJSON_AddItemToObject(o, "values",
                          cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(r, "digits"), 1));
    return RG_OK;
}

/* Does the document hold an edge of kind kind? */
static int has_edge(const fw *w, const char *kind)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, w->rules)
    {
        if (is(r, "type", "edge") && is(r, "kind", kind)) return 1;
    }
    return 0;
}

static int put_neighbours(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"kind", NULL};
    const char *kind = str(r, "kind");
    if (!kind || extra_fields(r, ok) ||
        (strcmp(kind, "antiknight") && strcmp(kind, "antiking") &&
         strcmp(kind, "nonconsecutive")) ||
        cJSON_GetObjectItemCaseSensitive(w->out, kind))
        return refuse(w, i, r,
                      "f-puzzles has antiknight, antiking and nonconsecutive on the whole board");
    /* Beside dots f-puzzles reads nonconsecutive as a negative constraint,
     * which leaves the dotted pairs out. */
    if (!strcmp(kind, "nonconsecutive") &&
        (has_edge(w, "kropki") || has_edge(w, "difference") || has_edge(w, "ratio")))
        return refuse(w, i, r,
                      "beside dots, f-puzzles' nonconsecutive leaves the dotted pairs out");
    cJSON_AddTrueToObject(w->out, kind);
    return RG_OK;
}

static int put_negative(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"of", "color", NULL};
    const char *word = NULL;
    if (extra_fields(r, ok)) return refuse(w, i, r, "f-puzzles has no such negative constraint");
    if (is(r, "of", "kropki") && (has_edge(w, "difference") || has_edge(w, "ratio")))
        return refuse(w, i, r, "beside dots of other values f-puzzles reads no kropki negative");
    if (is(r, "of", "kropki") && is(r, "color", "white")) {
        if (!cJSON_GetObjectItemCaseSensitive(w->out, "nonconsecutive"))
            cJSON_AddTrueToObject(w->out, "nonconsecutive");
        return RG_OK;
    }
    if (is(r, "of", "kropki") && is(r, "color", "black")) word = "ratio";
    if (is(r, "of", "xv") && !str(r, "color")) word = "xv";
    if (!word) return refuse(w, i, r, "f-puzzles has no such negative constraint");
    cJSON_AddItemToArray(list(w, "negative"), cJSON_CreateString(word));
    return RG_OK;
}

/* ---- Relations ---------------------------------------------------------------- */

/* The marked cells of a minimum (big 0: the first of each pair) or maximum
 * (big 1: the second) whose pairs are exactly those of r: the cells in the
 * order they first appear, each with its orthogonal neighbours (up, down,
 * left, right) that are not marked. NULL when r is not such a set. */
static cJSON *extreme_cells(fw *w, const cJSON *pairs, int big)
{
    static const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    int n = w->n, mark[MAXC] = {0}, order[MAXC], m = 0, r, c;
    const cJSON *p;
    cJSON_ArrayForEach(p, pairs)
    {
        pos(cJSON_GetArrayItem(p, big), &r, &c);
        if (r < 1 || r > n || c < 1 || c > n) return NULL;
        if (!mark[(r - 1) * n + c - 1]++) order[m++] = (r - 1) * n + c - 1;
    }
    const cJSON *at = pairs->child;
    for (int j = 0; j < m; j++) {
        r = order[j] / n + 1;
        c = order[j] % n + 1;
        for (int k = 0; k < 4; k++) {
            int r2 = r + dr[k], c2 = c + dc[k], a, b, x, y;
            if (r2 < 1 || r2 > n || c2 < 1 || c2 > n || mark[(r2 - 1) * n + c2 - 1]) continue;
            if (!at) return NULL;
            pos(cJSON_GetArrayItem(at, big), &a, &b);
            pos(cJSON_GetArrayItem(at, !big), &x, &y);
            if (a != r || b != c || x != r2 || y != c2) return NULL;
            at = at->next;
        }
    }
    if (at) return NULL;
    cJSON *cells = cJSON_CreateArray();
    for (int j = 0; j < m; j++)
        cJSON_AddItemToArray(cells, fname(order[j] / n + 1, order[j] % n + 1));
    return cells;
}

/* The pairs of r as lines of key: a chain (each pair starting where the
 * last ended) as one line, else a line of two cells per pair. Whispers
 * carry the difference when it is not f-puzzles' default. */
static void put_chains(fw *w, const cJSON *r, const char *key)
{
    const cJSON *pairs = cJSON_GetObjectItemCaseSensitive(r, "pairs"), *p;
    int chain = 1;
    for (p = pairs ? pairs->child : NULL; p && p->next; p = p->next)
        chain &= !strcmp(cJSON_GetArrayItem(p, 1)->valuestring,
                         cJSON_GetArrayItem(p->next, 0)->valuestring);
    cJSON *line = NULL;
    cJSON_ArrayForEach(p, pairs)
    {
        int rr, c;
        if (!chain || !line) {
            cJSON *o = entry(w, key);
            if (!strcmp(key, "whispers") && num(r, "value", 0) != (w->n + 1) / 2)
                value_string(o, num(r, "value", 0));
            line = cJSON_CreateArray();
            cJSON_AddItemToArray(cJSON_AddArrayToObject(o, "lines"), line);
            pos(cJSON_GetArrayItem(p, 0), &rr, &c);
            cJSON_AddItemToArray(line, fname(rr, c));
        }
        pos(cJSON_GetArrayItem(p, 1), &rr, &c);
        cJSON_AddItemToArray(line, fname(rr, c));
    }
}

static int put_relation(fw *w, int i, const cJSON *r)
{
    static const char *const ok[] = {"op", "pairs", "value", NULL};
    const cJSON *pairs = cJSON_GetObjectItemCaseSensitive(r, "pairs"), *p;
    if (extra_fields(r, ok)) return refuse(w, i, r, "a relation field f-puzzles has not");
    if (is(r, "op", "equal")) {
        cJSON *o = entry(w, "clone"), *a = cJSON_AddArrayToObject(o, "cells");
        cJSON *b = cJSON_AddArrayToObject(o, "cloneCells");
        int rr, c;
        cJSON_ArrayForEach(p, pairs)
        {
            pos(cJSON_GetArrayItem(p, 0), &rr, &c);
            cJSON_AddItemToArray(a, fname(rr, c));
            pos(cJSON_GetArrayItem(p, 1), &rr, &c);
            cJSON_AddItemToArray(b, fname(rr, c));
        }
        return RG_OK;
    }
    for (int big = 1; big >= 0 && is(r, "op", "less"); big--) {
        const char *key = big ? "maximum" : "minimum";
        if (cJSON_GetObjectItemCaseSensitive(w->out, key)) continue;
        cJSON *cells = extreme_cells(w, pairs, big), *e;
        if (!cells) continue;
        cJSON *l = list(w, key);
        cJSON_ArrayForEach(e, cells)
        {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddItemToObject(o, "cell", cJSON_Duplicate(e, 1));
            cJSON_AddItemToArray(l, o);
        }
        cJSON_Delete(cells);
        return RG_OK;
    }
    if (is(r, "op", "less") || (is(r, "op", "difference_at_least") && num(r, "value", 0) >= 1 &&
                                num(r, "value", 0) < w->n)) {
        put_chains(w, r, is(r, "op", "less") ? "thermometer" : "whispers");
        return RG_OK;
    }
    return refuse(w, i, r,
                  "f-puzzles has clones (equal), minimum / maximum cells and thermometers (less), "
                  "whispers (difference_at_least)");
}

/* ---- The entry ---------------------------------------------------------------- */

/* Rectangles of cells ("r4c4:r6c6", format.md 5) in every list of the
 * document spelled out cell by cell in reading order, for the lists of
 * cells f-puzzles wants. */
static int rect(const cJSON *e, int *r1, int *c1, int *r2, int *c2)
{
    return cJSON_IsString(e) && sscanf(e->valuestring, "r%dc%d:r%dc%d", r1, c1, r2, c2) == 4;
}

static void expand_areas(cJSON *node)
{
    int r1, c1, r2, c2, any = 0;
    cJSON *e;
    cJSON_ArrayForEach(e, node)
    {
        if (cJSON_IsArray(node) && rect(e, &r1, &c1, &r2, &c2)) any = 1;
        expand_areas(e);
    }
    if (!any) return;
    cJSON *cells = cJSON_CreateArray();
    cJSON_ArrayForEach(e, node)
    {
        if (!rect(e, &r1, &c1, &r2, &c2)) {
            cJSON_AddItemToArray(cells, cJSON_Duplicate(e, 1));
            continue;
        }
        int rlo = r1 < r2 ? r1 : r2, clo = c1 < c2 ? c1 : c2;
        for (int r = rlo; r <= r1 + r2 - rlo; r++)
            for (int c = clo; c <= c1 + c2 - clo; c++) {
                char b[32];
                snprintf(b, sizeof b, "r%dc%d", r, c);
                cJSON_AddItemToArray(cells, cJSON_CreateString(b));
            }
    }
    while (node->child) cJSON_Delete(cJSON_DetachItemViaPointer(node, node->child));
    while (cells && cells->child)
        cJSON_AddItemToArray(node, cJSON_DetachItemViaPointer(cells, cells->child));
    cJSON_Delete(cells);
}

typedef int (*rule_writer)(fw *w, int i, const cJSON *r);

static const struct {
    const char *type;
    rule_writer put;
} writers[] = {
    {"box_grid", put_box_grid}, {"grid", put_grid},         {"box", put_box},
    {"region", put_region},     {"cage", put_cage},         {"line", put_line},
    {"arrow", put_arrow},       {"edge", put_edge},         {"cell", put_cell},
    {"outside", put_outside},   {"corner", put_corner},     {"neighbours", put_neighbours},
    {"relation", put_relation}, {"negative", put_negative},
};

static int put_rules(fw *w)
{
    int i = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, w->rules)
    {
        size_t k = 0;
        while (k < sizeof writers / sizeof writers[0] && !is(r, "type", writers[k].type)) k++;
        int rc = k < sizeof writers / sizeof writers[0]
                     ? writers[k].put(w, i, r)
                     : refuse(w, i, r, "f-puzzles has no constraint of this type");
        if (rc) return rc;
        i++;
    }
    if (!w->houses)
        return fpz_error(w->err, RG_E_FORMAT, "rules",
                         "f-puzzles grids have rows and columns: a grid or box_grid rule at "
                         "r1c1 is needed");
    put_regions(w);
    put_disjoint(w);
    return RG_OK;
}

/* Board, text and the grid of cells (givens) of document doc. */
static int put_board(fw *w, const cJSON *doc)
{
    const cJSON *board = cJSON_GetObjectItemCaseSensitive(doc, "board"), *m;
    int rows = num(board, "rows", 0), cols = num(board, "columns", 0);
    w->n = num(board, "digits", 0);
    if (rows != w->n || cols != w->n || w->n > RG_FPZ_MAX ||
        cJSON_GetObjectItemCaseSensitive(board, "holes"))
        return fpz_error(w->err, RG_E_FORMAT, "board",
                         "f-puzzles boards are N x N with N digits, N at most %d", RG_FPZ_MAX);
    cJSON_AddNumberToObject(w->out, "size", w->n);
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(doc, "meta"))
    {
        if (cJSON_IsString(m) && (!strcmp(m->string, "title") || !strcmp(m->string, "author") ||
                                  !strcmp(m->string, "ruleset")))
            cJSON_AddStringToObject(w->out, m->string, m->valuestring);
    }
    cJSON *grid = cJSON_AddArrayToObject(w->out, "grid");
    const cJSON *givens = cJSON_GetObjectItemCaseSensitive(doc, "givens");
    for (int r = 1; r <= w->n; r++) {
        cJSON *row = cJSON_CreateArray();
        cJSON_AddItemToArray(grid, row);
        for (int c = 1; c <= w->n; c++) {
            char b[32];
            snprintf(b, sizeof b, "r%dc%d", r, c);
            cJSON *o = cJSON_CreateObject();
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(givens, b);
            if (cJSON_IsNumber(g)) {
                cJSON_AddNumberToObject(o, "value", g->valueint);
                cJSON_AddTrueToObject(o, "given");
            }
            cJSON_AddItemToArray(row, o);
        }
    }
    return RG_OK;
}

static void put_solution(fw *w, const cJSON *doc)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(doc, "solution"), *v;
    if (cJSON_GetArraySize(sol) != w->n * w->n) return;
    cJSON *a = cJSON_AddArrayToObject(w->out, "solution");
    cJSON_ArrayForEach(v, sol) cJSON_AddItemToArray(a, cJSON_CreateNumber(v->valueint));
}

/* The f-puzzles JSON of canonical document text (malloc'd), or NULL with
 * err set. */
static char *fpuzzles_json(const char *text, rg_error *err)
{
    cJSON *doc = cJSON_Parse(text);
    fw *w = calloc(1, sizeof *w);
    char *json = NULL, *copy = NULL;
    int rc = RG_OK;
    if (!doc || !w || !(w->out = cJSON_CreateObject())) {
        rc = fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    } else {
        expand_areas(doc);
        w->err = err;
        w->rules = cJSON_GetObjectItemCaseSensitive(doc, "rules");
        rc = put_board(w, doc);
        if (rc == RG_OK) rc = put_rules(w);
        if (rc == RG_OK) put_solution(w, doc);
    }
    if (rc == RG_OK && !(json = cJSON_PrintUnformatted(w->out)))
        fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    if (json && !(copy = strdup(json))) fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    cJSON_free(json);
    if (w) cJSON_Delete(w->out);
    free(w);
    cJSON_Delete(doc);
    return copy;
}

char *fpz_write(const rg_puzzle *p, rg_error *err)
{
    rg_error_clear(err);
    char *text = rg_puzzle_write(p, RG_WRITE_LINE, err), *out = NULL;
    if (!text) return NULL;
    char *json = fpuzzles_json(text, err);
    rg_string_free(text);
    char *lz = json ? rg_lzstring_compress(json, strlen(json), 0, err) : NULL;
    if (lz && !(out = strdup(lz))) fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    rg_string_free(lz);
    free(json);
    return out;
}
