/* The benchmark harness of rulegrid: corpora read up front, one cell of the
 * grid (corpus × level × heuristic) run on worker threads with its answers
 * checked, the generation mode (presets), and the reports. */
#ifndef RG_BENCH_H
#define RG_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "rulegrid/rulegrid.h"

/* Exit statuses: 1 a wrong answer, 2 bad usage or unreadable input. */
enum { BENCH_OK = 0, BENCH_WRONG = 1, BENCH_USAGE = 2 };

/* One corpus file, read as a stream (bench/corpus.c). When its parsed
 * puzzles fit the budget they are read once and held (p[0..n-1], base 0);
 * otherwise the corpus is streamed: p holds a window of `window` puzzles,
 * base .. base + n - 1, and every pass reads the file again. */
typedef struct bench_corpus {
    char path[256];
    char name[256]; /* the file name without folder and extension */
    long take;      /* the first `take` puzzles only (0: all) */
    size_t budget;  /* bytes of parsed puzzles held at most (0: no limit) */
    rg_puzzle **p;
    int n, cap;
    long base;    /* the index in the corpus of p[0] */
    long total;   /* puzzles in the corpus; -1 until a streamed one was read through */
    int streamed; /* 1: larger than the budget */
    int window;   /* streamed: puzzles per window */
    size_t bytes; /* heap the held puzzles (or one window) take, measured */
    rg_registry *reg;
    const rg_puzzle *templ;
    rg_corpus *rc; /* the open stream, streamed only */
} bench_corpus;

/* Read path (its first `take` puzzles when take > 0), and hold it or its
 * first window. With templ, classic lines are givens of the template. Errors
 * name the file and line; BENCH_USAGE. */
int bench_corpus_load(bench_corpus *c, rg_registry *reg, const rg_puzzle *templ, rg_error *err);
/* The windows of one pass: first() holds the first (reading a streamed
 * corpus again from its start), next() the one after. Each returns 1 with
 * a window held, 0 at the end of the corpus (first(): never; total is then
 * known), -1 on an error (err set: a line of a streamed corpus that cannot
 * be read). A held corpus is one window. */
int bench_corpus_first(bench_corpus *c, rg_error *err);
int bench_corpus_next(bench_corpus *c, rg_error *err);
void bench_corpus_free(bench_corpus *c);

/* What every cell shares. */
typedef struct bench_setup {
    long limit;         /* solutions counted up to (2: proved unique) */
    int values;         /* rg_value_order */
    uint64_t seed;      /* puzzle i is solved with seed + i */
    uint64_t max_nodes; /* per puzzle, 0: none */
    double max_seconds; /* per puzzle, 0: none */
    int threads;        /* worker threads */
    size_t memory;      /* bytes of parsed puzzles a corpus holds at most (--memory) */
    int reps;           /* timed repetitions (0: counters only) */
    int quiet;          /* no lines about each step on standard error */
} bench_setup;

#define BENCH_MAX_FAMILIES 64

typedef struct bench_family {
    char name[64]; /* a copy: a streamed corpus's models (and their names) come and go */
    uint64_t calls, prunings;
} bench_family;

/* One cell of the grid: its deterministic counters and, after timed runs,
 * its times (medians over the repetitions). */
typedef struct bench_cell {
    bench_corpus *corpus;
    int strategy, heuristic;
    int general;    /* --general: the fast path switched off (rg_solver_set_fast_path) */
    int implied;    /* --implied: the implied propagators at every node (rg_solver_set_implied) */
    char label[48]; /* the level as reported: its name, "NAME:general" or "NAME:implied" */
    long fast;      /* puzzles the counting pass solved on the classic fast path */

    long puzzles, solved, unique, multiple, none, unknown, no_guess;
    uint64_t nodes, guesses, failures, propagations, prunings;
    double guesses_mean;
    double guesses_median; /* of the per-puzzle guesses */
    uint64_t guesses_p99, guesses_max;
    int nfamilies; /* core families first, then plugin families by name */
    bench_family family[BENCH_MAX_FAMILIES];

    int reps;             /* timed repetitions behind the times, 0: none */
    double wall_s;        /* one pass over the corpus, wall clock */
    double root_us;       /* per puzzle: root propagation */
    double search_us;     /* per puzzle: search after the root */
    double puzzles_per_s; /* puzzles / wall_s */
} bench_cell;

/* Solve every puzzle of cell->corpus once and check every answer against
 * the rules (and the document's solution when it has one); fill the
 * counters. BENCH_WRONG with msg set when an answer is wrong, BENCH_USAGE
 * when the library failed (msg set). */
int bench_cell_count(bench_cell *cell, const bench_setup *su, char *msg, size_t n);
/* One timed pass over the corpus (no checks): wall seconds and the summed
 * engine times. Returns BENCH_OK, or BENCH_USAGE with msg set. */
int bench_cell_pass(const bench_cell *cell, const bench_setup *su, double *wall_s, double *root_us,
                    double *search_us, char *msg, size_t n);
/* The timed repetitions of su->reps passes; medians into cell. */
int bench_cell_time(bench_cell *cell, const bench_setup *su, char *msg, size_t n);

/* Propagators of some plugins keep large tables on the stack: the stack of
 * every worker thread. */
#define BENCH_WORKER_STACK (8u << 20)
/* run.c: fn on n threads with worker stacks, thread i given
 * (char *)args + i * stride; all joined. With watch (may be NULL), the
 * calling thread calls watch(ctx) a few times a second until they end (for
 * a progress line). Returns how many started. */
int bench_threads(int n, void *(*fn)(void *), void *args, size_t stride, void (*watch)(void *ctx),
                  void *ctx);

/* Monotonic clock, seconds. */
double bench_now(void);
/* Median of v[0..n) (sorts v). */
double bench_median(double *v, int n);

/* ---- Generation mode (generate.c) ---- */

/* One preset of --generate: puzzle i is made by rg_generate with seed
 * su->seed + i. The counters come from the counting pass, which verifies
 * every puzzle; the times are medians of the timed passes. */
typedef struct bench_gen {
    const char *preset;      /* its name (owned by the preset list) */
    const rg_generator *gen; /* owned by the caller */
    long count;              /* puzzles asked for */
    double target;           /* puzzles/s issue 6 asks for, 0: none */

    long puzzles, verified; /* made; proved unique independently and checked */
    uint64_t givens, clue_rules, repairs, attempts, guesses; /* sums over the puzzles */
    long at_level[RG_STRATEGY_COUNT + 1]; /* weakest level solving without guessing;
                                             the last entry: none */

    int reps;             /* timed passes behind the times, 0: none */
    double wall_s;        /* one pass (all the puzzles), wall clock */
    double gen_us;        /* per puzzle: rg_generate alone, summed over threads */
    double puzzles_per_s; /* puzzles / wall_s */
} bench_gen;

/* Puzzles/s the issue asks of a preset (classic9, killer, jigsaw, samurai),
 * 0 for the others. */
double bench_gen_target(const char *preset);
/* Generate every puzzle once and verify each: a count to 2 at subsets with
 * the mrv_degree heuristic (the generator counts with domwdeg) must prove it
 * unique with the document's solution, which must keep the givens and pass
 * rg_puzzle_check. BENCH_WRONG with msg when a puzzle fails or cannot be
 * made, BENCH_USAGE when the library failed. */
int bench_gen_count(bench_gen *g, const bench_setup *su, char *msg, size_t n);
/* su->reps timed passes (generation only); medians into g. Each pass must
 * make the puzzles of the counting pass (same sums), else BENCH_WRONG. */
int bench_gen_time(bench_gen *g, const bench_setup *su, char *msg, size_t n);

/* When and where the numbers were measured. */
typedef struct bench_stamp {
    const char *commit, *compiler, *flags;
    char cpu[256];
    char date[32];
    int cores;
} bench_stamp;

void bench_stamp_fill(bench_stamp *s);
/* "rulegrid abc1234, GNU 12.2.0, flags `-O3`, CPU (2 cores), date" (md: the
 * flags in backquotes). */
void bench_stamp_words(FILE *f, const bench_stamp *st, int md);

/* ---- Explanation mode (explain.c) ---- */

/* One corpus under --explain: every puzzle explained up the whole ladder;
 * the counters from the counting pass (which checks every step of a unique
 * puzzle against its solution), the time a median of the timed passes. */
typedef struct bench_explain {
    bench_corpus *corpus;
    long puzzles, solved, stuck, broken, unknown;
    long checked;                  /* unique puzzles whose steps were checked */
    long at_rating[RG_RANK_COUNT]; /* solved puzzles by their rating */
    uint64_t steps, probes;
    int reps;
    double us; /* per puzzle, median of the passes */
} bench_explain;

int bench_explain_count(bench_explain *x, const bench_setup *su, char *msg, size_t n);
int bench_explain_time(bench_explain *x, const bench_setup *su, char *msg, size_t n);
void bench_report_explain_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                                   const bench_explain *x, int n);
void bench_report_explain_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                               const bench_explain *x, int n);
void bench_report_explain_counters(FILE *f, const bench_explain *x, int n);

/* Reports over all cells. Counters: one "corpus/level/heuristic key value"
 * line per deterministic counter, for comparisons by scripts. */
void bench_report_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                           const bench_cell *cells, int n);
void bench_report_csv(FILE *f, const bench_stamp *st, const bench_setup *su,
                      const bench_cell *cells, int n);
void bench_report_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                       const bench_cell *cells, int n);
void bench_report_counters(FILE *f, const bench_cell *cells, int n);
/* The grid as a static HTML page: the stamp, the table, and bar charts of
 * the time and the guesses per puzzle as inline SVG. */
void bench_report_html(FILE *f, const bench_stamp *st, const bench_setup *su,
                       const bench_cell *cells, int n);
/* The same four reports for the generation mode; counters are
 * "preset key value" lines. */
void bench_report_gen_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                               const bench_gen *g, int n);
void bench_report_gen_csv(FILE *f, const bench_stamp *st, const bench_setup *su, const bench_gen *g,
                          int n);
void bench_report_gen_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                           const bench_gen *g, int n);
void bench_report_gen_counters(FILE *f, const bench_gen *g, int n);

#endif
