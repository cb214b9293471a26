/* Writing a puzzle as its canonical document (format.md §7): the house rules
 * rebuilt from the houses they make (§6.1), every other rule from the JSON
 * the model keeps (model.h: source), grouped and ordered. Reading is doc.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "model.h"

/* ---- A growing string ------------------------------------------------------- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *s2 = rg_realloc(b->s, cap);
        if (!s2) {
            b->oom = 1;
            return;
        }
        b->s = s2;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

static void putf(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void putf(sbuf *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) put(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* ---- JSON values ---------------------------------------------------------------- */

/* A JSON string literal; bytes of 0x80 and up pass through as read. */
static void put_string(sbuf *b, const char *s)
{
    put(b, "\"", 1);
    const char *run = s;
    for (const char *p = s; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch >= 0x20 && ch != '"' && ch != '\\') continue;
        put(b, run, (size_t)(p - run));
        run = p + 1;
        switch (ch) {
        case '"': puts_(b, "\\\""); break;
        case '\\': puts_(b, "\\\\"); break;
        case '\n': puts_(b, "\\n"); break;
        case '\r': puts_(b, "\\r"); break;
        case '\t': puts_(b, "\\t"); break;
        case '\b': puts_(b, "\\b"); break;
        case '\f': puts_(b, "\\f"); break;
        default: putf(b, "\\u%04x", ch); break;
        }
    }
    puts_(b, run);
    put(b, "\"", 1);
}

/* Integers as integers; other numbers in the fewest digits that read back
 * to the same double (so a second writing gives the same text). */
static void put_number(sbuf *b, double d)
{
    if (!isfinite(d)) {
        puts_(b, d < 0 ? "-1e999" : "1e999"); /* what the reader turned into infinity */
    } else if (d == floor(d) && fabs(d) < 1e15) {
        putf(b, "%.0f", d == 0 ? 0.0 : d);
    } else {
        char tmp[64];
        for (int prec = 15; prec <= 17; prec++) {
            snprintf(tmp, sizeof tmp, "%.*g", prec, d);
            if (strtod(tmp, NULL) == d) break;
        }
        puts_(b, tmp);
    }
}

/* A cell name or rectangle in canonical spelling (lower case; a rectangle
 * from its top-left to its bottom-right corner). 0, or -1 when s is neither. */
static int canonical_cells(const char *s, char *buf, size_t n)
{
    int r1, c1, r2, c2;
    if (rg_span_parse(s, &r1, &c1, &r2, &c2)) return -1;
    if (strchr(s, ':'))
        snprintf(buf, n, "r%dc%d:r%dc%d", r1, c1, r2, c2);
    else
        snprintf(buf, n, "r%dc%d", r1, c1);
    return 0;
}

/* Any JSON value on one line, ", " and ": " as separators, members in the
 * order read. cells: strings that name a cell or a rectangle are written in
 * canonical spelling (rule fields; never meta, notes or x- values). */
static void put_value(sbuf *b, const cJSON *v, int cells)
{
    char name[64];
    if (cJSON_IsString(v)) {
        if (cells && canonical_cells(v->valuestring, name, sizeof name) == 0)
            put_string(b, name);
        else
            put_string(b, v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        put_number(b, v->valuedouble);
    } else if (cJSON_IsTrue(v)) {
        puts_(b, "true");
    } else if (cJSON_IsFalse(v)) {
        puts_(b, "false");
    } else if (cJSON_IsArray(v)) {
        put(b, "[", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            put_value(b, c, cells);
            if (c->next) puts_(b, ", ");
        }
        put(b, "]", 1);
    } else if (cJSON_IsObject(v)) {
        put(b, "{", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            put_string(b, c->string ? c->string : "");
            puts_(b, ": ");
            put_value(b, c, cells);
            if (c->next) puts_(b, ", ");
        }
        put(b, "}", 1);
    } else {
        puts_(b, "null");
    }
}

static int is_extra(const char *name)
{
    return strcmp(name, "note") == 0 || strncmp(name, "x-", 2) == 0;
}

/* ---- Rules other than houses ---------------------------------------------------- */

/* The groups of format.md §6, in order; "" stands for every type no entry
 * names (third-party plugins). Each type lists its fields in the order they
 * are written: first these, then note, then the rest in the order read. */
typedef struct type_order {
    const char *type;
    const char *fields[9];
} type_order;

enum { GROUP_HOUSES = 0 };

static const type_order groups[] = {
    {"", {NULL}}, /* houses: written by write_houses */
    {"region", {"kind", "cells"}},
    {"cage", {"cells", "sum"}},
    {"line", {"kind", "value", "groups", "closed", "cells"}},
    {"arrow", {"bulb", "lines"}},
    {"edge", {"kind", "color", "letter", "value", "sum", "cells"}},
    {"cell", {"kind", "split", "cells"}},
    {"outside", {"kind", "value", "sum", "direction", "cells"}},
    {"corner", {"kind", "digits", "cells"}},
    {"neighbours", {"kind", "op", "value", "sum", "where", "within", "area", "except"}},
    {"relation", {"op", "value", "sum", "pairs"}},
    {"", {NULL}}, /* any other type */
    {"negative", {"of", "color", "letter", "value", "sum", "kind", "split", "area"}},
};
#define NGROUPS ((int)(sizeof groups / sizeof groups[0]))
#define GROUP_OTHER (NGROUPS - 2)

static const char *const house_types[] = {"grid", "box_grid", "box", "row", "column", NULL};

static const char *rule_type(const cJSON *rule)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(rule, "type");
    return cJSON_IsString(t) ? t->valuestring : "";
}

static int group_of(const char *type)
{
    for (int i = 0; house_types[i]; i++)
        if (strcmp(type, house_types[i]) == 0) return GROUP_HOUSES;
    for (int g = 1; g < NGROUPS; g++)
        if (groups[g].type[0] && strcmp(type, groups[g].type) == 0) return g;
    return GROUP_OTHER;
}

static int listed(const char *const *fields, const char *name)
{
    for (int i = 0; fields && fields[i]; i++)
        if (strcmp(fields[i], name) == 0) return 1;
    return 0;
}

/* One member "name": value, preceded by ", ". */
static void put_member(sbuf *b, const cJSON *c)
{
    puts_(b, ", ");
    put_string(b, c->string);
    puts_(b, ": ");
    put_value(b, c, !is_extra(c->string));
}

/* A rule: type, the type's fields in their order, note, then the rest as read. */
static void put_rule(sbuf *b, const cJSON *rule, const char *const *fields)
{
    puts_(b, "{\"type\": ");
    put_string(b, rule_type(rule));
    for (int i = 0; fields && fields[i]; i++) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(rule, fields[i]);
        if (c) put_member(b, c);
    }
    const cJSON *note = cJSON_GetObjectItemCaseSensitive(rule, "note");
    if (note) put_member(b, note);
    for (const cJSON *c = rule->child; c; c = c->next)
        if (c->string && strcmp(c->string, "type") && strcmp(c->string, "note") &&
            !listed(fields, c->string))
            put_member(b, c);
    put(b, "}", 1);
}

/* ---- Houses (format.md §6.1) ---------------------------------------------------- */

/* One house made by the house rules, its cell set deduplicated as the model
 * does. A house has up to two roles: box, and line (row or column); each
 * role remembers the first rule that gave it (key) and how it listed the
 * cells, so that a second writing finds the same order. */
typedef struct house {
    int *sorted, *box_list, *line_list;
    int n;
    uint64_t hash;
    int next;       /* hash chain */
    int box;        /* some rule made it a box */
    int line_kind;  /* RG_HOUSE_ROW / COLUMN, or -1 */
    long box_key, line_key;
    int used_box, used_line;        /* an area's rule writes it */
    int pin_box, pin_row, pin_col;  /* a rule with a note or x- fields writes it */
} house;

/* A D x D area: the origin of grid / box_grid rules, or the whole board. */
typedef struct area {
    int origin;        /* cell index */
    int box_h, box_w;  /* box shape written, 0 for a grid */
    int pref_h, pref_w; /* shape of the first box_grid rule at the origin */
} area;

typedef struct item {
    int group; /* 0 box, 1 row, 2 column */
    long key;
    int order;
    const int *cells;
    int n;
    const cJSON *rule; /* a rule written as read (it has a note or x- fields) */
} item;

typedef struct houses {
    const rg_board *bd;
    int D;
    house *h;
    int nh, caph;
    int *bucket;
    int nbucket;
    int *pool; /* 3 D ints per house */
    area *areas;
    int nareas;
    item *items;
    int nitems;
    int *tmp; /* D ints */
    int oom;
} houses;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static uint64_t hash_cells(const int *sorted, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)sorted[i]) * 1099511628211ull;
    return h;
}

/* The house with these cells (listed in any order), or -1. */
static int find_house(houses *hs, const int *cells, int n)
{
    if (n < 1 || n > hs->D) return -1;
    memcpy(hs->tmp, cells, (size_t)n * sizeof *cells);
    qsort(hs->tmp, (size_t)n, sizeof *hs->tmp, cmp_int);
    uint64_t h = hash_cells(hs->tmp, n);
    for (int i = hs->bucket[h & (uint64_t)(hs->nbucket - 1)]; i >= 0; i = hs->h[i].next)
        if (hs->h[i].hash == h && hs->h[i].n == n &&
            memcmp(hs->h[i].sorted, hs->tmp, (size_t)n * sizeof *cells) == 0)
            return i;
    return -1;
}

/* Adds a house made by rule `rule` (its sub-th house) in role kind. */
static int add_house(houses *hs, const int *cells, int n, int kind, long key)
{
    if (n < 1 || n > hs->D) return -1; /* refused by the reader: cannot happen */
    int i = find_house(hs, cells, n);
    if (i < 0) {
        if (hs->nh == hs->caph) return -1;
        i = hs->nh++;
        house *h = &hs->h[i];
        memset(h, 0, sizeof *h);
        h->sorted = hs->pool + (size_t)i * 3 * hs->D;
        h->box_list = h->sorted + hs->D;
        h->line_list = h->box_list + hs->D;
        memcpy(h->sorted, hs->tmp, (size_t)n * sizeof *cells);
        h->n = n;
        h->hash = hash_cells(h->sorted, n);
        h->line_kind = -1;
        int bk = (int)(h->hash & (uint64_t)(hs->nbucket - 1));
        h->next = hs->bucket[bk];
        hs->bucket[bk] = i;
    }
    house *h = &hs->h[i];
    if (kind == RG_HOUSE_BOX && !h->box) {
        h->box = 1;
        h->box_key = key;
        memcpy(h->box_list, cells, (size_t)n * sizeof *cells);
    } else if (kind != RG_HOUSE_BOX && h->line_kind < 0) {
        h->line_kind = kind;
        h->line_key = key;
        memcpy(h->line_list, cells, (size_t)n * sizeof *cells);
    }
    return i;
}

/* The cells of a rule's "cells" field (a name, a rectangle, or a list of
 * them) into out, as listed; the count, at most max. */
static int rule_cells(const rg_board *bd, const cJSON *v, int *out, int max)
{
    int n = 0;
    const cJSON *one = cJSON_IsString(v) ? v : NULL;
    for (const cJSON *e = one ? one : (cJSON_IsArray(v) ? v->child : NULL); e;
         e = one ? NULL : e->next) {
        if (!cJSON_IsString(e)) continue;
        int r1, c1, r2, c2;
        if (rg_span_parse(e->valuestring, &r1, &c1, &r2, &c2)) continue;
        for (int y = r1; y <= r2; y++)
            for (int x = c1; x <= c2; x++) {
                int k = rg_board_at(bd, y, x);
                if (k >= 0 && n < max) out[n++] = k;
            }
    }
    return n;
}

/* The origin cell of a grid / box_grid rule and its box shape (0 x 0 for a
 * grid); -1 when the rule is not one or names no cell. */
static int rule_origin(const rg_board *bd, const cJSON *rule, int *bh, int *bw)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(rule, "origin");
    int row, col;
    if (!cJSON_IsString(o) || rg_cell_parse(o->valuestring, &row, &col)) return -1;
    *bh = *bw = 0;
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(rule, "box");
    if (cJSON_IsArray(box) && cJSON_GetArraySize(box) == 2) {
        *bh = (int)cJSON_GetArrayItem(box, 0)->valuedouble;
        *bw = (int)cJSON_GetArrayItem(box, 1)->valuedouble;
    }
    return rg_board_at(bd, row, col);
}

/* The rows (line 0..D-1), columns (D..2D-1) of an area, or with a box shape
 * its box number i, into out. Returns the cell count (D), or 0 when a cell
 * is missing. */
static int area_house(const houses *hs, int origin, int which, int bh, int bw, int *out)
{
    int D = hs->D, r0 = hs->bd->row[origin], c0 = hs->bd->col[origin];
    for (int k = 0; k < D; k++) {
        int y, x;
        if (bh) { /* box `which` in reading order of its top-left cells */
            int per_row = D / bw;
            y = r0 + (which / per_row) * bh + k / bw;
            x = c0 + (which % per_row) * bw + k % bw;
        } else if (which < D) {
            y = r0 + which;
            x = c0 + k;
        } else {
            y = r0 + k;
            x = c0 + which - D;
        }
        if ((out[k] = rg_board_at(hs->bd, y, x)) < 0) return 0;
    }
    return D;
}

static int add_area(houses *hs, int origin, int bh, int bw)
{
    for (int i = 0; i < hs->nareas; i++)
        if (hs->areas[i].origin == origin) {
            if (bh && !hs->areas[i].pref_h) {
                hs->areas[i].pref_h = bh;
                hs->areas[i].pref_w = bw;
            }
            return 0;
        }
    hs->areas[hs->nareas++] = (area){origin, 0, 0, bh, bw};
    return 0;
}

/* Are all boxes of shape bh x bw of the area houses with the box role? */
static int boxes_fit(houses *hs, const area *a, int bh, int bw)
{
    int *cells = hs->tmp + hs->D; /* find_house sorts into tmp[0..D) */
    for (int i = 0; i < hs->D; i++) {
        if (!area_house(hs, a->origin, i, bh, bw, cells)) return 0;
        int k = find_house(hs, cells, hs->D);
        if (k < 0 || !hs->h[k].box) return 0;
    }
    return 1;
}

/* Marks the roles an area's rule makes, choosing box_grid when a box shape
 * fits (the first box_grid rule's shape first). */
static void settle_area(houses *hs, area *a)
{
    int D = hs->D, *cells = hs->tmp + D;
    for (int i = 0; i < 2 * D; i++) {
        area_house(hs, a->origin, i, 0, 0, cells);
        int k = find_house(hs, cells, D);
        if (k >= 0) hs->h[k].used_line = 1;
    }
    int bh = 0, bw = 0;
    if (a->pref_h && boxes_fit(hs, a, a->pref_h, a->pref_w)) {
        bh = a->pref_h;
        bw = a->pref_w;
    }
    for (int h = 1; !bh && h <= D; h++)
        if (D % h == 0 && boxes_fit(hs, a, h, D / h)) {
            bh = h;
            bw = D / h;
        }
    a->box_h = bh;
    a->box_w = bw;
    for (int i = 0; bh && i < D; i++) {
        area_house(hs, a->origin, i, bh, bw, cells);
        int k = find_house(hs, cells, D);
        if (k >= 0) hs->h[k].used_box = 1;
    }
}

/* Are all rows and columns of a D x D board houses? (A board whose rows,
 * columns and perhaps boxes are explicit rules, with no grid rule.) */
static int whole_board_area(houses *hs)
{
    const rg_board *bd = hs->bd;
    int D = hs->D, *cells = hs->tmp + D;
    if (bd->rows != D || bd->cols != D || bd->ncells != D * D) return 0;
    for (int i = 0; i < 2 * D; i++) {
        area_house(hs, 0, i, 0, 0, cells);
        if (find_house(hs, cells, D) < 0) return 0;
    }
    return 1;
}

static int cmp_area(const void *a, const void *b)
{
    return cmp_int(&((const area *)a)->origin, &((const area *)b)->origin);
}

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->group != y->group) return x->group - y->group;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->order - y->order;
}

static void houses_free(houses *hs)
{
    rg_free(hs->h);
    rg_free(hs->bucket);
    rg_free(hs->pool);
    rg_free(hs->areas);
    rg_free(hs->items);
    rg_free(hs->tmp);
}

static int has_extras(const cJSON *rule)
{
    for (const cJSON *c = rule->child; c; c = c->next)
        if (c->string && is_extra(c->string)) return 1;
    return 0;
}

/* Gathers the houses of every house rule, settles the areas and lists what
 * the other house rules still have to say. RG_OK or RG_E_NOMEM. */
static int houses_build(houses *hs, const rg_board *bd, const cJSON *rules)
{
    memset(hs, 0, sizeof *hs);
    hs->bd = bd;
    hs->D = bd->digits;
    int D = hs->D, nrules = 0;
    long cap = 0;
    for (const cJSON *r = rules ? rules->child : NULL; r; r = r->next, nrules++) {
        const char *t = rule_type(r);
        if (!strcmp(t, "grid")) cap += 2 * D;
        else if (!strcmp(t, "box_grid")) cap += 3 * D;
        else if (group_of(t) == GROUP_HOUSES) cap += 1;
    }
    if (cap > (1L << 24)) return RG_E_NOMEM;
    hs->caph = (int)cap;
    hs->nbucket = 16;
    while (hs->nbucket < 2 * cap) hs->nbucket *= 2;
    hs->h = rg_malloc((size_t)(cap ? cap : 1) * sizeof *hs->h);
    hs->bucket = rg_malloc((size_t)hs->nbucket * sizeof *hs->bucket);
    hs->pool = rg_malloc((size_t)(cap ? cap : 1) * 3 * (size_t)D * sizeof *hs->pool);
    hs->areas = rg_malloc((size_t)(nrules + 1) * sizeof *hs->areas);
    hs->items = rg_malloc((size_t)(2 * cap + nrules + 1) * sizeof *hs->items);
    hs->tmp = rg_malloc((size_t)(2 * D) * sizeof *hs->tmp);
    if (!hs->h || !hs->bucket || !hs->pool || !hs->areas || !hs->items || !hs->tmp)
        return RG_E_NOMEM;
    for (int i = 0; i < hs->nbucket; i++) hs->bucket[i] = -1;

    int *cells = rg_malloc((size_t)D * sizeof *cells);
    if (!cells) return RG_E_NOMEM;
    long index = 0;
    for (const cJSON *r = rules ? rules->child : NULL; r; r = r->next, index++) {
        const char *t = rule_type(r);
        if (group_of(t) != GROUP_HOUSES) continue;
        long key = index << 16;
        if (!strcmp(t, "grid") || !strcmp(t, "box_grid")) {
            int bh, bw, origin = rule_origin(bd, r, &bh, &bw);
            if (origin < 0) continue;
            if (strcmp(t, "box_grid")) bh = bw = 0;
            if (bh < 1 || bw < 1 || bh * bw != D) bh = bw = 0;
            add_area(hs, origin, bh, bw);
            for (int i = 0; i < 2 * D; i++)
                if (area_house(hs, origin, i, 0, 0, cells))
                    add_house(hs, cells, D, i < D ? RG_HOUSE_ROW : RG_HOUSE_COLUMN, key + i);
            for (int i = 0; bh && i < D; i++)
                if (area_house(hs, origin, i, bh, bw, cells))
                    add_house(hs, cells, D, RG_HOUSE_BOX, key + 2 * D + i);
            continue;
        }
        int kind = !strcmp(t, "box") ? RG_HOUSE_BOX : !strcmp(t, "row") ? RG_HOUSE_ROW
                                                                        : RG_HOUSE_COLUMN;
        int n = rule_cells(bd, cJSON_GetObjectItemCaseSensitive(r, "cells"), cells, D);
        int k = add_house(hs, cells, n, kind, key);
        if (k >= 0 && has_extras(r)) {
            if (kind == RG_HOUSE_BOX) hs->h[k].pin_box = 1;
            else if (kind == RG_HOUSE_ROW) hs->h[k].pin_row = 1;
            else hs->h[k].pin_col = 1;
            hs->items[hs->nitems++] =
                (item){kind == RG_HOUSE_BOX ? 0 : kind == RG_HOUSE_ROW ? 1 : 2, key, 0, NULL, 0, r};
        }
    }
    rg_free(cells);

    if (hs->nareas == 0 && whole_board_area(hs)) add_area(hs, 0, 0, 0);
    qsort(hs->areas, (size_t)hs->nareas, sizeof *hs->areas, cmp_area);
    for (int i = 0; i < hs->nareas; i++) settle_area(hs, &hs->areas[i]);

    for (int i = 0; i < hs->nh; i++) {
        house *h = &hs->h[i];
        if (h->box) {
            if (!h->used_box && !h->pin_box)
                hs->items[hs->nitems++] = (item){0, h->box_key, 0, h->box_list, h->n, NULL};
        } else if (h->line_kind >= 0 && !h->used_line) {
            int row = h->line_kind == RG_HOUSE_ROW;
            if (!(row ? h->pin_row : h->pin_col))
                hs->items[hs->nitems++] =
                    (item){row ? 1 : 2, h->line_key, 0, h->line_list, h->n, NULL};
        }
    }
    for (int i = 0; i < hs->nitems; i++) hs->items[i].order = i;
    qsort(hs->items, (size_t)hs->nitems, sizeof *hs->items, cmp_item);
    return RG_OK;
}

/* A cell list: one rectangle when the cells are exactly a rectangle listed
 * in reading order, else the names as listed. */
static void put_cell_list(sbuf *b, const rg_board *bd, const int *cells, int n)
{
    int r1 = bd->row[cells[0]], c1 = bd->col[cells[0]];
    int r2 = bd->row[cells[n - 1]], c2 = bd->col[cells[n - 1]];
    int rect = n > 1 && r2 >= r1 && c2 >= c1 && (long)(r2 - r1 + 1) * (c2 - c1 + 1) == n;
    for (int k = 0; rect && k < n; k++)
        rect = bd->row[cells[k]] == r1 + k / (c2 - c1 + 1) &&
               bd->col[cells[k]] == c1 + k % (c2 - c1 + 1);
    if (rect) {
        putf(b, "[\"r%dc%d:r%dc%d\"]", r1, c1, r2, c2);
        return;
    }
    put(b, "[", 1);
    for (int k = 0; k < n; k++)
        putf(b, "%s\"r%dc%d\"", k ? ", " : "", bd->row[cells[k]], bd->col[cells[k]]);
    put(b, "]", 1);
}

/* The note and x- fields of every grid / box_grid rule at origin (the first
 * of each name). */
static void put_area_extras(sbuf *b, const rg_board *bd, const cJSON *rules, int origin)
{
    int bh, bw;
    for (int pass = 0; pass < 2; pass++) /* the note first, then x- fields */
        for (const cJSON *r = rules->child; r; r = r->next) {
            const char *t = rule_type(r);
            if ((strcmp(t, "grid") && strcmp(t, "box_grid")) ||
                rule_origin(bd, r, &bh, &bw) != origin)
                continue;
            for (const cJSON *c = r->child; c; c = c->next) {
                if (!c->string || !is_extra(c->string) || (pass == 0) != !strcmp(c->string, "note"))
                    continue;
                int dup = 0; /* given by an earlier rule at this origin? */
                for (const cJSON *q = rules->child; q != r && !dup; q = q->next) {
                    const char *qt = rule_type(q);
                    if ((strcmp(qt, "grid") && strcmp(qt, "box_grid")) ||
                        rule_origin(bd, q, &bh, &bw) != origin)
                        continue;
                    dup = cJSON_GetObjectItemCaseSensitive(q, c->string) != NULL;
                }
                if (!dup) put_member(b, c);
                if (pass == 0) break;
            }
        }
}

/* ---- The document --------------------------------------------------------------- */

typedef struct writer {
    sbuf b;
    int pretty;
    int nrules;
} writer;

/* Starts the next rule of the list. */
static void rule_sep(writer *w)
{
    puts_(&w->b, w->nrules++ ? (w->pretty ? ",\n    " : ", ") : (w->pretty ? "\n    " : ""));
}

static void write_houses(writer *w, const rg_board *bd, const cJSON *rules, houses *hs)
{
    sbuf *b = &w->b;
    for (int i = 0; i < hs->nareas; i++) {
        const area *a = &hs->areas[i];
        rule_sep(w);
        putf(b, "{\"type\": \"%s\", \"origin\": \"r%dc%d\"", a->box_h ? "box_grid" : "grid",
             bd->row[a->origin], bd->col[a->origin]);
        if (a->box_h) putf(b, ", \"box\": [%d, %d]", a->box_h, a->box_w);
        if (rules) put_area_extras(b, bd, rules, a->origin);
        put(b, "}", 1);
    }
    static const char *const names[3] = {"box", "row", "column"};
    static const char *const cells_field[] = {"cells", NULL};
    for (int i = 0; i < hs->nitems; i++) {
        const item *it = &hs->items[i];
        rule_sep(w);
        if (it->rule) {
            put_rule(b, it->rule, cells_field);
            continue;
        }
        putf(b, "{\"type\": \"%s\", \"cells\": ", names[it->group]);
        put_cell_list(b, bd, it->cells, it->n);
        put(b, "}", 1);
    }
}

/* "r1c1": 5, ... for the nonzero values, one board row a line when pretty. */
static void write_digits(writer *w, const rg_board *bd, const char *name, const int *vals)
{
    sbuf *b = &w->b;
    put_string(b, name);
    puts_(b, ": {");
    int first = 1, row = -1;
    for (int k = 0; k < bd->ncells; k++) {
        if (!vals[k]) continue;
        if (w->pretty && bd->row[k] != row) {
            puts_(b, first ? "\n    " : ",\n    ");
            row = bd->row[k];
        } else if (!first) {
            puts_(b, ", ");
        }
        first = 0;
        putf(b, "\"r%dc%d\": %d", bd->row[k], bd->col[k], vals[k]);
    }
    puts_(b, w->pretty && !first ? "\n  }" : "}");
}

static void field_sep(writer *w) { puts_(&w->b, w->pretty ? ",\n  " : ", "); }

static int write_doc(writer *w, const rg_puzzle *p, unsigned flags)
{
    const rg_model *m = p->model;
    const rg_board *bd = rg_model_board(m);
    const cJSON *src = rg_model_source(m);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(src, "rules");
    const cJSON *board = cJSON_GetObjectItemCaseSensitive(src, "board");
    sbuf *b = &w->b;

    houses hs;
    int rc = houses_build(&hs, bd, rules);
    if (rc) {
        houses_free(&hs);
        return rc;
    }
    puts_(b, w->pretty ? "{\n  " : "{");
    puts_(b, "\"format\": \"rulegrid\"");
    field_sep(w);
    puts_(b, "\"version\": 1");
    field_sep(w);
    putf(b, "\"board\": {\"rows\": %d, \"columns\": %d, \"digits\": %d", bd->rows, bd->cols,
         bd->digits);
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(board, "cells");
    if (cells) {
        puts_(b, ", \"cells\": ");
        if (cJSON_IsString(cells)) put(b, "[", 1);
        put_value(b, cells, 1);
        if (cJSON_IsString(cells)) put(b, "]", 1);
    }
    put(b, "}", 1);
    field_sep(w);
    puts_(b, "\"rules\": [");
    write_houses(w, bd, rules, &hs);
    for (int g = 1; g < NGROUPS; g++)
        for (const cJSON *r = rules ? rules->child : NULL; r; r = r->next) {
            if (group_of(rule_type(r)) != g) continue;
            rule_sep(w);
            put_rule(b, r, groups[g].fields);
        }
    puts_(b, w->pretty && w->nrules ? "\n  ]" : "]");
    houses_free(&hs);

    int any = 0;
    for (int k = 0; k < bd->ncells && !any; k++) any = p->givens[k] != 0;
    if (any) {
        field_sep(w);
        write_digits(w, bd, "givens", p->givens);
    }
    if (p->solution && !(flags & RG_WRITE_NO_SOLUTION)) {
        field_sep(w);
        write_digits(w, bd, "solution", p->solution);
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(p->kept, "meta");
    if (meta) {
        field_sep(w);
        put_string(b, "meta");
        puts_(b, ": ");
        put_value(b, meta, 0);
    }
    for (const cJSON *c = p->kept ? p->kept->child : NULL; c; c = c->next) {
        if (!c->string || strncmp(c->string, "x-", 2)) continue;
        field_sep(w);
        put_string(b, c->string);
        puts_(b, ": ");
        put_value(b, c, 0);
    }
    puts_(b, w->pretty ? "\n}" : "}");
    return w->b.oom ? RG_E_NOMEM : RG_OK;
}

/* The canonical document of p (see rulegrid.h); NULL with err set when p
 * keeps no rules (a puzzle not read from a document) or memory runs out. */
char *rg_puzzle_write(const rg_puzzle *p, unsigned flags, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    if (!p || !p->model || !rg_model_source(p->model)) {
        rg_error_set(err, RG_E_INTERNAL, NULL,
                     "this puzzle keeps no rules to write (it was not read from a document)");
        return NULL;
    }
    writer w;
    memset(&w, 0, sizeof w);
    w.pretty = !(flags & RG_WRITE_LINE);
    int rc = write_doc(&w, p, flags);
    if (rc) {
        rg_free(w.b.s);
        rg_error_set(err, rc, NULL, "out of memory writing the document");
        return NULL;
    }
    return w.b.s;
}
