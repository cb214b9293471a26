/* --explain: every puzzle of a corpus explained up the whole ladder
 * (docs/explain.md). The counting pass checks every step of each unique
 * puzzle against its solution and tallies the ratings: the share of puzzles
 * solved by each rank and below, the ladder's version of the no-guess
 * figures of the strategy levels. The timed passes measure explain alone. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "jsonw.h"

/* The unique solution of p into sol (its cells' digits): 1, or 0 when p is
 * not proved unique within the setup's limits. */
static int unique_solution(rg_solver *s, const rg_puzzle *p, const bench_setup *su, int *sol)
{
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    o.max_nodes = su->max_nodes;
    o.max_seconds = su->max_seconds;
    rg_result r;
    rg_error err;
    if (rg_solve(s, p, &o, &r, &err) != RG_OK || r.status != RG_STATUS_UNIQUE) return 0;
    memcpy(sol, r.solution, (size_t)rg_puzzle_cells(p) * sizeof *sol);
    return 1;
}

/* A step that contradicts the solution: its number, else 0. */
static int wrong_step(const rg_step *st, const int *sol)
{
    for (int i = 0; i < st->nplace; i++)
        if (st->place_digits[i] != sol[st->place_cells[i]]) return st->number;
    for (int i = 0; i < st->nelim; i++)
        if ((st->elim_masks[i] >> (sol[st->elim_cells[i]] - 1)) & 1u) return st->number;
    return 0;
}

/* Explain p to the end; with sol, check each step. 0, or a message in msg. */
static int explain_one(bench_explain *x, const rg_puzzle *p, const bench_setup *su, const int *sol,
                       long index, char *msg, size_t n)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.max_nodes = su->max_nodes;
    o.max_seconds = su->max_seconds;
    rg_explainer *e;
    rg_error err;
    rg_step st;
    if (rg_explainer_new(p, NULL, &o, &e, &err) != RG_OK) {
        snprintf(msg, n, "%s: puzzle %ld: %s", x->corpus->name, index, err.message);
        return BENCH_USAGE;
    }
    int rc;
    while ((rc = rg_explain_next(e, &st, &err)) == 1) {
        int bad = sol ? wrong_step(&st, sol) : 0;
        if (bad) {
            snprintf(msg, n, "%s: puzzle %ld: step %d (%s) contradicts the solution: %s",
                     x->corpus->name, index, bad, st.technique, st.text);
            rg_explainer_free(e);
            return BENCH_WRONG;
        }
    }
    if (rc != 0) {
        snprintf(msg, n, "%s: puzzle %ld: %s", x->corpus->name, index, err.message);
        rg_explainer_free(e);
        return BENCH_USAGE;
    }
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    x->steps += (uint64_t)s.steps;
    x->probes += s.probes;
    switch (s.status) {
    case RG_EXPLAIN_SOLVED:
        x->solved++;
        x->at_rating[s.rating]++;
        break;
    case RG_EXPLAIN_STUCK: x->stuck++; break;
    case RG_EXPLAIN_CONTRADICTION: x->broken++; break;
    default: x->unknown++; break;
    }
    rg_explainer_free(e);
    return BENCH_OK;
}

/* The end of a pass over the windows of a corpus: 0, or BENCH_USAGE with
 * msg set when a window could not be read. */
static int windows_end(int more, const rg_error *err, char *msg, size_t n)
{
    if (more >= 0) return BENCH_OK;
    rg_error_format(err, msg, n);
    return BENCH_USAGE;
}

int bench_explain_count(bench_explain *x, const bench_setup *su, char *msg, size_t n)
{
    bench_corpus *c = x->corpus;
    rg_solver *s = rg_solver_new();
    if (!s) return snprintf(msg, n, "out of memory"), BENCH_USAGE;
    int rc = BENCH_OK, more;
    rg_error err;
    rg_error_clear(&err);
    for (more = bench_corpus_first(c, &err); more == 1 && !rc; more = bench_corpus_next(c, &err)) {
        for (int i = 0; i < c->n && !rc; i++) {
            int *sol = malloc((size_t)rg_puzzle_cells(c->p[i]) * sizeof *sol);
            if (!sol) {
                rc = BENCH_USAGE;
                snprintf(msg, n, "out of memory");
                break;
            }
            int unique = unique_solution(s, c->p[i], su, sol);
            x->checked += unique;
            x->puzzles++;
            rc = explain_one(x, c->p[i], su, unique ? sol : NULL, c->base + i, msg, n);
            free(sol);
        }
    }
    rg_solver_free(s);
    return rc ? rc : windows_end(more, &err, msg, n);
}

/* One pass: every puzzle explained, nothing checked; reading a streamed
 * corpus's windows is not timed. */
static int pass(const bench_explain *x, const bench_setup *su, double *us, char *msg, size_t n)
{
    bench_corpus *c = x->corpus;
    bench_explain scratch = {.corpus = c};
    double spent = 0;
    rg_error err;
    rg_error_clear(&err);
    int more;
    for (more = bench_corpus_first(c, &err); more == 1; more = bench_corpus_next(c, &err)) {
        double t0 = bench_now();
        for (int i = 0; i < c->n; i++) {
            int rc = explain_one(&scratch, c->p[i], su, NULL, c->base + i, msg, n);
            if (rc) return rc;
        }
        spent += bench_now() - t0;
    }
    *us = spent * 1e6 / (double)(x->puzzles ? x->puzzles : 1);
    return windows_end(more, &err, msg, n);
}

int bench_explain_time(bench_explain *x, const bench_setup *su, char *msg, size_t n)
{
    double *t = calloc((size_t)su->reps + 1, sizeof *t);
    if (!t) return snprintf(msg, n, "out of memory"), BENCH_USAGE;
    int rc = BENCH_OK;
    for (int r = 0; r < su->reps && !rc; r++) rc = pass(x, su, &t[r], msg, n);
    if (!rc) {
        x->reps = su->reps;
        x->us = bench_median(t, su->reps);
    }
    free(t);
    return rc;
}

/* ---- Reports ---------------------------------------------------------------------- */

static double pct(long a, long b) { return b > 0 ? 100.0 * (double)a / (double)b : 0; }

/* Solved with a rating of rank or less. */
static long upto(const bench_explain *x, int rank)
{
    long s = 0;
    for (int r = 0; r <= rank; r++) s += x->at_rating[r];
    return s;
}

void bench_report_explain_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                                   const bench_explain *x, int n)
{
    bench_stamp_words(f, st, 1);
    fprintf(f, "; explain, the whole ladder, %d timed pass%s (median)\n\n", su->reps,
            su->reps == 1 ? "" : "es");
    fputs(
        "Solved by steps with a rating of at most each rank (cumulative):\n\n| corpus | puzzles |",
        f);
    for (int r = 1; r < RG_RANK_COUNT; r++) fprintf(f, " %d %s |", r, rg_rank_name(r));
    fputs(" stuck | broken | unknown | steps/puzzle | probes/puzzle | µs/puzzle |\n|---|---:|", f);
    for (int r = 1; r < RG_RANK_COUNT; r++) fputs("---:|", f);
    fputs("---:|---:|---:|---:|---:|---:|\n", f);
    for (int i = 0; i < n; i++) {
        const bench_explain *c = &x[i];
        fprintf(f, "| %s | %ld |", c->corpus->name, c->puzzles);
        for (int r = 1; r < RG_RANK_COUNT; r++)
            fprintf(f, " %.1f%% |", pct(upto(c, r), c->puzzles));
        fprintf(f, " %ld | %ld | %ld | %.1f | %.1f |", c->stuck, c->broken, c->unknown,
                c->puzzles ? (double)c->steps / (double)c->puzzles : 0,
                c->puzzles ? (double)c->probes / (double)c->puzzles : 0);
        if (c->reps)
            fprintf(f, " %.1f |\n", c->us);
        else
            fputs(" – |\n", f);
    }
}

void bench_report_explain_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                               const bench_explain *x, int n)
{
    jsonw w;
    jsonw_init(&w, f);
    jsonw_object(&w);
    jsonw_key_string(&w, "commit", st->commit);
    jsonw_key_string(&w, "date", st->date);
    jsonw_key_int(&w, "reps", su->reps);
    jsonw_key(&w, "explain");
    jsonw_array(&w);
    for (int i = 0; i < n; i++) {
        const bench_explain *c = &x[i];
        jsonw_object(&w);
        jsonw_key_string(&w, "corpus", c->corpus->name);
        jsonw_key_int(&w, "puzzles", c->puzzles);
        jsonw_key_int(&w, "checked", c->checked);
        jsonw_key_int(&w, "solved", c->solved);
        jsonw_key_int(&w, "stuck", c->stuck);
        jsonw_key_int(&w, "broken", c->broken);
        jsonw_key_int(&w, "unknown", c->unknown);
        jsonw_key(&w, "solved_at_rating");
        jsonw_object(&w);
        for (int r = 1; r < RG_RANK_COUNT; r++) jsonw_key_int(&w, rg_rank_name(r), c->at_rating[r]);
        jsonw_end(&w);
        jsonw_key_uint(&w, "steps", c->steps);
        jsonw_key_uint(&w, "probes", c->probes);
        if (c->reps) jsonw_key_double(&w, "us_per_puzzle", "%.3f", c->us);
        jsonw_end(&w);
    }
    jsonw_end(&w);
    jsonw_end(&w);
    fputc('\n', f);
}

void bench_report_explain_counters(FILE *f, const bench_explain *x, int n)
{
    for (int i = 0; i < n; i++) {
        const bench_explain *c = &x[i];
        const char *k = c->corpus->name;
        fprintf(f, "%s/explain puzzles %ld\n%s/explain solved %ld\n%s/explain stuck %ld\n", k,
                c->puzzles, k, c->solved, k, c->stuck);
        fprintf(f, "%s/explain steps %llu\n%s/explain probes %llu\n", k,
                (unsigned long long)c->steps, k, (unsigned long long)c->probes);
        for (int r = 1; r < RG_RANK_COUNT; r++)
            fprintf(f, "%s/explain rating.%d %ld\n", k, r, c->at_rating[r]);
    }
}
