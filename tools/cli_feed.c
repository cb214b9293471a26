/* The entries of solve, count, check and candidates: read one input after
 * another in a stream, as text, skipped when --resume holds them, handed to
 * the workers of cli_pool.c (which parse, search and free them), printed
 * back in input order by the command. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_mpi.h"
#include "cli_pool.h"
#include "cli_resume.h"

static int ends_jsonl(const char *s)
{
    size_t n = strlen(s);
    return n >= 6 && strcmp(s + n - 6, ".jsonl") == 0;
}

static int deal_blocks(cli_feed *f, const char *path, int input);
static void worker_templates(cli_feed *f);

/* Room for the text buffers of up to n entries (at most 1024) once printed. */
static int spares(cli_feed *f, int n)
{
    f->spare_max = n < 1024 ? n : 1024;
    f->spare = malloc((size_t)f->spare_max * sizeof *f->spare);
    f->spare_cap = malloc((size_t)f->spare_max * sizeof *f->spare_cap);
    return f->spare && f->spare_cap;
}

/* The entry's text buffer kept for the next entries' text, or freed: a
 * long one (of a document, say) or one too many. */
static void spare_text(cli_feed *f, cli_entry *e)
{
    if (!e->raw_own) return;
    if (f->nspare < f->spare_max && e->raw_cap <= 4096) {
        f->spare[f->nspare] = (char *)e->raw;
        f->spare_cap[f->nspare++] = e->raw_cap;
    } else {
        free((char *)e->raw);
    }
    e->raw = NULL;
    e->raw_own = 0;
}

int cli_feed_start(cli_feed *f, const cli_options *o, int search, size_t size,
                   void (*fn)(void *items, int n, int worker, void *ctx))
{
    f->jobs = o->head.given[CLI_OPT_JOBS] ? (int)o->jobs : 1;
    f->timed = o->head.given[CLI_OPT_TIME];
    f->time = f->timed ? o->time : 0;
    if (f->remote) {
        if (cli_feed_classic(f)) return 2;
        /* Rank 0 searches nothing: its workers send batches to the other
         * ranks (cli_mpi.c), two per rank so that the next is there when
         * one returns. Batches start at 16 entries and grow (cli_mpi_batch)
         * up to what 65536 entries alive at once allow (about 128 MB). */
        int proxies = 2 * (cli_mpi_size() - 1), window = 2 * proxies;
        int most = 65536 / window < 16 ? 16 : 65536 / window > 1024 ? 1024 : 65536 / window;
        f->pool = cli_pool_new(proxies, window, most, size, cli_mpi_proxy, f);
        if (!f->pool || !spares(f, window * most)) goto nomem;
        cli_pool_target(f->pool, cli_mpi_batch(2 * f->jobs));
        return 0;
    }
    worker_templates(f);
    if (search) {
        if (!(f->solvers = calloc((size_t)f->jobs, sizeof *f->solvers))) goto nomem;
        for (int k = 0; k < f->jobs; k++) {
            if (!(f->solvers[k] = rg_solver_new())) goto nomem;
            rg_solver_set_implied(f->solvers[k], o->implied);
        }
    }
    /* One entry at a time on one thread. With more, batches of about half
     * a millisecond of work (1, 2, 4, ... 16 entries at first, then up to
     * 128 on the 17-clue list, down to 1 on puzzles of milliseconds:
     * cli_pool.c) keep
     * the hand-overs and the wakes they cost rare, and 4 batches a worker
     * let the others go on past a hard puzzle at the head of the window. */
    int batch = f->jobs == 1 ? 1 : 128, window = f->jobs == 1 ? 1 : 4 * f->jobs;
    if ((f->pool = cli_pool_new(f->jobs, window, batch, size, fn, f->ctx)) &&
        spares(f, window * batch))
        return 0;
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
    spare_text(f, e);
    cli_pool_pop(f->pool);
}

void cli_feed_done(cli_entry *e)
{
    rg_puzzle_free(e->p);
    e->p = NULL;
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

/* The entry's text, for a worker or another rank to read (read 1: so far). */
static int read_text(cli_feed *f, cli_input *in, cli_entry *e)
{
    size_t keep = CLI_MAX_LINE; /* the library's longest line of .jsonl */
    if (f->classic) keep = (size_t)rg_puzzle_rows(f->classic) * rg_puzzle_columns(f->classic);
    char *text = NULL;
    size_t cap = 0;
    if (f->nspare) {
        text = f->spare[--f->nspare];
        cap = f->spare_cap[f->nspare];
    }
    int rc = cli_input_next_text(in, keep, &text, &cap, &e->raw_len, &e->line, &e->err);
    e->raw = text;
    e->raw_own = text != NULL;
    e->raw_cap = cap;
    if (rc != 1) spare_text(f, e); /* no entry: its text is of no use */
    return rc;
}

/* e goes to the workers, unless --resume holds its result. */
static void push(cli_feed *f, cli_entry *e, size_t size)
{
    if (f->resume && cli_resume_has(f->resume, f->multi ? e->path : NULL, e->index)) {
        rg_puzzle_free(e->p);
        spare_text(f, e);
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
    if (f->remote && f->took && in.kind == CLI_CORPUS && !in.mem) {
        int kind = deal_blocks(f, path, input);
        cli_input_close(&in);
        return kind;
    }
    /* Entries go as text, read by the workers (or other ranks): classic
     * lines need the template there (rank 0 of several made it already). */
    if (!f->classic && in.kind == CLI_CORPUS && !ends_jsonl(path)) cli_feed_classic(f);
    for (;;) {
        e = next_entry(f, path, in.kind);
        e->input = input;
        double t0 = f->timed ? cli_now() : 0; /* only --time needs it */
        int rc = read_text(f, &in, e);
        e->read_s = f->timed ? cli_now() - t0 : 0;
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
        rg_error_set_file(&e->err, path);
        snprintf(e->err.message, sizeof e->err.message, "no puzzle in this input");
        cli_pool_push(f->pool);
    }
    int kind = in.kind;
    cli_input_close(&in);
    return kind;
}

/* ---- Blocks of a regular file between MPI ranks ----------------------------- */

/* A block as rank 0 deals it: bytes [offset, offset + len) of input number
 * input, whose first line follows line `line` and first entry index
 * `index`; then nskip indexes (int64_t, rising) that --resume holds. */
typedef struct block_job {
    int32_t input, nskip;
    int64_t offset, len, line, index;
} block_job;

/* Rank 0's dealing of one input. */
typedef struct dealer {
    cli_feed *f;
    const char *path;
    int input, classic, fd;
    size_t keep;
    int64_t offset, size; /* next byte to deal; the file's size at the start */
    long line, index;     /* the last line and entry index dealt */
    long entries;
    char *buf;
    size_t cap;
    int failed; /* err says why reading stopped */
    rg_error err;
} dealer;

static size_t entry_keep(const cli_feed *f, int classic)
{
    if (classic && f->classic)
        return (size_t)rg_puzzle_rows(f->classic) * (size_t)rg_puzzle_columns(f->classic);
    return CLI_MAX_LINE;
}

/* n bytes at offset of fd into buf: how many came (short at the end of
 * the file), -1 on an error. */
static ssize_t read_at(int fd, char *buf, size_t n, int64_t offset)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, buf + got, n - got, (off_t)(offset + (int64_t)got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

/* The bytes of the next block into d->buf, up to the last newline of a
 * read whose size falls as the file does (a quarter of what is left per
 * searching rank, 4 KB to 1 MB: a block holds tens of milliseconds of work
 * at first, and the last ones are small so that the ranks end together).
 * Their size; 0 at the end or on an error (d->failed). */
static size_t read_block(dealer *d)
{
    int64_t left = d->size - d->offset, want = left / (4 * (cli_mpi_size() - 1));
    want = want < 4096 ? 4096 : want > (1 << 20) ? (1 << 20) : want;
    size_t len = 0;
    for (;;) {
        if ((size_t)want > d->cap) {
            char *more = realloc(d->buf, (size_t)want);
            if (!more) {
                d->failed = 1, d->err.code = RG_E_NOMEM;
                snprintf(d->err.message, sizeof d->err.message, "out of memory");
                return 0;
            }
            d->buf = more, d->cap = (size_t)want;
        }
        ssize_t n = read_at(d->fd, d->buf, (size_t)want, d->offset);
        if (n < 0) {
            d->failed = 1, d->err.code = RG_E_IO;
            snprintf(d->err.message, sizeof d->err.message, "cannot read %s: %s", d->path,
                     strerror(errno));
            return 0;
        }
        if (n == 0) return 0;
        if (n < want) { /* the end of the file */
            len = (size_t)n;
            break;
        }
        size_t last = (size_t)n;
        while (last > 0 && d->buf[last - 1] != '\n') last--;
        if (last > 0) {
            len = last;
            break;
        }
        want *= 2; /* a line longer than the block */
    }
    return len;
}

/* Out of memory while making the block that starts after line `line`:
 * dealing stops, and the error entry names that line. */
static size_t block_nomem(dealer *d, int64_t *skips, long line, long index, long entries)
{
    free(skips);
    d->line = line, d->index = index, d->entries = entries;
    d->failed = 1, d->err.code = RG_E_NOMEM;
    snprintf(d->err.message, sizeof d->err.message, "out of memory");
    return 0;
}

/* The next block to deal: rank 0 only counts its lines and entries (and
 * looks up --resume's). */
static size_t next_block(char **job, void *ctx)
{
    dealer *d = ctx;
    cli_feed *f = d->f;
    if (d->failed || d->offset >= d->size) return 0;
    size_t len = read_block(d);
    if (!len) return 0;
    long line0 = d->line, index0 = d->index, entries0 = d->entries;
    int64_t *skips = NULL;
    int nskip = 0, cap = 0;
    block_job b = {d->input, 0, d->offset, (int64_t)len, d->line, d->index};
    for (const char *s = d->buf, *end = d->buf + len; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        d->line++;
        if (cli_line_is_entry(s, n, d->keep, d->classic)) {
            d->index++, d->entries++;
            if (f->resume && cli_resume_has(f->resume, f->multi ? d->path : NULL, d->index)) {
                if (nskip == cap) {
                    cap = cap ? 2 * cap : 64;
                    int64_t *more = realloc(skips, (size_t)cap * sizeof *skips);
                    if (!more) return block_nomem(d, skips, line0, index0, entries0);
                    skips = more;
                }
                skips[nskip++] = d->index;
            }
        }
        s += n + 1;
    }
    d->offset += (int64_t)len;
    b.nskip = nskip;
    size_t size = sizeof b + (size_t)nskip * sizeof *skips;
    if (!(*job = malloc(size))) return block_nomem(d, skips, line0, index0, entries0);
    memcpy(*job, &b, sizeof b);
    if (nskip) memcpy(*job + sizeof b, skips, (size_t)nskip * sizeof *skips);
    free(skips);
    return size;
}

static int took_block(const char *bytes, size_t len, void *ctx)
{
    dealer *d = ctx;
    d->f->took(d->f->ctx, bytes, len);
    return 0;
}

/* Rank 0, a regular file of lines: its blocks dealt to the ranks, their
 * results printed in order; then an entry for a read error or for a file
 * with no puzzle. */
static int deal_blocks(cli_feed *f, const char *path, int input)
{
    cli_feed_drain(f); /* what came before prints first */
    dealer d;
    memset(&d, 0, sizeof d);
    d.f = f;
    d.path = path;
    d.input = input;
    d.index = -1;
    d.classic = !ends_jsonl(path);
    d.keep = entry_keep(f, d.classic);
    rg_error_clear(&d.err);
    FILE *fp = fopen(path, "rb");
    struct stat st;
    if (!fp || fstat(fileno(fp), &st) != 0) {
        d.failed = 1, d.err.code = RG_E_IO;
        snprintf(d.err.message, sizeof d.err.message, "cannot open %s: %s", path, strerror(errno));
    } else {
        d.fd = fileno(fp);
        d.size = (int64_t)st.st_size;
        cli_mpi_deal(next_block, took_block, &d);
    }
    if (fp) fclose(fp);
    free(d.buf);
    cli_entry *e;
    if (d.failed) {
        e = next_entry(f, path, CLI_CORPUS);
        e->input = input;
        e->read = -2;
        e->err = d.err;
        rg_error_set_file(&e->err, path);
        e->err.line = d.line + 1;
        e->index = d.index + 1;
        cli_pool_push(f->pool);
        d.entries++;
    }
    if (d.entries == 0) {
        e = next_entry(f, path, CLI_CORPUS);
        rg_error_clear(&e->err);
        e->err.code = RG_E_FORMAT;
        rg_error_set_file(&e->err, path);
        snprintf(e->err.message, sizeof e->err.message, "no puzzle in this input");
        cli_pool_push(f->pool);
    }
    return CLI_CORPUS;
}

/* A block a rank could not read: one error entry in its place. */
static void block_unreadable(cli_feed *f, const block_job *b, const char *why)
{
    const char *path = f->paths[b->input];
    cli_entry *e = next_entry(f, path, CLI_CORPUS);
    e->input = b->input;
    e->read = -2;
    e->index = (long)b->index + 1;
    rg_error_clear(&e->err);
    e->err.code = RG_E_IO;
    rg_error_set_file(&e->err, path);
    e->err.line = (long)b->line + 1;
    snprintf(e->err.message, sizeof e->err.message, "cannot read %s: %s", path, why);
    cli_pool_push(f->pool);
    cli_feed_drain(f);
}

void cli_feed_block(cli_feed *f, const char *job, size_t len)
{
    block_job b;
    if (len < sizeof b) abort();
    memcpy(&b, job, sizeof b);
    if (b.input < 0 || b.input >= f->npaths || b.nskip < 0 ||
        len != sizeof b + (size_t)b.nskip * sizeof(int64_t) || b.len < 0)
        abort();
    const char *skips = job + sizeof b;
    const char *path = f->paths[b.input];
    if (!f->block_fp || f->block_input != b.input) {
        if (f->block_fp) fclose(f->block_fp);
        f->block_fp = fopen(path, "rb");
        f->block_input = b.input;
    }
    char *buf = malloc((size_t)b.len + 1);
    ssize_t got =
        buf && f->block_fp ? read_at(fileno(f->block_fp), buf, (size_t)b.len, b.offset) : -1;
    long line = (long)b.line, index = (long)b.index;
    if (got != b.len) { /* the file changed or went away since rank 0 read it */
        block_unreadable(f, &b, got < 0 ? strerror(errno) : "the file changed while read");
        free(buf);
        return;
    }
    int classic = !ends_jsonl(path);
    size_t keep = entry_keep(f, classic);
    int k = 0;
    cli_pool_target(f->pool, 0); /* batches as long as the entries' cost says */
    for (const char *s = buf, *end = buf + b.len; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        const char *at = s;
        s += n + 1;
        line++;
        if (!cli_line_is_entry(at, n, keep, classic)) continue;
        index++;
        if (k < b.nskip) {
            int64_t skip;
            memcpy(&skip, skips + (size_t)k * sizeof skip, sizeof skip);
            if (skip == index) {
                k++;
                continue;
            }
        }
        cli_entry *e = next_entry(f, path, CLI_CORPUS);
        e->input = b.input;
        e->index = index;
        e->line = line;
        e->raw = at;
        e->raw_len = n;
        e->read = 1;
        cli_pool_push(f->pool);
    }
    cli_feed_drain(f);
    free(buf);
}

void cli_feed_drain(cli_feed *f)
{
    while (cli_pool_take(f->pool)) f->finish(f->ctx);
    fflush(f->out);
}

void cli_feed_end(cli_feed *f)
{
    if (f->block_fp) fclose(f->block_fp);
    free(f->cell_at);
    cli_pool_free(f->pool);
    for (int k = 0; f->wclassic && k < f->jobs; k++) rg_puzzle_free(f->wclassic[k]);
    free(f->wclassic);
    rg_puzzle_free(f->classic);
    while (f->nspare) free(f->spare[--f->nspare]);
    free(f->spare);
    free(f->spare_cap);
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
    if (!f->classic) return 0;
    /* Where each character of a line goes, once for all the lines. */
    int rows = rg_puzzle_rows(f->classic), cols = rg_puzzle_columns(f->classic);
    if (!(f->cell_at = malloc((size_t)rows * (size_t)cols * sizeof *f->cell_at))) return 0;
    for (int k = 0; k < rows * cols; k++)
        f->cell_at[k] = rg_puzzle_cell_at(f->classic, k / cols + 1, k % cols + 1);
    worker_templates(f);
    return 0;
}

/* The workers' own copies of the built-in template (each read from the
 * preset again, so on a model of its own): a classic line then costs no
 * reference count shared between cores. A template of --template is shared;
 * a copy that cannot be made leaves its worker on the shared one. */
static void worker_templates(cli_feed *f)
{
    if (!f->classic || f->templ || f->remote || f->jobs < 2 || f->wclassic) return;
    if (!(f->wclassic = calloc((size_t)f->jobs, sizeof *f->wclassic))) return;
    for (int k = 0; k < f->jobs; k++) {
        rg_error err;
        rg_error_clear(&err);
        /* The same preset as classic, so the same board and cell map. */
        if (cli_classic_template(f->reg, NULL, &f->wclassic[k], &err) != RG_OK)
            f->wclassic[k] = NULL;
    }
}

/* A classic line the plain way (1), or 0 when anything is off: then the
 * library reads it, with its message. */
static int classic_fast(const cli_feed *f, const rg_puzzle *t, cli_entry *e, rg_error *err)
{
    int rows = rg_puzzle_rows(t), cols = rg_puzzle_columns(t), digits = rg_puzzle_digits(t);
    int cells = rg_puzzle_cells(t);
    size_t need = (size_t)rows * (size_t)cols, len = e->raw_len;
    if (len && e->raw[len - 1] == '\r') len--;
    if (len < need || !f->cell_at) return 0;
    /* The givens on the stack for boards up to 32 x 32. */
    int local[1024], *givens = cells < 1024 ? local : calloc((size_t)cells + 1, sizeof *givens);
    if (!givens) return 0;
    memset(givens, 0, (size_t)cells * sizeof *givens);
    int ok = 1;
    for (size_t k = 0; k < need && ok; k++) {
        unsigned char x = (unsigned char)e->raw[k];
        int v = x == '.' || x == '0'   ? 0
                : x >= '1' && x <= '9' ? x - '0'
                : x >= 'A' && x <= 'W' ? x - 'A' + 10
                : x >= 'a' && x <= 'w' ? x - 'a' + 10
                                       : -1;
        int cell = f->cell_at[k];
        if (v < 0 || v > digits || (cell < 0 && v))
            ok = 0;
        else if (cell >= 0)
            givens[cell] = v;
    }
    int rc = ok ? rg_puzzle_with_givens(t, givens, &e->p, err) : RG_E_FORMAT;
    if (givens != local) free(givens);
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

void cli_feed_parse(const cli_feed *f, cli_entry *e, int worker)
{
    double t0 = f->timed ? cli_now() : 0; /* only --time needs it */
    rg_error *err = &e->err;
    rg_error_clear(err);
    int rc = RG_OK;
    e->late = 0;
    if (e->kind == CLI_CORPUS && !ends_jsonl(e->path)) {
        const rg_puzzle *t = f->wclassic && f->wclassic[worker] ? f->wclassic[worker] : f->classic;
        if (!t || !classic_fast(f, t, e, err)) {
            rg_error_clear(err);
            rc = classic_slow(f, e, err);
        }
    } else {
        size_t len = e->raw_len;
        /* A corpus's line loses its '\r'; one of documents a line keeps it. */
        if (e->kind == CLI_CORPUS && len && e->raw[len - 1] == '\r') len--;
        /* What --time leaves after the text's reading (a moment at least). */
        double left = f->time > 0 ? f->time - e->read_s : 0;
        if (f->time > 0 && left < 1e-9) left = 1e-9;
        rc = rg_puzzle_parse_timed(f->reg, e->raw, len, e->path, e->line, left, &e->p, err);
        e->late = rc == RG_E_TIME;
        if (rc != RG_OK && e->kind == CLI_CORPUS) {
            rg_error_set_file(err, e->path);
            err->line = e->line;
        }
    }
    if (rc != RG_OK) {
        rg_puzzle_free(e->p);
        e->p = NULL;
        if (!err->code) err->code = rc;
        if (!err->file[0]) rg_error_set_file(err, e->path);
        if (err->line <= 0 && e->line > 0) err->line = e->line;
    }
    e->read = rc == RG_OK || e->late ? 1 : read_code(e->kind, rc);
    /* With the main thread's reading of the text, when that was here. */
    if (f->timed) e->read_s += cli_now() - t0;
}
