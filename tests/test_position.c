/* Tests of core/io/position.c (rg_position_parse, the text of --state):
 * both forms read to the right cells and digits, on boards with holes too;
 * every refusal names its field and says what is wrong, and leaves nothing
 * set; allocation failures leak nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#define CLASSIC                                                                                    \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, \"columns\": 9, "         \
    "\"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, "     \
    "3]}], \"givens\": {\"r1c1\": 5}}"
/* A 2 x 3 board of 3 digits whose r1c2 does not exist. */
#define HOLED                                                                                      \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 2, \"columns\": 3, "         \
    "\"digits\": 3, \"cells\": [\"r1c1\", \"r1c3\", \"r2c1:r2c3\"]}, \"rules\": []}"
#define SIXTEEN                                                                                    \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, \"columns\": 4, "         \
    "\"digits\": 16}, \"rules\": []}"

static rg_puzzle *classic, *holed, *sixteen;
static int values[81];
static rg_mask cands[81];

static int setup(void **state)
{
    (void)state;
    classic = t_parse(CLASSIC);
    holed = t_parse(HOLED);
    sixteen = t_parse(SIXTEEN);
    return 0;
}

static int cleanup(void **state)
{
    (void)state;
    rg_puzzle_free(classic);
    rg_puzzle_free(holed);
    rg_puzzle_free(sixteen);
    return 0;
}

static int parse(const rg_puzzle *p, const char *text, rg_error *err)
{
    memset(values, 0x55, sizeof values); /* the reader sets every entry */
    memset(cands, 0x55, sizeof cands);
    return rg_position_parse(p, text, strlen(text), "--state", values, cands, err);
}

static void all_zero(const rg_puzzle *p)
{
    for (int c = 0; c < rg_puzzle_cells(p); c++) {
        assert_int_equal(values[c], 0);
        assert_int_equal(cands[c], 0);
    }
}

/* text is refused with this field and a message holding phrase; nothing
 * is left set. */
static void refused(const rg_puzzle *p, const char *text, const char *field, const char *phrase)
{
    rg_error err;
    if (parse(p, text, &err) != RG_E_FORMAT) fail_msg("\"%s\" was read", text);
    assert_string_equal(err.file, "--state");
    assert_int_equal(err.rule, -1);
    assert_string_equal(err.field, field);
    if (!strstr(err.message, phrase)) fail_msg("message \"%s\" lacks \"%s\"", err.message, phrase);
    all_zero(p);
}

static void reads_json(void **state)
{
    (void)state;
    rg_error err;
    const char *text = "\n  {\"cells\": {\"r1c1\": 5, \"R9C9\": 1},\n"
                       "   \"candidates\": {\"r2c3\": [7, 1, 4], \"r1c1\": [5, 6]}}  \n";
    assert_int_equal(parse(classic, text, &err), RG_OK);
    int r1c1 = rg_puzzle_cell_at(classic, 1, 1), r9c9 = rg_puzzle_cell_at(classic, 9, 9);
    int r2c3 = rg_puzzle_cell_at(classic, 2, 3);
    for (int c = 0; c < 81; c++) {
        assert_int_equal(values[c], c == r1c1 ? 5 : c == r9c9 ? 1 : 0);
        assert_int_equal(cands[c], c == r2c3 ? 0x49u : c == r1c1 ? 0x30u : 0u);
    }
    assert_int_equal(parse(classic, "{}", &err), RG_OK);
    all_zero(classic);
}

static void reads_a_line(void **state)
{
    (void)state;
    rg_error err;
    char line[82];
    memset(line, '.', 81);
    line[81] = 0;
    line[0] = '5';
    line[10] = '0';
    line[80] = '9';
    assert_int_equal(parse(classic, line, &err), RG_OK);
    for (int c = 0; c < 81; c++) {
        assert_int_equal(values[c], c == 0 ? 5 : c == 80 ? 9 : 0);
        assert_int_equal(cands[c], 0);
    }
    /* On a board with holes a position without a cell takes '.' or '0'. */
    assert_int_equal(parse(holed, "1.2.3.", &err), RG_OK);
    assert_int_equal(values[rg_puzzle_cell_at(holed, 1, 1)], 1);
    assert_int_equal(values[rg_puzzle_cell_at(holed, 1, 3)], 2);
    assert_int_equal(values[rg_puzzle_cell_at(holed, 2, 2)], 3);
    assert_int_equal(parse(holed, "10....\r\n", &err), RG_OK);
}

static void refuses_json(void **state)
{
    (void)state;
    refused(classic, "{\"cells\": {\"r1c1\": 5}} trailing", "", "after the document");
    refused(classic, "{\"cells\": {\"r1c1\": 5}", "", "truncated JSON");
    refused(classic, "{\"cells\": {\"r1c1\\u0000x\": 5}}", "", "NUL");
    refused(classic, "{\"cells\": {}, \"cells\": {}}", "cells", "duplicate key: \"cells\"");
    refused(classic, "{\"colours\": {}}", "colours", "unknown member \"colours\"");
    refused(classic, "{\"cells\": [5]}", "cells", "expected an object");
    refused(classic, "{\"candidates\": 5}", "candidates", "expected an object");
    refused(classic, "{\"cells\": {\"r1c1\": 5, \"R1C1\": 5}}", "cells.R1C1",
            "cell r1c1 appears twice in cells");
    refused(classic, "{\"cells\": {\"r1c01\": 5}}", "cells.r1c01", "leading zeros");
    refused(classic, "{\"cells\": {\"r 1c1\": 5}}", "cells.r 1c1", "expected a cell name");
    refused(classic, "{\"cells\": {\"r10c1\": 5}}", "cells.r10c1", "does not exist on a 9x9");
    refused(holed, "{\"cells\": {\"r1c2\": 1}}", "cells.r1c2", "not one of the board's cells");
    refused(classic, "{\"cells\": {\"r1c1\": 10}}", "cells.r1c1", "a digit from 1 to 9, got 10");
    refused(classic, "{\"cells\": {\"r1c1\": 5.5}}", "cells.r1c1", "got 5.5");
    refused(classic, "{\"candidates\": {\"r1c1\": [1], \"r1C1\": [2]}}", "candidates.r1C1",
            "cell r1c1 appears twice in candidates");
    refused(classic, "{\"candidates\": {\"c1r1\": [1]}}", "candidates.c1r1",
            "expected a cell name");
    refused(classic, "{\"candidates\": {\"r1c1\": []}}", "candidates.r1c1", "the list is empty");
    refused(classic, "{\"candidates\": {\"r1c1\": 4}}", "candidates.r1c1", "expected a list");
    refused(classic, "{\"candidates\": {\"r1c1\": [4, 0]}}", "candidates.r1c1[1]",
            "a digit from 1 to 9, got 0");
    refused(classic, "{\"candidates\": {\"r1c1\": [4, 2, 4]}}", "candidates.r1c1[2]",
            "digit 4 is listed twice");
    refused(classic, "{\"cells\": {\"r4c4\": 7}, \"candidates\": {\"r4c4\": [1, 2]}}",
            "candidates.r4c4", "r4c4 is placed as 7 in cells, but its candidates do not keep 7");
    /* a digit on a given must be the given (r1c1 is 5) */
    refused(classic, "{\"cells\": {\"r1c1\": 3}}", "cells.r1c1",
            "r1c1 is a given, 5; the position places 3 there");
}

static void refuses_lines(void **state)
{
    (void)state;
    refused(classic, "", "", "a line of 81 characters");
    refused(classic, "1234", "", "9x9 board): 4 characters");
    refused(classic, "[]", "", "2 characters");
    refused(holed, "1.2.3", "", "a line of 6 characters");
    refused(holed, "1.2.4.", "", "character 5 ('4') is not a digit from 1 to 3");
    refused(holed, "1.2.\x01.", "", "character 5 (byte 0x01)");
    refused(holed, "\xc3\xa9.2.3", "", "character 1 (byte 0xC3)");
    refused(holed, ".3....", "", "character 2 ('3') places a digit at r1c2, which is not a cell");
    refused(sixteen, "................", "", "a board of 16 digits takes its position as {");
    char line[82];
    memset(line, '.', 81);
    line[81] = 0;
    line[0] = '5'; /* the given: taken */
    rg_error err;
    assert_int_equal(rg_position_parse(classic, line, 81, NULL, values, cands, &err), RG_OK);
    assert_int_equal(values[0], 5);
    line[0] = '4';
    refused(classic, line, "", "r1c1 is a given, 5; the position places 4 there");
}

/* The file given is the one named; NULL names none. */
static void names_the_file(void **state)
{
    (void)state;
    rg_error err;
    assert_int_equal(rg_position_parse(classic, "{\"x\": 1}", 8, "pos.json", values, cands, &err),
                     RG_E_FORMAT);
    assert_string_equal(err.file, "pos.json");
    assert_int_equal(rg_position_parse(classic, "{\"x\": 1}", 8, NULL, values, cands, &err),
                     RG_E_FORMAT);
    assert_string_equal(err.file, "");
}

static void out_of_memory(void **state)
{
    (void)state;
    const char *text = "{\"cells\": {\"r1c1\": 5}, \"candidates\": {\"r2c3\": [1, 4]}}";
    size_t before = rg_mem_in_use();
    for (long n = 1; n < 60; n++) {
        rg_error err;
        rg_mem_fail_after(n);
        int rc = parse(classic, text, &err);
        rg_mem_fail_after(0);
        assert_true(rc == RG_OK || rc == RG_E_NOMEM);
        if (rc == RG_E_NOMEM) all_zero(classic);
        assert_int_equal(rg_mem_in_use(), before);
    }
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_mem_setup, t_mem_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(reads_json),    T(reads_a_line),   T(refuses_json),
        T(refuses_lines), T(names_the_file), T(out_of_memory),
    };
    return cmocka_run_group_tests(tests, setup, cleanup);
}
