/* fpz_read, fpz_parse and fpz_write (tools/fpz_*.c, the converter of
 * `rulegrid convert`): the error records of refusals, a refused rule blamed
 * on its f-puzzles key, each corpus string read and written back to the
 * same document, and rules written only where f-puzzles reads them as
 * rulegrid does (lines, little killers, houses), keys read only where their
 * reading is clear (little killers, solutions, numbers). tests/cli/fpuzzles.sh
 * checks the readings themselves against the reference documents. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "fpuzzles.h"
#include "support.h"

/* The fpuzzles member of line `which` (from 1) of the corpus (malloc'd). */
static char *corpus_string(int which)
{
    FILE *f = fopen(t_src("corpus/fpuzzles/sample.jsonl"), "rb");
    assert_non_null(f);
    static char line[1 << 20];
    char *s = NULL;
    for (int i = 1; fgets(line, sizeof line, f); i++)
        if (i == which) {
            cJSON *v = cJSON_Parse(line);
            assert_non_null(v);
            s = strdup(cJSON_GetObjectItem(v, "fpuzzles")->valuestring);
            cJSON_Delete(v);
        }
    fclose(f);
    assert_non_null(s);
    return s;
}

static void refusals(void **state)
{
    (void)state;
    char *doc = (char *)1;
    rg_error e;
    assert_int_equal(fpz_read("N4Ig*", 5, &doc, &e), RG_E_FORMAT);
    assert_null(doc);
    assert_non_null(strstr(e.message, "not an f-puzzles string"));
    rg_puzzle *p = t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                           "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", "
                           "\"origin\": \"r1c1\", \"box\": [3, 3]}, {\"type\": \"edge\", \"kind\": "
                           "\"greater\", \"cells\": [\"r1c1\", \"r1c2\"]}]}");
    assert_null(fpz_write(p, &e));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_int_equal(e.rule, 1);
    assert_string_equal(e.type, "edge");
    assert_non_null(strstr(e.message, "no f-puzzles form"));
    rg_puzzle_free(p);
    assert_int_equal(fpz_read("N4Ig", 4, &doc, &e), RG_E_FORMAT); /* decodes to "" */
}

/* Every corpus string reads, and its document writes back to a string
 * that reads to the same document but for x-fpuzzles. */
static void corpus_round_trip(void **state)
{
    (void)state;
    for (int i = 1; i <= 22; i++) {
        char *s = corpus_string(i), *doc = NULL, *again = NULL;
        rg_error e;
        assert_int_equal(fpz_read(s, strlen(s), &doc, &e), RG_OK);
        rg_puzzle *p = t_parse(doc);
        char *w = fpz_write(p, &e);
        assert_non_null(w);
        assert_int_equal(fpz_read(w, strlen(w), &again, &e), RG_OK);
        cJSON *a = cJSON_Parse(doc), *b = cJSON_Parse(again);
        cJSON_DeleteItemFromObject(a, "x-fpuzzles");
        cJSON_DeleteItemFromObject(b, "x-fpuzzles");
        assert_true(cJSON_Compare(a, b, 1));
        cJSON_Delete(a);
        cJSON_Delete(b);
        rg_puzzle_free(p);
        free(w);
        free(doc);
        free(again);
        free(s);
    }
}

/* Fails, showing both, unless text holds want. */
static void holds(const char *text, const char *want)
{
    if (!strstr(text, want)) fail_msg("'%s' not in '%s'", want, text);
}

/* The document of a board of n x n with the rules of json (the members
 * of the rules list), parsed. */
static rg_puzzle *board_with(int n, const char *rules)
{
    char doc[4096];
    snprintf(doc, sizeof doc,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, \"columns\": "
             "%d, \"digits\": %d}, \"rules\": [%s]}",
             n, n, n, rules);
    return t_parse(doc);
}

/* fpz_write refuses the document of n x n with these rules, naming rule
 * `rule` (a line unless type says otherwise) and saying phrase. */
static void write_refused(int n, const char *rules, int rule, const char *type, const char *phrase)
{
    rg_puzzle *p = board_with(n, rules);
    rg_error e;
    char *w = fpz_write(p, &e);
    if (w) fail_msg("written, not refused: %s", rules);
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_int_equal(e.rule, rule);
    assert_string_equal(e.type, type);
    holds(e.message, phrase);
    rg_puzzle_free(p);
}

/* The document of n x n with these rules, written and read back: the
 * rules read as JSON text (canonical order), malloc'd. */
static char *written_and_read(int n, const char *rules)
{
    rg_puzzle *p = board_with(n, rules);
    rg_error e;
    char *w = fpz_write(p, &e), *doc = NULL;
    if (!w) fail_msg("refused: %s: %s", rules, e.message);
    assert_int_equal(fpz_read(w, strlen(w), &doc, &e), RG_OK);
    cJSON *d = cJSON_Parse(doc);
    char *text = cJSON_PrintUnformatted(cJSON_GetObjectItem(d, "rules")), *out = strdup(text);
    cJSON_free(text);
    cJSON_Delete(d);
    free(doc);
    free(w);
    rg_puzzle_free(p);
    return out;
}

#define BOXES9 "{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}"

/* Lines are written only as f-puzzles reads them: a line f-puzzles reads
 * as no constraint (a double arrow of 2 cells) or not at all (entropic and
 * modular lines of 2 cells), or a region sum line outside the boxes, is
 * refused; a between line of 2 cells, which says nothing either way, is
 * written and read back as nothing. */
static void lines_written_as_read(void **state)
{
    (void)state;
    write_refused(9,
                  BOXES9 ", {\"type\": \"line\", \"kind\": \"double_arrow\", \"cells\": "
                         "[\"r1c1\", \"r1c2\"]}",
                  1, "line", "f-puzzles reads a doublearrow line of 2 cells as no constraint");
    write_refused(9,
                  BOXES9 ", {\"type\": \"line\", \"kind\": \"entropic\", \"cells\": "
                         "[\"r1c1\", \"r1c2\"]}",
                  1, "line", "f-puzzles reads no entropicline line of fewer than 3 cells");
    write_refused(9,
                  BOXES9 ", {\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", "
                         "\"r1c2\"]}, {\"type\": \"line\", \"kind\": \"modular\", \"cells\": "
                         "[\"r1c1\", \"r1c2\"]}",
                  2, "line", "f-puzzles reads no modularline line of fewer than 3 cells");
    /* r2c3 is in no box. */
    write_refused(4,
                  "{\"type\": \"grid\", \"origin\": \"r1c1\"}, {\"type\": \"box\", \"cells\": "
                  "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}, {\"type\": \"box\", \"cells\": "
                  "[\"r3c3\", \"r3c4\", \"r4c3\", \"r4c4\"]}, {\"type\": \"line\", \"kind\": "
                  "\"region_sum\", \"cells\": [\"r2c2\", \"r2c3\"]}",
                  3, "line", "regions of N cells");
    char *rules = written_and_read(9, BOXES9 ", {\"type\": \"line\", \"kind\": \"double_arrow\", "
                                             "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}, "
                                             "{\"type\": \"line\", \"kind\": \"entropic\", "
                                             "\"cells\": [\"r2c1\", \"r2c2\", \"r2c3\"]}");
    assert_string_equal(rules, "[" BOXES9 ",{\"type\":\"line\",\"kind\":\"entropic\",\"cells\":["
                               "\"r2c1\",\"r2c2\",\"r2c3\"]},{\"type\":\"line\",\"kind\":"
                               "\"double_arrow\",\"cells\":[\"r1c1\",\"r1c2\",\"r1c3\"]}]");
    free(rules);
    rules = written_and_read(9, BOXES9 ", {\"type\": \"line\", \"kind\": \"between\", \"cells\": "
                                       "[\"r1c1\", \"r1c2\"]}");
    assert_string_equal(rules, "[" BOXES9 "]");
    free(rules);
}

/* fpz_read of the f-puzzles JSON of an empty n x n grid and the members
 * `members` (JSON text: "" or members each followed by a comma). */
static int read_members(int n, const char *members, char **doc, rg_error *e)
{
    char json[8192], *at = json;
    at += sprintf(at, "{%s\"size\":%d,\"grid\":[", members, n);
    for (int r = 0; r < n; r++) {
        at += sprintf(at, "%s[", r ? "," : "");
        for (int c = 0; c < n; c++) at += sprintf(at, "%s{}", c ? "," : "");
        at += sprintf(at, "]");
    }
    sprintf(at, "]}");
    char *s = rg_lzstring_compress(json, strlen(json), 0, e);
    assert_non_null(s);
    int rc = fpz_read(s, strlen(s), doc, e);
    rg_string_free(s);
    return rc;
}

/* fpz_read refuses the string of these members, naming key and saying
 * phrase. */
static void read_refused(int n, const char *members, const char *key, const char *phrase)
{
    char *doc = NULL;
    rg_error e;
    if (read_members(n, members, &doc, &e) == RG_OK) fail_msg("read, not refused: %s", doc);
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_string_equal(e.field, key);
    holds(e.message, phrase);
}

/* The f-puzzles JSON fpz_write makes of the document of n x n with these
 * rules (malloc'd). */
static char *written_json(int n, const char *rules)
{
    rg_puzzle *p = board_with(n, rules);
    rg_error e;
    size_t len;
    char *w = fpz_write(p, &e);
    assert_non_null(w);
    char *json = rg_lzstring_decompress(w, strlen(w), &len, &e), *out = strdup(json);
    rg_string_free(json);
    free(w);
    rg_puzzle_free(p);
    return out;
}

#define LK(cells)                                                                                  \
    "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":10,\"cells\":[" cells "]}"

/* A little killer is written only as f-puzzles means one: the whole
 * diagonal from a clue outside the grid to the far edge, a corner cell for
 * a diagonal of one. */
static void little_killers_written(void **state)
{
    (void)state;
    write_refused(9, BOXES9 "," LK("\"r5c5\", \"r6c6\""), 1, "outside",
                  "f-puzzles little killers sum a whole diagonal");
    write_refused(9, BOXES9 "," LK("\"r1c2\", \"r2c3\", \"r3c4\""), 1, "outside",
                  "f-puzzles little killers sum a whole diagonal");
    write_refused(9, BOXES9 "," LK("\"r5c5\""), 1, "outside",
                  "f-puzzles little killers sum a whole diagonal");
    char *json = written_json(
        9, BOXES9 "," LK("\"r9c1\"") "," LK("\"r1c7\", \"r2c8\", \"r3c9\"") "," LK("\"r9c5\", "
                                                                                   "\"r8c4\", "
                                                                                   "\"r7c3\", "
                                                                                   "\"r6c2\", "
                                                                                   "\"r5c1\""));
    const char *want = "\"littlekillersum\":[{\"cell\":\"R10C2\",\"cells\":[\"R9C1\"],"
                       "\"direction\":\"UL\",\"value\":\"10\"},{\"cell\":\"R0C6\",\"cells\":["
                       "\"R1C7\",\"R2C8\",\"R3C9\"],\"direction\":\"DR\",\"value\":\"10\"},{"
                       "\"cell\":\"R10C6\",\"cells\":[\"R9C5\",\"R8C4\",\"R7C3\",\"R6C2\","
                       "\"R5C1\"],\"direction\":\"UL\",\"value\":\"10\"}]";
    holds(json, want);
    free(json);
    char *rules = written_and_read(9, BOXES9 "," LK("\"r1c1\"") "," LK("\"r9c9\", \"r8c8\", "
                                                                       "\"r7c7\", \"r6c6\", "
                                                                       "\"r5c5\", \"r4c4\", "
                                                                       "\"r3c3\", \"r2c2\", "
                                                                       "\"r1c1\""));
    assert_string_equal(rules, "[" BOXES9 "," LK("\"r1c1\"") "," LK(
                                   "\"r9c9\",\"r8c8\",\"r7c7\",\"r6c6\",\"r5c5\",\"r4c4\","
                                   "\"r3c3\",\"r2c2\",\"r1c1\"") "]");
    free(rules);
}

/* The reader takes a little killer's clue cell, direction and cells only
 * when they agree: the cells are the diagonal from the clue outside the
 * grid in that direction. */
static void little_killers_read(void **state)
{
    (void)state;
    const char *key = "littlekillersum";
    read_refused(9,
                 "\"littlekillersum\":[{\"cell\":\"R5C5\",\"cells\":[\"R1C1\"],\"direction\":"
                 "\"XX\",\"value\":\"5\"}],",
                 key, "a clue that is not outside the grid");
    read_refused(9,
                 "\"littlekillersum\":[{\"cells\":[\"R1C1\"],\"direction\":\"UL\",\"value\":"
                 "\"5\"}],",
                 key, "a clue that is not outside the grid");
    read_refused(9,
                 "\"littlekillersum\":[{\"cell\":\"R0C1\",\"cells\":[\"R1C2\"],\"direction\":"
                 "\"XX\",\"value\":\"5\"}],",
                 key, "a direction other than UL, UR, DL and DR");
    read_refused(9,
                 "\"littlekillersum\":[{\"cell\":\"R0C9\",\"cells\":[],\"direction\":\"DR\","
                 "\"value\":\"5\"}],",
                 key, "a clue whose diagonal holds no cell");
    read_refused(9,
                 "\"littlekillersum\":[{\"cell\":\"R0C7\",\"cells\":[\"R1C8\"],\"direction\":"
                 "\"DR\",\"value\":\"5\"}],",
                 key, "cells that are not the diagonal from the clue in its direction");
    read_refused(9,
                 "\"littlekillersum\":[{\"cell\":\"R0C7\",\"cells\":[\"R2C9\",\"R1C8\"],"
                 "\"direction\":\"DR\",\"value\":\"5\"}],",
                 key, "cells that are not the diagonal from the clue in its direction");
    char *doc = NULL;
    rg_error e;
    assert_int_equal(read_members(9,
                                  "\"littlekillersum\":[{\"cell\":\"R10C8\",\"cells\":[\"R9C9\"],"
                                  "\"direction\":\"UR\",\"value\":\"8\"},{\"cell\":\"R5C5\","
                                  "\"value\":\"\"}],",
                                  &doc, &e),
                     RG_OK);
    holds(doc, "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":8,\"cells\":["
               "\"r9c9\"]}]");
    free(doc);
}

/* A solution is read when it names a digit for every cell, and none is
 * read when some cell is "." (unknown); any other is refused by name. */
static void solutions(void **state)
{
    (void)state;
    read_refused(4, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2],", "solution",
                 "f-puzzles key \"solution\": a list of size x size digits");
    read_refused(4, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,9],", "solution",
                 "a list of size x size digits");
    read_refused(4, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,\".\",\"x\"],", "solution",
                 "a list of size x size digits");
    read_refused(4, "\"solution\":\"1234341221434321\",", "solution",
                 "a list of size x size digits");
    char *doc = NULL;
    rg_error e;
    assert_int_equal(
        read_members(4, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,\".\",1],", &doc, &e), RG_OK);
    assert_null(strstr(doc, "\"solution\""));
    free(doc);
    assert_int_equal(
        read_members(4, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,\"2\",1],", &doc, &e), RG_OK);
    assert_non_null(strstr(doc, "\"solution\":{\"r1c1\":1,"));
    assert_non_null(strstr(doc, "\"r4c3\":2,\"r4c4\":1}"));
    free(doc);
}

/* Numbers in strings may have spaces around them, as f-puzzles' own
 * readers take them, on either side; inside a number, or alone, a space is
 * refused. */
static void spaced_numbers(void **state)
{
    (void)state;
    char *doc = NULL;
    rg_error e;
    assert_int_equal(read_members(9,
                                  "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\" "
                                  "10\"},{\"cells\":[\"R2C1\",\"R2C2\"],\"value\":\"10 \"},{"
                                  "\"cells\":[\"R3C1\",\"R3C2\"],\"value\":\"\\t11 \"}],",
                                  &doc, &e),
                     RG_OK);
    const char *want = "{\"type\":\"cage\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":10},{\"type\":"
                       "\"cage\",\"cells\":[\"r2c1\",\"r2c2\"],\"sum\":10},{\"type\":\"cage\","
                       "\"cells\":[\"r3c1\",\"r3c2\"],\"sum\":11}";
    holds(doc, want);
    free(doc);
    read_refused(9, "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"1 0\"}],",
                 "killercage", "a cage value that is not a whole number");
    read_refused(9, "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\" \"}],",
                 "killercage", "a cage value that is not a whole number");
}

/* Cell names as f-puzzles writes them, R and C (either case) and numbers
 * with no sign, space or leading zero; "R 3C4", "R03C4", "R+3C4" and a
 * trailing space are refused by key (they read as R3C4). */
static void cell_names(void **state)
{
    (void)state;
    char *doc = NULL;
    rg_error e;
    assert_int_equal(
        read_members(9, "\"killercage\":[{\"cells\":[\"r3c4\",\"R3C5\"],\"value\":\"7\"}],", &doc,
                     &e),
        RG_OK);
    holds(doc, "\"cells\":[\"r3c4\",\"r3c5\"],\"sum\":7");
    free(doc);
    const char *bad[] = {"R 3C4", "R03C4", "R+3C4", "R3C4 ", "R3 C4", "R3C", "RC4", "R3C4C5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char members[200];
        snprintf(members, sizeof members,
                 "\"killercage\":[{\"cells\":[\"%s\",\"R3C5\"],\"value\":\"7\"}],", bad[i]);
        char *got = NULL;
        if (read_members(9, members, &got, &e) == RG_OK) fail_msg("%s read: %s", bad[i], got);
        assert_int_equal(e.code, RG_E_FORMAT);
        assert_string_equal(e.field, "killercage");
    }
}

/* A board without houses has no f-puzzles form: f-puzzles' rows and
 * columns would add rules the document does not have. */
static void no_houses(void **state)
{
    (void)state;
    rg_puzzle *p = board_with(4, "");
    rg_error e;
    assert_null(fpz_write(p, &e));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_string_equal(e.field, "rules");
    assert_non_null(strstr(e.message, "f-puzzles grids have rows and columns"));
    rg_puzzle_free(p);
}

/* fpz_parse: the document fpz_read gives, parsed; a rule of it that the
 * format refuses blamed on the f-puzzles key it was read from. */
static void parse_blames_the_key(void **state)
{
    (void)state;
    rg_registry *reg = t_registry();
    rg_puzzle *p = NULL;
    char *doc = NULL, *read = NULL, *s = corpus_string(3);
    rg_error e;
    assert_int_equal(fpz_parse(reg, s, strlen(s), "s.txt", 4, &p, &doc, &e), RG_OK);
    assert_non_null(p);
    assert_int_equal(fpz_read(s, strlen(s), &read, &e), RG_OK);
    assert_string_equal(doc, read);
    rg_puzzle_free(p);
    free(read);
    free(doc);
    free(s);

    /* Two dots: the second between a cell and itself, rule 2 of the
     * document (after the boxes and the first dot). */
    char json[4096], *at = json;
    at += sprintf(at, "{\"size\":9,\"grid\":[");
    for (int r = 0; r < 9; r++) at += sprintf(at, "%s[{},{},{},{},{},{},{},{},{}]", r ? "," : "");
    sprintf(at, "],\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"]},"
                "{\"cells\":[\"R5C3\",\"R5C3\"]}]}");
    char *bad = rg_lzstring_compress(json, strlen(json), 0, &e);
    assert_non_null(bad);
    p = (rg_puzzle *)1;
    doc = (char *)1;
    assert_int_equal(fpz_parse(reg, bad, strlen(bad), "bad.txt", 7, &p, &doc, &e), RG_E_FORMAT);
    assert_null(p);
    assert_null(doc);
    assert_string_equal(e.field, "difference");
    assert_int_equal(e.rule, -1);
    assert_string_equal(e.type, "");
    assert_string_equal(e.file, "bad.txt");
    assert_int_equal(e.line, 7);
    assert_string_equal(e.message, "f-puzzles key \"difference\" reads as rule 2 (edge), which is "
                                   "refused: field cells[1]: cell r5c3 listed twice");
    /* fpz_read alone gives the document: the refusal is the format's. */
    assert_int_equal(fpz_read(bad, strlen(bad), &read, &e), RG_OK);
    free(read);
    /* A refusal of the reader's own is fpz_read's, whole. */
    assert_int_equal(fpz_parse(reg, "N4Ig*", 5, "x.txt", 1, &p, NULL, &e), RG_E_FORMAT);
    assert_null(p);
    assert_non_null(strstr(e.message, "not an f-puzzles string"));
    assert_string_equal(e.file, "x.txt");
    rg_string_free(bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(refusals, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_round_trip, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(parse_blames_the_key, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lines_written_as_read, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(little_killers_written, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(little_killers_read, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(solutions, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(spaced_numbers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(no_houses, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(cell_names, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
