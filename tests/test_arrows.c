/* The arrows plugin: every error it words, solution counts of random arrows
 * on a 4x4 sudoku against an independent count over its 288 grids,
 * propagation against brute force (value sets; sum bounds on long shafts),
 * pills read in base 10, the shafts' memo against runs without it and where
 * it is kept, and the arrow corpus. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "data/variants-3/harness.h"
#include "model/record.h"
#include "search/trial.h"

/* ---- Errors -------------------------------------------------------------------- */

static void err(const char *rules, const char *field, const char *phrase)
{
    rg_error e = v3_error(9, 9, 9, rules);
    t_assert_error(&e, 0, "arrow", field, phrase);
}

static void errors(void **state)
{
    (void)state;
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\", \"r1c3\"], \"lines\": [[\"r2c2\"]]}]", "bulb",
        "not orthogonally connected: r1c3");
    /* Diagonal neighbours do not connect a bulb. */
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\", \"r2c2\"], \"lines\": [[\"r3c3\"]]}]", "bulb",
        "not orthogonally connected");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r1c3\", \"r1c4\"]]}]",
        "lines[0]", "does not touch the bulb");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r2c2\"], [\"r3c3\"]]}]",
        "lines[1]", "shaft 2 starts at r3c3");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r2c2\", \"r2c3\", "
        "\"r2c5\"]]}]",
        "lines[0][2]", "r2c3 and r2c5 are not neighbours");
    /* A shaft through its own bulb: the first cell, or a later one of a pill. */
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r1c1\", \"r2c2\"]]}]",
        "lines[0][0]", "r1c1 is a cell of the bulb");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\", \"r1c2\"], \"lines\": [[\"r2c1\", "
        "\"r1c2\"]]}]",
        "lines[0][1]", "a shaft cannot pass through its own bulb");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": []}]", "lines", "at least 1");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[]]}]", "lines[0]", "at least 1");
    err("[{\"type\": \"arrow\", \"bulb\": [], \"lines\": [[\"r1c2\"]]}]", "bulb", "at least 1");
    err("[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"]}]", "lines", "missing");
    err("[{\"type\": \"arrow\", \"bulb\": \"r1c1:r1c2\", \"lines\": [[\"r2c2\"]]}]", "bulb",
        "list of cell names");
}

/* ---- Random arrows ----------------------------------------------------------------- */

typedef struct arw {
    int bulb[3], nb, shaft[2][6], len[2], ns, cols;
} arw;

static int bulb_value(const arw *a, const int *g)
{
    int v = 0;
    for (int i = 0; i < a->nb; i++) v = v * 10 + g[a->bulb[i]];
    return v;
}

/* half 0: every shaft sums to the bulb; 1: no shaft passes the bulb. */
static int arrow_holds(const arw *a, const int *g, int half)
{
    int b = bulb_value(a, g);
    for (int s = 0; s < a->ns; s++) {
        int sum = 0;
        for (int k = 0; k < a->len[s]; k++) sum += g[a->shaft[s][k]];
        if (half ? sum > b : sum != b) return 0;
    }
    return 1;
}

/* A random arrow on rows x cols: a bulb path of nb cells (orthogonal), then
 * shafts of king steps from a cell touching the bulb; no cell twice. */
static int gen_arrow(int rows, int cols, int maxb, int maxlen, arw *a, char *json, size_t cap)
{
    int used[64] = {0};
    a->cols = cols;
    a->nb = 1 + v3_rand(maxb);
    if (!v3_path(rows, cols, a->nb, 0, a->bulb)) return 0;
    for (int i = 0; i < a->nb; i++) used[a->bulb[i]] = 1;
    a->ns = 1 + v3_rand(2);
    for (int s = 0; s < a->ns; s++) {
        a->len[s] = 1 + v3_rand(maxlen);
        int from = a->bulb[v3_rand(a->nb)];
        for (int k = 0; k < a->len[s]; k++) {
            int cand[8], nc = 0, r = from / cols, c = from % cols;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((!dr && !dc) || rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
                    if (!used[rr * cols + cc]) cand[nc++] = rr * cols + cc;
                }
            if (!nc) return 0;
            from = a->shaft[s][k] = cand[v3_rand(nc)];
            used[from] = 1;
        }
    }
    json[0] = 0;
    v3_cat(json, cap, "{\"type\": \"arrow\", \"bulb\": ");
    v3_cells(json, cap, a->bulb, a->nb, cols);
    v3_cat(json, cap, ", \"lines\": [");
    for (int s = 0; s < a->ns; s++) {
        if (s) v3_cat(json, cap, ", ");
        v3_cells(json, cap, a->shaft[s], a->len[s], cols);
    }
    v3_cat(json, cap, "]}");
    return 1;
}

static void counts_on_4x4(void **state)
{
    (void)state;
    int(*grids)[16] = t_sudoku4(NULL);
    int differs_ignored = 0, differs_half = 0, t = 0;
    while (t < 60) {
        arw a;
        char rule[1024], rules[1200];
        if (!gen_arrow(4, 4, 2, 3, &a, rule, sizeof rule)) continue;
        t++;
        snprintf(rules, sizeof rules, "[" V3_GRID4 ", %s]", rule);
        long full = 0, half = 0;
        for (int g = 0; g < 288; g++) {
            full += arrow_holds(&a, grids[g], 0);
            half += arrow_holds(&a, grids[g], 1);
        }
        rg_puzzle *p = v3_parse(4, 4, 4, rules);
        long n = v3_count_all(p, 1000);
        rg_puzzle_free(p);
        if (n != full) fail_msg("engine counts %ld, the grids %ld: %s", n, full, rule);
        differs_ignored += full != 288;
        differs_half += full != half;
    }
    assert_true(differs_ignored > 0);
    assert_true(differs_half > 0);
}

/* A pill reads its digits in base 10 even past 9 digits: [1, 12] is 22, so
 * a 2-cell shaft of 11s beside it fits and one of 12s does not. */
static void pills_in_base_ten(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text,
             "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 2, \"columns\": "
             "2, \"digits\": 16}, \"rules\": [{\"type\": \"arrow\", \"bulb\": [\"r1c1\", "
             "\"r1c2\"], \"lines\": [[\"r2c1\", \"r2c2\"]]}], \"givens\": {\"r1c1\": 1, "
             "\"r1c2\": 12, \"r2c1\": %d}}",
             11);
    rg_puzzle *p = t_parse(text);
    assert_int_equal(v3_count_all(p, 10), 1);
    int vals[4] = {1, 12, 11, 11};
    assert_int_equal(rg_puzzle_check(p, vals), -1);
    vals[2] = vals[3] = 12;
    assert_int_equal(rg_puzzle_check(p, vals), 0);
    rg_puzzle_free(p);
    /* A 3-cell pill of 9 digits reads at least 111, out of reach of 9 cells
     * (propagation levels only: plain backtracking would try 9^12 boards). */
    p = v3_parse(2, 9, 9,
                 "[{\"type\": \"arrow\", \"bulb\": [\"r1c1\", \"r1c2\", \"r1c3\"], \"lines\": "
                 "[[\"r2c1\", \"r2c2\", \"r2c3\", \"r2c4\", \"r2c5\", \"r2c6\", \"r2c7\", "
                 "\"r2c8\", \"r2c9\"]]}]");
    for (int st = RG_STRATEGY_PROPAGATE; st < RG_STRATEGY_COUNT; st++)
        assert_int_equal(t_count(p, st, RG_HEURISTIC_DOMWDEG, 10, NULL), 0);
    rg_puzzle_free(p);
}

/* An arrow alone on a small board with random start domains: narrowing
 * keeps exactly the digits solutions use. */
static void soundness(void **state)
{
    (void)state;
    static const int shapes[][2] = {{2, 3}, {2, 4}, {3, 3}, {3, 4}};
    int solvable = 0, t = 0;
    while (t < 300) {
        int sh = v3_rand(4), rows = shapes[sh][0], cols = shapes[sh][1];
        int D = 4 + v3_rand(6);
        arw a;
        char rule[1024], rules[1200];
        if (!gen_arrow(rows, cols, 2, 3, &a, rule, sizeof rule)) continue;
        t++;
        snprintf(rules, sizeof rules, "[%s]", rule);
        rg_puzzle *p = v3_parse(rows, cols, D, rules);
        rg_mask start[64];
        v3_domains(rows * cols, D, 40000, start);
        solvable += v3_sound(p, start, 1);
        rg_puzzle_free(p);
    }
    assert_true(solvable > 20);
}

/* Shafts whose cells share a house (a cage without a sum here) sum as sets
 * of distinct digits (the arrow's groups): random arrows, a cage over some
 * of a shaft's cells, random start domains; narrowing keeps every digit a
 * solution uses, and the groups prune past what digits with repeats allow. */
static void soundness_groups(void **state)
{
    (void)state;
    int solvable = 0, grouped = 0, t = 0;
    while (t < 300) {
        int rows = 3, cols = 3 + v3_rand(2), D = 4 + v3_rand(6);
        arw a;
        char rule[1024], rules[1600];
        if (!gen_arrow(rows, cols, 1, 5, &a, rule, sizeof rule) || a.len[0] < 2) continue;
        t++;
        /* A cage over 2.. cells of the first shaft. */
        int pick[8], np = 2 + v3_rand(a.len[0] - 1);
        for (int k = 0; k < np; k++) pick[k] = a.shaft[0][k];
        snprintf(rules, sizeof rules, "[%s, {\"type\": \"cage\", \"cells\": ", rule);
        v3_cells(rules, sizeof rules, pick, np, cols);
        v3_cat(rules, sizeof rules, "}]");
        rg_puzzle *p = v3_parse(rows, cols, D, rules);
        rg_mask start[64];
        v3_domains(rows * cols, D, 40000, start);
        solvable += v3_sound(p, start, 0);
        rg_puzzle_free(p);
        grouped++;
    }
    assert_true(solvable > 20);
    assert_int_equal(grouped, 300);
    /* Three cells of a row of a 4 x 4 sudoku add up to 6 at least; with
     * repeats they could make 3, within reach of a one-cell bulb. At the
     * propagate level (no subsets) only the groups see that nothing fits. */
    rg_puzzle *p = v3_parse(4, 4, 4,
                            "[" V3_GRID4 ", {\"type\": \"arrow\", \"bulb\": [\"r1c1\"], "
                            "\"lines\": [[\"r2c1\", \"r2c2\", \"r2c3\"]]}]");
    rg_mask start[16], out[16];
    for (int c = 0; c < 16; c++) start[c] = 0xF;
    rg_solver *s = rg_solver_new();
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), RG_FAIL);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* The usual arrow, a one-cell bulb and one shaft of two cells, takes its
 * own path (arrow_pair): on a 1 x 3 board (bulb r1c1, shaft r1c2 r1c3),
 * the shaft's cells apart (they may repeat) or grouped by a cage without a
 * sum (they may not), from random start domains, narrowing keeps exactly
 * the digits solutions use. A 3-cell shaft beside it goes the general way:
 * both must agree with brute force. */
static void pair_exact(void **state)
{
    (void)state;
    static const char *const rules[] = {
        "[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r1c2\", \"r1c3\"]]}]",
        "[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r1c2\", \"r1c3\"]]}, "
        "{\"type\": \"cage\", \"cells\": [\"r1c2\", \"r1c3\"]}]",
        "[{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r1c2\", \"r1c3\", "
        "\"r1c4\"]]}, {\"type\": \"cage\", \"cells\": [\"r1c3\", \"r1c4\"]}]"};
    for (int k = 0; k < 3; k++) {
        int solvable = 0, repeats = 0;
        for (int t = 0; t < 400; t++) {
            int D = 4 + v3_rand(6), cols = k == 2 ? 4 : 3;
            rg_puzzle *p = v3_parse(1, cols, D, rules[k]);
            rg_mask start[4];
            v3_domains(cols, D, 40000, start);
            solvable += v3_sound(p, start, 1);
            /* a repeat on the shaft: allowed apart, refused grouped */
            int vals[4] = {4, 2, 2, 4};
            if (k < 2 && rg_puzzle_check(p, vals) == -1) repeats++;
            rg_puzzle_free(p);
        }
        assert_true(solvable > 50);
        assert_int_equal(repeats, k == 0 ? 400 : 0);
    }
}

/* Shafts long enough that their sums pass the value sets: 32 digits, a
 * 3-cell pill and a 36-cell shaft prune by bounds. Start domains around a
 * planted solution; soundness only. */
static void soundness_bounds(void **state)
{
    (void)state;
    int bulb[3] = {0, 1, 2}, shaft[36];
    for (int k = 0; k < 36; k++) shaft[k] = 40 + k; /* row 2, columns 1..36 */
    char rules[4096] = "[{\"type\": \"arrow\", \"bulb\": ";
    v3_cells(rules, sizeof rules, bulb, 3, 40);
    v3_cat(rules, sizeof rules, ", \"lines\": [");
    v3_cells(rules, sizeof rules, shaft, 36, 40);
    v3_cat(rules, sizeof rules, "]}]");
    rg_puzzle *p = v3_parse(2, 40, 32, rules);
    int solvable = 0;
    for (int t = 0; t < 40; t++) {
        /* Plant: bulb 1 x y, shaft digits adding to it. */
        int plant[80];
        for (int c = 0; c < 80; c++) plant[c] = 1 + v3_rand(32);
        plant[0] = 1;
        plant[1] = 1 + v3_rand(2);
        plant[2] = 1 + v3_rand(9);
        int value = 100 + plant[1] * 10 + plant[2], rest = value;
        for (int k = 0; k < 36; k++) {
            int left = 35 - k, d = k == 35 ? rest : 1 + v3_rand(32);
            while (d > 32 || rest - d < left || rest - d > 32 * left) d = 1 + v3_rand(32);
            plant[40 + k] = d;
            rest -= d;
        }
        /* Most cells open (so the sums pass the value sets and bounds
         * reasoning runs), the others at the planted digit; the planted
         * solution must survive narrowing. */
        rg_mask start[80];
        for (int c = 0; c < 80; c++)
            start[c] = v3_rand(10) < 7 ? ~(rg_mask)0 : (rg_mask)1 << (plant[c] - 1);
        rg_solver *s = rg_solver_new();
        rg_mask out[80];
        int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out);
        rg_solver_free(s);
        if (rg_puzzle_check(p, plant) == -1) {
            solvable++;
            assert_int_equal(rc, 0);
            for (int c = 0; c < 80; c++) assert_true(out[c] & ((rg_mask)1 << (plant[c] - 1)));
        }
    }
    assert_true(solvable > 10);
    rg_puzzle_free(p);
}

/* ---- The shafts' memo -------------------------------------------------------- */

/* The start space of p in a with the arrows' cells (cells, ncell: three
 * arrows) narrowed to their planted digit and up to three others: tight
 * enough that the arrows prune by exact sums. */
static void memo_start(rg_solver *s, const rg_puzzle *p, unsigned char *a, int (*cells)[24],
                       const int *ncell, const int *plant, int D)
{
    assert_int_equal(rg_trial_start(s, p, a), 0);
    rg_mask *da = rg_trial_domains(a);
    for (int q = 0; q < 3; q++)
        for (int i = 0; i < ncell[q]; i++) {
            int c = cells[q][i];
            da[c] = (rg_mask)1 << (plant[c] - 1);
            for (int k = v3_rand(4); k > 0; k--) da[c] |= (rg_mask)1 << v3_rand(D);
        }
}

/* A long arrow keeps its groups' sums and the outcome of their last
 * backward passes in per-space state (arrows.c, "A shaft's memo"). Along
 * random narrowings of a 9 x 9 board (a pill read as two digits: the
 * general run while the cap is 63 or more) or a 12 x 12 one (more than 9
 * digits: always the general run), each with three long arrows (the last
 * with its shaft twice, so that a cell of one shaft is pruned by the other
 * between their passes), each run on the space that kept its state must
 * answer and narrow exactly as a run from a fresh state on the same
 * domains. Now and then digits come back into a cell (an explanation puts
 * domains back after a trial run), which the memo must not mistake for the
 * domains it recorded. One board of boxes h x w; runs counts the runs
 * compared, after_grow those right after digits came back. */
static void memo_once(rg_solver *s, int h, int w, int *runs, int *after_grow)
{
    int N = h * w;
    /* A solved grid of the pattern: the shafts' digits (distinct within
     * each house, as the arrow's groups require). */
    int grid[144];
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) grid[r * N + c] = (w * (r % h) + r / h + c) % N + 1;
    char rules[8192] = "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [";
    v3_cat(rules, sizeof rules, "%d, %d]}", h, w);
    int cells[3][24], ncell[3], plant[144] = {0};
    for (int q = 0; q < 3;) {
        /* A pill of two cells across a row, a shaft of 7 to 14 cells
         * walking on from beside it; the pill reads a value of the
         * shaft's sum in the grid (its first digit any, base 10). */
        int len = 7 + v3_rand(8), path[16];
        if (!v3_path(N, N, len + 2, 1, path) || path[0] / N != path[1] / N ||
            abs(path[0] % N - path[1] % N) != 1)
            continue;
        int sum = 0, overlap = 0;
        for (int k = 2; k < len + 2; k++) sum += grid[path[k]];
        int tens = sum / 10, ones = sum % 10;
        if (tens < 1 || tens > N || ones < 1) continue;
        for (int k = 0; k < len + 2; k++)
            for (int j = 0; j < q; j++)
                for (int i = 0; i < ncell[j]; i++) overlap |= cells[j][i] == path[k];
        if (overlap) continue;
        plant[path[0]] = tens;
        plant[path[1]] = ones;
        for (int k = 2; k < len + 2; k++) plant[path[k]] = grid[path[k]];
        memcpy(cells[q], path, (size_t)(len + 2) * sizeof path[0]);
        ncell[q] = len + 2;
        v3_cat(rules, sizeof rules, ", {\"type\": \"arrow\", \"bulb\": ");
        v3_cells(rules, sizeof rules, path, 2, N);
        v3_cat(rules, sizeof rules, ", \"lines\": [");
        v3_cells(rules, sizeof rules, path + 2, len, N);
        if (q == 2) { /* two shafts over the same cells: a memo each */
            v3_cat(rules, sizeof rules, ", ");
            v3_cells(rules, sizeof rules, path + 2, len, N);
        }
        v3_cat(rules, sizeof rules, "]}");
        q++;
    }
    v3_cat(rules, sizeof rules, "]");
    rg_puzzle *p = v3_parse(N, N, N, rules);
    assert_int_equal(rg_trial_start(s, p, NULL), 0);
    size_t bytes = rg_trial_bytes(s);
    unsigned char *a = calloc(1, bytes), *f = calloc(1, bytes);
    assert_non_null(a);
    assert_non_null(f);
    rg_mask *da = rg_trial_domains(a), *df = rg_trial_domains(f), all = ((rg_mask)1 << N) - 1;
    memo_start(s, p, a, cells, ncell, plant, N);
    int arrows[3], na = 0;
    for (int i = 0; i < p->model->nprops; i++)
        if (!strcmp(p->model->props[i].def.name, "arrow")) arrows[na++] = i;
    assert_int_equal(na, 3);
    int grew = 0;
    for (int step = 0; step < 300; step++) {
        int q = v3_rand(3), c = cells[q][v3_rand(ncell[q])];
        if (v3_rand(12) == 0) {
            da[c] |= (rg_mask)v3_rand(1 << N) & all; /* digits come back */
            grew = 1;
        } else {
            /* Keep the planted digit, so that the arrows narrow on. */
            da[c] &= ~((rg_mask)1 << v3_rand(N)) | (rg_mask)1 << (plant[c] - 1);
        }
        for (int i = 0; i < na; i++) {
            assert_int_equal(rg_trial_start(s, p, f), 0);
            memcpy(df, da, (size_t)(N * N) * sizeof *da);
            int ra = rg_trial_run(s, arrows[i], a), rf = rg_trial_run(s, arrows[i], f);
            if (ra != rf || memcmp(da, df, (size_t)(N * N) * sizeof *da))
                fail_msg("step %d, arrow %d: kept state answered %d, fresh %d: %s", step, i, ra, rf,
                         rules);
            ++*runs;
            *after_grow += grew;
            grew = 0;
            if (ra == RG_PROP_FAIL) {
                memo_start(s, p, a, cells, ncell, plant, N);
                break;
            }
        }
    }
    free(a);
    free(f);
    rg_puzzle_free(p);
}

static void memo_matches_fresh(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    int runs = 0, grown = 0;
    for (int t = 0; t < 12; t++) memo_once(s, 3, 3, &runs, &grown);
    for (int t = 0; t < 4; t++) memo_once(s, 3, 4, &runs, &grown);
    rg_solver_free(s);
    assert_true(runs > 8000 && grown > 300);
}

/* Bytes of per-space state of an arrow (bulb, nshaft copies of one shaft)
 * on a rows x cols board with D digits and boxes of bh x bw. */
static size_t memo_bytes(int rows, int cols, int D, int bh, int bw, const int *bulb, int nbulb,
                         const int *shaft, int len, int nshaft)
{
    char rules[32768];
    snprintf(rules, sizeof rules,
             "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [%d, %d]}, "
             "{\"type\": \"arrow\", \"bulb\": ",
             bh, bw);
    v3_cells(rules, sizeof rules, bulb, nbulb, cols);
    v3_cat(rules, sizeof rules, ", \"lines\": [");
    for (int k = 0; k < nshaft; k++) {
        if (k) v3_cat(rules, sizeof rules, ", ");
        v3_cells(rules, sizeof rules, shaft, len, cols);
    }
    v3_cat(rules, sizeof rules, "]}]");
    rg_puzzle *p = v3_parse(rows, cols, D, rules);
    size_t bytes = p->model->state_size;
    rg_puzzle_free(p);
    return bytes;
}

/* The memo goes only where the general run can save a digit-set DP: a pill
 * on nine digits over a shaft of cells sharing a house has one; a one-cell
 * bulb (values below 63: arrow_run64) has none, nor has a shaft on 16
 * digits (past LSUM_DP_DIGITS no cells are grouped, and a single cell's
 * sums cost less than a lookup). However many long shafts, an arrow's memo
 * stays within 4 KB (MEMO_WORDS). */
static void memo_where_it_pays(void **state)
{
    (void)state;
    int pill[2] = {0, 1}, one[1] = {0}, shaft[144];
    for (int k = 0; k < 9; k++) shaft[k] = 9 + k; /* row 2 */
    size_t nine = memo_bytes(9, 9, 9, 3, 3, pill, 2, shaft, 9, 1);
    assert_true(nine > 0 && nine <= 256);
    assert_int_equal(memo_bytes(9, 9, 9, 3, 3, one, 1, shaft, 3, 1), 0);
    for (int k = 0; k < 16; k++) shaft[k] = 16 + k;
    assert_int_equal(memo_bytes(16, 16, 16, 4, 4, pill, 2, shaft, 16, 1), 0);
    /* 12 x 12: a shaft snaking through rows 2 to 12 (132 cells), eight times
     * over: the memo of each copy takes close to a kilobyte, and only the
     * first copies get one. */
    int n = 0;
    for (int r = 1; r < 12; r++)
        for (int k = 0; k < 12; k++) shaft[n++] = r * 12 + (r % 2 ? k : 11 - k);
    size_t once = memo_bytes(12, 12, 12, 3, 4, pill, 2, shaft, n, 1);
    size_t eight = memo_bytes(12, 12, 12, 3, 4, pill, 2, shaft, n, 8);
    assert_true(once > 512);
    assert_true(eight > once && eight < 8 * once && eight <= 4096);
}

static void corpus_arrows(void **state)
{
    (void)state;
    assert_true(t_corpus_unique("corpus/variants/arrow.jsonl") > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_on_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pills_in_base_ten, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness_groups, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness_bounds, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pair_exact, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(memo_matches_fresh, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(memo_where_it_pays, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_arrows, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
