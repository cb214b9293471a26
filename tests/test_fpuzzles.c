/* fpz_read and fpz_write (tools/fpz_*.c, the converter of `rulegrid
 * convert`): the error records of refusals, and each corpus string read and
 * written back to the same document. tests/cli/fpuzzles.sh checks the
 * readings themselves against the reference documents. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(refusals, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_round_trip, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
