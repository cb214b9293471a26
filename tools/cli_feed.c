/* The entries of solve, count, check and candidates: read one input after
 * another in a stream, skipped when --resume holds them, handed to the
 * workers of cli_pool.c, printed back in input order by the command. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli_mpi.h"
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
    if (f->remote) {
        if (cli_feed_classic(f)) return 2;
        /* Rank 0 searches nothing: its workers send batches to the other
         * ranks (cli_mpi.c), two per rank so that the next is there when
         * one returns. Batches start at 16 entries and grow (cli_mpi_batch)
         * up to what 65536 entries alive at once allow (about 128 MB). */
        int proxies = 2 * (cli_mpi_size() - 1), window = 2 * proxies;
        int most = 65536 / window < 16 ? 16 : 65536 / window > 1024 ? 1024 : 65536 / window;
        f->pool = cli_pool_new(proxies, window, most, size, cli_mpi_proxy, f);
        if (!f->pool) goto nomem;
        cli_pool_target(f->pool, cli_mpi_batch(2 * f->jobs));
        return 0;
    }
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
    if (f->remote) free((char *)e->raw);
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

/* MPI rank 0: the entry's text, for another rank to read (read 1: so far). */
static int read_text(cli_feed *f, cli_input *in, cli_entry *e)
{
    size_t keep = (size_t)1 << 26; /* the library's longest line of .jsonl */
    if (f->classic) keep = (size_t)rg_puzzle_rows(f->classic) * rg_puzzle_columns(f->classic);
    char *text = NULL;
    int rc = cli_input_next_text(in, keep, &text, &e->raw_len, &e->line, &e->err);
    e->raw = text;
    return rc;
}

/* e goes to the workers, unless --resume holds its result. */
static void push(cli_feed *f, cli_entry *e, size_t size)
{
    if (f->resume && cli_resume_has(f->resume, f->multi ? e->path : NULL, e->index)) {
        rg_puzzle_free(e->p);
        if (f->remote) free((char *)e->raw);
        memset(e, 0, size);
        return;
    }
    /* Two entries for each thread of a rank at least: a batch of hard
     * puzzles keeps them all busy. */
    if (f->remote) cli_pool_target(f->pool, cli_mpi_batch(2 * f->jobs));
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
    int input = 0;
    while (input < f->npaths - 1 && f->paths[input] != path) input++;
    for (;;) {
        e = next_entry(f, path, in.kind);
        e->input = input;
        double t0 = seconds_now();
        int rc = f->remote ? read_text(f, &in, e) : cli_input_next(&in, f->reg, &e->p, &e->err);
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
    rg_puzzle_free(f->classic);
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

/* ---- Entries read on another rank (MPI) ---------------------------------------- */

int cli_feed_classic(cli_feed *f)
{
    rg_error err;
    rg_error_clear(&err);
    /* Without the preset, a corpus of classic lines fails to open on rank 0
     * with the library's own message: nothing to say here. */
    if (cli_classic_template(f->reg, f->templ, &f->classic, &err) != RG_OK) f->classic = NULL;
    return 0;
}

static int ends_jsonl(const char *s)
{
    size_t n = strlen(s);
    return n >= 6 && strcmp(s + n - 6, ".jsonl") == 0;
}

/* A classic line the plain way (1), or 0 when anything is off: then the
 * library reads it, with its message. */
static int classic_fast(const cli_feed *f, cli_entry *e, rg_error *err)
{
    const rg_puzzle *t = f->classic;
    int rows = rg_puzzle_rows(t), cols = rg_puzzle_columns(t), digits = rg_puzzle_digits(t);
    size_t need = (size_t)rows * (size_t)cols, len = e->raw_len;
    if (len && e->raw[len - 1] == '\r') len--;
    int *givens = len >= need ? calloc((size_t)rg_puzzle_cells(t) + 1, sizeof *givens) : NULL;
    if (!givens) return 0;
    for (size_t k = 0; k < need; k++) {
        unsigned char x = (unsigned char)e->raw[k];
        int v = x == '.' || x == '0'   ? 0
                : x >= '1' && x <= '9' ? x - '0'
                : x >= 'A' && x <= 'W' ? x - 'A' + 10
                : x >= 'a' && x <= 'w' ? x - 'a' + 10
                                       : -1;
        int cell = rg_puzzle_cell_at(t, (int)(k / (size_t)cols) + 1, (int)(k % (size_t)cols) + 1);
        if (v < 0 || v > digits || (cell < 0 && v)) {
            free(givens);
            return 0;
        }
        if (cell >= 0) givens[cell] = v;
    }
    int rc = rg_puzzle_with_givens(t, givens, &e->p, err);
    free(givens);
    return rc == RG_OK;
}

/* A classic line through a corpus of that line alone: the library's
 * reading and message, labelled with the line of the input. */
static int classic_slow(const cli_feed *f, cli_entry *e, rg_error *err)
{
    FILE *m = fmemopen((void *)e->raw, e->raw_len, "r");
    if (!m) return rg_error_clear(err), err->code = RG_E_NOMEM, RG_E_NOMEM;
    rg_corpus *c = NULL;
    int rc = rg_corpus_open(f->reg, e->path, m, f->classic, &c, err);
    if (rc == RG_OK) {
        rc = rg_corpus_next(c, &e->p, err);
        rc = rc == 1 && e->p ? RG_OK : rc < 0 ? -rc : err->code ? err->code : RG_E_FORMAT;
        if (rc != RG_OK) err->line = e->line;
    }
    rg_corpus_close(c);
    fclose(m);
    return rc;
}

/* What cli_input_next says of an error of rc in an input of kind. */
static int read_code(int kind, int rc)
{
    if (kind == CLI_DOCUMENT) return -1;
    if (rc == RG_E_NOMEM) return -2;
    if (kind == CLI_CORPUS && (rc == RG_E_IO || rc == RG_E_INTERNAL)) return -2;
    return -1;
}

void cli_feed_parse(const cli_feed *f, cli_entry *e)
{
    double t0 = seconds_now();
    rg_error *err = &e->err;
    rg_error_clear(err);
    int rc = RG_OK;
    if (e->kind == CLI_CORPUS && !ends_jsonl(e->path)) {
        if (!f->classic || !classic_fast(f, e, err)) {
            rg_error_clear(err);
            rc = classic_slow(f, e, err);
        }
    } else {
        size_t len = e->raw_len;
        /* A corpus's line loses its '\r'; one of documents a line keeps it. */
        if (e->kind == CLI_CORPUS && len && e->raw[len - 1] == '\r') len--;
        rc = rg_puzzle_parse(f->reg, e->raw, len, e->path, e->line, &e->p, err);
        if (rc != RG_OK && e->kind == CLI_CORPUS) {
            snprintf(err->file, sizeof err->file, "%s", e->path);
            err->line = e->line;
        }
    }
    if (rc != RG_OK) {
        rg_puzzle_free(e->p);
        e->p = NULL;
        if (!err->code) err->code = rc;
        if (!err->file[0]) snprintf(err->file, sizeof err->file, "%s", e->path);
        if (err->line <= 0 && e->line > 0) err->line = e->line;
    }
    e->read = rc == RG_OK ? 1 : read_code(e->kind, rc);
    e->read_s = seconds_now() - t0;
}
