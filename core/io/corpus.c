/* Corpora (format.md §2): many puzzles from a file or stream, as JSON lines
 * (each its own document) or classic text lines (the givens of one shared
 * template), read line by line with errors that name the line. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mem.h"
#include "io/text.h"
#include "model/board.h"
#include "model/model.h"
#include "model/record.h"

#define MAX_LINE ((size_t)64 << 20) /* a corpus line */

#define IN_CHUNK ((size_t)64 << 10) /* corpus read buffer */

/* Classic lines without a template are the givens of this preset. */
#define CLASSIC_PRESET "classic9"

struct rg_corpus {
    rg_registry *reg;
    FILE *fp;
    int own_fp;
    char name[256]; /* the path, for errors */
    int jsonl;
    rg_puzzle *templ; /* classic lines: holds the shared model */
    long index;       /* entry last returned, -1 before the first */
    long line;        /* lines consumed */
    /* Buffered input. */
    unsigned char *in;
    size_t in_pos, in_len;
    int at_eof;
    /* The current line: its first len bytes kept (NUL-terminated), total counted. */
    char *buf;
    size_t cap, len, total;
    int *givens;
    double max_seconds; /* rg_corpus_set_time: each entry's reading; 0 none */
};

/* Appends up to keep - len of s[0..n) to the line; counts all of it. */
static int line_append(rg_corpus *c, const unsigned char *s, size_t n, size_t keep)
{
    c->total += n;
    size_t room = c->len < keep ? keep - c->len : 0;
    size_t take = n < room ? n : room;
    if (!take) return RG_OK;
    if (c->len + take + 1 > c->cap) {
        size_t cap = c->cap ? c->cap : 256;
        while (cap < c->len + take + 1) cap *= 2;
        char *b = rg_mem_realloc(c->buf, cap);
        if (!b) return RG_E_NOMEM;
        c->buf = b;
        c->cap = cap;
    }
    memcpy(c->buf + c->len, s, take);
    c->len += take;
    c->buf[c->len] = 0;
    return RG_OK;
}

/* Reads the next line, keeping at most keep bytes of it (the rest is counted
 * and skipped). Strips the newline and one trailing '\r'. Returns 1 for a
 * line, 0 at the end, RG_E_IO or RG_E_NOMEM. */
static int read_line(rg_corpus *c, size_t keep)
{
    int any = 0;
    unsigned char last = 0;
    c->len = c->total = 0;
    if (c->buf) c->buf[0] = 0;
    for (;;) {
        if (c->in_pos == c->in_len) {
            if (c->at_eof) break;
            c->in_pos = 0;
            c->in_len = fread(c->in, 1, IN_CHUNK, c->fp);
            if (c->in_len == 0) {
                c->at_eof = 1;
                if (ferror(c->fp)) return RG_E_IO;
                break;
            }
        }
        any = 1;
        unsigned char *s = c->in + c->in_pos;
        size_t avail = c->in_len - c->in_pos;
        unsigned char *nl = memchr(s, '\n', avail);
        size_t n = nl ? (size_t)(nl - s) : avail;
        if (n) last = s[n - 1];
        if (line_append(c, s, n, keep)) return RG_E_NOMEM;
        c->in_pos += n + (nl ? 1 : 0);
        if (nl) break;
    }
    if (!any) return 0;
    if (c->total && last == '\r') {
        if (c->len == c->total) c->buf[--c->len] = 0;
        c->total--;
    }
    return 1;
}

/* The template of classic lines read without one: the preset
 * CLASSIC_PRESET, from the preset folders. */
static int classic_template(rg_registry *reg, rg_puzzle **out, rg_error *err)
{
    rg_presets *ps = NULL;
    int rc = rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, err);
    if (rc != RG_OK) return rc;
    int i = rg_presets_find(ps, CLASSIC_PRESET);
    if (i < 0) {
        rc = rg_error_set(err, RG_E_IO, NULL,
                          "classic lines need a template: no preset " CLASSIC_PRESET
                          " in the preset folders (%s)",
                          rg_presets_folders(ps)[0] ? rg_presets_folders(ps) : "none");
    } else {
        const char *doc = rg_presets_document(ps, i);
        rc = rg_puzzle_parse(reg, doc, strlen(doc), rg_presets_path(ps, i), 0, out, err);
    }
    rg_presets_free(ps);
    return rc;
}

/* Opens a corpus: .jsonl by its name (a template is then ignored), classic
 * lines otherwise, which share one model (the template's, or that of the
 * preset CLASSIC_PRESET). */
int rg_corpus_open(rg_registry *reg, const char *path, FILE *fp, const rg_puzzle *templ,
                   rg_corpus **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    const char *name = path ? path : "";
    rg_corpus *c = rg_mem_calloc(1, sizeof *c);
    if (!c) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    c->reg = reg;
    c->index = -1;
    snprintf(c->name, sizeof c->name, "%s", name);
    size_t n = strlen(name);
    c->jsonl = n >= 6 && strcmp(name + n - 6, ".jsonl") == 0;
    int rc = RG_OK;
    c->in = rg_mem_alloc(IN_CHUNK);
    if (!c->in) {
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        goto fail;
    }
    if (!c->jsonl) {
        if (templ) {
            rc = rg_record_copy(templ, NULL, &c->templ, err);
        } else {
            rc = classic_template(reg, &c->templ, err);
        }
        if (rc) goto fail;
        const rg_board *bd = rg_model_board(c->templ->model);
        c->givens = rg_mem_alloc((size_t)(bd->ncells ? bd->ncells : 1) * sizeof *c->givens);
        if (!c->givens) {
            rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            goto fail;
        }
    }
    if (fp) {
        c->fp = fp;
    } else if (strcmp(name, "-") == 0) {
        c->fp = stdin;
    } else {
        errno = 0;
        c->fp = fopen(name, "rb");
        if (!c->fp) {
            rc = rg_error_set(err, RG_E_IO, NULL, "cannot open %s: %s", name, strerror(errno));
            goto fail;
        }
        c->own_fp = 1;
    }
    *out = c;
    return RG_OK;
fail:
    rg_error_set_file(err, name);
    rg_corpus_close(c);
    return rc;
}

/* The value of a classic character: 0 empty, 1..32, or -1 for no digit. */
static int classic_value(unsigned char ch)
{
    if (ch == '.' || ch == '0') return 0;
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'W') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'w') return ch - 'a' + 10;
    return -1;
}

static const char *show_char(unsigned char ch, char *buf, size_t n)
{
    if (ch >= 33 && ch < 127)
        snprintf(buf, n, "'%c'", ch);
    else if (ch == ' ')
        snprintf(buf, n, "a space");
    else
        snprintf(buf, n, "byte 0x%02x", ch);
    return buf;
}

static int classic_line(rg_corpus *c, rg_puzzle **out, rg_error *err)
{
    const rg_board *bd = rg_model_board(c->templ->model);
    size_t need = (size_t)bd->rows * bd->cols;
    int D = bd->digits;
    char ch[32];
    if (c->len < need)
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "line too short: it has %zu character%s, but %zu cells are expected",
                            c->len, c->len == 1 ? "" : "s", need);
    for (size_t k = 0; k < need; k++) {
        unsigned char x = (unsigned char)c->buf[k];
        int v = classic_value(x);
        int cell = bd->at[k];
        if (v < 0)
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "column %zu: unexpected character %s (expected '.', '0' or a "
                                "digit 1-%c)",
                                k + 1, show_char(x, ch, sizeof ch),
                                D <= 9 ? '0' + D : 'A' + D - 10);
        if (cell < 0) {
            if (v)
                return rg_error_set(err, RG_E_FORMAT, NULL,
                                    "column %zu: r%zuc%zu does not exist on this board, so it "
                                    "must be '.' or '0', got %s",
                                    k + 1, k / bd->cols + 1, k % bd->cols + 1,
                                    show_char(x, ch, sizeof ch));
            continue;
        }
        if (v > D)
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "column %zu: digit %s (%d) is out of range for a board of %d "
                                "digits",
                                k + 1, show_char(x, ch, sizeof ch), v, D);
        c->givens[cell] = v;
    }
    return rg_record_copy(c->templ, c->givens, out, err);
}

/* Returns 1 with *out, 0 at the end, or the negated RG_E_* code with err
 * filled: RG_E_FORMAT is 1, so a positive error code would read as a puzzle. */
int rg_corpus_next(rg_corpus *c, rg_puzzle **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    *out = NULL;
    size_t keep = MAX_LINE;
    if (!c->jsonl) {
        const rg_board *bd = rg_model_board(c->templ->model);
        keep = (size_t)bd->rows * bd->cols;
    }
    for (;;) {
        rg_error_clear(err);
        double t0 = c->max_seconds > 0 ? rg_clock_now() : 0; /* the entry's reading starts */
        int rc = read_line(c, keep);
        if (rc == 0) return 0;
        if (rc != 1) {
            c->line++;
            c->index++;
            if (rc == RG_E_IO)
                rg_error_set(err, RG_E_IO, NULL, "cannot read %s: %s", c->name, strerror(errno));
            else
                rg_error_set(err, rc, NULL, "out of memory reading a line");
            rg_error_set_file(err, c->name);
            err->line = c->line;
            return -rc;
        }
        c->line++;
        if (c->len == c->total && rg_text_is_blank(c->buf ? c->buf : "", c->len)) continue;
        if (!c->jsonl && c->buf[0] == '#') continue;
        c->index++;
        if (c->total > MAX_LINE) {
            rc = rg_error_set(err, RG_E_LIMIT, NULL,
                              "line is %zu bytes long; lines longer than %zu MiB are refused",
                              c->total, MAX_LINE >> 20);
            rg_mem_free(c->buf); /* do not hold on to the largest buffer */
            c->buf = NULL;
            c->cap = c->len = 0;
        } else if (c->jsonl) {
            /* What is left of the entry's time (a moment at least: then late at once). */
            double left = c->max_seconds > 0 ? c->max_seconds - (rg_clock_now() - t0) : 0;
            if (c->max_seconds > 0 && left < 1e-9) left = 1e-9;
            rc = rg_puzzle_parse_timed(c->reg, c->buf, c->len, c->name, c->line, left, out, err);
        } else {
            rc = classic_line(c, out, err);
        }
        if (rc == RG_OK) return 1;
        rg_error_set_file(err, c->name);
        err->line = c->line;
        return -rc;
    }
}

void rg_corpus_set_time(rg_corpus *c, double max_seconds)
{
    c->max_seconds = max_seconds > 0 ? max_seconds : 0;
}

/* Index of the entry last returned, errors counted; -1 before the first. */
long rg_corpus_index(const rg_corpus *c) { return c->index; }

/* Closes the stream if it was opened here and frees the corpus. */
void rg_corpus_close(rg_corpus *c)
{
    if (!c) return;
    if (c->own_fp && c->fp) fclose(c->fp);
    rg_record_free(c->templ);
    rg_mem_free(c->in);
    rg_mem_free(c->buf);
    rg_mem_free(c->givens);
    rg_mem_free(c);
}
