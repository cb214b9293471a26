/* The engine against an independent brute force on random small boards:
 * solution counts under every strategy and heuristic, root propagation never
 * removing a digit some solution uses, stronger levels pruning at least as
 * much; plus limits, statistics and reproducibility. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/mask.h"
#include "search/solver.h"
#include "support.h"

/* ---- An independent checker: houses as explicit cell lists ------------------- */

typedef struct board {
    int D, bh, bw, diag; /* box height, width; extra rule: EXTRA_* */
    int nh;
    int house[200][16];
    int hn[200];
    int givens[256];
} board;

static void add_house(board *b, const int *cells, int n)
{
    memcpy(b->house[b->nh], cells, (size_t)n * sizeof *cells);
    b->hn[b->nh++] = n;
}

/* The extra rule of a board: none, X diagonals, or must-differ pairs beyond
 * the houses (anti-king, anti-knight: two-cell houses to the checker). */
enum { EXTRA_NONE, EXTRA_X, EXTRA_KING, EXTRA_KNIGHT };

static void make_board(board *b, int D, int bh, int bw, int diag)
{
    memset(b, 0, sizeof *b);
    b->D = D;
    b->bh = bh;
    b->bw = bw;
    b->diag = diag;
    int cells[16];
    for (int r = 0; r < D; r++) {
        for (int c = 0; c < D; c++) cells[c] = r * D + c;
        add_house(b, cells, D);
    }
    for (int c = 0; c < D; c++) {
        for (int r = 0; r < D; r++) cells[r] = r * D + c;
        add_house(b, cells, D);
    }
    for (int br = 0; br < D; br += bh)
        for (int bc = 0; bc < D; bc += bw) {
            int n = 0;
            for (int r = br; r < br + bh; r++)
                for (int c = bc; c < bc + bw; c++) cells[n++] = r * D + c;
            add_house(b, cells, n);
        }
    if (diag == EXTRA_X) {
        for (int i = 0; i < D; i++) cells[i] = i * D + i;
        add_house(b, cells, D);
        for (int i = 0; i < D; i++) cells[i] = i * D + (D - 1 - i);
        add_house(b, cells, D);
    }
    if (diag == EXTRA_KING || diag == EXTRA_KNIGHT) {
        static const int king[2][2] = {{1, -1}, {1, 1}},
                         knight[4][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};
        const int(*mv)[2] = diag == EXTRA_KING ? king : knight;
        int nmv = diag == EXTRA_KING ? 2 : 4;
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D; c++)
                for (int i = 0; i < nmv; i++) {
                    int r2 = r + mv[i][0], c2 = c + mv[i][1];
                    if (r2 < 0 || r2 >= D || c2 < 0 || c2 >= D) continue;
                    int pair[2] = {r * D + c, r2 * D + c2};
                    add_house(b, pair, 2);
                }
    }
}

static int ok_at(const board *b, const int *v, int cell)
{
    for (int h = 0; h < b->nh; h++) {
        int in = 0;
        for (int k = 0; k < b->hn[h]; k++) in |= b->house[h][k] == cell;
        if (!in) continue;
        for (int k = 0; k < b->hn[h]; k++) {
            int o = b->house[h][k];
            if (o != cell && v[o] == v[cell]) return 0;
        }
    }
    return 1;
}

/* Count solutions up to cap; used[cell] collects the digits solutions use. */
static long brute(const board *b, int *v, int cell, long cap, rg_mask *used, int *first)
{
    int N = b->D * b->D;
    if (cell == N) {
        for (int c = 0; c < N; c++) used[c] |= 1u << (v[c] - 1);
        if (first[0] == 0) memcpy(first, v, (size_t)N * sizeof *v);
        return 1;
    }
    if (b->givens[cell]) {
        v[cell] = b->givens[cell];
        return ok_at(b, v, cell) ? brute(b, v, cell + 1, cap, used, first) : 0;
    }
    long n = 0;
    for (int d = 1; d <= b->D && n < cap; d++) {
        v[cell] = d;
        if (ok_at(b, v, cell)) n += brute(b, v, cell + 1, cap - n, used, first);
    }
    v[cell] = 0;
    return n;
}

static char *to_json(const board *b)
{
    size_t cap = 8192, k = 0;
    char *s = malloc(cap);
    k += (size_t)snprintf(
        s + k, cap - k,
        "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":%d,\"columns\":%d,"
        "\"digits\":%d},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\","
        "\"box\":[%d,%d]}",
        b->D, b->D, b->D, b->bh, b->bw);
    if (b->diag == EXTRA_KING || b->diag == EXTRA_KNIGHT)
        k += (size_t)snprintf(s + k, cap - k, ",{\"type\":\"neighbours\",\"kind\":\"%s\"}",
                              b->diag == EXTRA_KING ? "antiking" : "antiknight");
    if (b->diag == EXTRA_X) {
        for (int t = 0; t < 2; t++) {
            k += (size_t)snprintf(s + k, cap - k,
                                  ",{\"type\":\"region\",\"kind\":\"diagonal\",\"cells\":[");
            for (int i = 0; i < b->D; i++)
                k += (size_t)snprintf(s + k, cap - k, "%s\"r%dc%d\"", i ? "," : "", i + 1,
                                      t ? b->D - i : i + 1);
            k += (size_t)snprintf(s + k, cap - k, "]}");
        }
    }
    k += (size_t)snprintf(s + k, cap - k, "],\"givens\":{");
    int first = 1;
    for (int c = 0; c < b->D * b->D; c++)
        if (b->givens[c]) {
            k += (size_t)snprintf(s + k, cap - k, "%s\"r%dc%d\":%d", first ? "" : ",", c / b->D + 1,
                                  c % b->D + 1, b->givens[c]);
            first = 0;
        }
    snprintf(s + k, cap - k, "}}");
    return s;
}

static uint64_t rnd_state = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return (unsigned)(rnd_state % n);
}

/* Givens: some cells of a random solution, sometimes with one digit changed. */
static void random_givens(board *b, int count)
{
    int N = b->D * b->D, v[256] = {0}, first[256] = {0};
    rg_mask used[256] = {0};
    memset(b->givens, 0, sizeof b->givens);
    /* a random solution: fix a random permutation in row 1, take the first fill */
    int perm[16];
    for (int i = 0; i < b->D; i++) perm[i] = i + 1;
    for (int i = b->D - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int c = 0; c < b->D; c++) b->givens[c] = perm[c];
    if (brute(b, v, 0, 1, used, first) == 0) {
        memset(b->givens, 0, sizeof b->givens);
        return;
    }
    memset(b->givens, 0, sizeof b->givens);
    for (int i = 0; i < count; i++) {
        int c = (int)rnd((unsigned)N);
        b->givens[c] = first[c];
    }
    if (rnd(4) == 0) {
        int c = (int)rnd((unsigned)N);
        b->givens[c] = 1 + (int)rnd((unsigned)b->D);
    }
}

static int scale_down(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s;
}

static void cross_check(int D, int bh, int bw, int diag, int rounds, int min_givens, int max_givens)
{
    rg_solver *s = rg_solver_new();
    rg_mask root[256], weaker[256];
    if (scale_down()) rounds /= 5;
    for (int round = 0; round < rounds; round++) {
        board b;
        make_board(&b, D, bh, bw, diag);
        random_givens(&b, min_givens + (int)rnd((unsigned)(max_givens - min_givens + 1)));
        int v[256] = {0}, first[256] = {0};
        rg_mask used[256] = {0};
        long cap = 2000;
        long expect = brute(&b, v, 0, cap, used, first);
        char *json = to_json(&b);
        rg_puzzle *p = t_parse(json);
        free(json);
        for (int st = 0; st < RG_STRATEGY_COUNT; st++) {
            for (int h = 0; h < RG_HEURISTIC_COUNT; h++) {
                int status;
                long got = t_count(p, st, h, cap, &status);
                if (got != expect)
                    fail_msg("round %d: %s/%s counted %ld, brute force %ld", round,
                             rg_strategy_name(st), rg_heuristic_name(h), got, expect);
                assert_int_equal(status, expect == 0   ? RG_STATUS_NONE
                                         : expect == 1 ? RG_STATUS_UNIQUE
                                                       : RG_STATUS_MULTIPLE);
            }
            if (st < RG_STRATEGY_PROPAGATE) continue;
            /* Soundness: no digit of any solution is removed at the root. */
            int rc = rg_solver_root(s, p, st, root);
            if (expect > 0 && expect < cap) {
                assert_int_equal(rc, 0);
                for (int c = 0; c < D * D; c++)
                    if (used[c] & ~root[c])
                        fail_msg("round %d, %s: cell %d lost digits %#x that a solution uses",
                                 round, rg_strategy_name(st), c, used[c] & ~root[c]);
            }
            /* A stronger level prunes at least what a weaker one does. */
            if (rc == 0 && st > RG_STRATEGY_PROPAGATE)
                for (int c = 0; c < D * D; c++) assert_int_equal(root[c] & ~weaker[c], 0);
            memcpy(weaker, root, sizeof root);
            if (rc != 0) break;
        }
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
}

static void classic4(void **state)
{
    (void)state;
    cross_check(4, 2, 2, EXTRA_NONE, 150, 0, 8);
}

static void x4(void **state)
{
    (void)state;
    cross_check(4, 2, 2, EXTRA_X, 150, 0, 6);
}

static void classic6(void **state)
{
    (void)state;
    cross_check(6, 2, 3, EXTRA_NONE, 60, 10, 20);
}

static void x6(void **state)
{
    (void)state;
    cross_check(6, 3, 2, EXTRA_X, 40, 8, 16);
}

/* Must-differ pairs beyond the houses: the intersections level also
 * removes a digit from a cell that all its places in a house see. */
static void king6(void **state)
{
    (void)state;
    cross_check(6, 2, 3, EXTRA_KING, 40, 4, 12);
}

static void knight6(void **state)
{
    (void)state;
    cross_check(6, 3, 2, EXTRA_KNIGHT, 40, 4, 12);
}

/* The step itself, on a 9x9 anti-knight board with 1 given in r4c4, r5c9
 * and r9c5: row 6 keeps 1 only in r6c1 and r6c2 (one minirow), which both
 * see r8c1 (down its column, and a knight's move). Intersections remove 1
 * from r8c1; singles do not, nor do intersections without the anti-knight
 * rule (locked candidates alone reach only box 4 and row 6). */
static void seen_by_every_place(void **state)
{
    (void)state;
    const char *fmt =
        "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,"
        "\"digits\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}%s],"
        "\"givens\":{\"r4c4\":1,\"r5c9\":1,\"r9c5\":1}}";
    char json[1024];
    rg_solver *s = rg_solver_new();
    rg_mask root[81];
    const int r8c1 = 7 * 9;
    for (int knight = 0; knight < 2; knight++) {
        snprintf(json, sizeof json, fmt,
                 knight ? ",{\"type\":\"neighbours\",\"kind\":\"antiknight\"}" : "");
        rg_puzzle *p = t_parse(json);
        assert_int_equal(rg_solver_root(s, p, RG_STRATEGY_SINGLES, root), 0);
        assert_true(root[r8c1] & 1u);
        if (knight) /* 1 is left in row 6 only in r6c1 and r6c2 */
            for (int c = 0; c < 9; c++) assert_int_equal((root[45 + c] & 1u) != 0, c < 2);
        assert_int_equal(rg_solver_root(s, p, RG_STRATEGY_INTERSECTIONS, root), 0);
        assert_int_equal((root[r8c1] & 1u) != 0, !knight);
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
}

/* A naked single leaves every peer, however long the peer list: on a 25x25
 * board with anti-knight pairs r11c11 has 70 peers, more than the 64 one
 * pass of the peers' scan reads (propagate.c, clear_peers). A one-cell cage
 * of 7 fixes it during the propagation (not among the root's first naked
 * singles, which go another way); nothing else removes a 7. */
static void naked_single_every_peer(void **state)
{
    (void)state;
    const char *json =
        "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":25,\"columns\":25,"
        "\"digits\":25},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[5,5]},"
        "{\"type\":\"neighbours\",\"kind\":\"antiknight\"},"
        "{\"type\":\"cage\",\"cells\":[\"r11c11\"],\"sum\":7}]}";
    rg_puzzle *p = t_parse(json);
    rg_solver *s = rg_solver_new();
    static rg_mask root[625];
    assert_int_equal(rg_solver_root(s, p, RG_STRATEGY_PROPAGATE, root), 0);
    const int g = 10 * 25 + 10;
    const rg_mask seven = 1u << 6;
    assert_int_equal(root[g], seven);
    int peers = 0;
    for (int c = 0; c < 625; c++) {
        int dr = c / 25 - 10, dc = c % 25 - 10;
        int box = c / 25 / 5 == 2 && c % 25 / 5 == 2;
        int knight = (dr * dr == 1 && dc * dc == 4) || (dr * dr == 4 && dc * dc == 1);
        int peer = c != g && (dr == 0 || dc == 0 || box || knight);
        peers += peer;
        if (c != g) assert_int_equal((root[c] & seven) == 0, peer);
    }
    assert_int_equal(peers, 70);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* ---- Limits, statistics, reproducibility ------------------------------------ */

static const char *hard =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

static rg_puzzle *classic_line(const char *line)
{
    char json[4096];
    size_t k = (size_t)snprintf(
        json, sizeof json,
        "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,"
        "\"digits\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\","
        "\"box\":[3,3]}],\"givens\":{");
    int first = 1;
    for (int i = 0; i < 81; i++)
        if (line[i] >= '1' && line[i] <= '9') {
            k += (size_t)snprintf(json + k, sizeof json - k, "%s\"r%dc%d\":%c", first ? "" : ",",
                                  i / 9 + 1, i % 9 + 1, line[i]);
            first = 0;
        }
    snprintf(json + k, sizeof json - k, "}}");
    return t_parse(json);
}

static void node_limit_is_unknown(void **state)
{
    (void)state;
    rg_puzzle *p = classic_line(hard);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.strategy = RG_STRATEGY_FORWARD;
    o.limit = 2;
    o.max_nodes = 5;
    rg_result r;
    rg_error err;
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_true(r.stats.nodes <= 5);
    o.max_nodes = 0;
    o.max_seconds = 1e-6; /* checked every 128 nodes */
    o.strategy = RG_STRATEGY_CHECK;
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    o.max_seconds = 0;
    o.strategy = RG_STRATEGY_INTERSECTIONS;
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    assert_int_equal(rg_puzzle_check(p, r.solution), -1);
    assert_true(r.stats.guesses > 0);
    assert_false(r.no_guess);
    assert_true(r.stats.family_prunings[RG_FAM_PEERS] > 0);
    assert_true(r.stats.family_prunings[RG_FAM_SINGLES] > 0);
    assert_string_equal(r.stats.family[RG_FAM_SINGLES], "singles");
    /* Propagator calls per family add up to the propagations. */
    uint64_t calls = 0;
    for (int i = 0; i < r.stats.families; i++) calls += r.stats.family_calls[i];
    assert_true(r.stats.family_calls[RG_FAM_PEERS] > 0);
    assert_true(r.stats.family_calls[RG_FAM_INTERSECTIONS] > 0);
    assert_true(calls == r.stats.propagations);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

static void random_values_reproducible(void **state)
{
    (void)state;
    rg_puzzle *p =
        t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,"
                "\"digits\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\","
                "\"box\":[3,3]}]}");
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.values = RG_VALUES_RANDOM;
    int a[81], b[81];
    rg_result r;
    rg_error err;
    o.seed = 7;
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_SOLVED);
    memcpy(a, r.solution, sizeof a);
    assert_int_equal(rg_puzzle_check(p, a), -1);
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_memory_equal(a, r.solution, sizeof a);
    o.seed = 8;
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    memcpy(b, r.solution, sizeof b);
    assert_int_equal(rg_puzzle_check(p, b), -1);
    assert_memory_not_equal(a, b, sizeof a);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

static void broken_givens_named(void **state)
{
    (void)state;
    rg_puzzle *p =
        t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,"
                "\"digits\":4},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\","
                "\"box\":[2,2]},{\"type\":\"region\",\"cells\":[\"r1c1\",\"r4c4\"]}],"
                "\"givens\":{\"r1c1\":3,\"r4c4\":3}}");
    assert_int_equal(rg_puzzle_broken(p), 1);
    for (int st = 0; st < RG_STRATEGY_COUNT; st++) {
        rg_solver *s = rg_solver_new();
        rg_options o;
        rg_options_default(&o);
        o.strategy = st;
        rg_result r;
        rg_error err;
        assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
        assert_int_equal(r.status, RG_STATUS_NONE);
        assert_int_equal(r.broken_rule, 1);
        rg_solver_free(s);
    }
    rg_puzzle_free(p);
}

static void region_larger_than_d_has_none(void **state)
{
    (void)state;
    rg_puzzle *p =
        t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":2,\"columns\":2,"
                "\"digits\":3},\"rules\":[{\"type\":\"region\",\"cells\":\"r1c1:r2c2\"}]}");
    assert_int_equal(t_count(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_MRV, 2, NULL), 0);
    assert_int_equal(t_count(p, RG_STRATEGY_CHECK, RG_HEURISTIC_FIRST, 2, NULL), 0);
    rg_puzzle_free(p);
}

static void no_rules_any_digits(void **state)
{
    (void)state;
    rg_puzzle *p =
        t_parse("{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":1,\"columns\":2,"
                "\"digits\":3},\"rules\":[]}");
    assert_int_equal(t_count(p, RG_STRATEGY_SUBSETS, RG_HEURISTIC_MRV, 100, NULL), 9);
    assert_int_equal(t_count(p, RG_STRATEGY_CHECK, RG_HEURISTIC_DOMWDEG, 100, NULL), 9);
    rg_puzzle_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic4),
        cmocka_unit_test(x4),
        cmocka_unit_test(classic6),
        cmocka_unit_test(x6),
        cmocka_unit_test(king6),
        cmocka_unit_test(knight6),
        cmocka_unit_test(seen_by_every_place),
        cmocka_unit_test(naked_single_every_peer),
        cmocka_unit_test(node_limit_is_unknown),
        cmocka_unit_test(random_values_reproducible),
        cmocka_unit_test(broken_givens_named),
        cmocka_unit_test(region_larger_than_d_has_none),
        cmocka_unit_test(no_rules_any_digits),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
