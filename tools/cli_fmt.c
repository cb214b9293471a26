/* `rulegrid fmt` (documents rewritten in canonical form, format.md §7) and
 * `rulegrid convert` (classic lines, f-puzzles strings <-> JSON). The
 * writing is the library's rg_puzzle_write, the f-puzzles mapping
 * fpz_read.c's and fpz_write.c's; this file reads, compares and places
 * files. */
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fpuzzles.h"
#include "say.h"

enum { EXIT_OK = 0, EXIT_DIFFERS = 1, EXIT_BAD = 2 };
/* How an input holds its puzzles. */
enum { IN_DOCUMENT, IN_JSON_LINES, IN_CLASSIC };

typedef struct ctx {
    const cli_options *o;
    opts_list files; /* the inputs; standard input when none is named */
    int to;          /* convert: CLI_TO_* */
    rg_registry *reg;
    rg_puzzle *templ;
    char *templ_rules;   /* canonical board and rules of the template (convert --to lines) */
    char *classic_rules; /* the same for a classic 9 x 9 */
    FILE *out;
    long written; /* puzzles written (convert) */
    int refused;  /* convert --to json: the input holds more than one puzzle */
    int status;
} ctx;

static void raise_status(ctx *c, int s)
{
    if (s > c->status) c->status = s;
}

/* ---- Text --------------------------------------------------------------------- */

typedef struct text {
    char *s;
    size_t n, cap;
} text;

static int text_put(text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->n + n + 1) cap *= 2;
        char *s2 = realloc(t->s, cap);
        if (!s2) return -1;
        t->s = s2;
        t->cap = cap;
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = 0;
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n') return 0;
    return 1;
}

/* What the text of path holds, by the rules of docs/cli.md (Inputs). */
static int input_kind(const char *path, const char *s, size_t n)
{
    if (ends_with(path, ".jsonl")) return IN_JSON_LINES;
    if (ends_with(path, ".json")) return IN_DOCUMENT;
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
    if (i == n || s[i] != '{') return IN_CLASSIC;
    return cli_several_documents(s, n) ? IN_JSON_LINES : IN_DOCUMENT;
}

static void report(ctx *c, rg_error *e)
{
    cli_print_error(c->reg, e);
    raise_status(c, EXIT_BAD);
}

/* All of path, its length into *n; NULL after reporting e when it cannot be read. */
static char *read_input(ctx *c, const char *path, size_t *n, rg_error *e)
{
    char *s = NULL;
    if (cli_read_all(path, &s, n, e) != RG_OK) {
        report(c, e);
        return NULL;
    }
    return s;
}

static void report_text(ctx *c, const char *file, long line, const char *msg)
{
    rg_error e;
    rg_error_clear(&e);
    e.code = RG_E_FORMAT;
    rg_error_set_file(&e, file);
    e.line = line;
    snprintf(e.message, sizeof e.message, "%s", msg);
    report(c, &e);
}

/* The canonical text of p in flags; NULL after reporting. */
static char *write_puzzle(ctx *c, const rg_puzzle *p, unsigned flags, const char *file, long line)
{
    rg_error e;
    if (c->o->no_solution) flags |= RG_WRITE_NO_SOLUTION;
    char *s = rg_puzzle_write(p, flags, &e);
    if (!s) {
        rg_error_set_file(&e, file);
        e.line = line;
        report(c, &e);
    }
    return s;
}

/* Replaces path by t atomically: a temporary file in the same folder, then
 * rename; the file keeps its permissions. A symbolic link stays one: the
 * file it leads to is the one replaced. */
static int replace_file(ctx *c, const char *path, const text *t)
{
    char real[PATH_MAX], tmp[PATH_MAX + 16];
    const char *shown = path;
    if (realpath(path, real)) path = real;
    int k = snprintf(tmp, sizeof tmp, "%s.fmt-XXXXXX", path);
    if (k < 0 || (size_t)k >= sizeof tmp) {
        report_text(c, shown, 0, "path too long for a temporary file");
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        report_text(c, shown, 0, strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(path, &st) == 0) fchmod(fd, st.st_mode & 07777);
    FILE *f = fdopen(fd, "wb");
    int ok = f && fwrite(t->s, 1, t->n, f) == t->n;
    if (f)
        ok = (fclose(f) == 0) && ok;
    else
        close(fd);
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        report_text(c, shown, 0, strerror(e));
        return -1;
    }
    return 0;
}

/* ---- fmt ---------------------------------------------------------------------- */

static void not_canonical(const char *path, long line)
{
    if (line > 0)
        say_line(stdout, "%s:%ld", path, line);
    else
        say_line(stdout, "%s", path);
}

/* The line of s (n bytes) starting at *pos, without its newline: its
 * length goes to *len and *pos moves past the newline. */
static const char *next_line(const char *s, size_t n, size_t *pos, size_t *len)
{
    const char *l = s + *pos;
    const char *nl = memchr(l, '\n', n - *pos);
    *len = nl ? (size_t)(nl - l) : n - *pos;
    *pos += *len + (nl ? 1 : 0);
    return l;
}

/* One document a line: each written on one line, blank lines dropped. Sets
 * *bad when a line could not be read; lists lines that differ when listing. */
static int fmt_lines(ctx *c, const char *path, const char *s, size_t n, text *out, int *bad,
                     int listing)
{
    long line = 0;
    int listed = 0;
    for (size_t pos = 0, len; pos < n;) {
        const char *l = next_line(s, n, &pos, &len);
        line++;
        if (blank(l, len)) {
            if (listing) not_canonical(path, line);
            listed = 1;
            continue;
        }
        rg_puzzle *p = NULL;
        rg_error e;
        if (rg_puzzle_parse(c->reg, l, len, path, line, &p, &e) != RG_OK) {
            report(c, &e);
            *bad = 1;
            continue;
        }
        char *w = write_puzzle(c, p, RG_WRITE_LINE, path, line);
        rg_puzzle_free(p);
        if (!w) {
            *bad = 1;
            continue;
        }
        size_t wn = strlen(w);
        if (wn != len || memcmp(w, l, len) != 0) {
            if (listing) not_canonical(path, line);
            listed = 1;
        }
        int rc = text_put(out, w, wn) || text_put(out, "\n", 1);
        rg_string_free(w);
        if (rc) return -1;
    }
    return listed;
}

static void fmt_file(ctx *c, const char *path)
{
    size_t n = 0;
    rg_error e;
    char *s = read_input(c, path, &n, &e);
    if (!s) return;
    text out = {0};
    int bad = 0, oom = 0, listed = 0, kind = input_kind(path, s, n);
    if (kind == IN_CLASSIC) {
        report_text(c, path, 0,
                    blank(s, n) ? "empty input: no document"
                                : "classic lines are not JSON documents: use rulegrid convert "
                                  "--to jsonl to turn them into documents");
        free(s);
        return;
    }
    if (kind == IN_JSON_LINES) {
        listed = fmt_lines(c, path, s, n, &out, &bad, c->o->check);
        if (listed < 0) oom = 1;
    } else {
        rg_puzzle *p = NULL;
        if (rg_puzzle_parse(c->reg, s, n, path, 0, &p, &e) != RG_OK) {
            report(c, &e);
            bad = 1;
        } else {
            char *w = write_puzzle(c, p, c->o->line ? RG_WRITE_LINE : RG_WRITE_PRETTY, path, 0);
            rg_puzzle_free(p);
            if (!w)
                bad = 1;
            else if (text_put(&out, w, strlen(w)) || text_put(&out, "\n", 1))
                oom = 1;
            rg_string_free(w);
        }
    }
    if (oom) report_text(c, path, 0, "out of memory");
    int same = out.n == n && (n == 0 || memcmp(out.s, s, n) == 0);
    if (c->o->check) {
        /* Differences in the lines read are listed with their line; others
         * (a missing last newline, say) name the file. */
        if (!same && !bad && !oom && listed == 0) not_canonical(path, 0);
        if (!same || listed > 0) raise_status(c, EXIT_DIFFERS);
    } else if (!bad && !oom) {
        if (c->o->write) {
            if (!same) replace_file(c, path, &out);
        } else if (out.n) {
            fwrite(out.s, 1, out.n, stdout);
        }
    }
    free(out.s);
    free(s);
}

/* ---- The commands' options and entries ---------------------------------------- */

/* The inputs (standard input when none is named) and what fmt's and
 * convert's options may not say together. -1 to go on, else the status. */
static int check_options(ctx *c, int cmd)
{
    static const char *const stdin_only[] = {"-", NULL};
    const cli_options *o = c->o;
    if (cmd == CLI_CONVERT && !o->head.given[CLI_OPT_TO]) {
        char forms[256];
        size_t k = 0;
        for (int i = 0; i < CLI_FORM_COUNT; i++)
            k += (size_t)snprintf(forms + k, sizeof forms - k, "%s--to %s",
                                  i == 0                   ? ""
                                  : i + 1 < CLI_FORM_COUNT ? ", "
                                                           : " or ",
                                  cli_forms.name(i));
        return cli_usage_error(cmd, "convert needs %s", forms);
    }
    c->to = o->to;
    c->files = o->head.operands;
    if (c->files.n == 0) c->files = (opts_list){(const char **)stdin_only, 1};
    if (o->write && o->check)
        return cli_usage_error(cmd, "-w and --check do not go together (--check writes nothing)");
    for (int i = 0; o->write && i < c->files.n; i++)
        if (!strcmp(c->files.v[i], "-"))
            return cli_usage_error(cmd, "-w rewrites files: it cannot rewrite standard input");
    return -1;
}

static void ctx_free(ctx *c)
{
    rg_puzzle_free(c->templ);
    rg_string_free(c->templ_rules);
    rg_string_free(c->classic_rules);
    if (c->reg) rg_registry_free(c->reg);
}

int cli_fmt_main(int cmd, const cli_options *o)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    int rc = check_options(&c, cmd);
    if (rc < 0 && !(c.reg = cli_load_registry(o->plugins.v))) rc = EXIT_BAD;
    if (rc < 0) {
        for (int i = 0; i < c.files.n; i++) {
            fmt_file(&c, c.files.v[i]);
            fflush(stdout);
        }
        rc = c.status;
    }
    ctx_free(&c);
    return rc;
}

/* ---- convert ------------------------------------------------------------------ */

/* The canonical text of p's board and rules alone (no givens, solution, meta). */
static char *rules_text(const rg_puzzle *p, rg_error *e)
{
    rg_puzzle *bare = NULL;
    if (rg_puzzle_with_givens(p, NULL, &bare, e) != RG_OK) return NULL;
    char *s = rg_puzzle_write(bare, RG_WRITE_LINE | RG_WRITE_NO_SOLUTION, e);
    rg_puzzle_free(bare);
    return s;
}

/* A classic line of p's givens, after checking that the line and the rules
 * it is read with (the template, or the classic 9 x 9) make the puzzle. */
static void emit_line(ctx *c, const rg_puzzle *p, const char *file, long line)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p), D = rg_puzzle_digits(p);
    char msg[512];
    if (rows != cols || D > 9 || rg_puzzle_cells(p) != rows * cols) {
        snprintf(msg, sizeof msg,
                 "a classic line holds a square board of at most 9 digits whose cells all "
                 "exist; this board is %d x %d with %d digits%s",
                 rows, cols, D, rg_puzzle_cells(p) != rows * cols ? " and missing cells" : "");
        report_text(c, file, line, msg);
        return;
    }
    rg_error e;
    char *mine = rules_text(p, &e);
    if (!mine) {
        rg_error_set_file(&e, file);
        e.line = line;
        report(c, &e);
        return;
    }
    const char *want = c->templ ? c->templ_rules : c->classic_rules;
    if (strcmp(mine, want) != 0) {
        if (c->templ)
            snprintf(msg, sizeof msg,
                     "the board and rules differ from those of the template %s: a line of "
                     "givens would be read as another puzzle",
                     c->o->templ);
        else
            snprintf(msg, sizeof msg,
                     "the rules are not those of a classic 9 x 9 sudoku: give --template FILE "
                     "holding this board and these rules to write its givens as lines");
        report_text(c, file, line, msg);
        rg_string_free(mine);
        return;
    }
    rg_string_free(mine);
    const int *g = rg_puzzle_givens(p);
    for (int k = 0; k < rows * cols; k++) fputc(g[k] ? '0' + g[k] : '.', c->out);
    fputc('\n', c->out);
    c->written++;
}

/* An f-puzzles string of p, on a line. */
static void emit_fpuzzles(ctx *c, const rg_puzzle *p, const char *file, long line)
{
    rg_error e;
    char *s = fpz_write(p, &e);
    if (!s) {
        rg_error_set_file(&e, file);
        e.line = line;
        report(c, &e);
        return;
    }
    fputs(s, c->out);
    fputc('\n', c->out);
    free(s);
    c->written++;
}

static void emit(ctx *c, const rg_puzzle *p, const char *file, long line)
{
    if (c->to == CLI_TO_LINES) {
        emit_line(c, p, file, line);
        return;
    }
    if (c->to == CLI_TO_JSON && c->written > 0) {
        /* Said once; the inputs are not read any further. */
        c->refused = 1;
        report_text(c, file, line,
                    "--to json writes one document, and the input holds more than one puzzle "
                    "(use --to jsonl)");
        return;
    }
    if (c->to == CLI_TO_FPUZZLES) {
        emit_fpuzzles(c, p, file, line);
        return;
    }
    char *s =
        write_puzzle(c, p, c->to == CLI_TO_JSONL ? RG_WRITE_LINE : RG_WRITE_PRETTY, file, line);
    if (!s) return;
    fputs(s, c->out);
    fputc('\n', c->out);
    rg_string_free(s);
    c->written++;
}

/* A JSON document a line: each read and converted. */
static void convert_lines(ctx *c, const char *path, const char *s, size_t n)
{
    long line = 0;
    rg_error e;
    for (size_t pos = 0, len; pos < n && !c->refused;) {
        const char *l = next_line(s, n, &pos, &len);
        line++;
        if (blank(l, len)) continue;
        rg_puzzle *p = NULL;
        if (rg_puzzle_parse(c->reg, l, len, path, line, &p, &e) != RG_OK)
            report(c, &e);
        else
            emit(c, p, path, line);
        rg_puzzle_free(p);
    }
}

/* Classic lines: the library reads them (with the template's rules). */
static void convert_classic(ctx *c, const char *path, char *s, size_t n)
{
    FILE *mem = fmemopen(s, n ? n : 1, "r");
    rg_corpus *corpus = NULL;
    rg_error e;
    if (!mem || blank(s, n)) {
        report_text(c, path, 0, mem ? "empty input: no puzzle" : strerror(errno));
    } else if (rg_corpus_open(c->reg, path, mem, c->templ, &corpus, &e) != RG_OK) {
        report(c, &e);
    } else {
        while (!c->refused) {
            rg_puzzle *p = NULL;
            int rc = rg_corpus_next(corpus, &p, &e);
            if (rc == 0) break;
            if (rc < 0) {
                report(c, &e);
                if (e.code == RG_E_IO || e.code == RG_E_NOMEM) break;
                continue;
            }
            emit(c, p, path, 0);
            rg_puzzle_free(p);
        }
        rg_corpus_close(corpus);
    }
    if (mem) fclose(mem);
}

/* f-puzzles strings or links, one a line: each read into a document. */
static void convert_fpuzzles(ctx *c, const char *path, const char *s, size_t n)
{
    long line = 0;
    int any = 0;
    rg_error e;
    for (size_t pos = 0, len; pos < n && !c->refused;) {
        const char *l = next_line(s, n, &pos, &len);
        line++;
        if (blank(l, len)) continue;
        any = 1;
        rg_puzzle *p = NULL;
        rg_error_clear(&e);
        int rc = fpz_parse(c->reg, l, len, path, line, &p, NULL, &e);
        if (rc != RG_OK) {
            rg_error_set_file(&e, path);
            e.line = line;
            report(c, &e);
        } else {
            emit(c, p, path, line);
        }
        rg_puzzle_free(p);
    }
    if (!any) report_text(c, path, 0, "empty input: no f-puzzles string");
}

static void convert_file(ctx *c, const char *path)
{
    size_t n = 0;
    rg_error e;
    char *s = read_input(c, path, &n, &e);
    if (!s) return;
    int kind = input_kind(path, s, n);
    if (c->o->head.given[CLI_OPT_FROM]) {
        convert_fpuzzles(c, path, s, n);
    } else if (kind == IN_DOCUMENT) {
        rg_puzzle *p = NULL;
        if (rg_puzzle_parse(c->reg, s, n, path, 0, &p, &e) != RG_OK)
            report(c, &e);
        else
            emit(c, p, path, 0);
        rg_puzzle_free(p);
    } else if (kind == IN_JSON_LINES) {
        convert_lines(c, path, s, n);
    } else {
        convert_classic(c, path, s, n);
    }
    free(s);
}

/* The template document (its givens are ignored). 0, or EXIT_BAD after
 * reporting. */
static int read_template(ctx *c)
{
    char *s = NULL;
    size_t n = 0;
    rg_error e;
    int rc = cli_read_all(c->o->templ, &s, &n, &e);
    if (rc == RG_OK) rc = rg_puzzle_parse(c->reg, s, n, c->o->templ, 0, &c->templ, &e);
    if (rc == RG_OK && !(c->templ_rules = rules_text(c->templ, &e))) rc = e.code;
    free(s);
    if (rc != RG_OK) {
        fputs("rulegrid: --template: ", stderr);
        char buf[1024];
        rg_error_format(&e, buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
        return EXIT_BAD;
    }
    return 0;
}

static int classic_rules(ctx *c)
{
    static const char doc[] =
        "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, \"columns\": 9, "
        "\"digits\": 9}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": "
        "[3, 3]}]}";
    rg_puzzle *p = NULL;
    rg_error e;
    if (rg_puzzle_parse(c->reg, doc, sizeof doc - 1, "classic 9x9 rules", 0, &p, &e) != RG_OK ||
        !(c->classic_rules = rules_text(p, &e))) {
        rg_puzzle_free(p);
        cli_print_error(c->reg, &e);
        return EXIT_BAD;
    }
    rg_puzzle_free(p);
    return 0;
}

/* Standard output, or -o FILE written through a temporary file next to it
 * (tmp) and renamed at the end: a reader of the output never sees half of
 * it. 0, or EXIT_BAD once said why. */
static int open_output(ctx *c, char *tmp, size_t n)
{
    const char *path = c->o->output;
    c->out = stdout;
    if (!path || strcmp(path, "-") == 0) return 0;
    int k = snprintf(tmp, n, "%s.convert-XXXXXX", path);
    int fd = k > 0 && (size_t)k < n ? mkstemp(tmp) : -1;
    if (fd >= 0) {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    c->out = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (c->out) return 0;
    cli_say("-o %s: %s", path, strerror(errno));
    if (fd >= 0) close(fd);
    tmp[0] = 0;
    return EXIT_BAD;
}

static int close_output(ctx *c, const char *tmp)
{
    if (c->out == stdout) return 0;
    int ok = fclose(c->out) == 0;
    if (ok && rename(tmp, c->o->output) == 0) return 0;
    cli_say("-o %s: %s", c->o->output, strerror(errno));
    unlink(tmp);
    return EXIT_BAD;
}

int cli_convert_main(int cmd, const cli_options *o)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    char tmp[4096] = "";
    int rc = check_options(&c, cmd);
    if (rc < 0 && !(c.reg = cli_load_registry(o->plugins.v))) rc = EXIT_BAD;
    if (rc < 0 && o->templ && read_template(&c)) rc = EXIT_BAD;
    if (rc < 0 && c.to == CLI_TO_LINES && !c.templ && classic_rules(&c)) rc = EXIT_BAD;
    if (rc < 0 && open_output(&c, tmp, sizeof tmp)) rc = EXIT_BAD;
    if (rc < 0) {
        for (int i = 0; i < c.files.n && !c.refused; i++) convert_file(&c, c.files.v[i]);
        rc = close_output(&c, tmp) ? EXIT_BAD : c.status;
    }
    ctx_free(&c);
    return rc;
}
