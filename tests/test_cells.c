/* The cells plugin: its errors; odd, even, low and high cells counted on the
 * 288 4 x 4 sudokus and on 6-digit boards; the root domains they leave; the
 * corpus puzzles. */
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
    v_rule_error(9, 9, 9, "{\"type\": \"cell\", \"kind\": \"low\", \"cells\": [\"r1c1\"]}", "cell",
                 "split", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"cell\", \"kind\": \"high\", \"split\": 9, \"cells\": [\"r1c1\"]}",
                 "cell", "split", "from 1 to 8");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"cell\", \"kind\": \"low\", \"split\": 0, \"cells\": [\"r1c1\"]}",
                 "cell", "split", "from 1 to 8");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"cell\", \"kind\": \"odd\", \"split\": 4, \"cells\": [\"r1c1\"]}",
                 "cell", "split", "only to low and high");
    v_rule_error(9, 9, 9, "{\"type\": \"cell\", \"kind\": \"prime\", \"cells\": [\"r1c1\"]}",
                 "cell", "kind", "odd, even, low, high");
    v_rule_error(9, 9, 9, "{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": []}", "cell", "cells",
                 "at least 1");
    v_rule_error(9, 9, 9, "{\"type\": \"cell\", \"kind\": \"odd\"}", "cell", "cells",
                 "missing required field");
}

static int holds(int kind, int split, int d)
{
    return kind == 0 ? d % 2 == 1 : kind == 1 ? d % 2 == 0 : kind == 2 ? d <= split : d > split;
}

static const char *const kinds[] = {"odd", "even", "low", "high"};

static void counts_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    for (int round = 0; round < 40; round++) {
        int n = 1 + (int)v_rand(3), kind[3], split[3], cell[3][3];
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
        for (int i = 0; i < n; i++) {
            kind[i] = (int)v_rand(4);
            split[i] = kind[i] >= 2 ? 1 + (int)v_rand(3) : 0;
            v_add(&b, ", {\"type\": \"cell\", \"kind\": \"%s\"", kinds[kind[i]]);
            if (kind[i] >= 2) v_add(&b, ", \"split\": %d", split[i]);
            v_add(&b, ", \"cells\": [");
            cell[i][0] = (int)v_rand(16);
            do cell[i][1] = (int)v_rand(16);
            while (cell[i][1] == cell[i][0]);
            do cell[i][2] = (int)v_rand(16);
            while (cell[i][2] == cell[i][0] || cell[i][2] == cell[i][1]);
            for (int j = 0; j < 3; j++)
                v_add(&b, "%s\"r%dc%d\"", j ? ", " : "", cell[i][j] / 4 + 1, cell[i][j] % 4 + 1);
            v_add(&b, "]}");
        }
        v_add(&b, "]");
        long expect = 0;
        for (int s = 0; s < ns; s++) {
            int ok = 1;
            for (int i = 0; i < n && ok; i++)
                for (int j = 0; j < 3 && ok; j++) ok = holds(kind[i], split[i], all[s][cell[i][j]]);
            expect += ok;
        }
        v_count_rules(4, 4, 4, &b, expect);
    }
}

/* The root domains: restricted at build time, before any search. */
static void root_domains(void **state)
{
    (void)state;
    char *json =
        v_doc(1, 4, 9, "",
              "[{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": [\"r1c1\", \"r1c2\"]}, "
              "{\"type\": \"cell\", \"kind\": \"low\", \"split\": 4, \"cells\": [\"r1c2\"]}, "
              "{\"type\": \"cell\", \"kind\": \"high\", \"split\": 7, \"cells\": [\"r1c3\"]}, "
              "{\"type\": \"cell\", \"kind\": \"even\", \"cells\": [\"r1c4\"]}]",
              "");
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    rg_mask out[4];
    assert_int_equal(rg_solver_root(s, p, RG_STRATEGY_PROPAGATE, out), 0);
    assert_int_equal(out[0], 0x155u); /* 1 3 5 7 9 */
    assert_int_equal(out[1], 0x005u); /* 1 3 */
    assert_int_equal(out[2], 0x180u); /* 8 9 */
    assert_int_equal(out[3], 0x0AAu); /* 2 4 6 8 */
    rg_solver_free(s);
    rg_puzzle_free(p);
    free(json);
    /* Odd and even on one cell: no solution. */
    json = v_doc(1, 1, 4, "",
                 "[{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": [\"r1c1\"]}, "
                 "{\"type\": \"cell\", \"kind\": \"even\", \"cells\": [\"r1c1\"]}]",
                 "");
    v_count_all(json, 0, 1);
    free(json);
}

static void soundness(void **state)
{
    (void)state;
    for (int round = 0; round < 30; round++) {
        int rows = 1 + (int)v_rand(3), cols = 2 + (int)v_rand(3), D = 2 + (int)v_rand(8);
        int kind = (int)v_rand(4);
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"cell\", \"kind\": \"%s\"", kinds[kind]);
        if (kind >= 2) v_add(&b, ", \"split\": %d", 1 + (int)v_rand((unsigned)(D - 1)));
        v_add(&b, ", \"cells\": [\"r1c1\", \"r%dc%d\"]}]", rows, cols);
        v_sound_rules(rows, cols, D, &b, 6);
    }
}

static void corpus(void **state)
{
    (void)state;
    assert_true(v_corpus("corpus/variants/cells.jsonl") >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(root_domains, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
