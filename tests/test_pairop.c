/* The shared pair-operator mechanism (plugins/common/pairop.c): its tables
 * against the definitions of format.md 5.1 / 5.2 written out again here, and
 * relation rules of every operator counted on the 288 4 x 4 sudokus and
 * checked for sound propagation against brute force on small boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "data/variants-4/vtest.h"
/* The tables only: the host calls of pairop.c are not used here. */
#include "../plugins/common/pairop.c"

static void tables_match_definitions(void **state)
{
    (void)state;
    static const int digits[] = {1, 4, 9, 16, 32};
    for (int op = 0; op < RG_OP_COUNT; op++) {
        const char *name = rg_pairop_names[op];
        for (int k = 0; k < 5; k++) {
            int D = digits[k];
            for (long v = -1; v <= 40; v++) {
                rg_pairop_table t;
                rg_pairop_fill(&t, op, v, D);
                for (int a = 1; a <= 32; a++)
                    for (int b = 1; b <= 32; b++) {
                        int want = a <= D && b <= D && v_ref_op(name, v, a, b);
                        assert_int_equal((int)(t.ab[a - 1] >> (b - 1) & 1u), want);
                        assert_int_equal((int)(t.ba[b - 1] >> (a - 1) & 1u), want);
                    }
                if (!v_param_field(name)) break;
            }
        }
        assert_int_equal(rg_pairop_ordered(op),
                         !strcmp(name, "less") || !strcmp(name, "less_equal"));
    }
    assert_null(rg_pairop_names[RG_OP_COUNT]);
}

/* The nibbles (what rg_pairop_table_new adds, at most 12 digits) give the
 * union and intersection of ab, and the union of ba, over every domain, as
 * the walk over its digits does; above 12 digits there are none, and an
 * intersection with another table drops them. */
static void nibbles_match_walks(void **state)
{
    (void)state;
    static const int digits[] = {4, 9, 12, 13};
    int checked = 0;
    for (int op = 0; op < RG_OP_COUNT; op++)
        for (int k = 0; k < 4; k++) {
            int D = digits[k];
            for (long v = 0; v <= 20; v += 5) {
                rg_pairop_table t;
                rg_pairop_fill(&t, op, v, D);
                rg_pairop_fill_nibbles(&t);
                assert_int_equal(t.nibbles, D <= 12);
                if (!t.nibbles) continue;
                for (rg_mask m = 0; m < (rg_mask)1 << D; m++) {
                    rg_mask sup = 0, all = ~(rg_mask)0, back = 0;
                    for (int x = 0; x < D; x++)
                        if (m >> x & 1) sup |= t.ab[x], all &= t.ab[x], back |= t.ba[x];
                    assert_int_equal(t.nib[0][0][m & 15] | t.nib[0][1][m >> 4 & 15] |
                                         t.nib[0][2][m >> 8 & 15],
                                     sup);
                    assert_int_equal(t.nib[1][0][m & 15] & t.nib[1][1][m >> 4 & 15] &
                                         t.nib[1][2][m >> 8 & 15],
                                     all);
                    assert_int_equal(t.nib[2][0][m & 15] | t.nib[2][1][m >> 4 & 15] |
                                         t.nib[2][2][m >> 8 & 15],
                                     back);
                    checked++;
                }
                rg_pairop_table u;
                rg_pairop_fill_all(&u, D);
                rg_pairop_and(&t, &u);
                assert_int_equal(t.nibbles, 0);
            }
        }
    assert_true(checked > 100000);
}

static void and_and_support(void **state)
{
    (void)state;
    rg_pairop_table t, u;
    rg_pairop_fill_all(&t, 9);
    rg_pairop_fill(&u, RG_OP_NOT_SUM, 10, 9);
    rg_pairop_and(&t, &u);
    rg_pairop_fill(&u, RG_OP_NOT_SUM, 5, 9);
    rg_pairop_and(&t, &u);
    for (int a = 1; a <= 9; a++)
        for (int b = 1; b <= 9; b++)
            assert_int_equal((int)(t.ab[a - 1] >> (b - 1) & 1u), a + b != 10 && a + b != 5);
    /* Sum 17 on 9 digits: only 8 and 9 have a partner. */
    rg_pairop_fill(&u, RG_OP_SUM, 17, 9);
    assert_int_equal(rg_pairop_support(&u, 0), 0x180u);
    assert_int_equal(rg_pairop_support(&u, 1), 0x180u);
    /* less: 9 has nothing above it, 1 nothing below. */
    rg_pairop_fill(&u, RG_OP_LESS, 0, 9);
    assert_int_equal(rg_pairop_support(&u, 0), 0x0FFu);
    assert_int_equal(rg_pairop_support(&u, 1), 0x1FEu);
}

/* The wake threshold: the most digits a cell can hold with all of them
 * ruling out one digit opposite, within the digits that have support;
 * checked against a brute force over every such domain (up to 9 digits).
 * side 0: a's digits ruling out one of b's, 1: the other way, -1: both. */
static int wake_brute(const rg_pairop_table *t, int side)
{
    rg_mask sa = rg_pairop_support(t, 0), sc = rg_pairop_support(t, 1);
    int k = 0;
    for (rg_mask d = 1; d < (1u << t->digits); d++) {
        int n = __builtin_popcount(d);
        for (int y = 0; y < t->digits; y++) {
            if (side != 1 && (d & ~sa) == 0 && (sc >> y & 1u) && !(d & t->ba[y]) && n > k) k = n;
            if (side != 0 && (d & ~sc) == 0 && (sa >> y & 1u) && !(d & t->ab[y]) && n > k) k = n;
        }
    }
    return k;
}

static void wake_threshold(void **state)
{
    (void)state;
    rg_pairop_table t;
    rg_pairop_fill(&t, RG_OP_NOT_CONSECUTIVE, 0, 9);
    assert_int_equal(rg_pairop_wake(&t), 2); /* 4 rules out 3 and 5 */
    rg_pairop_fill(&t, RG_OP_NOT_SUM, 10, 9);
    assert_int_equal(rg_pairop_wake(&t), 1); /* only a placed digit rules one out */
    rg_pairop_fill(&t, RG_OP_CONSECUTIVE, 0, 9);
    assert_int_equal(rg_pairop_wake(&t), 8); /* 1 is ruled out by all but 2 */
    rg_pairop_fill_all(&t, 9);
    assert_int_equal(rg_pairop_wake(&t), 0);
    for (int op = 0; op < RG_OP_COUNT; op++)
        for (int D = 4; D <= 9; D += 5)
            for (long v = 0; v <= 12; v++) {
                rg_pairop_fill(&t, op, v, D);
                assert_int_equal(rg_pairop_wake(&t), wake_brute(&t, -1));
                /* One direction (side 0: a's digits rule out one of b's),
                 * for the propagator of one cell (rg_pairop_set). */
                assert_int_equal(rg_pairop_wake_side(&t, 0), wake_brute(&t, 0));
                assert_int_equal(rg_pairop_wake_side(&t, 1), wake_brute(&t, 1));
            }
}

/* The setup every pair plugin passes refuses a host without the lookups a
 * pair in a house reads (cell_houses, model_data), and keeps one that has
 * them. */
static void setup_wants_lookups(void **state)
{
    (void)state;
    rg_host h;
    memset(&h, 0, sizeof h);
    h.size = offsetof(rg_host, model_data);
    assert_int_equal(rg_pairop_init(&h), RG_E_PLUGIN);
    h.size = sizeof h;
    assert_int_equal(rg_pairop_init(&h), RG_OK);
    host = NULL; /* (this copy's host calls are not used here) */
}

/* A relation rule of op over pairs (2n cells as row, col). */
static void relation_json(vbuf *b, const char *op, long v, const int *rc, int n)
{
    v_add(b, "{\"type\": \"relation\", \"op\": \"%s\"", op);
    if (v_param_field(op)) v_add(b, ", \"%s\": %ld", v_param_field(op), v);
    v_add(b, ", \"pairs\": [");
    for (int i = 0; i < n; i++)
        v_add(b, "%s[\"r%dc%d\", \"r%dc%d\"]", i ? ", " : "", rc[4 * i], rc[4 * i + 1],
              rc[4 * i + 2], rc[4 * i + 3]);
    v_add(b, "]}");
}

/* Every operator, three random pairs on the 4 x 4 sudoku: the engine counts
 * exactly the sudokus where the pairs hold, under every strategy. In the
 * last two rounds the pairs share their first cell, so that one cell's
 * propagator (rg_pairop_set) narrows three partners. */
static void relation_counts_4x4(void **state)
{
    (void)state;
    int ns;
    int(*all)[16] = t_sudoku4(&ns);
    assert_int_equal(ns, 288);
    for (int op = 0; op < RG_OP_COUNT; op++)
        for (int round = 0; round < 4; round++) {
            const char *name = rg_pairop_names[op];
            long v = v_random_param(name, 4);
            int rc[12], cell[6];
            for (int i = 0; i < 3; i++) {
                int a = round >= 2 && i ? cell[0] : (int)v_rand(16), c;
                do c = (int)v_rand(16);
                while (c == a);
                cell[2 * i] = a;
                cell[2 * i + 1] = c;
                rc[4 * i] = a / 4 + 1;
                rc[4 * i + 1] = a % 4 + 1;
                rc[4 * i + 2] = c / 4 + 1;
                rc[4 * i + 3] = c % 4 + 1;
            }
            long expect = 0;
            for (int s = 0; s < ns; s++) {
                int ok = 1;
                for (int i = 0; i < 3 && ok; i++)
                    ok = v_ref_op(name, v, all[s][cell[2 * i]], all[s][cell[2 * i + 1]]);
                expect += ok;
            }
            vbuf b = {0};
            v_add(&b, "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, ");
            relation_json(&b, name, v, rc, 3);
            v_add(&b, "]");
            v_count_rules(4, 4, 4, &b, expect);
        }
}

/* Every operator on random small boards without houses. */
static void relation_soundness(void **state)
{
    (void)state;
    for (int op = 0; op < RG_OP_COUNT; op++)
        for (int round = 0; round < 6; round++) {
            const char *name = rg_pairop_names[op];
            int rows = 1 + (int)v_rand(3), cols = 2 + (int)v_rand(3), D = 3 + (int)v_rand(7);
            int n = 1 + (int)v_rand(5), rc[20];
            for (int i = 0; i < n; i++) {
                do {
                    rc[4 * i] = 1 + (int)v_rand((unsigned)rows);
                    rc[4 * i + 1] = 1 + (int)v_rand((unsigned)cols);
                    rc[4 * i + 2] = 1 + (int)v_rand((unsigned)rows);
                    rc[4 * i + 3] = 1 + (int)v_rand((unsigned)cols);
                } while (rc[4 * i] == rc[4 * i + 2] && rc[4 * i + 1] == rc[4 * i + 3]);
            }
            vbuf b = {0};
            v_add(&b, "[");
            relation_json(&b, name, v_random_param(name, D), rc, n);
            v_add(&b, "]");
            v_sound_rules(rows, cols, D, &b, 12);
        }
}

/* Every operator on a board of more than LARGE_BOARD cells (33 x 33, four
 * digits, no houses), where a set of a few pairs is closed over its own
 * cells (close_small) rather than over arrays of the board: two rules of
 * random pairs among six cells (sharing cells, so that cell propagators
 * form), every other cell given. The engine counts exactly the assignments
 * of the six cells where every pair holds, and searches them as it does
 * the same rules on a board of those six cells alone. */
static void relation_counts_large_board(void **state)
{
    (void)state;
    enum { R = 33, D = 4, FREE = 6 };
    assert_true(R * R > LARGE_BOARD);
    vbuf g = {0};
    v_add(&g, "%s", "");
    for (int r = 1; r <= R; r++)
        for (int c = 1; c <= R; c++)
            if (r > 2 || c > 3) v_add(&g, "%s\"r%dc%d\": 1", g.s[0] ? ", " : "", r, c);
    int rounds = t_rounds(2, 1, 1);
    for (int op = 0; op < RG_OP_COUNT; op++)
        for (int round = 0; round < rounds; round++) {
            const char *name[2] = {rg_pairop_names[op], rg_pairop_names[(op + 3) % RG_OP_COUNT]};
            long v[2];
            int n[2], cell[2][2 * SMALL_SET], rc[2][4 * SMALL_SET];
            vbuf b = {0};
            v_add(&b, "[");
            for (int k = 0; k < 2; k++) {
                v[k] = v_random_param(name[k], D);
                n[k] = 2 + (int)v_rand(4);
                for (int i = 0; i < n[k]; i++) {
                    int a = (int)v_rand(FREE), c;
                    do c = (int)v_rand(FREE);
                    while (c == a);
                    cell[k][2 * i] = a, cell[k][2 * i + 1] = c;
                    rc[k][4 * i] = a / 3 + 1, rc[k][4 * i + 1] = a % 3 + 1;
                    rc[k][4 * i + 2] = c / 3 + 1, rc[k][4 * i + 3] = c % 3 + 1;
                }
                if (k) v_add(&b, ", ");
                relation_json(&b, name[k], v[k], rc[k], n[k]);
            }
            v_add(&b, "]");
            long expect = 0;
            for (int code = 0; code < 4096; code++) { /* D^FREE assignments */
                int x[FREE], ok = 1;
                for (int j = 0; j < FREE; j++) x[j] = (code >> (2 * j) & 3) + 1;
                for (int k = 0; k < 2 && ok; k++)
                    for (int i = 0; i < n[k] && ok; i++)
                        ok = v_ref_op(name[k], v[k], x[cell[k][2 * i]], x[cell[k][2 * i + 1]]);
                expect += ok;
            }
            char *json = v_doc(R, R, D, "", b.s, g.s);
            v_count_all(json, expect, 0);
            /* The same rules on a 2 x 3 board, closed the board-wide way:
             * the same propagators, so the same searches, node for node. */
            char *small = v_doc(2, 3, D, "", b.s, "");
            rg_puzzle *pl = t_parse(json), *ps = t_parse(small);
            rg_solver *sv = rg_solver_new();
            for (int st = RG_STRATEGY_PROPAGATE; st <= RG_STRATEGY_SUBSETS; st++)
                for (int h = 0; h < 2; h++) {
                    int heur = h ? RG_HEURISTIC_MRV : RG_HEURISTIC_FIRST;
                    rg_result rl, rs;
                    t_solve(sv, pl, st, heur, expect + 1, 0, 0, &rl);
                    t_solve(sv, ps, st, heur, expect + 1, 0, 0, &rs);
                    assert_int_equal(rl.solutions, expect);
                    assert_int_equal(rs.solutions, expect);
                    assert_int_equal(rl.stats.nodes, rs.stats.nodes);
                    assert_int_equal(rl.stats.failures, rs.stats.failures);
                    for (int pr = 0; pr < 2; pr++)
                        assert_int_equal(t_family(&rl.stats, "relations", pr),
                                         t_family(&rs.stats, "relations", pr));
                }
            rg_solver_free(sv);
            rg_puzzle_free(pl);
            rg_puzzle_free(ps);
            free(small);
            free(json);
            free(b.s);
        }
    free(g.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(tables_match_definitions, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(nibbles_match_walks, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(and_and_support, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(wake_threshold, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(setup_wants_lookups, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(relation_counts_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(relation_soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(relation_counts_large_board, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
