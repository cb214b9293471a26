/* The generation mode of the harness (--generate): puzzles of a preset made
 * by rg_generate on worker threads, each verified in the counting pass by an
 * independent count; the timed passes only generate. Reports are in report.c. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "progress.h"

/* The rates issue 6 asks for, single thread. */
static const struct {
    const char *preset;
    double per_s;
} targets[] = {{"classic9", 200}, {"killer", 10}, {"jigsaw", 10}, {"samurai", 2}};

double bench_gen_target(const char *preset)
{
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++)
        if (strcmp(targets[i].preset, preset) == 0) return targets[i].per_s;
    return 0;
}

typedef struct gen_tally {
    long puzzles, verified;
    uint64_t givens, clue_rules, repairs, attempts, guesses;
    long at_level[RG_STRATEGY_COUNT + 1];
    double gen_us;
    long wrong; /* the first puzzle that failed, -1 when none */
    int failed; /* with wrong: the library failed (not the puzzle) */
    char why[768];
} gen_tally;

typedef struct gen_job {
    const bench_gen *g;
    const bench_setup *su;
    int verify; /* the counting pass */
    atomic_long next;
    atomic_long done; /* puzzles made (or failed), for the progress line */
    progress *line;   /* may be NULL */
    long base, total; /* what the line shows: base + done of total */
} gen_job;

typedef struct gen_worker {
    gen_job *j;
    gen_tally t;
} gen_worker;

/* ---- Verifying one puzzle --------------------------------------------------------- */

/* 1 when p is unique by a count of our own and its solution satisfies it,
 * else 0 with why set; -1 when the solver itself failed (why set). */
static int verify(rg_solver *solver, const rg_puzzle *p, char *why, size_t n)
{
    const int *sol = rg_puzzle_solution(p), *giv = rg_puzzle_givens(p);
    char name[32];
    if (!sol) return snprintf(why, n, "the puzzle carries no solution"), 0;
    int rule = rg_puzzle_check(p, sol);
    if (rule >= 0)
        return snprintf(why, n, "its solution breaks rule %d (%s)", rule,
                        rg_puzzle_rule_type(p, rule)),
               0;
    if (rule != -1) return snprintf(why, n, "its solution has a value out of range"), 0;
    for (int c = 0; c < rg_puzzle_cells(p); c++)
        if (giv[c] && giv[c] != sol[c]) {
            rg_puzzle_cell_name(p, c, name, sizeof name);
            return snprintf(why, n, "its solution changes the given at %s", name), 0;
        }
    rg_options o;
    rg_options_default(&o);
    o.strategy = RG_STRATEGY_SUBSETS;
    o.heuristic = RG_HEURISTIC_MRV_DEGREE;
    o.limit = 2;
    rg_result r;
    rg_error err;
    rg_error_clear(&err);
    if (rg_solve(solver, p, &o, &r, &err) != RG_OK) {
        rg_error_format(&err, why, n);
        return -1;
    }
    if (r.status != RG_STATUS_UNIQUE)
        return snprintf(why, n, "the independent count says %s", rg_status_name(r.status)), 0;
    for (int c = 0; c < rg_puzzle_cells(p); c++)
        if (r.solution[c] != sol[c]) {
            rg_puzzle_cell_name(p, c, name, sizeof name);
            return snprintf(why, n, "the independent count's solution differs at %s", name), 0;
        }
    return 1;
}

/* ---- Workers ----------------------------------------------------------------------- */

static void fail_at(gen_tally *t, long i, int library, const char *why)
{
    if (t->wrong >= 0 && t->wrong < i) return;
    t->wrong = i;
    t->failed = library;
    snprintf(t->why, sizeof t->why, "%s", why);
}

static void make_one(gen_worker *w, rg_solver *solver, long i)
{
    const gen_job *j = w->j;
    gen_tally *t = &w->t;
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = rg_generate_batch_seed(j->su->seed, i);
    o.meta_time = 0;
    rg_puzzle *p = NULL;
    rg_gen_info info;
    rg_error err;
    rg_error_clear(&err);
    double t0 = bench_now();
    int rc = rg_generate(j->g->gen, &o, &p, &info, &err);
    t->gen_us += (bench_now() - t0) * 1e6;
    if (rc != RG_OK) {
        char why[600];
        rg_error_format(&err, why, sizeof why);
        fail_at(t, i, rc != RG_E_LIMIT, why);
        return;
    }
    t->puzzles++;
    t->givens += (uint64_t)info.givens, t->clue_rules += (uint64_t)info.clue_rules;
    t->repairs += (uint64_t)info.repairs, t->attempts += (uint64_t)info.attempts;
    t->guesses += info.guesses;
    t->at_level[info.level >= 0 && info.level < RG_STRATEGY_COUNT ? info.level
                                                                  : RG_STRATEGY_COUNT]++;
    if (j->verify) {
        char why[600];
        int ok = verify(solver, p, why, sizeof why);
        if (ok == 1)
            t->verified++;
        else
            fail_at(t, i, ok < 0, why);
    }
    rg_puzzle_free(p);
}

static void *work(void *arg)
{
    gen_worker *w = arg;
    gen_job *j = w->j;
    rg_solver *solver = j->verify ? rg_solver_new() : NULL;
    if (j->verify && !solver) {
        fail_at(&w->t, 0, 1, "out of memory");
        return NULL;
    }
    for (;;) {
        long i = atomic_fetch_add(&j->next, 1);
        if (i >= j->g->count || w->t.wrong >= 0) break;
        make_one(w, solver, i);
        atomic_fetch_add(&j->done, 1);
    }
    rg_solver_free(solver);
    return NULL;
}

static void show(void *ctx)
{
    gen_job *j = ctx;
    progress_update(j->line, j->base + atomic_load(&j->done), j->total);
}

static void merge(gen_tally *sum, const gen_tally *t)
{
    if (t->wrong >= 0) fail_at(sum, t->wrong, t->failed, t->why);
    sum->puzzles += t->puzzles, sum->verified += t->verified;
    sum->givens += t->givens, sum->clue_rules += t->clue_rules;
    sum->repairs += t->repairs, sum->attempts += t->attempts, sum->guesses += t->guesses;
    for (int l = 0; l <= RG_STRATEGY_COUNT; l++) sum->at_level[l] += t->at_level[l];
    sum->gen_us += t->gen_us;
}

/* Run j on su->threads workers; the tallies summed into *sum. */
static int run_gen_job(gen_job *j, gen_tally *sum, char *msg, size_t n)
{
    int nw = j->su->threads > 0 ? j->su->threads : 1;
    gen_worker *w = calloc((size_t)nw, sizeof *w);
    memset(sum, 0, sizeof *sum);
    sum->wrong = -1;
    if (!w) return snprintf(msg, n, "out of memory"), BENCH_USAGE;
    atomic_init(&j->next, 0);
    atomic_init(&j->done, 0);
    for (int i = 0; i < nw; i++) {
        w[i].j = j;
        w[i].t.wrong = -1;
    }
    int on = j->line && j->line->on;
    int started = bench_threads(nw, work, w, sizeof *w, on ? show : NULL, j);
    for (int i = 0; i < started; i++) merge(sum, &w[i].t);
    free(w);
    if (started == 0) return snprintf(msg, n, "cannot start a worker thread"), BENCH_USAGE;
    if (sum->wrong < 0) return BENCH_OK;
    const char *preset = j->g->preset;
    snprintf(msg, n, "--generate %s: puzzle %ld (seed %llu): %s", preset, sum->wrong,
             (unsigned long long)rg_generate_batch_seed(j->su->seed, sum->wrong), sum->why);
    return sum->failed ? BENCH_USAGE : BENCH_WRONG;
}

/* ---- Passes ------------------------------------------------------------------------ */

int bench_gen_count(bench_gen *g, const bench_setup *su, char *msg, size_t n)
{
    char label[300];
    progress line;
    snprintf(label, sizeof label, "generating and verifying %s:", g->preset);
    progress_begin(&line, label, 1);
    gen_job j = {g, su, 1, 0, 0, &line, 0, g->count};
    gen_tally t;
    int rc = run_gen_job(&j, &t, msg, n);
    progress_end(&line);
    if (rc != BENCH_OK) return rc;
    g->puzzles = t.puzzles, g->verified = t.verified;
    g->givens = t.givens, g->clue_rules = t.clue_rules, g->repairs = t.repairs;
    g->attempts = t.attempts, g->guesses = t.guesses;
    memcpy(g->at_level, t.at_level, sizeof g->at_level);
    g->target = bench_gen_target(g->preset);
    g->reps = 0;
    return BENCH_OK;
}

int bench_gen_time(bench_gen *g, const bench_setup *su, char *msg, size_t n)
{
    int reps = su->reps;
    if (reps <= 0) return BENCH_OK;
    double *v = calloc((size_t)reps * 2, sizeof *v);
    if (!v) return snprintf(msg, n, "out of memory"), BENCH_USAGE;
    int rc = BENCH_OK;
    char label[300];
    progress line;
    snprintf(label, sizeof label, "timing %s:", g->preset);
    progress_begin(&line, label, 1);
    for (int r = 0; r < reps && rc == BENCH_OK; r++) {
        gen_job j = {g, su, 0, 0, 0, &line, r * g->count, reps * g->count};
        gen_tally t;
        double t0 = bench_now();
        rc = run_gen_job(&j, &t, msg, n);
        v[r] = bench_now() - t0;
        v[reps + r] = t.gen_us;
        /* Generation does not depend on timing: a pass makes the same puzzles. */
        if (rc == BENCH_OK && (t.givens != g->givens || t.clue_rules != g->clue_rules ||
                               t.attempts != g->attempts || t.guesses != g->guesses)) {
            snprintf(msg, n,
                     "--generate %s: a timed pass made other puzzles than the "
                     "counting pass",
                     g->preset);
            rc = BENCH_WRONG;
        }
    }
    progress_end(&line);
    if (rc == BENCH_OK) {
        double np = (double)g->puzzles;
        g->reps = reps;
        g->wall_s = bench_median(v, reps);
        g->gen_us = bench_median(v + reps, reps) / np;
        g->puzzles_per_s = g->wall_s > 0 ? np / g->wall_s : 0;
    }
    free(v);
    return rc;
}
