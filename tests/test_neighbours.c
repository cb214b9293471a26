/* The neighbours plugin: its errors; every kind and every where with random
 * operators, within, area and except, counted on the 288 4 x 4 sudokus
 * against pairs formed here; sound propagation; the corpus puzzles. */
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
    v_rule_error(9, 9, 9,
                 "{\"type\": \"neighbours\", \"kind\": \"antiknight\", \"op\": \"different\"}",
                 "neighbours", "op", "either kind or op");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"neighbours\", \"kind\": \"antiknight\", \"where\": \"king\"}",
                 "neighbours", "where", "where comes with op");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\"}", "neighbours", "kind", "needs a kind");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"kind\": \"antiqueen\"}", "neighbours",
                 "kind", "antiknight, antiking, nonconsecutive");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"op\": \"different\"}", "neighbours",
                 "where", "missing required field");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"op\": \"different\", \"where\": \"camel\"}",
                 "neighbours", "where", "orthogonal, diagonal, king, knight");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"op\": \"less\", \"where\": \"king\"}",
                 "neighbours", "op", "ordered operator");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"op\": \"sum\", \"where\": \"king\"}",
                 "neighbours", "sum", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"neighbours\", \"kind\": \"antiking\", \"within\": \"house\"}",
                 "neighbours", "within", "box, region");
    v_rule_error(9, 9, 9, "{\"type\": \"neighbours\", \"kind\": \"antiking\", \"area\": \"r2c2\"}",
                 "neighbours", "area", "not the origin of a grid");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"neighbours\", \"kind\": \"antiking\", \"except\": [[\"r1c1\"]]}",
                 "neighbours", "except[0]", "pair of two cell names");
}

/* Is (a, c) a pair of where w (0 orthogonal, 1 diagonal, 2 king, 3 knight)? */
static int is_pair(int w, int a, int c)
{
    int dr = abs(a / 4 - c / 4), dc = abs(a % 4 - c % 4);
    int orth = dr + dc == 1, diag = dr == 1 && dc == 1, knight = dr * dc == 2;
    return w == 0 ? orth : w == 1 ? diag : w == 2 ? orth || diag : knight;
}

static const char *const wheres[] = {"orthogonal", "diagonal", "king", "knight"};

/* Random op on random where with a random scope, on the 4 x 4 sudoku. */
static void counts_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    static const char *const ops[] = {
        "different",           "not_consecutive",    "consecutive",      "not_sum",
        "difference_at_least", "same_parity",        "different_parity", "not_ratio",
        "not_product",         "difference_at_most", "not_difference",   "equal"};
    for (int round = 0; round < 60; round++) {
        const char *op = ops[round % 12];
        int w = (int)v_rand(4), within = (int)v_rand(3), scope = (int)v_rand(3);
        long v = v_random_param(op, 4);
        /* Area: rows r0..r1 (when scope 1); except: one random pair of w (scope 2). */
        int r0 = (int)v_rand(2), r1 = 2 + (int)v_rand(2), ex_a = -1, ex_c = -1;
        vbuf b = {0};
        v_add(&b,
              "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
              "{\"type\": \"region\", \"cells\": [\"r1c1\", \"r2c2\", \"r3c3\", \"r4c4\", "
              "\"r1c2\"]}, "
              "{\"type\": \"neighbours\", \"op\": \"%s\"",
              op);
        if (v_param_field(op)) v_add(&b, ", \"%s\": %ld", v_param_field(op), v);
        v_add(&b, ", \"where\": \"%s\"", wheres[w]);
        if (within) v_add(&b, ", \"within\": \"%s\"", within == 1 ? "box" : "region");
        if (scope == 1) v_add(&b, ", \"area\": \"r%dc1:r%dc4\"", r0 + 1, r1 + 1);
        if (scope == 2) {
            do {
                ex_a = (int)v_rand(16);
                ex_c = (int)v_rand(16);
            } while (!is_pair(w, ex_a, ex_c));
            v_add(&b, ", \"except\": [[\"r%dc%d\", \"r%dc%d\"]]", ex_c / 4 + 1, ex_c % 4 + 1,
                  ex_a / 4 + 1, ex_a % 4 + 1);
        }
        v_add(&b, "}]");
        static const int region[] = {0, 5, 10, 15, 1};
        long expect = 0;
        for (int s = 0; s < ns; s++) {
            int ok = 1;
            for (int a = 0; a < 16 && ok; a++)
                for (int c = a + 1; c < 16 && ok; c++) {
                    if (!is_pair(w, a, c)) continue;
                    if (within == 1 && (a / 8 != c / 8 || (a % 4) / 2 != (c % 4) / 2)) continue;
                    if (within == 2) {
                        int ina = 0, inc = 0;
                        for (int k = 0; k < 5; k++) ina |= region[k] == a, inc |= region[k] == c;
                        if (!ina || !inc) continue;
                    }
                    if (scope == 1 && (a / 4 < r0 || a / 4 > r1 || c / 4 < r0 || c / 4 > r1))
                        continue;
                    if (scope == 2 && ((a == ex_a && c == ex_c) || (a == ex_c && c == ex_a)))
                        continue;
                    ok = v_ref_op(op, v, all[s][a], all[s][c]);
                }
            /* The region rule itself. */
            for (int i = 0; i < 5 && ok; i++)
                for (int j = i + 1; j < 5 && ok; j++) ok = all[s][region[i]] != all[s][region[j]];
            expect += ok;
        }
        v_count_rules(4, 4, 4, &b, expect);
    }
}

/* The named kinds are exactly their op + where. */
static void kinds_are_shortcuts(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"\"kind\": \"antiknight\"", "\"op\": \"different\", \"where\": \"knight\""},
        {"\"kind\": \"antiking\"", "\"op\": \"different\", \"where\": \"diagonal\""},
        {"\"kind\": \"nonconsecutive\"", "\"op\": \"not_consecutive\", \"where\": \"orthogonal\""},
    };
    for (int k = 0; k < 3; k++) {
        long counts[2];
        for (int i = 0; i < 2; i++) {
            char rules[512];
            snprintf(rules, sizeof rules,
                     "[{\"type\": \"grid\", \"origin\": \"r1c1\"}, {\"type\": \"neighbours\", %s}]",
                     pairs[k][i]);
            char *json = v_doc(5, 5, 5, "", rules, "");
            rg_puzzle *p = t_parse(json);
            counts[i] = v_count(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 200000, NULL);
            rg_puzzle_free(p);
            free(json);
        }
        assert_int_equal(counts[0], counts[1]);
        /* 5 x 5 Latin squares: 161280; every kind removes some. */
        assert_true(counts[0] < 161280);
    }
}

static void soundness(void **state)
{
    (void)state;
    for (int round = 0; round < 60; round++) {
        const char *op = v_pairop_any(round);
        int rows = 2 + (int)v_rand(2), cols = 2 + (int)v_rand(3), D = 3 + (int)v_rand(6);
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"neighbours\", \"op\": \"%s\"", op);
        if (v_param_field(op)) v_add(&b, ", \"%s\": %ld", v_param_field(op), v_random_param(op, D));
        v_add(&b, ", \"where\": \"%s\"}]", wheres[v_rand(4)]);
        v_sound_rules(rows, cols, D, &b, 8);
    }
}

static void corpus(void **state)
{
    (void)state;
    assert_true(v_corpus("corpus/variants/neighbours.jsonl") >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(kinds_are_shortcuts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
