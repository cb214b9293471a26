/* The negatives plugin: its errors; every row of format.md 6.14 counted on
 * the 288 4 x 4 sudokus against positions, exemptions and areas worked out
 * here (selectors full and partial, several negatives at once); adjacency
 * only within one grid on two boards of several grids; sound propagation;
 * the corpus puzzles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "data/variants-4/vtest.h"

static void errors(void **state)
{
    (void)state;
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"thermo\"}", "negative", "of",
                 "expected one of kropki, xv, difference");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\"}", "negative", "of", "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"difference\"}", "negative", "value",
                 "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"ratio\", \"value\": 1}", "negative",
                 "value", "of at least 2");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"product\"}", "negative", "value",
                 "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"sum\"}", "negative", "sum",
                 "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"xv\", \"color\": \"white\"}",
                 "negative", "color", "unknown field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"xv\", \"letter\": \"Y\"}", "negative",
                 "letter", "X, V");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"kropki\", \"color\": \"red\"}",
                 "negative", "color", "white, black");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"rossini\", \"value\": 2}", "negative",
                 "value", "unknown field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"cell\"}", "negative", "kind",
                 "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"high\"}",
                 "negative", "split", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"low\", \"split\": 9}",
                 "negative", "split", "from 1 to 8");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"even\", \"split\": 3}",
                 "negative", "split", "only to low and high");
    v_rule_error(9, 9, 9, "{\"type\": \"negative\", \"of\": \"battenburg\", \"area\": \"r5c5\"}",
                 "negative", "area", "not the origin of a grid");
}

/* ---- Pair negatives on the 4 x 4 sudoku ------------------------------------------- */

enum { F_KROPKI, F_XV, F_DIFFERENCE, F_RATIO, F_PRODUCT, F_SUM };
static const char *const fams[] = {"kropki", "xv", "difference", "ratio", "product", "sum"};

typedef struct clue {
    int fam, a, c;
    long key; /* kropki 0 white / 1 black, xv 10 / 5, else the value */
} clue;

typedef struct neg {
    int fam, sel; /* kropki / xv: 0, 1 one colour / letter, 2 both */
    long value;
    int r0, r1; /* area rows (0-based, inclusive), -1: none */
} neg;

/* Does the clue (or, negated, the negative's relation) hold for digits x, y? */
static int relation(int fam, int part, long value, int x, int y)
{
    switch (fam) {
    case F_KROPKI: return part == 0 ? abs(x - y) == 1 : (x == 2 * y || y == 2 * x);
    case F_XV: return x + y == (part == 0 ? 10 : 5);
    case F_DIFFERENCE: return abs(x - y) == value;
    case F_RATIO: return x == value * y || y == value * x;
    case F_PRODUCT: return x * y == value;
    default: return x + y == value;
    }
}

static int clue_holds(const clue *k, const int *v)
{
    int part = k->fam == F_KROPKI ? (int)k->key : k->fam == F_XV ? k->key == 5 : 0;
    return relation(k->fam, part, k->key, v[k->a], v[k->c]);
}

/* Every uncovered orthogonal pair breaks none of the covered relations. */
static int negs_hold(const int *v, const clue *cl, int ncl, const neg *ng, int nneg)
{
    for (int a = 0; a < 16; a++)
        for (int dir = 0; dir < 2; dir++) {
            int c = dir ? a + 4 : a + 1;
            if (dir ? c >= 16 : a % 4 == 3) continue;
            for (int i = 0; i < nneg; i++) {
                const neg *g = &ng[i];
                if (g->r0 >= 0 && (a / 4 < g->r0 || c / 4 > g->r1)) continue;
                int exempt = 0;
                for (int k = 0; k < ncl && !exempt; k++)
                    exempt = cl[k].fam == g->fam &&
                             ((cl[k].a == a && cl[k].c == c) || (cl[k].a == c && cl[k].c == a));
                if (exempt) continue;
                for (int part = 0; part < 2; part++) {
                    if ((g->fam == F_KROPKI || g->fam == F_XV) ? (g->sel != 2 && g->sel != part)
                                                               : part == 1)
                        continue;
                    if (relation(g->fam, part, g->value, v[a], v[c])) return 0;
                }
            }
        }
    return 1;
}

static void clue_json(vbuf *b, const clue *k)
{
    v_add(b, ", {\"type\": \"edge\", \"kind\": \"%s\"", fams[k->fam]);
    switch (k->fam) {
    case F_KROPKI: v_add(b, ", \"color\": \"%s\"", k->key ? "black" : "white"); break;
    case F_XV: v_add(b, ", \"letter\": \"%s\"", k->key == 10 ? "X" : "V"); break;
    case F_SUM: v_add(b, ", \"sum\": %ld", k->key); break;
    default: v_add(b, ", \"value\": %ld", k->key); break;
    }
    v_add(b, ", \"cells\": [\"r%dc%d\", \"r%dc%d\"]}", k->a / 4 + 1, k->a % 4 + 1, k->c / 4 + 1,
          k->c % 4 + 1);
}

static void neg_json(vbuf *b, const neg *g)
{
    v_add(b, ", {\"type\": \"negative\", \"of\": \"%s\"", fams[g->fam]);
    if (g->fam == F_KROPKI && g->sel < 2)
        v_add(b, ", \"color\": \"%s\"", g->sel ? "black" : "white");
    if (g->fam == F_XV && g->sel < 2) v_add(b, ", \"letter\": \"%s\"", g->sel ? "V" : "X");
    if (g->fam == F_SUM)
        v_add(b, ", \"sum\": %ld", g->value);
    else if (g->fam > F_XV)
        v_add(b, ", \"value\": %ld", g->value);
    if (g->r0 >= 0) v_add(b, ", \"area\": \"r%dc1:r%dc4\"", g->r0 + 1, g->r1 + 1);
    v_add(b, "}");
}

/* Clues read off a random sudoku S at random pairs, one to three negatives
 * with random selectors and areas: the engine's count equals the count of
 * sudokus that satisfy the clues and the negatives as worked out here. */
static void pair_rows_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    for (int round = 0; round < 150; round++) {
        const int *S = all[v_rand(288)];
        clue cl[8];
        neg ng[3];
        int ncl = 0, nneg = 1 + (int)v_rand(3);
        for (int i = 0; i < nneg; i++) {
            neg *g = &ng[i];
            g->fam = i == 0 ? round % 6 : (int)v_rand(6);
            g->sel = (int)v_rand(3);
            g->value = g->fam == F_DIFFERENCE ? 1 + (long)v_rand(3)
                       : g->fam == F_RATIO    ? 2 + (long)v_rand(2)
                       : g->fam == F_PRODUCT  ? 1 + (long)v_rand(12)
                       : g->fam == F_SUM      ? 3 + (long)v_rand(5)
                                              : 0;
            g->r0 = -1;
            if (v_rand(4) == 0) {
                g->r0 = (int)v_rand(2);
                g->r1 = g->r0 + 1 + (int)v_rand(2);
            }
        }
        /* Clues of the negated families (and others), true in S. */
        for (int tries = 0; tries < 30 && ncl < 8; tries++) {
            int a = (int)v_rand(16), c = v_rand(2) ? a + 1 : a + 4;
            if (c >= 16 || (c == a + 1 && a % 4 == 3)) continue;
            if (v_rand(2)) {
                int t = a;
                a = c;
                c = t;
            }
            clue k = {v_rand(3) ? ng[v_rand((unsigned)nneg)].fam : (int)v_rand(6), a, c, 0};
            int x = S[a], y = S[c];
            switch (k.fam) {
            case F_KROPKI:
                if (abs(x - y) == 1)
                    k.key = 0;
                else if (x == 2 * y || y == 2 * x)
                    k.key = 1;
                else
                    continue;
                break;
            case F_XV:
                if (x + y != 5) continue;
                k.key = 5;
                break;
            case F_DIFFERENCE: k.key = abs(x - y); break;
            case F_RATIO:
                if ((x > y ? x % y : y % x) || x == y) continue;
                k.key = x > y ? x / y : y / x;
                break;
            case F_PRODUCT: k.key = x * y; break;
            default: k.key = x + y; break;
            }
            cl[ncl++] = k;
        }
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
        for (int i = 0; i < ncl; i++) clue_json(&b, &cl[i]);
        for (int i = 0; i < nneg; i++) neg_json(&b, &ng[i]);
        v_add(&b, "]");
        long expect = 0;
        for (int s = 0; s < ns; s++) {
            int ok = 1;
            for (int k = 0; k < ncl && ok; k++) ok = clue_holds(&cl[k], all[s]);
            expect += ok && negs_hold(all[s], cl, ncl, ng, nneg);
        }
        v_count_rules(4, 4, 4, &b, expect);
    }
}

/* A difference 3 edge exempts its pair from a difference 1 negative; the
 * same pair without the edge is covered. 1 x 2 board, digits 1..4. */
static void exemption_by_family(void **state)
{
    (void)state;
    const char *with = "[{\"type\": \"edge\", \"kind\": \"difference\", \"value\": 3, \"cells\": "
                       "[\"r1c1\", \"r1c2\"]}, {\"type\": \"negative\", \"of\": \"difference\", "
                       "\"value\": 1}]";
    char *json = v_doc(1, 2, 4, "", with, "");
    v_count_all(json, 2, 1); /* 1-4, 4-1 */
    free(json);
    const char *without = "[{\"type\": \"negative\", \"of\": \"difference\", \"value\": 1}]";
    json = v_doc(1, 2, 4, "", without, "");
    v_count_all(json, 10, 1); /* 16 - 6 consecutive */
    free(json);
    /* Any kropki dot exempts from a black-only negative (8.4): the white dot
     * on a 1:2 pair (1-2) leaves 1-2 and 2-1; 2-3, 3-2, 3-4, 4-3 too. */
    const char *dot =
        "[{\"type\": \"edge\", \"kind\": \"kropki\", \"color\": \"white\", \"cells\": "
        "[\"r1c1\", \"r1c2\"]}, {\"type\": \"negative\", \"of\": \"kropki\", "
        "\"color\": \"black\"}]";
    json = v_doc(1, 2, 4, "", dot, "");
    v_count_all(json, 6, 1);
    free(json);
}

/* ---- Rossini ends, battenburg blocks, cells -------------------------------------- */

static int monotone(int x, int y, int z) { return (x < y && y < z) || (x > y && y > z); }

/* Ends of rows and columns (4 x 4), rows r0..r1 only when area. */
static int rossini_holds(const int *v, int r0, int r1)
{
    for (int i = 0; i < 4; i++)
        for (int end = 0; end < 2; end++) {
            int rc[3], cc[3];
            for (int k = 0; k < 3; k++) {
                int j = end ? 3 - k : k;
                rc[k] = i * 4 + j; /* row i */
                cc[k] = j * 4 + i; /* column i */
            }
            int rin = r0 < 0 || (i >= r0 && i <= r1);
            int cin = r0 < 0 || (end ? 1 >= r0 && 3 <= r1 : 0 >= r0 && 2 <= r1);
            if (rin && monotone(v[rc[0]], v[rc[1]], v[rc[2]])) return 0;
            if (cin && monotone(v[cc[0]], v[cc[1]], v[cc[2]])) return 0;
        }
    return 1;
}

static void rossini_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    for (int area = 0; area < 3; area++) {
        int r0 = area == 0 ? -1 : area == 1 ? 0 : 1, r1 = area == 1 ? 2 : 3;
        char rules[512];
        snprintf(rules, sizeof rules,
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                 "{\"type\": \"negative\", \"of\": \"rossini\"%s%s}]",
                 area ? ", \"area\": " : "",
                 area == 1   ? "\"r1c1:r3c4\""
                 : area == 2 ? "\"r2c1:r4c4\""
                             : "");
        long expect = 0;
        for (int s = 0; s < ns; s++) expect += rossini_holds(all[s], r0, r1);
        assert_true(expect > 0 && expect < 288);
        char *json = v_doc(4, 4, 4, "", rules, "");
        v_count_all(json, expect, 1);
        free(json);
    }
}

/* An area cell that no house holds (fuzz/regressions/fields/
 * rossini-area-cell-in-no-house: the houses of such a cell were copied from
 * a null list, which the sanitizers stop at): a 2 x 4 board whose only house
 * is row 1, the area r2c1 and row 1's left end. That end is ruled (its
 * cells are all in the area), the right end is not (r1c4 is outside), row 2
 * is free. */
static void rossini_area_cell_in_no_house(void **state)
{
    (void)state;
    long perms = 0;
    for (int a = 1; a <= 4; a++)
        for (int b = 1; b <= 4; b++)
            for (int c = 1; c <= 4; c++) perms += a != b && a != c && b != c && !monotone(a, b, c);
    assert_true(perms > 0 && perms < 24);
    char *json = v_doc(2, 4, 4, "",
                       "[{\"type\": \"row\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", "
                       "\"r1c4\"]}, {\"type\": \"negative\", \"of\": \"rossini\", \"area\": "
                       "[\"r2c1\", \"r1c1\", \"r1c2\", \"r1c3\"]}]",
                       "");
    v_count_all(json, perms * 256, 1); /* r1c4 takes the digit left */
    free(json);
}

/* A rossini clue at one end exempts that end. */
static void rossini_clue_exempts(void **state)
{
    (void)state;
    if (!rg_registry_find(t_registry(), "outside")) fail_msg("no plugin registers outside");
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    long expect = 0;
    for (int s = 0; s < ns; s++) {
        const int *v = all[s];
        /* row 1 read from the left increasing; every other end not monotone */
        int w[16];
        memcpy(w, v, sizeof w);
        if (!(v[0] < v[1] && v[1] < v[2])) continue;
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++)
            for (int end = 0; end < 2 && ok; end++) {
                int rc[3], cc[3];
                for (int k = 0; k < 3; k++) {
                    int j = end ? 3 - k : k;
                    rc[k] = i * 4 + j;
                    cc[k] = j * 4 + i;
                }
                if (!(i == 0 && end == 0) && monotone(w[rc[0]], w[rc[1]], w[rc[2]])) ok = 0;
                if (monotone(w[cc[0]], w[cc[1]], w[cc[2]])) ok = 0;
            }
        expect += ok;
    }
    char *json =
        v_doc(4, 4, 4, "",
              "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
              "{\"type\": \"outside\", \"kind\": \"rossini\", \"direction\": \"increasing\", "
              "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\"]}, "
              "{\"type\": \"negative\", \"of\": \"rossini\"}]",
              "");
    v_count_all(json, expect, 1);
    free(json);
}

static void battenburg_and_cells_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    static const char *const kinds[] = {"odd", "even", "low", "high"};
    for (int round = 0; round < 40; round++) {
        const int *S = all[v_rand(288)];
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
        int marked[9] = {0}, cellmark[16] = {0}, area = (int)v_rand(3) == 0;
        int kind = (int)v_rand(4), split = 1 + (int)v_rand(3);
        if (round % 2 == 0) {
            for (int k = 0; k < 9; k++) {
                int r = k / 3, c = k % 3, a = S[r * 4 + c], x = S[r * 4 + c + 1],
                    y = S[r * 4 + 4 + c], z = S[r * 4 + 5 + c];
                int checker = (a - x) % 2 && (a - y) % 2 && (z - x) % 2 && (z - y) % 2;
                if (!checker || v_rand(3) == 0) continue;
                marked[k] = 1;
                v_add(&b,
                      ", {\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": [\"r%dc%d\", "
                      "\"r%dc%d\", \"r%dc%d\", \"r%dc%d\"]}",
                      r + 1, c + 1, r + 1, c + 2, r + 2, c + 1, r + 2, c + 2);
            }
            v_add(&b, ", {\"type\": \"negative\", \"of\": \"battenburg\"%s}",
                  area ? ", \"area\": \"r1c1:r3c3\"" : "");
        } else {
            /* Cell clues of kind true in S on some cells; a clue of another
             * kind on others (exempts nothing). */
            for (int c = 0; c < 16; c++) {
                int d = S[c];
                int holds = kind == 0   ? d % 2
                            : kind == 1 ? d % 2 == 0
                            : kind == 2 ? d <= split
                                        : d > split;
                if (holds && v_rand(2)) {
                    cellmark[c] = 1;
                    v_add(&b, ", {\"type\": \"cell\", \"kind\": \"%s\"", kinds[kind]);
                    if (kind >= 2) v_add(&b, ", \"split\": %d", split);
                    v_add(&b, ", \"cells\": [\"r%dc%d\"]}", c / 4 + 1, c % 4 + 1);
                } else if (v_rand(4) == 0) {
                    int other = (kind + 1 + (int)v_rand(3)) % 4;
                    cellmark[c] = 2 + other; /* a clue of another kind: no exemption */
                    v_add(&b, ", {\"type\": \"cell\", \"kind\": \"%s\"", kinds[other]);
                    if (other >= 2) v_add(&b, ", \"split\": 2");
                    v_add(&b, ", \"cells\": [\"r%dc%d\"]}", c / 4 + 1, c % 4 + 1);
                }
            }
            v_add(&b, ", {\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"%s\"", kinds[kind]);
            if (kind >= 2) v_add(&b, ", \"split\": %d", split);
            v_add(&b, "%s}", area ? ", \"area\": \"r1c1:r3c3\"" : "");
        }
        v_add(&b, "]");
        long expect = 0;
        for (int s = 0; s < ns; s++) {
            const int *v = all[s];
            int ok = 1;
            for (int k = 0; k < 9 && ok; k++) {
                int r = k / 3, c = k % 3, a = v[r * 4 + c], x = v[r * 4 + c + 1],
                    y = v[r * 4 + 4 + c], z = v[r * 4 + 5 + c];
                int checker = (a - x) % 2 && (a - y) % 2 && (z - x) % 2 && (z - y) % 2;
                if (round % 2 == 0) {
                    int inarea = !area || (r + 1 <= 2 && c + 1 <= 2);
                    ok = marked[k] ? checker : !inarea || !checker;
                }
            }
            if (round % 2 == 1)
                for (int c = 0; c < 16 && ok; c++) {
                    int d = v[c];
                    int holds = kind == 0   ? d % 2
                                : kind == 1 ? d % 2 == 0
                                : kind == 2 ? d <= split
                                            : d > split;
                    int inarea = !area || (c / 4 <= 2 && c % 4 <= 2);
                    if (cellmark[c] == 1)
                        ok = holds;
                    else {
                        if (cellmark[c] >= 2) {
                            int o = cellmark[c] - 2;
                            ok = o == 0 ? d % 2 : o == 1 ? d % 2 == 0 : o == 2 ? d <= 2 : d > 2;
                        }
                        if (ok && inarea) ok = !holds;
                    }
                }
            expect += ok;
        }
        v_count_rules(4, 4, 4, &b, expect);
    }
}

/* ---- Several grids: adjacency only within one grid ---------------------------------------- */

/* Do the orthogonal pairs of the 4 x 4 grid g avoid sums of 5? */
static int no_v(const int *g)
{
    for (int a = 0; a < 16; a++) {
        if (a % 4 < 3 && g[a] + g[a + 1] == 5) return 0;
        if (a < 12 && g[a] + g[a + 4] == 5) return 0;
    }
    return 1;
}

/* Two 4 x 4 grids side by side (r1c1 and r3c5): r3c4|r3c5 and r4c4|r4c5
 * touch but share no grid, so a negative V leaves them free. */
static void two_grids(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    long valid = 0, strict = 0;
    for (int s = 0; s < ns; s++) valid += no_v(all[s]);
    for (int s = 0; s < ns; s++)
        for (int t = 0; t < ns; t++)
            if (no_v(all[s]) && no_v(all[t]) && all[s][11] + all[t][8] != 5 &&
                all[s][15] + all[t][12] != 5)
                strict++;
    assert_true(strict < valid * valid); /* the test would see cross pairs */
    char *json = v_doc(6, 8, 4, ", \"cells\": [\"r1c1:r4c4\", \"r3c5:r6c8\"]",
                       "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                       "{\"type\": \"box_grid\", \"origin\": \"r3c5\", \"box\": [2, 2]}, "
                       "{\"type\": \"negative\", \"of\": \"xv\", \"letter\": \"V\"}]",
                       "");
    v_count_all(json, valid * valid, 0);
    free(json);
}

/* A samurai of five 4 x 4 grids on an 8 x 8 board (corners r1c1, r1c5, r5c1,
 * r5c5, centre r3c3, each corner grid sharing one box with the centre).
 * Counted by composition: for each centre, the product over the corners of
 * the valid corner grids that agree on the shared box. The corner grids
 * touch each other (r1c4|r1c5, r4c1|r5c1, ...) outside every grid. */
static void samurai(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    /* Shared box cells: corner k's box opposite the centre, and the centre's. */
    static const int corner_box[4][4] = {
        {10, 11, 14, 15}, {8, 9, 12, 13}, {2, 3, 6, 7}, {0, 1, 4, 5}};
    static const int centre_box[4][4] = {
        {0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
    /* Givens r3c3 and r6c6 (centre cells 0 and 15) keep the count small:
     * taken from the first centre that has a completion. */
    long per[288];
    int g0 = 0, g15 = 0;
    for (int s = 0; s < ns; s++) {
        const int *C = all[s];
        per[s] = 0;
        if (!no_v(C)) continue;
        long prod = 1;
        for (int k = 0; k < 4 && prod; k++) {
            long n = 0;
            for (int t = 0; t < ns; t++) {
                int same = no_v(all[t]);
                for (int i = 0; i < 4 && same; i++)
                    same = all[t][corner_box[k][i]] == C[centre_box[k][i]];
                n += same;
            }
            prod *= n;
        }
        per[s] = prod;
        if (prod && !g0) {
            g0 = C[0];
            g15 = C[15];
        }
    }
    long expect = 0;
    for (int s = 0; s < ns; s++)
        if (all[s][0] == g0 && all[s][15] == g15) expect += per[s];
    assert_true(expect > 0);
    char givens[64];
    snprintf(givens, sizeof givens, "\"r3c3\": %d, \"r6c6\": %d", g0, g15);
    char *json = v_doc(8, 8, 4, "",
                       "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                       "{\"type\": \"box_grid\", \"origin\": \"r1c5\", \"box\": [2, 2]}, "
                       "{\"type\": \"box_grid\", \"origin\": \"r3c3\", \"box\": [2, 2]}, "
                       "{\"type\": \"box_grid\", \"origin\": \"r5c1\", \"box\": [2, 2]}, "
                       "{\"type\": \"box_grid\", \"origin\": \"r5c5\", \"box\": [2, 2]}, "
                       "{\"type\": \"negative\", \"of\": \"xv\", \"letter\": \"V\"}]",
                       givens);
    rg_puzzle *p = t_parse(json);
    assert_int_equal(v_count(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, expect + 1, NULL),
                     expect);
    assert_int_equal(v_count(p, RG_STRATEGY_PROPAGATE, RG_HEURISTIC_MRV, expect + 1, NULL), expect);
    rg_puzzle_free(p);
    free(json);
}

/* ---- Soundness ---------------------------------------------------------------------- */

static void soundness(void **state)
{
    (void)state;
    static const char *const negs[] = {
        "{\"type\": \"negative\", \"of\": \"kropki\"}",
        "{\"type\": \"negative\", \"of\": \"kropki\", \"color\": \"black\"}",
        "{\"type\": \"negative\", \"of\": \"xv\"}",
        "{\"type\": \"negative\", \"of\": \"xv\", \"letter\": \"V\"}",
        "{\"type\": \"negative\", \"of\": \"difference\", \"value\": 2}",
        "{\"type\": \"negative\", \"of\": \"ratio\", \"value\": 3}",
        "{\"type\": \"negative\", \"of\": \"product\", \"value\": 6}",
        "{\"type\": \"negative\", \"of\": \"sum\", \"sum\": 7}",
        "{\"type\": \"negative\", \"of\": \"rossini\"}",
        "{\"type\": \"negative\", \"of\": \"battenburg\"}",
        "{\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"high\", \"split\": 3}",
        "{\"type\": \"negative\", \"of\": \"cell\", \"kind\": \"odd\", \"area\": \"r1c1:r1c3\"}",
    };
    for (int round = 0; round < 72; round++) {
        int rows = 2 + (int)v_rand(2), cols = 3 + (int)v_rand(2), D = 4 + (int)v_rand(6);
        vbuf b = {0};
        if (round % 12 == 8) {
            /* Two row houses of D cells: four rossini ends. */
            D = 3 + (int)v_rand(3);
            rows = 2;
            cols = D;
            v_add(&b,
                  "[{\"type\": \"row\", \"cells\": \"r1c1:r1c%d\"}, "
                  "{\"type\": \"row\", \"cells\": \"r2c1:r2c%d\"}, %s",
                  D, D, negs[8]);
        } else {
            v_add(&b, "[%s", negs[round % 12]);
            /* A clue or two of the family to exempt positions. */
            if (round % 12 < 8 && v_rand(2))
                v_add(&b, ", {\"type\": \"edge\", \"kind\": \"difference\", \"value\": 9, "
                          "\"cells\": [\"r1c1\", \"r1c2\"]}");
            if (round % 12 == 9)
                v_add(&b, ", {\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": "
                          "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}");
            if (v_rand(2)) v_add(&b, ", %s", negs[v_rand(8)]);
        }
        v_add(&b, "]");
        v_sound_rules(rows, cols, D, &b, 8);
    }
}

/* The rossini ends' propagator is exact: a 1 x D board (D from 3 to 6) with
 * its full row house, so two end triples (the first three cells from each
 * side), random domains, at the propagate level. The expected domains are
 * the fixpoint of each triple's own supports (each of its cells keeps the
 * digits of the triple's fillings, repeats allowed, that neither increase
 * nor decrease strictly, found by trying them all) and of the row's naked
 * singles (a cell of one digit takes it from the others); an empty cell
 * there is a failure. */
static void rossini_ends_exact(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    for (int round = 0; round < 400; round++) {
        int D = 3 + (int)v_rand(4), empty = 0;
        char json[512];
        snprintf(json, sizeof json,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, "
                 "\"columns\": %d, \"digits\": %d}, \"rules\": [{\"type\": \"row\", \"cells\": "
                 "\"r1c1:r1c%d\"}, {\"type\": \"negative\", \"of\": \"rossini\"}]}",
                 D, D, D);
        rg_puzzle *p = t_parse(json);
        rg_mask start[6], got[6], want[6];
        for (int i = 0; i < D; i++) do
                start[i] = (rg_mask)v_rand(1u << D);
            while (!start[i]);
        memcpy(want, start, sizeof want);
        const int trio[2][3] = {{0, 1, 2}, {D - 1, D - 2, D - 3}};
        for (int moved = 1; moved && !empty;) {
            rg_mask before[6];
            memcpy(before, want, sizeof before);
            for (int t = 0; t < 2; t++) {
                const int *x = trio[t];
                rg_mask keep[3] = {0, 0, 0};
                for (int a = 0; a < D; a++)
                    for (int b = 0; b < D; b++)
                        for (int c = 0; c < D; c++) {
                            if (!(want[x[0]] >> a & want[x[1]] >> b & want[x[2]] >> c & 1u))
                                continue;
                            if ((a < b && b < c) || (a > b && b > c)) continue;
                            keep[0] |= (rg_mask)1 << a, keep[1] |= (rg_mask)1 << b,
                                keep[2] |= (rg_mask)1 << c;
                        }
                for (int k = 0; k < 3; k++) want[x[k]] = keep[k];
            }
            for (int i = 0; i < D; i++)
                if (want[i] && !(want[i] & (want[i] - 1)))
                    for (int j = 0; j < D; j++)
                        if (j != i) want[j] &= ~want[i];
            for (int i = 0; i < D; i++) empty |= !want[i];
            moved = memcmp(before, want, (size_t)D * sizeof *want) != 0;
        }
        int r = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, got);
        if (empty) {
            assert_int_equal(r, RG_FAIL);
        } else {
            assert_int_equal(r, 0);
            for (int i = 0; i < D; i++) assert_int_equal(got[i], want[i]);
        }
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
}

static void corpus(void **state)
{
    (void)state;
    assert_true(v_corpus("corpus/variants/negatives.jsonl") >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pair_rows_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(exemption_by_family, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(rossini_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(rossini_clue_exempts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(rossini_area_cell_in_no_house, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(battenburg_and_cells_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(two_grids, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(samurai, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(rossini_ends_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
