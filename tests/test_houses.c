/* The houses plugin: every error it words, the order of the houses it adds,
 * and solution counts of house-only variants (classic, Latin, jigsaw,
 * X-sudoku, windoku, disjoint groups, toroidal, samurai, 16x16, 25x25). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* ---- Documents from a picture of the givens -------------------------------- */

/* A document text (malloc'd) for a rows x cols board with D digits. grid has
 * one character per position in reading order: '.' an empty cell, '#' a
 * position that is no cell (the caller lists board cells in board_extra),
 * '1'..'9' and 'A'.. (10 and up) givens. board_extra is appended inside
 * "board" (may be ""), rules is the JSON list of rules. */
static char *doc(int rows, int cols, int D, const char *board_extra, const char *rules,
                 const char *grid)
{
    size_t cap = 4096 + strlen(rules) + strlen(board_extra) + (size_t)rows * cols * 16;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t k = (size_t)snprintf(s, cap,
                                "{\"format\": \"rulegrid\", \"version\": 1, \"board\": "
                                "{\"rows\": %d, \"columns\": %d, \"digits\": %d%s}, "
                                "\"rules\": %s, \"givens\": {",
                                rows, cols, D, board_extra, rules);
    const char *sep = "";
    for (int i = 0; grid && grid[i]; i++) {
        char ch = grid[i];
        int v = ch >= '1' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 10 : 0;
        if (!v) continue;
        k += (size_t)snprintf(s + k, cap - k, "%s\"r%dc%d\": %d", sep, i / cols + 1, i % cols + 1,
                              v);
        sep = ", ";
    }
    snprintf(s + k, cap - k, "}}");
    return s;
}

static rg_puzzle *parse_doc(int rows, int cols, int D, const char *board_extra, const char *rules,
                            const char *grid)
{
    char *s = doc(rows, cols, D, board_extra, rules, grid);
    rg_puzzle *p = t_parse(s);
    free(s);
    return p;
}

/* Solve with the default options and the given limit; copies the first
 * solution into sol (per cell) when one is found. Returns the count. */
static long solve(const rg_puzzle *p, long limit, int *status, int *sol)
{
    return t_count_into(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, limit, status, sol);
}

/* The first solution must equal the picture `expect` (same format as doc). */
static void assert_solution(const rg_puzzle *p, const int *sol, const char *expect)
{
    int cols = rg_puzzle_columns(p);
    for (int i = 0; expect[i]; i++) {
        if (expect[i] == '#') continue;
        int cell = rg_puzzle_cell_at(p, i / cols + 1, i % cols + 1);
        assert_true(cell >= 0);
        char ch = expect[i];
        int v = ch >= '1' && ch <= '9' ? ch - '0' : ch - 'A' + 10;
        assert_int_equal(sol[cell], v);
    }
    assert_int_equal(rg_puzzle_check(p, sol), -1);
}

/* ---- Errors ------------------------------------------------------------------- */

#define HEAD(rows, cols, d)                                                                        \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": " #rows                      \
    ", \"columns\": " #cols ", \"digits\": " #d

static void grid_cell_missing(void **state)
{
    (void)state;
    rg_error e =
        t_parse_error(HEAD(9, 9, 9) ", \"cells\": [\"r1c1:r9c8\", \"r1c9:r8c9\"]},"
                                    "\"rules\": [{\"type\": \"grid\", \"origin\": \"r1c1\"}]}");
    t_assert_error(&e, 0, "grid", "origin", "r9c9");
    assert_non_null(strstr(e.message, "does not exist"));
}

static void box_grid_cell_missing(void **state)
{
    (void)state;
    rg_error e = t_parse_error(
        HEAD(5, 5, 4) ", \"cells\": [\"r1c1:r1c4\", \"r2c2:r5c5\", \"r2c1\", \"r4c1\"]},"
                      "\"rules\": [{\"type\": \"row\", \"cells\": [\"r1c1\"]}, "
                      "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}]}");
    /* Reading order: r3c1 is the first cell of the area that is missing. */
    t_assert_error(&e, 1, "box_grid", "origin", "r3c1");
}

static void box_product_not_d(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"box_grid\", "
                                             "\"origin\": \"r1c1\", \"box\": [2, 4]}]}");
    t_assert_error(&e, 0, "box_grid", "box", "2 x 4");
    assert_non_null(strstr(e.message, "8 cells"));
    assert_non_null(strstr(e.message, "9 digits"));
}

static void box_not_two_numbers(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"box_grid\", "
                                             "\"origin\": \"r1c1\", \"box\": [9]}]}");
    t_assert_error(&e, 0, "box_grid", "box", "at least 2");
    e = t_parse_error(HEAD(6, 6, 6) "}, \"rules\": [{\"type\": \"box_grid\", "
                                    "\"origin\": \"r1c1\", \"box\": [0, 6]}]}");
    assert_int_equal(e.rule, 0);
    assert_string_equal(e.type, "box_grid");
    assert_non_null(strstr(e.field, "box"));
}

static void house_larger_than_d(void **state)
{
    (void)state;
    static const char *const types[] = {"row", "column", "box"};
    for (int i = 0; i < 3; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 HEAD(5, 5, 4) "}, \"rules\": [{\"type\": \"region\", \"cells\": [\"r1c1\"]}, "
                               "{\"type\": \"%s\", \"cells\": \"r2c1:r2c5\"}]}",
                 types[i]);
        rg_error e = t_parse_error(text);
        t_assert_error(&e, 1, types[i], "cells", "5 cells");
        assert_non_null(strstr(e.message, "4 digits"));
    }
}

static void house_without_cells(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(4, 4, 4) "}, \"rules\": [{\"type\": \"row\", "
                                             "\"cells\": []}]}");
    t_assert_error(&e, 0, "row", "cells", "at least 1");
    e = t_parse_error(HEAD(4, 4, 4) "}, \"rules\": [{\"type\": \"region\", \"kind\": "
                                    "\"extra\", \"cells\": []}]}");
    t_assert_error(&e, 0, "region", "cells", "at least 1");
}

static void bad_origin(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"grid\", "
                                             "\"origin\": \"top-left\"}]}");
    t_assert_error(&e, 0, "grid", "origin", "cell name");
    e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"box_grid\", "
                                    "\"origin\": \"r10c1\", \"box\": [3, 3]}]}");
    t_assert_error(&e, 0, "box_grid", "origin", "r10c1");
}

static void area_does_not_fit(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(10, 9, 9) "}, \"rules\": [{\"type\": \"grid\", "
                                              "\"origin\": \"r2c2\"}]}");
    t_assert_error(&e, 0, "grid", "origin", "does not fit");
    assert_non_null(strstr(e.message, "r2c2"));
    assert_non_null(strstr(e.message, "10 rows and 9 columns"));
}

static void missing_fields(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"box_grid\", "
                                             "\"origin\": \"r1c1\"}]}");
    t_assert_error(&e, 0, "box_grid", "box", "missing");
    e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"grid\"}]}");
    t_assert_error(&e, 0, "grid", "origin", "missing");
    e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"column\"}]}");
    t_assert_error(&e, 0, "column", "cells", "missing");
}

static void unknown_field(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(9, 9, 9) "}, \"rules\": [{\"type\": \"grid\", "
                                             "\"origin\": \"r1c1\", \"box\": [3, 3]}]}");
    t_assert_error(&e, 0, "grid", "box", "unknown field");
    e = t_parse_error(HEAD(4, 4, 4) "}, \"rules\": [{\"type\": \"row\", "
                                    "\"cells\": \"r1c1:r1c4\", \"kind\": \"diagonal\"}]}");
    t_assert_error(&e, 0, "row", "kind", "unknown field");
}

static void bad_region_kind(void **state)
{
    (void)state;
    rg_error e = t_parse_error(HEAD(4, 4, 4) "}, \"rules\": [{\"type\": \"region\", "
                                             "\"kind\": \"diag\", \"cells\": \"r1c1:r1c4\"}]}");
    t_assert_error(&e, 0, "region", "kind", "diagonal");
    assert_non_null(strstr(e.message, "diag"));
}

/* ---- What the rules add -------------------------------------------------------- */

/* Boxes come in reading order of their top-left cells; a grid has none. */
static void box_order(void **state)
{
    (void)state;
    rg_puzzle *p = parse_doc(
        6, 6, 6, "", "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 2]}]", NULL);
    static const int top_left[6][2] = {{1, 1}, {1, 3}, {1, 5}, {4, 1}, {4, 3}, {4, 5}};
    for (int i = 0; i < 6; i++) {
        for (int dr = 0; dr < 3; dr++)
            for (int dc = 0; dc < 2; dc++) {
                int cell = rg_puzzle_cell_at(p, top_left[i][0] + dr, top_left[i][1] + dc);
                assert_int_equal(rg_puzzle_box_of(p, cell), i);
            }
    }
    rg_puzzle_free(p);

    p = parse_doc(4, 4, 4, "", "[{\"type\": \"grid\", \"origin\": \"r1c1\"}]", NULL);
    for (int c = 0; c < rg_puzzle_cells(p); c++) assert_int_equal(rg_puzzle_box_of(p, c), -1);
    rg_puzzle_free(p);
}

/* Two box_grids sharing an area (and a region equal to a box) are one set of
 * houses: the counts do not change. */
static void repeated_houses_are_one(void **state)
{
    (void)state;
    rg_puzzle *p =
        parse_doc(4, 4, 4, "",
                  "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]},"
                  " {\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]},"
                  " {\"type\": \"region\", \"kind\": \"window\", \"cells\": \"r1c1:r2c2\"},"
                  " {\"type\": \"row\", \"cells\": [\"r1c4\", \"r1c3\", \"r1c2\", \"r1c1\"]}]",
                  NULL);
    assert_int_equal(t_count(p, RG_STRATEGY_SUBSETS, RG_HEURISTIC_MRV, 1000, NULL), 288);
    int cell = rg_puzzle_cell_at(p, 2, 2);
    assert_int_equal(rg_puzzle_box_of(p, cell), 0);
    rg_puzzle_free(p);
}

/* ---- Counts ---------------------------------------------------------------------- */

static void classic4_every_strategy(void **state)
{
    (void)state;
    rg_puzzle *p = parse_doc(
        4, 4, 4, "", "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}]", NULL);
    for (int s = RG_STRATEGY_CHECK; s <= RG_STRATEGY_SUBSETS; s++) {
        int status;
        assert_int_equal(t_count(p, s, RG_HEURISTIC_MRV, 1000, &status), 288);
        assert_int_equal(status, RG_STATUS_MULTIPLE);
    }
    rg_puzzle_free(p);
}

static void latin4_every_strategy(void **state)
{
    (void)state;
    rg_puzzle *p = parse_doc(4, 4, 4, "", "[{\"type\": \"grid\", \"origin\": \"r1c1\"}]", NULL);
    for (int s = RG_STRATEGY_CHECK; s <= RG_STRATEGY_SUBSETS; s++)
        assert_int_equal(t_count(p, s, RG_HEURISTIC_FIRST, 1000, NULL), 576);
    rg_puzzle_free(p);
}

/* The same Latin square written as explicit row and column rules. */
static void latin4_from_rows_and_columns(void **state)
{
    (void)state;
    char rules[2048] = "[";
    for (int i = 1; i <= 4; i++) {
        char one[256];
        snprintf(one, sizeof one,
                 "%s{\"type\": \"row\", \"cells\": \"r%dc1:r%dc4\"}, "
                 "{\"type\": \"column\", \"cells\": [\"r1c%d\", \"r2c%d\", \"r3c%d\", \"r4c%d\"]}",
                 i > 1 ? ", " : "", i, i, i, i, i, i);
        strcat(rules, one);
    }
    strcat(rules, "]");
    rg_puzzle *p = parse_doc(4, 4, 4, "", rules, NULL);
    assert_int_equal(t_count(p, RG_STRATEGY_SINGLES, RG_HEURISTIC_MRV, 1000, NULL), 576);
    rg_puzzle_free(p);
}

#define BOX_GRID_6 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 3]}]"

static void classic6_unique(void **state)
{
    (void)state;
    static const char givens[] = "..61..2......4.3.532...4...........6";
    static const char answer[] = "536142214563641325325614463251152436";
    rg_puzzle *p = parse_doc(6, 6, 6, "", BOX_GRID_6, givens);
    for (int s = RG_STRATEGY_FORWARD; s <= RG_STRATEGY_SUBSETS; s++)
        assert_int_equal(t_count(p, s, RG_HEURISTIC_MRV, 10, NULL), 1);
    int status, sol[36];
    assert_int_equal(solve(p, 2, &status, sol), 1);
    assert_int_equal(status, RG_STATUS_UNIQUE);
    assert_solution(p, sol, answer);
    rg_puzzle_free(p);
}

/* Pieces:  AAABBB / AACCBB / ACCCBD / EECFDD / EEFFDD / EEFFFD */
#define JIGSAW_6                                                                                   \
    "[{\"type\": \"grid\", \"origin\": \"r1c1\"},"                                                 \
    " {\"type\": \"box\", \"cells\": [\"r1c1:r1c3\", \"r2c1\", \"r2c2\", \"r3c1\"]},"              \
    " {\"type\": \"box\", \"cells\": [\"r1c4:r1c6\", \"r2c5\", \"r2c6\", \"r3c5\"]},"              \
    " {\"type\": \"box\", \"cells\": [\"r2c3\", \"r2c4\", \"r3c2:r3c4\", \"r4c3\"]},"              \
    " {\"type\": \"box\", \"cells\": [\"r3c6\", \"r4c5:r5c6\", \"r6c6\"]},"                        \
    " {\"type\": \"box\", \"cells\": \"r4c1:r6c2\"},"                                              \
    " {\"type\": \"box\", \"cells\": [\"r4c4\", \"r5c3\", \"r5c4\", \"r6c3:r6c5\"]}]"

static void jigsaw6(void **state)
{
    (void)state;
    static const char givens[] = ".6..........4...3...2.5.2....4..31..";
    static const char answer[] = "365241124365451632612453236514543126";
    rg_puzzle *p = parse_doc(6, 6, 6, "", JIGSAW_6, givens);
    int status, sol[36];
    assert_int_equal(solve(p, 10, &status, sol), 1);
    assert_int_equal(status, RG_STATUS_UNIQUE);
    assert_solution(p, sol, answer);
    assert_int_equal(rg_puzzle_box_of(p, rg_puzzle_cell_at(p, 3, 1)), 0);
    assert_int_equal(rg_puzzle_box_of(p, rg_puzzle_cell_at(p, 6, 5)), 5);
    rg_puzzle_free(p);

    /* The same givens with regular boxes, and with no boxes at all. */
    p = parse_doc(6, 6, 6, "", BOX_GRID_6, givens);
    assert_int_equal(solve(p, 1000, &status, NULL), 2);
    rg_puzzle_free(p);
    p = parse_doc(6, 6, 6, "", "[{\"type\": \"grid\", \"origin\": \"r1c1\"}]", givens);
    assert_int_equal(solve(p, 1000, &status, NULL), 183);
    rg_puzzle_free(p);
}

#define BOX_GRID_9 "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}"

/* A 9x9 puzzle that is unique with extra regions and has at least 10
 * solutions without them. */
static void unique_only_with(const char *extra, const char *givens, const char *answer)
{
    char rules[4096];
    snprintf(rules, sizeof rules, "[" BOX_GRID_9 ", %s]", extra);
    rg_puzzle *p = parse_doc(9, 9, 9, "", rules, givens);
    int status, sol[81];
    assert_int_equal(solve(p, 2, &status, sol), 1);
    assert_int_equal(status, RG_STATUS_UNIQUE);
    assert_solution(p, sol, answer);
    for (int s = RG_STRATEGY_PROPAGATE; s <= RG_STRATEGY_SUBSETS; s++)
        assert_int_equal(t_count(p, s, RG_HEURISTIC_MRV_DEGREE, 2, NULL), 1);
    rg_puzzle_free(p);

    p = parse_doc(9, 9, 9, "", "[" BOX_GRID_9 "]", givens);
    assert_int_equal(solve(p, 10, &status, NULL), 10);
    assert_int_equal(status, RG_STATUS_MULTIPLE);
    rg_puzzle_free(p);
}

static void x_sudoku(void **state)
{
    (void)state;
    unique_only_with(
        "{\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [\"r1c1\", \"r2c2\", "
        "\"r3c3\", \"r4c4\", \"r5c5\", \"r6c6\", \"r7c7\", \"r8c8\", \"r9c9\"]}, "
        "{\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [\"r1c9\", \"r2c8\", "
        "\"r3c7\", \"r4c6\", \"r5c5\", \"r6c4\", \"r7c3\", \"r8c2\", \"r9c1\"]}",
        "63.2........3...1....9.....9.78...5.........75...2..........1..394...6........9..",
        "639251748458367219172948536967814352821536497543729861786495123394182675215673984");
}

static void windoku(void **state)
{
    (void)state;
    unique_only_with(
        "{\"type\": \"region\", \"kind\": \"window\", \"cells\": \"r2c2:r4c4\"}, "
        "{\"type\": \"region\", \"kind\": \"window\", \"cells\": \"r2c6:r4c8\"}, "
        "{\"type\": \"region\", \"kind\": \"window\", \"cells\": \"r6c2:r8c4\"}, "
        "{\"type\": \"region\", \"kind\": \"window\", \"cells\": \"r6c6:r8c8\"}",
        "..1....6.....4.....8.....72....1....8..2.......2..8.4....3.................7...35",
        "491827563723546189586139472647913258835274916912658347258361794379485621164792835");
}

static void disjoint_groups(void **state)
{
    (void)state;
    char extra[4096] = "";
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            char one[512];
            int k = snprintf(one, sizeof one,
                             "%s{\"type\": \"region\", \"kind\": \"disjoint\", "
                             "\"cells\": [",
                             i + j ? ", " : "");
            for (int br = 0; br < 3; br++)
                for (int bc = 0; bc < 3; bc++)
                    k += snprintf(one + k, sizeof one - (size_t)k, "%s\"r%dc%d\"",
                                  br + bc ? ", " : "", 3 * br + i + 1, 3 * bc + j + 1);
            snprintf(one + k, sizeof one - (size_t)k, "]}");
            strcat(extra, one);
        }
    unique_only_with(
        extra, "..4......6...2.8..5.......7..87....5...5..9.....3....49.........3.........5.4.6..",
        "214879356673125849589436217498762135367514982152398764941687523736251498825943671");
}

/* Rows and columns as explicit rules and 2x3 boxes shifted by one row and
 * one column, wrapping around the edges. */
static void toroidal6(void **state)
{
    (void)state;
    char rules[8192] = "[";
    for (int i = 1; i <= 6; i++) {
        char one[256];
        snprintf(one, sizeof one,
                 "%s{\"type\": \"row\", \"cells\": \"r%dc1:r%dc6\"}, "
                 "{\"type\": \"column\", \"cells\": \"r1c%d:r6c%d\"}",
                 i > 1 ? ", " : "", i, i, i, i);
        strcat(rules, one);
    }
    for (int top = 0; top < 6; top += 2)
        for (int left = 0; left < 6; left += 3) {
            char one[512];
            int k = snprintf(one, sizeof one, ", {\"type\": \"box\", \"cells\": [");
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 3; j++)
                    k += snprintf(one + k, sizeof one - (size_t)k, "%s\"r%dc%d\"",
                                  i + j ? ", " : "", (top + i + 1) % 6 + 1, (left + j + 1) % 6 + 1);
            snprintf(one + k, sizeof one - (size_t)k, "]}");
            strcat(rules, one);
        }
    strcat(rules, "]");
    static const char givens[] = "2.4...65.......1..4.2..5..........6.";
    rg_puzzle *p = parse_doc(6, 6, 6, "", rules, givens);
    int status, sol[36];
    assert_int_equal(solve(p, 10, &status, sol), 1);
    assert_solution(p, sol, "264513653241346152412635135426521364");
    /* A wrapped box: r1c1 shares one with r6c6. */
    assert_int_equal(rg_puzzle_box_of(p, rg_puzzle_cell_at(p, 1, 1)),
                     rg_puzzle_box_of(p, rg_puzzle_cell_at(p, 6, 6)));
    rg_puzzle_free(p);

    p = parse_doc(6, 6, 6, "", BOX_GRID_6, givens);
    assert_int_equal(solve(p, 1000, &status, NULL), 18);
    rg_puzzle_free(p);
}

#define SAMURAI_CELLS                                                                              \
    ", \"cells\": [\"r1c1:r9c9\", \"r1c13:r9c21\", \"r7c7:r15c15\", \"r13c1:r21c9\", "             \
    "\"r13c13:r21c21\"]"
#define SAMURAI_RULES                                                                              \
    "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]},"                            \
    " {\"type\": \"box_grid\", \"origin\": \"r1c13\", \"box\": [3, 3]},"                           \
    " {\"type\": \"box_grid\", \"origin\": \"r7c7\", \"box\": [3, 3]},"                            \
    " {\"type\": \"box_grid\", \"origin\": \"r13c1\", \"box\": [3, 3]},"                           \
    " {\"type\": \"box_grid\", \"origin\": \"r13c13\", \"box\": [3, 3]}]"

/* Five overlapping 9x9 grids; '#' marks positions that are no cell. */
static const char samurai_givens[] = "...8.....###..2..6..."
                                     "6....5...###....5...8"
                                     ".8.4...17###87..2...."
                                     "3...5....###......46."
                                     ".9.2...3.###..6..2.3."
                                     ".....7.24###..34..1.."
                                     ".........71.........1"
                                     ".2.5..4...2.........9"
                                     "93........5....6.8.5."
                                     "######685......######"
                                     "######....3....######"
                                     "######.....86..######"
                                     "..5...2......8..4.1.."
                                     "..1..6......7.......5"
                                     ".....391......4......"
                                     "..28.....###9....2..."
                                     "6.....4..###...45...."
                                     "8.793....###.....32.."
                                     ".........###.7.2...9."
                                     "49....1..###23.98..4."
                                     "...74.6.5###.....571.";
static const char samurai_answer[] = "214879356###352186974"
                                     "673125849###691754328"
                                     "589436217###874329516"
                                     "362954781###529831467"
                                     "497281635###416972835"
                                     "851367924###783465192"
                                     "748612593714268593741"
                                     "126593478926135247689"
                                     "935748162853947618253"
                                     "######685291473######"
                                     "######741635892######"
                                     "######329478651######"
                                     "965418237149586349127"
                                     "371296854362719826435"
                                     "284573916587324571689"
                                     "512864793###943762851"
                                     "639157428###162458973"
                                     "847932561###857193264"
                                     "758621349###675214398"
                                     "496385172###231987546"
                                     "123749685###498635712";

static void samurai(void **state)
{
    (void)state;
    rg_puzzle *p = parse_doc(21, 21, 9, SAMURAI_CELLS, SAMURAI_RULES, samurai_givens);
    assert_int_equal(rg_puzzle_cells(p), 369);
    assert_int_equal(rg_puzzle_cell_at(p, 10, 1), -1);
    int status, sol[369];
    assert_int_equal(solve(p, 2, &status, sol), 1);
    assert_int_equal(status, RG_STATUS_UNIQUE);
    assert_solution(p, sol, samurai_answer);

    /* r7c7 lies in the top-left and the centre grid: r7c10's digit there
     * repeats in both, and the top-left grid (rule 0) is named first; row 10
     * belongs to the centre grid (rule 2) alone. */
    int c77 = rg_puzzle_cell_at(p, 7, 7), c710 = rg_puzzle_cell_at(p, 7, 10);
    int keep = sol[c77];
    sol[c77] = sol[c710];
    assert_int_equal(rg_puzzle_check(p, sol), 0);
    sol[c77] = keep;
    int c1010 = rg_puzzle_cell_at(p, 10, 10), c1011 = rg_puzzle_cell_at(p, 10, 11);
    keep = sol[c1010];
    sol[c1010] = sol[c1011];
    assert_int_equal(rg_puzzle_check(p, sol), 2);
    sol[c1010] = keep;
    assert_int_equal(rg_puzzle_check(p, sol), -1);
    rg_puzzle_free(p);
}

/* An n^2 x n^2 box_grid with the givens of a pattern solution on one cell
 * in three: the first solution found must respect the givens and satisfy
 * every rule. */
static void big_grid(int n)
{
    int D = n * n;
    char *grid = malloc((size_t)D * D + 1);
    assert_non_null(grid);
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            int v = (n * (r % n) + r / n + c) % D + 1;
            int given = (r * 31 + c * 17) % 3 == 0;
            grid[r * D + c] = !given ? '.' : v <= 9 ? (char)('0' + v) : (char)('A' + v - 10);
        }
    grid[D * D] = 0;
    char rules[256];
    snprintf(rules, sizeof rules,
             "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [%d, %d]}]", n, n);
    rg_puzzle *p = parse_doc(D, D, D, "", rules, grid);
    int status, *sol = malloc((size_t)D * D * sizeof *sol);
    assert_non_null(sol);
    assert_int_equal(solve(p, 1, &status, sol), 1);
    assert_int_equal(status, RG_STATUS_SOLVED);
    assert_int_equal(rg_puzzle_check(p, sol), -1);
    const int *givens = rg_puzzle_givens(p);
    int ngivens = 0;
    for (int i = 0; i < D * D; i++)
        if (givens[i]) {
            assert_int_equal(sol[i], givens[i]);
            ngivens++;
        }
    assert_true(ngivens >= D * D / 3);
    rg_puzzle_free(p);
    free(sol);
    free(grid);
}

static void grid16(void **state)
{
    (void)state;
    big_grid(4);
}

static void grid25(void **state)
{
    (void)state;
    big_grid(5);
}

/* Empty 16x16 and 25x25 boards: the search alone finds a valid grid. */
static void empty_big(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        int D = n * n;
        char rules[256];
        snprintf(rules, sizeof rules,
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [%d, %d]}]", n, n);
        rg_puzzle *p = parse_doc(D, D, D, "", rules, NULL);
        int status, sol[625];
        assert_int_equal(solve(p, 1, &status, sol), 1);
        assert_int_equal(rg_puzzle_check(p, sol), -1);
        rg_puzzle_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(grid_cell_missing, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(box_grid_cell_missing, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(box_product_not_d, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(box_not_two_numbers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(house_larger_than_d, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(house_without_cells, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(bad_origin, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(area_does_not_fit, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(missing_fields, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(unknown_field, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(bad_region_kind, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(box_order, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(repeated_houses_are_one, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(classic4_every_strategy, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(latin4_every_strategy, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(latin4_from_rows_and_columns, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(classic6_unique, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(jigsaw6, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(x_sudoku, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(windoku, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(disjoint_groups, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(toroidal6, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(samurai, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(grid16, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(grid25, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(empty_big, t_mem_setup, t_mem_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
