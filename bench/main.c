/* rulegrid-bench: the grid of strategy levels × heuristics × corpora. Reads
 * every corpus first, counts and checks each cell, then times it (or hands
 * the cells to Google Benchmark with --gbench), then writes the reports.
 * With --generate: the same for puzzles made from presets (generate.c). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "gbench.h"

#define MAX_DIRS 16

typedef struct args {
    bench_setup su;
    int levels[RG_STRATEGY_COUNT], nlevels;
    int heuristics[RG_HEURISTIC_COUNT], nheuristics;
    const char *dirs[MAX_DIRS + 1];
    int ndirs;
    const char *templ;
    const char *md, *csv, *json, *counters;
    int gbench, quiet;
    bench_corpus *corpora;
    int ncorpora;
    char **gargv; /* argv[0] and the --benchmark_* flags */
    int gargc;
    bench_gen *gens; /* --generate: one per preset asked for */
    int ngens;
    unsigned given; /* bit k: option k (O_*) was given */
} args;

static void usage(FILE *f)
{
    fputs("usage: rulegrid-bench [options] CORPUS[:N]...\n"
          "Runs every corpus (classic lines, .jsonl, or one .json document; CORPUS:N takes\n"
          "its first N puzzles) "
          "at every strategy level and heuristic, checks every answer, then times it.\n"
          "  -s, --strategy LIST  levels, comma-separated, or all\n"
          "                       (default propagate,singles,intersections,subsets)\n"
          "  -H, --heuristic LIST heuristics, comma-separated, or all (default domwdeg)\n"
          "  -r, --reps N         timed passes per cell, the median quoted (default 3;\n"
          "                       0: counters only)\n"
          "  -j, --jobs N         worker threads (default 1); counters do not depend on it\n"
          "  --limit N            count solutions up to N (default 2: prove uniqueness)\n"
          "  --seed N             puzzle i is solved with seed N + i (default 1)\n"
          "  --values ORDER       ascending (default) or random\n"
          "  --nodes N, --time S  limits per puzzle (a puzzle stopped counts as unknown)\n"
          "  --plugins DIR        also load the plugins of DIR (repeatable)\n"
          "  --template FILE      classic lines are givens of FILE's board and rules\n"
          "  --md FILE, --csv FILE, --json FILE, --counters FILE\n"
          "                       reports ('-' is standard output; default: --md -)\n"
          "  --gbench             time the cells with Google Benchmark; --benchmark_* flags\n"
          "                       (filter, repetitions, format, out ...) are passed to it\n"
          "  -q, --quiet          no progress lines on standard error\n"
          "  --generate PRESET[:N][,PRESET[:N]...] or all\n"
          "                       instead of corpora: make N puzzles (default 20) of each\n"
          "                       preset with seeds seed + i, verify each (unique by a count\n"
          "                       of its own, solution checked), then time the generation;\n"
          "                       -r, -j, --seed, --plugins and the reports apply\n"
          "Exit status: 0 done, 1 a wrong answer (or a puzzle not made), 2 bad usage or\n"
          "unreadable input.\n",
          f);
}

static int bad(const char *what, const char *value)
{
    fprintf(stderr, "rulegrid-bench: %s: %s\n", what, value);
    return BENCH_USAGE;
}

static int parse_long(const char *opt, const char *s, long min, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min) {
        fprintf(stderr, "rulegrid-bench: %s: '%s' is not a whole number of at least %ld\n", opt,
                s, min);
        return BENCH_USAGE;
    }
    *out = v;
    return BENCH_OK;
}

/* A comma-separated list of names (or "all") into indexes. */
static int parse_list(const char *opt, const char *s, int count, int (*find)(const char *),
                      int *out, int *n)
{
    *n = 0;
    if (strcmp(s, "all") == 0) {
        for (int i = 0; i < count; i++) out[(*n)++] = i;
        return BENCH_OK;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int v = find(t);
        if (v < 0) {
            fprintf(stderr, "rulegrid-bench: %s: unknown name '%s'\n", opt, t);
            return BENCH_USAGE;
        }
        if (*n == count) return bad(opt, "a name given twice");
        out[(*n)++] = v;
    }
    return *n ? BENCH_OK : bad(opt, "empty list");
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
    if (stat(arg, &sb) == 0 || !count_suffix) return BENCH_OK;
    if (parse_long(arg, colon + 1, 1, &c->take)) return BENCH_USAGE;
    c->path[colon - arg] = 0;
    return BENCH_OK;
}

static const char *const default_levels = "propagate,singles,intersections,subsets";

/* Options with a value: "--opt V" or "--opt=V". */
static const char *value_of(int argc, char **argv, int *i, const char *opt, const char *shrt)
{
    const char *s = argv[*i];
    size_t n = strlen(opt);
    if (strncmp(s, opt, n) == 0 && s[n] == '=') return s + n + 1;
    if (shrt && strncmp(s, shrt, 2) == 0 && s[2]) return s + 2; /* -j2 */
    if (strcmp(s, opt) == 0 || (shrt && strcmp(s, shrt) == 0)) {
        if (*i + 1 >= argc) return NULL;
        return argv[++*i];
    }
    return NULL;
}

static int is_opt(const char *s, const char *opt, const char *shrt)
{
    size_t n = strlen(opt);
    return strcmp(s, opt) == 0 || (shrt && strncmp(s, shrt, 2) == 0) ||
           (strncmp(s, opt, n) == 0 && s[n] == '=');
}

enum {
    O_STRATEGY, O_HEURISTIC, O_REPS, O_JOBS, O_LIMIT, O_SEED, O_VALUES, O_NODES, O_TIME,
    O_PLUGINS, O_TEMPLATE, O_MD, O_CSV, O_JSON, O_COUNTERS, O_GENERATE, O_COUNT
};

static const struct {
    const char *opt, *shrt;
} valued[O_COUNT] = {
    [O_STRATEGY] = {"--strategy", "-s"}, [O_HEURISTIC] = {"--heuristic", "-H"},
    [O_REPS] = {"--reps", "-r"},         [O_JOBS] = {"--jobs", "-j"},
    [O_LIMIT] = {"--limit", NULL},       [O_SEED] = {"--seed", NULL},
    [O_VALUES] = {"--values", NULL},     [O_NODES] = {"--nodes", NULL},
    [O_TIME] = {"--time", NULL},         [O_PLUGINS] = {"--plugins", NULL},
    [O_TEMPLATE] = {"--template", NULL}, [O_MD] = {"--md", NULL},
    [O_CSV] = {"--csv", NULL},           [O_JSON] = {"--json", NULL},
    [O_COUNTERS] = {"--counters", NULL}, [O_GENERATE] = {"--generate", NULL},
};

/* A whole number option of at most max into an int. */
static int set_int(const char *opt, const char *v, long min, long max, int *out)
{
    long x;
    if (parse_long(opt, v, min, &x)) return BENCH_USAGE;
    if (x > max) {
        fprintf(stderr, "rulegrid-bench: %s: at most %ld\n", opt, max);
        return BENCH_USAGE;
    }
    *out = (int)x;
    return BENCH_OK;
}

/* Puzzles per preset when --generate names none. */
#define GEN_DEFAULT_COUNT 20

/* The presets of the preset folders, read once. */
static rg_presets *presets;

static int load_presets(const char *opt)
{
    rg_error err;
    if (presets || rg_presets_load(NULL, rg_builtin_preset_dir(), &presets, &err) == RG_OK)
        return BENCH_OK;
    return bad(opt, err.message);
}

/* --generate: "all", or PRESET[:N] items, comma-separated. */
static int parse_generate(args *a, const char *opt, const char *v)
{
    if (load_presets(opt)) return BENCH_USAGE;
    int np = rg_presets_count(presets);
    free(a->gens);
    a->ngens = 0;
    if (!(a->gens = calloc((size_t)np, sizeof *a->gens))) return bad("out of memory", opt);
    if (strcmp(v, "all") == 0 || strncmp(v, "all:", 4) == 0) {
        long count = GEN_DEFAULT_COUNT;
        if (v[3] && parse_long(opt, v + 4, 1, &count)) return BENCH_USAGE;
        for (int i = 0; i < np; i++)
            a->gens[a->ngens++] = (bench_gen){.preset = rg_presets_name(presets, i), .count = count};
        return BENCH_OK;
    }
    char buf[1024];
    if (strlen(v) >= sizeof buf) return bad(opt, "list too long");
    snprintf(buf, sizeof buf, "%s", v);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        long count = GEN_DEFAULT_COUNT;
        char *colon = strchr(t, ':');
        if (colon) {
            *colon = 0;
            if (parse_long(opt, colon + 1, 1, &count)) return BENCH_USAGE;
        }
        int p = rg_presets_find(presets, t);
        if (p < 0) {
            fprintf(stderr, "rulegrid-bench: %s: unknown preset '%s' (one of", opt, t);
            for (int i = 0; i < np; i++)
                fprintf(stderr, "%s %s", i ? "," : "", rg_presets_name(presets, i));
            fputs(", or all)\n", stderr);
            return BENCH_USAGE;
        }
        for (int i = 0; i < a->ngens; i++)
            if (strcmp(a->gens[i].preset, t) == 0) return bad(opt, "a preset given twice");
        a->gens[a->ngens++] = (bench_gen){.preset = rg_presets_name(presets, p), .count = count};
    }
    return a->ngens ? BENCH_OK : bad(opt, "empty list");
}

static int set_option(args *a, int k, const char *opt, const char *v)
{
    long x;
    a->given |= 1u << k;
    switch (k) {
    case O_STRATEGY:
        return parse_list(opt, v, RG_STRATEGY_COUNT, rg_strategy_parse, a->levels, &a->nlevels);
    case O_HEURISTIC:
        return parse_list(opt, v, RG_HEURISTIC_COUNT, rg_heuristic_parse, a->heuristics,
                          &a->nheuristics);
    case O_REPS: return set_int(opt, v, 0, 1000, &a->su.reps);
    case O_JOBS: return set_int(opt, v, 1, 256, &a->su.threads);
    case O_LIMIT: return parse_long(opt, v, 1, &a->su.limit);
    case O_SEED:
    case O_NODES:
        if (parse_long(opt, v, 0, &x)) return BENCH_USAGE;
        *(k == O_SEED ? &a->su.seed : &a->su.max_nodes) = (uint64_t)x;
        return BENCH_OK;
    case O_VALUES:
        if (strcmp(v, "ascending") == 0) a->su.values = RG_VALUES_ASCENDING;
        else if (strcmp(v, "random") == 0) a->su.values = RG_VALUES_RANDOM;
        else return bad(opt, "ascending or random");
        return BENCH_OK;
    case O_TIME: {
        char *end;
        double t = strtod(v, &end);
        if (end == v || *end || !(t >= 0)) return bad(opt, "a number of seconds");
        a->su.max_seconds = t;
        return BENCH_OK;
    }
    case O_PLUGINS:
        if (a->ndirs == MAX_DIRS) return bad(opt, "too many folders");
        a->dirs[a->ndirs++] = v;
        return BENCH_OK;
    case O_TEMPLATE: a->templ = v; return BENCH_OK;
    case O_MD: a->md = v; return BENCH_OK;
    case O_CSV: a->csv = v; return BENCH_OK;
    case O_JSON: a->json = v; return BENCH_OK;
    case O_GENERATE: return parse_generate(a, opt, v);
    default: a->counters = v; return BENCH_OK;
    }
}

static int parse_option(args *a, int argc, char **argv, int *i)
{
    const char *s = argv[*i], *v;
    int k = 0;
    while (k < O_COUNT && !is_opt(s, valued[k].opt, valued[k].shrt)) k++;
    if (k == O_COUNT) return bad("unknown option", s);
    if (!(v = value_of(argc, argv, i, valued[k].opt, valued[k].shrt)))
        return bad(valued[k].opt, "needs a value");
    return set_option(a, k, valued[k].opt, v);
}

/* Returns -1 to go on, else an exit status. */
static int parse_args(args *a, int argc, char **argv)
{
    a->su.limit = 2;
    a->su.seed = 1;
    a->su.threads = 1;
    a->su.reps = 3;
    a->corpora = calloc((size_t)argc, sizeof *a->corpora);
    a->gargv = calloc((size_t)argc + 1, sizeof *a->gargv);
    if (!a->corpora || !a->gargv) return bad("out of memory", "arguments");
    a->gargv[a->gargc++] = argv[0];
    parse_list("--strategy", default_levels, RG_STRATEGY_COUNT, rg_strategy_parse, a->levels,
               &a->nlevels);
    a->heuristics[a->nheuristics++] = RG_HEURISTIC_DOMWDEG;
    int only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc = BENCH_OK;
        if (only_files || s[0] != '-' || strcmp(s, "-") == 0) rc = add_corpus(a, s);
        else if (strcmp(s, "--") == 0) only_files = 1;
        else if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) return usage(stdout), BENCH_OK;
        else if (strcmp(s, "-q") == 0 || strcmp(s, "--quiet") == 0) a->quiet = 1;
        else if (strcmp(s, "--gbench") == 0) a->gbench = 1;
        else if (strncmp(s, "--benchmark_", 12) == 0) a->gargv[a->gargc++] = argv[i];
        else rc = parse_option(a, argc, argv, &i);
        if (rc) return rc;
    }
    if (a->ngens) {
        /* Options of the solving grid that generation has no use for. */
        const int unused[] = {O_STRATEGY, O_HEURISTIC, O_LIMIT, O_VALUES,
                              O_NODES,    O_TIME,      O_TEMPLATE};
        for (size_t k = 0; k < sizeof unused / sizeof *unused; k++)
            if (a->given & (1u << unused[k]))
                return bad(valued[unused[k]].opt, "not with --generate");
        if (a->gbench) return bad("--gbench", "not with --generate");
        if (a->ncorpora) return bad(a->corpora[0].path, "no corpus with --generate");
    } else if (a->ncorpora == 0) {
        usage(stderr);
        return BENCH_USAGE;
    }
    if (a->gargc > 1 && !a->gbench) return bad(a->gargv[1], "only with --gbench");
    if (!a->md && !a->csv && !a->json && !a->counters && !a->gbench) a->md = "-";
    return -1;
}

/* ---- Loading -------------------------------------------------------------------- */

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
    if (!*reg) return bad("out of memory", "registry");
    a->dirs[a->ndirs] = NULL;
    if (rg_registry_load_default(*reg, a->dirs, rg_builtin_plugin_dir(), &err) != RG_OK)
        return report_error(&err);
    if (a->templ && rg_puzzle_read_file(*reg, a->templ, templ, &err) != RG_OK)
        return report_error(&err);
    for (int i = 0; i < a->ncorpora; i++) {
        if (!a->quiet) fprintf(stderr, "reading %s\n", a->corpora[i].path);
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
        if (!a->quiet)
            fprintf(stderr, "counting %s, %s, %s\n", c->corpus->name,
                    rg_strategy_name(c->strategy), rg_heuristic_name(c->heuristic));
        int rc = bench_cell_count(c, &a->su, msg, sizeof msg);
        if (rc) return fprintf(stderr, "rulegrid-bench: %s\n", msg), rc;
    }
    return BENCH_OK;
}

static int time_cells(args *a, bench_cell *cells, int n)
{
    char msg[1024];
    for (int i = 0; i < n && a->su.reps > 0; i++) {
        bench_cell *c = &cells[i];
        if (!a->quiet)
            fprintf(stderr, "timing %s, %s, %s\n", c->corpus->name,
                    rg_strategy_name(c->strategy), rg_heuristic_name(c->heuristic));
        int rc = bench_cell_time(c, &a->su, msg, sizeof msg);
        if (rc) return fprintf(stderr, "rulegrid-bench: %s\n", msg), rc;
    }
    return BENCH_OK;
}

/* ---- Google Benchmark ------------------------------------------------------------ */

typedef struct gb_cell {
    bench_cell *cell;
    const bench_setup *su;
} gb_cell;

static void gb_pass(gb_state *st, void *ctx)
{
    gb_cell *g = ctx;
    const bench_cell *c = g->cell;
    char msg[1024];
    double wall, root, search, sum_root = 0, sum_search = 0;
    long iters = 0;
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
    if (!g) return bad("out of memory", "benchmarks");
    gb_add_context("rulegrid_commit", st->commit);
    gb_add_context("rulegrid_compiler", st->compiler);
    gb_add_context("rulegrid_flags", st->flags);
    for (int i = 0; i < n; i++) {
        char name[512];
        snprintf(name, sizeof name, "%s/%s/%s", cells[i].corpus->name,
                 rg_strategy_name(cells[i].strategy), rg_heuristic_name(cells[i].heuristic));
        g[i].cell = &cells[i];
        g[i].su = &a->su;
        gb_register(name, gb_pass, &g[i]);
    }
    int rc = gb_run(&a->gargc, a->gargv) ? BENCH_USAGE : BENCH_OK;
    free(g);
    return rc;
}

/* ---- Reports ---------------------------------------------------------------------- */

enum { R_MD, R_CSV, R_JSON, R_COUNTERS };

/* One report of either mode: the cells, or a->gens with --generate. */
static void emit(FILE *f, int kind, const args *a, const bench_stamp *st,
                 const bench_cell *cells, int n)
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
    default: bench_report_counters(f, cells, n); break;
    }
}

static int write_report(const char *path, int kind, const args *a, const bench_stamp *st,
                        const bench_cell *cells, int n)
{
    if (!path) return BENCH_OK;
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f) return bad(path, strerror(errno));
    emit(f, kind, a, st, cells, n);
    int bad_write = ferror(f);
    if (f != stdout) bad_write |= fclose(f) != 0;
    else fflush(f);
    return bad_write ? bad(path, "cannot write") : BENCH_OK;
}

static int reports(const args *a, const bench_stamp *st, const bench_cell *cells, int n)
{
    int rc = write_report(a->md, R_MD, a, st, cells, n);
    if (!rc) rc = write_report(a->csv, R_CSV, a, st, cells, n);
    if (!rc) rc = write_report(a->json, R_JSON, a, st, cells, n);
    if (!rc) rc = write_report(a->counters, R_COUNTERS, a, st, cells, n);
    return rc;
}

/* ---- The generation mode ----------------------------------------------------------- */

/* Every preset counted and verified first, then timed, then the reports. */
static int run_generate(args *a)
{
    rg_registry *reg = NULL;
    rg_puzzle *templ = NULL;
    rg_generator **gens = calloc((size_t)a->ngens, sizeof *gens);
    int rc = gens ? load(a, &reg, &templ) : bad("out of memory", "generators");
    char msg[1024];
    rg_error err;
    for (int i = 0; !rc && i < a->ngens; i++) {
        rg_error_clear(&err);
        if (rg_generator_preset(reg, presets, a->gens[i].preset, &gens[i], &err) != RG_OK)
            rc = report_error(&err);
        a->gens[i].gen = gens[i];
    }
    for (int i = 0; !rc && i < a->ngens; i++) {
        bench_gen *g = &a->gens[i];
        if (!a->quiet)
            fprintf(stderr, "generating and verifying %ld %s\n", g->count,
                    g->preset);
        if ((rc = bench_gen_count(g, &a->su, msg, sizeof msg)))
            fprintf(stderr, "rulegrid-bench: %s\n", msg);
    }
    for (int i = 0; !rc && i < a->ngens && a->su.reps > 0; i++) {
        bench_gen *g = &a->gens[i];
        if (!a->quiet) fprintf(stderr, "timing %s\n", g->preset);
        if ((rc = bench_gen_time(g, &a->su, msg, sizeof msg)))
            fprintf(stderr, "rulegrid-bench: %s\n", msg);
    }
    bench_stamp st;
    bench_stamp_fill(&st);
    if (!rc) rc = reports(a, &st, NULL, 0);
    for (int i = 0; gens && i < a->ngens; i++) rg_generator_free(gens[i]);
    free(gens);
    rg_puzzle_free(templ);
    rg_registry_free(reg);
    return rc;
}

static int run(args *a)
{
    if (a->ngens) return run_generate(a);
    rg_registry *reg = NULL;
    rg_puzzle *templ = NULL;
    bench_cell *cells = NULL;
    int rc = load(a, &reg, &templ);
    int n = a->ncorpora * a->nheuristics * a->nlevels;
    if (!rc && !(cells = calloc((size_t)n, sizeof *cells))) rc = bad("out of memory", "cells");
    for (int i = 0, k = 0; !rc && i < a->ncorpora; i++)
        for (int h = 0; h < a->nheuristics; h++)
            for (int l = 0; l < a->nlevels; l++, k++) {
                cells[k].corpus = &a->corpora[i];
                cells[k].heuristic = a->heuristics[h];
                cells[k].strategy = a->levels[l];
            }
    bench_stamp st;
    bench_stamp_fill(&st);
    if (!rc) rc = count_cells(a, cells, n);
    if (!rc && a->gbench) rc = run_gbench(a, cells, n, &st);
    else if (!rc) rc = time_cells(a, cells, n);
    if (!rc) rc = reports(a, &st, cells, n);
    free(cells);
    for (int i = 0; i < a->ncorpora; i++) bench_corpus_free(&a->corpora[i]);
    rg_puzzle_free(templ);
    rg_registry_free(reg);
    return rc;
}

int main(int argc, char **argv)
{
    args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(&a, argc, argv);
    if (rc < 0) rc = run(&a);
    free(a.corpora);
    free(a.gargv);
    free(a.gens);
    rg_presets_free(presets);
    return rc;
}
