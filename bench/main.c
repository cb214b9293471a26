/* rulegrid-bench's main: its table of options (read by tools/opts.c), then
 * the corpora read, each cell counted and checked, timed (or handed to Google
 * Benchmark), and the reports; --generate does the same for presets. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "gbench.h"
#include "opts.h"
#include "ranks.h"
#include "say.h"

/* ---- The options ------------------------------------------------------------------ */

#define DEFAULT_LEVELS "propagate,singles,intersections,subsets"
/* Puzzles per preset when --generate names none. */
#define GEN_DEFAULT_COUNT 20

/* X(ID, field, name, letter, value, how, help): the one list of options of
 * the harness; the fields of args, the parser, the help and the errors come
 * from it. */
#define BENCH_OPTIONS(X)                                                                           \
    X(STRATEGY, levels, "strategy", 's', "LIST", NAMES(&levels, propagating),                      \
      "strategy levels, comma-separated, or all: every level from propagate up (check "            \
      "and forward, plain backtracking and far slower, only when named, e.g. -s "                  \
      "all,check); default " DEFAULT_LEVELS)                                                       \
    X(HEURISTIC, heuristics, "heuristic", 'H', "LIST", NAMES(&heuristics, NULL),                   \
      "heuristics, comma-separated, or all; default domwdeg")                                      \
    X(REPS, reps, "reps", 'r', "N", UINT(0, 1000, "is not a whole number from 0 to 1000"),         \
      "timed passes per cell, the median quoted (default 3; 0: counters only)")                    \
    X(JOBS, jobs, "jobs", 'j', "N", UINT(1, 256, "is not a whole number from 1 to 256"),           \
      "worker threads (default 1); counters do not depend on it")                                  \
    X(MEMORY, memory, "memory", 0, "MB",                                                           \
      UINT(1, 1048576, "is not a whole number of megabytes from 1 to 1048576"),                    \
      "parsed puzzles a corpus holds at most (default 1024); a larger corpus is read "             \
      "again, window by window, on every pass")                                                    \
    X(LIMIT, limit, "limit", 0, "N",                                                               \
      UINT(1, LONG_MAX, "is not a whole number of solutions of at least 1"),                       \
      "count solutions up to N (default 2: prove uniqueness)")                                     \
    X(SEED, seed, "seed", 0, "N",                                                                  \
      UINT(0, UINT64_MAX, "is not a whole number from 0 to 18446744073709551615"),                 \
      "puzzle i is solved (or made) with seed N + i (default 1)")                                  \
    X(VALUES, values, "values", 0, "ORDER", NAME(&value_orders), "the order digits are tried in")  \
    X(NODES, nodes, "nodes", 0, "N",                                                               \
      UINT(0, UINT64_MAX, "is not a whole number of nodes (0 for no limit)"),                      \
      "search nodes per puzzle (a puzzle stopped counts as unknown)")                              \
    X(TIME, time, "time", 0, "S",                                                                  \
      SECONDS("is not a number of seconds (0 or more, fractions allowed)"),                        \
      "seconds per puzzle (a puzzle stopped counts as unknown)")                                   \
    X(GENERAL, general, "general", 0, NULL, FLAG,                                                  \
      "also run every cell with the classic fast path switched off (level reported as "            \
      "NAME:general), to compare the two paths in one run")                                        \
    X(IMPLIED, implied, "implied", 0, NULL, FLAG,                                                  \
      "also run every cell with the propagators a plugin marks implied at every node, not "        \
      "only at sac (level reported as NAME:implied): fewer guesses, each dearer")                  \
    X(PLUGINS, plugins, "plugins", 0, "DIR", CHECKED_TEXTS(opts_absolute_folder),                  \
      "also load the plugins of DIR (absolute; repeatable)")                                       \
    X(TEMPLATE, templ, "template", 0, "FILE", TEXT,                                                \
      "classic lines are givens of FILE's board and rules")                                        \
    X(MD, md, "md", 0, "FILE", TEXT,                                                               \
      "the markdown report ('-' is standard output; the default: --md -)")                         \
    X(CSV, csv, "csv", 0, "FILE", TEXT, "the CSV report")                                          \
    X(JSON, json, "json", 0, "FILE", TEXT, "the JSON report (rulegrid-plot-bench draws it)")       \
    X(HTML, html, "html", 0, "FILE", TEXT,                                                         \
      "the report as a static HTML page: the table and bar charts (time and guesses per "          \
      "puzzle) as inline SVG")                                                                     \
    X(COUNTERS, counters, "counters", 0, "FILE", TEXT,                                             \
      "the counters, one a line (scripts/bench-regress compares them)")                            \
    X(GBENCH, gbench, "gbench", 0, NULL, FLAG,                                                     \
      "time the cells with Google Benchmark; --benchmark_* flags (filter, repetitions, "           \
      "format, out ...) are passed to it")                                                         \
    X(GENERATE, generate, "generate", 0, "PRESET[:N],...", TEXT,                                   \
      "instead of corpora: make N puzzles (default 20) of each preset (or all, all:N) "            \
      "with seeds seed + i, verify each (unique by a count of its own, solution "                  \
      "checked), then time the generation; -r, -j, --seed, --plugins and the reports "             \
      "apply")                                                                                     \
    X(EXPLAIN, explain, "explain", 0, NULL, FLAG,                                                  \
      "instead of the grid: explain every puzzle up the whole ladder (docs/explain.md), "          \
      "check each step of a unique puzzle against its solution, report the share solved "          \
      "at each rating and the time per puzzle; -r, --nodes, --time and the reports apply")         \
    X(QUIET, quiet, "quiet", 'q', NULL, FLAG,                                                      \
      "no lines about each step on standard error (a terminal's progress line stays)")             \
    X(HELP, help, "help", 'h', NULL, HELP, "this help")

enum {
#define BENCH_X_(ID, field, name, letter, value, how, help) O_##ID,
    BENCH_OPTIONS(BENCH_X_)
#undef BENCH_X_
        O_COUNT
};

typedef struct args {
    opts_head head; /* the corpora are the operands, --benchmark_* flags the passed */
#define BENCH_X_(ID, field, name, letter, value, how, help) OPTS_FIELD(field, how)
    BENCH_OPTIONS(BENCH_X_)
#undef BENCH_X_
    bench_setup su;
    bench_corpus *corpora;
    int ncorpora;
    char **gargv; /* argv[0] and the --benchmark_* flags */
    int gargc;
    bench_gen *gens; /* --generate: one per preset asked for */
    int ngens;
} args;

/* -s all leaves out the levels that do not propagate (plain backtracking):
 * on a corpus they take minutes where the others take seconds. */
static int propagating(int level)
{
    return (rg_strategy_deductions(level) & RG_DEDUCE_FIXPOINT) != 0;
}

static const opts_names levels = {"strategy", RG_STRATEGY_COUNT, rg_strategy_name,
                                  rg_strategy_summary};
static const opts_names heuristics = {"heuristic", RG_HEURISTIC_COUNT, rg_heuristic_name,
                                      rg_heuristic_summary};
static const opts_names value_orders = {"value order", RG_VALUES_COUNT, rg_values_name,
                                        rg_values_summary};

static const opts_option options[] = {
#define BENCH_X_(ID, field, name, letter, value, how, help)                                        \
    OPTS_ROW(args, field, name, letter, value, 1u, how, help)
    BENCH_OPTIONS(BENCH_X_)
#undef BENCH_X_
};

static const opts_command bench_command = {
    .usage = "[options] CORPUS[:N]...\n"
             "       rulegrid-bench [options] --generate PRESET[:N],...\n",
    .about = "Runs every corpus (classic lines, .jsonl, or one .json document; CORPUS:N\n"
             "takes its first N puzzles) at every strategy level and heuristic, checks\n"
             "every answer, then times it.\n",
    .after = "exit status: 0 done, 1 a wrong answer (or a puzzle not made), 2 bad usage\n"
             "or unreadable input.\n",
};

static const opts_program program = {
    .name = "rulegrid-bench",
    .commands = &bench_command,
    .ncommands = 1,
    .options = options,
    .noptions = O_COUNT,
    .pass_prefix = "--benchmark_",
    .size = sizeof(args),
};

/* A usage error found after parsing: "rulegrid-bench: what: why". */
static int bad(const char *what, const char *why)
{
    return opts_usage_error(&program, 0, "%s: %s", what, why);
}

/* "path" or "path:N" (the first N puzzles; only when path itself is not a file). */
static int add_corpus(args *a, const char *arg)
{
    bench_corpus *c = &a->corpora[a->ncorpora++];
    memset(c, 0, sizeof *c);
    if (strlen(arg) >= sizeof c->path) return bad(arg, "path too long");
    snprintf(c->path, sizeof c->path, "%s", arg);
    struct stat sb;
    const char *colon = strrchr(arg, ':');
    int count_suffix = colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1);
    if (stat(arg, &sb) == 0) return BENCH_OK;
    if (colon && !count_suffix) {
        /* FILE:junk where FILE exists: a count mistyped, not a file name */
        c->path[colon - arg] = 0;
        int file = stat(c->path, &sb) == 0;
        c->path[colon - arg] = ':';
        if (file)
            return opts_usage_error(&program, 0, "%s: '%s' is not a whole number of at least 1",
                                    arg, colon + 1);
    }
    if (!count_suffix) return BENCH_OK;
    char *end;
    errno = 0;
    c->take = strtol(colon + 1, &end, 10);
    if (errno || *end || c->take < 1)
        return opts_usage_error(&program, 0, "%s: '%s' is not a whole number of at least 1", arg,
                                colon + 1);
    c->path[colon - arg] = 0;
    return BENCH_OK;
}

/* The presets of the preset folders, read once. */
static rg_presets *presets;

static int load_presets(void)
{
    rg_error err;
    if (presets || rg_presets_load(NULL, rg_builtin_preset_dir(), &presets, &err) == RG_OK)
        return BENCH_OK;
    return bad("--generate", err.message);
}

/* One item of --generate: PRESET[:N]. */
static int add_preset(args *a, char *item)
{
    long count = GEN_DEFAULT_COUNT;
    char *colon = strchr(item, ':'), *end;
    if (colon) {
        *colon = 0;
        errno = 0;
        count = strtol(colon + 1, &end, 10);
        if (errno || end == colon + 1 || *end || count < 1)
            return opts_usage_error(
                &program, 0, "--generate: '%s' is not a whole number of at least 1", colon + 1);
    }
    int p = rg_presets_find(presets, item);
    if (p < 0) {
        char names[2048] = "";
        for (int i = 0, k = 0; i < rg_presets_count(presets) && k < (int)sizeof names; i++)
            k += snprintf(names + k, sizeof names - (size_t)k, "%s%s", i ? ", " : "",
                          rg_presets_name(presets, i));
        return opts_usage_error(&program, 0, "--generate: unknown preset '%s' (one of %s, or all)",
                                item, names);
    }
    for (int i = 0; i < a->ngens; i++)
        if (strcmp(a->gens[i].preset, item) == 0) return bad("--generate", "a preset given twice");
    a->gens[a->ngens++] = (bench_gen){.preset = rg_presets_name(presets, p), .count = count};
    return BENCH_OK;
}

/* --generate: "all", "all:N", or PRESET[:N] items, comma-separated. */
static int parse_generate(args *a, const char *v)
{
    if (load_presets()) return BENCH_USAGE;
    int np = rg_presets_count(presets);
    if (!(a->gens = calloc((size_t)np + 1, sizeof *a->gens)))
        return bad("--generate", "out of memory");
    if (strcmp(v, "all") == 0 || strncmp(v, "all:", 4) == 0) {
        char item[64];
        for (int i = 0; i < np; i++) {
            snprintf(item, sizeof item, "%s%s", rg_presets_name(presets, i), v + 3);
            if (add_preset(a, item)) return BENCH_USAGE;
        }
        return BENCH_OK;
    }
    char buf[1024];
    if (strlen(v) >= sizeof buf) return bad("--generate", "list too long");
    snprintf(buf, sizeof buf, "%s", v);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (add_preset(a, t)) return BENCH_USAGE;
    return a->ngens ? BENCH_OK : bad("--generate", "empty list");
}

/* The options that mean nothing with --generate. */
static int check_generate(args *a)
{
    static const int unused[] = {O_STRATEGY, O_HEURISTIC, O_LIMIT,   O_VALUES,
                                 O_NODES,    O_TIME,      O_TEMPLATE};
    char name[64];
    for (size_t k = 0; k < sizeof unused / sizeof *unused; k++)
        if (a->head.given[unused[k]]) {
            snprintf(name, sizeof name, "--%s", options[unused[k]].name);
            return bad(name, "not with --generate");
        }
    if (a->gbench) return bad("--gbench", "not with --generate");
    if (a->head.operands.n) return bad(a->head.operands.v[0], "no corpus with --generate");
    return BENCH_OK;
}

/* The setup every cell shares, from the options over the defaults. */
static void setup(args *a)
{
    const unsigned char *given = a->head.given;
    char why[256];
    a->su.limit = given[O_LIMIT] ? (long)a->limit : 2;
    a->su.seed = given[O_SEED] ? a->seed : 1;
    a->su.threads = given[O_JOBS] ? (int)a->jobs : 1;
    a->su.reps = given[O_REPS] ? (int)a->reps : 3;
    a->su.memory = (given[O_MEMORY] ? (size_t)a->memory : 1024) << 20;
    a->su.values = a->values;
    a->su.max_nodes = a->nodes;
    a->su.max_seconds = a->time;
    a->su.quiet = a->quiet;
    if (!given[O_STRATEGY]) opts_choose(&levels, NULL, DEFAULT_LEVELS, &a->levels, why, sizeof why);
    if (!given[O_HEURISTIC]) {
        a->heuristics.n = 1;
        a->heuristics.v[0] = RG_HEURISTIC_DOMWDEG;
    }
}

/* Returns -1 to go on, else an exit status. */
static int parse_args(args *a, int argc, char **argv)
{
    int rc = opts_parse(&program, 0, argc, argv, 1, &a->head);
    if (rc >= 0) return rc;
    setup(a);
    int n = a->head.operands.n;
    a->corpora = calloc((size_t)n + 1, sizeof *a->corpora);
    a->gargv = calloc((size_t)a->head.passed.n + 2, sizeof *a->gargv);
    if (!a->corpora || !a->gargv) return bad("arguments", "out of memory");
    a->gargv[a->gargc++] = argv[0];
    for (int i = 0; i < a->head.passed.n; i++) a->gargv[a->gargc++] = (char *)a->head.passed.v[i];
    if (a->generate) {
        if (check_generate(a) || parse_generate(a, a->generate)) return BENCH_USAGE;
    } else if (n == 0) {
        opts_help(&program, 0, stderr);
        return BENCH_USAGE;
    }
    for (int i = 0; i < n; i++)
        if (add_corpus(a, a->head.operands.v[i])) return BENCH_USAGE;
    if (a->gargc > 1 && !a->gbench) return bad(a->gargv[1], "only with --gbench");
    if (a->explain && (a->generate || a->gbench || a->csv))
        return bad("--explain", "not with --generate, --gbench or --csv");
    if (a->html && (a->generate || a->explain || a->gbench))
        return bad("--html", "not with --generate, --explain or --gbench");
    if (!a->md && !a->csv && !a->json && !a->counters && !a->gbench && !a->html) a->md = "-";
    /* A report's folder must take the file before the run, not after it. */
    const char *const reports[][2] = {{"--md", a->md},
                                      {"--csv", a->csv},
                                      {"--json", a->json},
                                      {"--counters", a->counters},
                                      {"--html", a->html}};
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
        const char *path = reports[i][1];
        if (!path || strcmp(path, "-") == 0) continue;
        const char *slash = strrchr(path, '/');
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
        if (access(dir, W_OK) != 0)
            return opts_usage_error(&program, 0, "%s %s: cannot write in %s: %s", reports[i][0],
                                    path, dir, strerror(errno));
    }
    return -1;
}

/* ---- Loading -------------------------------------------------------------------- */

static const char WHO[] = "rulegrid-bench"; /* its messages' prefix (say.h) */

/* A progress line on standard error, unless quiet: a path or name in it is
 * shown as the messages show it (say.h). */
static void progress(int quiet, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void progress(int quiet, const char *fmt, ...)
{
    if (quiet) return;
    va_list ap;
    va_start(ap, fmt);
    say_v(stderr, NULL, fmt, ap);
    va_end(ap);
}

static int report_error(const rg_error *err)
{
    char buf[2048];
    rg_error_format(err, buf, sizeof buf);
    fprintf(stderr, "rulegrid-bench: %s\n", buf);
    return BENCH_USAGE;
}

static int load(args *a, rg_registry **reg, rg_puzzle **templ)
{
    rg_error err;
    rg_error_clear(&err);
    *reg = rg_registry_new();
    if (!*reg) return report_error(&err);
    int loaded = rg_registry_load_default(*reg, a->plugins.v, rg_builtin_plugin_dir(), &err);
    for (int i = 0, n = rg_registry_skipped_count(*reg); i < n; i++) {
        const char *file = NULL, *why = NULL;
        rg_registry_skipped(*reg, i, &file, &why);
        say_as(WHO, "warning: %s: skipped: %s", file, why);
    }
    if (loaded != RG_OK) return report_error(&err);
    if (a->templ && rg_puzzle_read_file(*reg, a->templ, templ, &err) != RG_OK)
        return report_error(&err);
    for (int i = 0; i < a->ncorpora; i++) {
        progress(a->quiet, "reading %s", a->corpora[i].path);
        a->corpora[i].budget = a->su.memory;
        if (bench_corpus_load(&a->corpora[i], *reg, *templ, &err) != BENCH_OK)
            return report_error(&err);
    }
    return BENCH_OK;
}

/* ---- Running the grid -------------------------------------------------------------- */

static int count_cells(args *a, bench_cell *cells, int n)
{
    char msg[1024];
    for (int i = 0; i < n; i++) {
        bench_cell *c = &cells[i];
        progress(a->quiet, "counting %s, %s, %s", c->corpus->name, rg_strategy_name(c->strategy),
                 rg_heuristic_name(c->heuristic));
        int rc = bench_cell_count(c, &a->su, msg, sizeof msg);
        if (rc) return say_as(WHO, "%s", msg), rc;
    }
    return BENCH_OK;
}

static int time_cells(args *a, bench_cell *cells, int n)
{
    char msg[1024];
    for (int i = 0; i < n && a->su.reps > 0; i++) {
        bench_cell *c = &cells[i];
        progress(a->quiet, "timing %s, %s, %s", c->corpus->name, rg_strategy_name(c->strategy),
                 rg_heuristic_name(c->heuristic));
        int rc = bench_cell_time(c, &a->su, msg, sizeof msg);
        if (rc) return say_as(WHO, "%s", msg), rc;
    }
    return BENCH_OK;
}

/* ---- Google Benchmark ------------------------------------------------------------ */

typedef struct gb_cell {
    bench_cell *cell;
    const bench_setup *su;
    int counted;    /* 1: the counting pass checked every answer; -1: it failed */
    int *status;    /* the harness's exit status, raised when it fails */
    char why[1024]; /* why it failed */
} gb_cell;

/* The counting pass of a cell the filter selected, once, before its first
 * timed loop: Google Benchmark calls only the benchmarks its filter keeps.
 * 1 when every answer is right. */
static int gb_count(gb_cell *g)
{
    if (g->counted) return g->counted > 0;
    const bench_cell *c = g->cell;
    progress(g->su->quiet, "counting %s, %s, %s", c->corpus->name, rg_strategy_name(c->strategy),
             rg_heuristic_name(c->heuristic));
    int rc = bench_cell_count(g->cell, g->su, g->why, sizeof g->why);
    g->counted = rc ? -1 : 1;
    if (rc) {
        say_as(WHO, "%s", g->why);
        if (rc > *g->status) *g->status = rc;
    }
    return !rc;
}

static void gb_pass(gb_state *st, void *ctx)
{
    gb_cell *g = ctx;
    const bench_cell *c = g->cell;
    char msg[1024];
    double wall, root, search, sum_root = 0, sum_search = 0;
    long iters = 0;
    if (!gb_count(g)) {
        gb_skip_with_error(st, g->why);
        return;
    }
    while (gb_keep_running(st)) {
        if (bench_cell_pass(c, g->su, &wall, &root, &search, msg, sizeof msg) != BENCH_OK) {
            gb_skip_with_error(st, msg);
            break;
        }
        sum_root += root, sum_search += search, iters++;
    }
    double np = (double)c->puzzles, runs = iters > 0 ? (double)iters * np : 1;
    gb_set_counter(st, "puzzles/s", np, GB_RATE);
    gb_set_counter(st, "us/puzzle", (sum_root + sum_search) / runs, GB_VALUE);
    gb_set_counter(st, "root_us", sum_root / runs, GB_VALUE);
    gb_set_counter(st, "no_guess_%", 100.0 * (double)c->no_guess / np, GB_VALUE);
    gb_set_counter(st, "guesses/puzzle", c->guesses_mean, GB_VALUE);
    gb_set_counter(st, "nodes/puzzle", (double)c->nodes / np, GB_VALUE);
    gb_set_counter(st, "propagations/puzzle", (double)c->propagations / np, GB_VALUE);
}

static int run_gbench(args *a, bench_cell *cells, int n, const bench_stamp *st)
{
    gb_cell *g = calloc((size_t)n, sizeof *g);
    if (!g) return bad("benchmarks", "out of memory");
    int status = BENCH_OK;
    gb_add_context("rulegrid_commit", st->commit);
    gb_add_context("rulegrid_compiler", st->compiler);
    gb_add_context("rulegrid_flags", st->flags);
    for (int i = 0; i < n; i++) {
        char name[512];
        snprintf(name, sizeof name, "%s/%s/%s", cells[i].corpus->name, cells[i].label,
                 rg_heuristic_name(cells[i].heuristic));
        g[i] = (gb_cell){.cell = &cells[i], .su = &a->su, .status = &status};
        gb_register(name, gb_pass, &g[i]);
    }
    int rc = gb_run(&a->gargc, a->gargv) ? BENCH_USAGE : status;
    free(g);
    return rc;
}

/* ---- Reports ---------------------------------------------------------------------- */

enum { R_MD, R_CSV, R_JSON, R_COUNTERS, R_HTML };

/* One report of either mode: the cells, or a->gens with --generate. */
static void emit(FILE *f, int kind, const args *a, const bench_stamp *st, const bench_cell *cells,
                 int n)
{
    const bench_setup *su = &a->su;
    if (a->ngens) {
        switch (kind) {
        case R_MD: bench_report_gen_markdown(f, st, su, a->gens, a->ngens); break;
        case R_CSV: bench_report_gen_csv(f, st, su, a->gens, a->ngens); break;
        case R_JSON: bench_report_gen_json(f, st, su, a->gens, a->ngens); break;
        default: bench_report_gen_counters(f, a->gens, a->ngens); break;
        }
        return;
    }
    switch (kind) {
    case R_MD: bench_report_markdown(f, st, su, cells, n); break;
    case R_CSV: bench_report_csv(f, st, su, cells, n); break;
    case R_JSON: bench_report_json(f, st, su, cells, n); break;
    case R_HTML: bench_report_html(f, st, su, cells, n); break;
    default: bench_report_counters(f, cells, n); break;
    }
}

static int write_report(const char *path, int kind, const args *a, const bench_stamp *st,
                        const bench_cell *cells, int n)
{
    if (!path) return BENCH_OK;
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f) {
        say_as(WHO, "%s: %s", path, strerror(errno));
        return BENCH_USAGE;
    }
    emit(f, kind, a, st, cells, n);
    int bad_write = ferror(f);
    if (f != stdout)
        bad_write |= fclose(f) != 0;
    else
        fflush(f);
    if (bad_write) say_as(WHO, "%s: cannot write", path);
    return bad_write ? BENCH_USAGE : BENCH_OK;
}

static int reports(const args *a, const bench_stamp *st, const bench_cell *cells, int n)
{
    int rc = write_report(a->md, R_MD, a, st, cells, n);
    if (!rc) rc = write_report(a->csv, R_CSV, a, st, cells, n);
    if (!rc) rc = write_report(a->json, R_JSON, a, st, cells, n);
    if (!rc) rc = write_report(a->counters, R_COUNTERS, a, st, cells, n);
    if (!rc) rc = write_report(a->html, R_HTML, a, st, cells, n);
    return rc;
}

/* ---- The generation mode ----------------------------------------------------------- */

/* Every preset counted and verified first, then timed. */
static int run_presets(args *a)
{
    char msg[1024];
    int rc = BENCH_OK;
    for (int i = 0; !rc && i < a->ngens; i++) {
        bench_gen *g = &a->gens[i];
        progress(a->quiet, "generating and verifying %ld %s", g->count, g->preset);
        if ((rc = bench_gen_count(g, &a->su, msg, sizeof msg))) say_as(WHO, "%s", msg);
    }
    for (int i = 0; !rc && i < a->ngens && a->su.reps > 0; i++) {
        bench_gen *g = &a->gens[i];
        progress(a->quiet, "timing %s", g->preset);
        if ((rc = bench_gen_time(g, &a->su, msg, sizeof msg))) say_as(WHO, "%s", msg);
    }
    return rc;
}

/* The generators, the passes, then the reports. */
static int run_generate(args *a)
{
    rg_registry *reg = NULL;
    rg_puzzle *templ = NULL;
    rg_generator **gens = calloc((size_t)a->ngens, sizeof *gens);
    int rc = gens ? load(a, &reg, &templ) : bad("generators", "out of memory");
    rg_error err;
    for (int i = 0; !rc && i < a->ngens; i++) {
        rg_error_clear(&err);
        if (rg_generator_preset(reg, presets, a->gens[i].preset, &gens[i], &err) != RG_OK)
            rc = report_error(&err);
        a->gens[i].gen = gens[i];
    }
    if (!rc) rc = run_presets(a);
    bench_stamp st;
    bench_stamp_fill(&st);
    if (!rc) rc = reports(a, &st, NULL, 0);
    for (int i = 0; gens && i < a->ngens; i++) rg_generator_free(gens[i]);
    free(gens);
    rg_puzzle_free(templ);
    rg_registry_free(reg);
    return rc;
}

/* ---- The explanation mode ---------------------------------------------------------- */

static int explain_reports(const args *a, const bench_stamp *st, const bench_explain *x)
{
    const char *paths[] = {a->md, a->json, a->counters};
    for (int k = 0; k < 3; k++) {
        if (!paths[k]) continue;
        FILE *f = strcmp(paths[k], "-") == 0 ? stdout : fopen(paths[k], "w");
        if (!f) {
            say_as(WHO, "%s: %s", paths[k], strerror(errno));
            return BENCH_USAGE;
        }
        if (k == 0) bench_report_explain_markdown(f, st, &a->su, x, a->ncorpora);
        if (k == 1) bench_report_explain_json(f, st, &a->su, x, a->ncorpora);
        if (k == 2) bench_report_explain_counters(f, x, a->ncorpora);
        int failed = ferror(f);
        if (f == stdout)
            fflush(f);
        else
            failed |= fclose(f) != 0;
        if (failed) return say_as(WHO, "%s: cannot write", paths[k]), BENCH_USAGE;
    }
    return BENCH_OK;
}

/* Every corpus explained and checked, then timed, then the reports (no CSV). */
static int run_explain(args *a)
{
    rg_registry *reg = NULL;
    rg_puzzle *templ = NULL;
    bench_explain *x = calloc((size_t)a->ncorpora + 1, sizeof *x);
    int rc = x ? load(a, &reg, &templ) : bad("explain", "out of memory");
    char msg[1024];
    for (int i = 0; !rc && i < a->ncorpora; i++) {
        x[i].corpus = &a->corpora[i];
        progress(a->quiet, "explaining %s", x[i].corpus->name);
        rc = bench_explain_count(&x[i], &a->su, msg, sizeof msg);
        if (!rc && a->su.reps > 0) {
            progress(a->quiet, "timing %s", x[i].corpus->name);
            rc = bench_explain_time(&x[i], &a->su, msg, sizeof msg);
        }
        if (rc) say_as(WHO, "%s", msg);
    }
    bench_stamp st;
    bench_stamp_fill(&st);
    if (!rc) rc = explain_reports(a, &st, x);
    free(x);
    for (int i = 0; i < a->ncorpora; i++) bench_corpus_free(&a->corpora[i]);
    rg_puzzle_free(templ);
    rg_registry_free(reg);
    return rc;
}

/* The cells of the grid: corpus by corpus, each heuristic, each level. */
static bench_cell *make_cells(args *a, int *n)
{
    /* Each level as it is, then with the fast path off, then with the
     * implied propagators on, as asked. */
    static const char *const suffix[3] = {"", ":general", ":implied"};
    int ways[3], paths = 0;
    ways[paths++] = 0;
    if (a->general) ways[paths++] = 1;
    if (a->implied) ways[paths++] = 2;
    *n = a->ncorpora * a->heuristics.n * a->levels.n * paths;
    bench_cell *cells = calloc((size_t)*n + 1, sizeof *cells);
    for (int i = 0, k = 0; cells && i < a->ncorpora; i++)
        for (int h = 0; h < a->heuristics.n; h++)
            for (int l = 0; l < a->levels.n; l++)
                for (int g = 0; g < paths; g++, k++) {
                    bench_cell *c = &cells[k];
                    c->corpus = &a->corpora[i];
                    c->heuristic = a->heuristics.v[h];
                    c->strategy = a->levels.v[l];
                    c->general = ways[g] == 1;
                    c->implied = ways[g] == 2;
                    snprintf(c->label, sizeof c->label, "%s%s", rg_strategy_name(c->strategy),
                             suffix[ways[g]]);
                }
    return cells;
}

static int run(args *a)
{
    /* Under mpirun only the grid's solving is shared; the rest is rank 0's.
     * Google Benchmark picks its repetitions by the clock: ranks would not
     * keep in step. */
    if (bench_mpi_size() > 1 && a->gbench) return bad("--gbench", "not under mpirun");
    if (bench_mpi_rank() > 0 && (a->ngens || a->explain)) return BENCH_OK;
    if (a->ngens) return run_generate(a);
    if (a->explain) return run_explain(a);
    rg_registry *reg = NULL;
    rg_puzzle *templ = NULL;
    bench_cell *cells = NULL;
    int n = 0, rc = load(a, &reg, &templ);
    if (!rc && !(cells = make_cells(a, &n))) rc = bad("cells", "out of memory");
    bench_stamp st;
    bench_stamp_fill(&st);
    /* With --gbench each cell is counted when its benchmark first runs. */
    if (!rc && a->gbench) {
        rc = run_gbench(a, cells, n, &st);
    } else if (!rc) {
        rc = count_cells(a, cells, n);
        if (!rc) rc = time_cells(a, cells, n);
    }
    if (!rc && bench_mpi_rank() == 0) rc = reports(a, &st, cells, n);
    free(cells);
    for (int i = 0; i < a->ncorpora; i++) bench_corpus_free(&a->corpora[i]);
    rg_puzzle_free(templ);
    rg_registry_free(reg);
    return rc;
}

int main(int argc, char **argv)
{
    bench_mpi_begin(&argc, &argv);
    args a;
    int rc = parse_args(&a, argc, argv);
    if (rc < 0) rc = run(&a);
    if (say_stdout_flushed(WHO) && rc < BENCH_USAGE) rc = BENCH_USAGE;
    opts_free(&program, &a.head);
    free(a.corpora);
    free(a.gargv);
    free(a.gens);
    rg_presets_free(presets);
    bench_mpi_end();
    return rc;
}
