/* Corpora of the harness, read as streams. A corpus whose parsed puzzles fit
 * the memory budget is read once, before anything is timed, and held; a
 * larger one is read a window at a time, and every pass over it (the
 * counting pass, each timed pass) reads the file again window by window, so
 * that the harness's memory stays within the budget whatever the corpus's
 * size. Workers only ever solve; reading is never timed. */
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "bench.h"

/* What a parsed puzzle is taken to hold when the heap cannot be read (a
 * sanitizer's allocator): bytes per cell. */
#define BYTES_PER_CELL_GUESS 64

/* "dir/puzzles2_17_clue.txt" -> "puzzles2_17_clue". */
static void base_name(const char *path, char *out, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    snprintf(out, n, "%s", b);
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = 0;
}

/* Bytes the allocator has handed out and not had back (the main arena and
 * large blocks; reading happens on the main thread), or 0 when unknown. */
static size_t heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
#else
    return 0;
#endif
}

static int fail(bench_corpus *c, rg_error *err, const char *msg)
{
    rg_error_clear(err);
    snprintf(err->file, sizeof err->file, "%s", c->path);
    snprintf(err->message, sizeof err->message, "%s", msg);
    return -1;
}

static int keep(bench_corpus *c, rg_puzzle *p)
{
    if (c->n == c->cap) {
        int ncap = c->cap ? c->cap * 2 : 256;
        rg_puzzle **np = realloc(c->p, (size_t)ncap * sizeof *np);
        if (!np) return 0;
        c->p = np;
        c->cap = ncap;
    }
    c->p[c->n++] = p;
    return 1;
}

static void drop_window(bench_corpus *c)
{
    for (int i = 0; i < c->n; i++) rg_puzzle_free(c->p[i]);
    c->base += c->n;
    c->n = 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Has the window reached the budget? Sets c->bytes. Read every 64 puzzles:
 * cheap next to parsing them. */
static int window_full(bench_corpus *c, size_t heap0)
{
    size_t now = heap_in_use(), cells = 0;
    if (now > heap0) {
        c->bytes = now - heap0;
    } else {
        for (int i = 0; i < c->n; i++) cells += (size_t)rg_puzzle_cells(c->p[i]);
        c->bytes = cells * BYTES_PER_CELL_GUESS + (size_t)c->n * sizeof(void *);
    }
    return c->budget > 0 && c->bytes >= c->budget;
}

/* Read puzzles into the (empty) window until it is full, the corpus ends or
 * `take` is reached: 1 some read, 0 none left, -1 error (err set). */
static int fill(bench_corpus *c, rg_error *err)
{
    size_t heap0 = heap_in_use();
    int r = 1;
    rg_puzzle *p = NULL;
    while ((c->take <= 0 || c->base + c->n < c->take) &&
           (r = rg_corpus_next(c->rc, &p, err)) == 1) {
        if (!keep(c, p)) {
            rg_puzzle_free(p);
            return fail(c, err, "out of memory");
        }
        if (c->streamed ? c->n >= c->window
                        : ((c->n & 63) == 0 || c->n < 64) && window_full(c, heap0))
            break;
    }
    if (r < 0) return -1;
    if (!c->streamed) window_full(c, heap0); /* the bytes held, for the report */
    return c->n > 0;
}

static int open_stream(bench_corpus *c, rg_error *err)
{
    if (c->rc) rg_corpus_close(c->rc);
    c->rc = NULL;
    return rg_corpus_open(c->reg, c->path, NULL, c->templ, &c->rc, err) == RG_OK ? 0 : -1;
}

/* At the end of the stream: the count checks of `take` and of an empty file. */
static int at_end(bench_corpus *c, rg_error *err)
{
    char msg[128];
    long total = c->base + c->n;
    if (c->take > 0 && total < c->take) {
        snprintf(msg, sizeof msg, "holds %ld puzzles, %ld asked for", total, c->take);
        return fail(c, err, msg);
    }
    if (total == 0) return fail(c, err, "no puzzles");
    c->total = total;
    return 0;
}

/* Out of line in every build: scripts/bench-regress takes callgrind's count
 * of each corpus's loading at its return (--dump-after). */
__attribute__((noinline)) int bench_corpus_load(bench_corpus *c, rg_registry *reg,
                                                const rg_puzzle *templ, rg_error *err)
{
    base_name(c->path, c->name, sizeof c->name);
    c->reg = reg, c->templ = templ, c->total = -1, c->base = 0;
    if (ends_with(c->path, ".json")) { /* one document */
        rg_puzzle *p = NULL;
        if (rg_puzzle_read_file(reg, c->path, &p, err) != RG_OK) return BENCH_USAGE;
        if (!keep(c, p)) {
            rg_puzzle_free(p);
            return fail(c, err, "out of memory"), BENCH_USAGE;
        }
        c->total = 1;
        return BENCH_OK;
    }
    if (open_stream(c, err) < 0 || fill(c, err) < 0) return BENCH_USAGE;
    int more = c->take <= 0 || c->n < c->take;
    rg_puzzle *p = NULL;
    int r = more ? rg_corpus_next(c->rc, &p, err) : 0;
    if (r < 0) return BENCH_USAGE;
    if (r == 1) { /* more than the budget holds: a streamed corpus */
        c->streamed = 1;
        c->window = c->n;
        rg_puzzle_free(p);
        return BENCH_OK; /* the first pass reads the file again from the start */
    }
    rg_corpus_close(c->rc);
    c->rc = NULL;
    return at_end(c, err) < 0 ? BENCH_USAGE : BENCH_OK;
}

int bench_corpus_first(bench_corpus *c, rg_error *err)
{
    if (!c->streamed) return 1;
    drop_window(c);
    c->base = 0;
    if (open_stream(c, err) < 0) return -1;
    int r = fill(c, err);
    return r == 0 ? at_end(c, err) : r;
}

int bench_corpus_next(bench_corpus *c, rg_error *err)
{
    if (!c->streamed) return 0;
    drop_window(c);
    int r = fill(c, err);
    if (r != 0) return r;
    return at_end(c, err);
}

void bench_corpus_free(bench_corpus *c)
{
    for (int i = 0; i < c->n; i++) rg_puzzle_free(c->p[i]);
    free(c->p);
    if (c->rc) rg_corpus_close(c->rc);
    c->rc = NULL;
    c->p = NULL;
    c->n = c->cap = 0;
}
