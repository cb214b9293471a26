/* Tests of core/doc.c: one test per error the document reader reports (code,
 * rule, type, field and the key phrase of the message), what it keeps, the
 * puzzle accessors, corpora of JSON lines and classic lines, and
 * rg_error_format (control characters from the input printed as '?'). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "model/record.h"
#include "support.h"

/* A document with the given board, rules and further top-level members. */
#define DOC(board, rules, more)                                                                    \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " board ", \"rules\": " rules more "}"
#define B9      "{\"rows\": 9, \"columns\": 9, \"digits\": 9}"
#define CLASSIC "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}]"

static size_t baseline;

/* Memory is compared around each test: the registry stays loaded. */
static int setup(void **state)
{
    (void)state;
    t_registry();
    baseline = rg_mem_in_use();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    assert_int_equal(rg_mem_in_use(), baseline);
    return 0;
}

static void expect(const char *json, int code, int rule, const char *type, const char *field,
                   const char *phrase)
{
    rg_error e = t_parse_error(json);
    assert_int_equal(e.code, code);
    assert_string_equal(e.file, "test");
    assert_int_equal(e.rule, rule);
    assert_string_equal(e.type, type);
    assert_string_equal(e.field, field);
    if (!strstr(e.message, phrase)) fail_msg("message \"%s\" lacks \"%s\"", e.message, phrase);
}

/* A path under the build tree for files a test writes. */
static const char *tmp_path(const char *name)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", RG_BUILD_DIR, name);
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* ---- Documents that read ------------------------------------------------- */

static void reads_classic(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 5, \"R9C9\": 3}"));
    assert_int_equal(rg_puzzle_rows(p), 9);
    assert_int_equal(rg_puzzle_columns(p), 9);
    assert_int_equal(rg_puzzle_digits(p), 9);
    assert_int_equal(rg_puzzle_cells(p), 81);
    assert_int_equal(rg_puzzle_givens(p)[0], 5);
    assert_int_equal(rg_puzzle_givens(p)[80], 3);
    assert_int_equal(rg_puzzle_givens(p)[1], 0);
    assert_null(rg_puzzle_solution(p));
    assert_null(p->kept);
    assert_int_equal(rg_puzzle_rule_count(p), 1);
    assert_string_equal(rg_puzzle_rule_type(p, 0), "box_grid");
    assert_int_equal(rg_puzzle_cell_at(p, 2, 3), 11);
    assert_int_equal(rg_puzzle_cell_at(p, 10, 1), -1);
    int r, c;
    rg_puzzle_cell_pos(p, 11, &r, &c);
    assert_int_equal(r, 2);
    assert_int_equal(c, 3);
    char name[16];
    rg_puzzle_cell_name(p, 80, name, sizeof name);
    assert_string_equal(name, "r9c9");
    assert_int_equal(rg_puzzle_box_of(p, 0), rg_puzzle_box_of(p, 20));
    assert_int_not_equal(rg_puzzle_box_of(p, 0), rg_puzzle_box_of(p, 3));
    assert_int_equal(rg_puzzle_broken(p), -1);
    rg_puzzle_free(p);
}

static void reads_board_cells_and_solution(void **state)
{
    (void)state;
    /* A 4 x 4 Latin square with r2c2 missing would not be a grid; use rows. */
    rg_puzzle *p = t_parse(
        DOC("{\"rows\": 2, \"columns\": 3, \"digits\": 3, \"cells\": [\"r1c1:r1c3\", \"r2c2\"]}",
            "[{\"type\": \"row\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}]",
            ", \"solution\": {\"r1c1\": 1, \"r1c2\": 2, \"r1c3\": 3, \"r2c2\": 1}"));
    assert_int_equal(rg_puzzle_cells(p), 4);
    assert_int_equal(rg_puzzle_cell_at(p, 2, 1), -1);
    assert_int_equal(rg_puzzle_cell_at(p, 2, 2), 3);
    assert_non_null(rg_puzzle_solution(p));
    assert_int_equal(rg_puzzle_solution(p)[3], 1);
    assert_int_equal(rg_puzzle_check(p, rg_puzzle_solution(p)), -1);
    int bad[4] = {1, 1, 3, 2};
    assert_int_equal(rg_puzzle_check(p, bad), 0);
    rg_puzzle_free(p);
}

static void x_members_kept(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC, ", \"x-tool\": {\"name\": \"maker\"}, \"x-n\": 3"));
    assert_non_null(p->kept);
    assert_int_equal(cJSON_GetArraySize(p->kept), 2);
    cJSON *tool = cJSON_GetObjectItemCaseSensitive(p->kept, "x-tool");
    assert_non_null(tool);
    assert_string_equal(cJSON_GetObjectItem(tool, "name")->valuestring, "maker");
    assert_int_equal(cJSON_GetObjectItem(p->kept, "x-n")->valueint, 3);
    rg_puzzle_free(p);
}

static void meta_kept(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC,
                               ", \"meta\": {\"title\": \"Easy\", \"author\": "
                               "\"Anon\", \"rating\": 2.5}"));
    assert_non_null(p->kept);
    cJSON *meta = cJSON_GetObjectItemCaseSensitive(p->kept, "meta");
    assert_non_null(meta);
    assert_string_equal(cJSON_GetObjectItem(meta, "title")->valuestring, "Easy");
    assert_true(cJSON_GetObjectItem(meta, "rating")->valuedouble == 2.5);
    rg_puzzle_free(p);
}

static void empty_rules_allowed(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC("{\"rows\": 3, \"columns\": 3, \"digits\": 3}", "[]", ""));
    assert_int_equal(rg_puzzle_rule_count(p), 0);
    assert_int_equal(rg_puzzle_box_of(p, 0), -1);
    rg_puzzle_free(p);
}

static void note_and_x_allowed_in_rule(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(B9,
                               "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3], "
                               "\"note\": \"the classic houses\", \"x-colour\": \"grey\"}]",
                               ""));
    assert_int_equal(rg_puzzle_rule_count(p), 1);
    rg_puzzle_free(p);
}

/* ---- One test per error ---------------------------------------------------- */

static void err_unknown_top_field(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {}, \"colour\": \"red\""), RG_E_FORMAT, -1, "", "colour",
           "unknown field \"colour\"");
}

static void err_version(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"version\": 2, \"board\": " B9 ", \"rules\": []}",
           RG_E_FORMAT, -1, "", "version", "unsupported version 2");
}

static void err_version_not_integer(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"version\": \"1\", \"board\": " B9 ", \"rules\": []}",
           RG_E_FORMAT, -1, "", "version", "expected the integer 1, got \"1\"");
}

static void err_version_missing(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"board\": " B9 ", \"rules\": []}", RG_E_FORMAT, -1, "",
           "version", "missing required field");
}

static void err_format(void **state)
{
    (void)state;
    expect("{\"format\": \"sudoku\", \"version\": 1, \"board\": " B9 ", \"rules\": []}",
           RG_E_FORMAT, -1, "", "format", "expected \"rulegrid\", got \"sudoku\"");
}

static void err_missing_board(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"version\": 1, \"rules\": []}", RG_E_FORMAT, -1, "",
           "board", "missing required field");
}

static void err_board_not_object(void **state)
{
    (void)state;
    expect(DOC("[9, 9]", "[]", ""), RG_E_FORMAT, -1, "", "board",
           "expected an object with rows, columns and digits, got a list");
}

static void err_missing_rules(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"version\": 1, \"board\": " B9 "}", RG_E_FORMAT, -1, "",
           "rules", "missing required field");
}

static void err_rules_not_list(void **state)
{
    (void)state;
    expect(DOC(B9, "{}", ""), RG_E_FORMAT, -1, "", "rules",
           "expected a list of rules, got an object");
}

static void err_rows_zero(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 0, \"columns\": 9, \"digits\": 9}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.rows", "expected an integer from 1 to 99, got 0");
}

static void err_columns_100(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 100, \"digits\": 9}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.columns", "expected an integer from 1 to 99, got 100");
}

static void err_digits_33(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 33}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.digits", "expected an integer from 1 to 32, got 33");
}

static void err_board_field_missing(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 9}", "[]", ""), RG_E_FORMAT, -1, "", "board.digits",
           "missing required field");
}

static void err_unknown_board_field(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9, \"size\": 9}", "[]", ""), RG_E_FORMAT,
           -1, "", "board.size", "unknown field \"size\" in board");
}

static void err_board_cells_outside(void **state)
{
    (void)state;
    expect(
        DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9, \"cells\": [\"r1c1:r9c10\"]}", "[]", ""),
        RG_E_FORMAT, -1, "", "board.cells[0]", "r1c1:r9c10 is outside the 9x9 board");
}

static void err_board_cells_empty(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9, \"cells\": []}", "[]", ""),
           RG_E_FORMAT, -1, "", "board.cells", "no cell exists");
}

static void err_board_cells_bad_entry(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9, \"cells\": [\"r1c1\", 5]}", "[]", ""),
           RG_E_FORMAT, -1, "", "board.cells[1]", "expected a cell name or a rectangle");
}

static void err_bad_cell_name(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"a1\": 5}"), RG_E_FORMAT, -1, "", "givens.a1",
           "expected a cell name like \"r1c1\", got \"a1\"");
}

/* A name too long to quote whole is cut at a character's end and marked:
 * the message never passes a cut for the whole value. */
static void err_long_name_cut(void **state)
{
    (void)state;
    /* 43 bytes are quoted whole, 44 are cut to 40 and "...". */
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"a234567890123456789012345678901234567890123\": 5}"),
           RG_E_FORMAT, -1, "", "givens.a234567890123456789012345678901234567890123",
           "got \"a234567890123456789012345678901234567890123\"");
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"a2345678901234567890123456789012345678901234\": 5}"),
           RG_E_FORMAT, -1, "", "givens.a2345678901234567890123456789012345678901234",
           "got \"a234567890123456789012345678901234567890...\"");
    /* A field name keeps 60 bytes of the key, and "...". */
    expect(DOC(B9, CLASSIC,
               ", \"givens\": {\"a23456789012345678901234567890123456789012345678901234567890"
               "123456789\": 5}"),
           RG_E_FORMAT, -1, "",
           "givens.a23456789012345678901234567890123456789012345678901234567890...",
           "got \"a234567890123456789012345678901234567890...\"");
    /* Ten bytes, then twenty two-byte characters: the cut keeps fifteen of
     * them whole rather than half of the sixteenth. */
    expect(DOC(B9,
               "[{\"type\": \"cage\", \"cells\": [\"r1c1:r2c2 \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
               "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
               "\u00e9\"], \"sum\": 5}]",
               ""),
           RG_E_FORMAT, 0, "cage", "cells[0]",
           "got \"r1c1:r2c2 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
           "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9...\"");
}

static void err_leading_zero(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r01c1\": 5}"), RG_E_FORMAT, -1, "", "givens.r01c1",
           "no leading zeros");
}

static void err_given_off_board(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r10c1\": 5}"), RG_E_FORMAT, -1, "", "givens.r10c1",
           "r10c1 does not exist on a 9x9 board");
}

static void err_given_missing_cell(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 2, \"columns\": 2, \"digits\": 2, \"cells\": [\"r1c1:r1c2\"]}", "[]",
               ", \"givens\": {\"r2c1\": 1}"),
           RG_E_FORMAT, -1, "", "givens.r2c1", "not one of the board's cells");
}

static void err_solution_missing_cell(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 2, \"columns\": 2, \"digits\": 2, \"cells\": [\"r1c1:r1c2\"]}", "[]",
               ", \"solution\": {\"r1c1\": 1, \"r1c2\": 2, \"r2c2\": 1}"),
           RG_E_FORMAT, -1, "", "solution.r2c2", "not one of the board's cells");
}

static void err_digit_out_of_range(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 10}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "expected a digit from 1 to 9, got 10");
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 0}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got 0");
}

static void err_digit_not_number(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": \"5\"}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got \"5\"");
}

static void err_fraction(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 3.5}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got 3.5");
    expect(DOC("{\"rows\": 9.5, \"columns\": 9, \"digits\": 9}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.rows", "got 9.5");
    /* A whole number written with a fraction is no integer either (spec
     * §8.7), in the board, the givens, a rule's field and the version. */
    expect(DOC("{\"rows\": 9.0, \"columns\": 9, \"digits\": 9}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.rows", "expected an integer from 1 to 99, got 9.0");
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 5.00}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got 5.0");
    expect(DOC(B9, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 0.3e1]}]", ""),
           RG_E_FORMAT, 0, "box_grid", "box[1]", "got 3.0");
    expect("{\"format\": \"rulegrid\", \"version\": 1.0, \"board\": " B9 ", \"rules\": " CLASSIC
           "}",
           RG_E_FORMAT, -1, "", "version", "expected the integer 1, got 1.0");
    /* An exponent is no fraction: 9e0 is 9 (and x- values keep theirs). */
    rg_puzzle *p = t_parse(
        DOC("{\"rows\": 9e0, \"columns\": 90e-1, \"digits\": 9}", CLASSIC, ", \"x-ratio\": 2.0"));
    assert_int_equal(rg_puzzle_cells(p), 81);
    rg_puzzle_free(p);
}

static void err_huge_number(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 1e300, \"columns\": 9, \"digits\": 9}", "[]", ""), RG_E_FORMAT, -1, "",
           "board.rows", "got 1e+300");
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": -1e300}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got -1e+300");
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 1e999}"), RG_E_FORMAT, -1, "", "givens.r1c1",
           "got a number too large to hold");
}

static void err_duplicate_key(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 1, \"r2c2\": 2, \"r1c1\": 3}"), RG_E_FORMAT,
           -1, "", "givens.r1c1", "cell r1c1 appears twice in givens");
    /* The same cell in another case is the same key. */
    expect(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 1, \"R1C1\": 1}"), RG_E_FORMAT, -1, "",
           "givens.R1C1", "cell r1c1 appears twice");
}

static void err_duplicate_top_key(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"rules\": []"), RG_E_FORMAT, -1, "", "rules",
           "duplicate key: \"rules\" appears twice");
    expect(DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9, \"rows\": 9}", "[]", ""), RG_E_FORMAT,
           -1, "", "board.rows", "appears twice");
    expect(DOC(B9, "[]", ", \"meta\": {\"title\": \"a\", \"title\": \"b\"}"), RG_E_FORMAT, -1, "",
           "meta.title", "appears twice");
}

static void err_solution_incomplete(void **state)
{
    (void)state;
    expect(DOC("{\"rows\": 2, \"columns\": 2, \"digits\": 2}", "[]",
               ", \"solution\": {\"r1c1\": 1, \"r1c2\": 2, \"r2c1\": 2}"),
           RG_E_FORMAT, -1, "", "solution", "the solution has no digit for r2c2");
}

static void err_givens_not_object(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"givens\": [5, 3]"), RG_E_FORMAT, -1, "", "givens",
           "expected an object from cell name to digit, got a list");
}

static void err_meta_not_object(void **state)
{
    (void)state;
    expect(DOC(B9, CLASSIC, ", \"meta\": \"title\""), RG_E_FORMAT, -1, "", "meta",
           "expected an object, got \"title\"");
}

static void err_unknown_rule_type(void **state)
{
    (void)state;
    rg_error e =
        t_parse_error(DOC(B9,
                          "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, "
                          "{\"type\": \"thermo2\", \"cells\": [\"r1c1\", \"r1c2\"]}]",
                          ""));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_int_equal(e.rule, 1);
    assert_string_equal(e.type, "thermo2");
    assert_string_equal(e.field, "type");
    assert_non_null(strstr(e.message, "unknown rule type \"thermo2\""));
    /* The folders searched are named (the built-in one at least). */
    const char *folders = rg_registry_folders(t_registry());
    assert_non_null(folders);
    assert_true(folders[0] != 0);
    assert_non_null(strstr(e.message, folders));
}

static void err_rule_not_object(void **state)
{
    (void)state;
    expect(DOC(B9,
               "["
               "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, 7]",
               ""),
           RG_E_FORMAT, 1, "", "", "a rule must be an object, got 7");
}

static void err_rule_without_type(void **state)
{
    (void)state;
    expect(DOC(B9, "[{\"origin\": \"r1c1\"}]", ""), RG_E_FORMAT, 0, "", "type",
           "missing required field");
    expect(DOC(B9, "[{\"type\": 5}]", ""), RG_E_FORMAT, 0, "", "type",
           "expected a string naming the rule type, got 5");
}

static void err_unknown_field_in_rule(void **state)
{
    (void)state;
    expect(DOC(B9,
               "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3], "
               "\"colour\": \"red\"}]",
               ""),
           RG_E_FORMAT, 0, "box_grid", "colour", "unknown field \"colour\"");
}

static void err_note_not_string(void **state)
{
    (void)state;
    expect(DOC(B9, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3], \"note\": 1}]",
               ""),
           RG_E_FORMAT, 0, "box_grid", "note", "a note must be a string");
}

static void err_duplicate_key_in_rule(void **state)
{
    (void)state;
    expect(DOC(B9,
               "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3], "
               "\"origin\": \"r1c1\"}]",
               ""),
           RG_E_FORMAT, 0, "box_grid", "origin", "appears twice");
}

static void err_rule_cell_off_board(void **state)
{
    (void)state;
    expect(DOC(B9,
               "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, "
               "{\"type\": \"region\", \"cells\": [\"r1c1\", \"r10c1\"]}]",
               ""),
           RG_E_FORMAT, 1, "region", "cells[1]", "r10c1 does not exist on a 9x9 board");
}

static void err_bad_optional_field_in_rule(void **state)
{
    (void)state;
    expect(DOC(B9, "[{\"type\": \"region\", \"kind\": \"diagonl\", \"cells\": [\"r1c1\"]}]", ""),
           RG_E_FORMAT, 0, "region", "kind", "expected one of diagonal");
}

static void err_long_cell_list_quick(void **state)
{
    (void)state;
    size_t cap = 200000, k = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    k += (size_t)snprintf(text + k, cap - k,
                          "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " B9
                          ", \"rules\": [{\"type\": \"region\", \"cells\": [");
    for (int i = 0; i < 10000; i++)
        k += (size_t)snprintf(text + k, cap - k, "%s\"r%dc%d\"", i ? "," : "", i / 9 % 9 + 1,
                              i % 9 + 1);
    snprintf(text + k, cap - k, "]}]}");
    clock_t t0 = clock();
    rg_error e = t_parse_error(text);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    free(text);
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_int_equal(e.rule, 0);
    assert_string_equal(e.type, "region");
    assert_string_equal(e.field, "cells[81]");
    assert_non_null(strstr(e.message, "cell r1c1 listed twice"));
    assert_true(s < 0.5);
}

static void err_malformed_json(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\",\n \"version\": 1,\n"
           " \"board\": {\"rows\": 9 \"columns\": 9}}",
           RG_E_FORMAT, -1, "", "", "malformed JSON at line 3, column 22");
    expect("{\"format\": \"rulegrid\"} extra", RG_E_FORMAT, -1, "", "",
           "unexpected text 'extra' after the document");
    expect("[1, 2]", RG_E_FORMAT, -1, "", "", "the document must be a JSON object, got a list");
}

static void err_truncated_json(void **state)
{
    (void)state;
    expect("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, ", RG_E_FORMAT, -1,
           "", "", "truncated JSON");
    expect("{\"format\": \"rulegr", RG_E_FORMAT, -1, "", "", "truncated JSON");
}

static void err_empty_document(void **state)
{
    (void)state;
    expect("", RG_E_FORMAT, -1, "", "", "the document is empty");
    expect(" \n\t ", RG_E_FORMAT, -1, "", "", "the document is empty");
}

/* ---- Strict JSON (RFC 8259): what cJSON alone let through -------------------- */

/* text[0..len) (it may hold NUL bytes) must be refused as JSON with a
 * message that contains phrase. */
static void expect_json(const char *text, size_t len, const char *phrase)
{
    rg_error e;
    rg_puzzle *p = NULL;
    int rc = rg_puzzle_parse(t_registry(), text, len, "test", 0, &p, &e);
    if (rc == RG_OK) {
        rg_puzzle_free(p);
        fail_msg("expected \"%s\", the document was read", phrase);
    }
    assert_int_equal(rc, RG_E_FORMAT);
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_int_equal(e.rule, -1);
    assert_string_equal(e.field, "");
    if (!strstr(e.message, phrase)) fail_msg("message \"%s\" lacks \"%s\"", e.message, phrase);
}

#define EXPECT_JSON(literal, phrase) expect_json(literal, sizeof literal - 1, phrase)

static void err_json_nul_byte(void **state)
{
    (void)state;
    EXPECT_JSON("{\"format\": \"rulegrid\",\0 \"version\": 1}", "column 23: a NUL byte");
    EXPECT_JSON("{\"format\": \"rule\0grid\"}", "column 17: a NUL byte");
    EXPECT_JSON("{\"format\": \"rulegrid\"}\0", "column 23: a NUL byte");
    EXPECT_JSON("\0{}", "column 1: a NUL byte");
}

static void err_json_control_byte(void **state)
{
    (void)state;
    EXPECT_JSON("{\"format\":\x01 \"rulegrid\"}",
                "column 11: control byte 0x01 between tokens (only spaces, tabs and line ends");
    EXPECT_JSON("{\"format\": \"rulegrid\",\n\f\"version\": 1}",
                "line 2, column 1: control byte 0x0c between tokens");
    EXPECT_JSON("{\"format\": \"rule\tgrid\"}",
                "column 17: control byte 0x09 in a string (write it as an escape such as \\u0009)");
    EXPECT_JSON("{\"meta\": {\"title\": \"a\x1f\"}}", "column 22: control byte 0x1f in a string");
}

static void err_json_leading_zero(void **state)
{
    (void)state;
    EXPECT_JSON("{\"version\": 01}", "column 13: the number 01 has a leading zero");
    EXPECT_JSON("{\"x-a\": [-007.5]}", "column 10: the number -007 has a leading zero");
    EXPECT_JSON("{\"x-a\": 00}", "the number 00 has a leading zero");
    /* What strtod reads but RFC 8259 does not. */
    EXPECT_JSON("{\"x-a\": 1.}", "malformed JSON at column 9, near '1.}'");
    EXPECT_JSON("{\"x-a\": -.5}", "malformed JSON at column 9, near '-.5}'");
    EXPECT_JSON("{\"x-a\": 1e+}", "malformed JSON at column 9");
    EXPECT_JSON("{\"x-a\": +1}", "malformed JSON at column 9, near '+1}'");
    /* Zero itself, exponents with zeros and fractions are fine. */
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC, ", \"x-a\": [0, -0, 0.5, 1e05, 10, -0.0e-0]"));
    rg_puzzle_free(p);
}

static void err_json_bad_utf8(void **state)
{
    (void)state;
    EXPECT_JSON("{\"meta\": {\"title\": \"\xff\"}}",
                "column 21: invalid UTF-8 in a string (byte 0xff)");
    EXPECT_JSON("{\"meta\": {\"title\": \"\xc0\xaf\"}}", "invalid UTF-8 in a string (byte 0xc0)");
    EXPECT_JSON("{\"meta\": {\"title\": \"\xed\xa0\x80\"}}",
                "column 21: invalid UTF-8 in a string (byte 0xed, then 0xa0, which cannot "
                "follow it)");
    EXPECT_JSON("{\"meta\": {\"title\": \"\xe2\x82\"}}",
                "column 21: invalid UTF-8 in a string (byte 0xe2, then 0x22,");
    EXPECT_JSON("{\"meta\": {\"title\": \"\xf4\x90\x80\x80\"}}", "(byte 0xf4, then 0x90,");
    /* a Latin-1 letter: named by itself, where it stands */
    EXPECT_JSON("{\"meta\": {\"title\": \"caf\xe9s\"}}",
                "column 24: invalid UTF-8 in a string (byte 0xe9, then 0x73, which cannot "
                "follow it)");
    EXPECT_JSON("{\"meta\": {\"title\": \"\x80\"}}", "(byte 0x80)");
    /* Every length of well-formed UTF-8 reads, and is kept as written. */
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC,
                               ", \"meta\": {\"title\": \"\xc3\xa9\xe2\x82\xac"
                               "\xf0\x9f\x98\x80\xef\xbf\xbf\"}"));
    char *text = rg_puzzle_write(p, 0, NULL);
    assert_non_null(
        strstr(text, "\"title\": \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xef\xbf\xbf\""));
    rg_string_free(text);
    rg_puzzle_free(p);
}

static void err_json_lone_surrogate(void **state)
{
    (void)state;
    EXPECT_JSON("{\"meta\": {\"title\": \"\\ud800\"}}",
                "column 21: lone surrogate \\ud800 in a string (\\ud800-\\udbff must be followed "
                "by \\udc00-\\udfff)");
    EXPECT_JSON("{\"meta\": {\"title\": \"\\uDC00x\"}}", "lone surrogate \\udc00");
    EXPECT_JSON("{\"meta\": {\"title\": \"\\ud83d\\u0041\"}}", "lone surrogate \\ud83d");
    EXPECT_JSON("{\"meta\": {\"title\": \"\\ud83d\\ud83d\"}}", "lone surrogate \\ud83d");
    EXPECT_JSON("{\"meta\": {\"title\": \"\\ud83d", "truncated JSON");
    /* A pair is one character (U+1F600), written back as UTF-8. */
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC, ", \"meta\": {\"title\": \"\\ud83d\\ude00\"}"));
    char *text = rg_puzzle_write(p, 0, NULL);
    assert_non_null(strstr(text, "\"title\": \"\xf0\x9f\x98\x80\""));
    rg_string_free(text);
    rg_puzzle_free(p);
}

static void err_json_escaped_nul(void **state)
{
    (void)state;
    /* cJSON ends the string at \u0000, so this used to read as a box_grid. */
    EXPECT_JSON(
        DOC(B9, "[{\"type\": \"box_grid\\u0000junk\", \"origin\": \"r1c1\", \"box\": [3, 3]}]", ""),
        "column 115: \\u0000 in a string (a NUL character: some readers would end the "
        "string there)");
    EXPECT_JSON("{\"x-\\u0000\": 1}", "\\u0000 in a string");
    /* Other escapes cJSON took for U+0000. */
    EXPECT_JSON("{\"meta\": {\"title\": \"\\uZZZZ\"}}",
                "malformed JSON at column 21, near '\\uZZZZ");
    EXPECT_JSON("{\"meta\": {\"title\": \"\\x41\"}}", "malformed JSON at column 21, near '\\x41");
}

/* depth lists inside the top-level object's "x-a" member. */
static char *nested(int depth)
{
    char *s = malloc((size_t)depth * 2 + 64);
    assert_non_null(s);
    int k = sprintf(s, "{\"format\": \"rulegrid\", \"x-a\": ");
    for (int i = 0; i < depth; i++) s[k++] = '[';
    for (int i = 0; i < depth; i++) s[k++] = ']';
    strcpy(s + k, "}");
    return s;
}

static void err_json_too_deep(void **state)
{
    (void)state;
    char *ok = nested(63), *deep = nested(64), *deeper = nested(2000);
    /* 63 lists in the document's object are 64 levels: read (and then missing
     * "version"). */
    expect(ok, RG_E_FORMAT, -1, "", "version", "missing required field");
    expect(deep, RG_E_FORMAT, -1, "", "",
           "malformed JSON at column 94: lists and objects nested more than 64 deep");
    expect(deeper, RG_E_FORMAT, -1, "", "",
           "malformed JSON at column 94: lists and objects nested more than 64 deep");
    free(ok);
    free(deep);
    free(deeper);
}

static void err_version_not_exactly_one(void **state)
{
    (void)state;
    /* Numbers in messages are written to read back as the same double. */
    expect("{\"format\": \"rulegrid\", \"version\": 1.0000000000000002, \"board\": " B9
           ", \"rules\": []}",
           RG_E_FORMAT, -1, "", "version", "expected the integer 1, got 1.0000000000000002");
    expect(DOC("{\"rows\": 9.000000000000002, \"columns\": 9, \"digits\": 9}", "[]", ""),
           RG_E_FORMAT, -1, "", "board.rows", "got 9.000000000000002");
    expect(DOC("{\"rows\": 9223372036854775807, \"columns\": 9, \"digits\": 9}", "[]", ""),
           RG_E_FORMAT, -1, "", "board.rows", "got 9223372036854775808");
}

/* Numbers kept for writing (x- members, meta) come back as integers while a
 * double holds them exactly, else in the fewest digits that read back the
 * same; a second round gives the same bytes. */
static void numbers_written_back(void **state)
{
    (void)state;
    const char *doc =
        DOC(B9, CLASSIC,
            ", \"x-n\": [9223372036854775807, -9223372036854775808, 9007199254740993, "
            "1e15, 123456789012345678, 18446744073709551615, 1e21, 0.1, "
            "1.0000000000000002, -0, 1E2, 2.50, 1e-7, 1e300]");
    rg_puzzle *p = t_parse(doc);
    char *once = rg_puzzle_write(p, RG_WRITE_LINE, NULL);
    assert_non_null(once);
    const char *want = "\"x-n\": [9223372036854775808, -9223372036854775808, 9007199254740992, "
                       "1000000000000000, 123456789012345680, 1.8446744073709552e+19, 1e+21, "
                       "0.1, 1.0000000000000002, 0, 100, 2.5, 1e-07, 1e+300]";
    if (!strstr(once, want)) fail_msg("wrote %s", once);
    rg_puzzle *q = t_parse(once);
    char *twice = rg_puzzle_write(q, RG_WRITE_LINE, NULL);
    assert_string_equal(once, twice);
    rg_string_free(once);
    rg_string_free(twice);
    rg_puzzle_free(p);
    rg_puzzle_free(q);
}

/* ---- Files ------------------------------------------------------------------- */

static void file_reads(void **state)
{
    (void)state;
    rg_error err;
    rg_puzzle *p = NULL;
    assert_int_equal(
        rg_puzzle_read_file(t_registry(), t_src("tests/data/doc/xsudoku.json"), &p, &err), RG_OK);
    assert_int_equal(rg_puzzle_rule_count(p), 3);
    assert_string_equal(rg_puzzle_rule_type(p, 2), "region");
    assert_int_equal(rg_puzzle_givens(p)[40], 7);
    rg_puzzle_free(p);
}

static void file_missing(void **state)
{
    (void)state;
    rg_error err;
    rg_puzzle *p = (rg_puzzle *)&err;
    const char *path = tmp_path("no/such/file.json");
    assert_int_equal(rg_puzzle_read_file(t_registry(), path, &p, &err), RG_E_IO);
    assert_null(p);
    assert_int_equal(err.code, RG_E_IO);
    assert_string_equal(err.file, path);
    assert_non_null(strstr(err.message, "cannot open"));
    assert_non_null(strstr(err.message, "No such file"));
    /* A folder opens but cannot be read. */
    assert_int_equal(rg_puzzle_read_file(t_registry(), RG_BUILD_DIR, &p, &err), RG_E_IO);
    assert_null(p);
    assert_non_null(strstr(err.message, "cannot read"));
}

static void file_errors_name_the_file(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_bad.json");
    write_file(path, "{\"format\": \"rulegrid\",\n\"version\": 3}");
    rg_error err;
    rg_puzzle *p = NULL;
    assert_int_equal(rg_puzzle_read_file(t_registry(), path, &p, &err), RG_E_FORMAT);
    assert_string_equal(err.file, path);
    assert_string_equal(err.field, "version");
    char buf[1024];
    rg_error_format(&err, buf, sizeof buf);
    assert_non_null(strstr(buf, "field version: unsupported version 3"));
    remove(path);
}

static void file_too_large(void **state)
{
    (void)state;
    /* A sparse file of 257 MiB: refused by its size, without reading it. */
    const char *path = tmp_path("test_doc_huge.json");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fseek(f, (257L << 20) - 1, SEEK_SET), 0);
    fputc('}', f);
    fclose(f);
    rg_error err;
    rg_puzzle *p = NULL;
    assert_int_equal(rg_puzzle_read_file(t_registry(), path, &p, &err), RG_E_LIMIT);
    assert_null(p);
    assert_non_null(strstr(err.message, "larger than 256 MiB"));
    remove(path);
}

static void with_givens_shares_model(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 5}, \"meta\": {}"));
    int g[81] = {0};
    g[80] = 9;
    rg_puzzle *q = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_puzzle_with_givens(p, g, &q, &err), RG_OK);
    assert_ptr_equal(q->model, p->model);
    assert_null(q->kept);
    assert_null(rg_puzzle_solution(q));
    assert_int_equal(rg_puzzle_givens(q)[0], 0);
    assert_int_equal(rg_puzzle_givens(q)[80], 9);
    rg_puzzle_free(p); /* q keeps the model */
    assert_int_equal(rg_puzzle_cells(q), 81);
    g[3] = 10;
    rg_puzzle *r = (rg_puzzle *)&err;
    assert_int_equal(rg_puzzle_with_givens(q, g, &r, &err), RG_E_FORMAT);
    assert_null(r);
    assert_non_null(strstr(err.message, "cell r1c4: digit 10 is out of range"));
    assert_int_equal(rg_puzzle_with_givens(q, NULL, &r, &err), RG_OK);
    assert_int_equal(rg_puzzle_givens(r)[80], 0);
    rg_puzzle_free(r);
    rg_puzzle_free(q);
}

/* ---- Corpora ----------------------------------------------------------------- */

/* Reads every entry: returns the count read, records the first error. */
typedef struct tally {
    int ok, errors;
    long err_line[8];
    rg_error first;
} tally;

static void read_all(rg_corpus *c, tally *t, void (*each)(rg_puzzle *, long, void *), void *arg)
{
    memset(t, 0, sizeof *t);
    rg_puzzle *p;
    rg_error err;
    int rc;
    while ((rc = rg_corpus_next(c, &p, &err)) != 0) {
        if (rc == 1) {
            t->ok++;
            if (each) each(p, rg_corpus_index(c), arg);
            rg_puzzle_free(p);
        } else {
            assert_null(p);
            assert_int_equal(-rc, err.code);
            if (t->errors < 8) t->err_line[t->errors] = err.line;
            if (t->errors == 0) t->first = err;
            t->errors++;
        }
    }
    /* The end stays the end. */
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
}

static void first_givens(rg_puzzle *p, long index, void *arg)
{
    int *out = arg;
    out[2 * index] = rg_puzzle_givens(p)[0];
    out[2 * index + 1] = rg_puzzle_givens(p)[80];
}

static void corpus_classic_lines(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_classic.txt");
    char text[2048];
    char a[82], b[82];
    memset(a, '.', 81);
    memset(b, '0', 81);
    a[81] = b[81] = 0;
    a[0] = '5';
    a[80] = '9';
    b[0] = '3';
    snprintf(text, sizeof text, "# a comment\n\n%s rating 3.5\r\n\r\n%s:1:solution...\n   \n%s", a,
             b, a);
    write_file(path, text);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    assert_int_equal(rg_corpus_index(c), -1);
    int seen[6] = {0};
    tally t;
    read_all(c, &t, first_givens, seen);
    assert_int_equal(t.ok, 3);
    assert_int_equal(t.errors, 0);
    assert_int_equal(rg_corpus_index(c), 2);
    assert_int_equal(seen[0], 5);
    assert_int_equal(seen[1], 9);
    assert_int_equal(seen[2], 3);
    assert_int_equal(seen[3], 0);
    assert_int_equal(seen[4], 5); /* the last line has no newline */
    rg_corpus_close(c);
    remove(path);
}

static void corpus_classic_rules(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_rules.sdk");
    char line[90];
    memset(line, '.', 81);
    line[0] = line[1] = '4'; /* two 4s in row 1 */
    line[81] = '\n';
    line[82] = 0;
    write_file(path, line);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_puzzle_rule_count(p), 1);
    assert_string_equal(rg_puzzle_rule_type(p, 0), "box_grid");
    assert_int_equal(rg_puzzle_broken(p), 0);
    rg_puzzle_free(p);
    rg_corpus_close(c);
    remove(path);
}

static void corpus_classic_errors_continue(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_errors.txt");
    char ok[82], bad_char[82], big[82], text[1024];
    memset(ok, '.', 81);
    ok[81] = 0;
    memcpy(bad_char, ok, sizeof ok);
    bad_char[6] = 'x';
    memcpy(big, ok, sizeof ok);
    big[9] = 'A'; /* 10 on a 9-digit board */
    snprintf(text, sizeof text, "%s\n123...\n%s\n%s\n%s\n", ok, bad_char, big, ok);
    write_file(path, text);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_null(p);
    assert_int_equal(err.line, 2);
    assert_string_equal(err.file, path);
    assert_int_equal(rg_corpus_index(c), 1);
    assert_non_null(strstr(err.message, "line too short: it has 6 characters, but 81 cells"));
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.message, "column 7: unexpected character 'x'"));
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.message, "column 10: digit 'A' (10) is out of range"));
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_corpus_index(c), 4);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
    remove(path);
}

static void corpus_template(void **state)
{
    (void)state;
    rg_error err;
    rg_puzzle *templ = NULL;
    assert_int_equal(
        rg_puzzle_read_file(t_registry(), t_src("tests/data/doc/xsudoku.json"), &templ, &err),
        RG_OK);
    rg_corpus *c;
    assert_int_equal(
        rg_corpus_open(t_registry(), t_src("tests/data/doc/xsudoku.txt"), NULL, templ, &c, &err),
        RG_OK);
    rg_puzzle_free(templ); /* the corpus holds what it needs */
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_puzzle_rule_count(p), 3);
    assert_int_equal(rg_puzzle_givens(p)[0], 1);
    assert_int_equal(rg_puzzle_givens(p)[80], 2);
    assert_int_equal(rg_puzzle_givens(p)[40], 0); /* the template's given is ignored */
    assert_int_equal(rg_puzzle_broken(p), -1);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    /* Two 1s on the main diagonal: only the diagonal region is broken. */
    assert_int_equal(rg_puzzle_broken(p), 1);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
}

static void corpus_template_missing_cells(void **state)
{
    (void)state;
    rg_puzzle *templ = t_parse(
        DOC("{\"rows\": 2, \"columns\": 3, \"digits\": 3, \"cells\": [\"r1c1:r1c3\", \"r2c2\"]}",
            "[]", ", \"givens\": {\"r1c1\": 1}"));
    const char *path = tmp_path("test_doc_holes.txt");
    write_file(path, "123.2.\n1230.0 trailing\n12312.\n");
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, templ, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_puzzle_cells(p), 4);
    assert_int_equal(rg_puzzle_givens(p)[2], 3);
    assert_int_equal(rg_puzzle_givens(p)[3], 2);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_puzzle_givens(p)[3], 0);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.message, "column 4: r2c1 does not exist on this board"));
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
    rg_puzzle_free(templ);
    remove(path);
}

static void corpus_sixteen_digits(void **state)
{
    (void)state;
    rg_puzzle *templ =
        t_parse(DOC("{\"rows\": 16, \"columns\": 16, \"digits\": 16}",
                    "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [4, 4]}]", ""));
    char line[300], text[700];
    memset(line, '.', 256);
    line[256] = 0;
    line[0] = 'A';
    line[1] = 'g';
    line[2] = '9';
    memcpy(text, line, 257);
    line[3] = 'H'; /* 17 */
    snprintf(text + 256, sizeof text - 256, "\n%s\n", line);
    const char *path = tmp_path("test_doc_16.txt");
    write_file(path, text);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, templ, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_puzzle_givens(p)[0], 10);
    assert_int_equal(rg_puzzle_givens(p)[1], 16);
    assert_int_equal(rg_puzzle_givens(p)[2], 9);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_non_null(strstr(err.message, "column 4: digit 'H' (17) is out of range"));
    rg_corpus_close(c);
    rg_puzzle_free(templ);
    remove(path);
}

static void corpus_jsonl(void **state)
{
    (void)state;
    rg_corpus *c;
    rg_error err;
    const char *path = t_src("tests/data/doc/three.jsonl");
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_corpus_index(c), 0);
    assert_int_equal(rg_puzzle_digits(p), 4);
    rg_puzzle_free(p);
    /* Line 3 (line 2 is blank): a given of 5 on a 4-digit board. */
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_FORMAT);
    assert_null(p);
    assert_int_equal(rg_corpus_index(c), 1);
    assert_int_equal(err.line, 3);
    assert_string_equal(err.file, path);
    assert_string_equal(err.field, "givens.r1c1");
    assert_non_null(strstr(err.message, "expected a digit from 1 to 4, got 5"));
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_corpus_index(c), 2);
    assert_int_equal(rg_puzzle_digits(p), 6);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
}

static void corpus_jsonl_from_stream(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_stream.jsonl");
    write_file(path, DOC(B9, CLASSIC, "") "\r\n{\"format\": \"rulegrid\", \"version\": 1,\n");
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), "named.jsonl", f, NULL, &c, &err), RG_OK);
    tally t;
    read_all(c, &t, NULL, NULL);
    assert_int_equal(t.ok, 1);
    assert_int_equal(t.errors, 1);
    assert_int_equal(t.err_line[0], 2);
    assert_string_equal(t.first.file, "named.jsonl");
    assert_non_null(strstr(t.first.message, "truncated JSON"));
    rg_corpus_close(c);
    fclose(f);
    remove(path);
}

static void corpus_missing_file(void **state)
{
    (void)state;
    rg_corpus *c = (rg_corpus *)&state;
    rg_error err;
    const char *path = tmp_path("no/such/corpus.txt");
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_E_IO);
    assert_null(c);
    assert_string_equal(err.file, path);
    assert_non_null(strstr(err.message, "cannot open"));
}

/* Writes a 100 MB line, then the line ok; reads it as a corpus. */
static void huge_line(const char *name, const char *ok, int (*check)(const rg_puzzle *))
{
    const char *path = tmp_path(name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    char *chunk = malloc(1 << 20);
    assert_non_null(chunk);
    memset(chunk, '.', 1 << 20);
    for (int i = 0; i < 100; i++) assert_int_equal(fwrite(chunk, 1, 1 << 20, f), 1 << 20);
    free(chunk);
    fprintf(f, "\n%s\n", ok);
    fclose(f);

    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_LIMIT);
    assert_int_equal(err.code, RG_E_LIMIT);
    assert_int_equal(err.line, 1);
    assert_int_equal(rg_corpus_index(c), 0);
    assert_non_null(strstr(err.message, "longer than 64 MiB are refused"));
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_corpus_index(c), 1);
    assert_true(check(p));
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
    remove(path);
}

static int last_is_7(const rg_puzzle *p) { return rg_puzzle_givens(p)[80] == 7; }
static int is_4x4(const rg_puzzle *p) { return rg_puzzle_digits(p) == 4; }

/* A line of 100 MB is refused with RG_E_LIMIT; reading goes on after it. */
static void corpus_huge_line(void **state)
{
    (void)state;
    char ok[82];
    memset(ok, '.', 81);
    ok[80] = '7';
    ok[81] = 0;
    huge_line("test_doc_long.txt", ok, last_is_7);
    huge_line("test_doc_long.jsonl", DOC("{\"rows\": 4, \"columns\": 4, \"digits\": 4}", "[]", ""),
              is_4x4);
}

/* A shipped classic corpus reads without one error. */
static void corpus_shipped_classic(void **state)
{
    (void)state;
    const char *path = t_src("corpus/classic/puzzles3_magictour_top1465.txt");
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    tally t;
    read_all(c, &t, NULL, NULL);
    assert_int_equal(t.errors, 0);
    assert_int_equal(t.ok, 1465);
    rg_corpus_close(c);
}

/* 49,158 classic lines share one model: reading them is quick. */
static void corpus_many_lines_quick(void **state)
{
    (void)state;
    const char *path = tmp_path("test_doc_many.txt");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    char line[84];
    for (int i = 0; i < 49158; i++) {
        memset(line, '.', 81);
        line[i % 81] = (char)('1' + i % 9);
        memcpy(line + 81, "\r\n", 2);
        assert_int_equal(fwrite(line, 1, 83, f), 83);
    }
    fclose(f);
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), path, NULL, NULL, &c, &err), RG_OK);
    clock_t t0 = clock();
    tally t;
    read_all(c, &t, NULL, NULL);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_int_equal(t.errors, 0);
    assert_int_equal(t.ok, 49158);
    assert_int_equal(rg_corpus_index(c), 49157);
    /* Milliseconds natively; the bound leaves room for Valgrind. */
    assert_true(s < 10.0);
    rg_corpus_close(c);
    remove(path);
}

static void out_of_memory_everywhere(void **state)
{
    (void)state;
    const char *doc =
        DOC(B9, CLASSIC, ", \"givens\": {\"r1c1\": 5}, \"meta\": {\"title\": \"t\"}, \"x-a\": 1");
    /* Every allocation in turn fails: an error or success, never a leak. */
    for (long n = 1; n < 400; n++) {
        rg_error err;
        rg_puzzle *p = NULL;
        rg_mem_fail_after(n);
        int rc = rg_puzzle_parse(t_registry(), doc, strlen(doc), "oom", 0, &p, &err);
        rg_mem_fail_after(0);
        if (rc == RG_OK) {
            assert_non_null(p);
            rg_puzzle_free(p);
        } else {
            assert_null(p);
        }
        assert_int_equal(rg_mem_in_use(), baseline);
    }
}

/* Every control character of a message, its file or its field is '?' when
 * formatted; other UTF-8 stays. */
static void formatted_errors_hold_no_control_character(void **state)
{
    (void)state;
    rg_error err;
    rg_error_clear(&err);
    snprintf(err.file, sizeof err.file, "a\x1b[31mb\n.json");
    snprintf(err.field, sizeof err.field, "givens.r1\tc1\x7f");
    snprintf(err.message, sizeof err.message,
             "caf\xc3\xa9 \xc2\x9b"
             "2J \xe2\x82\xac\r");
    char buf[256];
    rg_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "a?[31mb?.json: field givens.r1?c1?: caf\xc3\xa9 ??2J \xe2\x82\xac?");
    /* Cut in the middle of a two-byte sequence: the lead byte stays. */
    snprintf(err.message, sizeof err.message, "x\xc2");
    rg_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "a?[31mb?.json: field givens.r1?c1?: x\xc2");
}

/* A path that fits is kept as it is; a longer one keeps its end (the
 * file's own name) after "...", never half a character; the library's
 * errors name a file that way. */
static void long_file_names_keep_their_end(void **state)
{
    (void)state;
    rg_error err;
    rg_error_clear(&err);
    rg_error_set_file(&err, "puzzles/one.json");
    assert_string_equal(err.file, "puzzles/one.json");
    rg_error_set_file(&err, NULL);
    assert_string_equal(err.file, "");
    char path[1200];
    memset(path, 'd', 255);
    path[255] = '\0';
    rg_error_set_file(&err, path); /* exactly the room there is */
    assert_string_equal(err.file, path);
    /* 1,000 bytes of folders, then "/caf\xc3\xa9.json" */
    memset(path, 'd', 1000);
    snprintf(path + 1000, sizeof path - 1000, "/caf\xc3\xa9.json");
    rg_error_set_file(&err, path);
    assert_int_equal(strlen(err.file), sizeof err.file - 1);
    assert_memory_equal(err.file, "...ddd", 6);
    assert_string_equal(err.file + strlen(err.file) - 11, "/caf\xc3\xa9.json");
    /* the cut falls inside "\xc3\xa9": the character goes whole */
    size_t n = strlen(path);
    memset(path, 'd', n);
    memcpy(path + n - 252 - 1, "\xc3\xa9", 2);
    rg_error_set_file(&err, path);
    assert_string_equal(err.file + 3, path + n - 251);
    assert_int_equal(strlen(err.file), sizeof err.file - 2);
    /* what a document's reader reports */
    memset(path, 'd', 1000);
    snprintf(path + 1000, sizeof path - 1000, "/missing.json");
    rg_puzzle *p = NULL;
    assert_int_equal(rg_puzzle_read_file(t_registry(), path, &p, &err), RG_E_IO);
    assert_null(p);
    assert_memory_equal(err.file, "...", 3);
    assert_string_equal(err.file + strlen(err.file) - 13, "/missing.json");
}

/* An unknown type too long for the error's record: "rule 0 (ttt...)", and
 * the message quotes it whole. (A field too long would be cut the same
 * way; the readers quote the input's names in fields by their first 60
 * bytes, so none is.) */
static void long_names_marked(void **state)
{
    (void)state;
    char text[400], type[121];
    memset(type, 't', 120);
    type[120] = '\0';
    snprintf(text, sizeof text,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
             "\"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": \"%s\"}]}",
             type);
    rg_puzzle *p = NULL;
    rg_error err;
    assert_int_equal(rg_puzzle_parse(t_registry(), text, strlen(text), "t.json", 0, &p, &err),
                     RG_E_FORMAT);
    assert_int_equal(err.rule, 0);
    assert_int_equal(strlen(err.type), sizeof err.type - 1);
    assert_string_equal(err.type + sizeof err.type - 4, "...");
    assert_memory_equal(err.type, type, sizeof err.type - 4);
    assert_non_null(strstr(err.message, type));
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(reads_classic),
        T(reads_board_cells_and_solution),
        T(x_members_kept),
        T(meta_kept),
        T(empty_rules_allowed),
        T(note_and_x_allowed_in_rule),
        T(err_unknown_top_field),
        T(err_version),
        T(err_version_not_integer),
        T(err_version_missing),
        T(err_format),
        T(err_missing_board),
        T(err_board_not_object),
        T(err_missing_rules),
        T(err_rules_not_list),
        T(err_rows_zero),
        T(err_columns_100),
        T(err_digits_33),
        T(err_board_field_missing),
        T(err_unknown_board_field),
        T(err_board_cells_outside),
        T(err_board_cells_empty),
        T(err_board_cells_bad_entry),
        T(err_bad_cell_name),
        T(err_long_name_cut),
        T(err_leading_zero),
        T(err_given_off_board),
        T(err_given_missing_cell),
        T(err_solution_missing_cell),
        T(err_digit_out_of_range),
        T(err_digit_not_number),
        T(err_fraction),
        T(err_huge_number),
        T(err_duplicate_key),
        T(err_duplicate_top_key),
        T(err_solution_incomplete),
        T(err_givens_not_object),
        T(err_meta_not_object),
        T(err_unknown_rule_type),
        T(err_rule_not_object),
        T(err_rule_without_type),
        T(err_unknown_field_in_rule),
        T(err_note_not_string),
        T(err_duplicate_key_in_rule),
        T(err_rule_cell_off_board),
        T(err_bad_optional_field_in_rule),
        T(err_long_cell_list_quick),
        T(err_malformed_json),
        T(err_truncated_json),
        T(err_empty_document),
        T(err_json_nul_byte),
        T(err_json_control_byte),
        T(err_json_leading_zero),
        T(err_json_bad_utf8),
        T(err_json_lone_surrogate),
        T(err_json_escaped_nul),
        T(err_json_too_deep),
        T(err_version_not_exactly_one),
        T(numbers_written_back),
        T(file_reads),
        T(file_missing),
        T(file_errors_name_the_file),
        T(file_too_large),
        T(with_givens_shares_model),
        T(corpus_classic_lines),
        T(corpus_classic_rules),
        T(corpus_classic_errors_continue),
        T(corpus_template),
        T(corpus_template_missing_cells),
        T(corpus_sixteen_digits),
        T(corpus_jsonl),
        T(corpus_jsonl_from_stream),
        T(corpus_missing_file),
        T(corpus_huge_line),
        T(corpus_shipped_classic),
        T(corpus_many_lines_quick),
        T(out_of_memory_everywhere),
        T(formatted_errors_hold_no_control_character),
        T(long_file_names_keep_their_end),
        T(long_names_marked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
