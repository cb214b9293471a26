/* The fuzz targets' shared harness (common.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static rg_registry *registry; /* lives as long as the process: plugins stay loaded */

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

rg_registry *fz_registry(void)
{
    if (registry) return registry;
    rg_error err;
    registry = rg_registry_new();
    if (!registry) fz_fail("no memory for a registry");
    if (rg_registry_load_default(registry, NULL, rg_builtin_plugin_dir(), &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("cannot load the plugins: %s", buf);
    }
    if (rg_registry_type_count(registry) == 0)
        fz_fail("no rule type loaded from %s (set RULEGRID_PLUGIN_PATH or build the plugins)",
                rg_registry_folders(registry));
    return registry;
}

size_t fz_begin(void) { return rg_mem_in_use(); }

void fz_end(size_t before)
{
    size_t now = rg_mem_in_use();
    if (now != before)
        fz_fail("leak: the library holds %zu bytes after this input, %zu before", now, before);
}

uint64_t fz_hash(const uint8_t *data, size_t n)
{
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < n; i++) h = (h ^ data[i]) * 1099511628211u;
    return h;
}

void fz_options(rg_options *o, uint64_t h, uint64_t max_nodes)
{
    rg_options_default(o);
    o->strategy = (int)(h % RG_STRATEGY_COUNT);
    h /= RG_STRATEGY_COUNT;
    o->heuristic = (int)(h % RG_HEURISTIC_COUNT);
    h /= RG_HEURISTIC_COUNT;
    o->values = (int)(h % RG_VALUES_COUNT);
    h /= RG_VALUES_COUNT;
    o->seed = h;
    o->limit = 2;
    o->max_nodes = max_nodes;
    o->max_seconds = 0.2;
    /* For a closer look at one input: FUZZ_STRATEGY=sac FUZZ_HEURISTIC=lookahead. */
    const char *e = getenv("FUZZ_STRATEGY");
    if (e && rg_strategy_parse(e) >= 0) o->strategy = rg_strategy_parse(e);
    e = getenv("FUZZ_HEURISTIC");
    if (e && rg_heuristic_parse(e) >= 0) o->heuristic = rg_heuristic_parse(e);
}

int fz_decided(const rg_result *r) { return !r->stopped; } /* no limit cut it short */

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* FUZZ_TIME_SLACK_MS in the environment: the most a search may run past its
 * time limit (plus 10 %), or -1 when unchecked. */
static double time_slack(void)
{
    static double slack = -2;
    if (slack == -2) {
        const char *e = getenv("FUZZ_TIME_SLACK_MS");
        slack = e && *e ? atof(e) : -1;
    }
    return slack;
}

rg_puzzle *fz_parse_or_fail(const char *text, const char *file, const char *what)
{
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), text, strlen(text), file, 0, &p, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("%s does not read: %s\n%s", what, buf, text);
    }
    return p;
}

void fz_same_count(rg_solver *s, const rg_puzzle *p, const rg_puzzle *q, uint64_t h, uint64_t nodes,
                   const char *what)
{
    rg_options o;
    rg_result rp, rq;
    fz_options(&o, h, nodes);
    fz_solve(s, p, &o, &rp);
    fz_solve(s, q, &o, &rq);
    if (fz_decided(&rp) && fz_decided(&rq) &&
        (rp.status != rq.status || rp.solutions != rq.solutions))
        fz_fail("read: %s (%ld solutions); %s: %s (%ld) (strategy %s)", rg_status_name(rp.status),
                rp.solutions, what, rg_status_name(rq.status), rq.solutions,
                rg_strategy_name(o.strategy));
}

void fz_solve(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_result *r)
{
    rg_error err;
    double start = now_ms();
    int rc = rg_solve(s, p, o, r, &err);
    double took = now_ms() - start, limit = o->max_seconds * 1e3;
    if (time_slack() >= 0 && o->max_seconds > 0 && took > limit * 1.1 + time_slack())
        fz_fail("a search with a limit of %.0f ms ran %.0f ms (strategy %s, heuristic %s, %llu "
                "nodes)",
                limit, took, rg_strategy_name(o->strategy), rg_heuristic_name(o->heuristic),
                (unsigned long long)r->stats.nodes);
    if (rc != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("rg_solve failed (%d): %s", rc, buf);
    }
    if (r->solution && rg_puzzle_check(p, r->solution) != -1)
        fz_fail("the search returned a solution that breaks rule %d (strategy %s, heuristic %s)",
                rg_puzzle_check(p, r->solution), rg_strategy_name(o->strategy),
                rg_heuristic_name(o->heuristic));
}

int fz_verbose(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("FUZZ_VERBOSE");
        v = e && *e && strcmp(e, "0") != 0;
    }
    return v;
}

/* How many solutions a finished search proved, up to 2. */
static long proved(const rg_result *r)
{
    return r->status == RG_STATUS_NONE ? 0 : r->status == RG_STATUS_UNIQUE ? 1 : 2;
}

/* p with its solution as givens has exactly that solution. */
static void solution_is_unique(rg_solver *solver, const rg_puzzle *p, const int *solution,
                               const rg_options *o)
{
    rg_puzzle *q = NULL;
    rg_error err;
    if (rg_puzzle_with_givens(p, solution, &q, &err) != RG_OK)
        fz_fail("rg_puzzle_with_givens refused a solution: %s", err.message);
    rg_result r;
    fz_solve(solver, q, o, &r);
    if (fz_decided(&r) && r.status != RG_STATUS_UNIQUE)
        fz_fail("given its own solution, the puzzle is %s (strategy %s, heuristic %s)",
                rg_status_name(r.status), rg_strategy_name(o->strategy),
                rg_heuristic_name(o->heuristic));
    if (fz_decided(&r) && memcmp(r.solution, solution, sizeof *solution * rg_puzzle_cells(p)))
        fz_fail("given its own solution, the puzzle solves to another grid");
    rg_puzzle_free(q);
}

void fz_search(const rg_puzzle *p, uint64_t h, uint64_t nodes, uint64_t check_nodes)
{
    rg_solver *solver = rg_solver_new();
    if (!solver) fz_fail("no memory for a solver");
    rg_options o, plain;
    rg_result r, rp;
    fz_options(&o, h, nodes);
    fz_solve(solver, p, &o, &r);
    if (r.solution) {
        /* Copied: the next search reuses the buffer r.solution points into. */
        size_t n = (size_t)rg_puzzle_cells(p) * sizeof *r.solution;
        int *copy = malloc(n ? n : 1);
        if (!copy) fz_fail("no memory");
        memcpy(copy, r.solution, n);
        solution_is_unique(solver, p, copy, &o);
        free(copy);
    }
    plain = o;
    plain.strategy = RG_STRATEGY_CHECK;
    plain.max_nodes = check_nodes;
    fz_solve(solver, p, &plain, &rp);
    if (fz_decided(&r) && fz_decided(&rp) && proved(&r) != proved(&rp))
        fz_fail("strategy %s (heuristic %s) says %s, plain backtracking says %s",
                rg_strategy_name(o.strategy), rg_heuristic_name(o.heuristic),
                rg_status_name(r.status), rg_status_name(rp.status));
    if (fz_verbose())
        fprintf(stderr, "%s/%s: %s in %llu nodes; check: %s in %llu nodes\n",
                rg_strategy_name(o.strategy), rg_heuristic_name(o.heuristic),
                rg_status_name(r.status), (unsigned long long)r.stats.nodes,
                rg_status_name(rp.status), (unsigned long long)rp.stats.nodes);
    rg_solver_free(solver);
}

int fz_each_document(const uint8_t *data, size_t size,
                     void (*fn)(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h))
{
    size_t before = fz_begin();
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), (const char *)data, size, "fuzz.json", 0, &p, &err) ==
        RG_OK) {
        fn(p, data, size, fz_hash(data, size));
        rg_puzzle_free(p);
    }
    fz_end(before);
    return 0;
}
