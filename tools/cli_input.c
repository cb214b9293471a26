/* Inputs of the `rulegrid` command: decides whether a file or standard input
 * holds one document, a corpus, or JSON documents one a line, and hands out
 * its puzzles one at a time. Printing is elsewhere (cli_output.c). */
#define _GNU_SOURCE     /* fopencookie */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#if defined(__has_include)
#if __has_include(<stdio_ext.h>)
#include <stdio_ext.h>
#define RG_HAVE_FSETLOCKING 1
#endif
#endif

#include <cjson/cJSON.h>

#include "cli.h"

static int is_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Blank as a corpus line is blank (the library's test). */
static int rg_text_blank(const char *t, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r') return 0;
    return 1;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int fail(rg_error *err, const char *path, int code, const char *fmt, const char *arg)
{
    rg_error_clear(err);
    err->code = code;
    rg_error_set_file(err, path);
    snprintf(err->message, sizeof err->message, fmt, arg);
    return code;
}

/* Label an error from the library with the input when it did not. */
static void label(rg_error *err, const char *path, long line)
{
    if (!err->file[0]) rg_error_set_file(err, path);
    if (err->line <= 0 && line > 0) err->line = line;
    if (!err->code) err->code = RG_E_FORMAT;
}

/* Read all of fp into a NUL-terminated buffer, up to limit bytes. More
 * than that: RG_E_LIMIT, with the first limit + 1 bytes in *text (the
 * caller's to free) and fp left just after them, the rest never read. */
static int slurp(FILE *fp, size_t limit, char **text, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return RG_E_NOMEM;
    for (;;) {
        if (cap - n < 2) {
            if (n > limit) break;
            size_t want = cap * 2 > limit + 2 ? limit + 2 : cap * 2;
            char *more = realloc(buf, want);
            if (!more) {
                free(buf);
                return RG_E_NOMEM;
            }
            buf = more;
            cap = want;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (got == 0) break;
    }
    if (ferror(fp)) {
        free(buf);
        return RG_E_IO;
    }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return n > limit ? RG_E_LIMIT : RG_OK;
}

static int too_large(rg_error *err, const char *path)
{
    return fail(err, path, RG_E_LIMIT, "the document is larger than %s",
                CLI_MAX_DOCUMENT == (size_t)256 << 20 ? "256 MiB" : "its limit");
}

static const char *slurp_message(int rc)
{
    return rc == RG_E_NOMEM ? "out of memory" : "read error";
}

static const char *first_nonblank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!is_blank((unsigned char)s[i])) return s + i;
    return NULL;
}

/* Text starting with '{' is JSON documents one a line when its first value
 * is a complete object followed by another one. */
int cli_several_documents(const char *text, size_t len)
{
    const char *end = NULL;
    cJSON *first = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!first) return 0;
    int object = cJSON_IsObject(first);
    cJSON_Delete(first);
    if (!object || !end || end < text || (size_t)(end - text) > len) return 0;
    const char *rest = first_nonblank(end, len - (size_t)(end - text));
    return rest && *rest == '{';
}

/* A corpus the library reads: from path itself, or from mem (text read
 * already). */
static int open_corpus(cli_input *in, rg_registry *reg, FILE *mem, const rg_puzzle *templ,
                       rg_error *err)
{
    in->kind = CLI_CORPUS;
    int rc = rg_corpus_open(reg, in->path, mem, templ, &in->corpus, err);
    if (rc != RG_OK) label(err, in->path, 0);
    return rc;
}

/* A regular file: a corpus unless its first non-blank character is '{' or
 * its name says .json, in which case its text is read (*read set). */
static int open_file(cli_input *in, rg_registry *reg, const rg_puzzle *templ, int *read,
                     rg_error *err)
{
    const char *path = in->path;
    *read = 0;
    if (ends_with(path, ".jsonl")) return open_corpus(in, reg, NULL, templ, err);
    FILE *fp = fopen(path, "rb");
    if (!fp) return fail(err, path, RG_E_IO, "%s", strerror(errno));
    int c;
    do c = getc(fp);
    while (c != EOF && is_blank(c));
    int read_error = ferror(fp);
    if (c != '{' && !ends_with(path, ".json")) {
        fclose(fp);
        if (read_error) return fail(err, path, RG_E_IO, "%s", "read error");
        if (c == EOF) return fail(err, path, RG_E_FORMAT, "%s", "empty input: no puzzle");
        return open_corpus(in, reg, NULL, templ, err);
    }
    /* A document too large is refused before it is read. */
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && (uintmax_t)st.st_size > CLI_MAX_DOCUMENT) {
        fclose(fp);
        return too_large(err, path);
    }
    rewind(fp);
    int rc = slurp(fp, CLI_MAX_DOCUMENT, &in->text, &in->len);
    fclose(fp);
    if (rc == RG_E_LIMIT) return too_large(err, path); /* it grew meanwhile */
    if (rc != RG_OK) return fail(err, path, rc, "%s", slurp_message(rc));
    *read = 1;
    return RG_OK;
}

/* A stream over the text read so far, then the rest of the stream. */
typedef struct joined {
    const char *head;
    size_t len, pos;
    FILE *rest;
} joined;

static ssize_t joined_read(void *cookie, char *buf, size_t n)
{
    joined *j = cookie;
    if (j->pos < j->len) {
        size_t k = n < j->len - j->pos ? n : j->len - j->pos;
        memcpy(buf, j->head + j->pos, k);
        j->pos += k;
        return (ssize_t)k;
    }
    size_t got = fread(buf, 1, n, j->rest);
    return got == 0 && ferror(j->rest) ? -1 : (ssize_t)got;
}

static int joined_close(void *cookie)
{
    free(cookie);
    return 0;
}

/* Text of more than CLI_MAX_DOCUMENT bytes is one document, too large,
 * unless it is a corpus: classic lines, or a first line that is a whole
 * JSON object followed by another (only the first line is parsed). */
static int stream_is_corpus(const char *path, const char *text, size_t len)
{
    const char *first = first_nonblank(text, len);
    if (!first || *first != '{' || ends_with(path, ".jsonl")) return 1;
    size_t at = (size_t)(first - text), most = len - at;
    if (most > CLI_MAX_LINE) most = CLI_MAX_LINE;
    const char *nl = memchr(first, '\n', most), *end = NULL;
    if (!nl) return 0;
    cJSON *doc = cJSON_ParseWithLengthOpts(first, (size_t)(nl - first), &end, 0);
    int object = cJSON_IsObject(doc);
    cJSON_Delete(doc);
    if (!object || !end || end < first || end > nl) return 0;
    const char *rest = first_nonblank(end, len - (size_t)(end - text));
    return rest && *rest == '{';
}

/* Standard input, or a file that is not a regular one, cannot be read
 * twice: all of it now, up to CLI_MAX_DOCUMENT bytes. A longer one is read
 * on as a corpus, through mem, or refused as a document at once. */
static int read_stream(cli_input *in, int from_stdin, rg_error *err)
{
    FILE *fp = from_stdin ? stdin : fopen(in->path, "rb");
    if (!fp) return fail(err, in->path, RG_E_IO, "%s", strerror(errno));
    int rc = slurp(fp, CLI_MAX_DOCUMENT, &in->text, &in->len);
    if (rc == RG_E_LIMIT && !ends_with(in->path, ".json") &&
        stream_is_corpus(in->path, in->text, in->len)) {
        joined *j = malloc(sizeof *j);
        cookie_io_functions_t io = {.read = joined_read, .close = joined_close};
        if (j) *j = (joined){in->text, in->len, 0, fp};
        in->mem = j ? fopencookie(j, "r", io) : NULL;
        if (!in->mem) {
            free(j);
            if (!from_stdin) fclose(fp);
            return fail(err, in->path, RG_E_NOMEM, "%s", "out of memory");
        }
        in->stream = fp;
        in->stream_own = !from_stdin;
        return RG_OK;
    }
    if (!from_stdin) fclose(fp);
    if (rc == RG_E_LIMIT) return too_large(err, in->path);
    if (rc != RG_OK) return fail(err, in->path, rc, "%s", slurp_message(rc));
    return RG_OK;
}

/* What text in memory holds: one document, documents one a line, or
 * classic lines (read by the library through a stream over the text). */
static int sort_text(cli_input *in, rg_registry *reg, const rg_puzzle *templ, rg_error *err)
{
    const char *path = in->path;
    const char *first = first_nonblank(in->text, in->len);
    if (!first && !ends_with(path, ".json"))
        return fail(err, path, RG_E_FORMAT, "%s", "empty input: no puzzle");
    if (ends_with(path, ".json")) {
        in->kind = CLI_DOCUMENT;
        return RG_OK;
    }
    /* (Text read on past CLI_MAX_DOCUMENT bytes is a corpus: in->stream.) */
    in->kind = *first != '{' ? CLI_CORPUS
               : in->stream || ends_with(path, ".jsonl") || cli_several_documents(in->text, in->len)
                   ? CLI_LINES
                   : CLI_DOCUMENT;
    if (in->kind == CLI_DOCUMENT) return RG_OK;
    if (!in->mem && !(in->mem = fmemopen(in->text, in->len, "r")))
        return fail(err, path, RG_E_IO, "%s", strerror(errno));
    if (in->kind == CLI_LINES) return RG_OK;
    return open_corpus(in, reg, in->mem, templ, err);
}

int cli_input_open(cli_input *in, rg_registry *reg, const char *path, const rg_puzzle *templ,
                   rg_error *err)
{
    memset(in, 0, sizeof *in);
    in->path = path;
    in->index = -1;
    in->began = cli_now(); /* a document's reading begins with its text */
    rg_error_clear(err);

    int from_stdin = strcmp(path, "-") == 0, rc;
    if (!from_stdin) {
        struct stat st;
        if (stat(path, &st) != 0) return fail(err, path, RG_E_IO, "%s", strerror(errno));
        if (S_ISDIR(st.st_mode)) return fail(err, path, RG_E_IO, "%s", "is a directory");
        if (S_ISREG(st.st_mode)) {
            int read = 0;
            rc = open_file(in, reg, templ, &read, err);
            if (rc != RG_OK || !read) return rc;
            return sort_text(in, reg, templ, err);
        }
    }
    rc = read_stream(in, from_stdin, err);
    return rc != RG_OK ? rc : sort_text(in, reg, templ, err);
}

#define CHUNK ((size_t)64 << 10) /* read_line's buffer */

/* The next line of in->raw, its newline left out, into *text (grown as
 * getline's, NUL-terminated): *len bytes of it, at most hold; the rest of a
 * longer line is read and counted, never held. *total: the line's length
 * with a trailing '\r' left out, as the library measures it. 1, 0 at the
 * end, -2 when it cannot be read (err filled). */
static int read_line(cli_input *in, size_t hold, char **text, size_t *cap, size_t *len,
                     size_t *total, rg_error *err)
{
    if (!in->chunk && !(in->chunk = malloc(CHUNK)))
        return fail(err, in->path, RG_E_NOMEM, "%s", "out of memory reading a line"), -2;
    size_t kept = 0, all = 0;
    int any = 0;
    char last = 0;
    for (;;) {
        if (in->chunk_pos == in->chunk_len) {
            if (in->chunk_eof) break;
            in->chunk_pos = 0;
            in->chunk_len = fread(in->chunk, 1, CHUNK, in->raw);
            if (in->chunk_len == 0) {
                in->chunk_eof = 1;
                if (ferror(in->raw)) return fail(err, in->path, RG_E_IO, "%s", "read error"), -2;
                break;
            }
        }
        any = 1;
        const char *s = in->chunk + in->chunk_pos;
        size_t avail = in->chunk_len - in->chunk_pos;
        const char *nl = memchr(s, '\n', avail);
        size_t n = nl ? (size_t)(nl - s) : avail;
        size_t take = kept >= hold ? 0 : n < hold - kept ? n : hold - kept;
        if (kept + take + 1 > *cap || !*text) {
            size_t want = *cap > 256 ? *cap : 256;
            while (want < kept + take + 1) want *= 2;
            char *more = realloc(*text, want);
            if (!more)
                return fail(err, in->path, RG_E_NOMEM, "%s", "out of memory reading a line"), -2;
            *text = more;
            *cap = want;
        }
        memcpy(*text + kept, s, take);
        kept += take;
        all += n;
        if (n) last = s[n - 1];
        in->chunk_pos += n + (nl ? 1 : 0);
        if (nl) break;
    }
    if (!any) return 0;
    (*text)[kept] = 0;
    *len = kept;
    *total = all && last == '\r' ? all - 1 : all;
    return 1;
}

/* An entry longer than CLI_MAX_LINE, refused as the library refuses it;
 * the buffer that held its start is let go. */
static int line_too_long(cli_input *in, size_t total, char **text, size_t *cap, rg_error *err)
{
    free(*text);
    *text = NULL;
    *cap = 0;
    rg_error_clear(err);
    err->code = RG_E_LIMIT;
    rg_error_set_file(err, in->path);
    err->line = in->line;
    snprintf(err->message, sizeof err->message,
             "line is %zu bytes long; lines longer than %zu MiB are refused", total,
             CLI_MAX_LINE >> 20);
    return -1;
}

/* CLI_LINES: the next line that is not blank, as the text of a document
 * (a trailing '\r' kept); 1, 0, -1 (too long) or -2 as corpus_text. */
static int lines_text(cli_input *in, char **text, size_t *cap, size_t *len, rg_error *err)
{
    if (!in->raw) in->raw = in->mem;
    for (;;) {
        size_t n = 0, total = 0;
        int rc = read_line(in, CLI_MAX_LINE + 2, text, cap, &n, &total, err);
        if (rc <= 0) return rc;
        in->line++;
        if (total <= CLI_MAX_LINE && !first_nonblank(*text, n)) continue; /* held whole */
        in->index++;
        if (total > CLI_MAX_LINE) return line_too_long(in, total, text, cap, err);
        *len = n;
        return 1;
    }
}

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --time's seconds (0: not given). */
static double time_limit(const cli_options *o) { return o->head.given[CLI_OPT_TIME] ? o->time : 0; }

/* What a limit of `limit` seconds (0: none, then 0) leaves since `began`:
 * a moment at least. The clock is read only under a limit. */
static double remaining(double limit, double began)
{
    if (!(limit > 0)) return 0;
    double l = limit - (cli_now() - began);
    return l > 1e-6 ? l : 1e-6;
}

/* What in->time leaves of the entry's reading (0: no limit). */
static double left(const cli_input *in) { return remaining(in->time, in->began); }

double cli_time_left(const cli_options *o, double began) { return remaining(time_limit(o), began); }

void cli_input_time(cli_input *in, const cli_options *o) { in->time = time_limit(o); }

void cli_say_late(const cli_options *o, const rg_error *e)
{
    if (e->line > 0)
        cli_say("%s:%ld: unknown within the limit (time %g s): %s", e->file, e->line, o->time,
                e->message);
    else
        cli_say("%s: unknown within the limit (time %g s): %s", e->file, o->time, e->message);
}

static int next_line(cli_input *in, rg_registry *reg, rg_puzzle **out, rg_error *err)
{
    size_t n = 0;
    int rc = lines_text(in, &in->line_text, &in->line_cap, &n, err);
    if (rc != 1) return rc;
    rc = rg_puzzle_parse_timed(reg, in->line_text, n, in->path, in->line, left(in), out, err);
    if (rc == RG_OK) return 1;
    *out = NULL;
    label(err, in->path, in->line);
    return rc == RG_E_NOMEM ? -2 : -1;
}

int cli_input_next(cli_input *in, rg_registry *reg, rg_puzzle **out, rg_error *err)
{
    *out = NULL;
    rg_error_clear(err);
    if (in->done) return 0;
    if (in->kind != CLI_DOCUMENT) in->began = cli_now();
    switch (in->kind) {
    case CLI_DOCUMENT: {
        in->done = 1;
        in->index = 0;
        int rc = rg_puzzle_parse_timed(reg, in->text, in->len, in->path, 0, left(in), out, err);
        if (rc == RG_OK) return 1;
        *out = NULL;
        label(err, in->path, 0);
        return -1;
    }
    case CLI_LINES: {
        int rc = next_line(in, reg, out, err);
        if (rc == 0 || rc == -2) in->done = 1;
        return rc;
    }
    default: {
        /* The corpus returns 1, 0, or an error code; the code may come
         * negated, since RG_E_FORMAT is 1 as well. */
        rg_corpus_set_time(in->corpus, in->time);
        int rc = rg_corpus_next(in->corpus, out, err);
        if (rc == 1 && *out) {
            in->index++;
            return 1;
        }
        if (rc == 0) {
            in->done = 1;
            return 0;
        }
        if (*out) rg_puzzle_free(*out);
        *out = NULL;
        int code = rc < 0 ? -rc : err->code ? err->code : RG_E_FORMAT;
        if (!err->code) err->code = code;
        label(err, in->path, 0);
        /* An error that does not move on to a later line would repeat forever. */
        int stuck = err->line > 0 && err->line <= in->line;
        if (code == RG_E_IO || code == RG_E_NOMEM || code == RG_E_INTERNAL || stuck) {
            in->done = 1;
            return -2;
        }
        if (err->line > 0) in->line = err->line;
        in->index++;
        return -1;
    }
    }
}

/* ---- Entries as text, for other MPI ranks ------------------------------------ */

int cli_line_is_entry(const char *s, size_t n, size_t keep, int classic)
{
    if (n && s[n - 1] == '\r') n--;
    if (n <= keep && rg_text_blank(s, n)) return 0;
    return !(classic && n && s[0] == '#');
}

/* A copy of s[0..n) into *text; 1, or -2 without memory. */
static int copy_text(const char *s, size_t n, char **text, size_t *cap, size_t *len, rg_error *err)
{
    if (*cap < n + 1) {
        char *t = realloc(*text, n + 1);
        if (!t) {
            fail(err, "-", RG_E_NOMEM, "%s", "out of memory");
            return -2;
        }
        *text = t;
        *cap = n + 1;
    }
    memcpy(*text, s, n);
    (*text)[n] = 0;
    *len = n;
    return 1;
}

/* The corpus's next line that the library would read as an entry: not
 * blank (unless longer than keep, as the library sees it) and, in classic
 * lines, no '#' comment. A trailing '\r' is kept, as the library strips it. */
static int corpus_text(cli_input *in, size_t keep, char **text, size_t *cap, size_t *len,
                       rg_error *err)
{
    if (!in->raw) {
        in->raw = in->mem ? in->mem : fopen(in->path, "rb");
        if (!in->raw) return fail(err, in->path, RG_E_IO, "%s", strerror(errno)), -2;
        in->raw_own = !in->mem;
        if (in->mem && !in->stream) rewind(in->mem);
#ifdef RG_HAVE_FSETLOCKING
        /* Only the reading thread touches this stream: with workers
         * running, a lock taken and released for every line is waste. */
        __fsetlocking(in->raw, FSETLOCKING_BYCALLER);
#endif
    }
    int classic = !ends_with(in->path, ".jsonl");
    /* Of a line longer than keep, keep + 2 bytes tell all the library
     * would see: that it is no blank line (its '\r' taken off), or a
     * comment, and its first keep bytes. */
    if (!classic || keep > CLI_MAX_LINE) keep = CLI_MAX_LINE; /* keep: a classic line's */
    for (;;) {
        size_t n = 0, total = 0;
        int rc = read_line(in, keep + 2, text, cap, &n, &total, err);
        if (rc <= 0) return rc;
        in->line++;
        if (!cli_line_is_entry(*text, n, keep, classic)) continue;
        in->index++;
        if (total > CLI_MAX_LINE) return line_too_long(in, total, text, cap, err);
        *len = n;
        return 1;
    }
}

int cli_input_next_text(cli_input *in, size_t keep, char **text, size_t *cap, size_t *len,
                        long *line, rg_error *err)
{
    rg_error_clear(err);
    if (in->done) return 0;
    int rc = 0;
    if (in->kind == CLI_DOCUMENT) {
        in->done = 1;
        in->index = 0;
        *line = 0;
        return copy_text(in->text, in->len, text, cap, len, err);
    }
    if (in->kind == CLI_CORPUS)
        rc = corpus_text(in, keep, text, cap, len, err);
    else
        rc = lines_text(in, text, cap, len, err);
    if (rc == 0 || rc == -2) in->done = 1;
    *line = in->line;
    return rc;
}

int cli_classic_template(rg_registry *reg, const rg_puzzle *templ, rg_puzzle **out, rg_error *err)
{
    if (templ) return rg_puzzle_with_givens(templ, NULL, out, err);
    /* The preset a corpus of classic lines takes without a template. */
    rg_presets *ps = NULL;
    int rc = rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, err);
    if (rc != RG_OK) return rc;
    int i = rg_presets_find(ps, "classic9");
    rg_puzzle *p = NULL;
    if (i < 0) {
        rc = fail(err, "-", RG_E_IO, "%s", "no preset classic9");
    } else {
        const char *doc = rg_presets_document(ps, i);
        rc = rg_puzzle_parse(reg, doc, strlen(doc), rg_presets_path(ps, i), 0, &p, err);
    }
    rg_presets_free(ps);
    if (rc == RG_OK) rc = rg_puzzle_with_givens(p, NULL, out, err);
    rg_puzzle_free(p);
    return rc;
}

void cli_input_close(cli_input *in)
{
    if (in->raw && in->raw_own) fclose(in->raw);
    if (in->corpus) rg_corpus_close(in->corpus);
    if (in->mem) fclose(in->mem);
    if (in->stream && in->stream_own) fclose(in->stream);
    free(in->chunk);
    free(in->line_text);
    free(in->text);
    memset(in, 0, sizeof *in);
}

/* ---- Estimates for the progress line -------------------------------------------- */

/* Counts the lines of s that are neither blank nor comments; *at_start: no
 * character but blanks seen yet on the current line (carried over chunks). */
static long count_entries(const char *s, size_t n, int *at_start)
{
    long count = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n') {
            *at_start = 1;
        } else if (*at_start && !is_blank((unsigned char)s[i])) {
            *at_start = 0;
            if (s[i] != '#') count++;
        }
    }
    return count;
}

long cli_input_estimate(const char *path)
{
    if (strcmp(path, "-") == 0) return 0;
    if (ends_with(path, ".json")) return 1;
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    /* Text starting with '{' may be one document over many lines: unknown. */
    int lines = ends_with(path, ".jsonl"), first = 0;
    char buf[1 << 16];
    long count = 0;
    int at_start = 1;
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, fp)) > 0) {
        const char *c = first ? NULL : first_nonblank(buf, got);
        if (c) first = (unsigned char)*c;
        if (first == '{' && !lines) break;
        count += count_entries(buf, got, &at_start);
    }
    fclose(fp);
    return first == '{' && !lines ? 0 : count;
}

long cli_input_estimate_open(const cli_input *in)
{
    if (in->kind == CLI_DOCUMENT) return 1;
    if (in->stream) return 0; /* only its start is known */
    int at_start = 1;
    return in->text ? count_entries(in->text, in->len, &at_start) : 0;
}

/* ---- Shared by the commands ------------------------------------------------- */

int cli_read_all(const char *path, char **text, size_t *len, rg_error *err)
{
    *text = NULL;
    *len = 0;
    rg_error_clear(err);
    int from_stdin = strcmp(path, "-") == 0;
    if (!from_stdin) {
        struct stat st;
        if (stat(path, &st) != 0) return fail(err, path, RG_E_IO, "%s", strerror(errno));
        if (S_ISDIR(st.st_mode)) return fail(err, path, RG_E_IO, "%s", "is a directory");
    }
    FILE *fp = from_stdin ? stdin : fopen(path, "rb");
    if (!fp) return fail(err, path, RG_E_IO, "%s", strerror(errno));
    /* A document's limit (not for .jsonl, which fmt reads whole). */
    size_t limit = ends_with(path, ".jsonl") ? (size_t)-1 / 2 : CLI_MAX_DOCUMENT;
    struct stat st;
    int rc = !from_stdin && fstat(fileno(fp), &st) == 0 && (uintmax_t)st.st_size > limit
                 ? RG_E_LIMIT
                 : slurp(fp, limit, text, len);
    if (!from_stdin) fclose(fp);
    if (rc == RG_E_LIMIT) {
        free(*text);
        *text = NULL;
        *len = 0;
        return too_large(err, path);
    }
    if (rc != RG_OK) return fail(err, path, rc, "%s", slurp_message(rc));
    return RG_OK;
}

char *cli_strf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = say_vformat(fmt, ap);
    va_end(ap);
    return s;
}

void cli_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(stderr, "rulegrid", fmt, ap);
    va_end(ap);
}

void cli_print_error(const rg_registry *reg, rg_error *e) { cli_print_error_to(stderr, reg, e); }

void cli_print_error_to(FILE *f, const rg_registry *reg, rg_error *e)
{
    /* An unknown type names the folders searched, so the user knows where a
     * plugin was looked for. */
    const char *folders = reg ? rg_registry_folders(reg) : NULL;
    if (e->rule >= 0 && strcmp(e->field, "type") == 0 &&
        strncmp(e->message, "unknown rule type", 17) == 0 && folders && folders[0] &&
        !strstr(e->message, folders)) {
        size_t n = strlen(e->message);
        snprintf(e->message + n, sizeof e->message - n, " (plugin folders searched: %s)", folders);
    }
    char buf[1024];
    rg_error_format(e, buf, sizeof buf);
    if (f == stderr) fflush(stdout); /* after the results printed so far (say_v) */
    fprintf(f, "rulegrid: %s\n", buf);
}

void cli_warn_skipped(const rg_registry *reg)
{
    for (int i = 0, n = rg_registry_skipped_count(reg); i < n; i++) {
        const char *file = NULL, *why = NULL;
        rg_registry_skipped(reg, i, &file, &why);
        cli_say("warning: %s: skipped: %s", file, why);
    }
}

rg_registry *cli_load_registry(const char *const *dirs)
{
    rg_error err;
    rg_error_clear(&err);
    rg_registry *reg = rg_registry_new();
    if (!reg) {
        fputs("rulegrid: out of memory\n", stderr);
        return NULL;
    }
    if (rg_registry_load_default(reg, dirs, rg_builtin_plugin_dir(), &err) != RG_OK) {
        cli_warn_skipped(reg);
        cli_print_error(reg, &err);
        rg_registry_free(reg);
        return NULL;
    }
    cli_warn_skipped(reg);
    return reg;
}

int cli_read_template(rg_registry *reg, const char *path, rg_puzzle **out)
{
    cli_input in;
    rg_error err;
    rg_puzzle *p = NULL;
    *out = NULL;
    int rc = cli_input_open(&in, reg, path, NULL, &err);
    if (rc == RG_OK) {
        if (in.kind != CLI_DOCUMENT) {
            rg_error_clear(&err);
            rg_error_set_file(&err, path);
            snprintf(err.message, sizeof err.message,
                     "a template must be one JSON document (not a corpus)");
            rc = RG_E_FORMAT;
        } else if (cli_input_next(&in, reg, &p, &err) != 1) {
            rc = err.code ? err.code : RG_E_FORMAT;
        }
    }
    cli_input_close(&in);
    if (rc != RG_OK) {
        fputs("rulegrid: --template: ", stderr);
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
        rg_puzzle_free(p);
        return 2;
    }
    *out = p;
    return 0;
}
