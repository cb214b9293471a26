/* Tests of core/write.c: the canonical writer. Writing is idempotent over
 * every readable document of the corpora and test data and keeps the puzzle
 * (same solution count and solution); house rules are rewritten as format.md
 * §6.1 asks (by the houses plugin's write hook); rules are grouped by their
 * types' ranks; other plugins' hooks and field orders are followed; cells
 * lower-cased; meta and x- kept; the layouts; allocation failures return
 * NULL, set err and leak nothing. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#define DOC(board, rules, more)                                                                    \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " board ", \"rules\": " rules more "}"
#define B9 "{\"rows\": 9, \"columns\": 9, \"digits\": 9}"
#define B4 "{\"rows\": 4, \"columns\": 4, \"digits\": 4}"

static char *write_ok(const rg_puzzle *p, unsigned flags)
{
    rg_error e;
    char *s = rg_puzzle_write(p, flags, &e);
    if (!s) fail_msg("rg_puzzle_write failed: %s", e.message);
    return s;
}

/* The canonical one-line text of a document given as a string. */
static char *canon(const char *json, unsigned flags)
{
    rg_puzzle *p = t_parse(json);
    char *s = write_ok(p, flags);
    rg_puzzle_free(p);
    return s;
}

/* Writing text's puzzle, reading that and writing again gives the same
 * bytes, in both layouts; the second reading is the same puzzle. */
static void check_round_trip(const char *text, size_t len, const char *where, int solve)
{
    rg_puzzle *p = NULL;
    rg_error e;
    if (rg_puzzle_parse(t_registry(), text, len, where, 0, &p, &e) != RG_OK)
        return; /* an unreadable document of the test data */
    for (unsigned flags = RG_WRITE_PRETTY; flags <= RG_WRITE_LINE; flags++) {
        char *a = write_ok(p, flags);
        rg_puzzle *q = NULL;
        if (rg_puzzle_parse(t_registry(), a, strlen(a), "written", 0, &q, &e) != RG_OK)
            fail_msg("%s: the written document does not read: %s\n%s", where, e.message, a);
        char *b = write_ok(q, flags);
        if (strcmp(a, b) != 0) fail_msg("%s: not idempotent:\n%s\n%s", where, a, b);
        assert_int_equal(rg_puzzle_rule_count(q) > 0, rg_puzzle_rule_count(p) > 0);
        if (solve && flags == RG_WRITE_LINE) {
            int n = rg_puzzle_cells(p);
            int *s1 = calloc((size_t)n, sizeof *s1), *s2 = calloc((size_t)n, sizeof *s2);
            long c1 = t_count_into(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, NULL, s1);
            long c2 = t_count_into(q, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, NULL, s2);
            assert_int_equal(c1, c2);
            if (c1) assert_memory_equal(s1, s2, (size_t)n * sizeof *s1);
            free(s1);
            free(s2);
        }
        rg_string_free(a);
        rg_string_free(b);
        rg_puzzle_free(q);
    }
    rg_puzzle_free(p);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (cap - n < 2) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Every document of the variant corpora and tests/data; a sample (the first
 * document of each file whose puzzles solve quickly) is also solved before
 * and after. */
static void idempotent_everywhere(void **state)
{
    (void)state;
    static const char *const patterns[] = {"corpus/variants/*.jsonl", "tests/data/*/*.jsonl",
                                           "tests/data/*/*.json", "examples/*.json"};
    int files = 0;
    long docs = 0;
    for (size_t k = 0; k < sizeof patterns / sizeof patterns[0]; k++) {
        glob_t g;
        char pat[4096];
        snprintf(pat, sizeof pat, "%s", t_src(patterns[k]));
        if (glob(pat, 0, NULL, &g) != 0) continue;
        for (size_t i = 0; i < g.gl_pathc; i++, files++) {
            size_t len;
            char *text = slurp(g.gl_pathv[i], &len);
            int jsonl = strstr(g.gl_pathv[i], ".jsonl") != NULL;
            /* Searches too long for this test (under Valgrind above all). */
            int hard = strstr(g.gl_pathv[i], "killer") || strstr(g.gl_pathv[i], "neighbours");
            if (!jsonl) {
                check_round_trip(text, len, g.gl_pathv[i], 1);
                docs++;
            } else {
                int line = 0;
                for (char *l = text; *l; line++) {
                    char *nl = strchr(l, '\n');
                    size_t n = nl ? (size_t)(nl - l) : strlen(l);
                    char where[4200];
                    snprintf(where, sizeof where, "%s:%d", g.gl_pathv[i], line + 1);
                    if (n) check_round_trip(l, n, where, line == 0 && !hard);
                    docs++;
                    l += n + (nl ? 1 : 0);
                }
            }
            free(text);
        }
        globfree(&g);
    }
    assert_true(files >= 14);
    assert_true(docs >= 100);
}

/* A canonical document in the corpora stays as it is. */
static void canonical_line_unchanged(void **state)
{
    (void)state;
    const char *doc = DOC(B9, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}]",
                          ", \"givens\": {\"r1c1\": 5, \"r9c9\": 1}");
    char *s = canon(doc, RG_WRITE_LINE);
    assert_string_equal(s, doc);
    assert_null(strchr(s, '\n'));
    rg_string_free(s);
}

static void expect_rules(const char *json, const char *rules)
{
    char *s = canon(json, RG_WRITE_LINE);
    const char *r = strstr(s, "\"rules\": [");
    assert_non_null(r);
    r += strlen("\"rules\": ");
    size_t n = strlen(rules);
    if (strncmp(r, rules, n) != 0 || (r[n] != ',' && r[n] != '}'))
        fail_msg("expected rules\n%s\ngot\n%s", rules, r);
    rg_string_free(s);
    /* and the rewriting keeps the puzzle */
    rg_puzzle *p = t_parse(json);
    char *again = write_ok(p, RG_WRITE_LINE);
    rg_puzzle *q = t_parse(again);
    assert_int_equal(t_count(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 3, NULL),
                     t_count(q, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 3, NULL));
    rg_string_free(again);
    rg_puzzle_free(p);
    rg_puzzle_free(q);
}

#define JIGSAW_BOXES                                                                               \
    "{\"type\": \"box\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r3c1\"]}, "                   \
    "{\"type\": \"box\", \"cells\": [\"r1c3\", \"r1c4\", \"r2c4\", \"r3c4\"]}, "                   \
    "{\"type\": \"box\", \"cells\": [\"r2c2\", \"r2c3\", \"r3c2\", \"r3c3\"]}, "                   \
    "{\"type\": \"box\", \"cells\": [\"r4c1\", \"r4c2\", \"r4c3\", \"r4c4\"]}"

static void jigsaw_stays_grid_and_boxes(void **state)
{
    (void)state;
    expect_rules(DOC(B4, "[{\"type\": \"grid\", \"origin\": \"r1c1\"}, " JIGSAW_BOXES "]",
                     ", \"givens\": {\"r1c1\": 1, \"r2c4\": 2}"),
                 "[{\"type\": \"grid\", \"origin\": \"r1c1\"}, "
                 "{\"type\": \"box\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r3c1\"]}, "
                 "{\"type\": \"box\", \"cells\": [\"r1c3\", \"r1c4\", \"r2c4\", \"r3c4\"]}, "
                 "{\"type\": \"box\", \"cells\": [\"r2c2:r3c3\"]}, "
                 "{\"type\": \"box\", \"cells\": [\"r4c1:r4c4\"]}]");
}

static void grid_and_regular_boxes_become_box_grid(void **state)
{
    (void)state;
    expect_rules(DOC(B4,
                     "[{\"type\": \"box\", \"cells\": \"R3C3:R4C4\"}, "
                     "{\"type\": \"grid\", \"origin\": \"R1C1\"}, "
                     "{\"type\": \"box\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}, "
                     "{\"type\": \"box\", \"cells\": [\"r2c4:r1c3\"]}, "
                     "{\"type\": \"box\", \"cells\": [\"r3c1\", \"r3c2\", \"r4c1\", \"r4c2\"]}]",
                     ""),
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}]");
}

static void explicit_rows_columns_boxes_become_box_grid(void **state)
{
    (void)state;
    expect_rules(DOC(B4,
                     "[{\"type\": \"row\", \"cells\": \"r1c1:r1c4\"}, "
                     "{\"type\": \"row\", \"cells\": \"r2c1:r2c4\"}, "
                     "{\"type\": \"row\", \"cells\": [\"r3c4\", \"r3c3\", \"r3c2\", \"r3c1\"]}, "
                     "{\"type\": \"row\", \"cells\": \"r4c1:r4c4\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c1:r4c1\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c2:r4c2\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c3:r4c3\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c4:r4c4\"}, "
                     "{\"type\": \"box\", \"cells\": \"r1c1:r2c2\"}, "
                     "{\"type\": \"box\", \"cells\": \"r1c3:r2c4\"}, "
                     "{\"type\": \"box\", \"cells\": \"r3c1:r4c2\"}, "
                     "{\"type\": \"box\", \"cells\": \"r3c3:r4c4\"}]",
                     ""),
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}]");
    /* Rows and columns only: a grid. */
    expect_rules(DOC(B4,
                     "[{\"type\": \"column\", \"cells\": \"r1c1:r4c1\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c2:r4c2\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c3:r4c3\"}, "
                     "{\"type\": \"column\", \"cells\": \"r1c4:r4c4\"}, "
                     "{\"type\": \"row\", \"cells\": \"r1c1:r1c4\"}, "
                     "{\"type\": \"row\", \"cells\": \"r2c1:r2c4\"}, "
                     "{\"type\": \"row\", \"cells\": \"r3c1:r3c4\"}, "
                     "{\"type\": \"row\", \"cells\": \"r4c1:r4c4\"}]",
                     ""),
                 "[{\"type\": \"grid\", \"origin\": \"r1c1\"}]");
}

static void rows_absorbed_and_remaining_kept(void **state)
{
    (void)state;
    /* A row of the grid is absorbed; a row and a column that are no grid's
     * stay, rows before columns, each in the order read. */
    expect_rules(DOC("{\"rows\": 5, \"columns\": 5, \"digits\": 4}",
                     "[{\"type\": \"column\", \"cells\": "
                     "[\"r2c5\", \"r3c5\", \"r4c5\", \"r5c5\"]}, "
                     "{\"type\": \"row\", \"cells\": [\"r5c1\", \"r5c2\", \"r5c3\", \"r5c5\"]}, "
                     "{\"type\": \"row\", \"cells\": [\"r1c4\", \"r1c3\", \"r1c2\", \"r1c1\"]}, "
                     "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                     "{\"type\": \"row\", \"cells\": [\"r5c4\", \"r5c2\"]}]",
                     ""),
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                 "{\"type\": \"row\", \"cells\": [\"r5c1\", \"r5c2\", \"r5c3\", \"r5c5\"]}, "
                 "{\"type\": \"row\", \"cells\": [\"r5c4\", \"r5c2\"]}, "
                 "{\"type\": \"column\", \"cells\": [\"r2c5:r5c5\"]}]");
}

static void samurai_keeps_five_box_grids(void **state)
{
    (void)state;
    /* Listed out of order, with the centre's boxes repeated as box rules. */
    expect_rules(DOC("{\"rows\": 21, \"columns\": 21, \"digits\": 9, \"cells\": [\"r1c1:r9c9\", "
                     "\"r1c13:r9c21\", \"r7c7:r15c15\", \"r13c1:r21c9\", \"r13c13:r21c21\"]}",
                     "[{\"type\": \"box_grid\", \"origin\": \"r7c7\", \"box\": [3, 3]}, "
                     "{\"type\": \"box_grid\", \"origin\": \"r13c13\", \"box\": [3, 3]}, "
                     "{\"type\": \"box\", \"cells\": \"r7c7:r9c9\"}, "
                     "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, "
                     "{\"type\": \"box_grid\", \"origin\": \"r1c13\", \"box\": [3, 3]}, "
                     "{\"type\": \"box_grid\", \"origin\": \"r13c1\", \"box\": [3, 3]}]",
                     ""),
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, "
                 "{\"type\": \"box_grid\", \"origin\": \"r1c13\", \"box\": [3, 3]}, "
                 "{\"type\": \"box_grid\", \"origin\": \"r7c7\", \"box\": [3, 3]}, "
                 "{\"type\": \"box_grid\", \"origin\": \"r13c1\", \"box\": [3, 3]}, "
                 "{\"type\": \"box_grid\", \"origin\": \"r13c13\", \"box\": [3, 3]}]");
}

static void rules_grouped_in_spec_order(void **state)
{
    (void)state;
    expect_rules(
        DOC(B4,
            "[{\"type\": \"negative\", \"of\": \"kropki\"}, "
            "{\"type\": \"relation\", \"pairs\": [[\"r1c1\", \"r4c4\"]], \"op\": \"different\"}, "
            "{\"type\": \"cage\", \"sum\": 3, \"cells\": [\"R1C1\", \"R1C2\"]}, "
            "{\"type\": \"edge\", \"cells\": [\"r3c3\", \"r3c4\"], \"kind\": \"kropki\", "
            "\"color\": \"black\", \"x-colour\": \"red\", \"note\": \"a dot\"}, "
            "{\"type\": \"region\", \"cells\": [\"r1c1\", \"r2c2\", \"r3c3\", \"r4c4\"], "
            "\"kind\": \"diagonal\"}, "
            "{\"type\": \"cage\", \"cells\": [\"r4c1\", \"r4c2\"]}, "
            "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2], \"note\": \"main\"}]",
            ""),
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2], \"note\": \"main\"}, "
        "{\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [\"r1c1\", \"r2c2\", \"r3c3\", "
        "\"r4c4\"]}, "
        "{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}, "
        "{\"type\": \"cage\", \"cells\": [\"r4c1\", \"r4c2\"]}, "
        "{\"type\": \"edge\", \"kind\": \"kropki\", \"color\": \"black\", \"cells\": [\"r3c3\", "
        "\"r3c4\"], \"note\": \"a dot\", \"x-colour\": \"red\"}, "
        "{\"type\": \"relation\", \"op\": \"different\", \"pairs\": [[\"r1c1\", \"r4c4\"]]}, "
        "{\"type\": \"negative\", \"of\": \"kropki\"}]");
}

static void house_rule_with_extras_kept(void **state)
{
    (void)state;
    /* A box with an x- field is not absorbed into the box_grid it helps form. */
    expect_rules(DOC(B4,
                     "[{\"type\": \"grid\", \"origin\": \"r1c1\"}, "
                     "{\"type\": \"box\", \"cells\": \"r1c1:r2c2\", \"x-shade\": 1}, "
                     "{\"type\": \"box\", \"cells\": \"r1c3:r2c4\"}, "
                     "{\"type\": \"box\", \"cells\": \"r3c1:r4c2\"}, "
                     "{\"type\": \"box\", \"cells\": \"r3c3:r4c4\"}]",
                     ""),
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                 "{\"type\": \"box\", \"cells\": \"r1c1:r2c2\", \"x-shade\": 1}]");
}

static void lower_case_cells_and_board(void **state)
{
    (void)state;
    char *s = canon(DOC("{\"rows\": 4, \"columns\": 4, \"digits\": 4, \"cells\": \"R4C4:R1C1\"}",
                        "[{\"type\": \"box_grid\", \"origin\": \"R1C1\", \"box\": [2, 2]}, "
                        "{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": [\"R2C1:R1C2\"], "
                        "\"x-label\": \"R1C1\"}]",
                        ", \"givens\": {\"R1C1\": 1}"),
                    RG_WRITE_LINE);
    assert_non_null(strstr(s, "\"cells\": [\"r1c1:r4c4\"]}"));
    assert_non_null(strstr(s, "{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": "
                              "[\"r1c1:r2c2\"], \"x-label\": \"R1C1\"}"));
    assert_non_null(strstr(s, "\"givens\": {\"r1c1\": 1}"));
    rg_string_free(s);
}

static void meta_x_and_solution(void **state)
{
    (void)state;
    const char *sol = "{\"r1c1\": 1, \"r1c2\": 2, \"r1c3\": 3, \"r1c4\": 4, \"r2c1\": 3, "
                      "\"r2c2\": 4, \"r2c3\": 1, \"r2c4\": 2, \"r3c1\": 2, \"r3c2\": 1, "
                      "\"r3c3\": 4, \"r3c4\": 3, \"r4c1\": 4, \"r4c2\": 3, \"r4c3\": 2, "
                      "\"r4c4\": 1}";
    char doc[2048];
    snprintf(doc, sizeof doc,
             "{\"x-first\": [1, 2.5, 3.0, {\"a\": null}], "
             "\"meta\": {\"title\": \"T\\u00e9 \\\"q\\\"\"}, "
             "\"solution\": %s, \"format\": \"rulegrid\", \"version\": 1, \"board\": " B4
             ", \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}], "
             "\"givens\": {\"r4c4\": 1, \"r1c1\": 1}, \"x-last\": true}",
             sol);
    char *s = canon(doc, RG_WRITE_LINE);
    char want[4096];
    snprintf(want, sizeof want,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " B4 ", \"rules\": "
             "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}], \"givens\": "
             "{\"r1c1\": 1, \"r4c4\": 1}, \"solution\": %s, \"meta\": {\"title\": \"T\xc3\xa9 "
             "\\\"q\\\"\"}, \"x-first\": [1, 2.5, 3, {\"a\": null}], \"x-last\": true}",
             sol);
    assert_string_equal(s, want);
    rg_string_free(s);
    s = canon(doc, RG_WRITE_LINE | RG_WRITE_NO_SOLUTION);
    assert_null(strstr(s, "solution"));
    assert_non_null(strstr(s, "x-last"));
    rg_string_free(s);
}

static void pretty_layout(void **state)
{
    (void)state;
    char *s = canon(DOC(B4,
                        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                        "{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}]",
                        ", \"givens\": {\"r1c1\": 1, \"r1c2\": 2, \"r3c3\": 4}"),
                    RG_WRITE_PRETTY);
    assert_string_equal(s, "{\n"
                           "  \"format\": \"rulegrid\",\n"
                           "  \"version\": 1,\n"
                           "  \"board\": {\"rows\": 4, \"columns\": 4, \"digits\": 4},\n"
                           "  \"rules\": [\n"
                           "    {\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]},\n"
                           "    {\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}\n"
                           "  ],\n"
                           "  \"givens\": {\n"
                           "    \"r1c1\": 1, \"r1c2\": 2,\n"
                           "    \"r3c3\": 4\n"
                           "  }\n"
                           "}");
    rg_string_free(s);
    s = canon(DOC(B4, "[]", ""), RG_WRITE_PRETTY);
    assert_non_null(strstr(s, "\"rules\": []\n}"));
    rg_string_free(s);
}

/* Classic lines share the model of their rules: each writes them. */
static void corpus_puzzles_write(void **state)
{
    (void)state;
    rg_corpus *c = NULL;
    rg_error e;
    assert_int_equal(
        rg_corpus_open(t_registry(), t_src("tests/data/cli/puzzles.txt"), NULL, NULL, &c, &e),
        RG_OK);
    rg_puzzle *p = NULL;
    assert_int_equal(rg_corpus_next(c, &p, &e), 1);
    char *s = write_ok(p, RG_WRITE_LINE);
    assert_non_null(strstr(s, "\"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", "
                              "\"box\": [3, 3]}], \"givens\": {"));
    rg_string_free(s);
    rg_puzzle_free(p);
    rg_corpus_close(c);
}

static void allocation_failures(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(
        DOC(B4,
            "[{\"type\": \"grid\", \"origin\": \"r1c1\"}, " JIGSAW_BOXES ", "
            "{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3, \"x-a\": [1]}]",
            ", \"givens\": {\"r1c1\": 1}, \"meta\": {\"t\": \"x\"}, \"x-b\": {\"c\": 2}"));
    char *good = write_ok(p, RG_WRITE_PRETTY);
    int failed = 0;
    for (long n = 1; n < 200; n++) {
        size_t before = rg_mem_in_use();
        rg_error e;
        rg_mem_fail_after(n);
        char *s = rg_puzzle_write(p, RG_WRITE_PRETTY, &e);
        rg_mem_fail_after(0);
        if (s) {
            assert_string_equal(s, good);
            rg_string_free(s);
            break;
        }
        failed++;
        assert_int_equal(e.code, RG_E_NOMEM);
        assert_true(e.message[0] != 0);
        assert_int_equal(rg_mem_in_use(), before);
    }
    assert_true(failed > 3);
    rg_string_free(good);
    rg_puzzle_free(p);
}

/* Rule types of other plugins: their write hooks, ranks and field orders
 * decide where and how they are written (tests/data/plugins/writer.c). */
static void plugin_write_hooks(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    const char *dirs[] = {RG_TEST_PLUGIN_DIR "/writer", NULL};
    assert_int_equal(rg_registry_load_default(reg, dirs, rg_builtin_plugin_dir(), &err), RG_OK);
    const char *doc =
        DOC(B4,
            "[{\"type\": \"test.old\", \"note\": \"n\", \"cells\": [\"r1c1\"]}, "
            "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
            "{\"type\": \"test.first\", \"cells\": [\"r2c2\", \"r1c1\"], \"x-k\": 1}, "
            "{\"type\": \"cage\", \"cells\": [\"r4c4\"], \"sum\": 4}, "
            "{\"type\": \"test.first\", \"cells\": [\"R3C3\"]}]",
            "");
    rg_puzzle *p = NULL;
    assert_int_equal(rg_puzzle_parse(reg, doc, strlen(doc), "t", 0, &p, &err), RG_OK);
    char *s = write_ok(p, RG_WRITE_LINE);
    const char *want =
        "\"rules\": [{\"type\": \"test.first\", \"seen\": 2, \"cells\": [\"r1c1\", \"r2c2\"], "
        "\"x-k\": 1}, {\"type\": \"test.first\", \"seen\": 2, \"cells\": [\"r3c3\"]}, "
        "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
        "{\"type\": \"cage\", \"cells\": [\"r4c4\"], \"sum\": 4}, "
        "{\"type\": \"test.old\", \"note\": \"n\", \"cells\": [\"r1c1\"]}]";
    if (!strstr(s, want)) fail_msg("expected\n%s\nin\n%s", want, s);
    rg_string_free(s);
    rg_puzzle_free(p);
    /* A hook that fails: NULL, an error that says so, nothing held. */
    doc = DOC(B4, "[{\"type\": \"test.broken\", \"cells\": [\"r1c1\"]}]", "");
    assert_int_equal(rg_puzzle_parse(reg, doc, strlen(doc), "t", 0, &p, &err), RG_OK);
    size_t before = rg_mem_in_use();
    assert_null(rg_puzzle_write(p, RG_WRITE_LINE, &err));
    assert_int_equal(err.code, RG_E_INTERNAL);
    assert_non_null(strstr(err.message, "write hook failed"));
    assert_int_equal(rg_mem_in_use(), before);
    rg_puzzle_free(p);
    rg_registry_free(reg);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_mem_setup, t_mem_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(idempotent_everywhere),
        T(canonical_line_unchanged),
        T(jigsaw_stays_grid_and_boxes),
        T(grid_and_regular_boxes_become_box_grid),
        T(explicit_rows_columns_boxes_become_box_grid),
        T(rows_absorbed_and_remaining_kept),
        T(samurai_keeps_five_box_grids),
        T(rules_grouped_in_spec_order),
        T(house_rule_with_extras_kept),
        T(lower_case_cells_and_board),
        T(meta_x_and_solution),
        T(pretty_layout),
        T(corpus_puzzles_write),
        T(allocation_failures),
        T(plugin_write_hooks),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
