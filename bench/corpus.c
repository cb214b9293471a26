/* Corpora of the harness: every puzzle read and parsed in the main thread
 * before anything is timed, so that workers only solve. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* "dir/puzzles2_17_clue.txt" -> "puzzles2_17_clue". */
static void base_name(const char *path, char *out, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    snprintf(out, n, "%s", b);
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = 0;
}

static int keep(bench_corpus *c, rg_puzzle *p, int *cap)
{
    if (c->n == *cap) {
        int ncap = *cap ? *cap * 2 : 256;
        rg_puzzle **np = realloc(c->p, (size_t)ncap * sizeof *np);
        if (!np) return 0;
        c->p = np;
        *cap = ncap;
    }
    c->p[c->n++] = p;
    return 1;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

int bench_corpus_load(bench_corpus *c, rg_registry *reg, const rg_puzzle *templ, rg_error *err)
{
    rg_corpus *rc = NULL;
    base_name(c->path, c->name, sizeof c->name);
    if (ends_with(c->path, ".json")) { /* one document */
        rg_puzzle *p = NULL;
        int cap = 0;
        if (rg_puzzle_read_file(reg, c->path, &p, err) != RG_OK) return BENCH_USAGE;
        if (keep(c, p, &cap)) return BENCH_OK;
        rg_puzzle_free(p);
        rg_error_clear(err);
        snprintf(err->file, sizeof err->file, "%s", c->path);
        snprintf(err->message, sizeof err->message, "out of memory");
        return BENCH_USAGE;
    }
    if (rg_corpus_open(reg, c->path, NULL, templ, &rc, err) != RG_OK) return BENCH_USAGE;
    int cap = 0, r = 0;
    rg_puzzle *p = NULL;
    while ((c->take <= 0 || c->n < c->take) && (r = rg_corpus_next(rc, &p, err)) == 1) {
        if (!keep(c, p, &cap)) {
            rg_puzzle_free(p);
            rg_error_clear(err);
            snprintf(err->file, sizeof err->file, "%s", c->path);
            snprintf(err->message, sizeof err->message, "out of memory");
            r = -RG_E_NOMEM;
            break;
        }
    }
    rg_corpus_close(rc);
    if (c->take > 0 && c->n < c->take) {
        if (r == 0) {
            rg_error_clear(err);
            snprintf(err->file, sizeof err->file, "%s", c->path);
            snprintf(err->message, sizeof err->message, "holds %d puzzles, %ld asked for", c->n,
                     c->take);
            r = -RG_E_FORMAT;
        }
    }
    if (r < 0) return BENCH_USAGE;
    if (c->n == 0) {
        rg_error_clear(err);
        snprintf(err->file, sizeof err->file, "%s", c->path);
        snprintf(err->message, sizeof err->message, "no puzzles");
        return BENCH_USAGE;
    }
    return BENCH_OK;
}

void bench_corpus_free(bench_corpus *c)
{
    for (int i = 0; i < c->n; i++) rg_puzzle_free(c->p[i]);
    free(c->p);
    c->p = NULL;
    c->n = 0;
}
