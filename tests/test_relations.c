/* The relations plugin: edge clues of every kind and relation rules. Every
 * error it words; counts on the 288 4 x 4 sudokus against clues evaluated
 * here; sound propagation against brute force; the corpus puzzles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "data/variants-4/vtest.h"

/* ---- Errors ----------------------------------------------------------------------- */

static void edge_errors(void **state)
{
    (void)state;
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"kropki\", \"color\": \"white\", \"cells\": "
                 "[\"r1c1\", \"r2c2\"]}",
                 "edge", "cells", "not orthogonal neighbours");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"xv\", \"letter\": \"X\", \"cells\": [\"r1c1\", "
                 "\"r1c3\"]}",
                 "edge", "cells", "r1c1 and r1c3");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"dot\", \"cells\": [\"r1c1\", \"r1c2\"]}", "edge",
                 "kind", "expected one of kropki, xv");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"kropki\", \"cells\": [\"r1c1\", \"r1c2\"]}",
                 "edge", "color", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"kropki\", \"color\": \"grey\", \"cells\": "
                 "[\"r1c1\", \"r1c2\"]}",
                 "edge", "color", "white, black");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"xv\", \"letter\": \"x\", \"cells\": [\"r1c1\", "
                 "\"r1c2\"]}",
                 "edge", "letter", "X, V");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"difference\", \"cells\": [\"r1c1\", \"r1c2\"]}",
                 "edge", "value", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"difference\", \"value\": 0, \"cells\": "
                 "[\"r1c1\", \"r1c2\"]}",
                 "edge", "value", "of at least 1");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"ratio\", \"value\": 1, \"cells\": [\"r1c1\", "
                 "\"r1c2\"]}",
                 "edge", "value", "of at least 2");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"sum\", \"cells\": [\"r1c1\", \"r1c2\"]}", "edge",
                 "sum", "missing required field");
    /* A field of another kind is refused. */
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"greater\", \"value\": 3, \"cells\": [\"r1c1\", "
                 "\"r1c2\"]}",
                 "edge", "value", "unknown field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"edge\", \"kind\": \"greater\", \"cells\": [\"r1c1\", \"r1c2\", "
                 "\"r1c3\"]}",
                 "edge", "cells", "at most 2");
}

static void relation_errors(void **state)
{
    (void)state;
    v_rule_error(9, 9, 9,
                 "{\"type\": \"relation\", \"op\": \"bigger\", \"pairs\": [[\"r1c1\", \"r5c5\"]]}",
                 "relation", "op", "expected one of different, equal");
    v_rule_error(9, 9, 9, "{\"type\": \"relation\", \"pairs\": [[\"r1c1\", \"r5c5\"]]}", "relation",
                 "op", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"relation\", \"op\": \"not_ratio\", \"pairs\": [[\"r1c1\", "
                 "\"r5c5\"]]}",
                 "relation", "value", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"relation\", \"op\": \"difference_at_most\", \"value\": -1, "
                 "\"pairs\": [[\"r1c1\", \"r5c5\"]]}",
                 "relation", "value", "of at least 0");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"relation\", \"op\": \"equal\", \"pairs\": [[\"r1c1\", \"r1c1\"]]}",
                 "relation", "pairs[0]", "two different cells");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"relation\", \"op\": \"equal\", \"sum\": 4, \"pairs\": [[\"r1c1\", "
                 "\"r1c2\"]]}",
                 "relation", "sum", "unknown field");
}

/* ---- Counts on the 4 x 4 sudokus ------------------------------------------------------- */

/* Kinds 0..8: kropki white, kropki black, xv V, xv X, difference, ratio,
 * product, sum, greater. Does the edge clue k (value v) hold for the digits a = cells[0], b = cells[1]? */
static int edge_holds(int k, long v, int a, int b)
{
    switch (k) {
    case 0: return abs(a - b) == 1;
    case 1: return a == 2 * b || b == 2 * a;
    case 2: return a + b == 5;
    case 3: return a + b == 10;
    case 4: return abs(a - b) == v;
    case 5: return a == v * b || b == v * a;
    case 6: return a * b == v;
    case 7: return a + b == v;
    default: return a > b;
    }
}

static void edge_json(vbuf *b, int k, long v, int r0, int c0, int r1, int c1)
{
    const char *extra[] = {"\"kind\": \"kropki\", \"color\": \"white\"",
                           "\"kind\": \"kropki\", \"color\": \"black\"",
                           "\"kind\": \"xv\", \"letter\": \"V\"",
                           "\"kind\": \"xv\", \"letter\": \"X\"",
                           "\"kind\": \"difference\", \"value\": %ld",
                           "\"kind\": \"ratio\", \"value\": %ld",
                           "\"kind\": \"product\", \"value\": %ld",
                           "\"kind\": \"sum\", \"sum\": %ld",
                           "\"kind\": \"greater\""};
    v_add(b, "{\"type\": \"edge\", ");
    v_add(b, extra[k], v);
    v_add(b, ", \"cells\": [\"r%dc%d\", \"r%dc%d\"]}", r0, c0, r1, c1);
}

static long kind_value(int k, int D)
{
    switch (k) {
    case 4: return 1 + (long)v_rand((unsigned)(D - 1));
    case 5: return 2 + (long)v_rand(2);
    case 6: return 1 + (long)v_rand((unsigned)(D * 2));
    case 7: return 3 + (long)v_rand((unsigned)(2 * D - 3));
    default: return 0;
    }
}

/* A random orthogonal pair of a rows x cols board: cells a, c (indices). */
static void random_adjacent(int rows, int cols, int *a, int *c)
{
    for (;;) {
        int r = (int)v_rand((unsigned)rows), col = (int)v_rand((unsigned)cols);
        int down = (int)v_rand(2);
        int r2 = r + down, c2 = col + !down;
        if (r2 >= rows || c2 >= cols) continue;
        if (v_rand(2)) {
            *a = r * cols + col;
            *c = r2 * cols + c2;
        } else {
            *c = r * cols + col;
            *a = r2 * cols + c2;
        }
        return;
    }
}

static void edge_counts_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    for (int k = 0; k < 9; k++)
        for (int round = 0; round < 4; round++) {
            int cells[6];
            long v = kind_value(k, 4);
            vbuf b = {0};
            v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
            for (int i = 0; i < 2 + round % 2; i++) {
                random_adjacent(4, 4, &cells[2 * i], &cells[2 * i + 1]);
                v_add(&b, ", ");
                edge_json(&b, k, v, cells[2 * i] / 4 + 1, cells[2 * i] % 4 + 1,
                          cells[2 * i + 1] / 4 + 1, cells[2 * i + 1] % 4 + 1);
            }
            v_add(&b, "]");
            long expect = 0;
            for (int s = 0; s < ns; s++) {
                int ok = 1;
                for (int i = 0; i < 2 + round % 2 && ok; i++)
                    ok = edge_holds(k, v, all[s][cells[2 * i]], all[s][cells[2 * i + 1]]);
                expect += ok;
            }
            v_count_rules(4, 4, 4, &b, expect);
        }
}

/* greater is oriented: the pair reversed gives the mirrored count, and both
 * together leave nothing. */
static void greater_is_oriented(void **state)
{
    (void)state;
    const char *fmt =
        "[{\"type\": \"edge\", \"kind\": \"greater\", \"cells\": [\"r1c1\", \"r1c2\"]}%s]";
    char rules[512];
    snprintf(rules, sizeof rules, fmt, "");
    char *json = v_doc(1, 2, 3, "", rules, "\"r1c1\": 2");
    v_count_all(json, 1, 1); /* r1c2 = 1 */
    free(json);
    json = v_doc(1, 2, 3, "", rules, "\"r1c2\": 2");
    v_count_all(json, 1, 1); /* r1c1 = 3 */
    free(json);
    snprintf(rules, sizeof rules, fmt,
             ", {\"type\": \"relation\", \"op\": \"less\", \"pairs\": [[\"r1c1\", \"r1c2\"]]}");
    json = v_doc(1, 2, 3, "", rules, "");
    v_count_all(json, 0, 1);
    free(json);
}

/* A different relation is a peer edge: with a given it prunes like a house. */
static void different_is_a_peer(void **state)
{
    (void)state;
    char *json = v_doc(1, 3, 2, "",
                       "[{\"type\": \"relation\", \"op\": \"different\", \"pairs\": [[\"r1c1\", "
                       "\"r1c2\"], [\"r1c2\", \"r1c3\"]]}]",
                       "\"r1c1\": 1");
    v_count_all(json, 1, 1);
    free(json);
}

/* ---- A pair in a house ------------------------------------------------------------- */

#define ROW3 "{\"type\": \"row\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}"

/* The domains of r1c1..r1c3 (1 x 3 board, 9 digits, the rules given) after
 * propagation from start. */
static void narrow3(const char *rules, const rg_mask *start, rg_mask *out)
{
    char *json = v_doc(1, 3, 9, "", rules, "");
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
    rg_solver_free(s);
    rg_puzzle_free(p);
    free(json);
}

/* A pair whose cells a house holds loses what only an equal digit would
 * support, whichever order the rules come in; without the house it keeps
 * it. An X (sum 10) keeps 5 only opposite 5: in a row both cells lose it.
 * Not consecutive, with r1c1 down to 5 or 6: in a row r1c2 cannot be 5 (6 is
 * consecutive, 5 equal) nor 6; alone, 5 opposite 5 and 6 opposite 6 hold.
 * The relation's r1c2 is in two pairs (one propagator for the cell's arcs). */
static void pair_in_a_house(void **state)
{
    (void)state;
    const rg_mask all = 0x1FF, five = 1u << 4, six = 1u << 5;
    const rg_mask full[3] = {all, all, all};
    const char *x = "{\"type\": \"edge\", \"kind\": \"xv\", \"letter\": \"X\", \"cells\": "
                    "[\"r1c1\", \"r1c2\"]}";
    const char *order[2][2] = {{ROW3, x}, {x, ROW3}};
    char rules[1024];
    rg_mask out[3];
    for (int k = 0; k < 2; k++) {
        snprintf(rules, sizeof rules, "[%s, %s]", order[k][0], order[k][1]);
        narrow3(rules, full, out);
        assert_int_equal(out[0], all & ~five);
        assert_int_equal(out[1], all & ~five);
        assert_int_equal(out[2], all);
    }
    snprintf(rules, sizeof rules, "[%s]", x);
    narrow3(rules, full, out);
    assert_int_equal(out[0], all);
    assert_int_equal(out[1], all);

    const char *nc = "{\"type\": \"relation\", \"op\": \"not_consecutive\", \"pairs\": "
                     "[[\"r1c1\", \"r1c2\"], [\"r1c2\", \"r1c3\"]]}";
    const rg_mask start[3] = {five | six, all, all};
    const char *order2[2][2] = {{ROW3, nc}, {nc, ROW3}};
    for (int k = 0; k < 2; k++) {
        snprintf(rules, sizeof rules, "[%s, %s]", order2[k][0], order2[k][1]);
        narrow3(rules, start, out);
        assert_int_equal(out[0], five | six);
        assert_int_equal(out[1], all & ~(five | six));
        assert_int_equal(out[2], all);
    }
    snprintf(rules, sizeof rules, "[%s]", nc);
    narrow3(rules, start, out);
    assert_int_equal(out[1], all);
}

static void edge_soundness(void **state)
{
    (void)state;
    for (int k = 0; k < 9; k++)
        for (int round = 0; round < 8; round++) {
            int rows = 1 + (int)v_rand(3), cols = 2 + (int)v_rand(3), D = 3 + (int)v_rand(7);
            vbuf b = {0};
            v_add(&b, "[");
            int n = 1 + (int)v_rand(5);
            for (int i = 0; i < n; i++) {
                int a, c;
                random_adjacent(rows, cols, &a, &c);
                if (i) v_add(&b, ", ");
                edge_json(&b, k, kind_value(k, D), a / cols + 1, a % cols + 1, c / cols + 1,
                          c % cols + 1);
            }
            v_add(&b, "]");
            v_sound_rules(rows, cols, D, &b, 10);
        }
}

static void corpus(void **state)
{
    (void)state;
    assert_true(v_corpus("corpus/variants/relations.jsonl") >= 3);
}

/* Mixed with cages, lines and outside clues (plugins built with the project). */
static void corpus_mixed(void **state)
{
    (void)state;
    static const char *const need[] = {"cage", "line", "outside"};
    for (int i = 0; i < 3; i++)
        if (!rg_registry_find(t_registry(), need[i])) fail_msg("no plugin registers %s", need[i]);
    assert_int_equal(v_corpus("corpus/variants/relations-mixed.jsonl"), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(edge_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(relation_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(edge_counts_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(greater_is_oriented, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(different_is_a_peer, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pair_in_a_house, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(edge_soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_mixed, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
