/* Tests of core/fields.c: each field reader's accepted and refused values, the
 * wording of its errors, and the refusal of unknown rule members. The readers
 * run over a rule object parsed here and a board built by hand. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/json.h"
#include "base/mem.h"
#include "model/build.h"
#include "model/model.h"
#include "rules/read.h"

/* A rule being read: its JSON, a model of a board built by hand, and the
 * build context. */
typedef struct fx {
    rg_model *m;
    rg_error err;
    rg_build b;
    rg_rule r;
    cJSON *json;
    int begin_rc;
} fx;

static void fx_open_board(fx *f, int rows, int cols, int digits, const unsigned char *exists,
                          const char *json)
{
    memset(f, 0, sizeof *f);
    rg_json_hooks();
    rg_error_clear(&f->err);
    rg_board board;
    assert_int_equal(rg_board_init(&board, rows, cols, digits, exists, &f->err), RG_OK);
    f->m = rg_model_new(&board);
    assert_non_null(f->m);
    f->json = rg_json_parse(json, strlen(json), NULL); /* as documents are read */
    assert_non_null(f->json);
    f->b.m = f->m;
    f->b.board = &f->m->board;
    f->b.arena = &f->m->arena;
    f->b.err = &f->err;
    f->b.rule_index = 3;
    f->begin_rc = rg_read_begin(&f->b, &f->r, f->json, 3, "test");
}

static void fx_open(fx *f, const char *json) { fx_open_board(f, 9, 9, 9, NULL, json); }

static void fx_close(fx *f)
{
    cJSON_Delete(f->json);
    rg_model_unref(f->m);
    assert_int_equal(rg_mem_in_use(), 0);
}

/* The error recorded: code, rule 3 of type "test", field and a phrase. */
static void expect_error(fx *f, int rc, const char *field, const char *phrase)
{
    assert_int_equal(rc, RG_E_FORMAT);
    assert_int_equal(f->err.code, RG_E_FORMAT);
    assert_int_equal(f->err.rule, 3);
    assert_string_equal(f->err.type, "test");
    assert_string_equal(f->err.field, field);
    if (!strstr(f->err.message, phrase))
        fail_msg("message \"%s\" lacks \"%s\"", f->err.message, phrase);
}

static int name_of(const fx *f, int cell, char *buf)
{
    rg_board_cell_name(f->m->board.row[cell], f->m->board.col[cell], buf, 16);
    return 0;
}

/* ---- read_cells ------------------------------------------------------------ */

static void cells_names_and_rectangles(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"t\",\"a\":[\"r1c1\",\"R2C2\",\"r3c3:r2c4\"],\"b\":\"r9c9:r8c8\"}");
    assert_int_equal(f.begin_rc, RG_OK);
    const int *cells;
    int n;
    assert_int_equal(rg_read_cells(&f.b, &f.r, "a", 0, 0, 0, &cells, &n), RG_OK);
    assert_int_equal(n, 2 + 4);
    assert_int_equal(cells[0], 0);
    assert_int_equal(cells[1], 10);
    /* The rectangle r2c3:r3c4 in reading order (r2c2 is not part of it). */
    assert_int_equal(cells[2], rg_board_at(&f.m->board, 2, 3));
    assert_int_equal(cells[3], rg_board_at(&f.m->board, 2, 4));
    assert_int_equal(cells[5], rg_board_at(&f.m->board, 3, 4));
    assert_int_equal(rg_read_cells(&f.b, &f.r, "b", 0, 4, 4, &cells, &n), RG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cells[0], rg_board_at(&f.m->board, 8, 8));
    assert_int_equal(rg_read_end(&f.b, &f.r), RG_OK);
    fx_close(&f);
}

static void cells_ordered_keeps_order(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"a\":[\"r5c3\",\"r4c3\",\"r3c3\",\"r3c4\"],\"b\":[\"r1c1:r1c2\"],"
                "\"c\":\"r1c1:r1c2\"}");
    const int *cells;
    int n;
    assert_int_equal(rg_read_cells(&f.b, &f.r, "a", RG_F_ORDERED, 2, 0, &cells, &n), RG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cells[0], rg_board_at(&f.m->board, 5, 3));
    assert_int_equal(cells[1], rg_board_at(&f.m->board, 4, 3));
    assert_int_equal(cells[2], rg_board_at(&f.m->board, 3, 3));
    assert_int_equal(cells[3], rg_board_at(&f.m->board, 3, 4));
    int rc = rg_read_cells(&f.b, &f.r, "b", RG_F_ORDERED, 0, 0, &cells, &n);
    expect_error(&f, rc, "b[0]", "expected a single cell name, got the rectangle");
    rc = rg_read_cells(&f.b, &f.r, "c", RG_F_ORDERED, 0, 0, &cells, &n);
    expect_error(&f, rc, "c", "expected a list of cell names");
    fx_close(&f);
}

/* A line may cross itself only where the plugin asks for RG_F_REPEATS. */
static void cells_ordered_repeats(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"a\":[\"r6c7\",\"r5c7\",\"r6c6\",\"r5c7\"],\"b\":[\"r1c1\",\"r1c2\",\"r1c1\"]}");
    const int *cells;
    int n;
    assert_int_equal(rg_read_cells(&f.b, &f.r, "a", RG_F_ORDERED | RG_F_REPEATS, 2, 0, &cells, &n),
                     RG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cells[1], cells[3]);
    int rc = rg_read_cells(&f.b, &f.r, "b", RG_F_ORDERED, 2, 0, &cells, &n);
    expect_error(&f, rc, "b[2]", "cell r1c1 listed twice");
    fx_close(&f);
}

static void cells_refused(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"dup\":[\"r1c1\",\"r1c2\",\"R1C1\"],\"dupr\":[\"r1c1:r2c2\",\"r2c2\"],"
                "\"off\":[\"r1c1\",\"r10c1\"],\"offr\":\"r8c8:r9c10\",\"num\":12,"
                "\"elem\":[\"r1c1\",7],\"zero\":[\"r01c1\"],\"junk\":[\"rxc1\"],"
                "\"bare\":\"r1c1\",\"few\":[\"r1c1\"],\"many\":\"r1c1:r1c4\"}");
    const int *cells = NULL;
    int n = -1;
    int rc = rg_read_cells(&f.b, &f.r, "dup", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "dup[2]", "cell r1c1 listed twice");
    rc = rg_read_cells(&f.b, &f.r, "dupr", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "dupr[1]", "cell r2c2 listed twice");
    rc = rg_read_cells(&f.b, &f.r, "off", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "off[1]", "r10c1 does not exist on a 9x9 board");
    rc = rg_read_cells(&f.b, &f.r, "offr", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "offr", "does not exist on a 9x9 board");
    rc = rg_read_cells(&f.b, &f.r, "num", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "num", "expected a list of cell names and rectangles, got 12");
    rc = rg_read_cells(&f.b, &f.r, "elem", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "elem[1]", "expected a cell name or a rectangle, got 7");
    rc = rg_read_cells(&f.b, &f.r, "zero", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "zero[0]", "no leading zeros");
    rc = rg_read_cells(&f.b, &f.r, "junk", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "junk[0]", "expected a cell name like \"r1c1\", got \"rxc1\"");
    rc = rg_read_cells(&f.b, &f.r, "bare", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "bare", "write [\"r1c1\"] for one cell");
    rc = rg_read_cells(&f.b, &f.r, "few", 0, 2, 0, &cells, &n);
    expect_error(&f, rc, "few", "expected at least 2 cells, got 1");
    rc = rg_read_cells(&f.b, &f.r, "many", 0, 0, 3, &cells, &n);
    expect_error(&f, rc, "many", "expected at most 3 cells, got 4");
    rc = rg_read_cells(&f.b, &f.r, "absent", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "absent", "missing required field");
    /* Outputs are never touched on an error. */
    assert_null(cells);
    assert_int_equal(n, -1);
    fx_close(&f);
}

static void cells_optional_absent(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"t\"}");
    const int *cells = (const int *)&f;
    int n = 42;
    assert_int_equal(rg_read_cells(&f.b, &f.r, "cells", RG_F_OPTIONAL, 1, 0, &cells, &n),
                     RG_ABSENT);
    assert_ptr_equal(cells, (const int *)&f);
    assert_int_equal(n, 42);
    assert_int_equal(f.err.code, RG_OK);
    assert_int_equal(rg_read_end(&f.b, &f.r), RG_OK);
    fx_close(&f);
}

static void cells_missing_on_board_with_holes(void **state)
{
    (void)state;
    /* 2 x 3 board without r1c2. */
    unsigned char exists[6] = {1, 0, 1, 1, 1, 1};
    fx f;
    fx_open_board(&f, 2, 3, 3, exists,
                  "{\"a\":[\"r1c2\"],\"b\":\"r1c1:r2c2\",\"c\":[\"r2c1:r2c3\"]}");
    const int *cells;
    int n;
    int rc = rg_read_cells(&f.b, &f.r, "a", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "a[0]", "r1c2 does not exist: it is not one of the board's cells");
    rc = rg_read_cells(&f.b, &f.r, "b", 0, 0, 0, &cells, &n);
    expect_error(&f, rc, "b", "holds r1c2, which is not one of the board's cells");
    assert_int_equal(rg_read_cells(&f.b, &f.r, "c", 0, 0, 0, &cells, &n), RG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(cells[0], 2);
    fx_close(&f);
}

/* A list far longer than the board is refused at its first repeat, fast. */
static void cells_long_list_is_quick(void **state)
{
    (void)state;
    cJSON *obj, *list;
    rg_json_hooks();
    obj = cJSON_CreateObject();
    list = cJSON_AddArrayToObject(obj, "cells");
    char name[16];
    for (int i = 0; i < 20000; i++) {
        snprintf(name, sizeof name, "r%dc%d", i / 99 % 99 + 1, i % 99 + 1);
        cJSON_AddItemToArray(list, cJSON_CreateString(name));
    }
    char *text = cJSON_PrintUnformatted(obj);
    cJSON_Delete(obj);
    fx f;
    fx_open_board(&f, 99, 99, 9, NULL, text);
    rg_mem_free(text);
    const int *cells;
    int n;
    clock_t t0 = clock();
    int rc = rg_read_cells(&f.b, &f.r, "cells", 0, 0, 0, &cells, &n);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    expect_error(&f, rc, "cells[9801]", "cell r1c1 listed twice");
    assert_true(s < 0.5);
    /* All 9801 distinct cells of the largest board, as names: fine and fast. */
    while (cJSON_GetArraySize(cJSON_GetObjectItem(f.json, "cells")) > 9801)
        cJSON_DeleteItemFromArray(cJSON_GetObjectItem(f.json, "cells"), 9801);
    rg_error_clear(&f.err);
    t0 = clock();
    assert_int_equal(rg_read_cells(&f.b, &f.r, "cells", 0, 0, 0, &cells, &n), RG_OK);
    assert_int_equal(n, 9801);
    assert_int_equal(cells[9800], 9800);
    assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 0.5);
    fx_close(&f);
}

/* ---- read_area, read_cell ------------------------------------------------ */

static void area_forms(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"g\":\"r1c1\",\"rect\":\"r1c1:r2c2\",\"list\":[\"r1c1:r1c3\",\"r5c5\"],"
                "\"notorigin\":\"r2c2\",\"off\":\"r10c10\",\"dup\":[\"r1c1:r1c3\",\"r1c2\"],"
                "\"num\":true}");
    const int *cells;
    int n;
    assert_int_equal(rg_read_area(&f.b, &f.r, "g", 0, &cells, &n), RG_OK);
    assert_int_equal(n, 81);
    assert_int_equal(cells[80], 80);
    assert_int_equal(rg_read_area(&f.b, &f.r, "rect", 0, &cells, &n), RG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(rg_read_area(&f.b, &f.r, "list", 0, &cells, &n), RG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cells[3], 40);
    int rc = rg_read_area(&f.b, &f.r, "notorigin", 0, &cells, &n);
    expect_error(&f, rc, "notorigin", "r2c2 is not the origin of a grid; an area is");
    rc = rg_read_area(&f.b, &f.r, "off", 0, &cells, &n);
    expect_error(&f, rc, "off", "r10c10 does not exist on a 9x9 board");
    rc = rg_read_area(&f.b, &f.r, "dup", 0, &cells, &n);
    expect_error(&f, rc, "dup[1]", "cell r1c2 listed twice");
    rc = rg_read_area(&f.b, &f.r, "num", 0, &cells, &n);
    expect_error(&f, rc, "num", "got true");
    assert_int_equal(rg_read_area(&f.b, &f.r, "none", RG_F_OPTIONAL, &cells, &n), RG_ABSENT);
    fx_close(&f);
}

/* A bare origin is a grid's area whatever rule declares the grid, before or
 * after: the grid is checked once every rule is compiled. */
static void area_grid_checked_after_compile(void **state)
{
    (void)state;
    fx f;
    fx_open_board(&f, 9, 18, 9, NULL, "{\"a\":\"r1c10\",\"b\":\"r1c1\"}");
    const int *cells;
    int n;
    assert_int_equal(rg_read_area(&f.b, &f.r, "a", 0, &cells, &n), RG_OK);
    assert_int_equal(n, 81);
    assert_int_equal(cells[0], rg_board_at(&f.m->board, 1, 10));
    assert_int_equal(cells[80], rg_board_at(&f.m->board, 9, 18));
    assert_int_equal(rg_read_area(&f.b, &f.r, "b", 0, &cells, &n), RG_OK);
    assert_int_equal(rg_build_add_grid(&f.b, rg_board_at(&f.m->board, 1, 1)), RG_OK);
    /* r1c10 was never declared a grid: its rule and field are named. */
    rg_error_clear(&f.err);
    assert_int_equal(rg_build_check_areas(f.m, &f.err), RG_E_FORMAT);
    assert_int_equal(f.err.rule, 3);
    assert_string_equal(f.err.field, "a");
    assert_non_null(strstr(f.err.message, "r1c10 is not the origin of a grid"));
    assert_int_equal(rg_build_add_grid(&f.b, rg_board_at(&f.m->board, 1, 10)), RG_OK);
    rg_error_clear(&f.err);
    assert_int_equal(rg_build_check_areas(f.m, &f.err), RG_OK);
    fx_close(&f);
}

static void area_grid_must_exist(void **state)
{
    (void)state;
    /* Origin r1c1 of a 3-digit grid on a board missing r3c3. */
    unsigned char exists[9] = {1, 1, 1, 1, 1, 1, 1, 1, 0};
    fx f;
    fx_open_board(&f, 3, 3, 3, exists, "{\"area\":\"r1c1\"}");
    const int *cells;
    int n;
    int rc = rg_read_area(&f.b, &f.r, "area", 0, &cells, &n);
    expect_error(&f, rc, "area", "holds r3c3, which is not one of the board's cells");
    fx_close(&f);
}

static void cell_single(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"o\":\"r9c9\",\"n\":5,\"bad\":\"r9c9x\",\"l\":[\"r1c1\"]}");
    int cell = -1;
    assert_int_equal(rg_read_cell(&f.b, &f.r, "o", 0, &cell), RG_OK);
    assert_int_equal(cell, 80);
    int rc = rg_read_cell(&f.b, &f.r, "n", 0, &cell);
    expect_error(&f, rc, "n", "expected a cell name like \"r1c1\", got 5");
    rc = rg_read_cell(&f.b, &f.r, "bad", 0, &cell);
    expect_error(&f, rc, "bad", "got \"r9c9x\"");
    rc = rg_read_cell(&f.b, &f.r, "l", 0, &cell);
    expect_error(&f, rc, "l", "got a list");
    assert_int_equal(cell, 80);
    fx_close(&f);
}

/* ---- read_pairs, read_cell_lists --------------------------------------------- */

static void pairs(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"p\":[[\"r1c1\",\"r3c3\"],[\"r1c1\",\"r4c4\"]],\"three\":[[\"r1c1\",\"r1c2\","
                "\"r1c3\"]],\"same\":[[\"r2c2\",\"R2C2\"]],\"flat\":[\"r1c1\",\"r1c2\"],"
                "\"inner\":[[\"r1c1\",2]],\"empty\":[]}");
    const int *p;
    int n;
    char a[16], b[16];
    assert_int_equal(rg_read_pairs(&f.b, &f.r, "p", 0, &p, &n), RG_OK);
    assert_int_equal(n, 2);
    name_of(&f, p[2], a);
    name_of(&f, p[3], b);
    assert_string_equal(a, "r1c1");
    assert_string_equal(b, "r4c4");
    int rc = rg_read_pairs(&f.b, &f.r, "three", 0, &p, &n);
    expect_error(&f, rc, "three[0]", "expected a pair of two cell names, got a list of 3");
    rc = rg_read_pairs(&f.b, &f.r, "same", 0, &p, &n);
    expect_error(&f, rc, "same[0]", "a pair needs two different cells");
    rc = rg_read_pairs(&f.b, &f.r, "flat", 0, &p, &n);
    expect_error(&f, rc, "flat[0]", "expected a pair of two cell names, got \"r1c1\"");
    rc = rg_read_pairs(&f.b, &f.r, "inner", 0, &p, &n);
    expect_error(&f, rc, "inner[0][1]", "expected a cell name, got 2");
    assert_int_equal(rg_read_pairs(&f.b, &f.r, "empty", 0, &p, &n), RG_OK);
    assert_int_equal(n, 0);
    fx_close(&f);
}

static void cell_lists(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"l\":[[\"r3c3\",\"r4c4\",\"r5c5\"],[\"r2c3\",\"r3c4\"]],\"none\":[],"
                "\"short\":[[\"r1c1\",\"r1c2\"],[\"r1c3\"]],\"dup\":[[\"r1c1\",\"r1c1\"]],"
                "\"notlist\":[\"r1c1\"],\"rect\":[[\"r1c1:r1c2\"]]}");
    const int *const *ls;
    const int *lens;
    int n;
    assert_int_equal(rg_read_cell_lists(&f.b, &f.r, "l", 0, 1, 2, &ls, &lens, &n), RG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(lens[0], 3);
    assert_int_equal(lens[1], 2);
    assert_int_equal(ls[0][2], 40);
    assert_int_equal(ls[1][0], rg_board_at(&f.m->board, 2, 3));
    int rc = rg_read_cell_lists(&f.b, &f.r, "none", 0, 1, 1, &ls, &lens, &n);
    expect_error(&f, rc, "none", "expected at least 1 list, got 0");
    rc = rg_read_cell_lists(&f.b, &f.r, "short", 0, 1, 2, &ls, &lens, &n);
    expect_error(&f, rc, "short[1]", "expected at least 2 cells, got 1");
    rc = rg_read_cell_lists(&f.b, &f.r, "dup", 0, 1, 1, &ls, &lens, &n);
    expect_error(&f, rc, "dup[0][1]", "cell r1c1 listed twice");
    rc = rg_read_cell_lists(&f.b, &f.r, "notlist", 0, 1, 1, &ls, &lens, &n);
    expect_error(&f, rc, "notlist[0]", "expected a list of cell names, got \"r1c1\"");
    rc = rg_read_cell_lists(&f.b, &f.r, "rect", 0, 1, 1, &ls, &lens, &n);
    expect_error(&f, rc, "rect[0][0]", "got the rectangle");
    fx_close(&f);
}

/* ---- Scalars ------------------------------------------------------------------ */

static void ints(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"ok\":7,\"neg\":-3,\"big\":12,\"frac\":3.5,\"huge\":1e300,\"str\":\"5\","
                "\"nul\":null,\"exp\":2e1,\"m\":9007199254740993,\"whole\":3.0,"
                "\"wholeexp\":0.3e1}");
    long v = 0;
    assert_int_equal(rg_read_int(&f.b, &f.r, "ok", 0, 1, 9, &v), RG_OK);
    assert_int_equal(v, 7);
    assert_int_equal(rg_read_int(&f.b, &f.r, "neg", 0, -5, 5, &v), RG_OK);
    assert_int_equal(v, -3);
    assert_int_equal(rg_read_int(&f.b, &f.r, "exp", 0, 0, 100, &v), RG_OK);
    assert_int_equal(v, 20);
    int rc = rg_read_int(&f.b, &f.r, "big", 0, 1, 9, &v);
    expect_error(&f, rc, "big", "expected an integer from 1 to 9, got 12");
    rc = rg_read_int(&f.b, &f.r, "frac", 0, 1, 9, &v);
    expect_error(&f, rc, "frac", "got 3.5");
    /* written with a fraction: refused whatever its value (spec §8.7) */
    rc = rg_read_int(&f.b, &f.r, "whole", 0, 1, 9, &v);
    expect_error(&f, rc, "whole", "expected an integer from 1 to 9, got 3.0");
    rc = rg_read_int(&f.b, &f.r, "wholeexp", 0, LONG_MIN / 4, LONG_MAX / 4, &v);
    expect_error(&f, rc, "wholeexp", "expected an integer, got 3.0");
    rc = rg_read_int(&f.b, &f.r, "huge", 0, LONG_MIN, LONG_MAX, &v);
    expect_error(&f, rc, "huge", "expected an integer, got 1e+300");
    rc = rg_read_int(&f.b, &f.r, "m", 0, 0, LONG_MAX, &v);
    expect_error(&f, rc, "m",
                 "expected an integer of at least 0, got a number of magnitude 2^53 or more (read "
                 "as 9007199254740992), which is not read exactly");
    /* a range the board leaves empty says so, whatever the value */
    rc = rg_read_int(&f.b, &f.r, "ok", 0, 1, 0, &v);
    expect_error(&f, rc, "ok",
                 "no value fits this board (the field would take an integer from 1 to 0)");
    rc = rg_read_int(&f.b, &f.r, "str", 0, 1, 9, &v);
    expect_error(&f, rc, "str", "got \"5\"");
    rc = rg_read_int(&f.b, &f.r, "nul", 0, 1, 9, &v);
    expect_error(&f, rc, "nul", "got null");
    assert_int_equal(v, 20);
    assert_int_equal(rg_read_int(&f.b, &f.r, "gone", RG_F_OPTIONAL, 1, 9, &v), RG_ABSENT);
    assert_int_equal(v, 20);
    fx_close(&f);
}

static void enums_bools_strings(void **state)
{
    (void)state;
    static const char *const kinds[] = {"thermo", "whisper", "renban", NULL};
    fx f;
    fx_open(&f, "{\"k\":\"renban\",\"bad\":\"Renban\",\"num\":1,\"t\":true,\"f\":false,"
                "\"b\":0,\"s\":\"hello\",\"sn\":[\"x\"]}");
    int k = -1;
    assert_int_equal(rg_read_enum(&f.b, &f.r, "k", 0, kinds, &k), RG_OK);
    assert_int_equal(k, 2);
    int rc = rg_read_enum(&f.b, &f.r, "bad", 0, kinds, &k);
    expect_error(&f, rc, "bad", "expected one of thermo, whisper, renban; got \"Renban\"");
    rc = rg_read_enum(&f.b, &f.r, "num", 0, kinds, &k);
    expect_error(&f, rc, "num", "got 1");
    int t = -1;
    assert_int_equal(rg_read_bool(&f.b, &f.r, "t", 0, &t), RG_OK);
    assert_int_equal(t, 1);
    assert_int_equal(rg_read_bool(&f.b, &f.r, "f", 0, &t), RG_OK);
    assert_int_equal(t, 0);
    rc = rg_read_bool(&f.b, &f.r, "b", 0, &t);
    expect_error(&f, rc, "b", "expected true or false, got 0");
    const char *s = NULL;
    assert_int_equal(rg_read_string(&f.b, &f.r, "s", 0, &s), RG_OK);
    rc = rg_read_string(&f.b, &f.r, "sn", 0, &s);
    expect_error(&f, rc, "sn", "expected a string, got a list");
    /* The string lives in the arena, not in the JSON. */
    cJSON_Delete(f.json);
    f.json = NULL;
    assert_string_equal(s, "hello");
    fx_close(&f);
}

static void digits(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"d\":[1,1,7],\"r\":[1,10],\"z\":[0],\"f\":[2.5],\"rep\":[3,4,3],"
                "\"n\":3,\"g\":[[1,2,3],[4,5,6],[7,8,9]],\"gb\":[[1],[2,\"3\"]],\"gn\":[1]}");
    const int *d;
    int n;
    assert_int_equal(rg_read_digits(&f.b, &f.r, "d", 0, 1, 4, &d, &n), RG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(d[2], 7);
    int rc = rg_read_digits(&f.b, &f.r, "d", 0, 4, 0, &d, &n);
    expect_error(&f, rc, "d", "expected at least 4 digits, got 3");
    rc = rg_read_digits(&f.b, &f.r, "d", 0, 0, 2, &d, &n);
    expect_error(&f, rc, "d", "expected at most 2 digits, got 3");
    rc = rg_read_digits(&f.b, &f.r, "r", 0, 0, 0, &d, &n);
    expect_error(&f, rc, "r[1]", "expected a digit from 1 to 9, got 10");
    rc = rg_read_digits(&f.b, &f.r, "z", 0, 0, 0, &d, &n);
    expect_error(&f, rc, "z[0]", "got 0");
    rc = rg_read_digits(&f.b, &f.r, "f", 0, 0, 0, &d, &n);
    expect_error(&f, rc, "f[0]", "got 2.5");
    rc = rg_read_digits(&f.b, &f.r, "rep", RG_F_DISTINCT, 0, 0, &d, &n);
    expect_error(&f, rc, "rep[2]", "digit 3 listed twice");
    assert_int_equal(rg_read_digits(&f.b, &f.r, "rep", 0, 0, 0, &d, &n), RG_OK);
    rc = rg_read_digits(&f.b, &f.r, "n", 0, 0, 0, &d, &n);
    expect_error(&f, rc, "n", "expected a list of digits, got 3");

    const int *const *ls;
    const int *lens;
    assert_int_equal(rg_read_digit_lists(&f.b, &f.r, "g", 0, &ls, &lens, &n), RG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(lens[2], 3);
    assert_int_equal(ls[2][0], 7);
    rc = rg_read_digit_lists(&f.b, &f.r, "gb", 0, &ls, &lens, &n);
    expect_error(&f, rc, "gb[1][1]", "expected a digit from 1 to 9, got \"3\"");
    rc = rg_read_digit_lists(&f.b, &f.r, "gn", 0, &ls, &lens, &n);
    expect_error(&f, rc, "gn[0]", "expected a list of digits, got 1");
    fx_close(&f);
}

/* ---- Rule members ------------------------------------------------------------ */

static void unknown_field_refused(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"test\",\"sum\":5,\"colour\":\"red\"}");
    long v;
    assert_int_equal(rg_read_int(&f.b, &f.r, "sum", 0, 1, 45, &v), RG_OK);
    int rc = rg_read_end(&f.b, &f.r);
    expect_error(&f, rc, "colour", "unknown field \"colour\"");
    fx_close(&f);
}

static void has_does_not_read(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"test\",\"sum\":5}");
    assert_int_equal(rg_read_has(&f.b, &f.r, "sum"), 1);
    assert_int_equal(rg_read_has(&f.b, &f.r, "value"), 0);
    int rc = rg_read_end(&f.b, &f.r);
    expect_error(&f, rc, "sum", "unknown field");
    fx_close(&f);
}

static void note_and_x_allowed(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"test\",\"note\":\"from the 2019 final\",\"x-colour\":[1,2],"
                "\"x-\":{}}");
    assert_int_equal(f.begin_rc, RG_OK);
    assert_int_equal(rg_read_end(&f.b, &f.r), RG_OK);
    assert_int_equal(f.err.code, RG_OK);
    fx_close(&f);

    fx_open(&f, "{\"type\":\"test\",\"note\":3}");
    int rc = rg_read_end(&f.b, &f.r);
    expect_error(&f, rc, "note", "a note must be a string, got 3");
    fx_close(&f);
}

static void duplicate_member_refused(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"type\":\"test\",\"sum\":5,\"sum\":6}");
    expect_error(&f, f.begin_rc, "sum", "duplicate key: \"sum\" appears twice");
    fx_close(&f);

    /* Many members: the sorted check finds a repeat too. */
    char text[4096];
    size_t k = (size_t)snprintf(text, sizeof text, "{");
    for (int i = 0; i < 100; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, "\"x-%d\":%d,", i, i);
    snprintf(text + k, sizeof text - k, "\"x-57\":0}");
    fx_open(&f, text);
    expect_error(&f, f.begin_rc, "x-57", "appears twice");
    fx_close(&f);
}

static void rule_must_be_object(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "[1,2]");
    expect_error(&f, f.begin_rc, "", "a rule must be an object, got a list");
    assert_int_equal(rg_read_end(&f.b, &f.r), RG_E_FORMAT);
    fx_close(&f);
}

/* A malformed optional field is an error, not RG_ABSENT; and a plugin that
 * carries on regardless still has the rule end with the error recorded. */
static void failed_optional_read_still_fails(void **state)
{
    (void)state;
    static const char *const kinds[] = {"diagonal", "window", NULL};
    fx f;
    fx_open(&f, "{\"type\":\"test\",\"kind\":\"diagonl\"}");
    int k = 0;
    int rc = rg_read_enum(&f.b, &f.r, "kind", RG_F_OPTIONAL, kinds, &k);
    assert_int_equal(rc, RG_E_FORMAT);
    assert_int_not_equal(rc, RG_ABSENT);
    rc = rg_read_end(&f.b, &f.r);
    expect_error(&f, rc, "kind", "expected one of diagonal, window");
    fx_close(&f);
}

static void error_without_rule(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{}");
    int rc = rg_read_error(&f.b, NULL, NULL, "custom %d", 12);
    assert_int_equal(rc, RG_E_FORMAT);
    assert_int_equal(f.err.rule, 3); /* the build's rule index */
    assert_string_equal(f.err.field, "");
    assert_string_equal(f.err.message, "custom 12");
    assert_int_equal(rg_read_rule_index(&f.r), 3);
    fx_close(&f);
}

static void readers_out_of_memory(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "{\"a\":[\"r1c1\",\"r2c2\"]}");
    const int *cells = NULL;
    int n = 0;
    rg_mem_fail_after(1);
    int rc = rg_read_cells(&f.b, &f.r, "a", 0, 0, 0, &cells, &n);
    rg_mem_fail_after(0);
    assert_int_equal(rc, RG_E_NOMEM);
    assert_int_equal(f.err.code, RG_E_NOMEM);
    assert_null(cells);
    fx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cells_names_and_rectangles),
        cmocka_unit_test(cells_ordered_keeps_order),
        cmocka_unit_test(cells_ordered_repeats),
        cmocka_unit_test(cells_refused),
        cmocka_unit_test(cells_optional_absent),
        cmocka_unit_test(cells_missing_on_board_with_holes),
        cmocka_unit_test(cells_long_list_is_quick),
        cmocka_unit_test(area_forms),
        cmocka_unit_test(area_grid_checked_after_compile),
        cmocka_unit_test(area_grid_must_exist),
        cmocka_unit_test(cell_single),
        cmocka_unit_test(pairs),
        cmocka_unit_test(cell_lists),
        cmocka_unit_test(ints),
        cmocka_unit_test(enums_bools_strings),
        cmocka_unit_test(digits),
        cmocka_unit_test(unknown_field_refused),
        cmocka_unit_test(has_does_not_read),
        cmocka_unit_test(note_and_x_allowed),
        cmocka_unit_test(duplicate_member_refused),
        cmocka_unit_test(rule_must_be_object),
        cmocka_unit_test(failed_optional_read_still_fails),
        cmocka_unit_test(error_without_rule),
        cmocka_unit_test(readers_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
