/* The corners plugin: its errors; battenburg and quadruple clues counted on
 * the 288 4 x 4 sudokus against the rule evaluated here; quadruple digits
 * that repeat; sound propagation; the quadruple propagator exact (it keeps
 * a digit exactly when some filling of the block has it); a listed digit
 * leaving the houses that hold all its places; the corpus puzzles. */
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
                 "{\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": [\"r1c1\", "
                 "\"r1c2\", \"r2c2\", \"r2c1\"]}",
                 "corner", "cells", "2 x 2 block in reading order");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": [\"r1c1\", "
                 "\"r1c2\", \"r1c3\", \"r1c4\"]}",
                 "corner", "cells", "2 x 2 block");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": [\"r1c1\", "
                 "\"r1c2\", \"r2c1\"]}",
                 "corner", "cells", "at least 4");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"quadruple\", \"cells\": [\"r1c1\", \"r1c2\", "
                 "\"r2c1\", \"r2c2\"]}",
                 "corner", "digits", "missing required field");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [1, 2, 3, 4, 5], "
                 "\"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}",
                 "corner", "digits", "at most 4");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [10], "
                 "\"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}",
                 "corner", "digits[0]", "from 1 to 9");
    v_rule_error(9, 9, 9,
                 "{\"type\": \"corner\", \"kind\": \"battenburg\", \"digits\": [1], \"cells\": "
                 "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}",
                 "corner", "digits", "unknown field");
    v_rule_error(9, 9, 9, "{\"type\": \"corner\", \"kind\": \"kite\", \"cells\": [\"r1c1\"]}",
                 "corner", "kind", "battenburg, quadruple");
}

static int checker(const int *v, int r, int c)
{
    int a = v[r * 4 + c], b = v[r * 4 + c + 1], x = v[r * 4 + 4 + c], y = v[r * 4 + 5 + c];
    return (a - b) % 2 && (a - x) % 2 && (y - b) % 2 && (y - x) % 2;
}

/* Each of need[0..n-1] (repeats counted) appears in the block. */
static int quad_holds(const int *v, int r, int c, const int *need, int n)
{
    int used[4] = {0, 0, 0, 0}, cells[4] = {r * 4 + c, r * 4 + c + 1, r * 4 + 4 + c, r * 4 + 5 + c};
    for (int k = 0; k < n; k++) {
        int found = 0;
        for (int i = 0; i < 4 && !found; i++)
            if (!used[i] && v[cells[i]] == need[k]) used[i] = found = 1;
        if (!found) return 0;
    }
    return 1;
}

static void counts_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    for (int round = 0; round < 40; round++) {
        int n = 1 + (int)v_rand(2), kind[2], r[2], c[2], need[2][4], nn[2];
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}");
        for (int i = 0; i < n; i++) {
            kind[i] = (int)v_rand(2);
            r[i] = (int)v_rand(3);
            c[i] = (int)v_rand(3);
            v_add(&b, ", {\"type\": \"corner\", \"kind\": \"%s\"",
                  kind[i] ? "quadruple" : "battenburg");
            if (kind[i]) {
                nn[i] = 1 + (int)v_rand(4);
                v_add(&b, ", \"digits\": [");
                for (int k = 0; k < nn[i]; k++) {
                    need[i][k] = 1 + (int)v_rand(4);
                    v_add(&b, "%s%d", k ? ", " : "", need[i][k]);
                }
                v_add(&b, "]");
            }
            v_add(&b, ", \"cells\": [\"r%dc%d\", \"r%dc%d\", \"r%dc%d\", \"r%dc%d\"]}", r[i] + 1,
                  c[i] + 1, r[i] + 1, c[i] + 2, r[i] + 2, c[i] + 1, r[i] + 2, c[i] + 2);
        }
        v_add(&b, "]");
        long expect = 0;
        for (int s = 0; s < ns; s++) {
            int ok = 1;
            for (int i = 0; i < n && ok; i++)
                ok = kind[i] ? quad_holds(all[s], r[i], c[i], need[i], nn[i])
                             : checker(all[s], r[i], c[i]);
            expect += ok;
        }
        v_count_rules(4, 4, 4, &b, expect);
    }
}

/* A repeated digit needs two cells: [2, 2] on a block across two boxes. */
static void quadruple_repeats(void **state)
{
    (void)state;
    /* 1 x 4 board would not do: a corner is 2 x 2. No houses: 2 cells of 2
     * among 4 cells of digits 1..3, the rest free: C(4,2)*2^2 + C(4,3)*2 + 1 = 33. */
    char *json = v_doc(2, 2, 3, "",
                       "[{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [2, 2], "
                       "\"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]",
                       "");
    v_count_all(json, 33, 1);
    free(json);
    /* Four digits listed fix the block's multiset: 4!/2! = 12 orders of 1 1 2 3. */
    json = v_doc(2, 2, 3, "",
                 "[{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [1, 3, 1, 2], "
                 "\"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]",
                 "");
    v_count_all(json, 12, 1);
    free(json);
}

static void soundness(void **state)
{
    (void)state;
    for (int round = 0; round < 40; round++) {
        int rows = 2 + (int)v_rand(2), cols = 2 + (int)v_rand(2), D = 2 + (int)v_rand(7);
        int r = (int)v_rand((unsigned)rows - 1), c = (int)v_rand((unsigned)cols - 1);
        vbuf b = {0};
        if (round % 2) {
            v_add(&b, "[{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [");
            int n = 1 + (int)v_rand(4);
            for (int k = 0; k < n; k++)
                v_add(&b, "%s%d", k ? ", " : "", 1 + (int)v_rand((unsigned)D));
            v_add(&b, "]");
        } else {
            v_add(&b, "[{\"type\": \"corner\", \"kind\": \"battenburg\"");
        }
        v_add(&b, ", \"cells\": [\"r%dc%d\", \"r%dc%d\", \"r%dc%d\", \"r%dc%d\"]}]", r + 1, c + 1,
              r + 1, c + 2, r + 2, c + 1, r + 2, c + 2);
        v_sound_rules(rows, cols, D, &b, 10);
    }
}

/* One quadruple on a 2 x 2 board of nine digits and no house, from random
 * domains: what propagation keeps is, cell by cell, the digits of the
 * fillings of the block within the domains that hold every required digit
 * (repeats counted), found here by trying all 9^4; with none it fails. */
static void quadruple_exact(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    for (int round = 0; round < 300; round++) {
        int need[4], n = 1 + (int)v_rand(4);
        for (int k = 0; k < n; k++) need[k] = 1 + (int)v_rand(9);
        vbuf b = {0};
        v_add(&b, "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 2, "
                  "\"columns\": 2, \"digits\": 9}, \"rules\": [{\"type\": \"corner\", "
                  "\"kind\": \"quadruple\", \"digits\": [");
        for (int k = 0; k < n; k++) v_add(&b, "%s%d", k ? ", " : "", need[k]);
        v_add(&b, "], \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]}");
        rg_puzzle *p = t_parse(b.s);
        rg_mask start[4], got[4], want[4] = {0, 0, 0, 0};
        for (int i = 0; i < 4; i++) do
                start[i] = (rg_mask)v_rand(512);
            while (!start[i]);
        for (int a = 0; a < 6561; a++) {
            int v[4] = {a % 9, a / 9 % 9, a / 81 % 9, a / 729}, used = 0, ok = 1;
            for (int i = 0; i < 4 && ok; i++) ok = start[i] >> v[i] & 1u;
            for (int k = 0; k < n && ok; k++) {
                int at = -1;
                for (int i = 0; i < 4 && at < 0; i++)
                    if (!(used >> i & 1) && v[i] + 1 == need[k]) at = i;
                ok = at >= 0;
                if (ok) used |= 1 << at;
            }
            for (int i = 0; i < 4 && ok; i++) want[i] |= (rg_mask)1 << v[i];
        }
        int r = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, got);
        if (!want[0]) {
            assert_int_equal(r, RG_FAIL);
        } else {
            assert_int_equal(r, 0);
            for (int i = 0; i < 4; i++) assert_int_equal(got[i], want[i]);
        }
        rg_puzzle_free(p);
        free(b.s);
    }
    rg_solver_free(s);
}

/* The candidates of a 9 x 9 sudoku with the quadruple rule quad and the
 * givens givens, at the propagate level (got: 81 masks). */
static void narrowed(const char *quad, const char *givens, rg_mask *got)
{
    vbuf b = {0};
    v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, %s]", quad);
    char *json = v_doc(9, 9, 9, "", b.s, givens);
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    rg_mask start[81];
    for (int c = 0; c < 81; c++) start[c] = 0x1FF;
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, got), 0);
    rg_solver_free(s);
    rg_puzzle_free(p);
    free(json);
    free(b.s);
}

#define HAS(got, r, c, d) (((got)[((r)-1) * 9 + (c)-1] >> ((d)-1)) & 1u)

/* A listed digit whose places in the block all lie in a house leaves the
 * rest of that house; one listed twice goes on a diagonal of a block across
 * four boxes, so it leaves the rest of both rows and both columns. Nothing
 * else at the propagate level takes these digits. */
static void places(void **state)
{
    (void)state;
    rg_mask got[81];
    /* r2c5's 5 leaves the block's 5 to r1c1 r1c2: row 1 and box 1. */
    narrowed("{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [5], \"cells\": "
             "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}",
             "\"r2c5\": 5", got);
    assert_true(HAS(got, 1, 1, 5) && HAS(got, 1, 2, 5));
    assert_false(HAS(got, 1, 3, 5) || HAS(got, 1, 9, 5) || HAS(got, 3, 1, 5) || HAS(got, 3, 3, 5));
    assert_true(HAS(got, 4, 1, 5) && HAS(got, 9, 2, 5)); /* columns 1 and 2 hold r2c1 r2c2 too */
    /* Without r2c5 the 5 may be anywhere in the block: nothing leaves row 1. */
    narrowed("{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [5], \"cells\": "
             "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}",
             "", got);
    assert_true(HAS(got, 1, 9, 5) && HAS(got, 2, 9, 5) && HAS(got, 9, 1, 5));
    assert_false(HAS(got, 3, 3, 5)); /* but the box's 5 is in the block */
    /* Twice across four boxes. */
    narrowed("{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [7, 7], \"cells\": "
             "[\"r3c3\", \"r3c4\", \"r4c3\", \"r4c4\"]}",
             "", got);
    for (int i = 1; i <= 9; i++) {
        assert_int_equal(HAS(got, 3, i, 7), i == 3 || i == 4);
        assert_int_equal(HAS(got, 4, i, 7), i == 3 || i == 4);
        assert_int_equal(HAS(got, i, 3, 7), i == 3 || i == 4);
        assert_int_equal(HAS(got, i, 4, 7), i == 3 || i == 4);
    }
    assert_true(HAS(got, 1, 1, 7) && HAS(got, 5, 5, 7));
    /* A digit listed once, and the block inside a box: the other box cells. */
    narrowed("{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [2, 3], \"cells\": "
             "[\"r5c5\", \"r5c6\", \"r6c5\", \"r6c6\"]}",
             "", got);
    assert_false(HAS(got, 4, 4, 2) || HAS(got, 6, 4, 3) || HAS(got, 4, 6, 3));
    assert_true(HAS(got, 5, 1, 2) && HAS(got, 1, 5, 3) && HAS(got, 6, 9, 2));
}

/* Propagation with houses round the block (a 4 x 4 sudoku), against the
 * 288 sudokus: from a start holding one sudoku whose block holds the
 * listed digits (those of some of its block's cells) and random others, narrowing
 * at the propagate level keeps every digit of every sudoku within the start
 * that the quadruple allows. */
static void soundness_houses(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    rg_solver *s = rg_solver_new();
    for (int round = 0; round < 300; round++) {
        const int *sol = all[v_rand((unsigned)ns)];
        int r = (int)v_rand(3), c = (int)v_rand(3), n = 1 + (int)v_rand(3), need[4];
        int block[4] = {r * 4 + c, r * 4 + c + 1, r * 4 + 4 + c, r * 4 + 5 + c};
        int at = (int)v_rand(4); /* n of the block's cells, from a random one on */
        for (int k = 0; k < n; k++) need[k] = sol[block[(at + k) % 4]];
        vbuf b = {0};
        v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, "
                  "{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": [");
        for (int k = 0; k < n; k++) v_add(&b, "%s%d", k ? ", " : "", need[k]);
        v_add(&b, "], \"cells\": [\"r%dc%d\", \"r%dc%d\", \"r%dc%d\", \"r%dc%d\"]}]", r + 1, c + 1,
              r + 1, c + 2, r + 2, c + 1, r + 2, c + 2);
        char *json = v_doc(4, 4, 4, "", b.s, "");
        rg_puzzle *p = t_parse(json);
        rg_mask start[16], got[16], want[16] = {0};
        for (int i = 0; i < 16; i++) start[i] = (rg_mask)(1u << (sol[i] - 1) | v_rand(16));
        for (int k = 0; k < ns; k++) {
            int in = quad_holds(all[k], r, c, need, n);
            for (int i = 0; i < 16 && in; i++) in = start[i] >> (all[k][i] - 1) & 1u;
            for (int i = 0; i < 16 && in; i++) want[i] |= (rg_mask)1 << (all[k][i] - 1);
        }
        if (!quad_holds(sol, r, c, need, n)) fail_msg("the listed digits are the block's");
        assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, got), 0);
        for (int i = 0; i < 16; i++) assert_int_equal(got[i] & want[i], want[i]);
        rg_puzzle_free(p);
        free(json);
        free(b.s);
    }
    rg_solver_free(s);
}

static void corpus(void **state)
{
    (void)state;
    assert_true(v_corpus("corpus/variants/corners.jsonl") >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(quadruple_repeats, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(quadruple_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(places, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness_houses, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
