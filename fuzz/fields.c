/* Fuzz target: the host's field readers (rules/read.c), reached the only way
 * they are: through the plugins' compile and link. Random text seldom gets
 * past the JSON and the board, so this target reads its input as a stream of
 * choices and writes a document from them: a board (square, not square,
 * with missing cells, 1 to 16 digits), house rules, then rules of every type
 * the registry holds, each with the fields its type reads, filled by shape
 * (cell, cell list, king path, straight line, 2 x 2 block, pairs, shafts,
 * area, integer, enum, digits, digit lists, bool, string), most of them
 * plausible, some hostile (wrong type, out of range, bad names, missing or
 * unknown fields). A document that reads is written, read back and written
 * again (the same bytes), and searched as the solve target searches.
 * FUZZ_VERBOSE=1 prints each document: that is how a crashing input of this
 * target is read. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define NODES       150
#define CHECK_NODES 1500
#define MAX_RULES   12

/* ---- The choices ----------------------------------------------------------- */

typedef struct src {
    const uint8_t *d;
    size_t n, i;
} src;

/* The next byte; 0 once the input is used up, so every input is a document. */
static unsigned byte(src *s) { return s->i < s->n ? s->d[s->i++] : 0; }

static int pick(src *s, int n) { return n > 0 ? (int)(byte(s) % (unsigned)n) : 0; }

/* True with about pct percent (of 256) for a byte. */
static int chance(src *s, int pct) { return (int)byte(s) * 100 < pct * 256; }

/* ---- The text -------------------------------------------------------------- */

static char *text;
static size_t len, cap;

static void put(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void put(const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(text + len, cap - len, fmt, ap);
        va_end(ap);
        if (k < 0) fz_fail("vsnprintf");
        if ((size_t)k < cap - len) {
            len += (size_t)k;
            return;
        }
        cap = cap * 2 + (size_t)k + 64;
        text = realloc(text, cap);
        if (!text) fz_fail("no memory");
    }
}

/* ---- The board ------------------------------------------------------------- */

typedef struct board {
    int rows, cols, digits;
    int box_h, box_w; /* a regular box of the digits, 0 when none */
    int nrect;        /* the cells: the union of these rectangles, or all */
    int rect[5][4];   /* r1, c1, r2, c2 */
    int norigin;      /* the D x D grids */
    int origin[5][2]; /* their top-left cells */
} board;

static const board boards[] = {
    {9, 9, 9, 3, 3, 0, {{0}}, 1, {{1, 1}}},
    {4, 4, 4, 2, 2, 0, {{0}}, 1, {{1, 1}}},
    {6, 6, 6, 2, 3, 0, {{0}}, 1, {{1, 1}}},
    {6, 6, 6, 3, 2, 0, {{0}}, 1, {{1, 1}}},
    {9, 9, 9, 3, 3, 0, {{0}}, 1, {{1, 1}}},
    {4, 4, 4, 2, 2, 0, {{0}}, 1, {{1, 1}}},
    {8, 8, 8, 2, 4, 0, {{0}}, 1, {{1, 1}}},
    {5, 5, 5, 0, 0, 0, {{0}}, 1, {{1, 1}}},
    {6, 6, 4, 2, 2, 2, {{1, 1, 4, 4}, {3, 3, 6, 6}}, 2, {{1, 1}, {3, 3}}},
    {21,
     21,
     9,
     3,
     3,
     5,
     {{1, 1, 9, 9}, {1, 13, 9, 21}, {7, 7, 15, 15}, {13, 1, 21, 9}, {13, 13, 21, 21}},
     5,
     {{1, 1}, {1, 13}, {7, 7}, {13, 1}, {13, 13}}},
    {16, 16, 16, 4, 4, 0, {{0}}, 1, {{1, 1}}},
    {12, 12, 12, 3, 4, 0, {{0}}, 1, {{1, 1}}},
    {3, 7, 9, 0, 0, 0, {{0}}, 0, {{0}}},
    {7, 3, 3, 1, 3, 0, {{0}}, 1, {{2, 1}}},
    {1, 1, 1, 1, 1, 0, {{0}}, 1, {{1, 1}}},
    {2, 2, 2, 1, 2, 0, {{0}}, 1, {{1, 1}}},
    {10, 10, 10, 2, 5, 0, {{0}}, 1, {{1, 1}}},
    {9, 9, 32, 0, 0, 0, {{0}}, 0, {{0}}},
};
#define BOARDS (int)(sizeof boards / sizeof boards[0])

static int exists(const board *b, int r, int c)
{
    if (r < 1 || c < 1 || r > b->rows || c > b->cols) return 0;
    if (b->nrect == 0) return 1;
    for (int i = 0; i < b->nrect; i++)
        if (r >= b->rect[i][0] && r <= b->rect[i][2] && c >= b->rect[i][1] && c <= b->rect[i][3])
            return 1;
    return 0;
}

/* What a rule's fields see of the others: the board, the last kind and op
 * chosen, the last bulb (arrow shafts start beside it). */
typedef struct gen {
    src *s;
    const board *b;
    const char *kind, *op;
    int bulb[3][2], nbulb;
} gen;

/* ---- Values by shape ------------------------------------------------------- */

static const char *const hostile[] = {"null",
                                      "true",
                                      "false",
                                      "0",
                                      "-1",
                                      "1.5",
                                      "1e300",
                                      "-0",
                                      "9223372036854775807",
                                      "9223372036854775808",
                                      "-9223372036854775809",
                                      "2147483648",
                                      "\"\"",
                                      "\"x\"",
                                      "\"r1c1\"",
                                      "[]",
                                      "{}",
                                      "[[]]",
                                      "[1, 2]",
                                      "[\"r1c1\", 7]",
                                      "{\"a\": 1}",
                                      "[null]",
                                      "\"\\u0000\"",
                                      "\"r1c1\\u0000\"",
                                      "[[\"r1c1\"]]",
                                      "[[\"r1c1\", \"r1c1\"]]",
                                      "\"r1c1:r1c1\"",
                                      "1e-300"};
#define HOSTILE (int)(sizeof hostile / sizeof hostile[0])

/* Names a cell reader must refuse, or read in an unusual spelling. */
static const char *const bad_names[] = {
    "r0c1", "r01c1", "r1c0",        "rxc1",        "r1c",       "r1c1:",         "r1c1:x", "x",
    "",     "r-1c1", "r1c1 ",       " r1c1",       "r100c1",    "r4294967297c1", "c1r1",   "r1 c1",
    "R1c1", "r1C1",  "r99c99:r1c1", "r1c1:r99c99", "r2c2:r1c1", "r1c1:r1c1"};
#define BAD_NAMES (int)(sizeof bad_names / sizeof bad_names[0])

/* A random existing cell (or any on the board when none is found). */
static void some_cell(gen *g, int *r, int *c)
{
    for (int t = 0; t < 6; t++) {
        *r = 1 + pick(g->s, g->b->rows);
        *c = 1 + pick(g->s, g->b->cols);
        if (exists(g->b, *r, *c)) return;
    }
}

static void cell_name(gen *g, int r, int c)
{
    int mode = pick(g->s, 128);
    if (mode == 127)
        put("\"%s\"", bad_names[pick(g->s, BAD_NAMES)]);
    else if (mode >= 120)
        put("\"R%dC%d\"", r, c);
    else if (mode == 119)
        put("\"r%dc%d\"", r + pick(g->s, 3) * g->b->rows, c);
    else
        put("\"r%dc%d\"", r, c);
}

static void one_cell(gen *g)
{
    int r, c;
    some_cell(g, &r, &c);
    cell_name(g, r, c);
}

static const int king[8][2] = {{0, 1}, {1, 0},  {0, -1}, {-1, 0},
                               {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* A king walk (orth: rook steps) of n cells from (r, c): a line, a cage, a
 * shaft. Each step goes to an existing cell not yet on the walk when one is
 * near; now and then it jumps, leaves the board or turns back. */
static void walk(gen *g, int r, int c, int n, int orth)
{
    int seen[16][2], nseen = 0, dirs = orth ? 4 : 8;
    put("[");
    for (int i = 0; i < n; i++) {
        put("%s", i ? ", " : "");
        cell_name(g, r, c);
        if (nseen < 16) {
            seen[nseen][0] = r;
            seen[nseen++][1] = c;
        }
        int step = pick(g->s, 64), k = 0;
        if (step == 63) { /* a jump */
            r += 2;
            continue;
        }
        if (step == 62 && nseen > 1) { /* back to the cell before */
            r = seen[nseen - 2][0];
            c = seen[nseen - 2][1];
            continue;
        }
        for (; k < dirs; k++) {
            const int *d = king[(step + k) % dirs];
            int fresh = exists(g->b, r + d[0], c + d[1]);
            for (int j = 0; fresh && j < nseen; j++)
                fresh = seen[j][0] != r + d[0] || seen[j][1] != c + d[1];
            if (fresh || step == 61) break;
        }
        if (k < dirs) {
            r += king[(step + k) % dirs][0];
            c += king[(step + k) % dirs][1];
        }
    }
    put("]");
}

/* A straight line from a cell in one of eight directions to the edge (an
 * outside clue's cells), sometimes cut short. */
static void straight(gen *g)
{
    int r, c;
    const int *d = king[pick(g->s, 8)];
    if (pick(g->s, 4)) { /* from an edge, inwards, mostly */
        r = d[0] > 0 ? 1 : d[0] < 0 ? g->b->rows : 1 + pick(g->s, g->b->rows);
        c = d[1] > 0 ? 1 : d[1] < 0 ? g->b->cols : 1 + pick(g->s, g->b->cols);
    } else {
        some_cell(g, &r, &c);
    }
    int cut = pick(g->s, 4) == 3 ? 1 + pick(g->s, 9) : 99;
    put("[");
    for (int i = 0; i < cut && exists(g->b, r, c); i++, r += d[0], c += d[1]) {
        put("%s", i ? ", " : "");
        cell_name(g, r, c);
    }
    put("]");
}

/* A rectangle "rAcB:rCcD" (corners in either order). */
static void rectangle(gen *g)
{
    int r1, c1, r2, c2;
    some_cell(g, &r1, &c1);
    some_cell(g, &r2, &c2);
    if (pick(g->s, 2)) {
        r2 = r1 + pick(g->s, 3);
        c2 = c1 + pick(g->s, 3);
    }
    put("\"r%dc%d:r%dc%d\"", r1, c1, r2, c2);
}

/* A house of the first grid: row, column or box (D cells), any order. */
static void house(gen *g)
{
    const board *b = g->b;
    int o = b->norigin ? pick(g->s, b->norigin) : 0;
    int r0 = b->norigin ? b->origin[o][0] : 1, c0 = b->norigin ? b->origin[o][1] : 1;
    int kind = pick(g->s, b->box_h ? 3 : 2), k = pick(g->s, b->digits);
    put("[");
    for (int i = 0; i < b->digits; i++) {
        int r = kind == 0   ? r0 + k
                : kind == 1 ? r0 + i
                            : r0 + (k / (b->digits / b->box_w)) * b->box_h + i / b->box_w;
        int c = kind == 0   ? c0 + i
                : kind == 1 ? c0 + k
                            : c0 + (k % (b->digits / b->box_w)) * b->box_w + i % b->box_w;
        put("%s", i ? ", " : "");
        cell_name(g, r, c);
    }
    put("]");
}

/* An unordered set of cells: listed, a rectangle, names and rectangles
 * mixed, a whole house, a connected piece. */
static void cells(gen *g)
{
    int r, c, n = 1 + pick(g->s, g->b->digits + 2);
    switch (pick(g->s, 8)) {
    case 0: rectangle(g); return;
    case 1:
        put("[");
        rectangle(g);
        put(", ");
        one_cell(g);
        put("]");
        return;
    case 2: house(g); return;
    case 3:
    case 4:
        some_cell(g, &r, &c);
        walk(g, r, c, n, 1);
        return;
    default:
        put("[");
        for (int i = 0; i < n; i++) {
            put("%s", i ? ", " : "");
            one_cell(g);
        }
        put("]");
    }
}

/* An ordered line of cells: a king path, or a house in order. */
static void path(gen *g)
{
    int r, c;
    if (pick(g->s, 8) == 7) {
        house(g);
        return;
    }
    some_cell(g, &r, &c);
    walk(g, r, c, 2 + pick(g->s, 10), 0);
}

/* Two cells side by side (an edge clue), sometimes not. */
static void pair(gen *g)
{
    int r, c;
    some_cell(g, &r, &c);
    const int *d = king[pick(g->s, 4) == 3 ? pick(g->s, 8) : pick(g->s, 4)];
    put("[");
    cell_name(g, r, c);
    put(", ");
    cell_name(g, r + d[0], c + d[1]);
    put("]");
}

/* The 2 x 2 block below and right of a cell, in reading order (mostly). */
static void block(gen *g)
{
    int r, c;
    some_cell(g, &r, &c);
    int order[4] = {0, 1, 2, 3};
    if (pick(g->s, 8) == 7) {
        int a = pick(g->s, 4), t = order[a];
        order[a] = order[3];
        order[3] = t;
    }
    put("[");
    for (int i = 0; i < 4; i++) {
        put("%s", i ? ", " : "");
        cell_name(g, r + order[i] / 2, c + order[i] % 2);
    }
    put("]");
}

static void pairs(gen *g)
{
    int n = pick(g->s, 6);
    put("[");
    for (int i = 0; i < n; i++) {
        put("%s", i ? ", " : "");
        pair(g);
    }
    put("]");
}

/* An arrow's bulb: 1 to 3 orthogonally connected cells, kept for the shafts. */
static void bulb(gen *g)
{
    int r, c;
    some_cell(g, &r, &c);
    g->nbulb = 1 + pick(g->s, 3);
    put("[");
    for (int i = 0; i < g->nbulb; i++) {
        g->bulb[i][0] = r;
        g->bulb[i][1] = c;
        put("%s", i ? ", " : "");
        cell_name(g, r, c);
        const int *d = king[pick(g->s, 4)];
        r += d[0];
        c += d[1];
    }
    put("]");
}

/* Arrow shafts: king paths starting beside a cell of the last bulb. */
static void shafts(gen *g)
{
    int n = 1 + pick(g->s, 3);
    put("[");
    for (int i = 0; i < n; i++) {
        int r, c;
        if (g->nbulb) {
            int k = pick(g->s, g->nbulb);
            const int *d = king[pick(g->s, 8)];
            r = g->bulb[k][0] + d[0];
            c = g->bulb[k][1] + d[1];
        } else {
            some_cell(g, &r, &c);
        }
        put("%s", i ? ", " : "");
        walk(g, r, c, 1 + pick(g->s, 5), 0);
    }
    put("]");
}

/* An area: a grid's bare origin, a rectangle, a list. */
static void area(gen *g)
{
    const board *b = g->b;
    int k = pick(g->s, 4);
    if (k == 0 && b->norigin) {
        int o = pick(g->s, b->norigin);
        put("\"r%dc%d\"", b->origin[o][0], b->origin[o][1]);
    } else if (k == 1) {
        one_cell(g);
    } else if (k == 2) {
        rectangle(g);
    } else {
        cells(g);
    }
}

/* An integer near what rules take: digits, sums, the edges of ranges. */
static void integer(gen *g)
{
    int D = g->b->digits;
    switch (pick(g->s, 8)) {
    case 0: put("%d", pick(g->s, 3) - 1); break;
    case 1: put("%d", D - 1 + pick(g->s, 3)); break;
    case 2: put("%d", 3 + pick(g->s, D * (D + 1) / 2)); break;
    case 3: put("%d", 2 * D + pick(g->s, 100)); break;
    default: put("%d", 1 + pick(g->s, D > 1 ? D : 2)); break;
    }
}

/* [h, w] boxes for the board's digits, in either order, or not. */
static void box_dims(gen *g)
{
    const board *b = g->b;
    if (b->box_h && pick(g->s, 4)) {
        int swap = pick(g->s, 4) == 3;
        put("[%d, %d]", swap ? b->box_w : b->box_h, swap ? b->box_h : b->box_w);
    } else
        put("[%d, %d]", pick(g->s, 6), pick(g->s, 6));
}

static void digits(gen *g)
{
    int n = pick(g->s, 6), D = g->b->digits;
    put("[");
    for (int i = 0; i < n; i++)
        put("%s%d", i ? ", " : "",
            pick(g->s, 8) != 7 ? 1 + pick(g->s, D) : pick(g->s, 2) * (D + 1));
    put("]");
}

/* Groups for an entropic line: 1..D dealt into 3 lists (mostly). */
static void groups(gen *g)
{
    int D = g->b->digits, n = pick(g->s, 8) != 7 ? 3 : pick(g->s, 5);
    put("[");
    for (int k = 0; k < n; k++) {
        int first = 1;
        put("%s[", k ? ", " : "");
        for (int d = 1; d <= D; d++) {
            if (pick(g->s, 16) == 15 ? pick(g->s, n) != k : (d - 1) % n != k) continue;
            put("%s%d", first ? "" : ", ", d);
            first = 0;
        }
        put("]");
    }
    put("]");
}

static void string(gen *g)
{
    static const char *const notes[] = {
        "a note", "", "\\u00e9t\\u00e9", "\\n\\t\\\"", "\\ud83d\\ude00", "\\ud800", "x\\u0000y"};
    put("\"%s\"", notes[pick(g->s, (int)(sizeof notes / sizeof notes[0]))]);
}

/* ---- Fields and rules ------------------------------------------------------ */

enum shape {
    S_CELL,
    S_CELLS,
    S_PATH,
    S_LINE,
    S_PAIR,
    S_BLOCK,
    S_PAIRS,
    S_BULB,
    S_SHAFTS,
    S_AREA,
    S_INT,
    S_BOX,
    S_DIGITS,
    S_GROUPS,
    S_BOOL,
    S_STRING,
    S_ENUM,
    S_SHAPES
};

/* Writes a value of shape sh (for S_ENUM one of names; the choice is kept
 * in *chosen when chosen is not NULL); one value in 48 is hostile instead. */
static void value(gen *g, int sh, const char *const *names, const char **chosen)
{
    if (pick(g->s, 48) == 47) {
        put("%s", hostile[pick(g->s, HOSTILE)]);
        return;
    }
    switch (sh) {
    case S_CELL: one_cell(g); break;
    case S_CELLS: cells(g); break;
    case S_PATH: path(g); break;
    case S_LINE: straight(g); break;
    case S_PAIR: pair(g); break;
    case S_BLOCK: block(g); break;
    case S_PAIRS: pairs(g); break;
    case S_BULB: bulb(g); break;
    case S_SHAFTS: shafts(g); break;
    case S_AREA: area(g); break;
    case S_INT: integer(g); break;
    case S_BOX: box_dims(g); break;
    case S_DIGITS: digits(g); break;
    case S_GROUPS: groups(g); break;
    case S_BOOL: put(pick(g->s, 2) ? "true" : "false"); break;
    case S_STRING: string(g); break;
    default: {
        int n = 0;
        while (names[n]) n++;
        const char *v = names[pick(g->s, n)];
        if (chosen) *chosen = v;
        put(pick(g->s, 32) != 31 ? "\"%s\"" : "\"%s \"", v);
    }
    }
}

/* What each field may hold, in the words of format.md §6. */
static const char *const house_kinds[] = {"diagonal", "window", "disjoint", "colour",
                                          "extra",    "region", NULL};
static const char *const line_kinds[] = {
    "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",   "entropic",
    "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow", NULL};
static const char *const edge_kinds[] = {"kropki",  "xv",  "difference", "ratio",
                                         "product", "sum", "greater",    NULL};
static const char *const cell_kinds[] = {"odd", "even", "low", "high", NULL};
static const char *const outside_kinds[] = {"sandwich",   "little_killer", "x_sum",
                                            "skyscraper", "rossini",       NULL};
static const char *const corner_kinds[] = {"battenburg", "quadruple", NULL};
static const char *const neighbour_kinds[] = {"antiknight", "antiking", "nonconsecutive", NULL};
static const char *const ops[] = {"different",
                                  "equal",
                                  "consecutive",
                                  "not_consecutive",
                                  "difference",
                                  "not_difference",
                                  "difference_at_least",
                                  "difference_at_most",
                                  "ratio",
                                  "not_ratio",
                                  "sum",
                                  "not_sum",
                                  "product",
                                  "not_product",
                                  "same_parity",
                                  "different_parity",
                                  "less",
                                  "less_equal",
                                  NULL};
static const char *const wheres[] = {"orthogonal", "diagonal", "king", "knight", NULL};
static const char *const withins[] = {"box", "region", NULL};
static const char *const families[] = {"kropki", "xv",      "difference", "ratio", "product",
                                       "sum",    "rossini", "battenburg", "cell",  NULL};
static const char *const colors[] = {"white", "black", NULL};
static const char *const letters[] = {"X", "V", NULL};
static const char *const directions[] = {"increasing", "decreasing", NULL};

/* Every field name some rule reads, for unknown and misplaced fields. */
static const char *const field_names[] = {
    "cells",  "kind",   "value", "sum",    "split", "groups",  "op",    "letter", "color",
    "box",    "digits", "where", "within", "area",  "except",  "pairs", "of",     "direction",
    "closed", "bulb",   "lines", "origin", "note",  "x-extra", "type",  "colour", NULL};

typedef struct field {
    const char *name;
    int shape;
    const char *const *names; /* S_ENUM */
    int pct;                  /* how often it is there */
    const char *when;         /* present (at 90 %) when the kind or op chosen is one of
                                 these, '|'-separated ("@op": an op was chosen; "@nokind":
                                 no kind was); NULL: pct alone decides */
} field;

typedef struct rule {
    const char *type;
    field fields[9];
} rule;

#define WHEN_VALUE                                                                                 \
    "difference|not_difference|difference_at_least|difference_at_most|ratio|not_ratio|product|"    \
    "not_product"

static const rule rules[] = {
    {"grid", {{"origin", S_CELL, NULL, 97, NULL}}},
    {"box_grid", {{"origin", S_CELL, NULL, 97, NULL}, {"box", S_BOX, NULL, 95, NULL}}},
    {"box", {{"cells", S_CELLS, NULL, 97, NULL}}},
    {"row", {{"cells", S_CELLS, NULL, 97, NULL}}},
    {"column", {{"cells", S_CELLS, NULL, 97, NULL}}},
    {"region", {{"kind", S_ENUM, house_kinds, 60, NULL}, {"cells", S_CELLS, NULL, 97, NULL}}},
    {"cage", {{"cells", S_CELLS, NULL, 97, NULL}, {"sum", S_INT, NULL, 70, NULL}}},
    {"line",
     {{"kind", S_ENUM, line_kinds, 97, NULL},
      {"cells", S_PATH, NULL, 97, NULL},
      {"value", S_INT, NULL, 8, "whisper|modular|lockout"},
      {"groups", S_GROUPS, NULL, 8, "entropic"},
      {"closed", S_BOOL, NULL, 8, "whisper|renban|parity"}}},
    {"arrow", {{"bulb", S_BULB, NULL, 97, NULL}, {"lines", S_SHAFTS, NULL, 97, NULL}}},
    {"edge",
     {{"kind", S_ENUM, edge_kinds, 97, NULL},
      {"cells", S_PAIR, NULL, 97, NULL},
      {"color", S_ENUM, colors, 5, "kropki"},
      {"letter", S_ENUM, letters, 5, "xv"},
      {"value", S_INT, NULL, 5, "difference|ratio|product"},
      {"sum", S_INT, NULL, 5, "sum"}}},
    {"cell",
     {{"kind", S_ENUM, cell_kinds, 97, NULL},
      {"cells", S_CELLS, NULL, 97, NULL},
      {"split", S_INT, NULL, 5, "low|high"}}},
    {"outside",
     {{"kind", S_ENUM, outside_kinds, 97, NULL},
      {"cells", S_LINE, NULL, 97, NULL},
      {"value", S_INT, NULL, 5, "sandwich|x_sum|skyscraper"},
      {"sum", S_INT, NULL, 5, "little_killer"},
      {"direction", S_ENUM, directions, 5, "rossini"}}},
    {"corner",
     {{"kind", S_ENUM, corner_kinds, 97, NULL},
      {"cells", S_BLOCK, NULL, 97, NULL},
      {"digits", S_DIGITS, NULL, 5, "quadruple"}}},
    {"neighbours",
     {{"kind", S_ENUM, neighbour_kinds, 50, NULL},
      {"op", S_ENUM, ops, 5, "@nokind"},
      {"value", S_INT, NULL, 5, WHEN_VALUE},
      {"sum", S_INT, NULL, 5, "sum|not_sum"},
      {"where", S_ENUM, wheres, 5, "@op"},
      {"within", S_ENUM, withins, 20, NULL},
      {"area", S_AREA, NULL, 20, NULL},
      {"except", S_PAIRS, NULL, 20, NULL}}},
    {"relation",
     {{"op", S_ENUM, ops, 97, NULL},
      {"pairs", S_PAIRS, NULL, 97, NULL},
      {"value", S_INT, NULL, 5, WHEN_VALUE},
      {"sum", S_INT, NULL, 5, "sum|not_sum"}}},
    {"negative",
     {{"of", S_ENUM, families, 97, NULL},
      {"color", S_ENUM, colors, 5, "kropki"},
      {"letter", S_ENUM, letters, 5, "xv"},
      {"value", S_INT, NULL, 5, "difference|ratio|product"},
      {"sum", S_INT, NULL, 5, "sum"},
      {"kind", S_ENUM, cell_kinds, 5, "cell"},
      {"split", S_INT, NULL, 5, "low|high"},
      {"area", S_AREA, NULL, 15, NULL}}},
};
#define RULES (int)(sizeof rules / sizeof rules[0])

/* Is word one of the '|'-separated list? */
static int among(const char *word, const char *list)
{
    size_t n = word ? strlen(word) : 0;
    for (const char *p = list; n && p && *p;) {
        const char *bar = strchr(p, '|');
        size_t k = bar ? (size_t)(bar - p) : strlen(p);
        if (k == n && memcmp(p, word, n) == 0) return 1;
        p = bar ? bar + 1 : NULL;
    }
    return 0;
}

/* The fields of one rule of type t (NULL: a type this file does not know,
 * given fields picked at random). */
static void rule_fields(gen *g, const rule *t)
{
    g->kind = g->op = NULL;
    for (int i = 0; t && i < 9 && t->fields[i].name; i++) {
        const field *f = &t->fields[i];
        int wanted = !f->when                  ? 0
                     : !strcmp(f->when, "@op") ? g->op != NULL
                     : !strcmp(f->when, "@nokind")
                         ? g->kind == NULL
                         : among(g->kind, f->when) || among(g->op, f->when);
        if (!chance(g->s, wanted ? 90 : f->pct)) continue;
        put(", \"%s\": ", f->name);
        const char **chosen = !strcmp(f->name, "op")                               ? &g->op
                              : !strcmp(f->name, "kind") || !strcmp(f->name, "of") ? &g->kind
                                                                                   : NULL;
        value(g, f->shape, f->names, chosen);
    }
    int extra = t ? (pick(g->s, 32) == 31) : 1 + pick(g->s, 4);
    for (int i = 0; i < extra; i++) {
        int n = 0;
        while (field_names[n]) n++;
        put(", \"%s\": ", field_names[pick(g->s, n)]);
        value(g, pick(g->s, S_SHAPES), ops, NULL);
    }
}

static void one_rule(gen *g, int k)
{
    rg_registry *reg = fz_registry();
    int types = rg_registry_type_count(reg);
    const char *type = rules[k % RULES].type;
    const rule *t = &rules[k % RULES];
    if (pick(g->s, 16) == 15) { /* a type of the registry, known here or not */
        const char *family, *file;
        rg_registry_type(reg, pick(g->s, types), &type, &family, &file);
        t = NULL;
        for (int i = 0; i < RULES; i++)
            if (!strcmp(rules[i].type, type)) t = &rules[i];
    }
    put("{\"type\": \"%s\"", type);
    rule_fields(g, t);
    if (pick(g->s, 16) == 15) {
        put(", \"note\": ");
        string(g);
    }
    put("}");
}

/* ---- The document ---------------------------------------------------------- */

static void board_json(gen *g)
{
    const board *b = g->b;
    put("{\"rows\": %d, \"columns\": %d, \"digits\": %d", b->rows, b->cols, b->digits);
    if (b->nrect) {
        put(", \"cells\": [");
        for (int i = 0; i < b->nrect; i++)
            put("%s\"r%dc%d:r%dc%d\"", i ? ", " : "", b->rect[i][0], b->rect[i][1], b->rect[i][2],
                b->rect[i][3]);
        put("]");
    }
    put("}");
}

/* The grids' house rules, or none (then only the rules below make houses). */
static int houses(gen *g)
{
    const board *b = g->b;
    int how = pick(g->s, 5), n = 0;
    for (int i = 0; how && i < b->norigin; i++, n++) {
        put("%s", n ? ", " : "");
        if (how <= 2 && b->box_h)
            put("{\"type\": \"box_grid\", \"origin\": \"r%dc%d\", \"box\": [%d, %d]}",
                b->origin[i][0], b->origin[i][1], b->box_h, b->box_w);
        else
            put("{\"type\": \"grid\", \"origin\": \"r%dc%d\"}", b->origin[i][0], b->origin[i][1]);
    }
    return n;
}

/* A few givens on distinct cells (a repeated key refuses the document). */
static void givens(gen *g)
{
    int n = pick(g->s, 4) != 3 ? 0 : 1 + pick(g->s, 8), at[8][2], k = 0;
    if (!n) return;
    put(", \"givens\": {");
    for (int i = 0; i < n; i++) {
        int r, c, fresh = 1;
        some_cell(g, &r, &c);
        for (int j = 0; j < k; j++) fresh = fresh && (at[j][0] != r || at[j][1] != c);
        if (!fresh) continue;
        put("%s\"r%dc%d\": %d", k ? ", " : "", r, c, 1 + pick(g->s, g->b->digits));
        at[k][0] = r;
        at[k++][1] = c;
    }
    put("}");
}

static void document(src *s)
{
    gen g = {s, &boards[pick(s, BOARDS)], NULL, NULL, {{0}}, 0};
    len = 0;
    put("{\"format\": \"rulegrid\", \"version\": 1, \"board\": ");
    board_json(&g);
    put(", \"rules\": [");
    int n = houses(&g), count = pick(s, MAX_RULES);
    for (int i = 0; i < count; i++, n++) {
        put("%s", n ? ", " : "");
        one_rule(&g, pick(s, 256));
    }
    put("]");
    givens(&g);
    if (pick(s, 32) == 31) put(", \"meta\": {\"title\": \"t\"}, \"x-tool\": [1]");
    put("}");
}

/* ---- The target ------------------------------------------------------------ */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    cap = 4096;
    if (!(text = malloc(cap))) fz_fail("no memory");
    return 0;
}

static char *write_doc(const rg_puzzle *p)
{
    rg_error err;
    char *w = rg_puzzle_write(p, RG_WRITE_LINE, &err);
    if (!w) fz_fail("cannot write a document that reads: %s\n%s", err.message, text);
    return w;
}

/* Written, read back, written again: the same bytes. */
static void round_trip(const rg_puzzle *p)
{
    char *w = write_doc(p);
    rg_puzzle *q = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), w, strlen(w), "written.json", 0, &q, &err) != RG_OK)
        fz_fail("the written document does not read back: %s\n%s\n-- from --\n%s", err.message, w,
                text);
    char *w2 = write_doc(q);
    if (strcmp(w, w2) != 0)
        fz_fail("written twice, two texts:\n%s\n%s\n-- from --\n%s", w, w2, text);
    rg_string_free(w2);
    rg_puzzle_free(q);
    rg_string_free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t before = fz_begin();
    src s = {data, size, 0};
    document(&s);
    if (fz_verbose()) fprintf(stderr, "%s\n", text);
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), text, len, "fields.json", 0, &p, &err) == RG_OK) {
        round_trip(p);
        fz_search(p, fz_hash(data, size), NODES, CHECK_NODES);
        rg_puzzle_free(p);
    } else if (fz_verbose()) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fprintf(stderr, "  %s\n", buf);
    }
    fz_end(before);
    return 0;
}
