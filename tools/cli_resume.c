/* --resume: the keys of the result lines an earlier run wrote, as sorted
 * ranges of indexes per file (a run writes in input order, so a file's
 * results are one range and memory does not grow with the corpus). */
#define _POSIX_C_SOURCE 200809L

#include "cli_resume.h"

#include "cli.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

typedef struct span {
    long lo, hi; /* indexes lo..hi, both in */
} span;

typedef struct done_file {
    char *name; /* "" for the only input (its lines have no "file") */
    span *v;
    long n, cap;
} done_file;

struct cli_resume {
    done_file *files;
    int nfiles;
    long results;
    int exit_code;
};

static const done_file *find_file(const cli_resume *r, const char *name)
{
    for (int i = 0; i < r->nfiles; i++)
        if (strcmp(r->files[i].name, name) == 0) return &r->files[i];
    return NULL;
}

/* The entry of file name, made when new; NULL without memory. */
static done_file *file_of(cli_resume *r, const char *name)
{
    const done_file *old = find_file(r, name);
    if (old) return &r->files[old - r->files];
    done_file *more = realloc(r->files, (size_t)(r->nfiles + 1) * sizeof *more);
    if (!more) return NULL;
    r->files = more;
    done_file *f = &r->files[r->nfiles];
    memset(f, 0, sizeof *f);
    if (!(f->name = strdup(name))) return NULL;
    r->nfiles++;
    return f;
}

static int add_index(done_file *f, long index)
{
    if (f->n > 0 && f->v[f->n - 1].hi + 1 == index) {
        f->v[f->n - 1].hi = index;
        return 1;
    }
    if (f->n == f->cap) {
        long cap = f->cap ? 2 * f->cap : 4;
        span *more = realloc(f->v, (size_t)cap * sizeof *more);
        if (!more) return 0;
        f->v = more;
        f->cap = cap;
    }
    f->v[f->n].lo = f->v[f->n].hi = index;
    f->n++;
    return 1;
}

static int by_lo(const void *a, const void *b)
{
    long x = ((const span *)a)->lo, y = ((const span *)b)->lo;
    return (x > y) - (x < y);
}

/* Sorted, overlapping and touching spans merged: binary search works. */
static void settle(done_file *f)
{
    if (f->n < 2) return;
    qsort(f->v, (size_t)f->n, sizeof *f->v, by_lo);
    long k = 0;
    for (long i = 1; i < f->n; i++) {
        if (f->v[i].lo <= f->v[k].hi + 1) {
            if (f->v[i].hi > f->v[k].hi) f->v[k].hi = f->v[i].hi;
        } else {
            f->v[++k] = f->v[i];
        }
    }
    f->n = k + 1;
}

/* The exit status one result line calls for, the same rules whatever the
 * command: an error 2, no solution (or check's broken) 1, a limit 3. */
static int line_exit(const cJSON *o)
{
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(o, "status");
    const cJSON *complete = cJSON_GetObjectItemCaseSensitive(o, "complete");
    const cJSON *solutions = cJSON_GetObjectItemCaseSensitive(o, "solutions");
    const char *s = cJSON_IsString(status) ? status->valuestring : "";
    if (cJSON_GetObjectItemCaseSensitive(o, "error") || strcmp(s, "error") == 0) return 2;
    if (strcmp(s, "unknown") == 0 || cJSON_IsFalse(complete)) return 3;
    if (strcmp(s, "none") == 0 || strcmp(s, "broken") == 0) return 1;
    if (cJSON_IsTrue(complete) && cJSON_IsNumber(solutions) && solutions->valuedouble == 0)
        return 1;
    return 0;
}

/* One complete line of OUT; 0 when it is no result line. */
static int take_line(cli_resume *r, const char *line)
{
    cJSON *o = cJSON_Parse(line);
    const cJSON *index = cJSON_GetObjectItemCaseSensitive(o, "index");
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(o, "file");
    /* (a whole index in range before the cast: a double past long's range
     * cast to long is undefined) */
    int ok = cJSON_IsObject(o) && cJSON_IsNumber(index) && index->valuedouble >= 0 &&
             index->valuedouble <= 9e15 && index->valuedouble == (double)(long)index->valuedouble &&
             (!file || cJSON_IsString(file));
    done_file *f = ok ? file_of(r, file ? file->valuestring : "") : NULL;
    if (f && add_index(f, (long)index->valuedouble)) {
        int e = line_exit(o);
        if (e > r->exit_code) r->exit_code = e;
        r->results++;
    } else {
        ok = 0;
    }
    cJSON_Delete(o);
    return ok;
}

/* "rulegrid: --resume: " and the message; releases what is open; 2. */
static int fail(cli_resume *r, FILE *f, char *line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int fail(cli_resume *r, FILE *f, char *line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(stderr, "rulegrid: --resume", fmt, ap);
    va_end(ap);
    if (f) fclose(f);
    free(line);
    cli_resume_free(r);
    return 2;
}

int cli_resume_open(const char *path, cli_resume **out_r, FILE **out)
{
    cli_resume *r = calloc(1, sizeof *r);
    if (!r) return fail(NULL, NULL, NULL, "%s: out of memory", path);
    FILE *f = fopen(path, "r+");
    if (!f && errno == ENOENT) f = fopen(path, "w+");
    if (!f) return fail(r, NULL, NULL, "cannot open %s for writing: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    off_t whole = 0; /* bytes of the complete lines */
    while ((len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] != '\n') break; /* cut off by the end of the last run */
        lineno++;
        if (!take_line(r, line))
            return fail(r, f, line, "%s:%ld: not a result line of rulegrid --json", path, lineno);
        whole += len;
    }
    free(line);
    fflush(f);
    if (ftruncate(fileno(f), whole) != 0 || fseeko(f, whole, SEEK_SET) != 0)
        return fail(r, f, NULL, "cannot cut the partial last line of %s", path);
    for (int i = 0; i < r->nfiles; i++) settle(&r->files[i]);
    *out_r = r;
    *out = f;
    return 0;
}

int cli_resume_has(const cli_resume *r, const char *file, long index)
{
    const done_file *f = find_file(r, file ? file : "");
    if (!f) return 0;
    long lo = 0, hi = f->n - 1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        if (index < f->v[mid].lo)
            hi = mid - 1;
        else if (index > f->v[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int cli_resume_exit(const cli_resume *r) { return r->exit_code; }

long cli_resume_count(const cli_resume *r) { return r->results; }

void cli_resume_free(cli_resume *r)
{
    if (!r) return;
    for (int i = 0; i < r->nfiles; i++) {
        free(r->files[i].name);
        free(r->files[i].v);
    }
    free(r->files);
    free(r);
}

int cli_resume_start(int cmd, const cli_options *o, cli_resume **r, FILE **out)
{
    *r = NULL;
    if (!o->resume) return 0;
    if (!o->json)
        return cli_usage_error(cmd, "--resume needs --json (results are known by their index)");
    if (o->quiet) return cli_usage_error(cmd, "--resume writes the results: not with -q");
    return cli_resume_open(o->resume, r, out);
}

int cli_resume_finish(cli_resume *r, FILE *out, int rc)
{
    if (!r) return rc;
    cli_resume_free(r);
    if (fclose(out) != 0) {
        fputs("rulegrid: --resume: cannot write the results\n", stderr);
        return rc > 2 ? rc : 2;
    }
    return rc;
}
