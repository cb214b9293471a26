/* Reading an f-puzzles string (bare, or the query of an f-puzzles or
 * SudokuPad link) into a rulegrid document: the table of docs/fpuzzles.md,
 * key by key. A key without a reading is refused by name, never dropped. */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "fpuzzles.h"

#define MAXC (RG_FPZ_MAX * RG_FPZ_MAX)

typedef struct fz {
    const cJSON *in; /* the f-puzzles object */
    cJSON *rules;    /* the document's rules */
    int n;
    int region[MAXC];  /* per cell: region number, -1 for none */
    int count[MAXC];   /* cells per region number */
    int jigsaw, boxes; /* regions differ from the default boxes; regions of n cells */
    int usual_dots;    /* every difference dot 1 and every ratio dot 2 */
    rg_error *err;
    const char *key;     /* the f-puzzles key being read (a static string) */
    const char **origin; /* per rule of the document: the key it was read from */
    int nrules, cap;
    int nomem;
} fz;

void fpz_default_box(int n, int *h, int *w)
{
    int best = 1;
    for (int k = 1; k * k <= n; k++)
        if (n % k == 0) best = k;
    *h = best;
    *w = n / best;
}

int fpz_outside_line(int n, int row, int col, int *r, int *c, int *dr, int *dc)
{
    int top = row == 0, bottom = row == n + 1, left = col == 0, right = col == n + 1;
    int inrow = row >= 1 && row <= n, incol = col >= 1 && col <= n;
    if ((top || bottom) && incol) {
        *r = top ? 1 : n;
        *c = col;
        *dr = top ? 1 : -1;
        *dc = 0;
        return 0;
    }
    if ((left || right) && inrow) {
        *r = row;
        *c = left ? 1 : n;
        *dr = 0;
        *dc = left ? 1 : -1;
        return 0;
    }
    return -1;
}

int fpz_diagonal(int n, int row, int col, int dr, int dc, int *r, int *c)
{
    int m = 0, outside = row == 0 || row == n + 1 || col == 0 || col == n + 1;
    if (!outside || row < 0 || row > n + 1 || col < 0 || col > n + 1 || abs(dr) != 1 ||
        abs(dc) != 1)
        return 0;
    for (int y = row + dr, x = col + dc; y >= 1 && y <= n && x >= 1 && x <= n; y += dr, x += dc) {
        r[m] = y;
        c[m++] = x;
    }
    return m;
}

static int refuse(fz *z, const char *key, const char *fmt, const char *what)
{
    char msg[400];
    snprintf(msg, sizeof msg, fmt, what ? what : "");
    return fpz_error(z->err, RG_E_FORMAT, key, "f-puzzles key \"%s\": %s", key, msg);
}

/* ---- Small readers ------------------------------------------------------------ */

/* An integer from a number or a string of digits ("10", "-3"; spaces around
 * them allowed on either side, as f-puzzles' own readers allow them). 0 or
 * -1. */
static int int_of(const cJSON *v, int *out)
{
    /* (in range before the cast: a double past int's range cast to int is
     * undefined) */
    if (cJSON_IsNumber(v) && v->valuedouble >= -100000 && v->valuedouble <= 100000 &&
        v->valuedouble == (int)v->valuedouble) {
        *out = (int)v->valuedouble;
        return 0;
    }
    if (!cJSON_IsString(v)) return -1;
    const char *s = v->valuestring;
    char *end;
    long x = strtol(s, &end, 10); /* (spaces before the digits skipped) */
    if (end == s) return -1;
    while (isspace((unsigned char)*end)) end++;
    if (*end || x < -100000 || x > 100000) return -1;
    *out = (int)x;
    return 0;
}

/* "R3C4" (case ignored) into 1-based *r, *c, each 0 .. n+1. 0 or -1. */
/* A number of up to three digits at *s, no sign, space or leading zero
 * (f-puzzles writes none); -1 when there is none. */
static int index_at(const char **s)
{
    const char *p = *s;
    int v = 0, k = 0;
    for (; isdigit((unsigned char)p[k]) && k < 4; k++) v = 10 * v + (p[k] - '0');
    if (k == 0 || k > 3 || (k > 1 && p[0] == '0')) return -1;
    *s = p + k;
    return v;
}

/* "R3C4" (either case; R0 and R(n+1), C0 and C(n+1) lie outside the grid,
 * where clues stand): 0, or -1 for anything else. */
static int cell_of(const fz *z, const cJSON *v, int *r, int *c)
{
    if (!cJSON_IsString(v)) return -1;
    const char *s = v->valuestring;
    if (toupper((unsigned char)*s++) != 'R' || (*r = index_at(&s)) < 0) return -1;
    if (toupper((unsigned char)*s++) != 'C' || (*c = index_at(&s)) < 0 || *s) return -1;
    return *r <= z->n + 1 && *c <= z->n + 1 ? 0 : -1;
}

static int inside(const fz *z, int r, int c) { return r >= 1 && r <= z->n && c >= 1 && c <= z->n; }

static cJSON *name(int r, int c)
{
    char b[32];
    snprintf(b, sizeof b, "r%dc%d", r, c);
    return cJSON_CreateString(b);
}

/* The cells of list v (names of cells inside the board) as a new array of
 * rulegrid names; NULL after refusing. */
static cJSON *cells_of(fz *z, const char *key, const cJSON *v)
{
    if (!cJSON_IsArray(v)) return refuse(z, key, "a list of cells was expected", NULL), NULL;
    cJSON *a = cJSON_CreateArray();
    const cJSON *e;
    cJSON_ArrayForEach(e, v)
    {
        int r, c;
        if (cell_of(z, e, &r, &c) || !inside(z, r, c)) {
            cJSON_Delete(a);
            refuse(z, key, "%s is no cell of the board", cJSON_IsString(e) ? e->valuestring : "?");
            return NULL;
        }
        cJSON_AddItemToArray(a, name(r, c));
    }
    return a;
}

/* A new rule of the document, read from z->key (its origin, for the
 * errors fpz_parse blames on a key). */
static cJSON *rule(fz *z, const char *type, const char *kind_key, const char *kind)
{
    if (z->nrules == z->cap) {
        int cap = z->cap ? 2 * z->cap : 32;
        const char **o = realloc(z->origin, (size_t)cap * sizeof *o);
        if (o) {
            z->origin = o;
            z->cap = cap;
        } else {
            z->nomem = 1; /* the rule is still made; the reading fails at its end */
        }
    }
    if (z->nrules < z->cap) z->origin[z->nrules++] = z->key;
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "type", type);
    if (kind_key) cJSON_AddStringToObject(r, kind_key, kind);
    cJSON_AddItemToArray(z->rules, r);
    return r;
}

/* Do cells a and b (rulegrid names) touch by a king step? */
static int king_step(const cJSON *a, const cJSON *b)
{
    int r1, c1, r2, c2;
    sscanf(a->valuestring, "r%dc%d", &r1, &c1);
    sscanf(b->valuestring, "r%dc%d", &r2, &c2);
    return abs(r1 - r2) <= 1 && abs(c1 - c2) <= 1 && (r1 != r2 || c1 != c2);
}

static cJSON *pair(const cJSON *a, const cJSON *b)
{
    cJSON *p = cJSON_CreateArray();
    cJSON_AddItemToArray(p, cJSON_CreateString(a->valuestring));
    cJSON_AddItemToArray(p, cJSON_CreateString(b->valuestring));
    return p;
}

/* ---- Lines -------------------------------------------------------------------- */

typedef struct line_kind {
    const char *key, *kind;
    int min_len;  /* shorter lines have no reading */
    int drop_len; /* lines this short or shorter are dropped */
} line_kind;

/* The parameters of a line of kind k (instance inst) on rule r. */
static int line_params(fz *z, const line_kind *k, const cJSON *inst, cJSON *r)
{
    int n = z->n, v;
    if (!strcmp(k->kind, "whisper")) {
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
        v = (n + 1) / 2;
        if (val && !(cJSON_IsString(val) && !val->valuestring[0]) && int_of(val, &v))
            return refuse(z, k->key, "a value that is not a whole number", NULL);
        if (v < 1 || v > n - 1) return refuse(z, k->key, "a value outside 1 ... N-1", NULL);
        cJSON_AddNumberToObject(r, "value", v);
    } else if (!strcmp(k->kind, "lockout")) {
        cJSON_AddNumberToObject(r, "value", n / 2);
    } else if (!strcmp(k->kind, "modular")) {
        cJSON_AddNumberToObject(r, "value", 3);
    } else if (!strcmp(k->kind, "entropic") && n != 9) {
        int s = (n + 1) / 3, bounds[4] = {1, s + 1, n - s + 1, n + 1};
        cJSON *groups = cJSON_AddArrayToObject(r, "groups");
        for (int g = 0; g < 3; g++) {
            cJSON *grp = cJSON_CreateArray();
            for (int d = bounds[g]; d < bounds[g + 1]; d++)
                cJSON_AddItemToArray(grp, cJSON_CreateNumber(d));
            cJSON_AddItemToArray(groups, grp);
        }
    }
    return RG_OK;
}

/* Is every cell of the list in a region of n cells? */
static int in_boxes(const fz *z, const cJSON *cells)
{
    const cJSON *e;
    int r, c;
    cJSON_ArrayForEach(e, cells)
    {
        sscanf(e->valuestring, "r%dc%d", &r, &c);
        int g = z->region[(r - 1) * z->n + c - 1];
        if (g < 0 || z->count[g] != z->n) return 0;
    }
    return 1;
}

/* A thermometer, palindrome or whispers line that jumps: a relation, less
 * or at least the difference along the line, equal on mirrored cells. */
static cJSON *jump_rule(fz *z, const line_kind *k, const cJSON *cells)
{
    int len = cJSON_GetArraySize(cells), mirror = !strcmp(k->kind, "palindrome");
    cJSON *r = rule(z, "relation", "op",
                    mirror                       ? "equal"
                    : !strcmp(k->kind, "thermo") ? "less"
                                                 : "difference_at_least");
    cJSON *pairs = cJSON_AddArrayToObject(r, "pairs");
    for (int i = mirror ? 0 : 1; mirror ? i < len / 2 : i < len; i++)
        cJSON_AddItemToArray(pairs, pair(cJSON_GetArrayItem(cells, mirror ? i : i - 1),
                                         cJSON_GetArrayItem(cells, mirror ? len - 1 - i : i)));
    return r;
}

static int read_line(fz *z, const line_kind *k, const cJSON *inst, cJSON *cells)
{
    int len = cJSON_GetArraySize(cells), jumps = 0;
    for (int i = 1; i < len; i++)
        jumps |= !king_step(cJSON_GetArrayItem(cells, i - 1), cJSON_GetArrayItem(cells, i));
    int relation = jumps && (!strcmp(k->kind, "thermo") || !strcmp(k->kind, "palindrome") ||
                             !strcmp(k->kind, "whisper"));
    const char *why = len < 2 ? "a line of fewer than 2 cells has no reading"
                      : jumps && !relation
                          ? "a line whose cells are not king steps apart is not read"
                      : len < k->min_len ? "a line this short has no reading"
                      : !strcmp(k->kind, "region_sum") && !in_boxes(z, cells)
                          ? "a region sum line must stay in regions of N cells"
                          : NULL;
    if (len <= k->drop_len) {
        cJSON_Delete(cells);
        return RG_OK;
    }
    if (why) {
        cJSON_Delete(cells);
        return refuse(z, k->key, "%s", why);
    }
    cJSON *r = relation ? jump_rule(z, k, cells) : rule(z, "line", "kind", k->kind);
    if (line_params(z, k, inst, r)) {
        cJSON_Delete(cells);
        return RG_E_FORMAT;
    }
    if (relation)
        cJSON_Delete(cells);
    else
        cJSON_AddItemToObject(r, "cells", cells);
    return RG_OK;
}

static int read_lines(fz *z, const line_kind *k, const cJSON *list)
{
    const cJSON *inst, *line;
    cJSON_ArrayForEach(inst, list)
    {
        const cJSON *lines = cJSON_GetObjectItemCaseSensitive(inst, "lines");
        if (!cJSON_IsArray(lines)) return refuse(z, k->key, "an entry without lines", NULL);
        cJSON_ArrayForEach(line, lines)
        {
            cJSON *cells = cells_of(z, k->key, line);
            if (!cells || read_line(z, k, inst, cells)) return RG_E_FORMAT;
        }
    }
    return RG_OK;
}

static const line_kind line_kinds[] = {
    {"thermometer", "thermo", 2, 0},
    {"whispers", "whisper", 2, 0},
    {"renban", "renban", 2, 0},
    {"palindrome", "palindrome", 2, 0},
    {"regionsumline", "region_sum", 2, 0},
    {"entropicline", "entropic", 3, 0},
    {"modularline", "modular", 3, 0},
    {"zipperline", "zipper", 2, 0},
    {"betweenline", "between", 3, 2},
    {"lockout", "lockout", 2, 0},
    {"doublearrow", "double_arrow", 3, 2},
};

int fpz_line_kind(const char *kind, const char **key, int *min_len, int *drop_len)
{
    for (size_t k = 0; k < sizeof line_kinds / sizeof line_kinds[0]; k++)
        if (!strcmp(line_kinds[k].kind, kind)) {
            *key = line_kinds[k].key;
            *min_len = line_kinds[k].min_len;
            *drop_len = line_kinds[k].drop_len;
            return 0;
        }
    return -1;
}

/* ---- Keys of cells and clues -------------------------------------------------- */

/* The member m of every entry of list, all cells, as one cell list. */
static cJSON *all_cells(fz *z, const char *key, const cJSON *list, const char *m)
{
    cJSON *a = cJSON_CreateArray();
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        int r, c;
        if (cell_of(z, cJSON_GetObjectItemCaseSensitive(inst, m), &r, &c) || !inside(z, r, c)) {
            cJSON_Delete(a);
            return refuse(z, key, "an entry without a cell of the board", NULL), NULL;
        }
        cJSON_AddItemToArray(a, name(r, c));
    }
    return a;
}

static int read_parity(fz *z, const char *key, const cJSON *list)
{
    cJSON *cells = all_cells(z, key, list, "cell");
    if (!cells) return RG_E_FORMAT;
    if (cJSON_GetArraySize(cells) == 0) {
        cJSON_Delete(cells);
        return RG_OK;
    }
    cJSON_AddItemToObject(rule(z, "cell", "kind", key), "cells", cells);
    return RG_OK;
}

/* minimum (less than every orthogonal neighbour that is not one) and
 * maximum (greater): one relation of op less. */
static int read_extreme(fz *z, const char *key, const cJSON *list)
{
    static const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    int mark[MAXC] = {0}, n = z->n, big = key[1] == 'a';
    cJSON *cells = all_cells(z, key, list, "cell");
    if (!cells) return RG_E_FORMAT;
    const cJSON *e;
    int r, c;
    cJSON_ArrayForEach(e, cells)
    {
        sscanf(e->valuestring, "r%dc%d", &r, &c);
        mark[(r - 1) * n + c - 1] = 1;
    }
    cJSON *pairs = cJSON_CreateArray();
    cJSON_ArrayForEach(e, cells)
    {
        sscanf(e->valuestring, "r%dc%d", &r, &c);
        for (int k = 0; k < 4; k++) {
            int r2 = r + dr[k], c2 = c + dc[k];
            if (!inside(z, r2, c2) || mark[(r2 - 1) * n + c2 - 1]) continue;
            cJSON *p = cJSON_CreateArray();
            cJSON_AddItemToArray(p, big ? name(r2, c2) : name(r, c));
            cJSON_AddItemToArray(p, big ? name(r, c) : name(r2, c2));
            cJSON_AddItemToArray(pairs, p);
        }
    }
    cJSON_Delete(cells);
    if (cJSON_GetArraySize(pairs) == 0) {
        cJSON_Delete(pairs);
        return RG_OK;
    }
    cJSON_AddItemToObject(rule(z, "relation", "op", "less"), "pairs", pairs);
    return RG_OK;
}

static int read_extra(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        cJSON *cells = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!cells) return RG_E_FORMAT;
        cJSON_AddItemToObject(rule(z, "region", "kind", "extra"), "cells", cells);
    }
    return RG_OK;
}

static int read_cage(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
        int sum = 0;
        if (val && !(cJSON_IsString(val) && !val->valuestring[0]) && int_of(val, &sum))
            return refuse(z, key, "a cage value that is not a whole number", NULL);
        cJSON *cells = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!cells) return RG_E_FORMAT;
        cJSON *r = rule(z, "cage", NULL, NULL);
        cJSON_AddItemToObject(r, "cells", cells);
        if (sum > 0) cJSON_AddNumberToObject(r, "sum", sum);
    }
    return RG_OK;
}

static int read_arrow(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst, *line;
    cJSON_ArrayForEach(inst, list)
    {
        cJSON *bulb = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!bulb) return RG_E_FORMAT;
        if (cJSON_GetArraySize(bulb) > 1 && z->n > 9) {
            cJSON_Delete(bulb);
            return refuse(z, key, "a bulb of several cells on a board of more than %s", "9 digits");
        }
        cJSON *shafts = cJSON_CreateArray();
        cJSON_ArrayForEach(line, cJSON_GetObjectItemCaseSensitive(inst, "lines"))
        {
            cJSON *cells = cells_of(z, key, line);
            if (!cells) {
                cJSON_Delete(bulb);
                cJSON_Delete(shafts);
                return RG_E_FORMAT;
            }
            cJSON_DeleteItemFromArray(cells, 0);
            if (cJSON_GetArraySize(cells) > 0)
                cJSON_AddItemToArray(shafts, cells);
            else
                cJSON_Delete(cells);
        }
        if (cJSON_GetArraySize(shafts) == 0) { /* no shaft: nothing to sum */
            cJSON_Delete(bulb);
            cJSON_Delete(shafts);
            continue;
        }
        cJSON *r = rule(z, "arrow", NULL, NULL);
        cJSON_AddItemToObject(r, "bulb", bulb);
        cJSON_AddItemToObject(r, "lines", shafts);
    }
    return RG_OK;
}

/* ---- Edge and corner clues ---------------------------------------------------- */

/* The value of a dot (default def), or -1 when it is not a whole number. */
static int dot_value(const cJSON *inst, int def)
{
    const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
    int v = def;
    if (val && !(cJSON_IsString(val) && !val->valuestring[0]) && int_of(val, &v)) return -1;
    return v;
}

/* Every difference dot 1 and every ratio dot 2 (true with no dots). */
static int usual_dots(const cJSON *in)
{
    const cJSON *inst;
    cJSON_ArrayForEach(inst, cJSON_GetObjectItemCaseSensitive(in, "difference"))
    {
        if (dot_value(inst, 1) != 1) return 0;
    }
    cJSON_ArrayForEach(inst, cJSON_GetObjectItemCaseSensitive(in, "ratio"))
    {
        if (dot_value(inst, 2) != 2) return 0;
    }
    return 1;
}

static int read_dots(fz *z, const char *key, const cJSON *list)
{
    int ratio = key[0] == 'r', xv = key[0] == 'x';
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
        const char *letter = cJSON_IsString(val) ? val->valuestring : "";
        if (xv && strcmp(letter, "X") && strcmp(letter, "V")) continue; /* not a clue */
        int v = xv ? 0 : dot_value(inst, ratio ? 2 : 1);
        if (!xv && v < (ratio ? 2 : 1)) return refuse(z, key, "a dot value that is not read", NULL);
        cJSON *cells = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!cells) return RG_E_FORMAT;
        if (cJSON_GetArraySize(cells) != 2) {
            cJSON_Delete(cells);
            return refuse(z, key, "a dot between other than two cells", NULL);
        }
        cJSON *r;
        if (xv) {
            r = rule(z, "edge", "kind", "xv");
            cJSON_AddStringToObject(r, "letter", letter);
        } else if (z->usual_dots) {
            r = rule(z, "edge", "kind", "kropki");
            cJSON_AddStringToObject(r, "color", ratio ? "black" : "white");
        } else {
            r = rule(z, "edge", "kind", ratio ? "ratio" : "difference");
            cJSON_AddNumberToObject(r, "value", v);
        }
        cJSON_AddItemToObject(r, "cells", cells);
    }
    return RG_OK;
}

static int by_name(const void *a, const void *b)
{
    const cJSON *x = *(cJSON *const *)a, *y = *(cJSON *const *)b;
    int r1, c1, r2, c2;
    sscanf(x->valuestring, "r%dc%d", &r1, &c1);
    sscanf(y->valuestring, "r%dc%d", &r2, &c2);
    return r1 != r2 ? r1 - r2 : c1 - c2;
}

static int read_quadruple(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst, *d;
    cJSON_ArrayForEach(inst, list)
    {
        cJSON *cells = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!cells) return RG_E_FORMAT;
        cJSON *item[4], *digits = cJSON_CreateArray();
        int k = 0, bad = cJSON_GetArraySize(cells) != 4;
        for (cJSON *e = cells->child; e && !bad; e = e->next) item[k++] = e;
        cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(inst, "values"))
        {
            int v;
            if (int_of(d, &v) || v < 1 || v > z->n) bad = 1;
            cJSON_AddItemToArray(digits, cJSON_CreateNumber(bad ? 0 : v));
        }
        int nd = cJSON_GetArraySize(digits);
        if (bad || nd < 1 || nd > 4) {
            cJSON_Delete(cells);
            cJSON_Delete(digits);
            return refuse(z, key, "a quadruple needs 4 cells and 1 to 4 digits", NULL);
        }
        qsort(item, 4, sizeof item[0], by_name);
        cJSON *sorted = cJSON_CreateArray();
        for (k = 0; k < 4; k++)
            cJSON_AddItemToArray(sorted, cJSON_CreateString(item[k]->valuestring));
        cJSON_Delete(cells);
        cJSON *r = rule(z, "corner", "kind", "quadruple");
        cJSON_AddItemToObject(r, "digits", digits);
        cJSON_AddItemToObject(r, "cells", sorted);
    }
    return RG_OK;
}

/* ---- Outside clues ------------------------------------------------------------ */

/* sandwichsum, xsum, skyscraper: the whole row or column from the clue. */
static int read_outside(fz *z, const char *key, const cJSON *list)
{
    const char *kind = key[0] == 's' && key[1] == 'a' ? "sandwich"
                       : key[0] == 'x'                ? "x_sum"
                                                      : "skyscraper";
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
        int v, row, col, r, c, dr, dc;
        if (!val || (cJSON_IsString(val) && !val->valuestring[0])) continue; /* no clue */
        if (int_of(val, &v)) return refuse(z, key, "a clue that is not a whole number", NULL);
        if (cell_of(z, cJSON_GetObjectItemCaseSensitive(inst, "cell"), &row, &col) ||
            fpz_outside_line(z->n, row, col, &r, &c, &dr, &dc))
            return refuse(z, key, "a clue that is not outside the grid", NULL);
        cJSON *cells = cJSON_CreateArray();
        for (int i = 0; i < z->n; i++) cJSON_AddItemToArray(cells, name(r + i * dr, c + i * dc));
        cJSON *rl = rule(z, "outside", "kind", kind);
        cJSON_AddNumberToObject(rl, "value", v);
        cJSON_AddItemToObject(rl, "cells", cells);
    }
    return RG_OK;
}

/* littlekillersum: the clue outside the grid (cell), its direction and the
 * cells of the diagonal from there to the far edge, which is what f-puzzles
 * draws and sums: read when the three agree, since readers differ in which
 * they go by. */
static int read_little_killer(fz *z, const char *key, const cJSON *list)
{
    static const char *const dirs[] = {"UL", "UR", "DL", "DR"};
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(inst, "value");
        const cJSON *dir = cJSON_GetObjectItemCaseSensitive(inst, "direction");
        int v, row, col, d = 0, rr[RG_FPZ_MAX], cc[RG_FPZ_MAX];
        if (!val || (cJSON_IsString(val) && !val->valuestring[0])) continue; /* no clue */
        if (int_of(val, &v)) return refuse(z, key, "a clue that is not a whole number", NULL);
        if (cell_of(z, cJSON_GetObjectItemCaseSensitive(inst, "cell"), &row, &col) ||
            inside(z, row, col))
            return refuse(z, key, "a clue that is not outside the grid", NULL);
        while (d < 4 && !(cJSON_IsString(dir) && !strcmp(dir->valuestring, dirs[d]))) d++;
        if (d == 4) return refuse(z, key, "a direction other than UL, UR, DL and DR", NULL);
        int m = fpz_diagonal(z->n, row, col, d < 2 ? -1 : 1, d % 2 ? 1 : -1, rr, cc);
        if (!m) return refuse(z, key, "a clue whose diagonal holds no cell", NULL);
        cJSON *cells = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        if (!cells) return RG_E_FORMAT;
        int same = cJSON_GetArraySize(cells) == m, k = 0;
        const cJSON *e;
        cJSON_ArrayForEach(e, cells)
        {
            int r = 0, c = 0; /* (cells_of wrote every name) */
            same &=
                sscanf(e->valuestring, "r%dc%d", &r, &c) == 2 && k < m && r == rr[k] && c == cc[k];
            k++;
        }
        if (!same) {
            cJSON_Delete(cells);
            return refuse(z, key, "cells that are not the diagonal from the clue in its %s",
                          "direction");
        }
        cJSON *rl = rule(z, "outside", "kind", "little_killer");
        cJSON_AddNumberToObject(rl, "sum", v);
        cJSON_AddItemToObject(rl, "cells", cells);
    }
    return RG_OK;
}

/* ---- Relations ---------------------------------------------------------------- */

static int read_clone(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst;
    cJSON_ArrayForEach(inst, list)
    {
        cJSON *a = cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cells"));
        cJSON *b =
            a ? cells_of(z, key, cJSON_GetObjectItemCaseSensitive(inst, "cloneCells")) : NULL;
        int ok = b && cJSON_GetArraySize(a) == cJSON_GetArraySize(b) && cJSON_GetArraySize(a) > 0;
        cJSON *pairs = cJSON_CreateArray();
        for (int i = 0; ok && i < cJSON_GetArraySize(a); i++)
            cJSON_AddItemToArray(pairs, pair(cJSON_GetArrayItem(a, i), cJSON_GetArrayItem(b, i)));
        cJSON_Delete(a);
        cJSON_Delete(b);
        if (!ok) {
            cJSON_Delete(pairs);
            return b ? refuse(z, key, "cells and cloneCells differ in length", NULL) : RG_E_FORMAT;
        }
        cJSON_AddItemToObject(rule(z, "relation", "op", "equal"), "pairs", pairs);
    }
    return RG_OK;
}

static int read_nabner(fz *z, const char *key, const cJSON *list)
{
    const cJSON *inst, *line;
    cJSON_ArrayForEach(inst, list)
    {
        cJSON_ArrayForEach(line, cJSON_GetObjectItemCaseSensitive(inst, "lines"))
        {
            cJSON *cells = cells_of(z, key, line);
            if (!cells) return RG_E_FORMAT;
            int len = cJSON_GetArraySize(cells);
            if (len < 2 || 2 * (len - 1) >= z->n - 1) {
                cJSON_Delete(cells);
                return refuse(z, key, "a line too long (or short) to be read", NULL);
            }
            cJSON *pairs = cJSON_CreateArray();
            for (int i = 0; i < len; i++)
                for (int j = i + 1; j < len; j++)
                    cJSON_AddItemToArray(
                        pairs, pair(cJSON_GetArrayItem(cells, i), cJSON_GetArrayItem(cells, j)));
            cJSON_Delete(cells);
            cJSON *r = rule(z, "relation", "op", "difference_at_least");
            cJSON_AddNumberToObject(r, "value", 2);
            cJSON_AddItemToObject(r, "pairs", pairs);
        }
    }
    return RG_OK;
}

/* ---- Global rules ------------------------------------------------------------- */

static int read_diagonal(fz *z, const char *key, const cJSON *v)
{
    (void)v;
    cJSON *cells = cJSON_CreateArray();
    for (int i = 1; i <= z->n; i++)
        cJSON_AddItemToArray(cells, name(i, key[8] == '+' ? z->n + 1 - i : i));
    cJSON_AddItemToObject(rule(z, "region", "kind", "diagonal"), "cells", cells);
    return RG_OK;
}

static int read_neighbours(fz *z, const char *key, const cJSON *v)
{
    (void)v;
    rule(z, "neighbours", "kind", key);
    return RG_OK;
}

/* The i-th cell (reading order) of every region of n cells, region by region. */
static int read_disjoint(fz *z, const char *key, const cJSON *v)
{
    (void)v;
    int n = z->n;
    if (z->jigsaw || z->boxes != n)
        return refuse(z, key, "disjoint groups need the %s", "default boxes");
    for (int i = 0; i < n; i++) {
        cJSON *cells = cJSON_CreateArray();
        for (int g = 0; g < n; g++)
            for (int k = 0, seen = 0; k < n * n; k++)
                if (z->region[k] == g && seen++ == i)
                    cJSON_AddItemToArray(cells, name(k / n + 1, k % n + 1));
        cJSON_AddItemToObject(rule(z, "region", "kind", "disjoint"), "cells", cells);
    }
    return RG_OK;
}

static int any_dots(const cJSON *in)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(in, "difference")) > 0 ||
           cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(in, "ratio")) > 0;
}

static void negative(fz *z, const char *of, const char *sel, const char *val)
{
    cJSON *r = rule(z, "negative", "of", of);
    if (sel) cJSON_AddStringToObject(r, sel, val);
}

static int dots(const fz *z, const char *key)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(z->in, key));
}

/* A negative of `of` (difference or ratio) for `first` (0: none) and for
 * each value of the dots of key (def for a dot without one), each once;
 * none for `skip` (0: none), already said. */
static void negatives_by_value(fz *z, const char *of, int def, int first, int skip)
{
    char seen[RG_FPZ_MAX * RG_FPZ_MAX + 1] = {0};
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(z->in, of);
    const cJSON *inst = list ? list->child : NULL;
    int v = first;
    seen[skip] = 1;
    if (v) seen[v] = 1;
    for (;; inst = inst->next) {
        if (v > 0) cJSON_AddNumberToObject(rule(z, "negative", "of", of), "value", v);
        if (!inst) break;
        v = dot_value(inst, def);
        if (v < 1 || v > RG_FPZ_MAX * RG_FPZ_MAX || seen[v]++) v = 0;
    }
}

/* Beside difference dots of other values than 1, a negative of difference
 * 1; with ratio dots of other values too, no reading. */
static int read_nonconsecutive(fz *z, const char *key, const cJSON *v)
{
    (void)v;
    if (!any_dots(z->in))
        rule(z, "neighbours", "kind", key);
    else if (z->usual_dots)
        negative(z, "kropki", "color", "white");
    else if (dots(z, "ratio"))
        return refuse(z, key, "beside ratio dots of unusual values it is %s", "not read");
    else
        cJSON_AddNumberToObject(rule(z, "negative", "of", "difference"), "value", 1);
    return RG_OK;
}

/* "negative": ["xv", "ratio", "difference"]. */
static int read_negative(fz *z, const char *key, const cJSON *list)
{
    const cJSON *e;
    int nonconsecutive = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(z->in, "nonconsecutive"));
    cJSON_ArrayForEach(e, list)
    {
        const char *s = cJSON_IsString(e) ? e->valuestring : "";
        int ratio = !strcmp(s, "ratio");
        if (!strcmp(s, "xv")) {
            negative(z, "xv", NULL, NULL);
        } else if (!ratio && strcmp(s, "difference")) {
            return refuse(z, key, "\"%s\" is not read", s);
        } else if (!ratio && !dots(z, "difference")) {
            /* With no difference dot it says what nonconsecutive says. */
        } else if (z->usual_dots) {
            if (ratio || !nonconsecutive) negative(z, "kropki", "color", ratio ? "black" : "white");
        } else if (dots(z, ratio ? "difference" : "ratio")) {
            return refuse(z, key,
                          "\"%s\" beside both kinds of dots, of unusual values, is not read", s);
        } else {
            negatives_by_value(z, s, ratio ? 2 : 1, ratio ? 2 : 0, ratio ? 0 : nonconsecutive);
        }
    }
    return RG_OK;
}

/* ---- The table of keys -------------------------------------------------------- */

typedef int (*key_reader)(fz *z, const char *key, const cJSON *v);

/* In the order the rules are written: the order of docs/fpuzzles.md. */
static const struct {
    const char *key;
    key_reader read; /* NULL: a line kind of line_kinds */
    int global;      /* a boolean */
} keys[] = {
    {"diagonal+", read_diagonal, 1},
    {"diagonal-", read_diagonal, 1},
    {"antiknight", read_neighbours, 1},
    {"antiking", read_neighbours, 1},
    {"disjointgroups", read_disjoint, 1},
    {"nonconsecutive", read_nonconsecutive, 1},
    {"negative", read_negative, 0},
    {"extraregion", read_extra, 0},
    {"killercage", read_cage, 0},
    {"odd", read_parity, 0},
    {"even", read_parity, 0},
    {"minimum", read_extreme, 0},
    {"maximum", read_extreme, 0},
    {"nabner", read_nabner, 0},
    {"thermometer", NULL, 0},
    {"whispers", NULL, 0},
    {"renban", NULL, 0},
    {"palindrome", NULL, 0},
    {"clone", read_clone, 0}, /* beside palindromes: both give equal */
    {"regionsumline", NULL, 0},
    {"entropicline", NULL, 0},
    {"modularline", NULL, 0},
    {"zipperline", NULL, 0},
    {"betweenline", NULL, 0},
    {"lockout", NULL, 0},
    {"doublearrow", NULL, 0},
    {"arrow", read_arrow, 0},
    {"difference", read_dots, 0},
    {"ratio", read_dots, 0},
    {"xv", read_dots, 0},
    {"littlekillersum", read_little_killer, 0},
    {"sandwichsum", read_outside, 0},
    {"xsum", read_outside, 0},
    {"skyscraper", read_outside, 0},
    {"quadruple", read_quadruple, 0},
};

/* Members that carry no rule: the board, text, and drawings. */
static const char *const plain[] = {
    "size",       "grid",          "title",
    "author",     "ruleset",       "successMessage",
    "solution",   "line",          "circle",
    "rectangle",  "text",          "cage",
    "arrowCells", "disabledlogic", "truecandidatesoptions",
    NULL,
};

static int known(const char *m)
{
    for (int i = 0; plain[i]; i++)
        if (!strcmp(plain[i], m)) return 1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(keys[i].key, m)) return 1;
    return 0;
}

static int read_key(fz *z, int i, const cJSON *v)
{
    const char *key = keys[i].key;
    if (keys[i].global) {
        if (!cJSON_IsBool(v)) return refuse(z, key, "true or false was expected", NULL);
        return cJSON_IsTrue(v) ? keys[i].read(z, key, v) : RG_OK;
    }
    if (!cJSON_IsArray(v)) return refuse(z, key, "a list was expected", NULL);
    if (keys[i].read) return keys[i].read(z, key, v);
    for (size_t k = 0; k < sizeof line_kinds / sizeof line_kinds[0]; k++)
        if (!strcmp(line_kinds[k].key, key)) return read_lines(z, &line_kinds[k], v);
    return fpz_error(z->err, RG_E_INTERNAL, key, "no reader for f-puzzles key \"%s\"", key);
}

/* ---- Board, regions, givens --------------------------------------------------- */

static const cJSON *cell_obj(const fz *z, int k)
{
    const cJSON *row =
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(z->in, "grid"), k / z->n);
    return cJSON_GetArrayItem(row, k % z->n);
}

/* Each cell's region: its own number, none for null, else its default box. */
static int read_regions(fz *z)
{
    int n = z->n, h, w, *count = z->count;
    fpz_default_box(n, &h, &w);
    for (int k = 0; k < n * n; k++) {
        const cJSON *reg = cJSON_GetObjectItemCaseSensitive(cell_obj(z, k), "region");
        int def = (k / n / h) * (n / w) + (k % n) / w, v = def;
        if (cJSON_IsNull(reg))
            v = -1;
        else if (reg && (int_of(reg, &v) || v < 0 || v >= MAXC))
            return refuse(z, "grid", "a region that is not a number from 0", NULL);
        z->region[k] = v;
        if (v != def) z->jigsaw = 1;
        if (v >= 0) count[v]++;
    }
    for (int g = 0; g < MAXC; g++) z->boxes += count[g] == n;
    if (h == 1) z->jigsaw = 1; /* rows as boxes: written as boxes */
    z->key = "grid";
    cJSON *r;
    if (!z->jigsaw) {
        r = rule(z, "box_grid", "origin", "r1c1");
        cJSON *box = cJSON_AddArrayToObject(r, "box");
        cJSON_AddItemToArray(box, cJSON_CreateNumber(h));
        cJSON_AddItemToArray(box, cJSON_CreateNumber(w));
        return RG_OK;
    }
    rule(z, "grid", "origin", "r1c1");
    for (int g = 0; g < MAXC; g++) {
        if (count[g] != n) continue;
        cJSON *cells = cJSON_CreateArray();
        for (int k = 0; k < n * n; k++)
            if (z->region[k] == g) cJSON_AddItemToArray(cells, name(k / n + 1, k % n + 1));
        cJSON_AddItemToObject(rule(z, "box", NULL, NULL), "cells", cells);
    }
    return RG_OK;
}

static void cell_rule(fz *z, int k, const char *kind, int split)
{
    cJSON *r = rule(z, "cell", "kind", kind);
    if (split) cJSON_AddNumberToObject(r, "split", split);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "cells"), name(k / z->n + 1, k % z->n + 1));
}

/* Candidates of cell k as cell rules: odd or even, high and low, when they
 * are the digits (all, odd or even) from the least to the greatest. 0, or
 * -1 when they are no such set. */
static int read_marks(fz *z, int k, const cJSON *marks)
{
    int n = z->n, set = 0, v, lo = n + 1, hi = 0, odd = 1, even = 1;
    const cJSON *e;
    cJSON_ArrayForEach(e, marks)
    {
        if (int_of(e, &v) || v < 1 || v > n) return -1;
        set |= 1 << v;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        odd &= v % 2;
        even &= !(v % 2);
    }
    for (int d = lo; d <= hi; d++)
        if (!!(set & 1 << d) != (odd ? d % 2 : even ? !(d % 2) : 1)) return -1;
    int least = even ? 2 : 1, most = odd ? n - !(n % 2) : even ? n - n % 2 : n;
    if (odd || even) cell_rule(z, k, odd ? "odd" : "even", 0);
    if (lo > least) cell_rule(z, k, "high", lo - 1);
    if (hi < most) cell_rule(z, k, "low", hi);
    return 0;
}

/* value + given, and givenPencilMarks of one digit (a given), all
 * (nothing) or others (cell rules). */
static int read_givens(fz *z, cJSON *doc)
{
    int n = z->n;
    cJSON *givens = cJSON_CreateObject();
    cJSON_AddItemToObject(doc, "givens", givens);
    for (int k = 0; k < n * n; k++) {
        const cJSON *o = cell_obj(z, k),
                    *marks = cJSON_GetObjectItemCaseSensitive(o, "givenPencilMarks");
        int v = 0, nm = cJSON_GetArraySize(marks);
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "given")) &&
            (int_of(cJSON_GetObjectItemCaseSensitive(o, "value"), &v) || v < 1 || v > n))
            return refuse(z, "grid", "a given that is no digit of the board", NULL);
        if (v) nm = 0; /* marks under a given say nothing more */
        if (nm == 1 && (int_of(cJSON_GetArrayItem(marks, 0), &v) || v < 1 || v > n))
            return refuse(z, "givenPencilMarks", "a candidate that is no digit", NULL);
        z->key = "givenPencilMarks";
        if (nm > 1 && nm < n && read_marks(z, k, marks))
            return refuse(z, "givenPencilMarks",
                          "a set that is not the digits, the odd or the even ones, of %s",
                          "an interval");
        char b[32];
        snprintf(b, sizeof b, "r%dc%d", k / n + 1, k % n + 1);
        if (v) cJSON_AddNumberToObject(givens, b, v);
    }
    return RG_OK;
}

/* The f-puzzles solution: size x size digits, or none read when some are
 * "." (unknown). Anything else is refused: a solution is never dropped. */
static int read_solution(fz *z, cJSON *doc)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(z->in, "solution"), *e;
    int n = z->n, v, known = 1;
    if (!sol) return RG_OK;
    int ok = cJSON_IsArray(sol) && cJSON_GetArraySize(sol) == n * n;
    cJSON_ArrayForEach(e, sol)
    {
        if (cJSON_IsString(e) && !strcmp(e->valuestring, "."))
            known = 0;
        else if (int_of(e, &v) || v < 1 || v > n)
            ok = 0;
    }
    if (!ok)
        return refuse(z, "solution", "a list of size x size digits (\".\" where %s) was expected",
                      "unknown");
    if (!known) return RG_OK;
    cJSON *s = cJSON_AddObjectToObject(doc, "solution");
    for (int k = 0; k < n * n; k++) {
        char b[32];
        snprintf(b, sizeof b, "r%dc%d", k / n + 1, k % n + 1);
        int_of(cJSON_GetArrayItem(sol, k), &v);
        cJSON_AddNumberToObject(s, b, v);
    }
    return RG_OK;
}

static void read_meta(fz *z, cJSON *doc)
{
    static const char *const texts[] = {"title", "author", "ruleset", NULL};
    cJSON *meta = NULL;
    for (int i = 0; texts[i]; i++) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(z->in, texts[i]);
        if (!cJSON_IsString(t) || !t->valuestring[0]) continue;
        if (!meta) meta = cJSON_AddObjectToObject(doc, "meta");
        cJSON_AddStringToObject(meta, texts[i], t->valuestring);
    }
}

/* ---- The entry ---------------------------------------------------------------- */

/* The f-puzzles string in text: the text itself, or what follows "load=",
 * "fpuzzles=" or "fpuzzles" (SudokuPad's /fpuzzles<string>) in a link, up
 * to '&' or '#', percent escapes decoded. A malloc'd string, NULL without
 * memory. */
static char *extract(const char *text, size_t len)
{
    while (len && isspace((unsigned char)*text)) text++, len--;
    while (len && isspace((unsigned char)text[len - 1])) len--;
    char *s = malloc(len + 1), *o = s;
    if (!s) return NULL;
    memcpy(s, text, len);
    s[len] = 0;
    static const char *const marks[] = {"load=", "fpuzzles=", "fpuzzles", NULL};
    const char *from = s;
    int link = strpbrk(s, "?:.") != NULL; /* no base64 letter; every link has one */
    for (int i = 0; link && marks[i] && from == s; i++) {
        const char *at = strstr(s, marks[i]);
        if (at) from = at + strlen(marks[i]);
    }
    for (const char *p = from; *p && *p != '&' && *p != '#'; p++) {
        unsigned v;
        if (*p == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2]) &&
            sscanf(p + 1, "%2x", &v) == 1) {
            *o++ = (char)v;
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = 0;
    return s;
}

/* Long: the order of a document's parts, one step each, with the checks of
 * the board before any rule. */
static int build(fz *z, const char *string, cJSON *doc)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, z->in)
    {
        if (!known(m->string))
            return fpz_error(z->err, RG_E_FORMAT, m->string,
                             "f-puzzles key \"%s\" has no rulegrid reading", m->string);
    }
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(z->in, "size");
    if (int_of(size, &z->n) || z->n < 1 || z->n > RG_FPZ_MAX)
        return fpz_error(z->err, RG_E_FORMAT, "size", "f-puzzles size is not 1 ... %d", RG_FPZ_MAX);
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(z->in, "grid");
    int rows_ok = cJSON_GetArraySize(grid) == z->n;
    for (int r = 0; rows_ok && r < z->n; r++)
        rows_ok = cJSON_GetArraySize(cJSON_GetArrayItem(grid, r)) == z->n;
    if (!rows_ok)
        return fpz_error(z->err, RG_E_FORMAT, "grid", "f-puzzles grid is not size x size cells");
    cJSON_AddStringToObject(doc, "format", "rulegrid");
    cJSON_AddNumberToObject(doc, "version", 1);
    cJSON *board = cJSON_AddObjectToObject(doc, "board");
    cJSON_AddNumberToObject(board, "rows", z->n);
    cJSON_AddNumberToObject(board, "columns", z->n);
    cJSON_AddNumberToObject(board, "digits", z->n);
    z->rules = cJSON_AddArrayToObject(doc, "rules");
    z->usual_dots = usual_dots(z->in);
    int rc = read_regions(z);
    for (size_t i = 0; rc == RG_OK && i < sizeof keys / sizeof keys[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(z->in, keys[i].key);
        z->key = keys[i].key;
        if (v) rc = read_key(z, (int)i, v);
    }
    if (rc == RG_OK) rc = read_givens(z, doc);
    if (rc != RG_OK) return rc;
    if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "givens")) == 0)
        cJSON_DeleteItemFromObject(doc, "givens");
    if ((rc = read_solution(z, doc)) != RG_OK) return rc;
    read_meta(z, doc);
    cJSON_AddStringToObject(doc, "x-fpuzzles", string);
    return RG_OK;
}

int fpz_error(rg_error *err, int code, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->code = code;
    snprintf(err->field, sizeof err->field, "%s", field ? field : "");
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return code;
}

/* The JSON text the string decompresses to (free with rg_string_free), or
 * NULL with err set. */
static char *decompress(const char *string, size_t *n, rg_error *err)
{
    char *json = rg_lzstring_decompress(string, strlen(string), n, err);
    if (!json && err->code == RG_E_FORMAT)
        fpz_error(err, RG_E_FORMAT, NULL,
                  "not an f-puzzles string: no LZ-String (base64) text decodes from it");
    return json;
}

/* The document of the f-puzzles JSON in, as text (malloc'd), or NULL with
 * err set; the key each rule was read from into *origin (malloc'd, *nrules
 * of them) when origin is not NULL. */
static char *document(const cJSON *in, const char *string, const char ***origin, int *nrules,
                      rg_error *err)
{
    fz *z = calloc(1, sizeof *z);
    cJSON *out = cJSON_CreateObject();
    char *doc = NULL, *text = NULL;
    int rc = !z || !out ? fpz_error(err, RG_E_NOMEM, NULL, "out of memory") : RG_OK;
    if (rc == RG_OK) {
        z->in = in;
        z->err = err;
        rc = build(z, string, out);
        if (rc == RG_OK && z->nomem) rc = fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    }
    if (rc == RG_OK && !(text = cJSON_PrintUnformatted(out)))
        fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    if (text && !(doc = strdup(text))) fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    cJSON_free(text);
    cJSON_Delete(out);
    if (z && doc && origin) {
        *origin = z->origin;
        *nrules = z->nrules;
        z->origin = NULL;
    }
    if (z) free(z->origin);
    free(z);
    return doc;
}

/* cJSON is used between library calls only: the library sets cJSON's
 * allocation hooks on its first use of cJSON, so nothing cJSON made before
 * a library call is freed after it. */
static int read_string(const char *text, size_t len, char **doc, const char ***origin, int *nrules,
                       rg_error *err)
{
    rg_error_clear(err);
    *doc = NULL;
    char *string = extract(text, len), *json = NULL;
    size_t n = 0;
    if (!string) return fpz_error(err, RG_E_NOMEM, NULL, "out of memory");
    if ((json = decompress(string, &n, err))) {
        cJSON *in = cJSON_ParseWithLength(json, n);
        if (!cJSON_IsObject(in))
            fpz_error(err, RG_E_FORMAT, NULL, "the f-puzzles text is not a JSON object");
        else
            *doc = document(in, string, origin, nrules, err);
        cJSON_Delete(in);
    }
    rg_string_free(json);
    free(string);
    return *doc ? RG_OK : err->code;
}

int fpz_read(const char *text, size_t len, char **doc, rg_error *err)
{
    return read_string(text, len, doc, NULL, NULL, err);
}

/* A rule of the document read that the format refuses, blamed on the
 * f-puzzles key it came from: the user wrote that key, not the rule. */
static void blame(rg_error *err, const char *key)
{
    char what[sizeof err->field + sizeof err->message + 8];
    /* (the results read: a cut message is fine, the rule's error ends it) */
    if (snprintf(what, sizeof what, "%s%s%s%s", err->field[0] ? "field " : "", err->field,
                 err->field[0] ? ": " : "", err->message) < 0)
        what[0] = 0;
    if (snprintf(err->message, sizeof err->message,
                 "f-puzzles key \"%s\" reads as rule %d (%s), which is refused: %s", key, err->rule,
                 err->type, what) < 0)
        err->message[0] = 0;
    snprintf(err->field, sizeof err->field, "%s", key);
    err->rule = -1;
    err->type[0] = 0;
}

int fpz_parse(rg_registry *reg, const char *text, size_t len, const char *file, long line,
              rg_puzzle **p, char **doc, rg_error *err)
{
    const char **origin = NULL;
    int nrules = 0;
    char *d = NULL;
    *p = NULL;
    if (doc) *doc = NULL;
    int rc = read_string(text, len, &d, &origin, &nrules, err);
    if (rc == RG_OK) {
        rc = rg_puzzle_parse(reg, d, strlen(d), file, line, p, err);
        if (rc != RG_OK && err->rule >= 0 && err->rule < nrules) blame(err, origin[err->rule]);
    }
    if (rc != RG_OK) {
        rg_error_set_file(err, file ? file : "");
        err->line = line;
    }
    free(origin);
    if (rc == RG_OK && doc)
        *doc = d;
    else
        free(d);
    return rc;
}
