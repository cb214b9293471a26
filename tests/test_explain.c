/* The explainer (core/explain, docs/explain.md): each built-in technique
 * fires where it must and not where it must not; every step of every
 * explanation over the shipped corpora and generated puzzles is sound
 * against the known solution, and replaying the steps reaches the state the
 * explainer ends in; the ladder's singles and intersections agree with the
 * engine's levels of the same names on classic puzzles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "model/record.h"
#include "support.h"

#define CLASSIC9                                                                                   \
    "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits\":9},"    \
    "\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}]}"

static int cell(const rg_puzzle *p, int r, int c) { return rg_puzzle_cell_at(p, r, c); }

/* The first step of p from candidates cands (every cell's, 0 = all) with
 * ranks up to upto; 1 and *st, or 0 with the summary's status in *status. */
static int first_step(const rg_puzzle *p, const rg_mask *cands, int upto, rg_explainer **e,
                      rg_step *st, int *status)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.upto = upto;
    rg_position pos = {NULL, cands};
    rg_error err;
    assert_int_equal(rg_explainer_new(p, &pos, &o, e, &err), RG_OK);
    int rc = rg_explain_next(*e, st, &err);
    assert_true(rc == 0 || rc == 1);
    if (rc == 0) {
        rg_explain_summary s;
        rg_explain_summary_get(*e, &s);
        *status = s.status;
    }
    return rc;
}

static rg_mask digits(int a, int b, int c, int d)
{
    rg_mask m = 0;
    int v[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++)
        if (v[i]) m |= 1u << (v[i] - 1);
    return m;
}

static int eliminated(const rg_step *st, int c, int d)
{
    for (int i = 0; i < st->nelim; i++)
        if (st->elim_cells[i] == c) return (st->elim_masks[i] >> (d - 1)) & 1u;
    return 0;
}

/* ---- Each technique: a position where it fires, one where it must not -------- */

static void singles(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC9);
    rg_mask cands[81] = {0};
    rg_explainer *e;
    rg_step st;
    int status = -1;
    /* Nothing on an empty grid up to naked singles. */
    assert_int_equal(first_step(p, cands, RG_RANK_NAKED_SINGLE, &e, &st, &status), 0);
    assert_int_equal(status, RG_EXPLAIN_STUCK);
    rg_explainer_free(e);
    /* 4 only in r1c3 of row 1: a hidden single. */
    for (int c = 1; c <= 9; c++) cands[cell(p, 1, c)] = c == 3 ? 0x1ff : 0x1ff & ~8u;
    assert_int_equal(first_step(p, cands, RG_RANK_HIDDEN_SINGLE, &e, &st, &status), 1);
    assert_string_equal(st.technique, "hidden single");
    assert_int_equal(st.nplace, 1);
    assert_int_equal(st.place_cells[0], cell(p, 1, 3));
    assert_int_equal(st.place_digits[0], 4);
    assert_int_equal(st.nrules, 1);
    assert_int_equal(st.rules[0], 0);
    assert_non_null(strstr(st.text, "row 1"));
    rg_explainer_free(e);
    /* A cell with one candidate: a naked single, and no hidden single before it. */
    memset(cands, 0, sizeof cands);
    cands[cell(p, 5, 5)] = digits(7, 0, 0, 0);
    assert_int_equal(first_step(p, cands, RG_RANK_HIDDEN_SINGLE, &e, &st, &status), 0);
    rg_explainer_free(e);
    assert_int_equal(first_step(p, cands, RG_RANK_NAKED_SINGLE, &e, &st, &status), 1);
    assert_string_equal(st.technique, "naked single");
    assert_int_equal(st.place_cells[0], cell(p, 5, 5));
    assert_int_equal(st.place_digits[0], 7);
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

static void locked(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC9);
    rg_mask cands[81] = {0};
    rg_explainer *e;
    rg_step st;
    int status = -1;
    /* In box 1 the 5 only in r1c1 r1c2: pointing along row 1. */
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++) cands[cell(p, r, c)] = r == 1 && c < 3 ? 0x1ff : 0x1ff & ~16u;
    assert_int_equal(first_step(p, cands, RG_RANK_LOCKED, &e, &st, &status), 1);
    assert_string_equal(st.technique, "locked candidates");
    assert_int_equal(st.nelim, 6);
    for (int c = 4; c <= 9; c++) assert_true(eliminated(&st, cell(p, 1, c), 5));
    assert_non_null(strstr(st.text, "pointing"));
    rg_explainer_free(e);
    /* The 5 only in r1c1 r2c2: no cell outside the box sees both. */
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            cands[cell(p, r, c)] = (r == 1 && c == 1) || (r == 2 && c == 2) ? 0x1ff : 0x1ff & ~16u;
    assert_int_equal(first_step(p, cands, RG_RANK_LOCKED, &e, &st, &status), 0);
    assert_int_equal(status, RG_EXPLAIN_STUCK);
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

/* In row 1 the cells at columns cols[0..k-1] (in different boxes where it
 * matters): naked, they hold only digits 1..k; hidden, the digits 1..k are
 * only there. The first step up to the subset's rank must be it, and with
 * one rank less there is none. */
static void subset_case(int k, int hidden, const int *cols, const char *name)
{
    rg_puzzle *p = t_parse(CLASSIC9);
    rg_mask cands[81] = {0}, low = (1u << k) - 1;
    for (int c = 1; c <= 9; c++) {
        int in = 0;
        for (int i = 0; i < k; i++) in |= cols[i] == c;
        if (hidden)
            cands[cell(p, 1, c)] = in ? 0x1ff : 0x1ff & ~low;
        else
            cands[cell(p, 1, c)] = in ? low : 0x1ff;
    }
    int rank = RG_RANK_PAIR + k - 2;
    rg_explainer *e;
    rg_step st;
    int status = -1;
    assert_int_equal(first_step(p, cands, rank - 1, &e, &st, &status), 0);
    rg_explainer_free(e);
    assert_int_equal(first_step(p, cands, rank, &e, &st, &status), 1);
    assert_string_equal(st.technique, name);
    assert_int_equal(st.rank, rank);
    if (hidden) {
        assert_int_equal(st.nelim, k);
        assert_true(eliminated(&st, cell(p, 1, cols[0]), 9));
        assert_false(eliminated(&st, cell(p, 1, cols[0]), 1));
    } else {
        assert_int_equal(st.nelim, 9 - k);
        for (int d = 1; d <= k; d++) assert_true(eliminated(&st, cell(p, 1, 9), d));
    }
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

static void subsets(void **state)
{
    (void)state;
    static const int two[] = {1, 4}, three[] = {1, 4, 7}, four[] = {1, 2, 4, 7};
    subset_case(2, 0, two, "naked pair");
    subset_case(2, 1, two, "hidden pair");
    subset_case(3, 0, three, "naked triple");
    subset_case(3, 1, three, "hidden triple");
    subset_case(4, 0, four, "naked quad");
    subset_case(4, 1, four, "hidden quad");
}

/* A hard puzzle: up to quads it sticks; with contradictions the first step
 * beyond is one, refuting a digit that is not the solution's, its text the
 * chain ("If r6c6 were 4: ... So it is not 4."). */
static void contradiction(void **state)
{
    (void)state;
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(),
                                    t_src("corpus/classic/puzzles3_magictour_top1465.txt"), NULL,
                                    NULL, &c, &err),
                     RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    int sol[81], status;
    assert_int_equal(
        t_count_into(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, &status, sol), 1);
    for (int upto = RG_RANK_COMPLEX_RULE; upto <= RG_RANK_CONTRADICTION; upto++) {
        rg_explain_options o;
        rg_explain_options_default(&o);
        o.upto = upto;
        rg_explainer *e;
        rg_step st;
        assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
        int seen = 0, rc;
        while ((rc = rg_explain_next(e, &st, &err)) == 1) {
            if (st.rank != RG_RANK_CONTRADICTION) continue;
            assert_int_equal(upto, RG_RANK_CONTRADICTION);
            assert_string_equal(st.technique, "contradiction");
            assert_int_equal(st.nelim, 1);
            assert_int_equal(st.nplace, 0);
            int d = __builtin_ctz(st.elim_masks[0]) + 1;
            assert_int_not_equal(d, sol[st.elim_cells[0]]);
            assert_true(strncmp(st.text, "If r", 4) == 0);
            assert_non_null(strstr(st.text, "So it is not"));
            seen++;
        }
        assert_int_equal(rc, 0);
        rg_explain_summary s;
        rg_explain_summary_get(e, &s);
        if (upto == RG_RANK_CONTRADICTION) {
            assert_true(seen > 0);
            assert_int_equal(s.status, RG_EXPLAIN_SOLVED);
            assert_int_equal(s.rating, RG_RANK_CONTRADICTION);
            assert_string_equal(s.hardest, "contradiction");
        } else {
            assert_int_equal(s.status, RG_EXPLAIN_STUCK);
        }
        rg_explainer_free(e);
    }
    rg_puzzle_free(p);
    rg_corpus_close(c);
}

/* ---- Soundness and replay ----------------------------------------------------- */

typedef struct replay {
    rg_mask *dom;
    unsigned char *placed;
} replay;

/* Place digit d in cell c of the replay: it leaves the cell's peers (the
 * cells sharing a house with it, read from the puzzle's rules by trying). */
static void replay_place(const rg_puzzle *p, replay *r, const int *peers, const int *off, int c,
                         int d)
{
    (void)p;
    rg_mask bit = 1u << (d - 1);
    r->dom[c] &= bit;
    r->placed[c] = 1;
    for (int k = off[c]; k < off[c + 1]; k++) r->dom[peers[k]] &= ~bit;
}

/* Explain p (its solution sol) to the end: every placement is the
 * solution's, no elimination removes a solution digit, and the steps
 * replayed from the start reach the explainer's final candidates. Returns
 * the summary's status; *rating gets the rating. */
static int check_explanation(const rg_puzzle *p, const int *sol, int upto, int *rating,
                             const int *peers, const int *off)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.upto = upto;
    /* Under Valgrind or the sanitizers a killer's probes would take minutes: a budget of them,
     * which ends such an explanation as unknown (sound all the same). */
    o.max_nodes = t_scaled() ? 40 : 0;
    rg_explainer *e;
    rg_error err;
    assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    replay r = {calloc((size_t)N, sizeof(rg_mask)), calloc((size_t)N, 1)};
    /* The start: the explainer's own first view, before any step. */
    memcpy(r.dom, rg_explain_candidates(e), (size_t)N * sizeof(rg_mask));
    const int *g = rg_puzzle_givens(p);
    for (int c = 0; c < N; c++)
        if (g[c]) replay_place(p, &r, peers, off, c, g[c]);
    rg_step st;
    int rc;
    while ((rc = rg_explain_next(e, &st, &err)) == 1) {
        for (int i = 0; i < st.nplace; i++) {
            if (st.place_digits[i] != sol[st.place_cells[i]])
                fail_msg("step %d (%s) places %d in cell %d; the solution has %d", st.number,
                         st.technique, st.place_digits[i], st.place_cells[i],
                         sol[st.place_cells[i]]);
            replay_place(p, &r, peers, off, st.place_cells[i], st.place_digits[i]);
        }
        for (int i = 0; i < st.nelim; i++) {
            int c = st.elim_cells[i];
            if ((st.elim_masks[i] >> (sol[c] - 1)) & 1u)
                fail_msg("step %d (%s: %s) removes the solution digit %d of cell %d", st.number,
                         st.technique, st.text, sol[c], c);
            r.dom[c] &= ~st.elim_masks[i];
        }
        assert_true(st.rank >= 1 && st.rank <= upto);
        assert_true(st.text[0] != '\0');
    }
    assert_int_equal(rc, 0);
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    const rg_mask *end = rg_explain_candidates(e);
    for (int c = 0; c < N; c++) {
        assert_int_equal(r.dom[c], end[c]);
        assert_true((end[c] >> (sol[c] - 1)) & 1u);
        assert_true(sol[c] >= 1 && sol[c] <= D);
    }
    assert_true(s.status == RG_EXPLAIN_SOLVED || s.status == RG_EXPLAIN_STUCK ||
                (o.max_nodes && s.status == RG_EXPLAIN_UNKNOWN));
    if (s.status == RG_EXPLAIN_SOLVED)
        for (int c = 0; c < N; c++) assert_true(r.placed[c]);
    *rating = s.rating;
    free(r.dom);
    free(r.placed);
    rg_explainer_free(e);
    return s.status;
}

/* The peers of every cell of p (cells that may not share its digit), as
 * the model holds them: the cells a placed digit leaves. */
static void peers_of(const rg_puzzle *p, int **peers, int **off)
{
    const rg_model *m = p->model;
    int N = m->board.ncells;
    *off = malloc(((size_t)N + 1) * sizeof **off);
    *peers = malloc(((size_t)m->peer_off[N] + 1) * sizeof **peers);
    memcpy(*off, m->peer_off, ((size_t)N + 1) * sizeof **off);
    memcpy(*peers, m->peers, (size_t)m->peer_off[N] * sizeof **peers);
}

/* Explain the first n puzzles of a corpus (every k-th); returns how many
 * were solved by steps. */
static int corpus_sound(const char *rel, int n, int every, int upto)
{
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &c, &err), RG_OK);
    rg_puzzle *p;
    int *peers = NULL, *off = NULL, solved = 0, read = 0;
    const void *model_of_peers = NULL;
    for (int i = 0; read < n && rg_corpus_next(c, &p, &err) == 1; i++) {
        if (i % every) {
            rg_puzzle_free(p);
            continue;
        }
        read++;
        int N = rg_puzzle_cells(p), status, rating;
        int *sol = malloc((size_t)N * sizeof *sol);
        long count =
            t_count_into(p, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_DOMWDEG, 2, &status, sol);
        if (count != 1) {
            /* Not unique: no step may claim to solve a puzzle without a solution
             * (a test list holds such entries); with several solutions no one
             * of them is the reference, so the entry is left out. */
            if (count == 0 && status == RG_STATUS_NONE) {
                rg_explainer *e;
                rg_step st;
                assert_int_equal(rg_explainer_new(p, NULL, NULL, &e, &err), RG_OK);
                while (rg_explain_next(e, &st, &err) == 1) {
                }
                rg_explain_summary sum;
                rg_explain_summary_get(e, &sum);
                assert_int_not_equal(sum.status, RG_EXPLAIN_SOLVED);
                rg_explainer_free(e);
            }
            free(sol);
            rg_puzzle_free(p);
            continue;
        }
        /* Peers depend on the rules: recomputed per puzzle of a .jsonl, once for classic lines. */
        if (!model_of_peers || strstr(rel, ".jsonl")) {
            free(peers);
            free(off);
            peers_of(p, &peers, &off);
            model_of_peers = p;
        }
        if (check_explanation(p, sol, upto, &rating, peers, off) == RG_EXPLAIN_SOLVED) solved++;
        free(sol);
        rg_puzzle_free(p);
    }
    free(peers);
    free(off);
    rg_corpus_close(c);
    return solved;
}

static void sound_classic(void **state)
{
    (void)state;
    int n = t_rounds(40, 4, 2);
    assert_true(corpus_sound("corpus/classic/puzzles2_17_clue_1000.txt", n * 3, 7,
                             RG_RANK_CONTRADICTION) > 0);
    corpus_sound("corpus/classic/puzzles3_magictour_top1465.txt", n, 13, RG_RANK_CONTRADICTION);
    corpus_sound("corpus/classic/puzzles6_forum_hardest_1106.txt", n / 4 + 1, 37,
                 RG_RANK_CONTRADICTION);
    corpus_sound("corpus/classic/puzzles5_forum_hardest_1905_11+_1000.txt", n / 4 + 1, 41,
                 RG_RANK_CONTRADICTION);
    corpus_sound("corpus/classic/tdoku_test_puzzles.txt", n / 2, 3, RG_RANK_CONTRADICTION);
}

static void sound_variants(void **state)
{
    (void)state;
    /* Every shipped variant corpus but killer-hard.jsonl, whose puzzles take
     * minutes each to prove (corpus/README.md). */
    static const char *const files[] = {
        "arrow.jsonl",   "cells.jsonl",     "corners.jsonl",          "killer.jsonl",
        "lines.jsonl",   "negatives.jsonl", "neighbours-mixed.jsonl", "neighbours.jsonl",
        "outside.jsonl", "relations.jsonl", "relations-mixed.jsonl",  "renban.jsonl",
        "thermo.jsonl",  "whisper.jsonl",
    };
    char path[128];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "corpus/variants/%s", files[i]);
        /* Under Valgrind two light files: test_explain_sums and
         * test_explain_clues sweep these corpora with their families' texts. */
        if (t_memcheck() && strcmp(files[i], "thermo.jsonl") && strcmp(files[i], "relations.jsonl"))
            continue;
        /* Under the sanitizers not neighbours-mixed.jsonl: proving its one
         * puzzle takes 12 s natively, minutes there. */
        if (t_scaled() && !strcmp(files[i], "neighbours-mixed.jsonl")) continue;
        corpus_sound(path, t_scaled() ? 1 : 3, 5, RG_RANK_CONTRADICTION);
    }
}

/* One puzzle generated from every preset, explained soundly. */
static void sound_presets(void **state)
{
    (void)state;
    rg_presets *ps = t_presets();
    int n = rg_presets_count(ps), explained = 0;
    for (int i = 0; i < n; i++) {
        if (t_scaled() && i % (t_memcheck() ? 8 : 4)) continue;
        rg_generator *g;
        rg_error err;
        assert_int_equal(rg_generator_preset(t_registry(), ps, rg_presets_name(ps, i), &g, &err),
                         RG_OK);
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 11;
        o.max_seconds = 20;
        rg_puzzle *p;
        rg_gen_info info;
        if (rg_generate(g, &o, &p, &info, &err) != RG_OK) {
            assert_int_equal(err.code, RG_E_LIMIT); /* a budget ran out: nothing to explain */
            rg_generator_free(g);
            continue;
        }
        explained++;
        int *peers, *off, rating;
        peers_of(p, &peers, &off);
        check_explanation(p, rg_puzzle_solution(p), RG_RANK_CONTRADICTION, &rating, peers, off);
        free(peers);
        free(off);
        rg_puzzle_free(p);
        rg_generator_free(g);
    }
    assert_true(explained > 0);
}

/* On classic puzzles the ladder up to singles (and up to locked candidates)
 * reaches the same fixpoint as the engine's singles (intersections) level:
 * a puzzle is solved by steps exactly when the engine solves it without
 * guessing. */
static void agrees_with_engine(void **state)
{
    (void)state;
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(), t_src("corpus/classic/puzzles2_17_clue_1000.txt"),
                                    NULL, NULL, &c, &err),
                     RG_OK);
    rg_solver *s = rg_solver_new();
    rg_puzzle *p;
    int n = t_rounds(400, 40, 12), both = 0;
    for (int i = 0; i < n && rg_corpus_next(c, &p, &err) == 1; i++) {
        static const int ranks[] = {RG_RANK_NAKED_SINGLE, RG_RANK_LOCKED};
        static const int levels[] = {RG_STRATEGY_SINGLES, RG_STRATEGY_INTERSECTIONS};
        for (int k = 0; k < 2; k++) {
            rg_result r;
            t_solve(s, p, levels[k], RG_HEURISTIC_DOMWDEG, 2, 0, 0, &r);
            rg_explain_options o;
            rg_explain_options_default(&o);
            o.upto = ranks[k];
            rg_explainer *e;
            rg_step st;
            assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
            while (rg_explain_next(e, &st, &err) == 1) {
            }
            rg_explain_summary sum;
            rg_explain_summary_get(e, &sum);
            assert_int_equal(sum.status == RG_EXPLAIN_SOLVED, r.no_guess);
            both += r.no_guess;
            rg_explainer_free(e);
        }
        rg_puzzle_free(p);
    }
    assert_true(both > 0);
    rg_solver_free(s);
    rg_corpus_close(c);
}

/* ---- Positions ------------------------------------------------------------------ */

static void positions(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CLASSIC9);
    int vals[81] = {0};
    rg_explainer *e;
    rg_error err;
    /* A digit out of range is refused, naming the cell. */
    vals[0] = 10;
    rg_position pos = {vals, NULL};
    assert_int_equal(rg_explainer_new(p, &pos, NULL, &e, &err), RG_E_FORMAT);
    assert_non_null(strstr(err.message, "r1c1"));
    /* Two equal digits in a row: a contradiction before any step. */
    vals[0] = 5;
    vals[1] = 5;
    vals[80] = 5;
    assert_int_equal(rg_explainer_new(p, &pos, NULL, &e, &err), RG_OK);
    rg_step st;
    assert_int_equal(rg_explain_next(e, &st, &err), 0);
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    assert_int_equal(s.status, RG_EXPLAIN_CONTRADICTION);
    assert_int_equal(s.broken_rule, 0);
    assert_int_equal(s.steps, 0);
    /* the cells that break it named, and only those (r9c9 stands apart) */
    assert_int_equal(s.nbroken, 2);
    assert_int_equal(s.broken_cells[0], 0);
    assert_int_equal(s.broken_cells[1], 1);
    assert_string_equal(s.broken_text, "The placed digits break rule 0 (box_grid): r1c1 and r1c2.");
    rg_explainer_free(e);
    /* Three in a row: two of them are enough, and only two are named. */
    vals[2] = 5;
    vals[80] = 5;
    assert_int_equal(rg_explainer_new(p, &pos, NULL, &e, &err), RG_OK);
    assert_int_equal(rg_explain_next(e, &st, &err), 0);
    rg_explain_summary_get(e, &s);
    assert_int_equal(s.status, RG_EXPLAIN_CONTRADICTION);
    assert_int_equal(s.nbroken, 2);
    assert_int_equal(s.broken_cells[0], 1);
    assert_int_equal(s.broken_cells[1], 2);
    rg_explainer_free(e);
    vals[2] = vals[80] = 0;
    /* A cell whose kept candidates are all taken by its peers: a dead end. */
    vals[1] = 0;
    rg_mask cands[81] = {0};
    cands[1] = digits(5, 0, 0, 0);
    rg_position pos2 = {vals, cands};
    assert_int_equal(rg_explainer_new(p, &pos2, NULL, &e, &err), RG_OK);
    assert_int_equal(rg_explain_next(e, &st, &err), 0);
    rg_explain_summary_get(e, &s);
    assert_int_equal(s.status, RG_EXPLAIN_CONTRADICTION);
    assert_int_equal(s.nbroken, 1);
    assert_int_equal(s.broken_cells[0], 1);
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

/* A limit of one probe ends a hard puzzle's explanation as unknown. */
static void limits(void **state)
{
    (void)state;
    rg_corpus *c;
    rg_error err;
    assert_int_equal(rg_corpus_open(t_registry(),
                                    t_src("corpus/classic/puzzles6_forum_hardest_1106.txt"), NULL,
                                    NULL, &c, &err),
                     RG_OK);
    rg_puzzle *p;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.max_nodes = 1;
    rg_explainer *e;
    rg_step st;
    assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
    while (rg_explain_next(e, &st, &err) == 1) {
    }
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    assert_int_equal(s.status, RG_EXPLAIN_UNKNOWN);
    assert_true(s.probes <= 1);
    rg_explainer_free(e);
    rg_puzzle_free(p);
    rg_corpus_close(c);
}

static void ranks(void **state)
{
    (void)state;
    assert_int_equal(rg_rank_parse("hidden single"), RG_RANK_HIDDEN_SINGLE);
    assert_int_equal(rg_rank_parse("naked triple"), RG_RANK_TRIPLE);
    assert_int_equal(rg_rank_parse("intersections"), RG_RANK_RULE);
    assert_int_equal(rg_rank_parse("10"), RG_RANK_CONTRADICTION);
    assert_int_equal(rg_rank_parse("11"), -1);
    assert_int_equal(rg_rank_parse("0"), -1);
    assert_int_equal(rg_rank_parse("swordfish"), -1);
    assert_string_equal(rg_rank_name(RG_RANK_LOCKED), "locked candidates");
    assert_string_equal(rg_rank_name(99), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(singles, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(locked, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(subsets, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(contradiction, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(positions, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(limits, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(ranks, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(agrees_with_engine, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_classic, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_variants, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(sound_presets, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
