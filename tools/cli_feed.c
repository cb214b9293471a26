/* The entries of solve, count, check and candidates: read one input after
 * another in a stream, skipped when --resume holds them, handed to the
 * workers of cli_pool.c, printed back in input order by the command. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli_pool.h"
#include "cli_resume.h"

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cli_feed_start(cli_feed *f, const cli_options *o, int search, size_t size,
                   void (*fn)(void *items, int n, int worker, void *ctx))
{
    f->jobs = o->head.given[CLI_OPT_JOBS] ? (int)o->jobs : 1;
    if (search) {
        if (!(f->solvers = calloc((size_t)f->jobs, sizeof *f->solvers))) goto nomem;
        for (int k = 0; k < f->jobs; k++)
            if (!(f->solvers[k] = rg_solver_new())) goto nomem;
    }
    /* One entry at a time on one thread. With more, batches of 16 keep the
     * cost of handing work over small against a puzzle's (a few us on the
     * 17-clue list), and 4 batches a worker let the others go on past a
     * hard puzzle at the head of the window. */
    int batch = f->jobs == 1 ? 1 : 16, window = f->jobs == 1 ? 1 : 4 * f->jobs;
    if ((f->pool = cli_pool_new(f->jobs, window, batch, size, fn, f->ctx))) return 0;
nomem:
    fputs("rulegrid: out of memory (or no worker thread)\n", stderr);
    return 2;
}

void *cli_feed_oldest(cli_feed *f) { return cli_pool_take(f->pool); }

void cli_feed_pop(cli_feed *f)
{
    cli_entry *e = cli_pool_take(f->pool);
    rg_puzzle_free(e->p);
    free(e->text);
    cli_pool_pop(f->pool);
}

/* The next free entry, printing the oldest results while the window is full. */
static cli_entry *next_entry(cli_feed *f, const char *path, int kind)
{
    int printed = 0;
    for (; cli_pool_full(f->pool); printed = 1) f->finish(f->ctx);
    if (printed) fflush(f->out);
    cli_entry *e = cli_pool_slot(f->pool);
    e->path = path;
    e->kind = kind;
    return e;
}

/* e goes to the workers, unless --resume holds its result. */
static void push(cli_feed *f, cli_entry *e, size_t size)
{
    if (f->resume && cli_resume_has(f->resume, f->multi ? e->path : NULL, e->index)) {
        rg_puzzle_free(e->p);
        memset(e, 0, size);
        return;
    }
    cli_pool_push(f->pool);
}

int cli_feed_input(cli_feed *f, const char *path)
{
    size_t size = cli_pool_size(f->pool);
    cli_input in;
    cli_entry *e;
    rg_error err;
    if (cli_input_open(&in, f->reg, path, f->templ, &err) != RG_OK) {
        e = next_entry(f, path, CLI_DOCUMENT);
        e->read = -2;
        e->err = err;
        push(f, e, size);
        cli_input_close(&in);
        return -1;
    }
    if (f->total && strcmp(path, "-") == 0) *f->total += cli_input_estimate_open(&in);
    long entries = 0;
    for (;;) {
        e = next_entry(f, path, in.kind);
        double t0 = seconds_now();
        int rc = cli_input_next(&in, f->reg, &e->p, &e->err);
        e->read_s = seconds_now() - t0;
        if (rc == 0) {
            memset(e, 0, size);
            break;
        }
        entries++;
        e->read = rc;
        e->index = in.index < 0 ? 0 : in.index;
        push(f, e, size);
        if (rc == -2) break;
    }
    if (entries == 0) {
        e = next_entry(f, path, in.kind);
        rg_error_clear(&e->err);
        e->err.code = RG_E_FORMAT;
        snprintf(e->err.file, sizeof e->err.file, "%s", path);
        snprintf(e->err.message, sizeof e->err.message, "no puzzle in this input");
        cli_pool_push(f->pool);
    }
    int kind = in.kind;
    cli_input_close(&in);
    return kind;
}

void cli_feed_drain(cli_feed *f)
{
    while (cli_pool_take(f->pool)) f->finish(f->ctx);
    fflush(f->out);
}

void cli_feed_end(cli_feed *f)
{
    cli_pool_free(f->pool);
    for (int k = 0; f->solvers && k < f->jobs; k++) rg_solver_free(f->solvers[k]);
    free(f->solvers);
}

rg_options cli_entry_options(const rg_options *o, const cli_entry *e)
{
    rg_options r = *o;
    if (r.max_seconds > 0) {
        r.max_seconds -= e->read_s;
        if (r.max_seconds < 1e-6) r.max_seconds = 1e-6;
    }
    return r;
}
