/* Digit boards on the general path (core/search/bands.c, bands16.c)
 * against the unit scans they stand in for: on the variant corpora whose
 * 9x9 models have the rows, columns and boxes among their houses
 * (must-differ pairs beyond them or not), the same answers at singles and
 * intersections, and under mrv, without a house of fewer cells, the same
 * search tree (the same fixpoint at every node); the killers (cages: houses
 * of fewer cells, whose intersections the boards leave out) with the same
 * answers; the same propagated domains, or a
 * failure on both, from random partial grids with random domain cuts; an
 * X-sudoku (two diagonals scanned beside the boards); the same on 16x16
 * models (plain, diagonals, windows, anti-knight with a thermometer); and
 * which models and levels take the boards.
 * RULEGRID_TEST_SCALE (Valgrind, sanitizers) takes fewer puzzles and
 * rounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/record.h"
#include "search/solver.h"
#include "support.h"

/* Corpora of models that take the boards: without must-differ pairs beyond
 * the houses, then with them (thermometers, renbans, anti-knight and
 * anti-king pairs), then lines of both kinds. */
static const char *const corpora[] = {
    "corpus/variants/arrow.jsonl",      "corpus/variants/relations.jsonl",
    "corpus/variants/corners.jsonl",    "corpus/variants/whisper.jsonl",
    "corpus/variants/negatives.jsonl",  "corpus/variants/outside.jsonl",
    "corpus/variants/thermo.jsonl",     "corpus/variants/renban.jsonl",
    "corpus/variants/neighbours.jsonl", "corpus/variants/lines.jsonl",
};

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;

static unsigned rnd(unsigned n) { return t_rand(&rng_state, n); }

static void opts(rg_options *o, int strategy, int heuristic, uint64_t nodes)
{
    rg_options_default(o);
    o->strategy = strategy;
    o->heuristic = heuristic;
    o->limit = 2;
    o->max_nodes = nodes;
}

/* Does p's model take the boards: 9x9 of nine digits, every row, column
 * and box among its units, and houses of fewer cells (cages) only beside
 * those 27 units? Counted here from the units' cells. (Smaller houses
 * beside a few other units qualify too: none in these corpora.) */
static int qualifies(const rg_puzzle *p)
{
    const rg_model *m = p->model;
    if (m->board.rows != 9 || m->board.cols != 9 || m->board.digits != 9) return 0;
    if (m->nhouses != m->nunits && m->nunits != 27) return 0;
    uint32_t found = 0;
    for (int u = 0; u < m->nunits; u++) {
        const int *c = m->unit_cells + (size_t)u * 9;
        int row = 1, col = 1, box = 1;
        for (int k = 1; k < 9; k++) {
            row &= c[k] / 9 == c[0] / 9;
            col &= c[k] % 9 == c[0] % 9;
            box &= c[k] / 27 == c[0] / 27 && c[k] % 9 / 3 == c[0] % 9 / 3;
        }
        if (row) found |= 1u << (c[0] / 9);
        if (col) found |= 1u << (9 + c[0] % 9);
        if (box) found |= 1u << (18 + c[0] / 27 * 3 + c[0] % 9 / 3);
    }
    return found == (1u << 27) - 1;
}

/* Solve p with boards (a) and with the unit scans (b) under o: the answers
 * agree wherever both searches ended, and under mrv the trees are the
 * same unless the model has a house of fewer cells (the scans then also
 * take its intersections). Returns whether a took the boards; a's status
 * to *status unless NULL. */
static int both(rg_solver *a, rg_solver *b, const rg_puzzle *p, const rg_options *o, int *status)
{
    rg_result ra, rb;
    rg_error err;
    rg_error_clear(&err);
    int N = rg_puzzle_cells(p);
    assert_int_equal(rg_solve(a, p, o, &ra, &err), RG_OK);
    int used = rg_solver_digit_boards_used(a);
    if (status) *status = ra.status;
    int *sol = NULL;
    if (ra.solution) {
        sol = malloc((size_t)N * sizeof *sol);
        assert_non_null(sol);
        memcpy(sol, ra.solution, (size_t)N * sizeof *sol);
    }
    assert_int_equal(rg_solve(b, p, o, &rb, &err), RG_OK);
    assert_int_equal(rg_solver_digit_boards_used(b), 0);
    if (o->heuristic == RG_HEURISTIC_MRV && p->model->nhouses == p->model->nunits) {
        assert_int_equal(ra.status, rb.status);
        assert_int_equal(ra.stats.nodes, rb.stats.nodes);
        assert_int_equal(ra.stats.guesses, rb.stats.guesses);
        assert_int_equal(ra.stats.failures, rb.stats.failures);
    }
    if (!ra.stopped && !rb.stopped) {
        assert_int_equal(ra.status, rb.status);
        assert_int_equal(ra.solutions, rb.solutions);
        assert_int_equal(ra.no_guess, rb.no_guess);
        assert_int_equal(ra.solution == NULL, rb.solution == NULL);
        if (sol && ra.status == RG_STATUS_UNIQUE)
            assert_memory_equal(sol, rb.solution, (size_t)N * sizeof *sol);
    }
    free(sol);
    return used;
}

/* both() at singles and at intersections, under domwdeg and mrv (nodes:
 * the node limit, 0 for none), a taking the boards each time: how many of
 * the four runs found p unique. */
static int both_ways(rg_solver *a, rg_solver *b, const rg_puzzle *p, uint64_t nodes)
{
    int unique = 0;
    for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++)
        for (int h = 0; h < 2; h++) {
            rg_options o;
            int status;
            opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG, nodes);
            assert_int_equal(both(a, b, p, &o, &status), 1);
            unique += status == RG_STATUS_UNIQUE;
        }
    return unique;
}

/* Every qualifying corpus at singles and intersections, mrv and domwdeg. */
static void test_corpora(void **state)
{
    (void)state;
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    assert_non_null(a);
    assert_non_null(b);
    rg_solver_set_digit_boards(b, 0);
    long runs = 0, boards = 0;
    for (size_t k = 0; k < sizeof corpora / sizeof *corpora; k++) {
        int n;
        rg_puzzle **v = t_corpus_load(corpora[k], t_scaled() ? 4 : 1, &n);
        assert_true(n > 0);
        for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++)
            for (int h = 0; h < 2; h++) {
                rg_options o;
                opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG,
                     t_scaled() ? 2000 : 20000);
                for (int i = 0; i < n; i++) {
                    int used = both(a, b, v[i], &o, NULL);
                    /* (a model of houses and root restrictions alone takes
                     * the classic fast path instead) */
                    assert_int_equal(used, qualifies(v[i]) && !rg_solver_fast_path_used(a));
                    boards += used;
                    runs++;
                }
            }
        t_corpus_unload(v, n);
    }
    /* most of these corpora's models qualify (outside.jsonl also holds
     * 4x6 and 6x6 boards, lines.jsonl one model whose line is a house) */
    assert_true(boards >= runs * 3 / 4);
    print_message("%ld of %ld runs on digit boards\n", boards, runs);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* The spaces of s's stack whose digit boards say they are valid (each
 * reached by the last search: the stack was zeroed before it) hold the
 * boards their domains give: per digit the cells holding it, the cells
 * with one digit left, the fourth word all ones. Returns how many. */
static long boards_match(const rg_solver *s)
{
    long checked = 0;
    for (int d = 0; d < s->nspaces; d++) {
        const unsigned char *sp = s->spaces + (size_t)d * s->space_bytes;
        const struct rg_space_boards *B = (const void *)(sp + s->board_off);
        if (!B->valid) continue;
        const rg_mask *dom = (const rg_mask *)(const void *)sp;
        for (int c = 0; c < 81; c++) {
            uint32_t bit = 1u << (c % 27);
            for (int k = 0; k < 9; k++)
                if (!(B->d[k][c / 27] & bit) != !(dom[c] >> k & 1u))
                    fail_msg("depth %d, cell %d, digit %d: board %d, domain %#x", d, c, k + 1,
                             !!(B->d[k][c / 27] & bit), dom[c]);
            assert_int_equal(!!(B->solved[c / 27] & bit), dom[c] && !(dom[c] & (dom[c] - 1)));
        }
        for (int k = 0; k < 9; k++) assert_int_equal(B->d[k][3], (1u << 27) - 1);
        checked++;
    }
    return checked;
}

/* The boards a 9x9 space keeps (solver.h, rg_space_boards) against its
 * domains, in every space the searches of the corpora leave on the stack
 * (each narrowing keeps both); a model without the boards has none. */
static void test_space_boards(void **state)
{
    (void)state;
    rg_solver *a = rg_solver_new();
    assert_non_null(a);
    long spaces = 0, models = 0;
    for (size_t k = 0; k < sizeof corpora / sizeof *corpora; k++) {
        int n;
        rg_puzzle **v = t_corpus_load(corpora[k], t_scaled() ? 4 : 1, &n);
        for (int i = 0; i < n; i++)
            for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++) {
                rg_options o;
                rg_result r;
                rg_error err;
                rg_error_clear(&err);
                opts(&o, level, RG_HEURISTIC_DOMWDEG, 2000);
                assert_int_equal(rg_solve(a, v[i], &o, &r, &err), RG_OK);
                if (rg_solver_fast_path_used(a)) continue; /* (houses alone) */
                int used = rg_solver_digit_boards_used(a);
                assert_int_equal(a->board_off != 0, used);
                if (!used) continue;
                memset(a->spaces, 0, (size_t)a->nspaces * a->space_bytes);
                assert_int_equal(rg_solve(a, v[i], &o, &r, &err), RG_OK);
                long got = boards_match(a);
                assert_true(got >= 1); /* the root at least */
                spaces += got;
                models++;
            }
        t_corpus_unload(v, n);
    }
    assert_true(models > 20);
    print_message("%ld spaces of %ld runs checked\n", spaces, models);
    rg_solver_free(a);
}

/* The killers: cages are houses of fewer cells, which the boards take
 * beside the 27 units without their intersections. Every other puzzle of
 * corpus/variants/killer.jsonl (a node limit for the hard ones) takes the
 * boards at singles and intersections, with the answers of the scans;
 * the boards' spaces hold what their domains give. */
static void test_killers(void **state)
{
    (void)state;
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    rg_solver_set_digit_boards(b, 0);
    int n, unique = 0, runs = 0;
    rg_puzzle **v = t_corpus_load("corpus/variants/killer.jsonl", t_scaled() ? 6 : 2, &n);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        assert_true(v[i]->model->nhouses > v[i]->model->nunits);
        for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++)
            for (int h = 0; h < 2; h++) {
                rg_options o;
                int status;
                opts(&o, level, h ? RG_HEURISTIC_MRV : RG_HEURISTIC_DOMWDEG,
                     t_scaled() ? 300 : 3000);
                assert_int_equal(both(a, b, v[i], &o, &status), 1);
                unique += status == RG_STATUS_UNIQUE;
                runs++;
                if (level == RG_STRATEGY_INTERSECTIONS && !h) {
                    memset(a->spaces, 0, (size_t)a->nspaces * a->space_bytes);
                    rg_result r;
                    rg_error err;
                    rg_error_clear(&err);
                    assert_int_equal(rg_solve(a, v[i], &o, &r, &err), RG_OK);
                    assert_true(boards_match(a) >= 1);
                }
            }
    }
    assert_true(unique >= runs / 2);
    print_message("%d of %d killer runs unique\n", unique, runs);
    t_corpus_unload(v, n);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* The X-sudoku of examples/xsudoku.txt on its template (a new puzzle). */
static rg_puzzle *xsudoku(void)
{
    const char *line =
        ".23.....94......2..8....45.9.52..8...1..3......2..7........46......659.2..49..31.";
    rg_puzzle *t = t_read("examples/xsudoku_template.json");
    int g[81];
    for (int c = 0; c < 81; c++) g[c] = line[c] == '.' ? 0 : line[c] - '0';
    rg_puzzle *p = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_record_copy(t, g, &p, &err), RG_OK);
    rg_puzzle_free(t);
    return p;
}

/* A random partial grid of p: its givens and random cells (pct in a
 * hundred) of a solution found with random digit orders (so that an empty
 * grid gives a new one each round, seed t), solved by b within 100,000
 * nodes (another seed when not). */
static rg_puzzle *partial(rg_solver *b, const rg_puzzle *p, int t, int pct)
{
    rg_options o;
    opts(&o, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 0);
    o.limit = 1;
    o.values = RG_VALUES_RANDOM;
    o.max_nodes = 100000;
    rg_result r;
    rg_error e;
    rg_error_clear(&e);
    /* (a random digit order can stray for long: another seed then) */
    for (int k = 0; k < 20; k++) {
        o.seed = (uint64_t)t + 1000003u * (uint64_t)k;
        assert_int_equal(rg_solve(b, p, &o, &r, &e), RG_OK);
        if (r.solution) break;
    }
    assert_non_null(r.solution);
    int N = rg_puzzle_cells(p), g[256];
    memcpy(g, rg_puzzle_givens(p), (size_t)N * sizeof *g);
    for (int c = 0; c < N; c++)
        if (!g[c] && (int)rnd(100) < pct) g[c] = r.solution[c];
    rg_puzzle *q = NULL;
    assert_int_equal(rg_record_copy(p, g, &q, &e), RG_OK);
    return q;
}

/* One round from puzzle p: a random partial grid (partial), some cells
 * cut to random digits or losing some (contradictions allowed),
 * propagated with the boards (a) and with the scans (b): the same
 * domains, or a failure on both. Returns 1 when they failed. */
static int fixpoint_round(rg_solver *a, rg_solver *b, const rg_puzzle *p, int t, int pct)
{
    rg_puzzle *q = partial(b, p, t, pct);
    int N = rg_puzzle_cells(p), D = p->model->board.digits;
    rg_mask start[256], da[256], db[256];
    for (int c = 0; c < N; c++) start[c] = (1u << D) - 1;
    for (int j = (int)rnd(2); j > 0; j--) start[rnd((unsigned)N)] = 1u << rnd((unsigned)D);
    for (int j = (int)rnd(12); j > 0; j--) start[rnd((unsigned)N)] &= ~(1u << rnd((unsigned)D));
    int level = t % 2 ? RG_STRATEGY_INTERSECTIONS : RG_STRATEGY_SINGLES;
    int ra = rg_solver_narrow(a, q, level, start, da);
    assert_int_equal(a->band_on, 1);
    int rb = rg_solver_narrow(b, q, level, start, db);
    assert_int_equal(b->band_on, 0);
    assert_int_equal(ra, rb);
    if (ra == 0) assert_memory_equal(da, db, (size_t)N * sizeof *da);
    rg_puzzle_free(q);
    return ra != 0;
}

/* The propagated domains from random partial grids of the puzzles of four
 * corpora, of X-sudokus (the diagonals meet three boxes each: their
 * singles and intersections on the boards too) and of windokus (windows
 * scanned beside the boards): the same fixpoint with and without the
 * boards, or a failure on both. */
/* An empty X-sudoku with anti-king pairs. */
static rg_puzzle *xking(void)
{
    return t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                   "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", "
                   "\"origin\": \"r1c1\", \"box\": [3, 3]}, {\"type\": \"region\", \"kind\": "
                   "\"diagonal\", \"cells\": [\"r1c1\", \"r2c2\", \"r3c3\", \"r4c4\", \"r5c5\", "
                   "\"r6c6\", \"r7c7\", \"r8c8\", \"r9c9\"]}, {\"type\": \"region\", \"kind\": "
                   "\"diagonal\", \"cells\": [\"r1c9\", \"r2c8\", \"r3c7\", \"r4c6\", \"r5c5\", "
                   "\"r6c4\", \"r7c3\", \"r8c2\", \"r9c1\"]}, {\"type\": \"neighbours\", \"kind\": "
                   "\"antiking\"}]}");
}

static void test_fixpoints(void **state)
{
    (void)state;
    static const char *const files[] = {
        "corpus/variants/arrow.jsonl", "corpus/variants/relations.jsonl",
        "corpus/variants/thermo.jsonl", "corpus/variants/neighbours.jsonl"};
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    rg_solver_set_digit_boards(b, 0);
    int rounds = t_rounds(600, 40, 20), failed = 0, total = 0;
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        int n;
        rg_puzzle **v = t_corpus_load(files[k], 1, &n);
        for (int t = 0; t < rounds; t++, total++)
            failed += fixpoint_round(a, b, v[rnd((unsigned)n)], t, 15);
        t_corpus_unload(v, n);
    }
    /* the empty templates of an X-sudoku (its diagonals on the boards
     * too), of one with anti-king pairs (the "every place sees it" step on
     * the boards over the diagonals too) and of a windoku (its four windows
     * meet the rows, columns and boxes in too many pairs: scanned beside
     * the boards): partial grids of random solutions */
    static const char *const templates[] = {"examples/xsudoku_template.json", NULL,
                                            "presets/windoku.json"};
    for (int k = 0; k < 3; k++) {
        rg_puzzle *x = templates[k] ? t_read(templates[k]) : xking();
        for (int t = 0; t < rounds; t++, total++)
            failed += fixpoint_round(a, b, x, t, 20 + (int)rnd(20));
        /* the anti-king X-sudoku: its diagonals and its step on the
         * boards, no unit left to mark */
        if (k == 1) assert_true(a->bother && a->bseen && !a->dirty_bits);
        rg_puzzle_free(x);
    }
    /* the rounds reach both outcomes */
    assert_true(failed > total / 20);
    assert_true(failed < total - total / 20);
    print_message("%d of %d rounds failed\n", failed, total);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* An X-sudoku (examples/xsudoku.txt on its template): the two diagonals
 * are units of their own, on the boards too (their hidden singles and
 * their intersections with the boxes); unique, and under mrv the same
 * tree as the scans alone. */
static void test_xsudoku(void **state)
{
    (void)state;
    rg_puzzle *p = xsudoku();
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    rg_solver_set_digit_boards(b, 0);
    assert_int_equal(both_ways(a, b, p, 0), 4);
    rg_puzzle_free(p);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* Which runs take the boards: a 9x9 or 16x16 model with its rows, columns
 * and boxes, at singles and intersections only (the unit scans at
 * propagate and at subsets and above, and when switched off), with other
 * units of as many cells (a diagonal) and with smaller houses (a cage);
 * other sizes never; a classic model takes the fast path instead, and the
 * boards on the general path when that is switched off. */
static void test_which(void **state)
{
    (void)state;
    static const struct {
        int size;
        const char *box, *rule;
        int boards;
    } cases[] = {
        {9, "3, 3", "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\"]}",
         1},
        {9, "3, 3", "{\"type\": \"neighbours\", \"kind\": \"antiknight\"}", 1},
        {9, "3, 3", "{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}", 1},
        {9, "3, 3",
         "{\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [\"r1c1\", \"r2c2\", "
         "\"r3c3\", \"r4c4\", \"r5c5\", \"r6c6\", \"r7c7\", \"r8c8\", \"r9c9\"]}",
         1},
        {6, "2, 3", "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\"]}",
         0},
        {16, "4, 4", "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\"]}",
         1},
        {16, "4, 4", "{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}", 1},
        {12, "3, 4", "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\"]}",
         0},
    };
    rg_solver *s = rg_solver_new();
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char json[512];
        snprintf(json, sizeof json,
                 "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": %d, "
                 "\"columns\": %d, \"digits\": %d}, \"rules\": [{\"type\": \"box_grid\", "
                 "\"origin\": \"r1c1\", \"box\": [%s]}, %s]}",
                 cases[k].size, cases[k].size, cases[k].size, cases[k].box, cases[k].rule);
        rg_puzzle *p = t_parse(json);
        rg_result r;
        for (int level = RG_STRATEGY_PROPAGATE; level <= RG_STRATEGY_SUBSETS; level++) {
            t_solve(s, p, level, RG_HEURISTIC_DOMWDEG, 1, 0, 0, &r);
            assert_int_equal(r.status, RG_STATUS_SOLVED);
            int expect = cases[k].boards &&
                         (level == RG_STRATEGY_SINGLES || level == RG_STRATEGY_INTERSECTIONS);
            assert_int_equal(rg_solver_digit_boards_used(s), expect);
        }
        rg_solver_set_digit_boards(s, 0);
        t_solve(s, p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 1, 0, 0, &r);
        assert_int_equal(rg_solver_digit_boards_used(s), 0);
        rg_solver_set_digit_boards(s, 1);
        rg_puzzle_free(p);
    }
    rg_puzzle *classic = t_read("examples/classic.json");
    rg_result r;
    t_solve(s, classic, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    assert_int_equal(rg_solver_fast_path_used(s), 1);
    assert_int_equal(rg_solver_digit_boards_used(s), 0);
    rg_solver_set_fast_path(s, 0);
    t_solve(s, classic, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    assert_int_equal(rg_solver_digit_boards_used(s), 1);
    rg_puzzle_free(classic);
    rg_solver_free(s);
}

/* A house left without a place for a digit fails the root: 1 is given in
 * r2c1, r3c5, r4c7 and r7c8, which take it from r1c1-c8 (boxes 1 and 2,
 * columns 7 and 8), and a thermometer r1c8 -> r1c9 keeps it from r1c9, so
 * row 1 cannot hold it. Both paths see it before any guess. */
static void test_root_failure(void **state)
{
    (void)state;
    const char *json =
        "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, \"columns\": 9, "
        "\"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, "
        "3]}, "
        "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c8\", \"r1c9\"]}], "
        "\"givens\": {\"r2c1\": 1, \"r3c5\": 1, \"r4c7\": 1, \"r7c8\": 1}}";
    rg_puzzle *p = t_parse(json);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    rg_solver_set_digit_boards(b, 0);
    for (int level = RG_STRATEGY_SINGLES; level <= RG_STRATEGY_INTERSECTIONS; level++) {
        rg_options o;
        opts(&o, level, RG_HEURISTIC_MRV, 0);
        assert_int_equal(both(a, b, p, &o, NULL), 1);
        rg_result r;
        t_solve(a, p, level, RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
        assert_int_equal(r.status, RG_STATUS_NONE);
        assert_int_equal(r.stats.guesses, 0);
    }
    rg_puzzle_free(p);
    rg_solver_free(a);
    rg_solver_free(b);
}

/* A 16 x 16 document of 4 x 4 boxes, the rules extra (items of the rules
 * list, or none) and the givens (members of its givens, or none). */
static rg_puzzle *sixteen(const char *extra, const char *givens)
{
    static char json[8192];
    int n = snprintf(json, sizeof json,
                     "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 16, "
                     "\"columns\": 16, \"digits\": 16}, \"rules\": [{\"type\": \"box_grid\", "
                     "\"origin\": \"r1c1\", \"box\": [4, 4]}%s%s], \"givens\": {%s}}",
                     *extra ? ", " : "", extra, givens);
    assert_true(n > 0 && n < (int)sizeof json);
    return t_parse(json);
}

/* The 16 x 16 models of the tests below: the rows, columns and boxes
 * alone; with the two diagonals; with nine windows; with anti-knight pairs
 * and a thermometer (must-differ pairs beyond the houses, a propagator).
 * (The caller frees each.) */
static void sixteens(rg_puzzle **v)
{
    char diag[2048] = "{\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [";
    for (int k = 0; k < 16; k++)
        snprintf(diag + strlen(diag), sizeof diag - strlen(diag), "%s\"r%dc%d\"", k ? ", " : "",
                 k + 1, k + 1);
    strcat(diag, "]}, {\"type\": \"region\", \"kind\": \"diagonal\", \"cells\": [");
    for (int k = 0; k < 16; k++)
        snprintf(diag + strlen(diag), sizeof diag - strlen(diag), "%s\"r%dc%d\"", k ? ", " : "",
                 k + 1, 16 - k);
    strcat(diag, "]}");
    /* the windoku with a third of a solution's cells given: from an empty
     * grid a first solution can take millions of nodes */
    static const char sol[] =
        "GF257C6DBAE843911C67B9453F2D8AGE849AF3GEC1562B7DBE3D1A2879G4FC567258GFBAD64319EC91CGD"
        "634FEBA57286DB481E25C973FAGFAE3C5971G82D6B4DG762EF34BC1958A25F19BD6A87EG4C3A98B471C253G"
        "ED6FE34CA85G9D6F721B37G96DAFE21BC84548125GCB63F9AED7CBDFE27184A56G3956AE3489G7DCB1F2";
    char win[4096] = "";
    for (int i = 0; i < 9; i++) {
        int r = 2 + i / 3 * 5, c = 2 + i % 3 * 5;
        snprintf(win + strlen(win), sizeof win - strlen(win),
                 "%s{\"type\": \"region\", \"kind\": \"window\", \"cells\": [\"r%dc%d:r%dc%d\"]}",
                 i ? ", " : "", r, c, r + 3, c + 3);
    }
    char given[4096] = "";
    for (int c = 0, n = 0; c < 256; c++)
        if ((c / 16 + c % 16) % 3 == 0)
            snprintf(given + strlen(given), sizeof given - strlen(given), "%s\"r%dc%d\": %d",
                     n++ ? ", " : "", c / 16 + 1, c % 16 + 1,
                     sol[c] <= '9' ? sol[c] - '0' : sol[c] - 'A' + 10);
    v[0] = sixteen("", "");
    v[1] = sixteen(diag, "");
    v[2] = sixteen(win, given);
    v[3] = sixteen("{\"type\": \"neighbours\", \"kind\": \"antiknight\"}, {\"type\": \"line\", "
                   "\"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\", \"r2c3\"]}",
                   "");
}

/* boards_match on a 16 x 16 solver's stack (struct rg_space_boards16). */
static long boards16_match(const rg_solver *s)
{
    long checked = 0;
    for (int d = 0; d < s->nspaces; d++) {
        const unsigned char *sp = s->spaces + (size_t)d * s->space_bytes;
        const struct rg_space_boards16 *B = (const void *)(sp + s->board16_off);
        if (!B->valid) continue;
        const rg_mask *dom = (const rg_mask *)(const void *)sp;
        for (int c = 0; c < 256; c++) {
            uint64_t bit = (uint64_t)1 << (c % 64);
            for (int k = 0; k < 16; k++)
                if (!(B->d[k][c / 64] & bit) != !(dom[c] >> k & 1u))
                    fail_msg("depth %d, cell %d, digit %d: board %d, domain %#x", d, c, k + 1,
                             !!(B->d[k][c / 64] & bit), dom[c]);
            assert_int_equal(!!(B->solved[c / 64] & bit), dom[c] && !(dom[c] & (dom[c] - 1)));
        }
        checked++;
    }
    return checked;
}

/* 16 x 16 boards (bands16.c) against the scans: propagated domains from
 * random partial grids of the four models of sixteens, and searches from
 * them (about half the cells given, so that some have several solutions):
 * the same answers and, under mrv, the same trees. */
static void test_sixteen(void **state)
{
    (void)state;
    rg_puzzle *v[4];
    sixteens(v);
    rg_solver *a = rg_solver_new(), *b = rg_solver_new();
    rg_solver_set_digit_boards(b, 0);
    int rounds = t_scaled() ? 12 : 150, failed = 0, total = 0, unique = 0, searches = 0;
    long spaces = 0;
    for (int k = 0; k < 4; k++) {
        for (int t = 0; t < rounds; t++, total++)
            failed += fixpoint_round(a, b, v[k], t, 25 + (int)rnd(40));
        for (int t = 0; t < rounds / 6; t++) {
            rg_puzzle *q = partial(b, v[k], 1000 + t, 40 + (int)rnd(20));
            unique += both_ways(a, b, q, 50000);
            searches += 4;
            /* the boards each space of a search keeps (solver.h,
             * rg_space_boards16) against its domains */
            rg_options o;
            rg_result r;
            rg_error err;
            rg_error_clear(&err);
            opts(&o, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 50000);
            assert_int_equal(rg_solve(a, q, &o, &r, &err), RG_OK);
            assert_true(a->board16_off != 0 && rg_solver_digit_boards_used(a));
            memset(a->spaces, 0, (size_t)a->nspaces * a->space_bytes);
            assert_int_equal(rg_solve(a, q, &o, &r, &err), RG_OK);
            spaces += boards16_match(a);
            rg_puzzle_free(q);
        }
        rg_puzzle_free(v[k]);
    }
    /* the rounds reach both outcomes, the searches both answers */
    assert_true(failed > total / 20);
    assert_true(failed < total - total / 20);
    assert_true(unique > 0 && unique < searches);
    assert_true(spaces >= rounds / 6 * 4); /* the roots at least */
    print_message("%d of %d rounds failed, %d of %d searches unique, %ld spaces' boards checked\n",
                  failed, total, unique, searches, spaces);
    rg_solver_free(a);
    rg_solver_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpora),      cmocka_unit_test(test_fixpoints),
        cmocka_unit_test(test_space_boards), cmocka_unit_test(test_xsudoku),
        cmocka_unit_test(test_which),        cmocka_unit_test(test_root_failure),
        cmocka_unit_test(test_sixteen),      cmocka_unit_test(test_killers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
