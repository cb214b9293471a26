/* Running one cell of the grid: worker threads take puzzles by index, each
 * with a solver of its own, their counters merged so that any number of
 * workers gives the same; answers are checked in the counting pass only. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "progress.h"
#include "ranks.h"

/* Puzzles a worker takes at a time. */
#define CHUNK 4

typedef struct tally {
    long solved, unique, multiple, none, unknown, no_guess, fast;
    uint64_t nodes, guesses, failures, propagations, prunings;
    double root_us, search_us;
    int nfamilies;
    bench_family family[BENCH_MAX_FAMILIES];
    long wrong; /* the first puzzle with a wrong answer, -1 when none */
    char why[512];
    int failed; /* the library returned an error (why says which) */
} tally;

typedef struct job {
    const bench_cell *cell;
    const bench_setup *su;
    int check;         /* the counting pass: check answers, keep guesses[] */
    uint64_t *guesses; /* per puzzle, counting pass only */
    atomic_int next;
    atomic_long done; /* puzzles solved, for the progress line */
} job;

typedef struct worker {
    job *j;
    tally t;
} worker;

double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- Families ------------------------------------------------------------------- */

static const char *const core_families[] = {"peers", "singles", "intersections", "subsets"};

static int core_rank(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(name, core_families[i]) == 0) return i;
    return 4;
}

static int family_order(const void *a, const void *b)
{
    const bench_family *x = a, *y = b;
    int rx = core_rank(x->name), ry = core_rank(y->name);
    if (rx != ry) return rx - ry;
    return strcmp(x->name, y->name);
}

static void add_family(bench_family *fam, int *n, const char *name, uint64_t calls,
                       uint64_t prunings)
{
    int i = 0;
    while (i < *n && strncmp(fam[i].name, name, sizeof fam[i].name - 1) != 0) i++;
    if (i == *n) {
        if (*n == BENCH_MAX_FAMILIES) return;
        snprintf(fam[i].name, sizeof fam[i].name, "%s", name);
        fam[i].calls = fam[i].prunings = 0;
        (*n)++;
    }
    fam[i].calls += calls;
    fam[i].prunings += prunings;
}

/* ---- Checking an answer ---------------------------------------------------------- */

/* 1 when r is a right answer for p, else 0 with why set. */
static int answer_ok(const rg_puzzle *p, const rg_result *r, char *why, size_t n)
{
    const int *doc = rg_puzzle_solution(p);
    char name[32];
    if (r->status == RG_STATUS_UNKNOWN) return 1;
    if (!r->solution) {
        if (r->status != RG_STATUS_NONE) {
            snprintf(why, n, "status %s without a solution", rg_status_name(r->status));
            return 0;
        }
        if (doc) {
            snprintf(why, n, "no solution found, but the document gives one");
            return 0;
        }
        return 1;
    }
    int rule = rg_puzzle_check(p, r->solution);
    if (rule != -1) {
        if (rule >= 0)
            snprintf(why, n, "the answer breaks rule %d (%s)", rule, rg_puzzle_rule_type(p, rule));
        else
            snprintf(why, n, "the answer has a value out of range");
        return 0;
    }
    const int *g = rg_puzzle_givens(p);
    for (int c = 0; c < rg_puzzle_cells(p); c++) {
        if (g[c] && g[c] != r->solution[c]) {
            rg_puzzle_cell_name(p, c, name, sizeof name);
            snprintf(why, n, "the answer changes the given at %s", name);
            return 0;
        }
        if (doc && r->status == RG_STATUS_UNIQUE && doc[c] != r->solution[c]) {
            rg_puzzle_cell_name(p, c, name, sizeof name);
            snprintf(why, n, "the answer differs from the document's solution at %s", name);
            return 0;
        }
    }
    return 1;
}

/* ---- Workers --------------------------------------------------------------------- */

static void count_result(tally *t, const rg_result *r)
{
    const rg_stats *s = &r->stats;
    switch (r->status) {
    case RG_STATUS_SOLVED: t->solved++; break;
    case RG_STATUS_UNIQUE: t->solved++, t->unique++; break;
    case RG_STATUS_MULTIPLE: t->solved++, t->multiple++; break;
    case RG_STATUS_NONE: t->none++; break;
    default: t->unknown++; break;
    }
    t->no_guess += r->no_guess;
    t->nodes += s->nodes;
    t->guesses += s->guesses;
    t->failures += s->failures;
    t->propagations += s->propagations;
    t->prunings += s->prunings;
    int n = s->families < RG_MAX_FAMILIES ? s->families : RG_MAX_FAMILIES;
    for (int i = 0; i < n; i++)
        add_family(t->family, &t->nfamilies, s->family[i] ? s->family[i] : "?", s->family_calls[i],
                   s->family_prunings[i]);
}

static void solve_range(worker *w, rg_solver *solver, int from, int to)
{
    const job *j = w->j;
    const bench_corpus *c = j->cell->corpus;
    long base = c->base;
    tally *t = &w->t;
    rg_options o;
    rg_options_default(&o);
    o.strategy = j->cell->strategy;
    o.heuristic = j->cell->heuristic;
    o.values = j->su->values;
    o.limit = j->su->limit;
    o.max_nodes = j->su->max_nodes;
    o.max_seconds = j->su->max_seconds;
    for (int i = from; i < to && !t->failed; i++) {
        rg_result r;
        rg_error err;
        rg_error_clear(&err);
        o.seed = j->su->seed + (uint64_t)(base + i);
        if (rg_solve(solver, c->p[i], &o, &r, &err) != RG_OK) {
            t->failed = 1;
            rg_error_format(&err, t->why, sizeof t->why);
            return;
        }
        t->root_us += r.stats.root_us;
        t->search_us += r.stats.search_us;
        if (!j->check) {
            t->nodes += r.stats.nodes; /* compared with the counting pass */
            continue;
        }
        count_result(t, &r);
        t->fast += rg_solver_fast_path_used(solver);
        j->guesses[i] = r.stats.guesses;
        if (t->wrong < 0 && !answer_ok(c->p[i], &r, t->why, sizeof t->why)) t->wrong = base + i;
    }
}

static void *work(void *arg)
{
    worker *w = arg;
    job *j = w->j;
    int n = j->cell->corpus->n;
    rg_solver *solver = rg_solver_new();
    if (!solver) {
        w->t.failed = 1;
        snprintf(w->t.why, sizeof w->t.why, "out of memory");
        return NULL;
    }
    rg_solver_set_fast_path(solver, !j->cell->general);
    rg_solver_set_implied(solver, j->cell->implied);
    /* Under mpirun chunk k of the window is rank k mod K's. */
    long ranks = bench_mpi_size(), me = bench_mpi_rank();
    for (;;) {
        long k = atomic_fetch_add(&j->next, 1);
        long from = (k * ranks + me) * CHUNK;
        if (from >= n || w->t.failed) break;
        int to = from + CHUNK < n ? (int)from + CHUNK : n;
        solve_range(w, solver, (int)from, to);
        atomic_fetch_add(&j->done, to - from);
    }
    rg_solver_free(solver);
    return NULL;
}

/* ---- Threads ---------------------------------------------------------------------- */

/* Workers that say when they end, so that the caller can watch them. */
typedef struct crew {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int running;
} crew;

typedef struct member {
    crew *c;
    void *(*fn)(void *);
    void *arg;
} member;

static void *member_run(void *p)
{
    member *m = p;
    m->fn(m->arg);
    pthread_mutex_lock(&m->c->mu);
    m->c->running--;
    pthread_cond_signal(&m->c->cv);
    pthread_mutex_unlock(&m->c->mu);
    return NULL;
}

/* watch(ctx) every tenth of a second until every member of c has ended. */
static void watch_crew(crew *c, void (*watch)(void *), void *ctx)
{
    pthread_mutex_lock(&c->mu);
    while (c->running > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&c->cv, &c->mu, &ts);
        pthread_mutex_unlock(&c->mu);
        watch(ctx);
        pthread_mutex_lock(&c->mu);
    }
    pthread_mutex_unlock(&c->mu);
}

int bench_threads(int n, void *(*fn)(void *), void *args, size_t stride, void (*watch)(void *ctx),
                  void *ctx)
{
    pthread_t *tid = calloc((size_t)n, sizeof *tid);
    member *m = watch ? calloc((size_t)n, sizeof *m) : NULL;
    crew c = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, n};
    if (!tid || (watch && !m)) {
        free(tid);
        free(m);
        return 0;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, BENCH_WORKER_STACK);
    int started = 0;
    for (int i = 0; i < n; i++) {
        void *arg = (char *)args + (size_t)i * stride;
        if (m) m[i] = (member){&c, fn, arg};
        if (pthread_create(&tid[i], &attr, m ? member_run : fn, m ? (void *)&m[i] : arg) != 0)
            break;
        started++;
    }
    pthread_attr_destroy(&attr);
    if (m) {
        pthread_mutex_lock(&c.mu);
        c.running -= n - started;
        pthread_mutex_unlock(&c.mu);
        watch_crew(&c, watch, ctx);
    }
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
    free(tid);
    free(m);
    return started;
}

/* ---- A pass over the corpus -------------------------------------------------------- */

/* What a progress line shows of a job: base + its puzzles done, of total. */
typedef struct watcher {
    progress *line;
    job *j;
    long base, total;
} watcher;

static void show(void *ctx)
{
    watcher *w = ctx;
    progress_update(w->line, w->base + atomic_load(&w->j->done), w->total);
}

static void merge(tally *sum, const tally *t)
{
    if (t->wrong >= 0 && (sum->wrong < 0 || t->wrong < sum->wrong)) {
        sum->wrong = t->wrong;
        snprintf(sum->why, sizeof sum->why, "%s", t->why);
    }
    sum->solved += t->solved, sum->unique += t->unique, sum->multiple += t->multiple;
    sum->none += t->none, sum->unknown += t->unknown, sum->no_guess += t->no_guess;
    sum->fast += t->fast;
    sum->nodes += t->nodes, sum->guesses += t->guesses, sum->failures += t->failures;
    sum->propagations += t->propagations, sum->prunings += t->prunings;
    sum->root_us += t->root_us, sum->search_us += t->search_us;
    for (int k = 0; k < t->nfamilies; k++)
        add_family(sum->family, &sum->nfamilies, t->family[k].name, t->family[k].calls,
                   t->family[k].prunings);
}

/* Under mpirun: the tallies of every rank merged, in rank order, into sum
 * on every rank; a rank's failure fails them all. */
static int merge_ranks(tally *sum, int rc, char *msg, size_t n)
{
    int ranks = bench_mpi_size();
    sum->failed = rc != BENCH_OK;
    if (rc != BENCH_OK) snprintf(sum->why, sizeof sum->why, "%s", msg);
    tally *all = malloc((size_t)ranks * sizeof *all);
    if (!all) {
        snprintf(msg, n, "out of memory");
        return BENCH_USAGE; /* the other ranks then wait: the job is stuck */
    }
    bench_mpi_gather(sum, sizeof *sum, all);
    memset(sum, 0, sizeof *sum);
    sum->wrong = -1;
    rc = BENCH_OK;
    for (int r = 0; r < ranks; r++) {
        if (all[r].failed && rc == BENCH_OK) {
            snprintf(msg, n, "%s", all[r].why);
            rc = BENCH_USAGE;
        }
        merge(sum, &all[r]);
    }
    free(all);
    return rc;
}

/* Run j on su->threads workers and merge their tallies into *sum; w (may
 * be NULL) is the progress line to keep up to date. */
static int run_job(job *j, tally *sum, watcher *w, char *msg, size_t n)
{
    int nw = j->su->threads > 0 ? j->su->threads : 1;
    worker *ws = calloc((size_t)nw, sizeof *ws);
    if (!ws) {
        snprintf(msg, n, "out of memory");
        return BENCH_USAGE;
    }
    atomic_init(&j->next, 0);
    atomic_init(&j->done, 0);
    for (int i = 0; i < nw; i++) {
        ws[i].j = j;
        ws[i].t.wrong = -1;
    }
    int rc = BENCH_OK, on = w && w->line->on;
    int started = bench_threads(nw, work, ws, sizeof *ws, on ? show : NULL, w);
    memset(sum, 0, sizeof *sum);
    sum->wrong = -1;
    if (started == 0) {
        snprintf(msg, n, "cannot start a worker thread");
        rc = BENCH_USAGE;
    }
    for (int i = 0; i < started; i++) {
        if (ws[i].t.failed && rc == BENCH_OK) {
            snprintf(msg, n, "%s", ws[i].t.why);
            rc = BENCH_USAGE;
        }
        merge(sum, &ws[i].t);
    }
    free(ws);
    return bench_mpi_size() > 1 ? merge_ranks(sum, rc, msg, n) : rc;
}

/* ---- Guesses per puzzle, in memory that does not grow with the corpus --------------- */

/* The distinct values seen, ascending, each with how often. */
typedef struct hist {
    uint64_t *v, *k;
    size_t n;
} hist;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Add g[0..n-1] (sorted here) to h. 0 without memory. */
static int hist_add(hist *h, uint64_t *g, int n)
{
    qsort(g, (size_t)n, sizeof *g, cmp_u64);
    size_t cap = h->n + (size_t)n, m = 0, i = 0;
    uint64_t *v = malloc(cap * sizeof *v), *k = malloc(cap * sizeof *k);
    if (!v || !k) return free(v), free(k), 0;
    for (int x = 0; i < h->n || x < n;) {
        int take_h = x == n || (i < h->n && h->v[i] <= g[x]);
        uint64_t val = take_h ? h->v[i] : g[x], cnt = take_h ? h->k[i++] : (x++, 1);
        if (m && v[m - 1] == val)
            k[m - 1] += cnt;
        else
            v[m] = val, k[m++] = cnt;
    }
    free(h->v), free(h->k);
    h->v = v, h->k = k, h->n = m;
    return 1;
}

/* The value at rank r (0: the smallest) of h. */
static uint64_t hist_at(const hist *h, uint64_t r)
{
    for (size_t i = 0; i < h->n; i++) {
        if (r < h->k[i]) return h->v[i];
        r -= h->k[i];
    }
    return h->n ? h->v[h->n - 1] : 0;
}

/* ---- A pass over a corpus, window by window ------------------------------------------ */

/* Run j over every window of its corpus (bench/corpus.c) and merge the
 * tallies into *sum; *wall_s gets the seconds spent solving (reading is not
 * counted); with h, the guesses of every puzzle go into it. */
static int run_pass(job *j, tally *sum, watcher *w, double *wall_s, hist *h, char *msg, size_t n)
{
    bench_corpus *c = j->cell->corpus;
    rg_error err;
    rg_error_clear(&err);
    memset(sum, 0, sizeof *sum);
    sum->wrong = -1;
    *wall_s = 0;
    int more = bench_corpus_first(c, &err), rc = BENCH_OK;
    for (; more == 1 && rc == BENCH_OK; more = bench_corpus_next(c, &err)) {
        tally t;
        j->guesses = h ? calloc((size_t)c->n, sizeof *j->guesses) : NULL;
        if (h && !j->guesses) return snprintf(msg, n, "out of memory"), BENCH_USAGE;
        bench_mpi_barrier(); /* the ranks start a window together */
        double t0 = bench_now();
        rc = run_job(j, &t, w, msg, n);
        *wall_s += bench_now() - t0;
        if (h) bench_mpi_sum(j->guesses, (size_t)c->n); /* each rank filled its chunks */
        if (rc == BENCH_OK && h && !hist_add(h, j->guesses, c->n))
            rc = BENCH_USAGE, snprintf(msg, n, "out of memory");
        free(j->guesses);
        j->guesses = NULL;
        if (rc == BENCH_OK) merge(sum, &t);
        if (w) w->base += c->n;
    }
    if (rc == BENCH_OK && more < 0) {
        rg_error_format(&err, msg, n);
        rc = BENCH_USAGE;
    }
    return rc;
}

/* "counting thermo, sac, domwdeg:" */
static void begin_line(progress *line, const char *what, const bench_cell *cell)
{
    char label[400];
    snprintf(label, sizeof label, "%s %s, %s, %s:", what, cell->corpus->name,
             rg_strategy_name(cell->strategy), rg_heuristic_name(cell->heuristic));
    progress_begin(line, label, 1);
}

/* ---- The counting pass --------------------------------------------------------- */

/* Mean, median, p99 (nearest rank) and maximum of the guesses per puzzle. */
static void guess_spread(bench_cell *cell, const hist *h, long n)
{
    uint64_t u = (uint64_t)n;
    cell->guesses_mean = (double)cell->guesses / (double)n;
    cell->guesses_median = u % 2 ? (double)hist_at(h, u / 2)
                                 : ((double)hist_at(h, u / 2 - 1) + (double)hist_at(h, u / 2)) / 2;
    uint64_t k = (99 * u + 99) / 100; /* ceil(0.99 n) */
    cell->guesses_p99 = hist_at(h, k - 1);
    cell->guesses_max = hist_at(h, u - 1);
}

/* Out of line in every build: scripts/bench-regress takes callgrind's count
 * of each counting pass between its entry and its return. */
__attribute__((noinline)) int bench_cell_count(bench_cell *cell, const bench_setup *su, char *msg,
                                               size_t n)
{
    const bench_corpus *c = cell->corpus;
    job j = {cell, su, 1, NULL, 0, 0};
    hist h = {NULL, NULL, 0};
    tally t;
    double wall;
    progress line;
    begin_line(&line, "counting", cell);
    watcher w = {&line, &j, 0, c->total > 0 ? c->total : 0};
    int rc = run_pass(&j, &t, &w, &wall, &h, msg, n);
    progress_end(&line);
    if (rc == BENCH_OK && t.wrong >= 0) {
        snprintf(msg, n, "%s: puzzle %ld: %s (level %s, heuristic %s)", c->path, t.wrong, t.why,
                 rg_strategy_name(cell->strategy), rg_heuristic_name(cell->heuristic));
        rc = BENCH_WRONG;
    }
    if (rc == BENCH_OK) {
        cell->puzzles = c->total;
        cell->solved = t.solved, cell->unique = t.unique, cell->multiple = t.multiple;
        cell->none = t.none, cell->unknown = t.unknown, cell->no_guess = t.no_guess;
        cell->fast = t.fast;
        cell->nodes = t.nodes, cell->guesses = t.guesses, cell->failures = t.failures;
        cell->propagations = t.propagations, cell->prunings = t.prunings;
        qsort(t.family, (size_t)t.nfamilies, sizeof *t.family, family_order);
        cell->nfamilies = t.nfamilies;
        memcpy(cell->family, t.family, (size_t)t.nfamilies * sizeof *t.family);
        guess_spread(cell, &h, c->total);
        cell->reps = 0;
    }
    free(h.v), free(h.k);
    return rc;
}

/* ---- Timed passes ------------------------------------------------------------- */

/* One timed pass; line (may be NULL) shows pass r of reps. */
static int pass(const bench_cell *cell, const bench_setup *su, double *wall_s, double *root_us,
                double *search_us, progress *line, int r, char *msg, size_t n)
{
    job j = {cell, su, 0, NULL, 0, 0};
    tally t;
    long np = cell->puzzles;
    watcher w = {line, &j, r * np, su->reps * np};
    int rc = run_pass(&j, &t, line ? &w : NULL, wall_s, NULL, msg, n);
    *root_us = t.root_us;
    *search_us = t.search_us;
    /* Without a time limit every pass does the same work. */
    if (rc == BENCH_OK && su->max_seconds <= 0 && t.nodes != cell->nodes) {
        snprintf(msg, n, "%s: a timed pass took %llu nodes, the counting pass %llu",
                 cell->corpus->path, (unsigned long long)t.nodes, (unsigned long long)cell->nodes);
        rc = BENCH_WRONG;
    }
    return rc;
}

int bench_cell_pass(const bench_cell *cell, const bench_setup *su, double *wall_s, double *root_us,
                    double *search_us, char *msg, size_t n)
{
    return pass(cell, su, wall_s, root_us, search_us, NULL, 0, msg, n);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_cell_time(bench_cell *cell, const bench_setup *su, char *msg, size_t n)
{
    int reps = su->reps;
    if (reps <= 0) return BENCH_OK;
    double *v = calloc((size_t)reps * 3, sizeof *v);
    if (!v) {
        snprintf(msg, n, "out of memory");
        return BENCH_USAGE;
    }
    int rc = BENCH_OK;
    progress line;
    begin_line(&line, "timing", cell);
    for (int r = 0; r < reps && rc == BENCH_OK; r++)
        rc = pass(cell, su, &v[r], &v[reps + r], &v[2 * reps + r], &line, r, msg, n);
    progress_end(&line);
    if (rc == BENCH_OK) {
        double np = (double)cell->puzzles;
        cell->reps = reps;
        cell->wall_s = bench_median(v, reps);
        cell->root_us = bench_median(v + reps, reps) / np;
        cell->search_us = bench_median(v + 2 * reps, reps) / np;
        cell->puzzles_per_s = cell->wall_s > 0 ? np / cell->wall_s : 0;
    }
    free(v);
    return rc;
}
